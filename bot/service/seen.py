"""What this process last saw of its games, so that reading a game that has not changed costs one
small query instead of loading it.

A game's ``version`` moves with every committed change of its row or of its seats (see
``bot/store/models.py``), so a table read at version v is still the game while the stored version
is v: a read asks for the version alone and takes the kept table when it matches. Tables are kept
only after their unit of work committed (a version that never committed could be taken by another
process's commit). A reader gets a shallow copy: replacing one of its fields leaves the kept table
as it was (fields are replaced, never edited in place).

The messages the bot edits in place (the table message, the DM prompts) are kept per game as well.
A button press that names an action may resolve it on the kept table without asking the version
(``TableService.table_for_button``): the action's own unit checks the button's prompt sequence
under the game's lock, and a seat's sequence moves whenever its menu changes, so a button whose
sequence is still the seat's means the same action at every version that shows it.

Only this process's own units change a kept table; when a read finds a version it did not keep
(another process, or a unit that does not keep its tables), the game's messages are read again,
since the process that made that change may have posted new ones. The message ids are small and
outlive their table: they carry the version they are known true at, so a game whose table went
out of the keep (a busy process with many games) is read again without its messages.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from typing import TypeVar

from bot.service.notices import Table
from bot.store.models import LOBBY, RUNNING

Ref = tuple[int, int] | None  # (channel id, message id); None: known to be absent
V = TypeVar("V")


class _Refs(dict[tuple[str, int], Ref]):
    """A game's message ids by (kind, user id), true at ``version`` (None: not known yet)."""

    version: int | None = None


class Seen:
    def __init__(self, keep: int = 256, keep_refs: int = 4096) -> None:
        self.keep = keep  # games whose tables are kept (the least recently used go first)
        self.keep_refs = keep_refs  # games whose message ids are kept
        self._tables: OrderedDict[int, Table] = OrderedDict()
        self._refs: OrderedDict[int, _Refs] = OrderedDict()
        self._channels: dict[int, int] = {}  # channel id -> the game last kept there

    def table(self, game_id: int, version: int) -> Table | None:
        """The kept table of the game at ``version``, if that is the one kept."""
        kept = self._tables.get(game_id)
        if kept is None or kept.version != version:
            return None
        self._tables.move_to_end(game_id)
        return copy.copy(kept)

    def latest(self, game_id: int) -> Table | None:
        """The kept table of the game at whatever version it was kept: maybe no longer the game."""
        kept = self._tables.get(game_id)
        return copy.copy(kept) if kept is not None else None

    def latest_in(self, channel_id: int) -> Table | None:
        """The kept table of the channel's game, unasked as ``latest``."""
        game_id = self._channels.get(channel_id)
        kept = self._tables.get(game_id) if game_id is not None else None
        return copy.copy(kept) if kept is not None and kept.channel_id == channel_id else None

    def loaded(self, table: Table) -> None:
        """A table read whole from the database: its game may have changed elsewhere."""
        refs = self._refs.get(table.game_id)
        if refs is not None and refs.version != table.version:
            del self._refs[table.game_id]  # changed by someone else: their messages are read again
        self.changed(table)

    def changed(self, table: Table) -> None:
        """A table this process's committed unit of work made: its messages are as they were. Only
        lobbies and running games are kept: a game that ended is read rarely, and must leave no
        memory behind."""
        if table.status in (LOBBY, RUNNING):
            self._put(self._tables, table.game_id, copy.copy(table), self.keep)
            self._channels[table.channel_id] = table.game_id
            self._refs_of(table.game_id).version = table.version
            return
        self._tables.pop(table.game_id, None)
        refs = self._refs.get(table.game_id)
        if refs:  # messages the bot is still to edit (``forget`` when it is done with the game)
            refs.version = table.version
        elif refs is not None:
            del self._refs[table.game_id]

    def forget_table(self, game_id: int) -> None:
        """The kept table is no longer the game (its messages may still be)."""
        self._tables.pop(game_id, None)

    def forget(self, game_id: int) -> None:
        """The game ended and the bot is done with it (its messages too)."""
        self._tables.pop(game_id, None)
        self._refs.pop(game_id, None)

    def ref(self, game_id: int, kind: str, user_id: int) -> tuple[bool, Ref]:
        """(known, ref) of one of the game's messages."""
        refs = self._refs.get(game_id)
        if refs is None or (kind, user_id) not in refs:
            return False, None
        return True, refs[(kind, user_id)]

    def keep_ref(self, game_id: int, kind: str, user_id: int, ref: Ref) -> None:
        self._refs_of(game_id)[(kind, user_id)] = ref

    def _refs_of(self, game_id: int) -> _Refs:
        refs = self._refs.get(game_id)
        if refs is None:
            refs = _Refs()
            kept = self._tables.get(game_id)
            refs.version = kept.version if kept is not None else None
            self._put(self._refs, game_id, refs, self.keep_refs)
        else:
            self._refs.move_to_end(game_id)
        return refs

    def _put(self, store: OrderedDict[int, V], game_id: int, value: V, keep: int) -> None:
        store[game_id] = value
        store.move_to_end(game_id)
        while len(store) > keep:
            store.popitem(last=False)
        if len(self._channels) > 2 * self.keep:  # channels whose games are no longer kept
            self._channels = {c: g for c, g in self._channels.items() if g in self._tables}

"""Between Discord and the table service: presses, private views, and telling the table.

Cogs and components stay thin and call in here. Messages go out only after the service has
committed the change they describe.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.chat import render
from bot.chat.activity_button import board_items, replay_link
from bot.chat.components import HandButton, VoteButton
from bot.chat.i18n import lang_of, t
from bot.chat.visibility import Visibility, at_table, in_own_dm, in_private
from bot.service import menus
from bot.service.clock import EXPIRE
from bot.service.errors import ServiceError
from bot.service.notices import Alarm, Outcome, Table, Voted
from bot.service.pictures import Pictures
from bot.service.preferences import Preferences
from bot.service.records import Records
from bot.service.replays import Replays
from bot.service.tables import TableService
from bot.service.taking_back import label as label_of
from bot.store.models import RUNNING
from games import registry

if TYPE_CHECKING:
    from bot.chat.app import Speltafel

log = logging.getLogger(__name__)


def refusal_text(err: ServiceError, lang: str) -> str:
    """The refusal in the reader's language; a game's own refusal names its rule."""
    params = dict(err.params)
    refusal = params.get("refusal")
    if err.code == "illegal" and refusal is not None and params.get("game_key"):
        described = registry.get(params["game_key"]).describe_refusal(refusal, lang)  # type: ignore[attr-defined]
        if described:
            params["reason"] = described
    return t(err.code, lang, **params)[:2000]  # whatever it quotes, a refusal fits one message


#: Discord's "Cannot send messages to this user" (DMs closed or blocked).
CANNOT_DM = 50007
#: Seconds an answer may take (its picture drawn, a `/play` applied) before the interaction is
#: acknowledged first, which costs a second request (Discord allows three seconds).
ANSWER_WAIT = 2.0
#: Seconds the table message may wait while the one who just acted goes on deciding (their next
#: step is in front of them): a turn of several actions is one edit when it hands over.
TABLE_HOLD = 10.0
#: The play-by-play is written to the log thread once this many characters have gathered (and at
#: the end): a few posts a game instead of one per action. A batch is one embed, whose text may be
#: twice as long as a message's, so a game's log takes half the posts.
LOG_BATCH = 3500
LOG_POST = 4000  # characters of one log post (an embed description holds 4,096)
#: The log thread opens only once the play-by-play outgrows this many characters: a shorter game
#: (most games of Battles & Builders and War Chest) keeps its whole log for its result post, as a
#: text file, and opens no thread (and no "started a thread" line in the channel) at all.
LOG_OPEN = 8000
#: Seconds before a refused DM (DMs closed) is tried again: until then the channel calls them
#: without a DM that would be refused anyway (each refusal is a 403, which Discord counts among the
#: invalid requests that get a bot's address shut out for a while when there are too many).
DM_RETRY = 600.0
#: What became of a DM prompt (see Controller.send_prompt).
SENT, TOLD, CLOSED = "sent", "told", "closed"


def time_up_text(table: Table, seat: int, lang: str, mention: str) -> str:
    """“Time is up” naming the buttons the table message shows for the seat: the vote on it, or
    (when earlier votes fill the row) that the vote comes later."""
    shown = any(
        isinstance(item, VoteButton) and item.seat == seat and item.choice == "sb"
        for item in render.clock_items(table, lang)
    )
    if not shown:
        return t("time_up_queued", lang, mention=mention, name=table.seats[seat].name)
    stand_in = t("vote_stand_in", lang, name=table.seats[seat].name)
    return t("time_up", lang, mention=mention, stand_in=stand_in, end=t("vote_end", lang))


@dataclass
class Owed:
    """What could not be sent for a game: calls to the table and DM prompts (the table message and
    the log thread are redrawn from the stored log with the next change)."""

    calls: set[int] = field(default_factory=set)
    prompts: set[int] = field(default_factory=set)


def stamp(when: datetime) -> str:
    """A Discord timestamp that every reader sees in their own time zone, relative ("in 3 hours")."""
    return f"<t:{int(when.replace(tzinfo=UTC).timestamp())}:R>"


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    base = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{base}/{message_id}" if message_id else base


class Controller:
    def __init__(
        self,
        bot: Speltafel,
        service: TableService,
        default_language: str = "en",
        pictures: Pictures | None = None,
        replays: Replays | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self.pictures = pictures or Pictures()
        self.replays = replays or Replays(now=service.now)  # their own worker, never the pictures' pool
        self.prefs = Preferences(service.sessions)
        self.records = Records(service.sessions)
        self.visibility = Visibility(self.records)
        self.default_language = default_language
        # A seat's DM shows its own view only on the message holding its live menu:
        # (game, seat) -> that message and the prompt sequence it was drawn for (its buttons and
        # view are taken away once that decision closes), the private text it shows (edited only
        # when that changes), and the seats whose latest DM holds neither (nothing to tidy)
        self._dm_menus: dict[tuple[int, int], tuple[int, int, int]] = {}
        self._shown: dict[tuple[int, int], str] = {}
        self._dm_bare: set[tuple[int, int]] = set()
        # DMs whose only button is “↶ Take back”: (channel, message, the version it was offered at);
        # the button goes once the game moves on (someone else acted, or it was taken back)
        self._offers: dict[tuple[int, int], tuple[int, int, int]] = {}
        # game -> what Discord refused to take and is sent with the game's next change
        self._owed: dict[int, Owed] = {}
        # person -> their DM channel with the bot (sending there needs no lookup of the user)
        self._dm_channels: dict[int, int] = {}
        # person -> when Discord last refused a DM to them (not tried again for DM_RETRY seconds)
        self._refused: dict[int, datetime] = {}
        # game -> its last turn mention and the seats it called that have not acted since; it is
        # taken away once they all have (or are no longer asked), even when asked again since
        self._calls: dict[int, tuple[int, set[int]]] = {}
        # game -> its newest table not drawn yet while its actor goes on deciding, and since when
        self._held: dict[int, tuple[Table, discord.abc.Messageable, str, datetime]] = {}
        # game -> the newest table waiting for the table-message edit under way (None: none waits)
        self._editing: dict[int, tuple[Table, discord.abc.Messageable, str] | None] = {}

    # -- languages and replies -----------------------------------------------------------
    def user_lang(self, interaction: discord.Interaction) -> str:
        return lang_of(interaction.locale, self.default_language)

    def guild_lang(self, guild: discord.Guild | None) -> str:
        if guild is None:
            return self.default_language
        # A Dutch community says so in its server settings; otherwise the configured default.
        return "nl" if str(guild.preferred_locale).startswith("nl") else self.default_language

    async def server_lang(self, guild: discord.Guild | None) -> str:
        """The language a server's channels are addressed in: /config's choice, else its locale."""
        if guild is not None:
            chosen = (await self.prefs.server(guild.id)).language
            if chosen:
                return chosen
        return self.guild_lang(guild)

    async def reply(self, interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
        """An ephemeral answer, whether or not the interaction was already acknowledged."""
        kwargs.setdefault("ephemeral", True)
        if interaction.response.is_done():
            await interaction.followup.send(content, **kwargs)
        else:
            await interaction.response.send_message(content, **kwargs)

    async def refuse(self, interaction: discord.Interaction, err: ServiceError) -> None:
        await self.reply(interaction, refusal_text(err, self.user_lang(interaction)))

    # -- component presses -----------------------------------------------------------------
    async def press(self, interaction: discord.Interaction, custom_id: str, *, tally: list[str] | None = None) -> None:
        """A menu component pressed: a step's option (its path in ``custom_id``) or, with ``tally``,
        the pieces picked for the whole decision at the step ``custom_id`` names."""
        try:
            await self._press(interaction, custom_id, tally)
        except ServiceError as err:
            await self.refuse(interaction, err)
            parsed = menus.unpack(custom_id)
            if parsed is not None and parsed[0] in self._held:  # a button of a table still to be drawn
                await self.flush_held(game_id=parsed[0])
        except Exception:
            # A bug must not leave the player with a spinning button; nothing was half-applied.
            log.exception("press %s failed", custom_id)
            await self.reply(interaction, t("error", self.user_lang(interaction)))

    async def _press(self, interaction: discord.Interaction, custom_id: str, tally: list[str] | None = None) -> None:
        parsed = menus.unpack(custom_id)
        if parsed is None:
            raise ServiceError("closed")
        game_id, seat, seq, _drawn_in, path = parsed
        # The menu's shape is the same in every language (games/menus.py), so the path means the
        # same choice whatever language the button was drawn in; the presser reads their own.
        lang = self.user_lang(interaction)
        # A button that names an action is read on the table this process keeps, unasked (the
        # action's unit checks it again under the lock); a step shows the game as it is now.
        table = self.service.table_for_button(game_id, seat, seq)
        if table is not None:
            try:
                menu, found = self._chosen(interaction, table, seat, seq, path, tally, lang)
            except ServiceError:
                table = None
            else:
                if isinstance(found, menus.Step):
                    table = None
        if table is None:
            table = await self.service.table_by_id(game_id)
            if table is None or table.status != RUNNING:
                raise ServiceError("closed")
            menu, found = self._chosen(interaction, table, seat, seq, path, tally, lang)
        on_table = interaction.guild is not None and not (interaction.message and interaction.message.flags.ephemeral)
        if isinstance(found, menus.Step):
            content = render.prompt_text(table, seat, lang, found)
            buttons = render.view_of(render.step_items(table, seat, lang, found, menu))
            if on_table:
                await interaction.response.send_message(content, view=buttons, ephemeral=True)
            else:  # the view above the menu has not changed: only the text and the buttons do
                await interaction.response.edit_message(content=content, view=buttons)
            return
        label = render.done_label(table, menu.view, found, lang)
        outcome = await self.service.act(game_id=game_id, user_id=interaction.user.id, action=found, seq=seq)
        after = outcome.table
        # The presser reads the confirmation and their private news right here.
        seen = [t("chosen", lang, label=label), *render.event_lines(after, outcome.events, lang, seat, answer=True)]
        if on_table:
            if await self._table_answers(interaction, outcome, seat, lang):
                # The press is answered by the table message itself, drawn after the action: one
                # request where a confirmation and a table edit would take two.
                await self.announce(outcome, actor=seat, answer=interaction)
                return
            # One answer: the table message itself shows the change (edited below, with the others').
            offer = render.take_back_items(after, seat, outcome.takeback_seq, lang)
            extra: dict[str, Any] = {"view": render.view_of(offer)} if offer else {}
            await interaction.response.send_message("\n".join(seen)[:2000], ephemeral=True, **extra)
            await self.announce(outcome, actor=seat)
            return
        # In a DM or an ephemeral message: the view after the action, and the seat's next step.
        prompted = await self._answer_privately(interaction, outcome, seat, lang, seen)
        await self.announce(outcome, actor=seat, actor_prompted=prompted)

    def _chosen(
        self,
        interaction: discord.Interaction,
        table: Table,
        seat: int,
        seq: int,
        path: list[int],
        tally: list[str] | None,
        lang: str,
    ) -> tuple[menus.Menu, dict[str, Any] | menus.Step]:
        """The seat's menu and what the pressed button chose in it, once the press is allowed."""
        # A menu belongs on its game's table (or an ephemeral copy there) or in the player's DM.
        if not (at_table(interaction, table) or in_own_dm(interaction)):
            raise ServiceError("closed")
        if table.player_of(seat) != interaction.user.id:
            mine = table.seat_played_by(interaction.user.id)
            raise ServiceError(table.not_playing(interaction.user.id) if mine is None else "not_your_button")
        if seat not in table.prompts or table.prompt_seqs.get(seat) != seq:
            raise ServiceError("closed")
        menu = render.seat_menu(table, seat, lang)
        if tally is None:
            found = menu.resolve(path)
        else:
            pick = menu.tally()
            if pick is None:
                raise ServiceError("closed")
            found = pick.action(menu.actions, tally[: menus.MAX_OPTIONS])
            if found is None:
                raise ServiceError("tally_not_allowed", rule=render.prompt_sentence(table, seat, lang))
        if found is None:
            raise ServiceError("closed")
        return menu, found

    async def _answer_privately(
        self, interaction: discord.Interaction, outcome: Outcome, seat: int, lang: str, seen: list[str]
    ) -> bool:
        """Answer a press in a DM or an ephemeral message in place: the seat's view after the
        change, ``seen`` (the confirmation and their private news), their next step when it
        belongs there, and “↶ Take back” when the action may go. Returns whether the next step is
        shown (then it is not sent again by DM)."""
        after = outcome.table
        game_id = after.game_id
        # A secret choice belongs in the DM; an ephemeral message carries it on only when DMs are closed.
        step = None
        in_dm = interaction.guild is None
        if seat in after.prompts and (in_dm or not after.prompts[seat].secret or not after.seats[seat].dm_open):
            next_menu = render.seat_menu(after, seat, lang)
            step = next_menu.resolve([])
        if isinstance(step, menus.Step):
            content = render.prompt_text(after, seat, lang, step, seen)
            items = render.step_items(after, seat, lang, step, next_menu)
            if in_dm:
                items += board_items(self.bot.web, after, lang, seat)
        else:
            step, content, items = None, "\n".join(seen)[:2000], []
        menu_shown = bool(items)
        items += render.take_back_items(after, seat, outcome.takeback_seq, lang)
        # a DM shows the seat's own view while it holds a live menu, and only then (see refresh_dms)
        await self._answer_in_place(interaction, after, seat, lang, content, items, own_view=menu_shown or not in_dm)
        if in_dm and interaction.message is not None:
            message, key = interaction.message, (game_id, seat)
            self._offers.pop(key, None)
            if not menu_shown and outcome.takeback_seq is not None:
                self._offers[key] = (message.channel.id, message.id, after.version)
            if menu_shown:  # a live menu (a lone “↶ Take back” is no menu: it stays until pressed)
                self._dm_menus[key] = (message.channel.id, message.id, after.prompt_seqs.get(seat, 0))
                self._shown[key] = render.private_text(after, seat, lang)
                self._dm_bare.discard(key)
            else:
                self._dm_menus.pop(key, None)
                self._shown.pop(key, None)
                self._dm_bare.add(key)
            await self.service.remember_message(
                game_id=game_id,
                kind="dm",
                channel_id=interaction.message.channel.id,
                message_id=interaction.message.id,
                user_id=interaction.user.id,
            )
        return step is not None

    async def take_back(
        self, interaction: discord.Interaction, game_id: int | None, seat: int | None, seq: int | None
    ) -> None:
        """“↶ Take back” on a private answer: honoured only there (the presser's DM, or an ephemeral
        message at the game's table), for the person playing that seat, while the action it names
        is still the game's last. The answer shows the game as before the action and the choice
        again; the table's recent moves say who took back what."""
        lang = self.user_lang(interaction)

        def belongs(i: discord.Interaction, table: Table) -> bool:
            return in_own_dm(i) or (at_table(i, table) and in_private(i))

        placed = await self._pressed(interaction, game_id if seat is not None and seq is not None else None, belongs)
        if placed is None or seat is None:
            return
        try:
            if placed.player_of(seat) != interaction.user.id:
                mine = placed.seat_played_by(interaction.user.id)
                raise ServiceError(placed.not_playing(interaction.user.id) if mine is None else "not_your_button")
            outcome = await self.service.take_back(game_id=placed.game_id, user_id=interaction.user.id, seq=seq)
        except ServiceError as err:
            await self.refuse(interaction, err)
            return
        after = outcome.table
        undone = outcome.taken_back or {}
        seen = [t("taken_back", lang, label=label_of(after.engine, after.view(seat), undone, lang))]
        prompted = await self._answer_privately(interaction, outcome, seat, lang, seen)
        await self.announce(outcome, actor=seat, actor_prompted=prompted)

    async def _table_answers(self, interaction: discord.Interaction, outcome: Outcome, seat: int, lang: str) -> bool:
        """Whether a press on the table message may be answered by redrawing that message: the
        presser has no news of their own to read (nothing only their seat sees, no move they may
        take back), reads the table's language, pressed the live table message, and the game goes
        on."""
        table = outcome.table
        if outcome.finished or table.status != RUNNING or interaction.message is None:
            return False
        if outcome.takeback_seq is not None:
            return False  # “↶ Take back” is offered in a private answer
        if render.event_lines(table, outcome.events, lang, seat, answer=True) or table.game_id in self._editing:
            return False
        if lang != await self.server_lang(interaction.guild):
            return False
        ref = await self.service.message_of(game_id=table.game_id, kind="table")
        return ref is not None and ref[1] == interaction.message.id

    async def _answer_in_place(
        self,
        interaction: discord.Interaction,
        table: Table,
        seat: int,
        lang: str,
        content: str,
        items: list[discord.ui.Item[Any]],
        *,
        own_view: bool = True,
    ) -> None:
        """Edit the pressed private message to the state after the change: the text, the seat's
        own view (unless ``own_view`` is False) and its next step, in one answer (words only:
        nothing to draw)."""
        embeds = [render.private_embed(table, seat, lang, await self._table_link(table))] if own_view else []
        menu = render.view_of(items) if items else None
        await interaction.response.edit_message(content=content, embeds=embeds, attachments=[], view=menu)

    async def _table_link(self, table: Table) -> str | None:
        """Where the table message is, for a private message to point to (None before it is posted)."""
        ref = await self.service.message_of(game_id=table.game_id, kind="table")
        return jump_link(table.guild_id, table.channel_id, ref[1]) if ref else None

    async def _pressed(
        self, interaction: discord.Interaction, game_id: int | None, belongs: Callable[..., bool]
    ) -> Table | None:
        """The running game a component names, if it was pressed where it ``belongs``; else (or
        when its id cannot be real) the presser is told the choice is closed and nothing changes."""
        table = await self.service.table_by_id(game_id) if game_id is not None else None
        if table is not None and table.status == RUNNING and belongs(interaction, table):
            return table
        await self.refuse(interaction, ServiceError("closed"))
        return None

    async def hand_button(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """“Make my choice” on a table message, or on the choice of games `/hand` offers in a DM."""
        if placed := await self._pressed(interaction, game_id, lambda i, table: at_table(i, table) or in_own_dm(i)):
            await self.show_hand(interaction, game_id=placed.game_id)

    # -- private views -----------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction, *, game_id: int | None = None) -> None:
        lang = self.user_lang(interaction)
        if game_id is None and interaction.guild is None:
            waiting = await self._waiting_for(interaction.user.id)
            if len(waiting) > 1:
                await self._offer_games(interaction, waiting, lang)
                return
            game_id = waiting[0].game_id if waiting else None
        try:
            table = await self._table_for(interaction, game_id)
            seat = table.seat_played_by(interaction.user.id)
            if seat is None:
                raise ServiceError(table.not_playing(interaction.user.id))
        except ServiceError as err:
            await self.refuse(interaction, err)
            return
        embed = render.private_embed(table, seat, lang, await self._table_link(table))
        content, items = t("no_choice", lang), []
        if seat in table.prompts:
            menu = render.seat_menu(table, seat, lang)
            step = menu.resolve([])
            if isinstance(step, menus.Step):
                content = render.prompt_text(table, seat, lang, step)
                items = render.step_items(table, seat, lang, step, menu)
        await self.reply(interaction, content, embed=embed, ephemeral=True, view=render.view_of(items))

    async def _table_for(self, interaction: discord.Interaction, game_id: int | None) -> Table:
        if game_id is not None:
            table = await self.service.table_by_id(game_id)
        elif interaction.guild is not None and interaction.channel_id is not None:
            table = await self.service.table_in(interaction.channel_id)
        else:  # a DM, and no game waits for the person: their most recently active one
            mine = await self.service.tables_of(interaction.user.id)
            table = mine[0] if mine else None
            if table is None:
                raise ServiceError("no_game_of_yours")
        if table is None or table.status != RUNNING:
            raise ServiceError("no_game" if game_id is None else "closed")
        return table

    async def _waiting_for(self, user_id: int) -> list[Table]:
        """The person's running games that wait for them (a seat of theirs they play themselves
        has an open prompt that blocks the game: an optional one, such as changing a hidden pick
        already made, keeps nobody waiting), most recently active first."""
        waiting = []
        for table in await self.service.tables_of(user_id):
            seat = table.seat_of(user_id)
            if seat is None or table.state is None or not table.seats[seat].present:
                continue
            if seat in table.prompts and seat in table.engine.pending(table.state):
                waiting.append(table)
        return waiting

    async def _offer_games(self, interaction: discord.Interaction, tables: list[Table], lang: str) -> None:
        """Several games wait for the person: one “Make my choice” per game, named with its channel."""
        lines, items = [t("hand_which", lang)], []
        for table in tables[:25]:  # a message holds 25 buttons
            place = getattr(self.bot.get_channel(table.channel_id), "name", None) or str(table.channel_id)
            lines.append(t("hand_which_line", lang, game=table.engine.names, channel=table.channel_id))
            label = t("hand_which_button", lang, game=table.engine.names, place=place)
            items.append(HandButton(table.game_id, label[:80]))
        await self.reply(interaction, "\n".join(lines)[:2000], view=render.view_of(items))

    # -- telling the table -------------------------------------------------------------------
    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        return channel  # type: ignore[return-value]

    async def announce(
        self,
        outcome: Outcome,
        *,
        actor: int | None = None,
        actor_prompted: bool = False,
        answer: discord.Interaction | None = None,
    ) -> None:
        """After a committed change: events to the channel, the table message, DMs to seats.

        ``actor`` already saw their private events where they pressed; ``actor_prompted`` means
        their next choice is shown there too, so it is not sent again by DM. The change is already
        committed: if Discord refuses a message (missing permissions, a deleted channel) it is
        logged and `/status` or `/hand` still show the game. ``answer``: a press on the table
        message still to be answered, by the table message drawn anew.
        """
        if self.bot.web is not None:  # open board pages first: they need no Discord round trip
            self.bot.web.changed(outcome.table, outcome.events)
        try:
            await self._announce(outcome, actor=actor, actor_prompted=actor_prompted, answer=answer)
        except discord.HTTPException:
            log.exception("could not tell game %s about its last change", outcome.table.game_id)
        table = outcome.table
        if table.ai_seats and table.status == RUNNING:
            self.bot.ai.kick(table.game_id)
        if table.status != RUNNING:
            self.forget(table.game_id)

    def tell_pages(self, table: Table) -> None:
        """A committed change that is not announced (a resignation, a vote, a stand-in, an abandoned
        game) reaches open board pages at once, as an announced one does."""
        if self.bot.web is not None:
            self.bot.web.changed(table, [])

    def forget(self, game_id: int) -> None:
        """A game that is over leaves this process's memory (DM views last shown, its pictures), and
        an AI waiting on it for answers stops."""
        self._shown = {k: v for k, v in self._shown.items() if k[0] != game_id}
        self._dm_menus = {k: v for k, v in self._dm_menus.items() if k[0] != game_id}
        self._dm_bare = {k for k in self._dm_bare if k[0] != game_id}
        self._offers = {k: v for k, v in self._offers.items() if k[0] != game_id}
        self._calls.pop(game_id, None)
        self._held.pop(game_id, None)
        self.pictures.forget(game_id)
        self.service.seen.forget(game_id)
        self.bot.ai.forget(game_id)

    async def _announce(
        self, outcome: Outcome, *, actor: int | None, actor_prompted: bool, answer: discord.Interaction | None = None
    ) -> None:
        """The calm table: the table message is edited (its recent lines carry the events); a new
        post only for a person who must be told (a turn passed to them, DMs closed) and the result."""
        table = outcome.table
        channel = await self.channel(table.channel_id)
        lang = await self.server_lang(getattr(channel, "guild", None))
        # Each part is sent on its own: a refused send (a 5xx, a 429 that outlasted the retries)
        # skips nothing else, and what could not be sent is owed and sent with the next change.
        owed = self._owed.pop(table.game_id, Owed())
        if actor is not None and table.game_id in self._calls:
            self._calls[table.game_id][1].discard(actor)  # they answered the call
        if outcome.finished:
            await self._attempt(table.game_id, self._drop_answered_call(table, channel))
            await self._attempt(table.game_id, self.post_result(table, channel, lang))
        if outcome.taken_back is not None:
            await self._withdraw_asks(table, channel, outcome.asked_before - set(table.prompts))
        if answer is not None:
            await self._attempt(table.game_id, self.refresh_table(table, channel, lang, answer=answer))
        elif self._holds(outcome, actor, actor_prompted):
            since = self._held[table.game_id][3] if table.game_id in self._held else self.service.now()
            self._held[table.game_id] = (table, channel, lang, since)
        else:
            await self._attempt(table.game_id, self.refresh_table(table, channel, lang))
        # A turn mention only for a hand-over: a person not asked before this change, and never the
        # one who just acted (their next step is already in front of them).
        told = outcome.asked_before | ({actor} if actor is not None else set())
        calls = {s for s in outcome.new_public_prompts if s not in told} | {s for s in owed.calls if s in table.prompts}
        prompts = set(outcome.new_secret_prompts) | {s for s in owed.prompts if s in table.prompts}
        for seat_info in table.seats:
            seat = seat_info.position
            if seat_info.user_id is None or (seat == actor and actor_prompted):
                continue
            private = [] if seat == actor else render.event_lines(table, outcome.events, seat_info.locale, seat)
            if seat in prompts and seat_info.present and table.prompts[seat].secret:  # a stand-in answers its own
                sent = await self.send_prompt(table, seat, channel, extra=private)
                if sent == CLOSED and seat not in told:
                    calls.add(seat)  # no DM tells them: the channel does, once per hand-over
            elif private and seat_info.dm_open:
                await self._dm(seat_info.user_id, "\n".join(private)[:2000])
        ordered = sorted(calls)
        if not await self._attempt(table.game_id, self.call_to_table(table, channel, lang, ordered)):
            self._owe(table.game_id).calls.update(ordered)
        fresh = prompts - ({actor} if actor_prompted else set())
        await self._attempt(table.game_id, self.refresh_dms(table, fresh))
        await self._attempt(table.game_id, self.write_log(table, channel, lang))
        if outcome.finished:
            await self.close_thread(table, channel)
        if table.status != RUNNING:
            self._owed.pop(table.game_id, None)

    async def _withdraw_asks(self, table: Table, channel: discord.abc.Messageable, seats: set[int]) -> None:
        """After a move was taken back, the seats it had asked are asked no more: the turn mention
        that called them goes, and so do their DM menus (a press there would only hear that the
        choice is no longer open)."""
        await self._attempt(table.game_id, self._drop_answered_call(table, channel))
        others = {info.position for info in table.seats} - seats
        await self._attempt(table.game_id, self.refresh_dms(table, others))

    def _holds(self, outcome: Outcome, actor: int | None, actor_prompted: bool) -> bool:
        """Whether the table edit may wait: nobody is asked who was not asked before (no hand-over),
        and the one who acted has their next step in front of them if they are still asked (a person
        where they pressed, or an AI going on by itself): either they are the only one asked, or
        several decide at once and the table offers only **Make my choice** (secret picks, where a
        pick changes no more than "has chosen"). The moves reach the table when the decision passes
        on, or after TABLE_HOLD seconds (``flush_held``)."""
        table = outcome.table
        if outcome.finished or actor is None or table.status != RUNNING or table.votes or outcome.back:
            return False
        if outcome.taken_back is not None:
            return False  # the table shows at once that a move was taken back
        after = set(table.prompts)
        if not after or not after <= outcome.asked_before:
            return False  # a hand-over (or nobody left to ask)
        if actor in after and not (actor_prompted or not table.seats[actor].present):
            return False  # their next step is on the table message: it must show it
        if after == {actor}:
            return outcome.asked_before == {actor}
        if not set(outcome.new_secret_prompts) | set(outcome.new_public_prompts) <= {actor}:
            return False  # someone else's choices changed (an offer accepted): they see it at once
        if self.bot.ai.answer_deadline(table.game_id) is not None:
            return False  # the table counts down an AI's wait for answers: it shows who is left
        return len(after) > 1 or all(p.secret for p in table.prompts.values())

    async def flush_held(self, *, game_id: int | None = None, everything: bool = False) -> None:
        """Draw the table messages that waited TABLE_HOLD seconds (and ``game_id``'s at once, or all
        of them when the process stops)."""
        now = self.service.now()
        for gid, (table, channel, lang, since) in list(self._held.items()):
            if everything or gid == game_id or (now - since).total_seconds() >= TABLE_HOLD:
                await self._attempt(gid, self.refresh_table(table, channel, lang))

    def _owe(self, game_id: int) -> Owed:
        return self._owed.setdefault(game_id, Owed())

    async def _attempt(self, game_id: int, work: Awaitable[Any]) -> bool:
        try:
            await work
            return True
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError):
            log.warning("Discord refused a message of game %s; it is sent with the next change", game_id)
            return False

    async def repay(self) -> None:
        """Send what Discord refused earlier, without waiting for the next change (the clock loop)."""
        for game_id in list(self._owed):
            table = await self.service.table_by_id(game_id)
            if table is None or table.status != RUNNING:
                self._owed.pop(game_id, None)
                continue
            await self._announce(Outcome(table), actor=None, actor_prompted=False)

    async def call_to_table(self, table: Table, channel: discord.abc.Messageable, lang: str, seats: list[int]) -> None:
        """Tell people a decision is theirs now: one post mentioning them (unless they chose
        `/notify off`), and a DM with a link to the table for those who chose `/notify dm`. The
        previous call, once answered, is taken away, so the channel holds at most one per game."""
        people = [s for s in seats if table.user_of(s) and s in table.prompts and table.seats[s].present]
        if not people:
            return
        modes = await self.prefs.notify_modes([table.user_of(s) or 0 for s in people])
        pinged = [table.user_of(s) or 0 for s in people if modes[table.user_of(s) or 0] != "off"]
        called = " ".join(f"<@{table.user_of(s)}>" for s in people)
        public = [s for s in people if not table.prompts[s].secret]
        what = " ".join(dict.fromkeys(render.public_prompt_sentence(table, s, lang) for s in public))
        key = "your_turn" if len(public) == len(people) else "your_turn_hand"
        await self._drop_answered_call(table, channel)
        sent = await channel.send(
            t(key, lang, mentions=called, what=what).strip(),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=u) for u in pinged]),
        )
        self._calls[table.game_id] = (sent.id, set(people))
        ref = await self.service.message_of(game_id=table.game_id, kind="table")
        link = jump_link(table.guild_id, table.channel_id, ref[1] if ref else None)
        for seat in people:
            user_id = table.user_of(seat) or 0
            if modes[user_id] == "dm":
                info = table.seats[seat]
                text = t("turn_dm", info.locale, game=table.engine.names, channel=table.channel_id, link=link)
                await self._dm(user_id, text)

    async def _drop_answered_call(self, table: Table, channel: discord.abc.Messageable) -> None:
        """Delete this game's last turn mention once everyone it called has acted or is no longer
        asked (a person asked again has a new call coming, or is in front of their next step)."""
        last = self._calls.get(table.game_id)
        if last is None or (table.status == RUNNING and any(s in table.prompts for s in last[1])):
            return
        self._calls.pop(table.game_id, None)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(last[0]).delete()  # type: ignore[attr-defined]

    async def post_result(self, table: Table, channel: discord.abc.Messageable, lang: str) -> None:
        """The result, with the whole play-by-play as a text file when the game never opened its
        log thread (see LOG_OPEN)."""
        extra: dict[str, Any] = {}
        log_file = await self._short_log(table, lang)
        if log_file is not None:
            extra["file"] = log_file
        await channel.send(embed=render.result_embed(table, lang), view=render.result_view(table, lang), **extra)
        if log_file is not None:
            await self.service.take_log(game_id=table.game_id, count=len(table.log_pending))
            table.log_pending = []

    async def _short_log(self, table: Table, lang: str) -> discord.File | None:
        """The log of a game that ends before its play-by-play outgrew LOG_OPEN, as a text file."""
        if not table.log_pending or (await self.prefs.server(table.guild_id)).log != "thread":
            return None
        if await self.service.message_of(game_id=table.game_id, kind="log") is not None:
            return None  # the rest goes to the thread that has the beginning
        title = t("log_thread", lang, game=table.engine.names, id=table.game_id)
        text = "\n".join([title, "", *render.log_lines(table, table.log_pending, lang), ""])
        name = t("log_file", lang, id=table.game_id)
        return discord.File(io.BytesIO(text.encode()), filename=name, description=title[:1024])

    async def write_log(self, table: Table, channel: discord.abc.Messageable, lang: str) -> None:
        """Write the play-by-play to the game's log thread in batches (see LOG_BATCH), once it
        outgrew LOG_OPEN, and what is left when the game ends; nothing when the server chose
        `/config log:off`."""
        pending = table.log_pending
        if not pending:
            return
        lines = render.pending_log_lines(table, lang)
        size = sum(len(x) + 1 for x in lines)
        # the size first: the server's setting is read only when a batch is due
        if table.status == RUNNING and size < LOG_BATCH:
            return
        if (await self.prefs.server(table.guild_id)).log != "thread":
            return
        opened = await self.service.message_of(game_id=table.game_id, kind="log")
        if table.status == RUNNING and opened is None and size < LOG_OPEN:
            return  # a short game's log may still come with its result
        thread = await self._log_thread(table, channel, lang, opened)
        if thread is None:
            return
        for chunk in render.chunks(lines, LOG_POST):
            await thread.send(embed=discord.Embed(description=chunk, colour=render.COLOUR))
        await self.service.take_log(game_id=table.game_id, count=len(pending))
        table.log_pending = []
        if table.status != RUNNING and thread is not channel and isinstance(thread, discord.Thread):
            with contextlib.suppress(discord.HTTPException):
                await thread.edit(archived=True)

    async def _log_thread(
        self, table: Table, channel: discord.abc.Messageable, lang: str, ref: tuple[int, int] | None
    ) -> discord.abc.Messageable | None:
        """The thread under the table message that holds the play-by-play (opened on first use;
        ``ref``: where it was opened). A game played in its own thread keeps its log there."""
        if table.parent_channel_id:
            if ref is None:  # remembered, so the game's later batches go on without waiting
                await self.service.remember_message(
                    game_id=table.game_id, kind="log", channel_id=table.channel_id, message_id=table.channel_id
                )
            return channel
        if ref is not None:  # the thread itself when cached (so it can be archived at the end)
            return self.bot.get_channel(ref[0]) or self.bot.get_partial_messageable(ref[0])  # type: ignore[return-value]
        table_ref = await self.service.message_of(game_id=table.game_id, kind="table")
        if table_ref is None or not hasattr(channel, "get_partial_message"):
            return None
        name = t("log_thread", lang, game=table.engine.names, id=table.game_id)[:100]
        thread = await channel.get_partial_message(table_ref[1]).create_thread(name=name, auto_archive_duration=1440)
        await self.service.remember_message(
            game_id=table.game_id, kind="log", channel_id=thread.id, message_id=thread.id
        )
        return thread

    async def close_thread(self, table: Table, channel: discord.abc.Messageable) -> None:
        """A game thread is archived once its game is over."""
        if table.parent_channel_id and isinstance(channel, discord.Thread):
            try:
                await channel.edit(archived=True)
            except discord.HTTPException:
                log.info("could not archive the thread of game %s", table.game_id)

    # -- the turn clock ------------------------------------------------------------------------
    async def fire_timers(self) -> list[Alarm]:
        """Remind people at half time and offer the table a stand-in when time runs out."""
        alarms = await self.service.fire_due()
        for alarm in alarms:
            try:
                await self._alarm(alarm)
            except discord.HTTPException:
                log.exception("could not tell game %s about its clock", alarm.table.game_id)
        return alarms

    async def _alarm(self, alarm: Alarm) -> None:
        table, seat = alarm.table, alarm.seat
        if alarm.kind == EXPIRE:
            self.tell_pages(table)  # the vote on the seat opens on the players' pages too
        info = table.seats[seat]
        channel = await self.channel(table.channel_id)
        lang = await self.server_lang(getattr(channel, "guild", None))
        mode = (await self.prefs.notify_modes([info.user_id or 0]))[info.user_id or 0]
        mention = f"<@{info.user_id}>"
        allowed = discord.AllowedMentions(users=[discord.Object(id=info.user_id or 0)] if mode != "off" else [])
        when = stamp(alarm.deadline) if alarm.deadline else "-"
        if alarm.kind == EXPIRE:
            await channel.send(time_up_text(table, seat, lang, mention), allowed_mentions=allowed)
            await self.refresh_table(table, channel, lang)
            return
        await channel.send(t("remind_channel", lang, mention=mention, when=when), allowed_mentions=allowed)
        ref = await self.service.message_of(game_id=table.game_id, kind="table")
        link = jump_link(table.guild_id, table.channel_id, ref[1] if ref else None)
        text = t("remind_dm", info.locale, game=table.engine.names, channel=table.channel_id, when=when, link=link)
        await self._dm(info.user_id or 0, text)

    async def vote(self, interaction: discord.Interaction, game_id: int | None, seat: int | None, choice: str) -> None:
        lang = self.user_lang(interaction)
        placed = await self._pressed(interaction, game_id if seat is not None else None, at_table)
        if placed is None or seat is None:
            return
        can_manage = bool(interaction.permissions and interaction.permissions.manage_channels)
        try:
            voted = await self.service.vote(
                game_id=placed.game_id, user_id=interaction.user.id, seat=seat, choice=choice, can_manage=can_manage
            )
        except ServiceError as err:
            await self.refuse(interaction, err)
            return
        table, decided, ballot = voted
        if decided is None:
            self.tell_pages(table)
            option = t(f"vote_for_{choice}", lang, name=table.seats[seat].name)
            tally = t("vote_tally", lang, stand_in=len(ballot["stand_in"]), end=len(ballot["end"]))
            await self.reply(interaction, t("vote_counted", lang, option=option, tally=tally))
            return
        await interaction.response.defer()
        await self.after_vote(voted, seat, interaction.user.id, interaction.user.display_name)

    async def after_vote(self, voted: Voted, seat: int, voter_id: int, voter_name: str | None = None) -> None:
        """A vote was counted (the table message's button or a board page): open pages follow; a
        decision is told to the channel, and the stand-in starts or the game closes."""
        table, decided, ballot = voted
        self.tell_pages(table)
        if decided is None:
            return
        # everyone whose vote made the decision (a moderator who decides alone may hold no seat)
        seated = {s.user_id: s.name for s in table.seats if s.user_id is not None}
        if voter_name is not None:
            seated.setdefault(voter_id, voter_name)
        who = ", ".join(seated.get(uid, f"<@{uid}>") for uid in ballot[decided])
        key = "stand_in_started" if decided == "stand_in" else "ended_by_vote"
        try:
            channel = await self.channel(table.channel_id)
            glang = await self.server_lang(getattr(channel, "guild", None))
            text = t(key, glang, name=table.seats[seat].name, who=who)
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            await self.refresh_table(table, channel, glang)
            if decided == "end":
                await self.close_thread(table, channel)
        except discord.HTTPException:  # the decision stands; the table message follows with the next change
            log.exception("could not tell game %s about a vote's decision", table.game_id)
        if decided == "stand_in":
            self.bot.ai.kick(table.game_id)

    async def come_back(self, interaction: discord.Interaction, game_id: int | None) -> None:
        placed = await self._pressed(interaction, game_id, at_table)
        if placed is None:
            return
        try:
            table = await self.service.come_back(game_id=placed.game_id, user_id=interaction.user.id)
        except ServiceError as err:
            await self.refuse(interaction, err)
            return
        self.tell_pages(table)
        await interaction.response.defer()
        channel = await self.channel(table.channel_id)
        lang = await self.server_lang(getattr(channel, "guild", None))
        seat = table.seat_of(interaction.user.id)
        await self.refresh_table(table, channel, lang)  # its last moves say they are back
        if seat is not None and seat in table.prompts and table.prompts[seat].secret:
            await self.send_prompt(table, seat, channel)

    async def resend(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """/mygames' button: the secret prompt's buttons again, by DM (or here if DMs are closed)."""
        lang = self.user_lang(interaction)
        placed = await self._pressed(interaction, game_id, lambda i, _table: in_private(i))
        if placed is None:
            return
        try:
            table = await self._table_for(interaction, placed.game_id)
            seat = table.seat_played_by(interaction.user.id)
            if seat is None:
                raise ServiceError(table.not_playing(interaction.user.id))
            if seat not in table.prompts:
                raise ServiceError("no_choice")
        except ServiceError as err:
            await self.refuse(interaction, err)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(table.channel_id)
        if await self.send_prompt(table, seat, channel) == SENT:
            await interaction.followup.send(t("dm_sent", lang), ephemeral=True)
        else:
            await interaction.followup.send(t("dm_closed_use_hand", lang), ephemeral=True)

    async def replay_button(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """The Replay button: honoured only where its game can be seen."""
        await self.post_replay(interaction, game_id, refusal="closed")

    async def post_replay(
        self, interaction: discord.Interaction, game_id: int | None, *, refusal: str = "no_finished_game"
    ) -> None:
        """An animated replay of a finished game: kept, or drawn from its log in the replay worker."""
        lang = self.user_lang(interaction)
        try:
            # Only for those who can see the game, posted for all only where all could see it.
            log, public = await self.visibility.finished_game(interaction, game_id, refusal=refusal)
            table_lang = await self.server_lang(interaction.guild)
            self.replays.admit(log.game_id, table_lang, interaction.user.id, interaction.channel_id or 0)
        except ServiceError as err:
            await self.refuse(interaction, err)
            return
        await interaction.response.defer(thinking=True, ephemeral=not public)
        drawn = await self.replays.replay(log, table_lang)
        if not drawn.gif:
            await interaction.followup.send(t("replay_none", lang), ephemeral=True)
            return
        name = registry.get(log.game_key).names
        # a post for everyone is in the channel's language throughout (its words, its picture, its
        # link); one only for the asker in theirs
        said = table_lang if public else lang
        await interaction.followup.send(
            t("replay_posted", said, game=name, id=log.game_id, frames=drawn.frames),
            file=discord.File(io.BytesIO(drawn.gif), filename=f"replay-{log.game_id}.gif"),
            ephemeral=not public,
            **replay_link(
                self.bot.web, log.game_id, said, interaction.user.id, self.bot.channel_public(log.channel_id)
            ),
        )

    async def after_ai(self, outcome: Outcome) -> None:
        """An AI seat acted: tell the table like any other change."""
        await self.announce(outcome, actor=outcome.action_seat)

    async def show_answer_wait(self, game_id: int) -> None:
        """An AI began waiting for people's answers with nothing to announce (after a restart):
        the table message shows how long they have."""
        table = await self.service.table_by_id(game_id)
        if table is None:
            return
        channel = await self.channel(table.channel_id)
        lang = await self.server_lang(getattr(channel, "guild", None))
        await self._attempt(game_id, self.refresh_table(table, channel, lang))

    async def refresh_table(
        self, table: Table, channel: discord.abc.Messageable, lang: str, *, answer: discord.Interaction | None = None
    ) -> None:
        """Edit the table message in place (or post it anew if it is gone); with ``answer``, a
        press on the table message, as that press's answer.

        Edits of one game are coalesced: while one is under way, later changes wait, and only the
        newest is drawn and sent when it is done, so a burst of actions costs one or two edits
        rather than one each (Discord limits edits per channel)."""
        gid = table.game_id
        held = self._held.pop(gid, None)
        if held is not None and held[0].version > table.version:
            table, channel, lang = held[0], held[1], held[2]
        if table.state is not None:
            if gid in self._editing:
                if answer is not None:  # another edit is under way: acknowledge, and draw after it
                    await answer.response.defer()
                queued = self._editing[gid]
                if queued is None or queued[0].version <= table.version:
                    self._editing[gid] = (table, channel, lang)
                return
            self._editing[gid] = None
            try:
                while True:
                    await self._edit_table(table, channel, lang, answer)
                    answer = None
                    queued = self._editing.get(gid)
                    if queued is None:
                        break
                    self._editing[gid] = None
                    table, channel, lang = queued
            finally:
                self._editing.pop(gid, None)
        if table.status != RUNNING:
            self.forget(gid)

    async def _edit_table(
        self, table: Table, channel: discord.abc.Messageable, lang: str, answer: discord.Interaction | None = None
    ) -> None:
        if answer is not None:
            try:
                await self._answer_with_table(answer, table, lang)
                return
            except discord.HTTPException:
                # the answer did not land (the press expired): the message is edited as any change
                log.warning("a table press of game %s could not be answered; editing the table", table.game_id)
        embed, file, view = await self._table_message(table, lang)
        ref = await self.service.message_of(game_id=table.game_id, kind="table")
        if ref is not None:
            try:
                message = channel.get_partial_message(ref[1])  # type: ignore[attr-defined]
                await message.edit(embed=embed, attachments=[file] if file else [], view=view)
                return
            except discord.NotFound:
                pass
        kwargs: dict[str, Any] = {"embed": embed, "view": view}
        if file is not None:
            kwargs["file"] = file
        message = await channel.send(**kwargs)
        await self.service.remember_message(
            game_id=table.game_id, kind="table", channel_id=message.channel.id, message_id=message.id
        )

    async def _answer_with_table(self, interaction: discord.Interaction, table: Table, lang: str) -> None:
        """Answer a press on the table message with the table message drawn anew, at once when its
        picture is ready in time, else acknowledged first and edited when it is."""
        drawing = asyncio.ensure_future(self._table_message(table, lang))
        try:
            embed, file, view = await asyncio.wait_for(asyncio.shield(drawing), ANSWER_WAIT)
        except TimeoutError:
            await interaction.response.defer()
            embed, file, view = await drawing
            await interaction.edit_original_response(embed=embed, attachments=[file] if file else [], view=view)
            return
        await interaction.response.edit_message(embed=embed, attachments=[file] if file else [], view=view)

    async def _table_message(self, table: Table, lang: str) -> tuple[discord.Embed, discord.File | None, Any]:
        """The table message's embed, picture and buttons for ``table``."""
        times = await self.service.deadlines(table.game_id) if table.clock_seconds and table.prompts else {}
        deadlines = {seat: stamp(when) for seat, when in times.items()}
        embed, file = await render.table_embed(self.pictures, table, lang, deadlines=deadlines)
        until = self.bot.ai.answer_deadline(table.game_id)
        render.add_offer_wait(embed, table, lang, stamp(until) if until is not None else None)
        items = (
            render.table_items(table, lang) + board_items(self.bot.web, table, lang) if table.status == RUNNING else []
        )
        return embed, file, render.view_of(items) if items else None

    async def send_prompt(
        self, table: Table, seat: int, channel: discord.abc.Messageable, extra: list[str] | None = None
    ) -> str | None:
        """DM a seat its secret prompt with its view. Returns SENT; TOLD when Discord refused and the
        channel was told their DMs are closed (the first time, or the first since a DM got
        through); CLOSED when refused again, or not tried since a refusal less than DM_RETRY
        seconds ago; None when nothing was sent (no step, or Discord failed and the prompt is
        owed)."""
        info = table.seats[seat]
        lang = info.locale
        menu = render.seat_menu(table, seat, lang)
        step = menu.resolve([])
        if not isinstance(step, menus.Step) or info.user_id is None:
            return None
        refused = self._refused.get(info.user_id)
        if not info.dm_open and refused is not None and (self.service.now() - refused).total_seconds() < DM_RETRY:
            return CLOSED  # refused moments ago: the channel calls them, **Make my choice** answers
        embed = render.private_embed(table, seat, lang, await self._table_link(table))
        items = render.step_items(table, seat, lang, step, menu) + board_items(self.bot.web, table, lang, seat)
        kwargs: dict[str, Any] = {"embed": embed, "view": render.view_of(items)}
        previous = await self.service.message_of(game_id=table.game_id, kind="dm", user_id=info.user_id)
        try:
            to = await self._dm_channel(info.user_id, previous[0] if previous else None)
            sent = await to.send(render.prompt_text(table, seat, lang, step, extra), **kwargs)
        except discord.HTTPException as exc:
            if getattr(exc, "code", 0) != CANNOT_DM and not isinstance(exc, discord.Forbidden):
                # Discord failed (5xx, rate limit): not a closed DM; the prompt is owed and re-sent
                log.warning("DM to seat %s of game %s failed (%s); owed", seat, table.game_id, exc.status)
                self._owe(table.game_id).prompts.add(seat)
                return None
            log.info("DM to seat %s of game %s refused (%s)", seat, table.game_id, getattr(exc, "code", exc))
            self._refused[info.user_id] = self.service.now()
            if not await self.service.set_dm_open(game_id=table.game_id, user_id=info.user_id, is_open=False):
                return CLOSED
            glang = await self.server_lang(getattr(channel, "guild", None))
            await channel.send(
                t("dm_refused", glang, mention=f"<@{info.user_id}>"),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=info.user_id)]),
            )
            return TOLD
        if not info.dm_open or info.dm_noticed:
            await self.service.set_dm_open(game_id=table.game_id, user_id=info.user_id, is_open=True)
        self._dm_channels[info.user_id] = sent.channel.id
        self._refused.pop(info.user_id, None)
        await self.service.remember_message(
            game_id=table.game_id, kind="dm", channel_id=sent.channel.id, message_id=sent.id, user_id=info.user_id
        )
        key = (table.game_id, seat)
        shown = self._dm_menus.pop(key, None)
        # the older message: its live menu and view (known here), nothing (known bare), or, unknown
        # to this process (it started since), whatever the latest DM was
        older = (shown[0], shown[1]) if shown is not None else None if key in self._dm_bare else previous
        self._dm_menus[key] = (sent.channel.id, sent.id, table.prompt_seqs.get(seat, 0))
        self._shown[key] = render.private_text(table, seat, lang)
        self._dm_bare.discard(key)
        if older is not None and older[1] != sent.id:
            # The older menu is closed anyway, and the new message shows the seat's own view: the
            # older one keeps only its words (one edit, so only the live menu and view show).
            with contextlib.suppress(discord.HTTPException):
                message = self.bot.get_partial_messageable(older[0]).get_partial_message(older[1])
                await message.edit(view=None, embeds=[])
        return SENT

    async def refresh_dms(self, table: Table, skip: set[int]) -> None:
        """Keep each player's DM true. Only the message holding a seat's live menu shows its own
        view: that view is edited when what it shows (what only that seat sees) changed, and once
        the decision closed (answered elsewhere, or no longer open, like a pick that could change
        until the reveal) the menu and the view are taken away together. Public moves never touch
        a DM: it shows none of them. ``skip``: seats just sent a new prompt."""
        for key, (channel_id, message_id, version) in list(self._offers.items()):
            if key[0] == table.game_id and table.version > version:
                del self._offers[key]
                with contextlib.suppress(discord.HTTPException):
                    await self.bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(view=None)
        link: str | None = None
        for info in table.seats:
            seat, key = info.position, (table.game_id, info.position)
            if seat in skip or info.user_id is None or table.state is None:
                continue
            menu = self._dm_menus.get(key)
            prompt = table.prompts.get(seat)
            if menu is None and key not in self._dm_bare:
                # not known to this process (it started since): the latest DM is taken to hold the
                # seat's menu, live while it is asked (its view is drawn anew), else closed
                ref = await self.service.message_of(game_id=table.game_id, kind="dm", user_id=info.user_id)
                if ref is None:
                    self._dm_bare.add(key)
                    continue
                menu = self._dm_menus[key] = (ref[0], ref[1], table.prompt_seqs.get(seat, 0) if prompt else -1)
            if menu is None:
                continue
            closed = prompt is None or table.prompt_seqs.get(seat) != menu[2]
            own = render.private_text(table, seat, info.locale)
            # a person who resigned sees what a watcher sees: their view is no longer kept
            changed = not closed and info.dm_open and not info.resigned and self._shown.get(key) != own
            if not closed and not changed:
                continue
            edit: dict[str, Any] = {"view": None, "embeds": []}
            if changed:
                link = link or await self._table_link(table)
                edit = {"embeds": [render.private_embed(table, seat, info.locale, link)], "attachments": []}
            try:
                await self.bot.get_partial_messageable(menu[0]).get_partial_message(menu[1]).edit(**edit)
            except discord.HTTPException:
                log.info("could not update the DM of seat %s in game %s", seat, table.game_id)
                continue
            if closed:
                self._dm_menus.pop(key, None)
                self._shown.pop(key, None)
                self._dm_bare.add(key)
            else:
                self._shown[key] = own

    async def _dm_channel(self, user_id: int, known: int | None = None) -> discord.abc.Messageable:
        """The person's DM channel: known from an earlier DM (no request), else opened (one request,
        no lookup of the user)."""
        channel_id = self._dm_channels.get(user_id) or known
        if channel_id is not None:
            return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        user = self.bot.get_user(user_id)
        channel = (user.dm_channel if user else None) or await self.bot.create_dm(discord.Object(id=user_id))
        # kept even if Discord then refuses the message (DMs closed): the next try needs no lookups
        self._dm_channels[user_id] = channel.id
        return channel

    async def _dm(self, user_id: int, content: str) -> None:
        try:
            sent = await (await self._dm_channel(user_id)).send(content)
            self._dm_channels[user_id] = sent.channel.id
        except discord.HTTPException:
            log.info("DM to user refused; they can read it with /hand")

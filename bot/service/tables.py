"""TableService: lobby, seats, start, act, abandon. One action = one transaction.

Every change runs under an in-process per-game lock and in one database transaction that locks
the game row (``FOR UPDATE`` on PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite) and checks its version
(the mapper's ``version_id_col``), so two processes cannot both apply to one game. The adapter
sends messages only after this returns, i.e. after the commit.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from bot.service import clock
from bot.service.clock import Now
from bot.service.errors import ServiceError, echo
from bot.service.notices import Alarm, Outcome, SeatInfo, Table, Voted
from bot.service.rating_rows import rate_game
from bot.service.seen import Seen
from bot.service.taking_back import may_go, took_back
from bot.store import repo
from bot.store.db import one_statement
from bot.store.models import ABANDONED, FINISHED, LOBBY, RUNNING, Game, Seat, utcnow
from games import ai, registry, takeback
from games.core import Action, Engine, Event, IllegalAction, InvalidOptions, Prompt, Result, event, visible
from games.standing import ranked, result_from_json

#: The levels of AI players (see games/ai) and the names they sit under, in seating order.
AI_LEVELS = ai.LEVELS
AI_NAMES = ai.NAMES


def open_prompts(engine: Engine, state: Any) -> dict[int, Prompt]:
    """Who may act now: the blocking ``pending`` prompts plus an engine's optional, non-blocking
    ``invitations`` (e.g. answering a trade offer)."""
    prompts = dict(engine.pending(state))
    invitations = getattr(engine, "invitations", None)
    if invitations is not None and prompts:
        for seat, prompt in invitations(state).items():
            prompts.setdefault(seat, prompt)
    return prompts


def prompt_signature(engine: Engine, state: Any, seat: int, kind: str) -> str:
    """Changes exactly when the seat's menu changes, so an unchanged prompt keeps its buttons."""
    blob = json.dumps([kind, engine.legal(state, seat)], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(blob.encode(), digest_size=10).hexdigest()


def parse_options(engine: Engine, text: str | None) -> dict[str, Any]:
    """``key=value`` pairs separated by spaces or commas, checked against the engine's specs;
    a key given twice is refused (which one was meant?)."""
    specs = {spec.name.lower(): spec for spec in engine.option_specs}
    out: dict[str, Any] = {}
    for part in (text or "").replace(",", " ").split():
        key, sep, value = part.partition("=")
        spec = specs.get(key.strip().lower())
        if not sep or spec is None:
            known = ", ".join(sorted(specs)) or "-"
            raise ServiceError("bad_options", detail=f"{echo(part)!r} (options: {known})")
        if spec.name in out:
            raise ServiceError("duplicate_option", key=spec.name)
        try:
            out[spec.name] = spec.parse(value)
        except InvalidOptions as exc:
            raise ServiceError("bad_options", detail=echo(exc, 200)) from None
    return out


def resignation_result(players: int, resigned: Collection[int], ended_by: int) -> Result:
    """A game ended by a resignation (the last person's, or one of two players'): the seats still
    in play share the first place, the resigned ones the last; ``ended_by`` resigned last."""
    gone = set(resigned) | {ended_by}
    playing = players - len(gone & set(range(players)))
    ranks = {seat: 1 + playing if seat in gone else 1 for seat in range(players)}
    return Result(
        scores={seat: 0 for seat in range(players)},
        ranks=ranks,
        winners=[seat for seat, rank in ranks.items() if rank == 1],
        tiebreak=None,
        extra={"resigned": ended_by, "resigned_seats": sorted(gone)},
    )


def result_of(engine: Engine, state: Any, stored: dict[str, Any] | None) -> Result | None:
    """The engine's result, or the stored one of a game that ended otherwise (a resignation)."""
    result = engine.result(state)
    if result is None and stored and "resigned" in (stored.get("extra") or {}):
        return result_from_json(stored)
    return result


#: Table events the service adds to a game's log (not the engine's): a person took their seat
#: back from the stand-in; the stand-in made the action that follows.
BACK, STAND_IN = "@back", "@stand_in"
#: Events kept for the table message and /status; events kept at most while the log thread is
#: out of reach (a thread that cannot be written must not grow a row without end).
RECENT_EVENTS, PENDING_EVENTS = 20, 400


def log_events(game: Game, events: list[Event]) -> None:
    """Add public events to the game's play-by-play, in the unit of work of the change."""
    if not events:
        return
    kept = dict(game.table_log or {})
    kept["recent"] = [*kept.get("recent", []), *events][-RECENT_EVENTS:]
    kept["pending"] = [*kept.get("pending", []), *events][-PENDING_EVENTS:]
    game.table_log = kept  # replaced whole: the ORM does not see edits inside a JSON value


def _row_of(table: Table) -> dict[str, Any]:
    """The columns of a running game's row an action reads, as a table read from it has them
    (``TableService._table``); the snapshot and the seats are not among them."""
    return {
        "id": table.game_id,
        "guild_id": table.guild_id,
        "channel_id": table.channel_id,
        "game_key": table.engine.key,
        "status": table.status,
        "host_id": table.host_id,
        "options": dict(table.options),
        "prompts": {str(seat): {"seq": table.prompt_seqs[seat], "sig": sig} for seat, sig in table.prompt_sigs.items()},
        "result": None,
        "version": table.version,
        "clock_seconds": table.clock_seconds,
        "votes": dict(table.votes),
        "parent_channel_id": table.parent_channel_id,
        "table_log": {"recent": list(table.log_recent), "pending": list(table.log_pending)},
    }


def unavailable(exc: BaseException) -> bool:
    """A lost or refused database connection (not a constraint or a bug): worth a "try again"."""
    if isinstance(exc, OSError | ConnectionError | TimeoutError):
        return True
    if isinstance(exc, DBAPIError):
        return exc.connection_invalidated or isinstance(exc, OperationalError | InterfaceError)
    return False


def guarded(sessions: async_sessionmaker[AsyncSession]) -> Callable[[], AbstractAsyncContextManager[AsyncSession]]:
    """Sessions whose lost database connections become ServiceError("db_unavailable"): the person
    is told to try again, nothing was half-applied (the transaction never committed), and the pool
    reconnects by itself once the database answers again."""

    @asynccontextmanager
    async def session() -> AsyncIterator[AsyncSession]:
        try:
            async with sessions() as s:
                yield s
        except ServiceError:
            raise
        except Exception as exc:
            if unavailable(exc):
                raise ServiceError("db_unavailable") from exc
            raise

    return session


class TableService:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        seeds: Callable[[], int] | None = None,
        now: Now = utcnow,
    ) -> None:
        self.sessions = guarded(sessions)
        # Where game seeds come from: the OS by default; tests pass a seeded source to replay a run.
        self._seeds = seeds or (lambda: secrets.randbelow(2**31))
        self.now = now  # the turn clock's time; tests move it instead of sleeping
        # In-process locks per game (and per channel, negated): weakly held, so a lock lives only
        # while someone holds or waits for it, and finished games leave nothing behind.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.seen = Seen()  # tables and message ids this process read or made, by game version

    # -- units of work -------------------------------------------------------------------------
    @asynccontextmanager
    async def _unit(self) -> AsyncIterator[AsyncSession]:
        async with self.sessions() as s:
            try:
                async with s.begin():
                    yield s
            except StaleDataError:
                raise ServiceError("busy") from None

    @asynccontextmanager
    async def _one_statement(self) -> AsyncIterator[AsyncSession]:
        """A session for a single statement (bot/store/db.py, one_statement); a write commits."""
        async with self.sessions() as s:
            await s.connection(execution_options=one_statement(s.bind.dialect.name))
            yield s

    def _lock(self, key: int) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    # -- loading ---------------------------------------------------------------------------
    @staticmethod
    def _seats(game: Game, kept: Table | None = None) -> list[SeatInfo]:
        """The game's seats as read in this unit, else as the table kept at its version has them."""
        if kept is not None and "seats" not in game.__dict__:
            return list(kept.seats)
        return [
            SeatInfo(
                s.position,
                s.user_id,
                s.display_name,
                s.locale,
                s.dm_open,
                s.ai_level if s.is_ai else None,
                stand_in=s.stand_in,
                resigned=s.resigned,
                dm_noticed=s.dm_noticed,
            )
            for s in game.seats
        ]

    @classmethod
    def _table(cls, game: Game, state: Any = None, seats: list[SeatInfo] | None = None) -> Table:
        engine = registry.get(game.game_key)
        seats = cls._seats(game) if seats is None else seats
        table = Table(
            game_id=game.id,
            channel_id=game.channel_id,
            guild_id=game.guild_id,
            engine=engine,
            status=game.status,
            host_id=game.host_id,
            seats=seats,
            options=dict(game.options or {}),
            version=game.version,
            clock_seconds=game.clock_seconds,
            votes=dict(game.votes or {}),
            parent_channel_id=game.parent_channel_id,
            log_recent=list((game.table_log or {}).get("recent", [])),
            log_pending=list((game.table_log or {}).get("pending", [])),
        )
        if game.snapshot is not None:
            table.state = state if state is not None else engine.load(game.snapshot)
            table.prompts = open_prompts(engine, table.state)
            table.prompt_seqs = {int(k): v["seq"] for k, v in (game.prompts or {}).items()}
            table.prompt_sigs = {int(k): v["sig"] for k, v in (game.prompts or {}).items()}
            result = result_of(engine, table.state, game.result)
            # ranked as the ratings count it: a resignation is a loss, whatever the stand-in scored
            gone = [x.position for x in seats if x.resigned]
            table.result = ranked(result, gone, getattr(engine, "team_of", None)) if result else None
            if table.result is not None and "resigned" in table.result.extra:
                table.resigned_by = int(table.result.extra["resigned"])
        return table

    async def table_in(self, channel_id: int) -> Table | None:
        async with self._one_statement() as s:
            found = await repo.active_version(s, channel_id)
        if found is None:
            return None
        return self.seen.table(*found) or await self._load(found[0])

    async def table_by_id(self, game_id: int) -> Table | None:
        async with self._one_statement() as s:
            version = await repo.version_of(s, game_id)
        if version is None:
            return None
        return self.seen.table(game_id, version) or await self._load(game_id)

    def table_for_button(self, game_id: int, seat: int, seq: int) -> Table | None:
        """The kept table of the game, unasked, when a button of ``seat`` made for prompt ``seq``
        still fits it: enough to learn which action the button names, since ``act`` checks the
        sequence again under the game's lock (see bot/service/seen.py). None: read the game."""
        kept = self.seen.latest(game_id)
        if kept is None or kept.status != RUNNING or seat not in kept.prompts or kept.prompt_seqs.get(seat) != seq:
            return None
        return kept

    def table_for_hints(self, channel_id: int) -> Table | None:
        """The kept table of the channel's running game, unasked: enough for suggestions while a
        person types (what they then send is checked on the game as it is)."""
        kept = self.seen.latest_in(channel_id)
        return kept if kept is not None and kept.status == RUNNING else None

    async def _load(self, game_id: int) -> Table | None:
        """The game read whole, in a transaction of its own (at the version it finds)."""
        async with self.sessions() as s:
            game = await repo.game_by_id(s, game_id)
            if game is None:
                return None
            table = self._table(game)
        self.seen.loaded(table)
        return table

    async def tables_of(self, user_id: int) -> list[Table]:
        async with self.sessions() as s:
            return [self._table(g) for g in await repo.games_of_user(s, user_id, (RUNNING,))]

    # -- lobby -----------------------------------------------------------------------------
    async def join(self, **kwargs: Any) -> Table:
        """Join (or open) the channel's lobby. Two processes opening a lobby in the same channel
        at once collide on the one-active-game-per-channel index; the loser retries and joins."""
        for attempt in range(3):
            try:
                return await self._join(**kwargs)
            except IntegrityError:
                if attempt == 2:
                    raise ServiceError("busy") from None
        raise AssertionError("unreachable")

    async def _join(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        user_id: int,
        name: str,
        locale: str = "en",
        game_key: str | None = None,
        parent_channel_id: int | None = None,
    ) -> Table:
        wanted = None
        if game_key:
            wanted = registry.find(game_key)
            if wanted is None:
                raise ServiceError("unknown_game", game=echo(game_key))
        async with self._lock(-channel_id), self._unit() as s:
            game = await repo.active_game(s, channel_id, lock=True)
            if game is None:
                if wanted is None:
                    raise ServiceError("choose_game")
                game = repo.add_game(
                    s,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game_key=wanted.key,
                    status=LOBBY,
                    host_id=user_id,
                    parent_channel_id=parent_channel_id,
                    created_at=self.now(),
                )
                game.seats = []
                await s.flush()
            elif game.status == RUNNING:
                raise ServiceError("game_running")
            elif wanted is not None and wanted.key != game.game_key:
                raise ServiceError("other_lobby", game=registry.get(game.game_key).names)
            if any(seat.user_id == user_id for seat in game.seats):
                raise ServiceError("already_joined")
            engine = registry.get(game.game_key)
            if len(game.seats) >= engine.max_players:
                raise ServiceError("lobby_full", max=engine.max_players)
            game.seats.append(Seat(position=len(game.seats), user_id=user_id, display_name=name[:100], locale=locale))
            await s.flush()
            return self._table(game)

    async def leave(self, *, channel_id: int, user_id: int) -> Table:
        """Leave the lobby; returns the lobby left behind (abandoned when no person is left)."""
        async with self._lock(-channel_id), self._unit() as s:
            game = await repo.active_game(s, channel_id, lock=True)
            if game is None:
                raise ServiceError("no_game")
            if game.status == RUNNING:
                raise ServiceError("leave_running")
            seat = next((x for x in game.seats if x.user_id == user_id), None)
            if seat is None:
                raise ServiceError("not_in_lobby")
            game.seats.remove(seat)
            await s.flush()
            await self._close_gaps(s, game)
            return self._after_departure(game)

    def _after_departure(self, game: Game) -> Table:
        """A person left the lobby or was taken out of it: with no person left it closes (AI
        players alone do not keep a lobby open); otherwise a person still seated hosts."""
        if not any(not x.is_ai for x in game.seats):
            game.status = ABANDONED
            return self._table(game)
        changed = self._hand_on_host(game)
        table = self._table(game)
        table.host_changed = changed
        return table

    @staticmethod
    def _hand_on_host(game: Game) -> bool:
        """Host powers belong to a person who still plays: when the host left, was taken out or
        resigned, the first person seated takes them over. Returns whether the host changed."""
        players = [x for x in game.seats if x.user_id is not None and not x.is_ai and not x.resigned]
        if not players or any(x.user_id == game.host_id for x in players):
            return False
        game.host_id = min(players, key=lambda x: x.position).user_id or game.host_id
        return True

    @staticmethod
    def _hosts(game: Game, user_id: int) -> bool:
        """Whether that person holds the host's powers: the host, as long as they still play."""
        return user_id == game.host_id and any(x.user_id == user_id and not x.resigned for x in game.seats)

    @staticmethod
    async def _close_gaps(s: AsyncSession, game: Game) -> None:
        # Close the gap in ascending order, so no two seats ever share a position.
        for i, other in enumerate(sorted(game.seats, key=lambda x: x.position)):
            other.position = i
        await s.flush()

    async def add_bot(self, *, channel_id: int, user_id: int, level: str = "normal") -> Table:
        """Seat an AI player in the channel's lobby (any lobby member may)."""
        level = (level or "normal").strip().lower()
        if level not in AI_LEVELS:
            raise ServiceError("bad_level", level=echo(level), levels=", ".join(AI_LEVELS))
        async with self._lock(-channel_id), self._unit() as s:
            game = await self._own_lobby(s, channel_id, user_id, running="addbot_running")
            engine = registry.get(game.game_key)
            if len(game.seats) >= engine.max_players:
                raise ServiceError("lobby_full", max=engine.max_players)
            taken = {seat.display_name for seat in game.seats if seat.is_ai}
            name = next(n for n in AI_NAMES if n not in taken)
            game.seats.append(
                Seat(
                    position=len(game.seats), user_id=None, display_name=name, is_ai=True, ai_level=level, dm_open=False
                )
            )
            await s.flush()
            return self._table(game)

    async def remove_bot(self, *, channel_id: int, user_id: int, name: str | None = None) -> tuple[Table, str]:
        """Take an AI player out of the lobby: the one named, else the last one seated."""
        async with self._lock(-channel_id), self._unit() as s:
            game = await self._own_lobby(s, channel_id, user_id, running="removebot_running")
            bots = [seat for seat in game.seats if seat.is_ai]
            if name:
                bots = [seat for seat in bots if seat.display_name.lower() == name.strip().lower()]
            if not bots:
                raise ServiceError("no_bot", name=echo(name or ""))
            gone = max(bots, key=lambda x: x.position)
            game.seats.remove(gone)
            await s.flush()
            await self._close_gaps(s, game)
            return self._table(game), gone.display_name

    async def start(
        self, *, channel_id: int, user_id: int, options_text: str | None = None, clock_text: str | None = None
    ) -> Outcome:
        async with self._lock(-channel_id):
            async with self._unit() as s:
                outcome = await self._start(s, channel_id, user_id, options_text, clock_text)
            self.seen.changed(outcome.table)  # committed: the table message posted next is of this version
            return outcome

    async def _start(
        self, s: AsyncSession, channel_id: int, user_id: int, options_text: str | None, clock_text: str | None
    ) -> Outcome:
        game = await self._own_lobby(s, channel_id, user_id, running="game_running")
        if all(seat.is_ai for seat in game.seats):
            raise ServiceError("only_ai")
        engine = registry.get(game.game_key)
        n = len(game.seats)
        counts = tuple(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))
        if n < engine.min_players:
            raise ServiceError("too_few", min=engine.min_players, have=n)
        if n > engine.max_players:
            raise ServiceError("too_many", max=engine.max_players, have=n)
        if n not in counts:
            raise ServiceError("bad_count", counts=", ".join(map(str, counts)), have=n)
        options = parse_options(engine, options_text)
        game.clock_seconds = clock.clock_seconds(clock_text)
        seed = self._seeds()
        try:
            state = engine.start(n, dict(options), seed)
        except InvalidOptions as exc:
            raise ServiceError("bad_options", detail=str(exc)) from None
        await self._seat_as_engine_says(s, game, engine.view(state, None).get("seat_order"))
        game.options, game.seed, game.status = options, seed, RUNNING
        game.started_at = self.now()  # a game's duration counts from here, not from the lobby
        game.snapshot = engine.dump(state)
        secret, public = self._refresh_prompts(game, engine, state, seq=game.version + 1)
        await s.flush()
        await clock.reschedule(s, game, self._waiting_people(self._seats(game), engine, state), self.now())
        table = self._table(game, state)
        opening = getattr(engine, "opening_events", None)
        return Outcome(table, list(opening(state)) if opening else [], secret, public, finished=False)

    @staticmethod
    async def _own_lobby(s: AsyncSession, channel_id: int, user_id: int, *, running: str) -> Game:
        """The channel's lobby, locked, with ``user_id`` in it; ``running``: the refusal when its
        game runs already."""
        game = await repo.active_game(s, channel_id, lock=True)
        if game is None:
            raise ServiceError("no_game")
        if game.status == RUNNING:
            raise ServiceError(running)
        if not any(seat.user_id == user_id for seat in game.seats):
            raise ServiceError("not_in_lobby")
        return game

    @staticmethod
    async def _seat_as_engine_says(s: AsyncSession, game: Game, order: Any) -> None:
        """Engines that draw the seating (e.g. a random seat order option) say who sits where:
        ``order[i]`` is the lobby position of the player in seat i."""
        n = len(game.seats)
        if not isinstance(order, list) or sorted(order) != list(range(n)) or order == list(range(n)):
            return
        by_position = {seat.position: seat for seat in game.seats}
        for seat in game.seats:  # step aside first: (game, position) is unique
            seat.position += n
        await s.flush()
        for i, lobby_position in enumerate(order):
            by_position[lobby_position].position = i
        await s.flush()
        game.seats.sort(key=lambda seat: seat.position)

    async def abandon(self, *, channel_id: int, user_id: int, can_manage: bool) -> Table:
        async with self._lock(-channel_id), self._unit() as s:
            game = await repo.active_game(s, channel_id, lock=True)
            if game is None:
                raise ServiceError("no_game")
            if not self._hosts(game, user_id) and not can_manage:
                raise ServiceError("abandon_denied")
            game.status = ABANDONED
            await clock.drop(s, game.id)
            await s.flush()
            return self._table(game)

    # -- play ------------------------------------------------------------------------------
    @staticmethod
    def _playing_seat(seats: list[Seat] | list[SeatInfo], user_id: int) -> Any:
        """The seat that person still plays in a running game; refused for others and for the resigned."""
        mine = next((x for x in seats if x.user_id == user_id), None)
        if mine is None:
            raise ServiceError("not_a_player")
        if mine.resigned:
            raise ServiceError("resigned")
        return mine

    async def _locked_running(self, s: AsyncSession, game_id: int) -> tuple[Game, Table | None]:
        """The running game locked for a change, and this process's table of it at the version
        read, if kept. Without one the seats are read as well (with one, the kept table has them)."""
        game = await repo.game_by_id(s, game_id, lock=True, snapshot=False, seats=False)
        if game is None or game.status != RUNNING:
            raise ServiceError("closed")
        kept = self.seen.table(game.id, game.version)
        if kept is None or kept.state is None:
            await repo.load_seats(s, game)
            kept = None
        return game, kept

    async def _change(
        self, game_id: int, change: Callable[[AsyncSession, Game, Table | None], Awaitable[Outcome]]
    ) -> Outcome:
        """Run ``change`` (an action's checks and ``_apply``) on the game in one unit of work.

        First on the table this process keeps, without reading the game: its row is written
        with ``WHERE version =`` the kept version (the mapper's version column), so a game that
        moved elsewhere writes nothing, and a refusal may come from a table no longer current;
        either way the unit is rolled back and ``change`` runs again on the game as read under
        its lock. The caller holds the game's in-process lock."""
        kept = self.seen.latest(game_id)
        if kept is not None and kept.status == RUNNING and kept.state is not None:
            try:
                async with self.sessions() as s, s.begin():
                    game = repo.game_as_kept(s, _row_of(kept))
                    outcome = await change(s, game, kept)
                return self._committed(outcome, game)
            except (StaleDataError, IntegrityError):  # the game moved elsewhere
                self.seen.forget_table(game_id)
            except ServiceError:  # maybe refused by a table no longer current: asked again below
                pass
        async with self._unit() as s:
            game, kept = await self._locked_running(s, game_id)
            outcome = await change(s, game, kept)
        return self._committed(outcome, game)

    async def act(self, *, game_id: int, user_id: int, action: Action, seq: int | None = None) -> Outcome:
        """Apply one action of the seat held by ``user_id``.

        ``seq`` is the prompt sequence a button was built for; a mismatch means the button is
        outdated and nothing is applied. Typed actions (``/play``) pass None.
        """

        async def change(s: AsyncSession, game: Game, kept: Table | None) -> Outcome:
            mine = self._playing_seat(self._seats(game, kept), user_id)
            seat = mine.position
            open_prompt = (game.prompts or {}).get(str(seat))
            if seq is not None and (open_prompt is None or open_prompt["seq"] != seq):
                raise ServiceError("closed")
            back = []
            if mine.stand_in:  # acting yourself means you are back: the stand-in steps aside
                self._playing_seat(await repo.load_seats(s, game), user_id).stand_in = False
                back.append(seat)
            outcome = await self._apply(s, game, kept, seat, action, back=back, by_person=True)
            outcome.back = back
            return outcome

        async with self._lock(game_id):
            return await self._change(game_id, change)

    async def act_ai(self, *, game_id: int, seat: int, action: Action, version: int) -> Outcome:
        """Apply an AI seat's decision, made on the game as it was at ``version``; if anything
        happened since, nothing is applied (``closed``) and the AI decides again."""

        async def change(s: AsyncSession, game: Game, kept: Table | None) -> Outcome:
            if game.version != version:
                raise ServiceError("closed")
            seats = self._seats(game, kept)
            player = next((x for x in seats if x.position == seat and (x.ai_level or x.stand_in)), None)
            if player is None:
                raise ServiceError("not_a_player")
            return await self._apply(s, game, kept, seat, action, by_stand_in=not player.ai_level)

        async with self._lock(game_id):
            return await self._change(game_id, change)

    def _committed(self, outcome: Outcome, game: Game) -> Outcome:
        """After the commit of an action: the table it made is the game at the version stored."""
        if outcome.table.version == game.version:  # nothing wrote the row again after the table was made
            self.seen.changed(replace(outcome.table, rating_changes={}))  # as a read would find it
        return outcome

    async def _apply(
        self,
        s: AsyncSession,
        game: Game,
        kept: Table | None,
        seat: int,
        action: Action,
        *,
        by_stand_in: bool = False,
        back: list[int] | None = None,
        by_person: bool = False,
    ) -> Outcome:
        """Apply an action to the game locked in ``s``; ``kept`` is this process's table of it at
        the version read under the lock (its state and seats are then not read again)."""
        engine = registry.get(game.game_key)
        if kept is not None:
            state = takeback.copy_of(engine, kept.state)
        else:
            state = engine.load(await repo.load_snapshot(s, game) or {})
        seats = self._seats(game, kept)
        asked_before = set(open_prompts(engine, state))
        if seat not in asked_before:
            raise ServiceError("not_your_turn")
        before = takeback.copy_of(engine, state) if by_person else None  # a person's action may be taken back
        try:
            events = engine.apply(state, seat, action)
        except IllegalAction as exc:
            raise ServiceError("illegal", reason=exc.reason, rule=exc.code, refusal=exc, game_key=engine.key) from None
        new_version = game.version + 1
        told = [event(BACK, seat=x) for x in back or []]
        if by_stand_in:
            told.append(event(STAND_IN, seat=seat))
        log_events(game, told + [ev for ev in events if visible(ev, None)])
        row = repo.append_action(s, game, new_version, seat, action, stand_in=by_stand_in)
        game.snapshot = engine.dump(state)
        secret, public = self._refresh_prompts(game, engine, state, seq=new_version, actor=seat)
        result = engine.result(state)
        if result is not None:
            game.status, game.finished_at = FINISHED, self.now()
            game.result = result.to_json()
        waiting = self._waiting_people(seats, engine, state) if result is None else set()
        with s.no_autoflush:  # the action's row is written once, with what its clocks undo
            row.undo = await clock.reschedule(s, game, waiting, self.now(), actor=None if by_stand_in else seat)
        await s.flush()
        changes = await self._rate(s, game) if result is not None else {}
        table = self._table(game, state, seats)
        table.rating_changes = changes
        players = len(seats)
        open_to_take_back = (
            before is not None
            and result is None
            and may_go(engine, before, seat, action, players=players, seq=new_version)
        )
        return Outcome(
            table,
            events,
            secret,
            public,
            finished=result is not None,
            action_seat=seat,
            by_stand_in=by_stand_in,
            asked_before=asked_before,
            takeback_seq=new_version if open_to_take_back else None,
        )

    async def take_back(self, *, game_id: int, user_id: int, seq: int | None = None) -> Outcome:
        """Take back the person's own last action: the one exception to the append-only log.

        Allowed while nobody else (no AI, no stand-in) has acted since, the game goes on, and the
        action revealed nothing (see games/takeback.py). In one unit of work like an action's:
        the row is removed, the state before it rebuilt from the seed and the log (its dump equal
        to the snapshot before the action), the clocks put back as that action found them, and the
        game's version moves on, so buttons and pages drawn before are stale. ``seq``: the action
        a button was drawn for; once another action came after it, or it was taken back already,
        the button is no longer open. The table's play-by-play says who took back what (a hidden
        pick unnamed)."""
        async with self._lock(game_id), self._unit() as s:
            game = await repo.game_by_id(s, game_id, lock=True)
            if game is None or game.status != RUNNING:
                raise ServiceError("closed")
            seat = self._playing_seat(game.seats, user_id).position
            last = await repo.last_actions(s, game.id, 1)
            if seq is not None and (not last or last[0].seq != seq or last[0].seat != seat):
                # still in the log, but something came after it: say so; gone (or never theirs): closed
                mine = await repo.action_at(s, game.id, seq)
                raise ServiceError("takeback_acted" if mine is not None and mine.seat == seat else "closed")
            if not last:
                raise ServiceError("takeback_none")
            if last[0].seat != seat or last[0].stand_in:
                raise ServiceError("takeback_acted")
            engine = registry.get(game.game_key)
            rows = await repo.action_log(s, game.id)
            players = len(game.seats)
            earlier = takeback.replayed(
                engine, players, game.options or {}, game.seed, [(r.seat, r.action) for r in rows[:-2]]
            )
            previous = rows[-2] if len(rows) > 1 else None
            before_previous = takeback.copy_of(engine, earlier) if previous is not None else None
            if previous is not None:
                engine.apply(earlier, previous.seat, previous.action)
            undone = rows[-1]
            if not may_go(engine, earlier, seat, undone.action, players=players, seq=undone.seq):
                raise ServiceError("takeback_revealed")
            asked_before = set(open_prompts(engine, engine.load(game.snapshot or {})))
            names = self._table(game, earlier).names
            told = took_back(engine, earlier, seat, undone.action, names)
            await s.delete(undone)
            game.snapshot = engine.dump(earlier)
            secret, public = self._refresh_prompts(game, engine, earlier, seq=game.version + 1, actor=seat)
            log_events(game, [told])
            await clock.restore(s, game, undone.undo)
            await s.flush()
            await clock.reschedule(s, game, self._waiting_people(self._seats(game), engine, earlier), self.now())
            # the action before it may go next, on the same terms
            again = (
                previous is not None
                and before_previous is not None
                and previous.seat == seat
                and not previous.stand_in
                and may_go(engine, before_previous, seat, previous.action, players=players, seq=previous.seq)
            )
            return Outcome(
                self._table(game, earlier),
                [told],
                secret,
                public,
                action_seat=seat,
                asked_before=asked_before,
                taken_back=undone.action,
                takeback_seq=previous.seq if again and previous is not None else None,
            )

    async def _rate(self, s: AsyncSession, game: Game) -> dict[int, tuple[int, int]]:
        """Rate a game that just finished, in its own unit of work: seat -> (before, after)."""
        now = self.now()
        rows = await s.run_sync(lambda sync: rate_game(sync.connection(), game.id, now))
        return {row["seat"]: (row["before"], row["after"]) for row in rows}

    @staticmethod
    def _waiting_people(seats: list[SeatInfo], engine: Engine, state: Any) -> set[int]:
        """Seats the game waits for that a person plays (blocking prompts only)."""
        people = {x.position for x in seats if x.present}
        return set(engine.pending(state)) & people

    async def games_with_ai(self) -> list[int]:
        """Running games with a seat an AI plays: their AI players resume when the bot starts."""
        async with self.sessions() as s:
            return await repo.running_games_with_ai(s)

    async def set_dm_open(self, *, game_id: int, user_id: int, is_open: bool) -> bool:
        """Record whether a DM to the person got through. Returns True when the channel should be
        told their DMs are closed: the first refusal in this game, or the first after DMs worked."""
        async with self._lock(game_id), self._unit() as s:
            game = await repo.game_by_id(s, game_id, lock=True)
            if game is None:
                return False
            tell = False
            for seat in game.seats:
                if seat.user_id != user_id:
                    continue
                if seat.dm_open != is_open:
                    seat.dm_open = is_open
                if is_open and seat.dm_noticed:
                    seat.dm_noticed = False
                elif not is_open and not seat.dm_noticed:
                    seat.dm_noticed = tell = True
            return tell

    async def take_log(self, *, game_id: int, count: int) -> None:
        """The first ``count`` pending events were written to the game's log thread."""
        async with self._lock(game_id), self._unit() as s:
            game = await repo.game_by_id(s, game_id, lock=True)
            if game is None or count <= 0:
                return
            kept = dict(game.table_log or {})
            kept["pending"] = list(kept.get("pending", []))[count:]
            game.table_log = kept  # replaced whole: the ORM does not see edits inside a JSON value

    async def remember_message(
        self, *, game_id: int, kind: str, channel_id: int, message_id: int, user_id: int = 0
    ) -> None:
        if self.seen.ref(game_id, kind, user_id) == (True, (channel_id, message_id)):
            return  # stored already
        async with self._one_statement() as s:
            await repo.set_message_ref(s, game_id, kind, channel_id, message_id, user_id)
            await s.commit()
        self.seen.keep_ref(game_id, kind, user_id, (channel_id, message_id))

    async def message_of(self, *, game_id: int, kind: str, user_id: int = 0) -> tuple[int, int] | None:
        known, kept = self.seen.ref(game_id, kind, user_id)
        if known:
            return kept
        async with self._one_statement() as s:
            row = await repo.message_ref(s, game_id, kind, user_id)
            ref = (row.channel_id, row.message_id) if row else None
        self.seen.keep_ref(game_id, kind, user_id, ref)
        return ref

    async def deadlines(self, game_id: int) -> dict[int, datetime]:
        """When each waiting seat's time runs out (a game with a turn clock)."""
        async with self.sessions() as s:
            return (await clock.deadlines(s, [game_id])).get(game_id, {})

    async def action_log(self, game_id: int) -> list[tuple[int, Action]]:
        async with self.sessions() as s:
            return [(row.seat, row.action) for row in await repo.action_log(s, game_id)]

    # -- games that live for days ----------------------------------------------------------------
    async def fire_due(self) -> list[Alarm]:
        """Claim the turn-clock deadlines that came due and say what they mean. Each row fires once,
        also with several processes on one database; a deadline that passed while the bot was down
        fires on the first call after start; a reminder whose deadline is already past is dropped,
        since its expiry is due as well and says more."""
        alarms: list[Alarm] = []
        now = self.now()
        async with self._unit() as s:
            due = await clock.claim_due(s, now)
            games: dict[int, Game | None] = {}
            for row in due:
                if row.game_id not in games:
                    games[row.game_id] = await repo.game_by_id(s, row.game_id, lock=True)
                game = games[row.game_id]
                if game is None or game.status != RUNNING:
                    continue
                deadline = row.due_at + (
                    timedelta(seconds=(game.clock_seconds or 0) / 2) if row.kind == clock.REMIND else timedelta()
                )
                if row.kind == clock.REMIND and deadline <= now:
                    continue  # "your time runs out 3 minutes ago" helps nobody
                if row.kind == clock.EXPIRE:
                    votes = dict(game.votes or {})
                    votes.setdefault(str(row.seat), {"stand_in": [], "end": []})
                    game.votes = votes
                alarms.append(Alarm(self._table(game), row.seat, row.kind, deadline))
            await s.flush()
        # every alarm of a game shows the game after all of its alarms
        latest = {a.table.game_id: a.table for a in alarms}
        for alarm in alarms:
            alarm.table = latest[alarm.table.game_id]
            alarm.table.votes = dict(alarm.table.votes)
        return alarms

    async def vote(self, *, game_id: int, user_id: int, seat: int, choice: str, can_manage: bool = False) -> Voted:
        """A vote on a seat whose time ran out: ``stand_in`` (an AI plays it) or ``end`` the game.
        The host or a moderator decides at once; otherwise a majority of the present players.
        A second vote of the same person moves their vote."""
        if choice not in ("stand_in", "end"):
            raise ServiceError("closed")
        async with self._lock(game_id), self._unit() as s:
            game = await repo.game_by_id(s, game_id, lock=True)
            if game is None or game.status != RUNNING or str(seat) not in (game.votes or {}):
                raise ServiceError("closed")
            absent = next(x for x in game.seats if x.position == seat)
            if absent.user_id == user_id:
                raise ServiceError("vote_self")
            present = [
                x.user_id
                for x in game.seats
                if not x.is_ai and not x.stand_in and str(x.position) not in game.votes and x.user_id is not None
            ]
            decides = can_manage or self._hosts(game, user_id)
            if user_id not in present and not decides:
                raise ServiceError("vote_denied")
            votes = {k: {c: list(v) for c, v in b.items()} for k, b in game.votes.items()}
            ballot = votes[str(seat)]
            for option in ballot.values():
                if user_id in option:
                    option.remove(user_id)
            ballot[choice].append(user_id)
            decided = choice if decides or len(ballot[choice]) > len(present) / 2 else None
            if decided == "stand_in":
                absent.stand_in = True
                del votes[str(seat)]
                await clock.drop(s, game.id, seat)
            elif decided == "end":
                game.status = ABANDONED
                votes = {}
                await clock.drop(s, game.id)
            game.votes = votes
            await s.flush()
            return Voted(self._table(game), decided, ballot)

    async def come_back(self, *, game_id: int, user_id: int) -> Table:
        """“I'm back”: the person plays their seat again and the stand-in steps aside."""
        async with self._lock(game_id), self._unit() as s:
            game = await repo.game_by_id(s, game_id, lock=True)
            if game is None or game.status != RUNNING:
                raise ServiceError("closed")
            mine = self._playing_seat(game.seats, user_id)
            if not mine.stand_in:
                raise ServiceError("not_away")
            mine.stand_in = False
            log_events(game, [event(BACK, seat=mine.position)])
            await s.flush()
            engine = registry.get(game.game_key)
            state = engine.load(game.snapshot or {})
            await clock.reschedule(s, game, self._waiting_people(self._seats(game), engine, state), self.now())
            return self._table(game, state)

    async def resign(self, *, channel_id: int, user_id: int) -> Table:
        """Give up a running game: in a two-player game the other player wins at once, and so do
        the AI players when the last person gives up; otherwise a stand-in plays the seat to the end."""
        async with self._lock(-channel_id), self._unit() as s:
            game = await repo.active_game(s, channel_id, lock=True)
            if game is None:
                raise ServiceError("no_game")
            if game.status != RUNNING:
                raise ServiceError("resign_lobby")
            mine = self._playing_seat(game.seats, user_id)
            mine.resigned = mine.stand_in = True
            votes = dict(game.votes or {})
            votes.pop(str(mine.position), None)
            game.votes = votes
            people_left = any(not x.is_ai and not x.resigned for x in game.seats)
            if not people_left and not any(x.is_ai for x in game.seats):
                game.status = ABANDONED  # everyone gave up: nobody won, nothing to rate
                await clock.drop(s, game.id)
            elif not people_left or len(game.seats) == 2:
                # AI players alone do not go on: the last person's resignation is their loss to them
                game.status, game.finished_at = FINISHED, self.now()
                gone = [x.position for x in game.seats if x.resigned]
                game.result = resignation_result(len(game.seats), gone, mine.position).to_json()
                await clock.drop(s, game.id)
            else:
                await clock.drop(s, game.id, mine.position)
            host_changed = game.status == RUNNING and self._hand_on_host(game)
            await s.flush()
            changes = await self._rate(s, game) if game.status == FINISHED else {}
            table = self._table(game)
            table.rating_changes = changes
            table.host_changed = host_changed
            return table

    async def kick(self, *, channel_id: int, user_id: int, target_id: int, can_manage: bool = False) -> Table:
        """The host (or a moderator) takes a person out of the lobby; a host taken out hands the
        host powers on, and a lobby with no person left closes."""
        async with self._lock(-channel_id), self._unit() as s:
            game = await repo.active_game(s, channel_id, lock=True)
            if game is None:
                raise ServiceError("no_game")
            if game.status == RUNNING:
                raise ServiceError("kick_running")
            if not self._hosts(game, user_id) and not can_manage:
                raise ServiceError("kick_denied")
            target = next((x for x in game.seats if x.user_id == target_id and not x.is_ai), None)
            if target is None:
                raise ServiceError("kick_unknown")
            if target_id == user_id:
                raise ServiceError("kick_self")
            game.seats.remove(target)
            await s.flush()
            await self._close_gaps(s, game)
            return self._after_departure(game)

    async def running_games_of(self, user_id: int) -> list[tuple[Table, dict[int, datetime]]]:
        """The person's running games, newest activity first, with each waiting seat's deadline."""
        async with self.sessions() as s:
            games = await repo.games_of_user(s, user_id, (RUNNING,))
            times = await clock.deadlines(s, [g.id for g in games])
            return [(self._table(g), times.get(g.id, {})) for g in games]

    # -- prompts -----------------------------------------------------------------------------
    @staticmethod
    def _refresh_prompts(
        game: Game, engine: Engine, state: Any, *, seq: int, actor: int | None = None
    ) -> tuple[list[int], list[int]]:
        """Give every seat whose menu changed a new prompt sequence; return the new secret and
        the new public prompts' seats.

        The seat that just acted always gets a new one, so a second press of the same button
        (a double click) is refused even when its menu looks the same afterwards.
        """
        old = dict(game.prompts or {})
        now: dict[str, Any] = {}
        new_secret: list[int] = []
        new_public: list[int] = []
        for seat, prompt in sorted(open_prompts(engine, state).items()):
            sig = prompt_signature(engine, state, seat, prompt.kind)
            prev = old.get(str(seat))
            if prev is not None and prev["sig"] == sig and seat != actor:
                now[str(seat)] = prev
                continue
            now[str(seat)] = {"seq": seq, "sig": sig}
            (new_secret if prompt.secret else new_public).append(seat)
        game.prompts = now  # replaced whole: the ORM does not see edits inside a JSON value
        return new_secret, new_public

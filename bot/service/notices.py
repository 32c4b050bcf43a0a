"""What the service hands to the chat adapter after a unit of work: plain data, no Discord."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.core import Action, Engine, Event, Prompt, Result

#: The level of the AI that plays for an absent person.
STAND_IN_LEVEL = "normal"


@dataclass(frozen=True)
class SeatInfo:
    position: int
    user_id: int | None
    name: str
    locale: str
    dm_open: bool
    ai_level: str | None = None  # easy, normal or hard when an AI plays this seat
    stand_in: bool = False  # a person's seat an AI plays while they are away (or after /resign)
    resigned: bool = False
    dm_noticed: bool = False  # the channel was told their DMs are closed (and no DM got through since)

    @property
    def label(self) -> str:
        """The name shown in the game: AI seats say so."""
        return f"{self.name} (AI)" if self.ai_level else self.name

    @property
    def present(self) -> bool:
        """A person who plays this seat themselves."""
        return self.ai_level is None and not self.stand_in


@dataclass
class Table:
    """A game as loaded inside one unit of work, enough to render it anywhere."""

    game_id: int
    channel_id: int
    guild_id: int | None
    engine: Engine
    status: str
    host_id: int
    seats: list[SeatInfo]
    options: dict[str, Any]
    version: int
    state: Any = None
    prompts: dict[int, Prompt] = field(default_factory=dict)
    prompt_seqs: dict[int, int] = field(default_factory=dict)
    result: Result | None = None
    clock_seconds: int | None = None
    votes: dict[str, Any] = field(default_factory=dict)  # expired seat -> {"stand_in": [...], "end": [...]}
    parent_channel_id: int | None = None  # the channel a game thread hangs from
    resigned_by: int | None = None  # the seat whose resignation ended a two-player game
    rating_changes: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> (before, after)
    host_changed: bool = False  # the host left or stopped playing: host_id names who hosts now
    log_recent: list[Event] = field(default_factory=list)  # the channel's latest events, oldest first
    log_pending: list[Event] = field(default_factory=list)  # events not yet in the log thread

    @property
    def host(self) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == self.host_id), None)

    @property
    def names(self) -> list[str]:
        return [s.label for s in self.seats]

    def view(self, seat: int | None) -> dict[str, Any]:
        """That seat's view with the seats' names, so menus and prompts name players ("rob bob")."""
        return {**self.engine.view(self.state, seat), "names": self.names}

    def private_mark(self, seat: int, public: dict[str, Any] | None = None) -> dict[str, str]:
        """What only this seat sees of the game, by where it is in the view (``seats/0/commit``) as
        JSON text: it changes when their own cards, hand or hidden picks do, not when public play
        moves on (the table message shows that). ``public``: the public view when the caller
        already has it (one for every seat)."""
        if self.state is None:
            return {}
        if public is None:
            public = self.engine.view(self.state, None)
        return _differences(self._own_view(seat), public)

    def own_changed(self, seat: int, shown: dict[str, str] | None, public: dict[str, Any] | None = None) -> bool:
        """Whether the seat's own part differs from ``shown`` (its mark when its DM was drawn): a
        private value changed, or a new one appeared. A value the public view has caught up with
        (a hidden commit revealed) is no change: the seat sees what it saw."""
        if shown is None:
            return True
        mark = self.private_mark(seat, public)
        if any(shown.get(path) != value for path, value in mark.items()):
            return True
        left = [path for path in shown if path not in mark]
        if not left:
            return False
        mine = self._own_view(seat)
        return any(_at(mine, path) != shown[path] for path in left)

    def _own_view(self, seat: int) -> dict[str, Any]:
        hints = getattr(self.engine, "menu_hints", frozenset())
        return {k: v for k, v in self.engine.view(self.state, seat).items() if k not in hints}

    @property
    def humans(self) -> list[SeatInfo]:
        return [s for s in self.seats if s.ai_level is None]

    @property
    def ai_seats(self) -> dict[int, str]:
        """Seats an AI plays and its level: AI players, and stand-ins (normal) for absent people."""
        return {s.position: s.ai_level or STAND_IN_LEVEL for s in self.seats if s.ai_level or s.stand_in}

    @property
    def stand_ins(self) -> list[SeatInfo]:
        return [s for s in self.seats if s.stand_in]

    def vote_seats(self) -> list[int]:
        """The seats whose time ran out that are put to the vote now: the first two (the table
        message's last row holds their buttons; the others' votes come when one is decided)."""
        return sorted(int(key) for key in self.votes)[:2]

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.position
        return None

    def user_of(self, seat: int) -> int | None:
        return self.seats[seat].user_id if 0 <= seat < len(self.seats) else None

    # One rule for "who plays this seat", for every private way in (the web table, the Activity,
    # /board, /hand, Make my choice, the DM menus): the person seated there who has not resigned.
    # A resigned person's seat is played by its stand-in to the end; they see what a watcher sees.
    def player_of(self, seat: int) -> int | None:
        """The person who plays this seat (None for an AI seat, a resigned person, or no such seat)."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].resigned:
            return None
        return self.seats[seat].user_id

    def seat_played_by(self, user_id: int) -> int | None:
        """The seat this person plays (None for a watcher, and for a person who resigned)."""
        seat = self.seat_of(user_id)
        return seat if seat is not None and self.player_of(seat) == user_id else None

    def not_playing(self, user_id: int) -> str:
        """Why this person has no seat to play here: the refusal's code."""
        seat = self.seat_of(user_id)
        return "not_a_player" if seat is None else "resigned"


@dataclass
class Outcome:
    """The result of a change: the table after it, the events to tell, whom to prompt by DM."""

    table: Table
    events: list[Event] = field(default_factory=list)
    new_secret_prompts: list[int] = field(default_factory=list)  # seats to DM
    new_public_prompts: list[int] = field(default_factory=list)  # seats to call to the table
    finished: bool = False
    action_seat: int | None = None
    by_stand_in: bool = False  # the action was made by the AI standing in for that seat
    back: list[int] = field(default_factory=list)  # seats whose person took over again
    asked_before: set[int] = field(default_factory=set)  # seats that had an open prompt before the change
    # the action the acting person may take back now (its sequence, for the button), None: none
    takeback_seq: int | None = None
    taken_back: Action | None = None  # the change took this action back (its events: the table's line)


@dataclass
class Alarm:
    """A turn-clock deadline that came due: remind the seat at half time, or its time ran out."""

    table: Table
    seat: int
    kind: str
    deadline: Any = None  # when the seat's time runs out (a datetime)


class Voted(NamedTuple):
    """A vote cast on a seat whose time ran out: the table after it, the decision if one was
    reached (``stand_in`` or ``end``), and the ballot as it stood then (option -> voters' user ids),
    kept also when a decision closed it."""

    table: Table
    decided: str | None
    ballot: dict[str, list[int]]


def _differences(mine: Any, public: Any, path: str = "") -> dict[str, str]:
    """Where a seat's view differs from the public view: path -> the seat's value as JSON text."""
    if isinstance(mine, dict) and isinstance(public, dict):
        out: dict[str, str] = {}
        for k, v in mine.items():
            if v != public.get(k):
                out.update(_differences(v, public.get(k), f"{path}/{k}"))
        return out
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        out = {}
        for i, (a, b) in enumerate(zip(mine, public, strict=True)):
            if a != b:
                out.update(_differences(a, b, f"{path}/{i}"))
        return out
    return {path: _text(mine)}


def _at(view: Any, path: str) -> str | None:
    """The value at ``path`` of a view as JSON text (None when the path is not there)."""
    for key in path.split("/")[1:]:
        index = int(key) if key.isdigit() else None
        if isinstance(view, dict) and key in view:
            view = view[key]
        elif index is not None and (
            index in view if isinstance(view, dict) else isinstance(view, list) and index < len(view)
        ):
            view = view[index]
        else:
            return None
    return _text(view)


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)

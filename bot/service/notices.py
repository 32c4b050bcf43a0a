"""What the service hands to the chat adapter after a unit of work: plain data, no Discord."""

from __future__ import annotations

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
    prompt_sigs: dict[int, str] = field(default_factory=dict)  # what each open prompt's menu holds, hashed
    result: Result | None = None
    clock_seconds: int | None = None
    votes: dict[str, Any] = field(default_factory=dict)  # expired seat -> {"stand_in": [...], "end": [...]}
    parent_channel_id: int | None = None  # the channel a game thread hangs from
    resigned_by: int | None = None  # the seat whose resignation ended a two-player game
    rating_changes: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> (before, after)
    host_changed: bool = False  # the host left or stopped playing: host_id names who hosts now
    log_recent: list[Event] = field(default_factory=list)  # the channel's latest events, oldest first
    log_pending: list[Event] = field(default_factory=list)  # events not yet in the log thread
    # Views made of this state, by seat: an action's answer, prompt and texts each ask for one.
    _views: dict[int | None, tuple[Any, list[str], dict[str, Any]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @property
    def host(self) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == self.host_id), None)

    @property
    def names(self) -> list[str]:
        return [s.label for s in self.seats]

    def view(self, seat: int | None) -> dict[str, Any]:
        """That seat's view with the seats' names, so menus and prompts name players ("rob bob").
        Made once per state and seat (readers never change a view; each gets its own top level)."""
        names = self.names
        kept = self._views.get(seat)
        if kept is None or kept[0] is not self.state or kept[1] != names:
            kept = self._views[seat] = (self.state, names, {**self.engine.view(self.state, seat), "names": names})
        return dict(kept[2])

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

    def asked_to_answer(self) -> dict[int, Prompt]:
        """The people an open offer asks to answer, with what it asks: the engine's invitations
        that are questions (never blocking; an optional change of a hidden pick is none)."""
        invite = getattr(self.engine, "invitations", None)
        if self.state is None or invite is None or self.result is not None:
            return {}
        ai = self.ai_seats
        return {s: p for s, p in invite(self.state).items() if s not in ai and not p.data.get("optional")}

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

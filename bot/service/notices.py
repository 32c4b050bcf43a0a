"""What the service hands to the chat adapter after a unit of work: plain data, no Discord."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import Engine, Event, Prompt, Result


@dataclass(frozen=True)
class SeatInfo:
    position: int
    user_id: int | None
    name: str
    locale: str
    dm_open: bool
    ai_level: str | None = None  # easy, normal or hard when an AI plays this seat

    @property
    def label(self) -> str:
        """The name shown in the game: AI seats say so."""
        return f"{self.name} (AI)" if self.ai_level else self.name


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

    @property
    def names(self) -> list[str]:
        return [s.label for s in self.seats]

    @property
    def humans(self) -> list[SeatInfo]:
        return [s for s in self.seats if s.ai_level is None]

    @property
    def ai_seats(self) -> dict[int, str]:
        """AI seats and their levels."""
        return {s.position: s.ai_level for s in self.seats if s.ai_level}

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.position
        return None

    def user_of(self, seat: int) -> int | None:
        return self.seats[seat].user_id if 0 <= seat < len(self.seats) else None


@dataclass
class Outcome:
    """The result of a change: the table after it, the events to tell, whom to prompt by DM."""

    table: Table
    events: list[Event] = field(default_factory=list)
    new_secret_prompts: list[int] = field(default_factory=list)  # seats to DM
    new_public_prompts: list[int] = field(default_factory=list)  # seats to call to the table
    finished: bool = False
    action_seat: int | None = None

"""The file ``/export`` writes and ``python -m games replay FILE`` reads, as a schema.

``games.replay.export`` builds the document; ``ExportFile`` says what a readable one looks like,
so a damaged or hand-made file is refused with one line naming the key that is wrong, before
any engine sees it. Keys this version does not know are ignored (a newer export stays readable),
and keys added later are optional (an older export stays readable): ``seats`` (who played each seat:
a person or an AI level, and who resigned) came after the first exports.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from games import registry
from games.json_file import DamagedFile, first_problem, kind_of

FORMAT = "speltafel-replay"
VERSION = 1


def check_game(key: str) -> str:
    if key not in registry.ENGINES:
        raise ValueError(f"game: unknown game {key[:40]!r} (the games are {', '.join(sorted(registry.ENGINES))})")
    return key


def player_counts(key: str) -> list[int]:
    engine = registry.get(key)
    return list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))


def check_players(key: str, players: int) -> None:
    counts = player_counts(key)
    if players not in counts:
        raise ValueError(f"players: {key} is played by {', '.join(map(str, counts))} players, not {players}")


class _Data(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class LogEntry(_Data):
    """One step: the start (no seat, no action) or one seat's action, with what it caused."""

    seat: StrictInt | None
    action: dict[str, Any] | None
    events: list[dict[str, Any]]


class ResultDoc(_Data):
    """``games.core.Result.to_json``: seats as string keys."""

    scores: dict[str, StrictFloat | None]  # strict floats take whole numbers too
    ranks: dict[str, StrictInt]
    winners: list[StrictInt]
    tiebreak: StrictStr | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    extra: dict[str, Any] = Field(default_factory=dict)


class SeatDoc(_Data):
    """``games.standing.SeatRecord.to_json``: a person (``ai`` null) or an AI player's level."""

    name: StrictStr
    ai: StrictStr | None = None
    resigned: StrictBool = False


class ExportFile(_Data):
    format: Literal["speltafel-replay"]
    version: Literal[1]
    game: StrictStr
    players: StrictInt
    names: list[StrictStr]
    options: dict[str, Any]
    seed: StrictInt
    log: list[LogEntry] = Field(min_length=1)
    result: ResultDoc | None
    final: dict[str, Any]
    seats: list[SeatDoc] | None = None

    @model_validator(mode="after")
    def _fits_together(self) -> ExportFile:
        check_game(self.game)
        check_players(self.game, self.players)
        if len(self.names) != self.players:
            count = len(self.names)
            raise ValueError(f"names: {count} name{'' if count == 1 else 's'} for {self.players} players")
        if self.seats is not None and len(self.seats) != self.players:
            count = len(self.seats)
            raise ValueError(f"seats: {count} seat{'' if count == 1 else 's'} for {self.players} players")
        for i, entry in enumerate(self.log):
            if i == 0:
                if entry.seat is not None or entry.action is not None:
                    raise ValueError("log[0]: the first entry is the start, with seat and action null")
                continue
            if entry.action is None:
                raise ValueError(f"log[{i}].action: every entry after the start holds an action, not null")
            if entry.seat is None:
                raise ValueError(f"log[{i}].seat: an action needs the seat that made it, not null")
            if not 0 <= entry.seat < self.players:
                raise ValueError(f"log[{i}].seat: {entry.seat} is no seat of a {self.players}-player game")
        return self

    @property
    def actions(self) -> list[tuple[int, dict[str, Any]]]:
        return [(entry.seat, entry.action) for entry in self.log[1:] if entry.seat is not None and entry.action]


def parse(doc: Any) -> ExportFile:
    """The export in ``doc`` (a decoded JSON value), or DamagedFile saying what is wrong."""
    if not isinstance(doc, dict):
        raise DamagedFile(f"the file holds {kind_of(doc)}, not a JSON object: it is not a Speltafel replay file")
    if doc.get("format") != FORMAT:
        raise DamagedFile(f'not a Speltafel replay file (no "format": "{FORMAT}")')
    if doc.get("version") != VERSION and isinstance(doc.get("version"), int):
        raise DamagedFile(f"version {doc['version']} of the replay format; this program reads version {VERSION}")
    try:
        return ExportFile.model_validate(doc)
    except ValidationError as exc:
        raise DamagedFile(first_problem(exc)) from None

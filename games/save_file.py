"""The file ``python -m games play --save FILE`` keeps a game in, as a schema.

A save is the game's set-up and its action log: the log replays from the seed to the position.
``SaveFile`` says what a readable one looks like, so a damaged file is refused with one line
before the table starts. Saves written before the ``format`` key existed have none and still load.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError, model_validator

from games import ai
from games.export_file import FORMAT as EXPORT_FORMAT
from games.export_file import check_game, check_players
from games.json_file import DamagedFile, first_problem, kind_of

FORMAT = "speltafel-save"


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    format: Literal["speltafel-save"] | None = None
    game: StrictStr
    players: StrictInt
    ai: list[StrictStr]
    seed: StrictInt
    options: dict[str, Any] = Field(default_factory=dict)
    lang: Literal["en", "nl"] = "en"
    log: list[tuple[StrictInt, dict[str, Any]]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _fits_together(self) -> SaveFile:
        check_game(self.game)
        check_players(self.game, self.players)
        for i, level in enumerate(self.ai):
            if level not in ai.LEVELS:
                raise ValueError(f"ai[{i}]: {level[:20]!r} is no AI level ({', '.join(ai.LEVELS)})")
        if len(self.ai) > self.players:
            raise ValueError(f"ai: {len(self.ai)} AI seats at a table of {self.players}")
        for i, (seat, _action) in enumerate(self.log):
            if not 0 <= seat < self.players:
                raise ValueError(f"log[{i}][0]: {seat} is no seat of a {self.players}-player game")
        return self


def parse(doc: Any) -> SaveFile:
    """The saved game in ``doc`` (a decoded JSON value), or DamagedFile saying what is wrong."""
    if not isinstance(doc, dict):
        raise DamagedFile(f"the file holds {kind_of(doc)}, not a JSON object: it is not a saved game")
    if doc.get("format") == EXPORT_FORMAT:
        raise DamagedFile("it is an exported game, not a saved one: play it back with python -m games replay FILE")
    try:
        return SaveFile.model_validate(doc)
    except ValidationError as exc:
        raise DamagedFile(first_problem(exc)) from None

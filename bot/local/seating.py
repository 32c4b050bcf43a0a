"""Who sits at a new local table: the people first, then the AI seats, by the rules of the console
table (``python -m games play``): ``--players`` counts every seat; with ``--ai`` and no ``--players``
one person plays against the AI seats, and a game that needs more seats gets more AI players of the
last level given; without ``--ai`` the fewest seats the game allows are all people."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.export_file import player_counts

MAX_NAME = 32


class SeatingError(Exception):
    """A seating that cannot be: ``key`` names the words that say why (bot/local/words.py)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params


@dataclass(frozen=True)
class Seating:
    names: tuple[str, ...]  # the people, in seat order
    levels: tuple[str, ...]  # the AI seats after them
    added: int = 0  # AI seats added because the game needs more players

    @property
    def players(self) -> int:
        return len(self.names) + len(self.levels)


def seating(
    game_key: str, players: int | None, levels: list[str], names: list[str], default_name: str, game_name: str
) -> Seating:
    """The seating asked for, or SeatingError. ``default_name`` names person n (``Player {n}``)."""
    counts = player_counts(game_key)
    levels = list(levels)
    added = 0
    if players is not None:
        people = players - len(levels)
        if people < 1:
            raise SeatingError("too_many_ai", ai=len(levels), players=players)
    else:
        people = len(names) or (1 if levels else counts[0])
        players = next((n for n in counts if n >= people + len(levels)), people + len(levels))
        added = players - people - len(levels)
        levels += [levels[-1] if levels else "normal"] * added
    if players not in counts:
        raise SeatingError("bad_count", game=game_name, counts=", ".join(map(str, counts)), players=players)
    if names and len(names) != people:
        raise SeatingError("names_count", count=len(names), people=people)
    chosen = [name.strip() for name in names] or [default_name.format(n=i + 1) for i in range(people)]
    for name in chosen:
        if not 0 < len(name) <= MAX_NAME or not name.isprintable():
            raise SeatingError("bad_name", name=repr(name[:40]))
    folded = [name.casefold() for name in chosen]
    twice = next((name for i, name in enumerate(chosen) if folded[i] in folded[:i]), None)
    if twice is not None:
        raise SeatingError("names_twice", name=twice)
    return Seating(tuple(chosen), tuple(levels), added)

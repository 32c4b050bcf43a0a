"""Ratings per server and game: Plackett-Luce (PyPI ``openskill``), ties and teams included.

Every finished game with at least two people updates the rating of every seat: a person by their
user id, an AI player by its level (``ai:hard``), so people can see how they compare with the bots.
A resignation counts as a loss (last place, whatever the stand-in then made of the seat); abandoned
games are not rated. Teams (War Chest with four players) are rated as sides. A game is rated once:
its row is marked in the same unit of work that writes the new ratings.

The shown rating is ``1000 + 40 * (mu - 3 sigma)``: 1000 for a newcomer, rising as results make the
rating both higher and surer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from games import registry

MODEL = PlackettLuce()


def shown(mu: float, sigma: float) -> int:
    return round(1000 + 40 * (mu - 3 * sigma))


#: The shown rating of a player's first game.
NEWCOMER = 1000


def player_key(user_id: int | None, ai_level: str | None) -> str:
    return f"ai:{ai_level}" if ai_level else f"u:{user_id}"


@dataclass(frozen=True)
class Entry:
    """One seat of a finished game as the rating sees it."""

    seat: int
    player: str  # "u:<user id>" or "ai:<level>"
    rank: int  # 1 = best; equal ranks tie
    score: float
    resigned: bool = False


@dataclass
class Standing:
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    best_score: float | None = None

    @property
    def rating(self) -> int:
        return shown(self.mu, self.sigma)


def entries_of(game_key: str, result: dict[str, Any], seats: list[dict[str, Any]]) -> list[Entry]:
    """The rated seats of a stored result; resigned seats share the last place."""
    ranks = {int(k): int(v) for k, v in (result.get("ranks") or {}).items()}
    scores = {int(k): float(v) for k, v in (result.get("scores") or {}).items()}
    last = max(ranks.values(), default=1) + 1
    out = []
    for seat in seats:
        position = seat["position"]
        rank = last if seat.get("resigned") else ranks.get(position, last)
        out.append(
            Entry(
                position,
                player_key(seat.get("user_id"), seat.get("ai_level") if seat.get("is_ai") else None),
                rank,
                scores.get(position, 0.0),
                bool(seat.get("resigned")),
            )
        )
    return out


def rateable(entries: list[Entry]) -> bool:
    return sum(1 for e in entries if e.player.startswith("u:")) >= 2


def update(game_key: str, entries: list[Entry], current: dict[str, Standing]) -> dict[str, Standing]:
    """New standings of the game's players (``current`` holds those already rated; others start fresh).
    Several AI seats of one level in a game share one rating: the first such seat speaks for it."""
    engine = registry.get(game_key)
    team_of = getattr(engine, "team_of", None)
    players = len(entries)
    sides: dict[int, list[Entry]] = {}
    for entry in entries:
        side = team_of(entry.seat, players) if team_of else entry.seat
        sides.setdefault(side, []).append(entry)
    counted: set[str] = set()
    teams, ranks, members = [], [], []
    for side in sorted(sides):
        team, who = [], []
        for entry in sides[side]:
            if entry.player in counted:
                continue
            counted.add(entry.player)
            base = current.get(entry.player) or Standing(MODEL.mu, MODEL.sigma)
            team.append(MODEL.rating(mu=base.mu, sigma=base.sigma))
            who.append(entry)
        if team:
            teams.append(team)
            ranks.append(min(e.rank for e in sides[side]))
            members.append(who)
    rated = MODEL.rate(teams, ranks=ranks) if len(teams) >= 2 else teams
    out: dict[str, Standing] = {}
    for team, who in zip(rated, members):
        for rating, entry in zip(team, who):
            before = current.get(entry.player) or Standing(MODEL.mu, MODEL.sigma)
            best = entry.score if before.best_score is None else max(before.best_score, entry.score)
            out[entry.player] = Standing(
                rating.mu, rating.sigma, before.games + 1, before.wins + (entry.rank == 1 and not entry.resigned), best
            )
    return out

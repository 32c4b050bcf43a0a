"""Ratings per server and game: Plackett-Luce (PyPI ``openskill``), ties and teams included.

Every finished game with a person in it updates the rating of every seat: a person by their user
id, an AI player by its level (``ai:hard``), so people can see how they compare with the bots, also
from games they play against AI players alone. A resignation counts as a loss (last place, whatever
the stand-in then made of the seat: ``games.standing.ranked``, the rule every record ranks by);
abandoned games are not rated. Teams (War Chest with four players) are rated as sides. A game is rated once:
its row is marked in the same unit of work that writes the new ratings.

The shown rating is ``1000 + 40 * (mu - 3 sigma)``: 1000 for a newcomer, rising as results make the
rating both higher and surer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from games import registry
from games.standing import ranked, result_from_json

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
    """The rated seats of a stored result, ranked with resignations counted as losses."""
    if not result or not result.get("ranks"):
        return []
    gone = {seat["position"] for seat in seats if seat.get("resigned")}
    final = ranked(result_from_json(result), gone, getattr(registry.get(game_key), "team_of", None))
    last = max(final.ranks.values(), default=0) + 1
    return [
        Entry(
            seat["position"],
            player_key(seat.get("user_id"), seat.get("ai_level") if seat.get("is_ai") else None),
            final.ranks.get(seat["position"], last),
            float(final.scores.get(seat["position"]) or 0.0),
            seat["position"] in gone,
        )
        for seat in seats
    ]


def rateable(entries: list[Entry]) -> bool:
    """A person played, against at least one other player (a person or an AI level)."""
    players = {e.player for e in entries}
    return any(p.startswith("u:") for p in players) and len(players) >= 2


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
            best = before.best_score
            if not entry.resigned:  # a resigned seat's score is its stand-in's, not the person's
                best = entry.score if best is None else max(best, entry.score)
            out[entry.player] = Standing(
                rating.mu, rating.sigma, before.games + 1, before.wins + (entry.rank == 1 and not entry.resigned), best
            )
    return out

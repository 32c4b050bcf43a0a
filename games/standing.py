"""A finished game's standing as its records tell it: who sat where (AI players and their level,
who resigned), the final ranks with resignations counted, and the words for how it ended.

One rule ranks a resigned seat everywhere (the result message, /history, exports, replays, the
terminal playback and the ratings): a resignation counts as a loss. A seat that resigned is ranked
last, after every seat that did not (several resigned seats share the last place), whatever the
stand-in that played it to the end then scored; the others keep their order and close up. Only a
side nobody plays on for any more gives up its place: in War Chest's team game a resigned seat is
last itself, but its partner keeps the side's rank. The scores stay as they were played.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from games.core import Result

TeamOf = Callable[[int, int], int]

LEVELS = {
    "en": {"easy": "easy", "normal": "normal", "hard": "hard"},
    "nl": {"easy": "makkelijk", "normal": "normaal", "hard": "moeilijk"},
}

WORDS = {
    "en": {
        "and": "and",
        "wins": "{names} wins",
        "win": "{names} win",
        "nobody": "nobody wins",
        "resigned_one": "{names} resigned",
        "resigned_many": "{names} resigned",
        "resigned_mark": "resigned",
        "rank": "{rank}. {name}: {score}",
    },
    "nl": {
        "and": "en",
        "wins": "{names} wint",
        "win": "{names} winnen",
        "nobody": "niemand wint",
        "resigned_one": "{names} heeft opgegeven",
        "resigned_many": "{names} hebben opgegeven",
        "resigned_mark": "opgegeven",
        "rank": "{rank}. {name}: {score}",
    },
}


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a finished game: its name, the AI level playing it (None for a person), and
    whether the person resigned."""

    name: str
    ai_level: str | None = None
    resigned: bool = False

    @property
    def label(self) -> str:
        """The name the game showed at its table: AI seats say so."""
        return f"{self.name} (AI)" if self.ai_level else self.name

    def long_label(self, lang: str) -> str:
        """The name with the AI level spelled out, as the lobby lists it: "Ada (AI, normal)"."""
        if not self.ai_level:
            return self.name
        level = LEVELS.get(lang, LEVELS["en"]).get(self.ai_level, self.ai_level)
        return f"{self.name} (AI, {level})"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "ai": self.ai_level, "resigned": self.resigned}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> SeatRecord:
        return cls(str(doc["name"]), doc.get("ai"), bool(doc.get("resigned", False)))


def result_from_json(doc: dict[str, Any]) -> Result:
    """A stored ``Result.to_json`` back as a Result."""
    return Result(
        scores={int(k): v for k, v in (doc.get("scores") or {}).items()},
        ranks={int(k): int(v) for k, v in (doc.get("ranks") or {}).items()},
        winners=[int(s) for s in doc.get("winners") or []],
        tiebreak=doc.get("tiebreak"),
        details={int(k): v for k, v in (doc.get("details") or {}).items()},
        extra=dict(doc.get("extra") or {}),
    )


def ranked(result: Result, resigned: Collection[int], team_of: TeamOf | None = None) -> Result:
    """The result with resignations counted as losses (see the module's rule). The resigned seats
    are listed in ``extra["resigned_seats"]``; ranking an already ranked result changes nothing."""
    gone = sorted({s for s in resigned if s in result.ranks})
    if not gone:
        return result
    players = len(result.ranks)
    sides: dict[int, list[int]] = {}
    for seat in result.ranks:
        sides.setdefault(team_of(seat, players) if team_of else seat, []).append(seat)
    # the places of the sides nobody plays on for: each lets those it was ranked above move up one
    given_up = [min(result.ranks[s] for s in seats) for seats in sides.values() if set(seats) <= set(gone)]
    ranks = {
        seat: rank - sum(1 for place in given_up if place < rank)
        for seat, rank in result.ranks.items()
        if seat not in gone
    }
    # behind every side still in play (a rank says how many sides are ahead, plus one)
    side_of = {seat: side for side, seats in sides.items() for seat in seats}
    last = 1 + len({side_of[seat] for seat in ranks})
    ranks.update({seat: last for seat in gone})
    winners = [seat for seat in sorted(ranks) if ranks[seat] == 1 and seat not in gone]
    extra = {**result.extra, "resigned_seats": gone}
    return Result(dict(result.scores), dict(sorted(ranks.items())), winners, result.tiebreak, result.details, extra)


def resigned_seats(result: Result | None) -> list[int]:
    """The seats a ranked result counts as resigned."""
    return list((result.extra if result else {}).get("resigned_seats") or [])


def order(result: Result) -> list[int]:
    """The seats best first (by rank, then seat)."""
    return sorted(result.ranks, key=lambda s: (result.ranks[s], s))


def names_joined(names: list[str], lang: str) -> str:
    """Names as a sentence lists them: "a", "a and b", "a, b and c"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {WORDS.get(lang, WORDS['en'])['and']} {names[-1]}"


def ending(result: Result, names: list[str], lang: str) -> str:
    """How the game ended in a few words: "carol resigned · bob wins"."""
    words = WORDS.get(lang, WORDS["en"])
    parts = []
    gone = resigned_seats(result)
    if gone:
        key = "resigned_one" if len(gone) == 1 else "resigned_many"
        parts.append(words[key].format(names=names_joined([names[s] for s in gone], lang)))
    winners = [names[s] for s in result.winners]
    if not winners:
        parts.append(words["nobody"])
    else:
        parts.append(words["wins" if len(winners) == 1 else "win"].format(names=names_joined(winners, lang)))
    return " · ".join(parts)


def score_text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def rank_lines(result: Result, names: list[str], lang: str, score: Callable[[Any], str] | None = None) -> list[str]:
    """One line a seat, best first: "1. bob: 18", "3. carol: 20 (resigned)"; ``score`` words a
    score with its unit (a game's ``score_text``: "18 prestige points")."""
    say = score or score_text
    words = WORDS.get(lang, WORDS["en"])
    gone = set(resigned_seats(result))
    out = []
    for seat in order(result):
        name = f"{names[seat]} ({words['resigned_mark']})" if seat in gone else names[seat]
        out.append(words["rank"].format(rank=result.ranks[seat], name=name, score=say(result.scores.get(seat))))
    return out

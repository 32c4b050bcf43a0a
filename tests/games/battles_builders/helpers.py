"""Small drivers for Battles & Builders scenarios: scripted starts and whole-round commits."""

from __future__ import annotations

from typing import Any

from games.battles_builders.engine import ENGINE
from games.core import Event

E = ENGINE


def chips(b: int = 0, i: int = 0, c: int = 0, a: int = 0, k: int = 0) -> dict[str, int]:
    return {"builder": b, "infantry": i, "cavalry": c, "archer": a, "king": k}


def game(
    players: int,
    order: list[str] | None = None,
    dice: list[int] | None = None,
    draws: list[list[str]] | None = None,
    seed: int = 1,
    **options: Any,
) -> Any:
    script: dict[str, Any] = {}
    if order is not None:
        script["event_order"] = order
    if dice is not None:
        script["dice"] = dice
    if draws is not None:
        script["dummy_draws"] = draws
    if script:
        options["script"] = script
    return E.start(players, options, seed)


def commit(st: Any, seat: int, **kw: int) -> list[Event]:
    return E.apply(st, seat, {"type": "commit", "chips": chips(**kw)})


def commit_round(st: Any, commits: dict[int, dict[str, int]] | None = None) -> list[Event]:
    """Every real seat commits in the order the engine asks; seats not named commit nothing."""
    commits = commits or {}
    events: list[Event] = []
    for _ in range(E.view(st, None)["players"]):
        waiting = [s for s, p in E.pending(st).items() if p.kind == "commit"]
        seat = waiting[0]
        events += E.apply(st, seat, {"type": "commit", "chips": commits.get(seat, chips())})
    return events


def act(st: Any, actor: int, type_: str, /, **fields: Any) -> list[Event]:
    return E.apply(st, actor, {"type": type_, **fields})


def of(events: list[Event], type_: str) -> list[Event]:
    return [e for e in events if e["type"] == type_]


def public(events: list[Event]) -> list[Event]:
    return [e for e in events if "to" not in e]


def score(st: Any, seat: int) -> int:
    v = E.view(st, None)
    return v["dummy"]["score"] if seat >= v["players"] else v["seats"][seat]["score"]


def points(st: Any, seat: int) -> dict[str, int]:
    v = E.view(st, None)
    entry = v["dummy"] if seat >= v["players"] else v["seats"][seat]
    return entry["points"]


def rolls(events: list[Event]) -> list[tuple[str, int, int, int, list[int], int]]:
    """(throw, number, batch, seat, values, total) of every dice_rolled event."""
    return [
        (e["throw"], e["number"], e["batch"], e["seat"], e["values"], e["total"]) for e in of(events, "dice_rolled")
    ]

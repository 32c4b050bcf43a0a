"""The state of one game of Im Schutze der Burg: slotted dataclasses, dump, load and clone.

Counts per resource are 5-int lists in the order of ``data.RESOURCES``; seats are ints. The
compiled rule table is not part of the dump: it is rebuilt (cached) from the configuration.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from games.moves import Noted, copy_moves
from games.rng import Chance

from .rules import Rules, compile_rules

__all__ = ("Player", "State", "dump_state", "load_state", "clone_state")


@dataclass(slots=True)
class Player:
    taler: int
    res: list[int]
    vp: int
    helpers: int  # in the personal supply
    hand: list[str]  # in card order
    played: list[str]  # face up, in card order


@dataclass(slots=True)
class State:
    n: int
    config: dict[str, Any]
    chance: Chance
    rules: Rules
    round: int = 0
    start: int = 0
    track: int = 0
    bank: int = 0
    supply: list[int] | None = None
    tower: list[int] | None = None
    forge: int = 0
    removed_res: list[int] | None = None
    removed_taler: int = 0
    players: list[Player] | None = None
    field_owner: list[int] | None = None  # -1 = free
    field_round: list[int] | None = None  # round the helper was placed
    built: dict[str, list[Any]] | None = None  # tile -> [seat or -1, round, card or None]
    spaces: dict[str, int] | None = None  # occupied helper space -> seat
    winter_deck: list[str] | None = None
    winter_seen: list[str] | None = None
    guests: list[int] | None = None
    phase: str = "select"  # select, equip, act, over
    selections: list[list[str] | None] | None = None
    revealed: list[list[str]] | None = None
    workers: list[list[Any]] | None = None  # [seat, card, [5 counts]] in equip order
    equip_at: int = -1
    queue: list[list[Any]] | None = None  # [card, seat] still to resolve
    task: dict[str, Any] | None = None  # the card resolving now
    round_builds: list[list[Any]] | None = None  # [seat, tile, card]
    round_helpers: list[list[str]] | None = None  # per seat: buildings helped this round
    seq: int = 0
    end_reason: str | None = None
    final: dict[str, Any] | None = None
    opening: list[dict[str, Any]] | None = None  # what ``start`` did (round 1 set-up events)
    moves: list[Noted] = field(default_factory=list)  # the latest public moves, oldest first (games/moves.py)
    searching: bool = False  # a search's copy (``determinize``): its moves are never shown, so none are kept

    def order(self) -> list[int]:
        """Player order of this round: the start player, then clockwise."""
        n = self.n
        return [(self.start + i) % n for i in range(n)]


_PLAIN = (
    "round",
    "start",
    "track",
    "bank",
    "forge",
    "removed_taler",
    "phase",
    "equip_at",
    "seq",
    "end_reason",
)
_LISTS = (
    "supply",
    "tower",
    "removed_res",
    "field_owner",
    "field_round",
    "winter_deck",
    "winter_seen",
    "guests",
)


def dump_state(s: State) -> dict[str, Any]:
    # the configuration may be shared by many games (never changed): the dump gets its own copy
    out: dict[str, Any] = {"n": s.n, "config": json.loads(json.dumps(s.config)), "chance": s.chance.dump()}
    for k in _PLAIN:
        out[k] = getattr(s, k)
    for k in _LISTS:
        out[k] = list(getattr(s, k))
    out["players"] = [
        {
            "taler": p.taler,
            "res": list(p.res),
            "vp": p.vp,
            "helpers": p.helpers,
            "hand": list(p.hand),
            "played": list(p.played),
        }
        for p in s.players or ()
    ]
    out["built"] = {k: list(v) for k, v in (s.built or {}).items()}
    out["spaces"] = dict(s.spaces or {})
    out["selections"] = [None if x is None else list(x) for x in s.selections or ()]
    out["revealed"] = [list(x) for x in s.revealed or ()]
    out["workers"] = [[w[0], w[1], list(w[2])] for w in s.workers or ()]
    out["queue"] = [list(q) for q in s.queue or ()]
    out["task"] = None if s.task is None else _plain(s.task)
    out["round_builds"] = [list(b) for b in s.round_builds or ()]
    out["round_helpers"] = [list(h) for h in s.round_helpers or ()]
    out["final"] = None if s.final is None else _plain(s.final)
    out["opening"] = _plain(s.opening or [])
    out["moves"] = copy_moves(s.moves)
    return out


def load_state(d: dict[str, Any]) -> State:
    config = d["config"]
    n = d["n"]
    s = State(
        n=n, config=config, chance=Chance.load(d["chance"]), rules=compile_rules(json.dumps(config, sort_keys=True), n)
    )
    for k in _PLAIN:
        setattr(s, k, d[k])
    for k in _LISTS:
        setattr(s, k, list(d[k]))
    s.players = [
        Player(p["taler"], list(p["res"]), p["vp"], p["helpers"], list(p["hand"]), list(p["played"]))
        for p in d["players"]
    ]
    s.built = {k: list(v) for k, v in d["built"].items()}
    s.spaces = {k: int(v) for k, v in d["spaces"].items()}
    s.selections = [None if x is None else list(x) for x in d["selections"]]
    s.revealed = [list(x) for x in d["revealed"]]
    s.workers = [[w[0], w[1], list(w[2])] for w in d["workers"]]
    s.queue = [list(q) for q in d["queue"]]
    s.task = None if d["task"] is None else _plain(d["task"])
    s.round_builds = [list(b) for b in d["round_builds"]]
    s.round_helpers = [list(h) for h in d["round_helpers"]]
    s.final = None if d["final"] is None else _plain(d["final"])
    s.opening = _plain(d.get("opening") or [])
    s.moves = copy_moves(d.get("moves") or [])  # older snapshots have none
    return s


def _plain(x: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars), quicker than a JSON round trip."""
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    return x


def clone_state(s: State) -> State:
    """An independent copy for search, made field by field (no JSON, no deepcopy).

    The compiled rules, the configuration and the opening events are shared (never changed), and
    so are the small lists the engine only ever replaces, never changes in place: the entries of
    ``built``, ``queue``, ``round_builds``, ``selections`` and ``revealed``."""
    c = object.__new__(State)
    c.n = s.n
    c.config = s.config
    c.chance = s.chance.clone()
    c.rules = s.rules
    c.round = s.round
    c.start = s.start
    c.track = s.track
    c.bank = s.bank
    c.supply = list(s.supply)
    c.tower = list(s.tower)
    c.forge = s.forge
    c.removed_res = list(s.removed_res)
    c.removed_taler = s.removed_taler
    c.players = [Player(p.taler, list(p.res), p.vp, p.helpers, list(p.hand), list(p.played)) for p in s.players]
    c.field_owner = list(s.field_owner)
    c.field_round = list(s.field_round)
    c.built = dict(s.built)
    c.spaces = dict(s.spaces)
    c.winter_deck = list(s.winter_deck)
    c.winter_seen = list(s.winter_seen)
    c.guests = list(s.guests)
    c.phase = s.phase
    c.selections = list(s.selections)
    c.revealed = list(s.revealed)
    c.workers = [[w[0], w[1], list(w[2])] for w in s.workers]
    c.equip_at = s.equip_at
    c.queue = list(s.queue)
    t = s.task
    c.task = None if t is None else {k: (list(v) if type(v) is list else v) for k, v in t.items()}
    c.round_builds = list(s.round_builds)
    c.round_helpers = [list(h) for h in s.round_helpers]
    c.seq = s.seq
    c.end_reason = s.end_reason
    c.final = None if s.final is None else _plain(s.final)
    c.opening = list(s.opening or [])  # told once at the start, never changed
    c.moves = list(s.moves)  # a kept move is never changed, only followed by new ones
    c.searching = s.searching
    return c

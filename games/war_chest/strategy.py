"""The ``normal`` AI for War Chest: a casual player's priorities, no search.

Every legal action gets a score: a Control that places the side's last marker wins and comes
first; striking down the last coin of an enemy unit that could place the enemy's last marker on
its next turn comes next; then take a location when a unit stands on one, attack when a target
is in reach (more for a last coin or a unit on a location), deploy and bolster units that stand
on or near locations, march toward the nearest location the team does not hold, recruit while
the bag is thin; coins whose unit is on the board are kept for moving and fighting, and the
Royal Coin and coins without a unit are spent on the initiative, recruiting and passing. Scored,
never simulated, so ``hard`` can use it in its rollouts.
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.core import Action, share_of_win
from games.war_chest import data as D
from games.war_chest.state import WarChestState

HEX = {name: i for i, name in enumerate(D.HEX_NAMES)}
KIND = {name: k for k, name in enumerate(D.UNIT_NAMES)}
#: draft picks, most wanted first: units that fight well on their own
DRAFT_ORDER = (
    D.KNIGHT,
    D.ROYAL_GUARD,
    D.CROSSBOWMAN,
    D.LIGHT_CAVALRY,
    D.FOOTMAN,
    D.MARSHALL,
    D.ARCHER,
    D.CAVALRY,
    D.PIKEMAN,
    D.SWORDSMAN,
    D.BERSERKER,
    D.MERCENARY,
    D.ENSIGN,
    D.LANCER,
    D.SCOUT,
    D.WARRIOR_PRIEST,
)
DRAFT_RANK = {k: i for i, k in enumerate(DRAFT_ORDER)}
#: a control that places the side's last marker wins the game: nothing else comes close
WIN = 1000.0
#: removing the unit that could place the enemy's last marker on its next turn
STOP = 50.0


def _open_locations(st: WarChestState, team: int) -> list[int]:
    return [h for h in D.BOARDS[st.players].locations if st.control.get(h) != team]


def _nearest(h: int, targets: list[int]) -> int:
    return min((D.distance(h, t) for t in targets), default=0)


def _about_to_win(st: WarChestState, h: int, side: int) -> bool:
    """Whether a unit of ``side`` on hex ``h`` could win with its next Control: ``h`` is a location
    its side does not hold and the side has one marker left (§10.7, §14)."""
    return st.reserve[side] == 1 and h in D.BOARDS[st.players].location_set and st.control.get(h) != side


def _enemy_near(st: WarChestState, h: int, team: int) -> int:
    board = D.BOARDS[st.players]
    n = 0
    for x in board.neighbours[h]:
        uid = st.at.get(x)
        if uid is not None and st.units[uid].owner & 1 != team:
            n += 1
    return n


def _unit_hex(st: WarChestState, seat: int, a: Action) -> int | None:
    """The hex of the unit an action moves or fights with."""
    at = a.get("at") or a.get("unit")
    if isinstance(at, str) and at in HEX:
        return HEX[at]
    kind = KIND.get(a.get("coin", ""))
    for u in st.units.values():
        if u.owner == seat and u.kind == kind:
            return u.hex
    return None


def _score(st: WarChestState, seat: int, a: Action, on_board: set[int]) -> float:
    team = seat & 1
    t = a.get("type")
    coin = KIND.get(a.get("coin", ""), -1)
    board = D.BOARDS[st.players]
    open_locs = _open_locations(st, team)
    if t == "control":
        if st.reserve[team] == 1:
            return WIN  # the side's last marker: the game is won at once (§14)
        here = _unit_hex(st, seat, a)
        return 12.0 + (3.0 if here is not None and here in st.control else 0.0)
    target = a.get("target")
    if isinstance(target, str) and target in HEX:  # an attack, by a unit or a tactic
        uid = st.at.get(HEX[target])
        if uid is None:
            return 1.0
        victim = st.units[uid]
        if victim.owner & 1 == team:
            return -5.0
        score = 9.0 + (3.0 if victim.hex in board.location_set else 0.0) + (2.0 if victim.height == 1 else 0.0)
        if victim.height == 1 and _about_to_win(st, victim.hex, victim.owner & 1):
            score += STOP  # its last coin: the unit that would place the enemy's last marker is gone
        return score
    if t == "deploy":
        h = HEX[a["to"]]
        return 6.0 + 0.5 * min(_nearest(h, open_locs), 3) * -1 + 0.5 * _enemy_near(st, h, team)
    if t == "bolster":
        h = _unit_hex(st, seat, a)
        if h is None:
            return 2.0
        # a unit whose coins are all on the board can never move again: bolster under threat
        return 1.0 + 2.5 * min(_enemy_near(st, h, team), 2)
    if t in ("move", "tactic") and isinstance(a.get("to"), str):
        src, dest = _unit_hex(st, seat, a), HEX[a["to"]]
        closer = (_nearest(src, open_locs) - _nearest(dest, open_locs)) if src is not None else 0
        # the marker stays when the unit leaves, and the location is free for the next deploy
        score = 4.0 + 2.0 * closer + (4.0 if dest in open_locs else 0.0)
        return score - 1.0 * _enemy_near(st, dest, team)
    spare = 1.5 if coin in on_board else 0.0  # a coin that could have moved or fought
    if t == "recruit":
        kind = KIND.get(a.get("unit", ""), -1)
        return 2.5 - spare + (1.0 if kind in on_board else 0.0) + 0.2 * st.seats[seat].supply[kind]
    if t == "claim_initiative":
        return (1.5 if st.initiative & 1 != team else -3.0) - spare + (1.0 if coin == D.ROYAL else 0.0)
    if t == "pass":
        return 0.5 - spare + (1.0 if coin == D.ROYAL else 0.0)
    if t == "soak":
        return 2.0 if a.get("from") == "supply" else 1.0
    if t == "draft":
        return 20.0 - DRAFT_RANK.get(KIND.get(a.get("unit", ""), -1), 16)
    if t == "decline":
        return 0.8
    return 1.0


def choose(engine: Any, state: WarChestState, seat: int, rng: random.Random) -> Action:
    actions = engine.legal(state, seat)
    if len(actions) == 1:
        return actions[0]
    on_board = {u.kind for u in state.units.values() if u.owner == seat}
    best, best_score = actions[0], -math.inf
    for a in actions:
        score = _score(state, seat, a, on_board) + 0.3 * rng.random()
        if score > best_score:
            best, best_score = a, score
    return best


def evaluate(engine: Any, state: WarChestState) -> dict[int, float]:
    """Roughly each seat's chance that its side wins: a softmax over the teams of locations held
    (the game is won with every marker out), plus a little for units and coins in play. A seat's
    value is its team's, on the same scale when the game is over: a won game is worth 1 to both
    seats of the winning team (not a half each, which would rate winning below a strong board),
    and a stalemate a half to everyone: each seat's ``share_of_win``."""
    st = state
    res = engine.result(st)
    if res is not None:
        return {s: share_of_win(engine, res, s) for s in range(st.players)}
    board = D.BOARDS[st.players]
    strength = [0.0, 0.0]
    for team in (0, 1):
        strength[team] = 1.2 * (board.markers - st.reserve[team])
    for u in st.units.values():
        strength[u.owner & 1] += 0.25 * u.height
    top = max(strength)
    exps = [math.exp(x - top) for x in strength]
    total = sum(exps)
    return {s: exps[s & 1] / total for s in range(st.players)}

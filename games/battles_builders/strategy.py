"""The ``normal`` AI for Battles & Builders: a casual player's reckoning, no search.

Commit: every legal commit is scored by what it should win this round (the event tile, weighed
by how its dice compare with what the others bring; the builder majority; a strategy tile for
the king) minus what its chips would be worth in the rounds still to come. In the barbarian
battle it brings just enough armies not to be the lowest. Kings take the sure point, then the
tile that helps most; the Catapult goes to the leader; Fresh troops re-rolls dice below their
average; Withdraw takes back chips that cannot change the outcome. Scored, never simulated, so
``hard`` can use it in its rollouts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from games.battles_builders import data as D
from games.battles_builders.engine import CATAPULT_TARGET, CHOOSE_TILE, COMMIT, FRESH_TROOPS, WITHDRAW, State
from games.battles_builders.rules import possible_commits
from games.core import Action, share_of_win

ARMY_NAMES = (D.INFANTRY, D.CAVALRY, D.ARCHER)
#: strategy tiles in the order a casual player reaches for them
TILE_PREFERENCE = (D.EXTRA_POINT, D.CLAIM3, D.TROJAN_HORSE, D.FRESH_TROOPS, D.CATAPULT, D.WITHDRAW)
#: what one unknown commit of another seat is assumed to bring: armies, builders
GUESS_ARMIES, GUESS_BUILDERS = 1.5, 1.0


def _average(st: State, colour: str) -> float:
    faces = st.cfg.faces[colour]
    return sum(faces) / len(faces)


def _strength(st: State, chips: Sequence[float], terrain: str) -> float:
    """Expected dice total of these chips on this terrain."""
    colours = st.cfg.colours[terrain]
    return sum(chips[D.ARMY_IDX[j]] * _average(st, colours[ARMY_NAMES[j]]) for j in range(3))


@cache
def _mean_commit(before: tuple[int, ...], count: int | None) -> tuple[float, ...]:
    """The average chips of the commits a seat holding ``before`` could have made (of ``count``
    chips when the count is public): what its hidden commit brings, as far as others can tell."""
    options = possible_commits(before, count)
    if not options:
        return (0.0,) * 5
    return tuple(sum(o[i] for o in options) / len(options) for i in range(5))


def _rivals(st: State, seat: int, terrain: str) -> tuple[list[float], list[float]]:
    """Expected strength and builders of every other competitor this round. A commit not yet
    revealed is never read, only its public count: in a search the others' policy would
    otherwise answer a commit it cannot see."""
    colours = st.cfg.colours[terrain]
    mean_die = sum(_average(st, colours[a]) for a in ARMY_NAMES) / 3
    hidden = st.phase == COMMIT
    strengths, builders = [], []
    for p, s in enumerate(st.seats):
        if p == seat:
            continue
        if s.commit is not None and hidden and p < st.players:  # unrevealed: its count only
            before = tuple(a + b for a, b in zip(s.stock, s.commit))
            mean = _mean_commit(before, None if st.cfg.simultaneous else s.count)
            strengths.append(_strength(st, mean, terrain))
            builders.append(mean[D.B])
        elif s.commit is not None:
            strengths.append(_strength(st, s.commit, terrain))
            builders.append(float(s.commit[D.B]))
        elif p >= st.players:  # the fictitious player draws 3 chips from its pool at the reveal
            pool = s.stock
            total = max(1, sum(pool[:4]))
            armies = 3 * sum(pool[i] for i in D.ARMY_IDX) / total
            strengths.append(armies * mean_die)
            builders.append(3 * pool[D.B] / total)
        else:
            armies = min(GUESS_ARMIES, sum(s.stock[i] for i in D.ARMY_IDX))
            strengths.append(armies * mean_die)
            builders.append(min(GUESS_BUILDERS, s.stock[D.B]))
    return strengths, builders


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _chip_worth(st: State, seat: int) -> float:
    """Points a chip is likely worth in the rounds after this one."""
    rounds = len(st.cfg.tiles)
    later = rounds - st.round
    if later <= 0:
        return 0.0
    chips = sum(st.seats[seat].stock)
    return 0.8 * later * 6 / max(chips, 1)


def _commit_score(
    st: State,
    chips: tuple[int, ...],
    terrain: str,
    value: int,
    worth: float,
    rivals: list[float],
    rival_builders: list[float],
) -> float:
    strength = _strength(st, chips, terrain)
    armies = chips[D.I] + chips[D.C] + chips[D.A]
    count = sum(chips)
    score = 0.0
    if count == 0:
        score -= 1  # zero commit (§6.4)
    if terrain == D.BARBARIAN:
        weakest = min(rivals) if rivals else 0.0
        if armies == 0:
            lowest = 0.9 if weakest > 0 else 0.5
        else:
            lowest = _logistic((weakest - strength) / 2.0)
        score -= 2 * lowest
    elif armies:
        strongest = max(rivals) if rivals else 0.0
        score += value * _logistic((strength - strongest) / 2.5)
    top = max(rival_builders) if rival_builders else 0.0
    b = chips[D.B]
    if b:
        score += 3 * _logistic((b - top - 0.5) * 2.0) + 0.5 * _logistic((b - top + 0.5) * 2.0)
    if chips[D.K] and st.display:
        score += 1.0
    return score - worth * (count + 0.5 * chips[D.K])


def _choose_commit(st: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    terrain, value = st.cfg.tiles[st.event] if st.event else (D.URBAN, 0)
    worth = _chip_worth(st, seat)
    rivals, rival_builders = _rivals(st, seat, terrain)
    best, best_score = actions[0], -math.inf
    for a in actions:
        c = a["chips"]
        chips = (c["builder"], c["infantry"], c["cavalry"], c["archer"], c["king"])
        score = _commit_score(st, chips, terrain, value, worth, rivals, rival_builders) + 0.05 * rng.random()
        if score > best_score:
            best, best_score = a, score
    return best


def _leader(st: State, among: list[int]) -> int:
    return max(among, key=lambda p: (st.seats[p].score(), -p))


def _choose_withdraw(st: State, seat: int, actions: list[Action]) -> Action:
    """Take back what does not change the outcome: armies that cannot win (or are not needed),
    builders that cannot reach the majority."""
    terrain, _ = st.cfg.tiles[st.event] if st.event else (D.URBAN, 0)
    commit = st.seats[seat].commit or [0] * 5
    rivals, rival_builders = _rivals(st, seat, terrain)
    strongest = max(rivals) if rivals else 0.0
    top = max(rival_builders) if rival_builders else 0.0

    def kept(a: Action) -> float:
        w = a["chips"]
        left = [commit[i] - w.get(D.KINDS[i], 0) for i in range(4)] + [commit[D.K]]
        strength = _strength(st, left, terrain)
        fight = 0.0 if terrain == D.BARBARIAN else _logistic((strength - strongest) / 2.5) * 4
        build = 3 * _logistic((left[D.B] - top - 0.5) * 2.0)
        return fight + build + 0.6 * sum(w.values())

    return max(actions, key=kept)


def _choose_fresh(st: State, seat: int, actions: list[Action]) -> Action:
    dice = st.dice[seat]
    values = st.values[seat]
    low = [i for i, (c, v) in enumerate(zip(dice, values)) if v < _average(st, c)]
    for a in actions:
        if a["dice"] == low:
            return a
    return actions[0]


def choose(engine: Any, state: State, seat: int, rng: random.Random) -> Action:
    st = state
    actions = engine.legal(st, seat)
    if len(actions) == 1:
        return actions[0]
    if st.phase == COMMIT:
        return _choose_commit(st, seat, actions, rng)
    if st.phase == CHOOSE_TILE:
        offered = {a["tile"]: a for a in actions}
        for tile in TILE_PREFERENCE:
            if tile in offered:
                return offered[tile]
    if st.phase == CATAPULT_TARGET:
        target = _leader(st, [a["seat"] for a in actions])
        return next(a for a in actions if a["seat"] == target)
    if st.phase == WITHDRAW:
        return _choose_withdraw(st, seat, actions)
    if st.phase == FRESH_TROOPS:
        return _choose_fresh(st, seat, actions)
    return actions[rng.randrange(len(actions))]


def evaluate(engine: Any, state: State) -> dict[int, float]:
    """Roughly each seat's chance to win: a softmax of points plus what its chips may still earn."""
    st = state
    res = engine.result(st)
    if res is not None:
        return {p: share_of_win(engine, res, p) for p in range(st.players)}
    scores = []
    for p in range(st.players):
        s = st.seats[p]
        scores.append(s.score() + 0.25 * sum(s.stock) * (len(st.cfg.tiles) - st.round) / len(st.cfg.tiles))
    top = max(scores)
    exps = [math.exp((x - top) / 2.0) for x in scores]
    total = sum(exps)
    return {p: exps[p] / total for p in range(st.players)}

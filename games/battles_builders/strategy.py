"""The ``normal`` AI for Battles & Builders: a casual player's reckoning, no search.

Commit: every legal commit is scored by what it should win this round (the event tile, weighed
by how its dice compare with what the others bring; the builder majority; the strategy tile its
king would take) minus what its chips would be worth in the rounds still to come. In the
barbarian battle it brings just enough armies not to be the lowest. The king goes in only with
chips that make a displayed tile worth more than keeping the king for later (§8: every tile needs
a builder or army besides the king), and alone only where it can never count again (see
``_king_score``). A king takes the tile worth most to it now; the Catapult goes to the leader;
Fresh troops re-rolls dice below their average; Withdraw takes back chips that cannot change the
outcome. Scored, never simulated, so ``hard`` can use it in its rollouts.
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
#: strategy tiles in the order a casual player reaches for them when they are worth the same
TILE_PREFERENCE = (D.EXTRA_POINT, D.CLAIM3, D.TROJAN_HORSE, D.FRESH_TROOPS, D.CATAPULT, D.WITHDRAW)
#: points a tile is usually worth when it is taken: what a king kept for later rounds may bring
TYPICAL_TILE = {
    D.EXTRA_POINT: 1.0,
    D.CLAIM3: 1.0,
    D.CATAPULT: 1.5,
    D.TROJAN_HORSE: 1.0,
    D.FRESH_TROOPS: 0.7,
    D.WITHDRAW: 0.5,
}
#: a king kept for later is worth this much plus 0.15 a round still to come, at most the typical
#: worth of the best tile on display
KING_LATER = 0.5
#: a commit whose king can take no tile: never chosen while the same chips without it are legal
WASTED_KING = -5.0
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


def _builder_odds(b: int, top: float, exact: bool) -> tuple[float, float]:
    """The chances that ``b`` builders are at least the most, and the most alone, against rivals
    whose largest count is ``top`` (estimated before the reveal, known after it)."""
    if exact:
        return float(b >= top), float(b > top)
    return _logistic((b - top + 0.5) * 2.0), _logistic((b - top - 0.5) * 2.0)


def _fight_value(st: State, terrain: str, value: int, strength: float, rivals: list[float]) -> float:
    """Expected points of an army of this strength in this round's event (the barbarians' -2 as a
    negative value)."""
    if terrain == D.BARBARIAN:
        weakest = min(rivals) if rivals else 0.0
        if strength <= 0:
            return -2 * (0.9 if weakest > 0 else 0.5)
        return -2 * _logistic((weakest - strength) / 2.0)
    if strength <= 0:
        return 0.0
    strongest = max(rivals) if rivals else 0.0
    return value * _logistic((strength - strongest) / 2.5)


@cache
def _reroll_gain(faces: tuple[int, ...]) -> float:
    """What re-rolling a die of these faces whenever it shows less than its average adds to it."""
    mean = sum(faces) / len(faces)
    return sum(mean - f for f in faces if f < mean) / len(faces)


def _tile_worth(
    st: State,
    tile: str,
    chips: Sequence[int],
    terrain: str,
    value: int,
    worth: float,
    rivals: list[float],
    rival_builders: list[float],
    exact: bool,
) -> float:
    """Points this strategy tile should bring a seat committing ``chips`` this round (0 where
    the commit does not make it eligible, §8). ``exact`` once the commits are revealed."""
    b = chips[D.B]
    armies = chips[D.I] + chips[D.C] + chips[D.A]
    if tile in (D.CLAIM3, D.EXTRA_POINT):
        if not b:
            return 0.0
        top = max(rival_builders) if rival_builders else 0.0
        most, alone = _builder_odds(b, top, exact)
        if tile == D.EXTRA_POINT:
            return most  # +1, if its builders are (tied for) the most when the king chooses
        return 2.0 * (most - alone)  # a tie for the most: +3 instead of +1
    if tile == D.WITHDRAW:
        return 0.25 * worth * min(D.MAX_WITHDRAW, b + armies) if b + armies else 0.0  # chips that would be lost
    if not armies:
        return 0.0
    if tile == D.CATAPULT:
        return 2.0 if st.players == 2 else 1.2  # -2 for the leader among the rivals
    strength = _strength(st, chips, terrain)
    if tile == D.TROJAN_HORSE:
        extra = _average(st, D.TROJAN_COLOUR)
    else:  # Fresh troops
        colours = st.cfg.colours[terrain]
        extra = sum(chips[D.ARMY_IDX[j]] * _reroll_gain(tuple(st.cfg.faces[colours[ARMY_NAMES[j]]])) for j in range(3))
    return _fight_value(st, terrain, value, strength + extra, rivals) - _fight_value(
        st, terrain, value, strength, rivals
    )


def _king_later(st: State, stock_after: Sequence[int]) -> float:
    """What the king kept in stock should still bring: a displayed tile in a later round, which
    needs a builder or army beside it; the more rounds are left, the likelier a good one. Nothing
    in the last round, with no tile left on display or with no other chip left to bring (a
    Withdraw, which could return chips, needs a king first)."""
    later = len(st.cfg.tiles) - st.round
    if later <= 0 or not st.display or not any(stock_after[:4]):
        return 0.0
    return min(KING_LATER + 0.15 * later, max(TYPICAL_TILE.get(t, 0.0) for t in st.display))


def _tile_left(st: State, seat: int) -> float:
    """The chance that a given displayed tile is still there when this seat's king chooses:
    the seats before it in turn order, whose commits are hidden, may have brought their kings
    (as likely as the commits of their public count that include one), and each would take a
    tile. Seats after it choose later."""
    if st.phase != COMMIT:
        return 1.0
    left = 1.0
    shown = len(st.display)
    for p in st.order:
        if p == seat:
            break
        s = st.seats[p]
        if p >= st.players or s.commit is None:
            continue
        before = tuple(a + b for a, b in zip(s.stock, s.commit))
        if before[D.K]:
            king = _mean_commit(before, None if st.cfg.simultaneous else s.count)[D.K]
            left *= 1 - king / shown
    return left


def _king_score(
    st: State,
    seat: int,
    chips: tuple[int, ...],
    terrain: str,
    value: int,
    worth: float,
    rivals: list[float],
    rival_builders: list[float],
) -> float:
    """What committing the king adds to a commit: the best displayed tile it makes eligible, minus
    what the king would bring if kept.

    Every tile needs a builder or army besides the king (§8), so a king alone takes no tile
    (R-3). Its one use is that it makes the commit not a zero commit (§6.4: -1). A casual player
    therefore commits the king alone only where the king can never count again (last round, no
    tile left on display, no other chip left in stock): then it saves the -1 of committing
    nothing. With tiles in reach later, the king alone would trade a tile for that point, and a
    king that can take no tile with these chips is kept back."""
    stock = st.seats[seat].stock
    later = _king_later(st, [stock[i] - chips[i] for i in range(4)])
    worths = sorted(
        (_tile_worth(st, t, chips, terrain, value, worth, rivals, rival_builders, exact=False) for t in st.display),
        reverse=True,
    )
    if not worths or worths[0] <= 0.0:
        alone = sum(chips[:4]) == 0
        return 0.0 if alone and later == 0.0 else WASTED_KING
    # the best tile if an earlier king leaves it, else the next best, and so on
    left = _tile_left(st, seat)
    now, missed = 0.0, 1.0
    for w in worths:
        if w <= 0.0:
            break
        now += w * left * missed
        missed *= 1 - left
    return now - later


def _commit_score(
    st: State,
    seat: int,
    chips: tuple[int, ...],
    terrain: str,
    value: int,
    worth: float,
    rivals: list[float],
    rival_builders: list[float],
) -> float:
    strength = _strength(st, chips, terrain)
    others = chips[D.B] + chips[D.I] + chips[D.C] + chips[D.A]
    score = 0.0
    if others + chips[D.K] == 0:
        score -= 1  # zero commit (§6.4)
    score += _fight_value(st, terrain, value, strength, rivals)
    top = max(rival_builders) if rival_builders else 0.0
    b = chips[D.B]
    if b:
        score += 3 * _logistic((b - top - 0.5) * 2.0) + 0.5 * _logistic((b - top + 0.5) * 2.0)
    if chips[D.K]:
        score += _king_score(st, seat, chips, terrain, value, worth, rivals, rival_builders)
    return score - worth * others


def _choose_commit(st: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    terrain, value = st.cfg.tiles[st.event] if st.event else (D.URBAN, 0)
    worth = _chip_worth(st, seat)
    rivals, rival_builders = _rivals(st, seat, terrain)
    best, best_score = actions[0], -math.inf
    for a in actions:
        c = a["chips"]
        chips = (c["builder"], c["infantry"], c["cavalry"], c["archer"], c["king"])
        score = _commit_score(st, seat, chips, terrain, value, worth, rivals, rival_builders) + 0.05 * rng.random()
        if score > best_score:
            best, best_score = a, score
    return best


def _choose_tile(st: State, seat: int, actions: list[Action]) -> Action:
    """The eligible tile worth most now that every commit is known; ties in TILE_PREFERENCE order."""
    terrain, value = st.cfg.tiles[st.event] if st.event else (D.URBAN, 0)
    chips = st.seats[seat].commit or [0] * 5
    rivals, rival_builders = _rivals(st, seat, terrain)
    worth = _chip_worth(st, seat)

    def key(a: Action) -> tuple[float, int]:
        tile = a["tile"]
        rank = TILE_PREFERENCE.index(tile) if tile in TILE_PREFERENCE else len(TILE_PREFERENCE)
        got = _tile_worth(st, tile, chips, terrain, value, worth, rivals, rival_builders, exact=True)
        return round(got, 6), -rank

    return max(actions, key=key)


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
        return _choose_tile(st, seat, actions)
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

"""Battles & Builders rule procedures: what a seat may commit, take back or re-roll, and a round
from the reveal to the next event tile (battles-and-builders.md §5-§13).

The ``do_*`` functions apply an action already validated by the engine, appending the events they
cause; they run for every action of every playout, so the hot ones avoid helper calls in loops and
build events as literal dicts (the same keys in the same order as ``games.core.event`` gives).
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache
from itertools import compress
from typing import Any

from games.battles_builders import data as D
from games.battles_builders.state import (
    CATAPULT_TARGET,
    CHOOSE_TILE,
    COMMIT,
    FRESH_TROOPS,
    KIND_INDEX,
    OVER,
    WITHDRAW,
    State,
)
from games.core import Action, Event
from games.rng import Chance, Rng

B, I, C, A, K = D.B, D.I, D.C, D.A, D.K  # noqa: E741 - chip kind indices
KINDS4 = D.KINDS[:4]  # the kinds that can be taken back (no king)
NO_CHIPS = (0, 0, 0, 0, 0)  # read-only stand-in for a commit not made
SOURCE_INDEX = {s: i for i, s in enumerate(D.SOURCES)}


class ScriptError(Exception):
    """A scripted die value is not a face of the die it was drawn for, or a tie the configured
    dice can never break."""


def chips_dict(chips: list[int] | tuple[int, ...], king: bool = True) -> dict[str, int]:
    return dict(zip(D.KINDS if king else KINDS4, chips))


def _chips4(c: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {"builder": c[0], "infantry": c[1], "cavalry": c[2], "archer": c[3]}


def army_count(chips: list[int] | tuple[int, ...]) -> int:
    return chips[I] + chips[C] + chips[A]


# -- what a seat may choose: actions built once and shared ------------------------------------------
def _all_commits() -> tuple[tuple[int, ...], ...]:
    """Every chip vector of a commit (at most 5 non-king chips, one king) in menu order: king,
    builders, infantry, cavalry, archers."""
    m = D.MAX_COMMIT
    out = []
    for k in range(2):
        for b in range(m + 1):
            for i in range(m - b + 1):
                for c in range(m - b - i + 1):
                    for a in range(m - b - i - c + 1):
                        out.append((b, i, c, a, k))
    return tuple(out)


ALL_COMMITS = _all_commits()


def _fit_masks() -> list[list[int]]:
    """Per chip kind and count n, one byte per vector of ALL_COMMITS, 1 where that kind's count is
    at most n, packed into an int: one ``&`` per kind then selects what a stock allows at C speed
    (a stock's commits are worked out for every new stock a game reaches)."""
    return [
        [int.from_bytes(bytes(v[kind] <= n for v in ALL_COMMITS), "little") for n in range(D.MAX_COMMIT + 1)]
        for kind in range(5)
    ]


_FIT_MASKS = _fit_masks()


def _fitting(stock: tuple[int, ...]) -> bytes:
    """One byte per vector of ALL_COMMITS: 1 where this stock has the chips for it."""
    mask = -1
    for kind, n in enumerate(stock):
        if n < 0:
            return bytes(len(ALL_COMMITS))
        mask &= _FIT_MASKS[kind][min(n, D.MAX_COMMIT)]
    return mask.to_bytes(len(ALL_COMMITS), "little")


@cache
def commit_options(stock: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every legal commit from this stock, in menu order (a filter keeps that order)."""
    return tuple(compress(ALL_COMMITS, _fitting(stock)))


@cache
def commits_of_size(stock: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """The commits from this stock of ``size`` chips, in menu order (what a seat may have made
    once its count is announced)."""
    return tuple(o for o in commit_options(stock) if sum(o) == size)


def possible_commits(before: tuple[int, ...], count: int | None) -> tuple[tuple[int, ...], ...]:
    """The commits a seat holding ``before`` may have made, as the others know it: of ``count``
    chips when the count is public (the rulebook's order), any size when commits are simultaneous."""
    return commit_options(before) if count is None else commits_of_size(before, count)


def _commit_action(chips: tuple[int, ...]) -> Action:
    b, i, c, a, k = chips
    return {"type": COMMIT, "chips": {"builder": b, "infantry": i, "cavalry": c, "archer": a, "king": k}}


#: One shared action dict per chip vector.
_COMMIT_ACTIONS: dict[tuple[int, ...], Action] = {v: _commit_action(v) for v in ALL_COMMITS}
_ALL_COMMIT_ACTIONS = tuple(_COMMIT_ACTIONS.values())
#: The chip vector of each shared commit action, by identity: ``apply`` skips parsing those.
COMMIT_CHIPS: dict[int, tuple[int, ...]] = {id(a): v for v, a in _COMMIT_ACTIONS.items()}


@cache
def commit_actions(stock: tuple[int, ...]) -> tuple[Action, ...]:
    """The shared commit actions of this stock (a few thousand stocks at most, each a tuple of refs);
    stocks with the same options (6 builders or 12) share one tuple."""
    capped = tuple(min(n, D.MAX_COMMIT) for n in stock)
    if capped != stock:
        return commit_actions(capped)
    return tuple(compress(_ALL_COMMIT_ACTIONS, _fitting(stock)))


@lru_cache(maxsize=1024)
def _withdraw_options(commit: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    m = D.MAX_WITHDRAW
    out = []
    for b in range(min(commit[D.B], m) + 1):
        for i in range(min(commit[D.I], m - b) + 1):
            for c in range(min(commit[D.C], m - b - i) + 1):
                for a in range(min(commit[D.A], m - b - i - c) + 1):
                    if b + i + c + a:
                        out.append((b, i, c, a))
    return tuple(out)


@lru_cache(maxsize=1024)
def withdraw_actions(commit: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple({"type": WITHDRAW, "chips": dict(zip(KINDS4, w))} for w in _withdraw_options(commit))


@cache
def fresh_actions(n: int) -> tuple[Action, ...]:
    """Every set of the holder's ``n`` dice to re-roll (none first), in the menu's order."""
    return tuple(
        {"type": FRESH_TROOPS, "dice": [i for i in range(n) if pick[i]]}
        for pick in itertools.product((False, True), repeat=n)
    )


# -- chance: dice drawn from the generator of games/rng.py without a call per die ------------------
_MASK64 = (1 << 64) - 1


_LIMIT6 = (1 << 64) - ((1 << 64) % 6)


def _roll(rng: Rng, faces_of: dict[str, tuple[int, ...]], colours: list[str]) -> list[int]:
    """One die of each colour, in order: ``faces[rng.below(len(faces))]`` each, in one frame
    (splitmix64 and its rejection step as ``Rng.below`` has them)."""
    state = rng.state
    out = []
    for c in colours:
        faces = faces_of[c]
        n = len(faces)
        limit = _LIMIT6 if n == 6 else (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                break
        out.append(faces[z % n])
    rng.state = state
    return out


def _roll_scripted(
    rng: Rng, scripted: list[int], faces_of: dict[str, tuple[int, ...]], colours: list[str]
) -> list[int]:
    """Like ``_roll``, the scripted values first (§9.5); one that is no face of its die is an error."""
    out = []
    for c in colours:
        faces = faces_of[c]
        if scripted:
            v = scripted.pop(0)
            if v not in faces:
                raise ScriptError(f"scripted die value {v} is not a face of the {c} die")
        else:
            v = faces[rng.below(len(faces))]
        out.append(v)
    return out


# -- round flow ------------------------------------------------------------------------------------
def next_to_commit(st: State) -> int | None:
    """The seat asked to commit now in turn order (None once all have), as ``_waiting`` has it."""
    seats = st.seats
    n = st.players
    for p in st.order:
        if p < n and seats[p].commit is None:
            return p
    return None


def _turn_order(st: State) -> list[int]:
    return list(_turn_orders(st.players, st.start, len(st.seats) > st.players))


@cache
def _turn_orders(n: int, start: int, dummy: bool) -> tuple[int, ...]:
    order = [(start + i) % n for i in range(n)]
    if dummy:
        order.append(n)  # the fictitious player is always last
    return tuple(order)


def begin_round(st: State, ev: list[Event]) -> None:
    st.event = tile = st.deck.pop(0)
    st.order = _turn_order(st)
    for s in st.seats:
        s.commit = None
        s.count = -1
    st.phase = COMMIT
    st.actor = -1
    terrain, value = st.cfg.tiles[tile]
    ev.append(
        {
            "type": "event_revealed",
            "round": st.round,
            "tile": tile,
            "terrain": terrain,
            "value": value,
            "start_player": st.start,
        }
    )


def do_commit(st: State, seat: int, chips: list[int], ev: list[Event]) -> None:
    seats = st.seats
    s = seats[seat]
    stock = s.stock
    s.stock = [stock[0] - chips[0], stock[1] - chips[1], stock[2] - chips[2], stock[3] - chips[3], stock[4] - chips[4]]
    s.commit = chips
    s.count = count = sum(chips)
    ev.append({"type": "committed", "seat": seat, "count": None if st.cfg.simultaneous else count})
    ev.append(
        {
            "type": "commit_confirmed",
            "seat": seat,
            "chips": {
                "builder": chips[0],
                "infantry": chips[1],
                "cavalry": chips[2],
                "archer": chips[3],
                "king": chips[4],
            },
            "to": [seat],
        }
    )
    for p in range(st.players):
        if seats[p].commit is None:
            return
    _reveal(st, ev)
    _kings(st, ev)


def _draw_dummy(st: State) -> list[int]:
    s = st.seats[st.players]
    chance = st.chance
    chips = [0] * 5
    if chance.script.get("dummy_draws"):
        scripted = chance.take("dummy_draws")
        if scripted is not Chance.NONE:
            for kind in scripted:
                chips[KIND_INDEX[kind]] += 1
            return chips
    pool = s.stock[:]  # its king count is 0: a chip of a kind drawn in proportion to the pool
    rng = chance.rng
    for _ in range(D.DUMMY_DRAW):
        r = rng.below(pool[0] + pool[1] + pool[2] + pool[3] + pool[4])
        i = 0
        while r >= pool[i]:
            r -= pool[i]
            i += 1
        if i < K:
            pool[i] -= 1
            chips[i] += 1
    return chips


def _reveal(st: State, ev: list[Event]) -> None:
    seats = st.seats
    n = st.players
    if len(seats) > n:
        d = seats[n]
        chips = _draw_dummy(st)
        stock = d.stock
        d.stock = [
            stock[0] - chips[0],
            stock[1] - chips[1],
            stock[2] - chips[2],
            stock[3] - chips[3],
            stock[4] - chips[4],
        ]
        d.commit = chips
        d.count = sum(chips)
        ev.append({"type": "dummy_drew", "seat": n, "chips": _chips4(chips)})
    for s in seats:
        s.shown = c[:] if (c := s.commit) is not None else None
        s.withdrawn = [0, 0, 0, 0, 0]
    st.phase = CHOOSE_TILE  # commits are public from here on; _kings names who acts, if anyone
    order = st.order
    commits = []
    for p in order:
        c = seats[p].commit or NO_CHIPS
        commits.append(
            {"seat": p, "chips": {"builder": c[0], "infantry": c[1], "cavalry": c[2], "archer": c[3], "king": c[4]}}
        )
    ev.append({"type": "commits_revealed", "round": st.round, "commits": commits})
    kings = []
    for p in order:
        if p < n:
            s = seats[p]
            if s.count == 0:
                _give(st, ev, p, D.MINUS1, 1, "zero_commit")
            if (s.commit or NO_CHIPS)[K]:
                kings.append(p)
    st.kings = kings


def _give(st: State, ev: list[Event], p: int, denom: int, n: int, source: str) -> None:
    """Hand ``n`` prestige chips of one denomination; virtual once the supply is out (§13)."""
    s = st.seats[p]
    supply = st.supply
    virtual = 0
    for _ in range(n):
        if supply[denom] > 0:
            supply[denom] -= 1
            s.chips[denom] += 1
        else:
            s.virtual[denom] += 1
            virtual += 1
    value = D.DENOMS[denom]
    s.points[SOURCE_INDEX[source]] += value * n
    ev.append({"type": "prestige", "seat": p, "value": value, "count": n, "virtual": virtual, "reason": source})


def eligible(st: State, p: int) -> list[str]:
    seats = st.seats
    c = seats[p].commit or NO_CHIPS
    builders = c[B]
    armies = c[I] + c[C] + c[A]
    most = 0
    for q in st.order:
        if (other := seats[q].commit) is not None and other[B] > most:
            most = other[B]
    ok = {
        D.CLAIM3: builders >= 1,
        D.EXTRA_POINT: builders >= 1 and builders >= most,  # a tie for most counts
        D.WITHDRAW: builders + armies >= 1,
    }
    with_armies = armies >= 1  # every other tile
    out = []
    for t in st.display:
        if ok.get(t, with_armies):
            out.append(t)
    return out


def targets(st: State, p: int) -> list[int]:
    return [q for q in range(st.players) if q != p]


def _kings(st: State, ev: list[Event]) -> None:
    """Let the next king holder choose; once none is left, resolve builders and armies."""
    kings = st.kings
    while kings:
        p = kings[0]
        if eligible(st, p):
            st.phase = CHOOSE_TILE
            st.actor = p
            return
        ev.append({"type": "no_tile", "seat": p})
        kings.pop(0)
    st.actor = -1
    _score_builders(st, ev)
    _battle(st, ev)


def do_choose(st: State, seat: int, tile: str, ev: list[Event]) -> None:
    s = st.seats[seat]
    st.display.remove(tile)
    ev.append({"type": "tile_chosen", "seat": seat, "tile": tile})
    if tile == D.CATAPULT:
        st.phase = CATAPULT_TARGET
        return
    if tile == D.WITHDRAW:
        st.taken[tile] = seat
        s.tiles.append(tile)
        st.phase = WITHDRAW
        return
    st.taken[tile] = seat
    s.tiles.append(tile)
    if tile == D.CLAIM3:
        st.claim3 = seat
    elif tile == D.EXTRA_POINT:
        s.points[SOURCE_INDEX["extra_point"]] += D.TILE_VALUES[D.EXTRA_POINT]
    elif tile == D.TROJAN_HORSE:
        st.trojan = seat
    elif tile == D.FRESH_TROOPS:
        st.fresh = seat
    st.kings.pop(0)
    _kings(st, ev)


def do_catapult(st: State, seat: int, target: int, ev: list[Event]) -> None:
    t = st.seats[target]
    st.taken[D.CATAPULT] = target
    t.tiles.append(D.CATAPULT)
    t.points[SOURCE_INDEX["catapult"]] += D.TILE_VALUES[D.CATAPULT]
    ev.append({"type": "catapult_given", "seat": seat, "target": target})
    st.kings.pop(0)
    _kings(st, ev)


def do_withdraw(st: State, seat: int, chips: list[int], ev: list[Event]) -> None:
    s = st.seats[seat]
    assert s.commit is not None
    for i in range(4):
        s.commit[i] -= chips[i]
        s.stock[i] += chips[i]
        s.withdrawn[i] += chips[i]
    ev.append({"type": "withdrawn", "seat": seat, "chips": _chips4(chips)})
    st.kings.pop(0)
    _kings(st, ev)


def _score_builders(st: State, ev: list[Event]) -> None:
    seats = st.seats
    builders = []
    most = 0
    top: list[int] = []  # the seats with the most builders, if anyone brought one
    for p in st.order:
        n = c[B] if (c := seats[p].commit) is not None else 0
        builders.append({"seat": p, "builders": n})
        if n > most:
            most = n
            top = [p]
        elif n == most and n:
            top.append(p)
    claim3 = st.claim3
    ev.append(
        {
            "type": "builders_scored",
            "builders": builders,
            "most": most,
            "winners": top,
            "claim3": claim3 if claim3 >= 0 else None,
        }
    )
    if len(top) == 1:
        _give(st, ev, top[0], D.PLUS3, 1, "builders")
    elif claim3 in top:
        _give(st, ev, claim3, D.PLUS3, 1, "builders")
    else:
        for p in top:
            _give(st, ev, p, D.PLUS1, 1, "builders")


@cache
def _army_dice(colours: tuple[str, str, str], infantry: int, cavalry: int, archers: int) -> tuple[str, ...]:
    """The dice of these armies, whose colours are ``colours``, in canonical colour order (§9.1)."""
    dice: list[str] = []
    for colour, n in zip(colours, (infantry, cavalry, archers)):
        dice.extend([colour] * n)
    dice.sort(key=D.COLOUR_RANK.__getitem__)
    return tuple(dice)


def _battle(st: State, ev: list[Event]) -> None:
    assert st.event is not None
    cfg = st.cfg
    terrain, _ = cfg.tiles[st.event]
    colours = cfg.army_colours[terrain]
    seats = st.seats
    order = st.order
    all_dice = st.dice
    all_values = st.values
    trojan = st.trojan
    rollers = []  # the competitors with dice, in turn order
    entries = []  # each with all of its dice, to throw
    for p in order:
        c = seats[p].commit or NO_CHIPS
        dice = list(_army_dice(colours, c[I], c[C], c[A]))
        if trojan == p:
            dice.append(D.TROJAN_COLOUR)  # the Trojan die is last in canonical order (§9.1)
        all_dice[p] = dice
        n = len(dice)
        all_values[p] = [0] * n
        if n:
            rollers.append(p)
            entries.append((p, list(range(n))))
    if terrain == D.BARBARIAN:
        if len(rollers) < len(order):
            # a player without dice totals 0 and every die shows >= 1, so nobody rolls
            _barbarians(st, ev, rolled=False)
            return
    elif not rollers:
        st.set_aside.append(st.event)
        ev.append({"type": "event_set_aside", "tile": st.event})
        _end_round(st, ev)
        return
    elif len(rollers) == 1:
        _win_event(st, ev, rollers[0], rolled=False)
        return
    st.throws = []
    _throw(st, ev, "initial", 0, entries)
    if st.fresh >= 0 and st.fresh in rollers:
        st.phase = FRESH_TROOPS
        st.actor = st.fresh
        return
    _settle(st, ev)


def do_fresh(st: State, seat: int, picks: list[int], ev: list[Event]) -> None:
    ev.append({"type": "fresh_troops_used", "seat": seat, "dice": list(picks)})
    if picks:
        _throw(st, ev, "fresh_troops", 0, [(seat, picks)])
    st.actor = -1
    _settle(st, ev)


def _settle(st: State, ev: list[Event]) -> None:
    cfg = st.cfg
    terrain, _ = cfg.tiles[st.event or ""]
    if terrain == D.BARBARIAN:
        _barbarians(st, ev, rolled=True)
        return
    all_dice = st.dice
    values = st.values
    contenders = [p for p in st.order if all_dice[p]]
    reroll = 0
    while True:
        totals = [sum(values[p]) for p in contenders]
        best = max(totals)
        if totals.count(best) == 1:
            contenders = [contenders[totals.index(best)]]
            break
        contenders = [p for p, t in zip(contenders, totals) if t == best]
        if all(c in cfg.single_faced for p in contenders for c in all_dice[p]):
            raise ScriptError("the tied players' dice each have a single face: the tie can never be broken")
        reroll += 1
        ev.append({"type": "tie", "seats": list(contenders), "total": best, "reroll": reroll})
        _throw(st, ev, "reroll", reroll, [(p, list(range(len(all_dice[p])))) for p in contenders])
    _win_event(st, ev, contenders[0], rolled=True)


def _win_event(st: State, ev: list[Event], p: int, *, rolled: bool) -> None:
    tile = st.event or ""
    _, value = st.cfg.tiles[tile]
    s = st.seats[p]
    s.events.append(tile)
    s.points[SOURCE_INDEX["event_tiles"]] += value
    totals = []
    if rolled:
        all_dice = st.dice
        values = st.values
        for q in st.order:
            if all_dice[q]:
                totals.append({"seat": q, "total": sum(values[q])})
    ev.append({"type": "event_won", "seat": p, "tile": tile, "value": value, "rolled": rolled, "totals": totals})
    _end_round(st, ev)


def _barbarians(st: State, ev: list[Event], *, rolled: bool) -> None:
    tile = st.event or ""
    _, value = st.cfg.tiles[tile]
    order = st.order
    if rolled:
        totals: list[int | None] = [sum(st.values[p]) for p in order]
    else:
        # nobody rolled; only the players without dice have a total (0)
        totals = [None if st.dice[p] else 0 for p in order]
    low = min(t for t in totals if t is not None)
    losers = [p for p, t in zip(order, totals) if t == low]
    first = losers[0]  # the first in turn order takes the tile, the others pay in chips
    s = st.seats[first]
    s.events.append(tile)
    s.points[SOURCE_INDEX["barbarian"]] += value
    ev.append(
        {
            "type": "barbarian_lost",
            "seat": first,
            "tile": tile,
            "value": value,
            "losers": losers,
            "total": low,
            "rolled": rolled,
            "totals": [{"seat": p, "total": t} for p, t in zip(order, totals)],
        }
    )
    for p in losers[1:]:
        _give(st, ev, p, D.MINUS1, max(0, -value), "barbarian")
    _end_round(st, ev)


def _chunks(dice: list[str], idx: list[int]) -> list[tuple[list[int], bool]]:
    """A player's dice to roll (``idx`` ascending, more than 5) split into chunks of at most 5 per
    colour (§9.4), each with whether it must open a new batch (all of a split player's dice never
    fit the current one)."""
    per_colour: dict[str, list[int]] = {}
    for i in idx:
        per_colour.setdefault(dice[i], []).append(i)
    groups = max((len(v) + D.DICE_PER_COLOUR - 1) // D.DICE_PER_COLOUR for v in per_colour.values())
    out = []
    for g in range(groups):
        lo, hi = g * D.DICE_PER_COLOUR, (g + 1) * D.DICE_PER_COLOUR
        out.append((sorted(i for v in per_colour.values() for i in v[lo:hi]), g == 0 and groups > 1))
    return out


def _throw(st: State, ev: list[Event], kind: str, number: int, entries: list[tuple[int, list[int]]]) -> None:
    """Roll the given dice of each player in batches of at most 5 per colour (§9.4).

    Dice are rolled chunk by chunk in the order given (each seat once, its dice ascending); a
    batch is a run of chunks whose dice of each colour fit 5 together, so batch numbers are
    labels worked out alongside, and a seat's total is known once its own chunks are rolled."""
    all_dice = st.dice
    all_values = st.values
    faces_of = st.cfg.faces
    chance = st.chance
    rng = chance.rng
    scripted = chance.script.get("dice")
    if not isinstance(scripted, list):
        scripted = None
    rnd = st.round
    throws = st.throws
    cap = D.DICE_PER_COLOUR
    batch = 0
    green = yellow = red = 0  # dice of each colour in the current batch
    for p, idx in entries:
        dice = all_dice[p]
        values_p = all_values[p]
        if len(idx) == len(dice) and len(idx) <= cap and not scripted:
            # the usual entry: all of a seat's dice, at most 5, rolled by the generator in one chunk
            g, y = dice.count(D.GREEN), dice.count(D.YELLOW)
            r = len(dice) - g - y
            if not batch or green + g > cap or yellow + y > cap or red + r > cap:
                batch += 1
                green, yellow, red = g, y, r
            else:
                green, yellow, red = green + g, yellow + y, red + r
            values = _roll(rng, faces_of, dice)
            values_p[:] = values
            total = sum(values)
            _record(throws, ev, kind, number, batch, p, idx, dice[:], values, total, rnd)
            continue
        rolled = []
        for chunk, fresh_batch in ((idx, False),) if len(idx) <= cap else _chunks(dice, idx):
            whole = len(chunk) == len(dice)
            colours = dice[:] if whole else [dice[i] for i in chunk]
            g, y = colours.count(D.GREEN), colours.count(D.YELLOW)
            r = len(colours) - g - y  # the rest are red
            if not batch or fresh_batch or green + g > cap or yellow + y > cap or red + r > cap:
                batch += 1
                green, yellow, red = g, y, r
            else:
                green, yellow, red = green + g, yellow + y, red + r
            if scripted:
                values = _roll_scripted(chance.rng, scripted, faces_of, colours)
            else:
                values = _roll(chance.rng, faces_of, colours)
            if whole:
                values_p[:] = values
            else:
                for i, v in zip(chunk, values):
                    values_p[i] = v
            rolled.append((chunk, colours, values, batch))
        total = sum(values_p)
        for chunk, colours, values, b in rolled:
            _record(throws, ev, kind, number, b, p, chunk, colours, values, total, rnd)


def _record(
    throws: list[dict[str, Any]],
    ev: list[Event],
    kind: str,
    number: int,
    batch: int,
    seat: int,
    dice: list[int],
    colours: list[str],
    values: list[int],
    total: int,
    rnd: int,
) -> None:
    """Keep one rolled chunk in ``throws`` and tell it (the event holds copies: the record is
    shared by clones, so nothing may reach it through an event)."""
    throws.append(
        {
            "throw": kind,
            "number": number,
            "batch": batch,
            "seat": seat,
            "dice": dice,
            "colours": colours,
            "values": values,
            "total": total,
            "round": rnd,
        }
    )
    ev.append(
        {
            "type": "dice_rolled",
            "throw": kind,
            "number": number,
            "batch": batch,
            "seat": seat,
            "dice": dice[:],
            "colours": colours[:],
            "values": values[:],
            "total": total,
            "round": rnd,
        }
    )


def _end_round(st: State, ev: list[Event]) -> None:
    seats = st.seats
    for s in seats:
        if (c := s.commit) is not None:
            spent = s.spent
            s.spent = [spent[0] + c[0], spent[1] + c[1], spent[2] + c[2], spent[3] + c[3], spent[4] + c[4]]
            s.commit = None
    st.kings = []
    st.actor = -1
    st.claim3 = st.trojan = st.fresh = -1
    scores = []
    for p in st.order:
        scores.append({"seat": p, "score": sum(seats[p].points)})
    ev.append({"type": "round_ended", "round": st.round, "scores": scores})
    if not st.deck:
        st.phase = OVER
        st.event = None
        st.round += 1
        n = st.players
        ranked = list(range(n)) + ([n] if st.cfg.dummy_can_win and len(seats) > n else [])
        best = max(seats[p].score() for p in ranked)
        ev.append(
            {
                "type": "game_over",
                "scores": [{"seat": p, "score": s.score()} for p, s in enumerate(seats)],
                "winners": [p for p in range(n) if seats[p].score() == best],
            }
        )
        return
    st.round += 1
    st.start = (st.start + 1) % st.players
    begin_round(st, ev)

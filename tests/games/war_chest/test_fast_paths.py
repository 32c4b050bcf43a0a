"""The hot paths spelled out for speed give what the general code gives.

``turn_options`` builds a coin's block inline when its only unit is on the board, and the
round's draw steps the generator inline: both are checked against the plain functions over
random games (2 and 4 players, both setups and Royal Guard rules)."""

from __future__ import annotations

import random

import pytest

from games.rng import Rng
from games.war_chest import rules as R
from games.war_chest.engine import ENGINE
from tests.games.war_chest.helpers import take_nth_coin

CONFIGS = [(2, "basic", "original"), (2, "draft", "revised"), (4, "basic", "revised"), (4, "draft", "original")]


def _per_coin(st: R.WarChestState) -> R.Options:
    """The main-play options the slow way: ``coin_actions`` per coin kind in hand."""
    acts: list[R.Action] = []
    extras: list[R.Extra] = []
    mine = R.units_by_kind(st, st.turn)
    for kind, count in enumerate(st.seats[st.turn].hand):
        if count:
            R.coin_actions(st, st.turn, kind, mine, acts, extras)
    return acts, extras


@pytest.mark.parametrize(("players", "setup", "guard"), CONFIGS)
def test_turn_options_match_the_per_coin_blocks(players: int, setup: str, guard: str) -> None:
    rnd = random.Random(players)
    turns = 0
    for seed in range(6):
        st = ENGINE.start(players, {"setup": setup, "royal_guard": guard}, seed)
        while ENGINE.pending(st):
            if st.phase == "play" and not st.stack:
                assert R.turn_options(st) == _per_coin(st)
                turns += 1
            seat = rnd.choice(sorted(ENGINE.pending(st)))
            ENGINE.apply(st, seat, rnd.choice(ENGINE.legal(st, seat)))
    assert turns > 500


def test_round_draw_matches_the_generator() -> None:
    """A round's draw takes the coins ``Rng.below`` picks, one call per coin, in kind order."""
    for seed in range(40):
        st = ENGINE.start(2, {}, seed)
        sd = st.seats[0]
        sd.bag = [b + h for b, h in zip(sd.bag, sd.hand)]  # the round's hand back in the bag
        sd.hand = [0] * len(sd.hand)
        bag = list(sd.bag)
        rng = Rng(st.chance.rng.state)
        ev: list[R.Event] = []
        assert R.draw_hand(st, 0, ev) == R.HAND_SIZE <= sum(bag)
        for drawn in ev:
            kind = take_nth_coin(bag, rng.below(sum(bag)))
            assert drawn["result"] == R.UNIT_NAMES[kind]
        assert st.chance.rng.state == rng.state and sd.bag == bag


@pytest.mark.parametrize("count", [1, 3, 6, 12])
def test_lanes_hold_successive_generator_outputs(count: int) -> None:
    for seed in (0, 1, 2**64 - 1, 0x9E3779B97F4A7C15 * 7):
        rng = Rng(seed)
        lanes = R._splitmix_lanes(seed, count)
        for i in range(count):
            assert (lanes >> 128 * i) & (2**64 - 1) == rng.next64(), (seed, i)


def test_rejected_outputs_are_skipped_as_below_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a bound that rejects about half the outputs (never so in play), the round's draw
    still takes the outputs in order and leaves the generator after the last one it took."""
    monkeypatch.setattr(R, "_LIMITS", (0,) + (2**63,) * 63)
    for seed in range(30):
        st = ENGINE.start(4, {}, seed)
        for sd in st.seats:  # hands back in the bags: a full round's draw to make
            sd.bag = [b + h for b, h in zip(sd.bag, sd.hand)]
            sd.hand = [0] * len(sd.hand)
        bags = [list(sd.bag) for sd in st.seats]
        rng = Rng(st.chance.rng.state)
        ev: list[R.Event] = []
        R.draw_hands(st, (1, 2, 3, 0), ev)
        for drawn in (e for e in ev if e["type"] == "draw"):
            bag = bags[drawn["seat"]]
            z = rng.next64()
            while z >= 2**63:
                z = rng.next64()
            kind = take_nth_coin(bag, z % sum(bag))
            assert drawn["result"] == R.UNIT_NAMES[kind]
        assert st.chance.rng.state == rng.state
        assert [e["type"] for e in ev].count("drew") == 4

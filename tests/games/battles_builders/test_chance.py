"""The engine draws from games/rng.py's generator without a call per number (rules.below, shuffle
and the dice roller); these must stay the very draws ``Rng`` makes, or stored games would replay
differently."""

from __future__ import annotations

import random

from games.battles_builders import data as D
from games.battles_builders.rules import _roll, below, shuffle
from games.rng import Rng


def test_below_draws_as_rng_below() -> None:
    rnd = random.Random(1)
    for _ in range(3000):
        seed = rnd.getrandbits(64)
        n = rnd.choice([1, 2, 3, 6, 7, 24, 1000, 2**63 + 5, 2**64 - 1, rnd.randrange(1, 10**9)])
        a, b = Rng(seed), Rng(seed)
        for _ in range(3):
            assert below(b, n) == a.below(n)
            assert b.state == a.state


def test_shuffle_draws_as_rng_shuffle() -> None:
    rnd = random.Random(2)
    for size in range(12):
        seed = rnd.getrandbits(64)
        a, b = Rng(seed), Rng(seed)
        items_a, items_b = list(range(size)), list(range(size))
        a.shuffle(items_a)
        shuffle(b, items_b)
        assert items_b == items_a and b.state == a.state


def test_dice_draw_as_rng_below_of_each_face_list() -> None:
    rnd = random.Random(3)
    faces = dict(D.FACES, red=(1, 2, 3, 4, 5, 6, 7))  # a die of another size too
    for _ in range(500):
        seed = rnd.getrandbits(64)
        colours = [rnd.choice(D.COLOURS) for _ in range(rnd.randrange(12))]
        a, b = Rng(seed), Rng(seed)
        assert _roll(b, faces, colours) == [faces[c][a.below(len(faces[c]))] for c in colours]
        assert b.state == a.state

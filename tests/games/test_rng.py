"""The generator draws in one frame (``Rng.below``, ``Rng.shuffle``); they must stay the very draws
splitmix64 with rejection makes, or stored games of every engine would replay differently."""

from __future__ import annotations

import random

from games.rng import Rng


def _below(rng: Rng, n: int) -> int:
    """The reference: splitmix64 through ``next64``, rejection outside the frame."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        r = rng.next64()
        if r < limit:
            return r % n


def test_below_draws_as_next64_with_rejection() -> None:
    rnd = random.Random(1)
    for _ in range(3000):
        seed = rnd.getrandbits(64)
        n = rnd.choice([1, 2, 3, 6, 7, 24, 1000, 2**63 + 5, 2**64 - 1, rnd.randrange(1, 10**9)])
        a, b = Rng(seed), Rng(seed)
        for _ in range(3):
            assert b.below(n) == _below(a, n)
            assert b.state == a.state


def test_shuffle_is_fisher_yates_over_below() -> None:
    rnd = random.Random(2)
    for size in range(12):
        seed = rnd.getrandbits(64)
        a, b = Rng(seed), Rng(seed)
        items_a, items_b = list(range(size)), list(range(size))
        for i in range(size - 1, 0, -1):
            j = _below(a, i + 1)
            items_a[i], items_a[j] = items_a[j], items_a[i]
        b.shuffle(items_b)
        assert items_b == items_a and b.state == a.state

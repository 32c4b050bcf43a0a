"""The engine rolls its dice without a call per die; they must stay the very draws ``Rng.below``
makes, or stored games would replay differently."""

from __future__ import annotations

import random

from games.battles_builders import data as D
from games.battles_builders.rules import _roll
from games.rng import Rng


def test_dice_draw_as_rng_below_of_each_face_list() -> None:
    rnd = random.Random(3)
    faces = dict(D.FACES, red=(1, 2, 3, 4, 5, 6, 7))  # a die of another size too
    for _ in range(500):
        seed = rnd.getrandbits(64)
        colours = [rnd.choice(D.COLOURS) for _ in range(rnd.randrange(12))]
        a, b = Rng(seed), Rng(seed)
        assert _roll(b, faces, colours) == [faces[c][a.below(len(faces[c]))] for c in colours]
        assert b.state == a.state

"""Topology and layouts against rules §3 and Appendix A."""

from __future__ import annotations

from games.cities_knights import data as d
from games.rng import Chance


def test_counts_and_appendix_order() -> None:
    assert (len(d.HEXES), d.NV, d.NE) == (19, 54, 72)
    assert sum(len(d.VERTEX_HEXES[v]) < 3 for v in range(d.NV)) == 30
    coastal = [e for e in d.EDGES if len(set(d.VERTEX_HEXES[e[0]]) & set(d.VERTEX_HEXES[e[1]])) == 1]
    assert len(coastal) == 30
    assert d.VERTEX_IDS[:7] == ("0,-2,N", "1,-2,N", "2,-2,N", "0,-3,S", "1,-3,S", "2,-3,S", "3,-3,S")
    assert d.VERTEX_IDS[27] == "-3,1,N" and d.VERTEX_IDS[53] == "0,2,S" and d.VERTEX_IDS[33] == "-2,0,S"
    assert [d.VERTEX_HARBOUR[v] for v in (0, 1, 10, 26, 42, 47, 33, 11, 3)] == [8, 0, 1, 2, 3, 5, 6, 7, 8]


def test_beginner_layout() -> None:
    terrain, numbers, harbours = d.beginner_layout()
    assert terrain[d.HEX_INDEX[(0, 0)]] == "desert" and sorted(n for n in numbers if n) == sorted(d.NUMBER_TOKENS)
    assert not d.reds_adjacent(numbers)
    assert harbours[8] == "3:1" and harbours[0] == "wool"


def test_random_layouts_respect_reds() -> None:
    for seed in range(30):
        for mode in ("random", "spiral"):
            terrain, numbers, harbours, _ = d.random_layout(mode, Chance(seed))
            assert sorted(n for n in numbers if n) == sorted(d.NUMBER_TOKENS)
            assert all((terrain[h] == "desert") == (numbers[h] == 0) for h in range(19))
            assert not d.reds_adjacent(numbers)
            assert sorted(harbours) == sorted(d.HARBOUR_TYPES)


def test_spiral_walk_is_connected() -> None:
    for corner in d.SPIRAL_CORNERS:
        walk = d.spiral_order(corner)
        assert sorted(walk) == list(range(19))
        assert all(b in d.HEX_NEIGHBOURS[a] for a, b in zip(walk, walk[1:]))


def test_spiral_never_puts_red_numbers_side_by_side() -> None:
    for corner in d.SPIRAL_CORNERS:
        for desert in range(19):
            numbers = [0] * 19
            tokens = iter(d.SPIRAL_TOKENS)
            for h in d.spiral_order(corner):
                if h != desert:
                    numbers[h] = next(tokens)
            assert not d.reds_adjacent(numbers), (corner, desert)


def test_scripted_layout_fills_the_rest_from_unused_pieces() -> None:
    ch = Chance(3, {"layout": {"terrain": ["desert", "desert"]}})
    try:
        d.random_layout("random", ch)
    except d.LayoutError:
        pass
    else:
        raise AssertionError("two deserts do not fit the components")
    ch = Chance(3, {"layout": {"terrain": ["hills"] * 3, "harbours": ["ore", "3:1"], "numbers": [2, 12]}})
    terrain, numbers, harbours, info = d.random_layout("spiral", ch)
    assert terrain[:3] == ["hills"] * 3 and terrain.count("hills") == 3 and harbours[:2] == ["ore", "3:1"]
    land = [h for h in range(19) if terrain[h] != "desert"]
    assert [numbers[h] for h in land[:2]] == [2, 12] and "spiral_corner" not in info

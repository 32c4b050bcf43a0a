"""Every exact payment is legal and listed (§9), and the menus offer them pleasantly: the default
(cheapest) payment first, the others grouped by the silver they spend, never more than 25
options in one step."""

from __future__ import annotations

import itertools
from typing import Any

from games.burg.data import RESOURCES
from games.burg.engine import ENGINE
from games.burg.state import State
from games.core import IllegalAction
from games.menus import MAX_OPTIONS, Menu, Step, resolve
from tests.games.burg.helpers import act, acting, empty_tower, new_game, select, set_res
from tests.games.menu_leaves import menu_leaves

ALL_MESSENGER = {1: "messenger", 2: "messenger", 3: "messenger"}
VALUE = {"sand": 1, "wood": 2, "clay": 4, "stone": 5}


def building_step(**res: int) -> State:
    """Seat 0's Bricklayer at its build step with exactly these resources."""
    s = new_game(4)
    empty_tower(s)
    set_res(s, 0, **res)
    select(s, {0: "bricklayer", **ALL_MESSENGER})
    assert acting(s) == (0, "build")
    return s


def exact_house_payments(have: dict[str, int]) -> set[tuple[int, ...]]:
    """Piece counts (sand, wood, clay, stone, silver) worth exactly 8 with at least 3 types, silver
    standing in for any type: worked out here from §9, independently of the engine."""
    found = set()
    ranges = [range(have.get(r, 0) + 1) for r in RESOURCES]
    for pieces in itertools.product(*ranges):
        own = pieces[:4]
        silver = pieces[4]
        # silver declared as types: try every declaration
        for decl in itertools.product(range(silver + 1), repeat=4):
            if sum(decl) != silver:
                continue
            eff = [own[i] + decl[i] for i in range(4)]
            worth = sum(e * v for e, v in zip(eff, VALUE.values()))
            if worth == 8 and sum(1 for e in eff if e) >= 3:
                found.add(pieces)
                break
    return found


def pieces_of(action: dict[str, Any]) -> tuple[int, ...]:
    return tuple(action["payment"].get(r, 0) for r in RESOURCES)


def test_every_exact_house_payment_is_listed_and_accepted() -> None:
    have = {"sand": 2, "wood": 2, "clay": 2, "stone": 2, "silver": 4}
    s = building_step(**have)
    listed = [a for a in ENGINE.legal(s, 0) if a["type"] == "build" and a["building"] == "house_1"]
    expected = exact_house_payments(have)
    assert len(expected) == 20
    assert {pieces_of(a) for a in listed} == expected and len(listed) == 20
    # the default payment first: no silver, the least valuable pieces
    assert listed[0]["payment"] == {"sand": 2, "wood": 1, "clay": 1}
    # apply accepts each listed payment, and refuses every other way to hand over pieces
    for pieces in itertools.product(*[range(have[r] + 1) for r in RESOURCES]):
        payment = {r: n for r, n in zip(RESOURCES, pieces) if n}
        copy = ENGINE.clone(s)
        try:
            act(copy, 0, "build", building="house_1", payment=payment)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (pieces in expected), payment


def test_silver_can_be_chosen_for_the_forge() -> None:
    s = building_step(sand=2, wood=2, clay=2, stone=2, silver=4)
    with_silver = [a for a in ENGINE.legal(s, 0) if a["type"] == "build" and a["payment"].get("silver", 0) == 3]
    assert with_silver, "a payment with three silver is exact (silver as clay, wood and sand...)"
    forge = s.forge
    act(s, 0, "build", **{k: v for k, v in with_silver[0].items() if k != "type"})
    assert s.forge == forge + 3


def test_menus_offer_the_cheapest_first_then_groups_within_25() -> None:
    s = building_step(sand=4, wood=4, clay=4, stone=4, silver=4)
    legal = ENGINE.legal(s, 0)
    tiles = [a["building"] for a in legal if a["type"] == "build"]
    tile = max(set(tiles), key=tiles.count)
    of_tile = [a for a in legal if a["type"] == "build" and a["building"] == tile]
    assert len(of_tile) > MAX_OPTIONS  # more than one menu could hold
    view = ENGINE.view(s, 0)
    for lang, build_label, cheapest, others in (
        ("en", "Build", "cheapest", "Other payments"),
        ("nl", "Bouwen", "goedkoopst", "Andere betalingen"),
    ):
        first = resolve(ENGINE, view, legal, lang, [])
        assert isinstance(first, Step)
        build = next(o for o in first.options if o.label == build_label)
        menu = Menu(ENGINE, view, legal, lang)
        step = menu.resolve(build.path)
        assert isinstance(step, Step)
        name = ENGINE.action_path(view, of_tile[0], lang)[1]
        tile_option = next(o for o in step.options if o.label == name)
        payments = menu.resolve(tile_option.path)
        assert isinstance(payments, Step) and len(payments.options) <= MAX_OPTIONS
        top = payments.options[0]
        assert top.leaf and cheapest in top.label
        assert menu.resolve(top.path) == of_tile[0]
        # the rest are groups by the silver and stone spent; together they reach every other payment
        assert all(o.label.startswith(others) for o in payments.options[1:])
        assert 1 + sum(menu_leaves(menu, o.path) for o in payments.options[1:]) == len(of_tile)

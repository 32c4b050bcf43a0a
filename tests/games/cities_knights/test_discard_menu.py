"""Multi-card choices ask "how many of each kind": a few menu steps, never one card a step."""

from __future__ import annotations

from typing import Any

import pytest

from games import menus
from games.cities_knights.engine import ENGINE
from games.core import Action
from tests.games.cities_knights.helpers import position

BIG_HAND = {"lumber": 6, "brick": 5, "wool": 5, "grain": 4, "ore": 3}  # 23 cards, five kinds


def _after_seven(hand: dict[str, int]) -> Any:
    st = position(3, phase="roll", hands={1: hand}, script={"red": [3], "yellow": [4], "event": ["ship"]})
    ENGINE.apply(st, 0, {"type": "roll"})
    assert ENGINE.pending(st)[1].kind == "discard"
    return st


def _walk(menu: menus.Menu, want: dict[str, int], lang: str) -> tuple[Action, int, list[str]]:
    """Press, step by step, the option naming the wanted count of its kind; (action, steps, labels)."""
    path: list[str] = []
    steps = 0
    labels: list[str] = []
    while True:
        found = menu.resolve(path)
        assert found is not None
        if not isinstance(found, menus.Step):
            return found, steps, labels
        steps += 1
        assert len(found.options) <= menus.MAX_OPTIONS
        for opt in found.options:
            parts = [p.split(" ", 1) for p in opt.label.split(" · ")]
            if all(int(n) == want.get(KIND[lang][word], 0) for n, word in parts):
                path = opt.path
                labels.append(opt.label)
                break
        else:
            raise AssertionError(f"no option for {want} in {[o.label for o in found.options]}")


KIND = {
    "en": {"lumber": "lumber", "brick": "brick", "wool": "wool", "grain": "grain", "ore": "ore"},
    "nl": {"hout": "lumber", "steen": "brick", "wol": "wool", "graan": "grain", "erts": "ore"},
}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_seat_with_23_cards_discards_11_in_at_most_five_steps(lang: str) -> None:
    st = _after_seven(BIG_HAND)
    legal = ENGINE.legal(st, 1)
    view = ENGINE.view(st, 1)
    menu = menus.Menu(ENGINE, view, legal, lang)
    want = {"lumber": 3, "brick": 2, "wool": 0, "grain": 4, "ore": 2}
    action, steps, labels = _walk(menu, want, lang)
    assert action == {"type": "discard", "cards": {k: n for k, n in want.items() if n}}
    assert steps <= len(BIG_HAND), labels
    # the first step asks how many of the first kind, every count still possible
    first = menu.resolve([])
    assert isinstance(first, menus.Step)
    word = "lumber" if lang == "en" else "hout"
    assert sorted(o.label.split(" · ")[0] for o in first.options) == sorted(f"{n} {word}" for n in range(7))
    ENGINE.apply(st, 1, action)
    assert sum(st.hand[1]) == 12


def test_every_discard_stays_listed_and_reachable() -> None:
    st = _after_seven({"lumber": 3, "wool": 2, "ore": 2, "coin": 2})  # 9 cards: discard 4
    legal = ENGINE.legal(st, 1)
    view = ENGINE.view(st, 1)
    menu = menus.Menu(ENGINE, view, legal, "en")
    reached: list[Action] = []

    def walk(path: list[str], depth: int) -> None:
        found = menu.resolve(path)
        assert found is not None
        if isinstance(found, menus.Step):
            assert depth < 4  # four kinds: at most three questions, the last kind forced
            for opt in found.options:
                walk(opt.path, depth + 1)
        else:
            reached.append(found)

    walk([], 0)
    assert sorted(map(str, reached)) == sorted(map(str, legal))
    total = sum(1 for a in range(4) for b in range(3) for c in range(3) for d in range(3) if a + b + c + d == 4)
    assert len(legal) == total


def test_the_coin_count_speaks_plurals() -> None:
    st = _after_seven({"lumber": 6, "coin": 3})
    step = menus.Menu(ENGINE, ENGINE.view(st, 1), ENGINE.legal(st, 1), "en").resolve([])
    assert isinstance(step, menus.Step)
    # 9 cards: 4 go; one question (the lumber), the coins follow
    assert [o.label for o in step.options] == [
        "4 lumber · 0 coins",
        "3 lumber · 1 coin",
        "2 lumber · 2 coins",
        "1 lumber · 3 coins",
    ]
    nl = menus.Menu(ENGINE, ENGINE.view(st, 1), ENGINE.legal(st, 1), "nl").resolve([])
    assert isinstance(nl, menus.Step)
    assert "1 hout · 3 munten" in [o.label for o in nl.options]

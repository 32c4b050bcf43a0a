"""The last move on the Im Schutze der Burg picture: a card chosen marks nothing and says only who
has chosen until the reveal; pieces put on a worker card, a helper placed on a trade field or a
castle space, the watchtower pile taken, the pile bought from and the building erected are marked."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.burg import picture
from games.burg.engine import ENGINE
from games.core import Event
from tests.games.marks import assert_marks, marked

NAMES = ["Bram", "Anna", "Cleo", "Dirk"]
KINDS = ("select", "equip", "place_trader", "watchtower", "buy", "build", "place_helper", "pass")


def _equipped(events: list[Event]) -> set[str]:
    """Worker cards the reveal or W1's owner filled (the others' are filled with it)."""
    return {f"worker:{ev['seat']}:{ev['card']}" for ev in events if ev["type"] == "worker_equipped"}


def expected(action: dict[str, Any], seat: int, events: list[Event], after: dict[str, Any]) -> set[str]:
    typ = action["type"]
    if typ == "place_trader":
        return {f"field:{action['field']}"}
    if typ == "watchtower":
        return {f"tower:{action['resource']}"}
    if typ == "buy":
        card = f"worker:{action['owner']}:{action['card']}"
        left = [
            w
            for w in after["workers"]
            if w["seat"] == action["owner"] and w["card"] == action["card"] and w["resources"].get(action["resource"])
        ]
        return {f"{card}:{action['resource']}" if left else card}
    if typ == "build":
        return {f"building:{action['building']}"}
    if typ == "place_helper":
        source = action.get("from", "supply")
        return {f"space:{action['space']}"} | (set() if source == "supply" else {f"field:{source}"})
    return _equipped(events)  # select (the reveal), equip; a pass marks nothing


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_kind_of_action_marks_exactly_the_places_it_changed(players: int) -> None:
    checked: dict[str, int] = {}
    for seed in range(8):
        state = ENGINE.start(players, {}, seed)
        rnd = random.Random(seed)
        while ENGINE.pending(state):
            seat = rnd.choice(sorted(ENGINE.pending(state)))
            action = rnd.choice(ENGINE.legal(state, seat))
            before = ENGINE.view(state, None)["moves"]
            events = ENGINE.apply(state, seat, action)
            typ = action["type"]
            if typ == "done":
                typ = "done" if ENGINE.view(state, None)["moves"] != before else "done_quietly"
            if typ not in (*KINDS, "done", "done_quietly") or checked.get(typ, 0) >= 5:
                continue
            checked[typ] = checked.get(typ, 0) + 1
            again = ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))
            for viewer, lang in ((None, "en"), (seat, "nl")):
                view = ENGINE.view(again, viewer)
                sc = picture.scene(view, lang, NAMES[:players])
                if typ == "done_quietly":  # ending a step is no move: the one before stays marked
                    previous = dict(view, moves=before)
                    assert marked(sc) == marked(picture.scene(previous, lang, NAMES[:players]))
                    continue
                assert_marks(sc, expected(action, seat, events, view), (typ, action, viewer))
    assert set(KINDS) <= set(checked), f"not every kind of action came up: {sorted(set(KINDS) - set(checked))}"


def test_a_card_chosen_is_shown_to_the_others_as_chosen_never_as_the_card() -> None:
    state = ENGINE.start(3, {}, 2)
    ENGINE.apply(state, 0, {"type": "select", "card": "stonemason"})
    for viewer in (None, 1, 2):
        view = ENGINE.view(state, viewer)
        assert "stonemason" not in json.dumps(view["moves"])
        for lang, caption in (("en", "Bram has chosen"), ("nl", "Bram heeft gekozen")):
            sc = picture.scene(view, lang, NAMES[:3])
            assert marked(sc) == set() and sc.caption == caption
    # a changed choice is again only a choice
    ENGINE.apply(state, 0, {"type": "select", "card": "trader"})
    view = ENGINE.view(state, 1)
    assert "trader" not in json.dumps(view["moves"])
    assert picture.scene(view, "en", NAMES[:3]).caption == "Bram has chosen"
    # the reveal names every card
    ENGINE.apply(state, 1, {"type": "select", "card": "bricklayer"})
    ENGINE.apply(state, 2, {"type": "select", "card": "messenger"})
    caption = picture.scene(ENGINE.view(state, None), "en", NAMES[:3]).caption or ""
    assert caption.startswith("Cleo's Messenger brings"), caption  # the reveal's first effect

"""The last move on the Cities & Knights picture: a road, a building, a city wall, a knight built,
activated, promoted or moved, the robber, the merchant and the hexes a roll made yield are marked;
an improvement marks its owner's row; a trade or a discard marks nothing; ending a turn or an
offer is no move, so the move before stays marked."""

from __future__ import annotations

import json
import random
from typing import Any

from games.cities_knights import picture
from games.cities_knights.engine import ENGINE
from games.core import Event
from tests.games.marks import assert_marks, marked

NAMES = ["Bram", "Anna", "Cleo", "Dirk"]
AT_VERTEX = (
    "build_settlement",
    "build_city",
    "build_wall",
    "build_knight",
    "activate_knight",
    "promote_knight",
    "place_metropolis",
    "pillage_city",
    "remove_knight",
    "place_knight",
)
#: kinds a random game must have shown (the rare ones are welcome, not required)
KINDS = (
    "build_settlement",
    "build_city",
    "build_road",
    "build_knight",
    "activate_knight",
    "roll",
    "move_robber",
    "buy_improvement",
    "maritime_trade",
    "discard",
    "build_wall",
    "move_knight",
    "promote_knight",
    "chase_robber",
    "pillage_city",
)
NO_MOVE = ("end_turn", "offer_trade", "cancel_trade", "reject_trade", "offer_compose", "offer_set", "offer_drop")


def expected(action: dict[str, Any], seat: int, events: list[Event], after: dict[str, Any], viewer: Any) -> Any:
    """What a move must mark, from the action (and the roll's total, the knight a relocation moved);
    None for the kinds not checked exactly (progress cards)."""
    typ = action["type"]
    if typ in AT_VERTEX:
        return {f"v:{action['vertex']}"}
    if typ == "build_road":
        return {f"e:{action['edge']}"}
    if typ in ("move_knight", "displace_knight"):
        return {f"v:{action['from']}", f"v:{action['to']}"}
    if typ == "chase_robber":
        return {f"v:{action['knight']}", f"h:{action['hex']}"}
    if typ == "move_robber":
        return {f"h:{action['hex']}"}
    if typ == "relocate_knight":
        origin = next(ev["vertex"] for ev in events if ev["type"] == "knight_relocated")
        return {f"v:{origin}", f"v:{action['vertex']}"}
    if typ == "buy_improvement":
        row = f"track:{action['track']}" if viewer == seat else f"track:{seat}:{action['track']}"
        return {row} | {f"v:{ev['vertex']}" for ev in events if ev["type"] == "metropolis_placed"}
    if typ == "roll":
        total = next(ev["total"] for ev in events if ev["type"] == "dice_rolled")
        if total == 7:
            return set()
        return {f"h:{h['id']}" for h in after["hexes"] if h["number"] == total and h["id"] != after["robber"]}
    if typ in ("maritime_trade", "discard", "accept_trade", "confirm_trade"):
        return set()
    return None


def test_each_kind_of_action_marks_exactly_the_places_it_changed() -> None:
    checked: dict[str, int] = {}
    for players, seed in ((3, 1), (3, 2), (4, 3), (4, 4)):
        _play_and_check(players, seed, checked)
    missing = set(KINDS) - set(checked)
    assert not missing, f"not every kind of action came up: {sorted(missing)}"


def _play_and_check(players: int, seed: int, checked: dict[str, int]) -> None:
    state = ENGINE.start(players, {}, seed)
    rnd = random.Random(seed)
    for _ in range(4000):
        pending = ENGINE.pending(state)
        if not pending:
            break
        seat = rnd.choice(sorted(pending))
        action = rnd.choice(ENGINE.legal(state, seat))
        before = ENGINE.view(state, None)["moves"]
        events = ENGINE.apply(state, seat, action)
        typ = action["type"]
        if checked.get(typ, 0) >= 4:
            continue
        view = ENGINE.view(state, None)
        if typ in NO_MOVE:
            assert view["moves"] == before, f"{typ} is no move"
            checked[typ] = checked.get(typ, 0) + 1
            continue
        if expected(action, seat, events, view, None) is None:
            continue
        checked[typ] = checked.get(typ, 0) + 1
        again = ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))
        for viewer, lang in ((None, "en"), (seat, "nl")):
            after = ENGINE.view(again, viewer)
            sc = picture.scene(after, lang, NAMES[:players])
            assert_marks(sc, expected(action, seat, events, after, viewer), (typ, action, viewer))


def test_a_roll_marks_the_hexes_that_yield_and_not_the_robbers() -> None:
    # a game played on until a roll with yielding hexes, one of them under the robber
    for seed in range(40):
        state = ENGINE.start(3, {}, seed)
        rnd = random.Random(seed)
        for _ in range(3000):
            pending = ENGINE.pending(state)
            if not pending:
                break
            seat = rnd.choice(sorted(pending))
            action = rnd.choice(ENGINE.legal(state, seat))
            events = ENGINE.apply(state, seat, action)
            if action["type"] != "roll":
                continue
            view = ENGINE.view(state, None)
            total = next(ev["total"] for ev in events if ev["type"] == "dice_rolled")
            same = {h["id"] for h in view["hexes"] if h["number"] == total}
            if total != 7 and view["robber"] in same and len(same) > 1:
                sc = picture.scene(view, "en", NAMES[:3])
                assert marked(sc) == {f"h:{h}" for h in same - {view["robber"]}}
                assert sc.caption and f"= {total};" in sc.caption
                return
    raise AssertionError("no roll hit the robber's number")


def test_which_cards_a_discard_gave_up_never_reaches_another_view() -> None:
    compared = 0
    for seed in range(6):
        state = ENGINE.start(3, {}, seed)
        rnd = random.Random(seed)
        for _ in range(3000):
            pending = ENGINE.pending(state)
            if not pending or compared >= 12:
                break
            seat = rnd.choice(sorted(pending))
            legal = ENGINE.legal(state, seat)
            discards = [a for a in legal if a["type"] == "discard"]
            if len(discards) >= 2:
                first, second = ENGINE.clone(state), ENGINE.clone(state)
                ENGINE.apply(first, seat, discards[0])
                ENGINE.apply(second, seat, discards[-1])
                # the cards go to the bank, whose counts are public; the move itself says only how many
                for viewer in (None, *(s for s in range(3) if s != seat)):
                    moves = ENGINE.view(first, viewer)["moves"]
                    assert moves == ENGINE.view(second, viewer)["moves"], (discards[0], discards[-1])
                compared += 1
            ENGINE.apply(state, seat, rnd.choice(legal))
    assert compared >= 12

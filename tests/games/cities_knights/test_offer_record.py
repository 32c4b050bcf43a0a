"""The turn's record of whom trade offers addressed: public, kept for the turn, cleared at the next,
and read back from snapshots stored before it existed."""

from __future__ import annotations

from games.cities_knights.engine import ENGINE
from tests.games.cities_knights.helpers import act, position


def test_offers_of_a_turn_are_remembered_until_the_next_turn() -> None:
    st = position(4, hands={0: {"ore": 3}, 1: {"wool": 1}})
    assert ENGINE.invited_this_turn(st) == frozenset()
    act(st, 0, {"type": "offer_trade", "give": {"ore": 1}, "want": {"wool": 1}, "to": [2]})
    act(st, 0, {"type": "cancel_trade"})
    assert ENGINE.invited_this_turn(st) == {2}  # the offer is closed, the record stays
    act(st, 0, {"type": "offer_trade", "give": {"ore": 1}, "want": {"wool": 1}, "to": "all"})
    act(st, 1, {"type": "reject_trade"})
    assert ENGINE.invited_this_turn(st) == {1, 2, 3}
    # every seat and the spectator see it, as they saw the offers
    assert all(ENGINE.view(st, seat)["asked"] == [1, 2, 3] for seat in (None, 0, 1, 2, 3))
    act(st, 0, {"type": "end_turn"})
    assert ENGINE.invited_this_turn(st) == frozenset() and ENGINE.view(st, None)["asked"] == []


def test_a_snapshot_from_before_the_record_loads_without_one() -> None:
    st = position(3, hands={0: {"ore": 3}})
    act(st, 0, {"type": "offer_trade", "give": {"ore": 1}, "want": {"wool": 1}, "to": "all"})
    old = ENGINE.dump(st)
    del old["asked"]
    loaded = ENGINE.load(old)
    assert loaded.asked == [] and ENGINE.dump(loaded) == {**old, "asked": []}
    assert ENGINE.clone(st).asked == [1, 2]

"""Scenarios for every rule of battles-and-builders.md, driven by the `script` option."""

from __future__ import annotations

import json

import pytest

from games.battles_builders import data as D
from games.core import IllegalAction, InvalidOptions
from tests.games.battles_builders.helpers import E, act, chips, commit, commit_round, game, of, points, rolls, score
from tests.games.playout import assert_rejects_cleanly, canonical

ORDER = ["U3", "U4", "U5", "O3", "O4", "O5", "M5", "BB"]
BB_FIRST = ["BB", "U3", "U4", "U5", "O3", "O4", "O5", "M5"]
O4_FIRST = ["O4", "U3", "U4", "U5", "O3", "O5", "M5", "BB"]


def seat_view(st: object, seat: int, viewer: int | None = None) -> dict:
    v = E.view(st, viewer)
    return v["dummy"] if seat >= v["players"] else v["seats"][seat]


# -- §4 set-up -----------------------------------------------------------------------------------
def test_setup_counts_and_turn_order() -> None:
    st = game(4, start_player=2)
    v = E.view(st, None)
    assert v["turn_order"] == [2, 3, 0, 1]
    assert v["display"] == list(D.STRATEGY_TILES)
    assert v["rounds"] == 8 and v["round"] == 1 and v["deck_left"] == 7
    assert v["supply"] == {"plus3": 11, "plus1": 11, "minus1": 12}
    assert v["dummy"] is None
    for s in v["seats"]:
        assert s["stock"] == chips(12, 4, 4, 4, 1) and s["stock_total"] == 25 and s["score"] == 0
    pend = E.pending(st)
    assert list(pend) == [2] and pend[2].kind == "commit" and pend[2].secret


def test_deck_is_the_eight_tiles_and_script_fixes_its_order() -> None:
    st = game(3, order=["M5", "BB"])
    seen = []
    for _ in range(8):
        seen.append(E.view(st, None)["event"]["id"])
        commit_round(st)
    assert seen[:2] == ["M5", "BB"] and sorted(seen) == sorted(D.EVENT_TILES)
    assert E.result(st) is not None and E.pending(st) == {}


def test_start_player_passes_clockwise() -> None:
    st = game(4, order=ORDER, start_player=3)
    orders = []
    for _ in range(3):
        orders.append(E.view(st, None)["turn_order"])
        commit_round(st)
    assert orders == [[3, 0, 1, 2], [0, 1, 2, 3], [1, 2, 3, 0]]


# -- §6 commit -------------------------------------------------------------------------------------
def test_commit_order_and_hidden_composition() -> None:
    st = game(4, order=ORDER)
    evs = commit(st, 0, b=1, i=2)
    assert list(E.pending(st)) == [1]
    pub = [e for e in evs if "to" not in e]
    assert pub == [{"type": "committed", "seat": 0, "count": 3}]
    (mine,) = [e for e in evs if "to" in e]
    assert mine["to"] == [0] and mine["chips"] == chips(1, 2)
    for viewer in (None, 1, 2, 3):
        s0 = seat_view(st, 0, viewer)
        assert s0["commit_count"] == 3 and s0["commit"] is None
        assert s0["stock"] == chips(12, 4, 4, 4, 1)  # the stock before the hidden commit
    own = seat_view(st, 0, 0)
    assert own["commit"] == chips(1, 2) and own["stock"] == chips(11, 2, 4, 4, 1)
    assert E.view(st, 0)["you"]["commit"] == chips(1, 2)


def test_out_of_turn_commit_is_refused() -> None:
    st = game(4, order=ORDER, start_player=1)
    exc = assert_rejects_cleanly(E, st, 0, {"type": "commit", "chips": chips(1)})
    assert exc.code == "not_your_turn"
    exc = assert_rejects_cleanly(E, st, 1, {"type": "choose_tile", "tile": "claim3"})
    assert exc.code == "wrong_action"
    exc = assert_rejects_cleanly(E, st, 1, {"type": "dance"})
    assert exc.code == "unknown_type"
    exc = assert_rejects_cleanly(E, st, 7, {"type": "commit", "chips": chips()})
    assert exc.code == "not_your_turn"


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (chips(b=6), "too_many_chips"),
        (chips(b=3, i=3, k=1), "too_many_chips"),  # 7 chips
        (chips(b=2, i=2, c=2, k=1), "too_many_chips"),  # 6 without counting the king: one too many
        (chips(b=5, i=1), "too_many_chips"),
        (chips(k=2), "not_in_stock"),  # a second king
        (chips(i=5), "not_in_stock"),
        ({"dragon": 1}, "bad_chips"),
        ({"builder": -1}, "bad_chips"),
        ({"builder": "2"}, "bad_chips"),
        ({"builder": 1.0}, "bad_chips"),
        ({"builder": True}, "bad_chips"),
        ([1, 0, 0, 0, 0], "bad_chips"),
        (None, "bad_chips"),
    ],
)
def test_commit_validation(raw: object, code: str) -> None:
    st = game(4, order=ORDER)
    exc = assert_rejects_cleanly(E, st, 0, {"type": "commit", "chips": raw})
    assert exc.code == code


def test_missing_kinds_count_as_zero_and_king_plus_five_is_the_maximum() -> None:
    st = game(3, order=ORDER)
    E.apply(st, 0, {"type": "commit", "chips": {"builder": 2}})
    assert seat_view(st, 0, 0)["commit"] == chips(2)
    commit(st, 1, b=1, i=1, c=1, a=1, k=1)
    commit(st, 2, b=5)
    assert E.view(st, None)["seats"][1]["commit_count"] == 5


def test_spent_chips_cannot_be_committed_again() -> None:
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(c=4), 1: chips(k=1)})  # seat 1: king alone
    # round 2: start player 1, then 2, then 0
    commit(st, 1, b=1)
    commit(st, 2)
    exc = assert_rejects_cleanly(E, st, 0, {"type": "commit", "chips": chips(c=1)})
    assert exc.code == "not_in_stock" and exc.params == {"kind": "cavalry", "have": 0}
    st2 = game(3, order=ORDER)
    commit_round(st2, {0: chips(k=1)})
    commit(st2, 1)
    commit(st2, 2)
    exc = assert_rejects_cleanly(E, st2, 0, {"type": "commit", "chips": chips(k=1)})
    assert exc.code == "not_in_stock" and exc.params["kind"] == "king"


def test_legal_lists_every_commit_in_a_stable_order() -> None:
    st = game(3, order=ORDER)
    acts = E.legal(st, 0)
    combos = [tuple(a["chips"][k] for k in D.KINDS) for a in acts]
    assert len(combos) == 246 == len(set(combos))
    assert combos[0] == (0, 0, 0, 0, 0) and combos[-1] == (5, 0, 0, 0, 1)
    assert all(sum(c[:4]) <= 5 for c in combos) and all(c[4] <= 1 for c in combos)
    assert acts == E.legal(st, 0)
    for a in acts:
        path = E.action_path(E.view(st, 0), a, "en")
        assert len(path) == 5 and path[0] in ("King: no", "King: yes")
    path = E.action_path(E.view(st, 0), {"type": "commit", "chips": chips(3, 1, 0, 1, 1)}, "en")
    assert path == ["King: yes", "3 builders", "1 infantry", "0 cavalry", "1 archer"]
    # every menu step has at most 25 options
    trie: dict[tuple[str, ...], set[str]] = {}
    for a in acts:
        p = E.action_path(E.view(st, 0), a, "nl")
        for n in range(len(p)):
            trie.setdefault(tuple(p[:n]), set()).add(p[n])
    assert max(len(v) for v in trie.values()) <= 25
    assert E.legal(st, 1) == []


# -- §6.4, R-1: zero commit and empty stock -----------------------------------------------------
def test_zero_commit_penalty_and_empty_stock() -> None:
    st = game(3, order=ORDER)
    plan = [chips(b=5), chips(b=5), chips(b=1, i=4), chips(b=1, c=4), chips(a=4, k=1)]
    for r, mine in enumerate(plan, 1):
        order = E.view(st, None)["turn_order"]
        evs = commit_round(st, {0: mine})
        if r == 5:
            assert E.pending(st)[0].kind == "choose_tile"
            evs += act(st, 0, "choose_tile", tile="trojan_horse")
        zero = [e["seat"] for e in of(evs, "prestige") if e["reason"] == "zero_commit"]
        assert zero == [p for p in order if p != 0]
    assert seat_view(st, 0)["stock_total"] == 0
    # round 6 (start player 2): seat 0 may only commit nothing
    assert E.view(st, None)["turn_order"] == [2, 0, 1]
    commit(st, 2)
    assert E.legal(st, 0) == [{"type": "commit", "chips": chips()}]
    evs = commit(st, 0)
    commit(st, 1)
    commit_round(st)
    commit_round(st)
    res = E.result(st)
    assert res is not None
    # builders 4 × 3, tiles U5 + O3 + O4 = 12, three zero commits, barbarian -2 (two -1 chips)
    assert res.scores[0] == 12 + 12 - 3 - 2 == 19
    assert res.details[0]["builders"] == 12 and res.details[0]["event_tiles"] == 12
    assert res.details[0]["zero_commit"] == -3 and res.details[0]["barbarian"] == -2
    assert res.details[0]["held_event_tiles"] == ["U5", "O3", "O4"]
    # round 8 start player is seat 1: it takes the barbarian tile
    assert res.details[1]["held_event_tiles"] == ["BB"]
    assert res.scores[1] == res.scores[2] == -10


def test_king_alone_takes_no_tile_and_is_not_a_zero_commit() -> None:
    st = game(3, order=ORDER)
    evs = commit_round(st, {0: chips(k=1)})
    assert of(evs, "no_tile") == [{"type": "no_tile", "seat": 0}]
    assert [e["seat"] for e in of(evs, "prestige")] == [1, 2]
    assert score(st, 0) == 0
    assert seat_view(st, 0)["stock"]["king"] == 0
    assert E.view(st, None)["display"] == list(D.STRATEGY_TILES)


# -- §8 strategy tiles ---------------------------------------------------------------------------
def test_no_eligible_tile_left_and_forced_withdraw() -> None:
    """R-4 and R-31: the third king can only take Withdraw chips, the fourth takes nothing."""
    st = game(4, order=ORDER)
    evs = commit_round(st, {0: chips(b=1, k=1), 1: chips(b=2, k=1), 2: chips(b=1, k=1), 3: chips(b=1, k=1)})
    assert of(evs, "commits_revealed")[0]["commits"][1] == {"seat": 1, "chips": chips(b=2, k=1)}
    assert E.pending(st)[0].kind == "choose_tile" and not E.pending(st)[0].secret
    assert [a["tile"] for a in E.legal(st, 0)] == ["claim3", "withdraw"]
    exc = assert_rejects_cleanly(E, st, 0, {"type": "choose_tile", "tile": "extra_point"})
    assert exc.code == "not_eligible"
    exc = assert_rejects_cleanly(E, st, 0, {"type": "choose_tile", "tile": "moat"})
    assert exc.code == "unknown_tile"
    exc = assert_rejects_cleanly(E, st, 1, {"type": "choose_tile", "tile": "claim3"})
    assert exc.code == "not_your_turn"
    act(st, 0, "choose_tile", tile="claim3")
    exc = assert_rejects_cleanly(E, st, 1, {"type": "choose_tile", "tile": "claim3"})
    assert exc.code == "tile_taken"
    assert [a["tile"] for a in E.legal(st, 1)] == ["extra_point", "withdraw"]
    act(st, 1, "choose_tile", tile="extra_point")
    assert E.legal(st, 2) == [{"type": "choose_tile", "tile": "withdraw"}]
    act(st, 2, "choose_tile", tile="withdraw")
    assert E.pending(st)[2].kind == "withdraw"
    assert E.legal(st, 2) == [{"type": "withdraw", "chips": {"builder": 1, "infantry": 0, "cavalry": 0, "archer": 0}}]
    for bad, code in [
        ({}, "too_few_chips"),
        ({"builder": 0}, "too_few_chips"),
        ({"king": 1}, "bad_chips"),
        ({"builder": 2}, "not_committed"),
        ({"infantry": 1}, "not_committed"),
    ]:
        assert assert_rejects_cleanly(E, st, 2, {"type": "withdraw", "chips": bad}).code == code
    evs = act(st, 2, "withdraw", chips={"builder": 1})
    assert of(evs, "no_tile") == [{"type": "no_tile", "seat": 3}]
    (b,) = of(evs, "builders_scored")
    assert b["most"] == 2 and b["winners"] == [1]
    assert [(e["seat"], e["value"]) for e in of(evs, "prestige")] == [(1, 3)]
    assert of(evs, "event_set_aside") == [{"type": "event_set_aside", "tile": "U3"}]
    assert score(st, 1) == 4 and points(st, 1)["extra_point"] == 1
    assert score(st, 0) == score(st, 2) == score(st, 3) == 0
    assert seat_view(st, 2)["stock"] == chips(12, 4, 4, 4, 0)
    assert E.view(st, None)["taken"] == {"claim3": 0, "extra_point": 1, "withdraw": 2}
    assert E.view(st, None)["set_aside"] == ["U3"]


def test_eligibility_is_checked_after_earlier_withdrawals() -> None:
    """R-5 and R-6: seat 0 withdraws its 3 builders, so seat 1's 2 builders tie for most."""
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=3, k=1), 1: chips(b=2, k=1), 2: chips(b=2)})
    act(st, 0, "choose_tile", tile="withdraw")
    assert len(E.legal(st, 0)) == 3  # 1, 2 or 3 builders
    act(st, 0, "withdraw", chips={"builder": 3})
    assert [a["tile"] for a in E.legal(st, 1)] == ["claim3", "extra_point"]
    evs = act(st, 1, "choose_tile", tile="extra_point")
    assert [(e["seat"], e["value"]) for e in of(evs, "prestige")] == [(1, 1), (2, 1)]
    assert score(st, 0) == 0  # withdrawing everything is not a zero commit
    assert score(st, 1) == 2 and score(st, 2) == 1
    assert seat_view(st, 0)["stock"]["builder"] == 12

    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=3, k=1), 1: chips(b=2, k=1), 2: chips(b=2)})
    act(st, 0, "choose_tile", tile="claim3")
    assert [a["tile"] for a in E.legal(st, 1)] == ["withdraw"]


def test_claim3_beats_a_tie_and_extra_point_keeps_its_tile() -> None:
    """R-7."""
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=2, k=1), 1: chips(b=2, k=1)})
    act(st, 0, "choose_tile", tile="claim3")
    evs = act(st, 1, "choose_tile", tile="extra_point")
    assert [(e["seat"], e["value"], e["reason"]) for e in of(evs, "prestige")] == [(0, 3, "builders")]
    assert (score(st, 0), score(st, 1), score(st, 2)) == (3, 1, -1)
    assert seat_view(st, 1)["strategy_tiles"] == ["extra_point"]
    assert seat_view(st, 0)["strategy_tiles"] == ["claim3"]


def test_claim3_when_sole_most_or_not_most() -> None:
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=3, k=1), 1: chips(b=1)})
    act(st, 0, "choose_tile", tile="claim3")
    assert (score(st, 0), score(st, 1)) == (3, 0)
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=1, k=1), 1: chips(b=2), 2: chips(b=2)})
    act(st, 0, "choose_tile", tile="claim3")
    assert (score(st, 0), score(st, 1), score(st, 2)) == (0, 1, 1)


def test_catapult() -> None:
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(i=1, k=1), 1: chips(b=1)})
    assert [a["tile"] for a in E.legal(st, 0)] == ["catapult", "trojan_horse", "fresh_troops", "withdraw"]
    act(st, 0, "choose_tile", tile="catapult")
    pend = E.pending(st)
    assert pend[0].kind == "catapult_target" and pend[0].data["targets"] == [1, 2]
    assert E.legal(st, 0) == [{"type": "catapult_target", "seat": 1}, {"type": "catapult_target", "seat": 2}]
    for bad in (0, 3, -1, "1", True, None):
        assert assert_rejects_cleanly(E, st, 0, {"type": "catapult_target", "seat": bad}).code == "bad_target"
    evs = act(st, 0, "catapult_target", seat=2)  # seat 2 committed nothing: still a target
    assert of(evs, "catapult_given") == [{"type": "catapult_given", "seat": 0, "target": 2}]
    (won,) = of(evs, "event_won")
    assert won["seat"] == 0 and not won["rolled"] and won["tile"] == "U3"
    assert seat_view(st, 2)["strategy_tiles"] == ["catapult"]
    assert (score(st, 0), score(st, 1), score(st, 2)) == (3, 3, -3)
    assert points(st, 2) == {**dict.fromkeys(D.SOURCES, 0), "zero_commit": -1, "catapult": -2}
    assert E.view(st, None)["taken"] == {"catapult": 2}


def test_catapult_never_targets_the_fictitious_player() -> None:
    st = game(2, order=ORDER, draws=[["builder"] * 3])
    commit_round(st, {0: chips(i=1, k=1)})
    act(st, 0, "choose_tile", tile="catapult")
    assert E.legal(st, 0) == [{"type": "catapult_target", "seat": 1}]
    assert assert_rejects_cleanly(E, st, 0, {"type": "catapult_target", "seat": 2}).code == "bad_target"


def test_trojan_horse_in_the_initial_throw_and_tie_rerolls() -> None:
    # urban: infantry yellow, cavalry red, archer green
    st = game(3, order=ORDER, dice=[3, 3, 4, 2, 5, 4, 4, 2])
    commit_round(st, {0: chips(i=1, k=1), 1: chips(c=1, a=1)})
    evs = act(st, 0, "choose_tile", tile="trojan_horse")
    assert rolls(evs) == [
        ("initial", 0, 1, 0, [3, 3], 6),
        ("initial", 0, 1, 1, [4, 2], 6),
        ("reroll", 1, 1, 0, [5, 4], 9),
        ("reroll", 1, 1, 1, [4, 2], 6),
    ]
    assert [e["colours"] for e in of(evs, "dice_rolled")][:2] == [["yellow", "red"], ["green", "red"]]
    assert of(evs, "tie") == [{"type": "tie", "seats": [0, 1], "total": 6, "reroll": 1}]
    assert of(evs, "event_won")[0]["seat"] == 0 and score(st, 0) == 3


def test_trojan_die_counts_towards_the_red_limit() -> None:
    st = game(4, order=ORDER, dice=[4, 4, 4, 4, 4, 2])
    commit_round(st, {0: chips(c=4, k=1), 1: chips(c=1)})
    evs = act(st, 0, "choose_tile", tile="trojan_horse")
    assert rolls(evs) == [("initial", 0, 1, 0, [4, 4, 4, 4, 4], 20), ("initial", 0, 2, 1, [2], 2)]


def test_fresh_troops_then_tie_reroll() -> None:
    # urban: archers roll green, infantry yellow
    st = game(3, order=ORDER, dice=[4, 4, 5, 5, 6, 6, 6, 3, 3])
    commit_round(st, {0: chips(a=2, k=1), 1: chips(i=2)})
    evs = act(st, 0, "choose_tile", tile="fresh_troops")
    assert rolls(evs) == [("initial", 0, 1, 0, [4, 4], 8), ("initial", 0, 1, 1, [5, 5], 10)]
    pend = E.pending(st)
    assert pend[0].kind == "fresh_troops" and not pend[0].secret
    assert [a["dice"] for a in E.legal(st, 0)] == [[], [1], [0], [0, 1]]
    for bad in ([2], [0, 0], [-1], ["0"], [True], "0", None):
        assert assert_rejects_cleanly(E, st, 0, {"type": "fresh_troops", "dice": bad}).code == "bad_dice"
    v = E.view(st, 1)
    assert v["fresh"] == {
        "seat": 0,
        "dice": [{"index": 0, "colour": "green", "value": 4}, {"index": 1, "colour": "green", "value": 4}],
    }
    path = E.action_path(E.view(st, 0), {"type": "fresh_troops", "dice": [1]}, "en")
    assert path == ["Die 1 (green 4): keep", "Die 2 (green 4): re-roll"]
    evs = act(st, 0, "fresh_troops", dice=[1])
    assert of(evs, "fresh_troops_used") == [{"type": "fresh_troops_used", "seat": 0, "dice": [1]}]
    assert rolls(evs) == [
        ("fresh_troops", 0, 1, 0, [6], 10),
        ("reroll", 1, 1, 0, [6, 6], 12),
        ("reroll", 1, 1, 1, [3, 3], 6),
    ]
    assert of(evs, "dice_rolled")[0]["dice"] == [1]
    assert of(evs, "event_won")[0]["seat"] == 0
    assert E.pending(st)[1].kind == "commit"  # Fresh troops is not offered again in tie re-rolls


def test_fresh_troops_declined_and_without_effect() -> None:
    st = game(3, order=ORDER, dice=[4, 4, 5, 5])
    commit_round(st, {0: chips(a=2, k=1), 1: chips(i=2)})
    act(st, 0, "choose_tile", tile="fresh_troops")
    evs = act(st, 0, "fresh_troops", dice=[])
    assert rolls(evs) == [] and of(evs, "event_won")[0]["seat"] == 1
    # sole contestant: no dice, so nothing to re-roll
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(a=1, k=1), 1: chips(b=2)})
    evs = act(st, 0, "choose_tile", tile="fresh_troops")
    assert rolls(evs) == [] and of(evs, "event_won")[0]["rolled"] is False
    assert E.pending(st)[1].kind == "commit"


def test_fresh_troops_in_the_barbarian_battle() -> None:
    st = game(3, order=BB_FIRST, dice=[3, 4, 5, 5])
    commit_round(st, {0: chips(i=1, k=1), 1: chips(i=1), 2: chips(c=1)})
    evs = act(st, 0, "choose_tile", tile="fresh_troops")
    assert rolls(evs) == [("initial", 0, 1, 0, [3], 3), ("initial", 0, 1, 1, [4], 4), ("initial", 0, 1, 2, [5], 5)]
    evs = act(st, 0, "fresh_troops", dice=[0])
    (lost,) = of(evs, "barbarian_lost")
    assert lost["seat"] == 1 and lost["losers"] == [1] and lost["total"] == 4 and lost["rolled"]
    assert score(st, 1) == -2 and score(st, 0) == 0


def test_withdraw_limits() -> None:
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=2, i=2, k=1)})
    act(st, 0, "choose_tile", tile="withdraw")
    assert len(E.legal(st, 0)) == 2 + 3 + 2  # sizes 1..3 from 2 builders and 2 infantry
    assert assert_rejects_cleanly(E, st, 0, {"type": "withdraw", "chips": {"builder": 2, "infantry": 2}}).code == (
        "too_many_chips"
    )
    assert assert_rejects_cleanly(E, st, 0, {"type": "withdraw", "chips": {"cavalry": 1}}).code == "not_committed"
    assert assert_rejects_cleanly(E, st, 0, {"type": "withdraw", "chips": "all"}).code == "bad_chips"
    assert assert_rejects_cleanly(E, st, 0, {"type": "withdraw", "chips": {"infantry": -1}}).code == "bad_chips"
    path = E.action_path(E.view(st, 0), {"type": "withdraw", "chips": {"builder": 1, "infantry": 2}}, "en")
    assert path == ["Take back 1 builder", "Take back 2 infantry"]
    evs = act(st, 0, "withdraw", chips={"builder": 1, "infantry": 2})
    assert of(evs, "withdrawn")[0]["chips"] == {"builder": 1, "infantry": 2, "cavalry": 0, "archer": 0}
    assert of(evs, "builders_scored")[0]["builders"][0] == {"seat": 0, "builders": 1}
    assert of(evs, "event_set_aside")  # no armies left
    assert seat_view(st, 0)["stock"] == chips(11, 4, 4, 4, 0)
    assert seat_view(st, 0)["last_commit"] == chips(2, 2, 0, 0, 1)


def test_withdraw_everything_exposes_to_the_barbarians() -> None:
    """R-10, R-11, R-16."""
    st = game(3, order=BB_FIRST, dice=[5])
    commit_round(st, {0: chips(i=2, k=1), 1: chips(i=1), 2: chips(c=1)})
    act(st, 0, "choose_tile", tile="withdraw")
    evs = act(st, 0, "withdraw", chips={"infantry": 2})
    assert rolls(evs) == []
    (lost,) = of(evs, "barbarian_lost")
    assert lost["seat"] == 0 and lost["losers"] == [0] and lost["total"] == 0 and not lost["rolled"]
    assert score(st, 0) == -2 and not of(evs, "prestige")
    # the withdrawn infantry can be committed again: seat 1 starts round 2
    commit(st, 1)
    commit(st, 2)
    commit(st, 0, i=4)
    assert E.view(st, None)["dice"] == []


# -- §7.2 / §9 dice ------------------------------------------------------------------------------
def test_tie_rerolls_only_the_tied_players_until_one_is_highest() -> None:
    st = game(3, order=ORDER, dice=[5, 5, 3, 4, 4, 3, 5])
    evs = commit_round(st, {0: chips(i=1), 1: chips(i=1), 2: chips(i=1)})
    assert rolls(evs) == [
        ("initial", 0, 1, 0, [5], 5),
        ("initial", 0, 1, 1, [5], 5),
        ("initial", 0, 1, 2, [3], 3),
        ("reroll", 1, 1, 0, [4], 4),
        ("reroll", 1, 1, 1, [4], 4),
        ("reroll", 2, 1, 0, [3], 3),
        ("reroll", 2, 1, 1, [5], 5),
    ]
    assert [e["reroll"] for e in of(evs, "tie")] == [1, 2]
    (won,) = of(evs, "event_won")
    assert won["seat"] == 1 and won["rolled"] and won["value"] == 3
    assert won["totals"] == [{"seat": 0, "total": 3}, {"seat": 1, "total": 5}, {"seat": 2, "total": 3}]
    assert len(E.view(st, None)["dice"]) == 7


def test_batches_example_of_section_9_4() -> None:
    # urban tile, infantry yellow; seats 0-3 roll 3, 3, 2, 1 yellow dice
    st = game(4, order=ORDER, dice=[3, 3, 3, 4, 4, 4, 5, 5, 3])
    evs = commit_round(st, {0: chips(i=3), 1: chips(i=3), 2: chips(i=2), 3: chips(i=1)})
    assert [(r[2], r[3]) for r in rolls(evs)] == [(1, 0), (2, 1), (2, 2), (3, 3)]
    assert [r[5] for r in rolls(evs)] == [9, 12, 10, 3]
    assert of(evs, "event_won")[0]["seat"] == 1


def test_a_player_needing_more_than_five_dice_of_a_colour_is_split() -> None:
    reds = {"urban": {"infantry": "red", "cavalry": "red", "archer": "red"}}
    st = game(3, order=ORDER, dice=[2, 2, 2, 2, 2, 4, 3], colours=reds)
    commit_round(st, {0: chips(i=2, c=3, k=1), 1: chips(a=1)})
    evs = act(st, 0, "choose_tile", tile="trojan_horse")
    assert rolls(evs) == [
        ("initial", 0, 1, 0, [2, 2, 2, 2, 2], 14),
        ("initial", 0, 2, 0, [4], 14),
        ("initial", 0, 2, 1, [3], 3),
    ]
    assert [e["dice"] for e in of(evs, "dice_rolled")] == [[0, 1, 2, 3, 4], [5], [0]]


def test_example_round_one() -> None:
    """Open field worth 4: two greens total 11, one green and two yellows total 13."""
    st = game(3, order=O4_FIRST, dice=[5, 6, 5, 4, 4])
    assert E.view(st, None)["event"] == {
        "id": "O4",
        "terrain": "open_field",
        "value": 4,
        "colours": {"infantry": "yellow", "cavalry": "green", "archer": "red"},
    }
    evs = commit_round(st, {0: chips(c=2), 1: chips(c=1, i=2), 2: chips(b=2)})
    dice = of(evs, "dice_rolled")
    assert [(e["seat"], e["colours"], e["values"], e["total"]) for e in dice] == [
        (0, ["green", "green"], [5, 6], 11),
        (1, ["green", "yellow", "yellow"], [5, 4, 4], 13),
    ]
    (won,) = of(evs, "event_won")
    assert (won["seat"], won["tile"], won["value"]) == (1, "O4", 4)
    assert (score(st, 0), score(st, 1), score(st, 2)) == (0, 4, 3)


def test_open_field_worked_example_dice() -> None:
    st = game(3, order=O4_FIRST, dice=[4, 4, 3, 2, 3])
    evs = commit_round(st, {0: chips(c=2, i=1, a=1), 1: chips(a=1)})
    assert of(evs, "dice_rolled")[0]["colours"] == ["green", "green", "yellow", "red"]


def test_example_round_two_sole_army_wins_without_rolling() -> None:
    st = game(3, order=ORDER, dice=[6])
    evs = commit_round(st, {0: chips(i=2), 1: chips(b=3), 2: chips(b=1)})
    assert rolls(evs) == []
    (won,) = of(evs, "event_won")
    assert won == {"type": "event_won", "seat": 0, "tile": "U3", "value": 3, "rolled": False, "totals": []}
    assert (score(st, 0), score(st, 1), score(st, 2)) == (3, 3, 0)
    assert st.chance.script["dice"] == [6]  # no die was drawn


def test_nobody_fights_the_tile_is_set_aside() -> None:
    """R-19, R-26."""
    st = game(3, order=ORDER)
    evs = commit_round(st)
    assert of(evs, "event_set_aside") == [{"type": "event_set_aside", "tile": "U3"}]
    assert [e["seat"] for e in of(evs, "prestige")] == [0, 1, 2]
    v = E.view(st, None)
    assert v["set_aside"] == ["U3"] and v["deck_left"] == 6 and v["event"]["id"] == "U4"


# -- §7.3 barbarian battle -------------------------------------------------------------------------
def test_barbarian_shortcut_when_someone_has_no_dice() -> None:
    """R-16, R-25: seat 1 committed nothing: no dice rolled, it takes -1 and the -2 tile."""
    st = game(3, order=BB_FIRST, dice=[5])
    evs = commit_round(st, {0: chips(i=2), 2: chips(i=1)})
    assert rolls(evs) == []
    (lost,) = of(evs, "barbarian_lost")
    assert lost["seat"] == 1 and lost["losers"] == [1] and not lost["rolled"] and lost["value"] == -2
    assert score(st, 1) == -3 and points(st, 1)["barbarian"] == -2
    assert seat_view(st, 1)["event_tiles"] == ["BB"]


def test_barbarian_tie_first_in_turn_order_takes_the_tile() -> None:
    """R-17, R-19: nobody commits; start player 2 takes the tile, the others two -1 chips."""
    st = game(3, order=BB_FIRST, start_player=2)
    evs = commit_round(st)
    (lost,) = of(evs, "barbarian_lost")
    assert lost["seat"] == 2 and lost["losers"] == [2, 0, 1]
    pres = [(e["seat"], e["value"], e["count"], e["reason"]) for e in of(evs, "prestige")]
    assert pres == [
        (2, -1, 1, "zero_commit"),
        (0, -1, 1, "zero_commit"),
        (1, -1, 1, "zero_commit"),
        (0, -1, 2, "barbarian"),
        (1, -1, 2, "barbarian"),
    ]
    assert [score(st, p) for p in range(3)] == [-3, -3, -3]
    assert seat_view(st, 0)["chips"] == {"plus3": 0, "plus1": 0, "minus1": 3}
    assert seat_view(st, 2)["chips"] == {"plus3": 0, "plus1": 0, "minus1": 1}


def test_barbarians_when_everyone_rolls_ties_are_not_rerolled() -> None:
    st = game(3, order=BB_FIRST, dice=[3, 2, 5, 5])
    commit_round(st, {0: chips(i=1, k=1), 1: chips(a=1), 2: chips(c=1)})
    evs = act(st, 0, "choose_tile", tile="trojan_horse")
    assert rolls(evs) == [("initial", 0, 1, 0, [3, 2], 5), ("initial", 0, 1, 1, [5], 5), ("initial", 0, 1, 2, [5], 5)]
    (lost,) = of(evs, "barbarian_lost")
    assert lost["seat"] == 0 and lost["losers"] == [0, 1, 2] and lost["rolled"] and lost["total"] == 5
    assert not of(evs, "tie")
    assert [score(st, p) for p in range(3)] == [-2, -2, -2]

    st = game(3, order=BB_FIRST, dice=[5, 3, 4])
    evs = commit_round(st, {0: chips(i=1), 1: chips(a=1), 2: chips(c=1)})
    assert of(evs, "barbarian_lost")[0]["losers"] == [1]


# -- §12 two players -------------------------------------------------------------------------------
def test_two_players_fictitious_player_takes_part() -> None:
    st = game(2, order=ORDER, draws=[["builder", "builder", "infantry"], ["archer", "cavalry", "builder"]])
    v = E.view(st, None)
    assert v["turn_order"] == [0, 1, 2]
    assert v["dummy"]["stock"] == {"builder": 12, "infantry": 4, "cavalry": 4, "archer": 4, "king": 0}
    assert v["dummy"]["stock_total"] == 24
    evs = commit_round(st, {0: chips(b=2, k=1)})
    assert of(evs, "dummy_drew") == [
        {"type": "dummy_drew", "seat": 2, "chips": {"builder": 2, "infantry": 1, "cavalry": 0, "archer": 0}}
    ]
    assert [a["tile"] for a in E.legal(st, 0)] == ["claim3", "extra_point", "withdraw"]
    evs = act(st, 0, "choose_tile", tile="claim3")
    assert [(e["seat"], e["value"]) for e in of(evs, "prestige")] == [(0, 3)]  # Claim 3 beats the dummy's tie
    (won,) = of(evs, "event_won")
    assert won["seat"] == 2 and not won["rolled"]
    assert (score(st, 0), score(st, 1), score(st, 2)) == (3, -1, 3)
    v = E.view(st, None)
    assert v["turn_order"] == [1, 0, 2] and v["start_player"] == 1
    assert v["dummy"]["stock_total"] == 21


def test_dummy_builders_count_for_extra_point() -> None:
    st = game(2, order=ORDER, draws=[["builder", "builder", "cavalry"]])
    commit_round(st, {0: chips(b=1, k=1)})
    assert [a["tile"] for a in E.legal(st, 0)] == ["claim3", "withdraw"]


def test_dummy_rerolls_ties_and_takes_the_barbarian_tile() -> None:
    # the dummy ties and re-rolls, rolled last in turn order
    st = game(2, order=ORDER, draws=[["infantry", "builder", "builder"]], dice=[4, 4, 3, 5])
    evs = commit_round(st, {0: chips(i=1)})
    assert rolls(evs) == [
        ("initial", 0, 1, 0, [4], 4),
        ("initial", 0, 1, 2, [4], 4),
        ("reroll", 1, 1, 0, [3], 3),
        ("reroll", 1, 1, 2, [5], 5),
    ]
    assert of(evs, "event_won")[0]["seat"] == 2
    # no army drawn, so the dummy has no dice and takes the barbarian tile
    st = game(2, order=BB_FIRST, draws=[["builder", "builder", "builder"]])
    evs = commit_round(st, {0: chips(i=1), 1: chips(a=1)})
    assert of(evs, "barbarian_lost")[0]["seat"] == 2
    assert score(st, 2) == 3 - 2


def test_dummy_can_win_option() -> None:
    for can_win in (False, True):
        st = game(2, order=ORDER, dummy_can_win=can_win, seed=5)
        for _ in range(8):
            commit_round(st)
        res = E.result(st)
        assert res is not None
        assert res.scores == {0: -10, 1: -10}
        dummy = res.extra["dummy"]
        assert dummy["seat"] == 2 and dummy["score"] > -10 and dummy["ranked"] is can_win
        assert dummy["score"] == sum(dummy["details"][s] for s in D.SOURCES)
        if can_win:
            assert dummy["rank"] == 1 and res.ranks == {0: 2, 1: 2} and res.winners == []
        else:
            assert dummy["rank"] is None and res.ranks == {0: 1, 1: 1} and res.winners == [0, 1]
        assert E.view(st, None)["dummy"]["stock_total"] == 0


# -- §13 supply -------------------------------------------------------------------------------------
def test_minus_one_supply_runs_out_into_virtual_chips() -> None:
    st = game(4, order=BB_FIRST)
    commit_round(st)  # 4 zero commits + 3 × two -1 chips = 10 of 12
    assert E.view(st, None)["supply"]["minus1"] == 2
    evs = commit_round(st)  # start player 1: seats 1, 2 get the last chips, 3 and 0 virtual ones
    assert [(e["seat"], e["virtual"]) for e in of(evs, "prestige")] == [(1, 0), (2, 0), (3, 1), (0, 1)]
    v = E.view(st, None)
    assert v["supply"]["minus1"] == 0
    assert v["seats"][0]["virtual"] == {"plus3": 0, "plus1": 0, "minus1": 1}
    assert v["seats"][0]["chips"]["minus1"] == 1 and v["seats"][0]["score"] == -4
    assert [s["score"] for s in v["seats"]] == [-4, -4, -4, -4]


def test_plus_one_supply_runs_out_into_virtual_chips() -> None:
    st = game(4, order=ORDER)
    for _ in range(2):
        commit_round(st, {p: chips(b=1) for p in range(4)})
    assert E.view(st, None)["supply"]["plus1"] == 3
    evs = commit_round(st, {p: chips(b=1) for p in range(4)})
    assert [(e["seat"], e["virtual"]) for e in of(evs, "prestige")] == [(2, 0), (3, 0), (0, 0), (1, 1)]
    assert [s["score"] for s in E.view(st, None)["seats"]] == [3, 3, 3, 3]


# -- §14 end of game --------------------------------------------------------------------------------
def test_end_scoring_and_shared_ranks() -> None:
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=1), 1: chips(i=1)})
    for _ in range(7):
        assert E.result(st) is None
        commit_round(st)
    res = E.result(st)
    assert res is not None and E.pending(st) == {}
    assert res.scores == {0: -6, 1: -6, 2: -10}
    assert res.ranks == {0: 1, 1: 1, 2: 3} and res.winners == [0, 1] and res.tiebreak is None
    d1 = res.details[1]
    assert {s: d1[s] for s in D.SOURCES} == {
        "builders": 0,
        "zero_commit": -7,
        "event_tiles": 3,
        "barbarian": -2,
        "extra_point": 0,
        "catapult": 0,
    }
    assert d1["held_event_tiles"] == ["U3", "BB"] and d1["total"] == -6
    assert res.details[0]["chips"]["plus3"] == 1
    assert res.extra == {}
    json.dumps(res.to_json())
    exc = assert_rejects_cleanly(E, st, 0, {"type": "commit", "chips": chips()})
    assert exc.code == "game_over"
    assert E.legal(st, 0) == [] and E.view(st, None)["over"]


# -- options, script and simultaneous commits --------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"colour": 1}),
        (3, {"start_player": 3}),
        (3, {"start_player": True}),
        (3, {"simultaneous_commit": "yes"}),
        (3, {"dummy_can_win": 1}),
        (3, {"script": {"event_order": ["XX"]}}),
        (3, {"script": {"event_order": ["U3", "U3"]}}),
        (3, {"script": {"dummy_draws": [["builder", "builder", "builder"]]}}),
        (2, {"script": {"dummy_draws": [["cavalry"] * 3, ["cavalry"] * 3]}}),
        (2, {"script": {"dummy_draws": [["king", "builder", "builder"]]}}),
        (2, {"script": {"dummy_draws": [["builder", "builder"]]}}),
        (3, {"script": {"dice": [7]}}),
        (3, {"script": {"dice": [1]}}),
        (3, {"script": {"deck": []}}),
        (3, {"faces": {"green": [0, 4, 5, 5, 6, 6]}}),
        (3, {"faces": {"green": [4, 5, 6]}}),
        (3, {"faces": {"blue": [1, 2, 3, 4, 5, 6]}}),
        (3, {"colours": {"urban": {"infantry": "blue"}}}),
        (3, {"colours": {"swamp": {"infantry": "red"}}}),
        (3, {"event_tiles": []}),
        (3, {"event_tiles": [{"id": "X", "terrain": "sea", "value": 3}]}),
        (
            3,
            {"event_tiles": [{"id": "X", "terrain": "urban", "value": 3}, {"id": "X", "terrain": "urban", "value": 3}]},
        ),
        (2, {"event_tiles": [{"id": f"T{n}", "terrain": "urban", "value": 3} for n in range(9)]}),
    ],
)
def test_bad_options_are_refused(players: int, options: dict) -> None:
    with pytest.raises(InvalidOptions):
        E.start(players, options, 1)


def test_scripted_die_that_is_not_a_face_of_its_colour_changes_nothing() -> None:
    st = game(3, order=ORDER, dice=[6, 5])  # 6 is green only, infantry rolls yellow on urban
    commit(st, 0, i=1)
    commit(st, 1, i=1)
    before = canonical(E, st)
    with pytest.raises(InvalidOptions):
        commit(st, 2)
    assert canonical(E, st) == before


def test_data_overrides() -> None:
    tiles = [
        {"id": "A", "terrain": "mountain", "value": 7},
        {"id": "B", "terrain": "barbarian", "value": -3},
        {"id": "C", "terrain": "open_field", "value": 2},
    ]
    faces = {"yellow": [1, 1, 1, 2, 2, 2]}
    colours = {"mountain": {"infantry": "yellow"}}
    script = {"dice": [2, 1], "event_order": ["A", "B", "C"]}
    st = E.start(3, {"event_tiles": tiles, "faces": faces, "colours": colours, "script": script}, 9)
    assert E.view(st, None)["rounds"] == 3
    order = []
    for _ in range(3):
        v = E.view(st, None)
        order.append(v["event"]["id"])
        if v["event"]["id"] == "A":
            evs = commit_round(st, {0: chips(i=1), 1: chips(i=1)})
            assert rolls(evs) == [("initial", 0, 1, 0, [2], 2), ("initial", 0, 1, 1, [1], 1)]
            assert of(evs, "event_won")[0]["value"] == 7
        elif v["event"]["id"] == "B":
            evs = commit_round(st)
            assert of(evs, "barbarian_lost")[0]["value"] == -3
            assert [e["count"] for e in of(evs, "prestige") if e["reason"] == "barbarian"] == [3, 3]
        else:
            commit_round(st)
    assert order == ["A", "B", "C"]
    res = E.result(st)
    # A: +7 and one zero commit; B: three zero commits, the tile -3, two × three -1 chips; C: three zero commits
    assert res is not None and sum(res.scores.values()) == (7 - 1) + (-3 - 3 - 6) - 3


def test_simultaneous_commit() -> None:
    st = game(3, order=ORDER, simultaneous_commit=True)
    pend = E.pending(st)
    assert sorted(pend) == [0, 1, 2] and all(p.secret and p.kind == "commit" for p in pend.values())
    evs = commit(st, 2, b=3)
    assert [e for e in evs if "to" not in e] == [{"type": "committed", "seat": 2, "count": None}]
    assert sorted(E.pending(st)) == [0, 1]
    s2 = seat_view(st, 2, 0)
    assert s2["committed"] and s2["commit_count"] is None and s2["commit"] is None
    assert seat_view(st, 2, 2)["commit_count"] == 3
    exc = assert_rejects_cleanly(E, st, 2, {"type": "commit", "chips": chips()})
    assert exc.code == "not_your_turn"
    commit(st, 1)
    evs = commit(st, 0, b=1)
    assert of(evs, "commits_revealed")
    assert score(st, 2) == 3 and score(st, 1) == -1


def test_views_never_show_a_hidden_commit() -> None:
    a, b = game(4, order=ORDER, seed=3), game(4, order=ORDER, seed=3)
    commit(a, 0, b=2, i=1)
    commit(b, 0, c=1, a=1, k=1)
    for viewer in (None, 1, 2, 3):
        assert json.dumps(E.view(a, viewer), sort_keys=True) == json.dumps(E.view(b, viewer), sort_keys=True)
    assert E.view(a, 0) != E.view(b, 0)


def test_presentation_covers_every_event_in_both_languages() -> None:
    st = game(3, order=BB_FIRST, dice=[3, 4, 5, 5])
    evs = commit_round(st, {0: chips(i=1, k=1), 1: chips(i=1), 2: chips(c=1)})
    evs += act(st, 0, "choose_tile", tile="fresh_troops")
    evs += act(st, 0, "fresh_troops", dice=[0])
    evs += commit_round(st, {1: chips(b=2, k=1), 2: chips(i=1, k=1), 0: chips(i=1)})
    evs += act(st, 1, "choose_tile", tile="withdraw")
    evs += act(st, 1, "withdraw", chips={"builder": 1})
    evs += act(st, 2, "choose_tile", tile="catapult")
    evs += act(st, 2, "catapult_target", seat=0)
    while E.pending(st):
        evs += commit_round(st)
    kinds = {e["type"] for e in evs}
    assert kinds >= {
        "event_revealed",
        "committed",
        "commit_confirmed",
        "commits_revealed",
        "prestige",
        "tile_chosen",
        "catapult_given",
        "withdrawn",
        "builders_scored",
        "dice_rolled",
        "fresh_troops_used",
        "barbarian_lost",
        "round_ended",
        "game_over",
    }
    names = ["Ann", "Bob", "Cas"]
    for lang in ("en", "nl"):
        for e in evs:
            line = E.describe_event(e, lang, names)
            assert isinstance(line, str) and line
        assert E.status_lines(E.view(st, None), lang, names)
        png = E.picture(E.view(st, 1), lang, names)
        assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert E.describe_event({"type": "tie", "seats": [0, 3], "total": 5, "reroll": 1}, "nl", ["A", "B", "C"])


def test_illegal_action_without_chips_key_or_wrong_seat_type() -> None:
    st = game(3, order=ORDER)
    assert assert_rejects_cleanly(E, st, 0, {"type": "commit"}).code == "bad_chips"
    assert assert_rejects_cleanly(E, st, "0", {"type": "commit", "chips": chips()}).code == "not_your_turn"  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        E.apply(st, 0, "commit")  # type: ignore[arg-type]


def test_trojan_horse_has_no_effect_for_a_sole_contestant() -> None:
    """R-15."""
    st = game(3, order=ORDER, dice=[4])
    commit_round(st, {0: chips(c=1, k=1), 1: chips(b=1)})
    evs = act(st, 0, "choose_tile", tile="trojan_horse")
    assert rolls(evs) == [] and of(evs, "event_won")[0]["rolled"] is False


def test_king_is_neither_army_nor_builder() -> None:
    """R-24: a king alone does not fight or build; the tile is set aside."""
    st = game(3, order=ORDER)
    evs = commit_round(st, {0: chips(k=1), 1: chips(k=1), 2: chips(b=1)})
    (b,) = of(evs, "builders_scored")
    assert b["builders"] == [{"seat": 0, "builders": 0}, {"seat": 1, "builders": 0}, {"seat": 2, "builders": 1}]
    assert of(evs, "event_set_aside") and [score(st, p) for p in range(3)] == [0, 0, 3]


def test_order_of_a_round() -> None:
    """§5 and R-27: reveal and zero-commit chip, kings, builders, armies, next event."""
    st = game(3, order=ORDER, dice=[5, 3])
    evs = commit_round(st, {0: chips(b=1, i=1, k=1), 1: chips(i=1)})
    evs += act(st, 0, "choose_tile", tile="claim3")
    kinds = [e["type"] for e in evs if "to" not in e]
    assert kinds == [
        "committed",
        "committed",
        "committed",
        "commits_revealed",
        "prestige",
        "tile_chosen",
        "builders_scored",
        "prestige",
        "dice_rolled",
        "dice_rolled",
        "event_won",
        "round_ended",
        "event_revealed",
    ]
    (ended,) = of(evs, "round_ended")
    assert ended == {
        "type": "round_ended",
        "round": 1,
        "scores": [{"seat": 0, "score": 6}, {"seat": 1, "score": 0}, {"seat": 2, "score": -1}],
    }


def test_one_tile_per_king_per_game() -> None:
    """R-8: the king is spent with its tile, so nobody holds two strategy tiles."""
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(i=1, k=1)})
    act(st, 0, "choose_tile", tile="fresh_troops")
    commit(st, 1)
    commit(st, 2)
    assert E.legal(st, 0)[-1]["chips"]["king"] == 0
    assert assert_rejects_cleanly(E, st, 0, {"type": "commit", "chips": chips(i=1, k=1)}).code == "not_in_stock"


def test_only_the_asked_seat_may_choose_target_withdraw_or_reroll() -> None:
    st = game(3, order=ORDER, dice=[4, 4, 5, 5])
    commit_round(st, {0: chips(a=2, k=1), 1: chips(i=2)})
    for seat in (1, 2):
        assert assert_rejects_cleanly(E, st, seat, {"type": "choose_tile", "tile": "catapult"}).code == "not_your_turn"
    act(st, 0, "choose_tile", tile="fresh_troops")
    assert assert_rejects_cleanly(E, st, 1, {"type": "fresh_troops", "dice": []}).code == "not_your_turn"
    assert assert_rejects_cleanly(E, st, 0, {"type": "commit", "chips": chips()}).code == "wrong_action"
    assert assert_rejects_cleanly(E, st, 0, {"type": "withdraw", "chips": {"archer": 1}}).code == "wrong_action"

"""Scenarios from an audit of the engine against the rules file (each names its rule)."""

from __future__ import annotations

import pytest

from games.cities_knights import rules as R
from games.cities_knights.engine import ENGINE
from games.core import InvalidOptions
from tests.games.cities_knights.helpers import V, act, conserved, edge, hand, position, types
from tests.games.playout import assert_rejects_cleanly


def roll(st, red: int, yellow: int, face: str = "ship") -> list:
    st.chance.script.update({"red": [red], "yellow": [yellow], "event": [face]})
    return act(st, st.turn, {"type": "roll"})


TWELVE = {
    "cities": {0: ["1,0,N", "-1,1,S", "1,-2,N", "-2,2,S"]},
    "settlements": {0: ["0,-2,S", "-2,0,N"]},
}


def test_printer_from_own_gate_wins_before_later_draws() -> None:
    """R-V2 / §5.2: the active player's Printer (drawn first) ends the game; seat 1 draws nothing."""
    st = position(
        3,
        phase="roll",
        levels={0: {"science": 1}, 1: {"science": 5}},
        decks_top={"science": ["printer", "crane"]},
        **TWELVE,
    )
    st.defenders[0] = 2
    assert R.points(st, 0) == 12
    evs = roll(st, 1, 2, "green")
    assert st.phase == "over" and ENGINE.result(st).winners == [0]
    assert st.vp_cards[0] == ["printer"] and st.progress[1] == [] and st.decks[0][0] == "crane"
    assert "produced" not in types(evs) and types(evs)[-1] == "game_over"


def test_seven_discards_collected_in_parallel_applied_in_seat_order() -> None:
    """§8.1 / R-X4: both discards are asked at once; a later seat's choice waits for the earlier one."""
    st = position(3, phase="roll", turn=2, hands={0: {"ore": 8}, 1: {"grain": 9}, 2: {"wool": 2}})
    roll(st, 3, 4)
    pend = ENGINE.pending(st)
    assert sorted(pend) == [0, 1] and {p.kind for p in pend.values()} == {"discard"}
    assert pend[0].data["count"] == 4 and pend[1].data["count"] == 4
    # seat 1 comes after seat 0 in order from the active seat 2: its choice is collected, not applied
    assert act(st, 1, {"type": "discard", "cards": {"grain": 4}}) == []
    assert hand(st, 1) == {"grain": 9} and list(ENGINE.pending(st)) == [0]
    assert ENGINE.legal(st, 1) == []
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "discard", "cards": {"grain": 4}})
    evs = act(st, 0, {"type": "discard", "cards": {"ore": 4}})
    assert [(e["type"], e["seat"]) for e in evs if e["type"] == "discarded"] == [("discarded", 0), ("discarded", 1)]
    assert hand(st, 0) == {"ore": 4} and hand(st, 1) == {"grain": 5}
    assert ENGINE.pending(st)[2].kind == "turn"
    conserved(st)


def test_seven_discards_in_seat_order_still_apply_at_once() -> None:
    st = position(3, phase="roll", hands={1: {"ore": 8}, 2: {"grain": 9}})
    roll(st, 3, 4)
    assert sorted(ENGINE.pending(st)) == [1, 2]
    act(st, 1, {"type": "discard", "cards": {"ore": 4}})
    assert hand(st, 1) == {"ore": 4} and list(ENGINE.pending(st)) == [2]
    act(st, 2, {"type": "discard", "cards": {"grain": 4}})
    assert hand(st, 2) == {"grain": 5} and ENGINE.pending(st)[0].kind == "turn"


def test_gate_progress_discards_go_under_the_deck_in_seat_order() -> None:
    """§15.4 / R-X4: off-turn players over 4 discard at once; cards reach the deck bottom in seat order."""
    st = position(
        3,
        phase="roll",
        levels={1: {"politics": 1}, 2: {"politics": 1}},
        progress={1: ["bishop", "bishop", "spy", "spy"], 2: ["warlord", "warlord", "wedding", "wedding"]},
        decks_top={"politics": ["saboteur", "deserter"]},
    )
    roll(st, 1, 1, "blue")
    pend = ENGINE.pending(st)
    assert sorted(pend) == [1, 2] and {p.kind for p in pend.values()} == {"discard_progress"}
    act(st, 2, {"type": "discard_progress", "card": "wedding"})
    assert st.decks[2].count("wedding") == 0 and st.progress[2].count("wedding") == 2  # collected, not applied
    assert list(ENGINE.pending(st)) == [1]
    act(st, 1, {"type": "discard_progress", "card": "spy"})
    assert st.decks[2][-2:] == ["spy", "wedding"]
    assert len(st.progress[1]) == 4 and len(st.progress[2]) == 4
    assert ENGINE.pending(st)[0].kind == "turn"
    conserved(st)


def test_maritime_trade_uses_exactly_the_best_rate() -> None:
    """§9.2: the rate is the best one the player qualifies for; another rate is refused."""
    st = position(3, settlements={0: ["0,-2,N"]}, hands={0: {"ore": 4, "lumber": 4}})  # H8 3:1
    assert R.rates(st, 0)[0] == 3
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "maritime_trade", "give": "lumber", "rate": 4, "get": "wool"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "maritime_trade", "give": "lumber", "rate": 2, "get": "wool"})
    act(st, 0, {"type": "maritime_trade", "give": "lumber", "rate": 3, "get": "wool"})
    act(st, 0, {"type": "maritime_trade", "give": "ore", "get": "brick"})  # rate may be left out
    assert hand(st, 0) == {"lumber": 1, "ore": 1, "wool": 1, "brick": 1}
    assert all(a["rate"] == 3 for a in ENGINE.legal(st, 0) if a["type"] == "maritime_trade")


def test_tied_defenders_draw_printer_and_constitution() -> None:
    """§13 / §15.3: tied defenders each draw from a chosen deck; VP cards are revealed and scored."""
    st = position(
        3,
        phase="roll",
        turn=0,
        barbarian=6,
        cities={0: ["1,0,N"], 1: ["-1,1,S"]},
        roads={0: [edge("1,0,N", "2,-1,S")], 1: [edge("-1,1,S", "-1,2,N")]},
        knights={0: [("2,-1,S", 2, True)], 1: [("-1,2,N", 2, True)]},
        decks_top={"science": ["printer"], "politics": ["constitution"]},
    )
    roll(st, 1, 1)
    assert list(ENGINE.pending(st)) == [0] and ENGINE.pending(st)[0].kind == "choose_deck"
    act(st, 0, {"type": "choose_deck", "deck": "science"})
    assert st.vp_cards[0] == ["printer"] and R.points(st, 0) == 3 and st.defenders == [0, 0, 0]
    assert list(ENGINE.pending(st)) == [1]
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "choose_deck", "deck": "politics"})
    evs = act(st, 1, {"type": "choose_deck", "deck": "politics"})
    assert st.vp_cards[1] == ["constitution"] and R.points(st, 1) == 3
    assert "vp_card_revealed" in types(evs) and st.k_active[V["2,-1,S"]] == 0
    assert ENGINE.pending(st)[0].kind == "turn"
    conserved(st)


def test_tied_defender_with_all_decks_empty_gets_nothing() -> None:
    """R-X3: with all three decks empty a tied defender draws nothing and is not asked."""
    st = position(
        3,
        phase="roll",
        barbarian=6,
        cities={0: ["1,0,N"], 1: ["-1,1,S"]},
        roads={0: [edge("1,0,N", "2,-1,S")], 1: [edge("-1,1,S", "-1,2,N")]},
        knights={0: [("2,-1,S", 1, True)], 1: [("-1,2,N", 1, True)]},
    )
    st.decks = [[], [], []]
    evs = roll(st, 1, 1)
    assert [e for e in evs if e["type"] == "deck_empty"] == [
        {"type": "deck_empty", "seat": 0, "deck": None},
        {"type": "deck_empty", "seat": 1, "deck": None},
    ]
    assert ENGINE.pending(st)[0].kind == "turn" and st.progress == [[], [], []] and st.defenders == [0, 0, 0]


def test_tied_defender_must_choose_a_non_empty_deck() -> None:
    st = position(
        3,
        phase="roll",
        barbarian=6,
        cities={0: ["1,0,N"], 1: ["-1,1,S"]},
        roads={0: [edge("1,0,N", "2,-1,S")], 1: [edge("-1,1,S", "-1,2,N")]},
        knights={0: [("2,-1,S", 1, True)], 1: [("-1,2,N", 1, True)]},
    )
    st.decks[0] = []
    st.decks[2] = []
    roll(st, 1, 1)
    assert ENGINE.legal(st, 0) == [{"type": "choose_deck", "deck": "trade"}]
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "choose_deck", "deck": "science"})


def test_opening_events_log_every_random_event_of_the_start() -> None:
    """§26: seat order, layout and the three deck shuffles are logged, each saying its source."""
    st = ENGINE.start(
        3,
        {"random_seats": True, "script": {"seat_order": [1, 2, 0], "decks": {"trade": ["merchant"]}}},
        7,
    )
    evs = ENGINE.opening_events(st)
    assert [e["type"] for e in evs] == ["seats_shuffled", "layout", "deck_shuffled", "deck_shuffled", "deck_shuffled"]
    assert evs[0]["order"] == [1, 2, 0] and evs[0]["source"] == "script"
    assert [(e["deck"], e["scripted"]) for e in evs[2:]] == [("science", 0), ("trade", 1), ("politics", 0)]
    assert all("to" not in e for e in evs) and st.decks[1][0] == "merchant"
    plain = ENGINE.opening_events(ENGINE.start(3, {"layout": "beginner"}, 7))
    assert [e["type"] for e in plain] == ["layout", "deck_shuffled", "deck_shuffled", "deck_shuffled"]


def test_card_opponent_may_be_named_victim_or_player() -> None:
    st = position(
        3,
        cities={0: ["1,0,N"], 1: ["-1,1,S"]},
        settlements={1: ["-2,0,N"]},
        progress={0: ["spy", "master_merchant"], 1: ["warlord"]},
        hands={1: {"ore": 2}},
    )
    act(st, 0, {"type": "play_progress", "card": "Spy", "victim": 1})
    assert ENGINE.pending(st)[0].kind == "take_card"
    act(st, 0, {"type": "take_card", "card": "warlord"})
    act(st, 0, {"type": "play_progress", "card": "master_merchant", "params": {"player": 1}})
    assert ENGINE.pending(st)[0].kind == "take_cards"


def test_two_merchant_fleets_in_one_turn_both_apply() -> None:
    """§15.8: each Merchant Fleet gives its named kind 2:1 until the end of the turn."""
    st = position(3, hands={0: {"wool": 2, "paper": 2}}, progress={0: ["merchant_fleet", "merchant_fleet"]})
    act(st, 0, {"type": "play_progress", "card": "merchant_fleet", "kind": "wool"})
    act(st, 0, {"type": "play_progress", "card": "merchant_fleet", "kind": "paper"})
    assert (R.rates(st, 0)[2], R.rates(st, 0)[5]) == (2, 2)
    assert ENGINE.view(st, 0)["merchant_fleets"] == ["wool", "paper"]
    act(st, 0, {"type": "maritime_trade", "give": "wool", "rate": 2, "get": "ore"})
    act(st, 0, {"type": "maritime_trade", "give": "paper", "rate": 2, "get": "coin"})
    assert hand(st, 0) == {"ore": 1, "coin": 1}
    assert R.rates(st, 1)[2] == 4  # only the active player's rate
    act(st, 0, {"type": "end_turn"})
    assert R.rates(st, 0)[2] == 4 and R.rates(st, 0)[5] == 4


def test_level_five_with_own_metropolis_needs_no_other_city() -> None:
    """R-M2 / R-M1: level 5 on the own metropolis track is fine with only that city; level 4
    elsewhere needs an available (non-metropolis) city."""
    st = position(
        3,
        cities={0: ["1,0,N"]},
        levels={0: {"science": 4, "trade": 3}},
        metropolis={"science": "1,0,N"},
        hands={0: {"paper": 5, "cloth": 4}},
    )
    tracks = {a["track"] for a in ENGINE.legal(st, 0) if a["type"] == "buy_improvement"}
    assert tracks == {"science"}
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "buy_improvement", "track": "trade"})
    evs = act(st, 0, {"type": "buy_improvement", "track": "science"})
    assert st.levels[0][0] == 5 and st.metro_perm[0] == 1 and not st.tasks
    assert "metropolis_placed" not in types(evs) and R.points(st, 0) == 4


def test_displaced_knight_may_relocate_to_where_the_attacker_came_from() -> None:
    """R-K6: the displaced knight moves along its owner's roads, here onto the attacker's old vertex."""
    ring = ["0,0,N", "1,-1,S", "0,1,N", "0,0,S", "-1,1,N", "0,-1,S"]  # corners of the desert hex
    st = position(
        3,
        roads={
            0: [edge(ring[1], ring[2])],
            1: [edge(ring[2], ring[3]), edge(ring[3], ring[4]), edge(ring[4], ring[5]), edge(ring[5], ring[0])]
            + [edge(ring[0], ring[1])],
        },
        knights={0: [(ring[1], 2, True)], 1: [(ring[2], 1, True)]},
    )
    act(st, 0, {"type": "displace_knight", "from": ring[1], "to": ring[2]})
    sites = {a["vertex"] for a in ENGINE.legal(st, 1)}
    assert sites == {ring[0], ring[1], ring[3], ring[4], ring[5]}
    act(st, 1, {"type": "relocate_knight", "vertex": ring[1]})
    assert st.k_owner[V[ring[1]]] == 1 and st.k_active[V[ring[1]]] == 1
    assert st.k_owner[V[ring[2]]] == 0 and st.k_level[V[ring[2]]] == 2 and st.k_active[V[ring[2]]] == 0
    conserved(st)


def test_master_merchant_shows_only_the_hand_and_spy_only_progress_cards() -> None:
    """§15.5 hidden information: Master Merchant looks at resource and commodity cards, Spy at
    progress cards; neither reveals the other."""
    st = position(
        3,
        cities={1: ["-1,1,S", "-2,0,N"]},
        hands={1: {"ore": 2}},
        progress={0: ["master_merchant", "spy"], 1: ["warlord"]},
    )
    act(st, 0, {"type": "play_progress", "card": "master_merchant", "opponent": 1})
    assert ENGINE.view(st, 0)["looking_at"] == {"seat": 1, "hand": {k: (2 if k == "ore" else 0) for k in R.D.KINDS}}
    act(st, 0, {"type": "take_cards", "cards": {"ore": 2}})
    assert "looking_at" not in ENGINE.view(st, 0)
    act(st, 0, {"type": "play_progress", "card": "spy", "opponent": 1})
    assert ENGINE.view(st, 0)["looking_at"] == {"seat": 1, "progress": ["warlord"]}
    assert "looking_at" not in ENGINE.view(st, 2)


def test_malformed_script_parts_are_rejected() -> None:
    """§26: a value that does not fit is an error at the start, never substituted."""
    bad = [
        {"layout": {"terain": ["desert"]}},
        {"layout": {"terrain": "desert"}},
        {"layout": {"terrain": ["desert", "desert"]}},
        {"layout": {"numbers": [7]}},
        {"layout": {"numbers": [2, 2]}},
        {"layout": {"harbours": ["2:1"]}},
        {"decks": {"science": "printer"}},
        {"decks": {"science": ["merchant"]}},
        {"event": ["gate"]},
        {"yellow": [0]},
        {"steals": ["gold"]},
        {"seat_order": [0, 0, 1]},
    ]
    for script in bad:
        with pytest.raises(InvalidOptions):
            ENGINE.start(3, {"layout": "random", "random_seats": True, "script": script}, 1)
    st = ENGINE.start(3, {"script": {"layout": {"terrain": ["desert"], "numbers": [5, 2]}}}, 1)
    assert st.terrain[0] == "desert" and st.numbers[:3] == [0, 5, 2] and st.robber == 0


def test_result_only_at_the_end_with_scores_ranks_and_winner() -> None:
    """§20: result is None while playing; the active player wins the moment they reach 13."""
    st = position(
        3,
        cities={**TWELVE["cities"], 1: ["0,2,S"], 2: ["2,-2,N"]},
        settlements=TWELVE["settlements"],
        progress={0: ["merchant"]},
    )
    st.defenders[0] = 2
    assert R.points(st, 0) == 12 and ENGINE.result(st) is None
    evs = act(st, 0, {"type": "play_progress", "card": "merchant", "hex": "1,0"})
    assert types(evs)[-1] == "game_over" and ENGINE.pending(st) == {} and ENGINE.legal(st, 0) == []
    res = ENGINE.result(st)
    assert res.scores == {0: 13, 1: 2, 2: 2} and res.ranks == {0: 1, 1: 2, 2: 2}
    assert res.winners == [0] and res.tiebreak is None
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "end_turn"})


def test_off_turn_leader_does_not_beat_the_active_winner() -> None:
    """§20 / R-V1: a player with more points off-turn ranks behind the player who won on their turn."""
    st = position(
        3,
        cities={**TWELVE["cities"], 1: ["0,2,S"], 2: ["2,-2,N"]},
        settlements=TWELVE["settlements"],
        progress={0: ["merchant"]},
    )
    st.defenders[0] = 2
    st.defenders[1] = 12  # 14 points, reached on someone else's turn
    act(st, 0, {"type": "play_progress", "card": "merchant", "hex": "1,0"})
    res = ENGINE.result(st)
    assert res.winners == [0] and res.scores[1] == 14 and res.ranks == {0: 1, 1: 2, 2: 3}

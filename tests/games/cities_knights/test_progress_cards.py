"""Every progress card of rules §15.7-15.10: effect, timing and when it may not be played."""

from __future__ import annotations

from games.cities_knights import data as D
from games.cities_knights import rules as R
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import CITY
from tests.games.cities_knights.helpers import V, act, conserved, edge, hand, position, types
from tests.games.playout import assert_rejects_cleanly

ROADS0 = [edge("0,-1,S", "0,0,N"), edge("0,0,N", "1,-1,S")]


def play(st, card: str, **params) -> list:
    return act(st, st.turn, {"type": "play_progress", "card": card, **params})


def test_all_54_cards_in_three_decks() -> None:
    assert [sum(n for _, n in deck) for deck in D.DECKS] == [18, 18, 18]
    st = ENGINE.start(3, {}, 1)
    assert sorted(map(len, st.decks)) == [18, 18, 18]


def test_alchemist_before_roll_sets_dice_event_die_still_rolled() -> None:
    st = position(
        3,
        phase="roll",
        cities={0: ["1,0,N"]},
        progress={0: ["alchemist"]},
        script={"red": [6], "yellow": [6], "event": ["green"]},
        levels={0: {"science": 1}},
        decks_top={"science": ["smith"]},
    )
    evs = act(st, 0, {"type": "play_alchemist", "red": 1, "yellow": 2})
    rolled = next(e for e in evs if e["type"] == "dice_rolled")
    assert (rolled["red"], rolled["yellow"], rolled["event"], rolled["alchemist"]) == (1, 2, "green", True)
    assert hand(st, 0) == {"lumber": 1, "paper": 1} and st.progress[0] == ["smith"]  # red 1 <= level 1 + 1
    assert st.chance.script["red"] == [6] and st.decks[0][-1] == "alchemist"
    # not playable after the roll
    st.progress[0].append("alchemist")
    st.decks[0].remove("alchemist")
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "alchemist", "red": 1, "yellow": 1})


def test_crane_and_medicine_are_modifiers() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"]},
        cities={0: ["1,0,N"]},
        hands={0: {"ore": 2, "grain": 1, "coin": 2}},
        progress={0: ["medicine", "crane"]},
        levels={0: {"politics": 2}},
    )
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_city", "vertex": "0,-1,S"})
    act(st, 0, {"type": "build_city", "vertex": "0,-1,S", "useMedicine": True})
    assert st.b_kind[V["0,-1,S"]] == CITY and hand(st, 0) == {"coin": 2}
    act(st, 0, {"type": "buy_improvement", "track": "politics", "use_crane": True})
    assert st.levels[0][2] == 3 and hand(st, 0) == {} and st.progress[0] == []
    conserved(st)


def test_engineer_builds_a_free_wall() -> None:
    st = position(3, cities={0: ["1,0,N"]}, walls={0: ["1,0,N"]}, progress={0: ["engineer"]})
    assert ENGINE.legal(st, 0) == [{"type": "end_turn"}]
    st2 = position(3, cities={0: ["1,0,N", "-1,1,S"]}, walls={0: ["1,0,N"]}, progress={0: ["engineer"]})
    play(st2, "engineer", vertex="-1,1,S")
    assert st2.wall[V["-1,1,S"]] == 1 and st2.walls_left[0] == 1


def test_inventor_swaps_two_numbers_but_not_red_or_edge_numbers() -> None:
    st = position(3, progress={0: ["inventor"]})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "inventor", "hexes": ["1,0", "0,-1"]})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "inventor", "hexes": ["1,0", "-1,1"]})
    play(st, "inventor", hexes=["1,0", "0,1"])
    assert st.numbers[D.HEX_ID_INDEX["1,0"]] == 4 and st.numbers[D.HEX_ID_INDEX["0,1"]] == 3


def test_irrigation_and_mining_per_hex_not_per_building() -> None:
    st = position(
        3,
        cities={0: ["0,1,S"]},
        settlements={0: ["-1,1,S"]},
        progress={0: ["irrigation", "mining"]},
        robber="0,1",
    )
    play(st, "irrigation")
    assert hand(st, 0) == {"grain": 4}  # fields (0,1) and (-1,2); robber irrelevant; city not doubled
    play(st, "mining")
    assert hand(st, 0) == {"grain": 4, "ore": 2}
    st2 = position(3, settlements={0: ["1,0,N"]}, progress={0: ["mining"]})
    assert_rejects_cleanly(ENGINE, st2, 0, {"type": "play_progress", "card": "mining"})


def test_road_building_two_free_roads() -> None:
    st = position(3, settlements={0: ["0,-1,S"]}, progress={0: ["road_building"]})
    play(st, "road_building")
    assert ENGINE.pending(st)[0].kind == "road_building"
    act(st, 0, {"type": "build_road", "edge": edge("0,-1,S", "0,0,N")})
    act(st, 0, {"type": "build_road", "edge": edge("0,0,N", "1,-1,S")})
    assert ENGINE.pending(st)[0].kind == "turn" and st.roads_left[0] == 13 and hand(st, 0) == {}
    st2 = position(3, settlements={0: ["0,-1,S"]}, progress={0: ["road_building"]})
    play(st2, "road_building")
    act(st2, 0, {"type": "build_road", "edge": edge("0,-1,S", "0,0,N")})
    act(st2, 0, {"type": "skip"})
    assert st2.roads_left[0] == 14 and not st2.tasks


def test_smith_promotes_two_knights_for_free_fortress_still_needed() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"]},
        roads={0: ROADS0},
        knights={0: [("0,0,N", 1, True), ("1,-1,S", 2, False)]},
        progress={0: ["smith"]},
    )
    play(st, "smith")
    assert {a.get("vertex") for a in ENGINE.legal(st, 0)} == {"0,0,N", None}  # strong needs a Fortress
    act(st, 0, {"type": "promote_knight", "vertex": "0,0,N"})
    assert st.k_level[V["0,0,N"]] == 2 and not st.tasks  # nothing else can be promoted
    conserved(st)


def test_commercial_harbor_resource_for_commodity_once_per_opponent() -> None:
    st = position(
        3,
        hands={0: {"lumber": 2}, 1: {"cloth": 1, "coin": 1}, 2: {"ore": 1}},
        progress={0: ["commercial_harbor"]},
    )
    play(st, "commercial_harbor")
    act(st, 0, {"type": "harbor_offer", "opponent": 1, "resource": "lumber"})
    assert ENGINE.pending(st)[1].kind == "give_commodity" and ENGINE.pending(st)[1].secret
    act(st, 1, {"type": "give_commodity", "commodity": "coin"})
    assert hand(st, 0) == {"lumber": 1, "coin": 1} and hand(st, 1) == {"lumber": 1, "cloth": 1}
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "harbor_offer", "opponent": 1, "resource": "lumber"})
    evs = act(st, 0, {"type": "harbor_offer", "opponent": 2, "resource": "lumber"})
    assert evs[0]["exchanged"] is False and hand(st, 0) == {"lumber": 1, "coin": 1}
    conserved(st)


def test_master_merchant_takes_two_from_richer_opponent() -> None:
    st = position(
        3,
        cities={1: ["1,0,N"]},
        hands={1: {"ore": 1, "paper": 2}, 2: {"wool": 3}},
        progress={0: ["master_merchant"]},
    )
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "master_merchant", "opponent": 2})
    play(st, "master_merchant", opponent=1)
    assert ENGINE.view(st, 0)["looking_at"]["hand"]["paper"] == 2
    assert "looking_at" not in ENGINE.view(st, 2)
    act(st, 0, {"type": "take_cards", "cards": {"paper": 2}})
    assert hand(st, 0) == {"paper": 2} and hand(st, 1) == {"ore": 1}


def test_merchant_gives_point_and_two_to_one() -> None:
    st = position(3, settlements={0: ["1,0,N"], 1: ["-1,1,S"]}, progress={0: ["merchant"], 1: ["merchant"]})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "merchant", "hex": "0,1"})
    play(st, "merchant", hex="1,0")
    assert R.points(st, 0) == 2 and R.rates(st, 0)[D.LUMBER] == 2
    act(st, 0, {"type": "end_turn"})
    st.phase = "main"
    play(st, "merchant", hex="-1,1")
    assert R.points(st, 0) == 1 and R.points(st, 1) == 2 and st.merchant_owner == 1


def test_monopolies() -> None:
    st = position(
        4,
        hands={1: {"wool": 3, "cloth": 2}, 2: {"wool": 1}, 3: {"cloth": 1}},
        progress={0: ["resource_monopoly", "trade_monopoly"]},
    )
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "resource_monopoly", "kind": "cloth"})
    play(st, "resource_monopoly", kind="wool")
    assert hand(st, 0) == {"wool": 3} and hand(st, 1) == {"wool": 1, "cloth": 2}
    play(st, "trade_monopoly", kind="cloth")
    assert hand(st, 0) == {"wool": 3, "cloth": 2} and hand(st, 1) == {"wool": 1, "cloth": 1}
    conserved(st)


def test_bishop_locked_then_steals_one_from_each_opponent() -> None:
    st = position(
        3,
        settlements={1: ["1,0,N"], 2: ["1,0,S"]},
        cities={0: ["1,1,N"]},
        hands={1: {"ore": 1, "grain": 1}, 2: {"wool": 1}},
        progress={0: ["bishop"]},
        script={"steals": ["grain", "wool"]},
    )
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "bishop", "hex": "1,0"})
    st.robber_unlocked = True
    play(st, "bishop", hex="1,0")
    assert st.robber == 10 and hand(st, 0) == {"grain": 1, "wool": 1} and hand(st, 1) == {"ore": 1}


def test_constitution_is_revealed_when_drawn() -> None:
    st = position(
        3,
        phase="roll",
        turn=1,
        cities={0: ["1,0,N"]},
        levels={0: {"politics": 1}},
        decks_top={"politics": ["constitution"]},
    )
    st.chance.script.update({"red": [2], "yellow": [5], "event": ["blue"]})
    act(st, 1, {"type": "roll"})
    assert st.vp_cards[0] == ["constitution"] and R.points(st, 0) == 3 and st.progress[0] == []


def test_deserter_victim_chooses_actor_places_same_strength() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["2,0,N"]},
        roads={0: ROADS0, 1: [edge("2,0,N", "2,-1,S")]},
        knights={1: [("2,-1,S", 2, True)]},
        progress={0: ["deserter"]},
    )
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "deserter", "opponent": 2})
    play(st, "deserter", opponent=1)
    assert ENGINE.pending(st)[1].kind == "remove_knight"
    act(st, 1, {"type": "remove_knight", "vertex": "2,-1,S"})
    assert ENGINE.pending(st)[0].kind == "place_deserter"
    act(st, 0, {"type": "place_knight", "vertex": "1,-1,S"})
    v = V["1,-1,S"]
    assert (st.k_owner[v], st.k_level[v], st.k_active[v]) == (0, 2, 1) and not R.ready(st, v)
    assert st.knights_left == [[2, 1, 2], [2, 2, 2], [2, 2, 2]]
    conserved(st)


def test_diplomat_removes_open_road_and_own_road_may_be_rebuilt() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["2,0,N"]},
        roads={0: ROADS0, 1: [edge("2,0,N", "2,-1,S")]},
        knights={0: [("1,-1,S", 1, False)]},
        progress={0: ["diplomat", "diplomat"]},
    )
    # seat 0's last road carries a knight at its end: not open (the knight is there)
    targets = {a["edge"] for a in ENGINE.legal(st, 0) if a.get("card") == "diplomat"}
    assert targets == {edge("2,0,N", "2,-1,S")}
    play(st, "diplomat", edge=edge("2,0,N", "2,-1,S"))
    assert st.road[D.EDGE_INDEX[edge("2,0,N", "2,-1,S")]] == -1 and st.roads_left[1] == 15
    st2 = position(3, settlements={0: ["0,-1,S"]}, roads={0: ROADS0}, progress={0: ["diplomat"]})
    play(st2, "diplomat", edge=edge("0,0,N", "1,-1,S"))
    assert ENGINE.pending(st2)[0].kind == "diplomat_rebuild"
    assert_rejects_cleanly(ENGINE, st2, 0, {"type": "build_road", "edge": edge("0,0,N", "1,-1,S")})
    act(st2, 0, {"type": "build_road", "edge": edge("0,0,N", "1,-2,S")})
    assert st2.roads_left[0] == 13 and not st2.tasks


def test_intrigue_displaces_knight_at_end_of_own_road() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["2,0,N"]},
        roads={0: ROADS0 + [edge("1,-1,S", "1,0,N")], 1: [edge("2,0,N", "2,-1,S"), edge("2,-1,S", "1,0,N")]},
        knights={1: [("1,0,N", 3, True)]},
        progress={0: ["intrigue"]},
    )
    play(st, "intrigue", vertex="1,0,N")
    assert {a["vertex"] for a in ENGINE.legal(st, 1)} == {"2,-1,S"}
    act(st, 1, {"type": "relocate_knight", "vertex": "2,-1,S"})
    assert st.k_owner[V["2,-1,S"]] == 1 and st.k_level[V["2,-1,S"]] == 3 and st.k_owner[V["1,0,N"]] == -1


def test_saboteur_richer_or_equal_discard_half() -> None:
    st = position(
        4,
        settlements={0: ["0,-1,S"], 1: ["2,0,N"], 3: ["-2,0,N"]},
        cities={2: ["1,0,S"]},
        hands={1: {"ore": 5}, 2: {"wool": 3}, 3: {"grain": 1}},
        progress={0: ["saboteur"]},
    )
    play(st, "saboteur")
    pend = ENGINE.pending(st)
    assert sorted(pend) == [1, 2] and pend[1].data["count"] == 2 and pend[2].data["count"] == 1
    act(st, 2, {"type": "discard", "cards": {"wool": 1}})
    act(st, 1, {"type": "discard", "cards": {"ore": 2}})
    assert hand(st, 1) == {"ore": 3} and hand(st, 2) == {"wool": 2} and not st.tasks


def test_spy_takes_a_progress_card() -> None:
    st = position(3, progress={0: ["spy"], 1: ["bishop", "warlord"]})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "spy", "opponent": 2})
    play(st, "spy", opponent=1)
    assert ENGINE.view(st, 0)["looking_at"]["progress"] == ["bishop", "warlord"]
    act(st, 0, {"type": "take_card", "card": "warlord"})
    assert st.progress[0] == ["warlord"] and st.progress[1] == ["bishop"]
    conserved(st)


def test_warlord_activates_all_not_ready() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"]},
        roads={0: ROADS0},
        knights={0: [("0,0,N", 1, False), ("1,-1,S", 2, False)]},
        progress={0: ["warlord"]},
    )
    play(st, "warlord")
    assert st.k_active[V["0,0,N"]] == st.k_active[V["1,-1,S"]] == 1
    assert not R.ready(st, V["0,0,N"])
    st2 = position(3, progress={0: ["warlord"]})
    assert_rejects_cleanly(ENGINE, st2, 0, {"type": "play_progress", "card": "warlord"})


def test_wedding_richer_opponents_give_two_of_their_choice() -> None:
    st = position(
        3,
        cities={1: ["1,0,N"], 2: ["-1,1,S"]},
        settlements={0: ["0,-2,S"]},
        hands={1: {"ore": 3}, 2: {"coin": 1}},
        progress={0: ["wedding"]},
    )
    evs = play(st, "wedding")
    assert types(evs)[0] == "progress_played" and ENGINE.pending(st)[1].kind == "give_cards"
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "give_cards", "cards": {"ore": 1}})
    act(st, 1, {"type": "give_cards", "cards": {"ore": 2}})
    act(st, 2, {"type": "give_cards", "cards": {"coin": 1}})
    assert hand(st, 0) == {"ore": 2, "coin": 1}


def test_no_card_before_seven_discards_finished() -> None:
    st = position(
        3,
        phase="roll",
        hands={1: {"ore": 8}},
        progress={0: ["warlord"]},
        settlements={0: ["0,-1,S"]},
        roads={0: ROADS0},
        knights={0: [("0,0,N", 1, False)]},
    )
    st.chance.script.update({"red": [3], "yellow": [4], "event": ["ship"]})
    act(st, 0, {"type": "roll"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "play_progress", "card": "warlord"})
    act(st, 1, {"type": "discard", "cards": {"ore": 4}})
    play(st, "warlord")


def test_deserter_lower_piece_when_same_strength_unavailable_and_intrigue_removal() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["2,0,N"]},
        roads={0: ROADS0 + [edge("1,-1,S", "1,0,N")], 1: [edge("2,0,N", "2,-1,S")]},
        knights={0: [("0,0,N", 3, False), ("1,0,N", 3, False)], 1: [("2,-1,S", 3, True)]},
        progress={0: ["deserter"]},
    )
    play(st, "deserter", opponent=1)
    act(st, 1, {"type": "remove_knight", "knight": "2,-1,S"})
    act(st, 0, {"type": "place_knight", "vertex": "1,-1,S"})
    v = V["1,-1,S"]
    assert st.k_level[v] == 2 and st.k_active[v] == 1  # no mighty piece left: the strong one
    st2 = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["2,0,N"]},
        roads={0: ROADS0},
        knights={1: [("1,-1,S", 1, False)]},
        progress={0: ["intrigue"]},
    )
    evs = play(st2, "intrigue", vertex="1,-1,S")
    assert "knight_removed" in types(evs) and st2.knights_left[1] == [2, 2, 2] and not st2.tasks
    conserved(st2)


def test_smith_two_knights() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"]},
        roads={0: ROADS0},
        knights={0: [("0,0,N", 1, True), ("1,-1,S", 2, False)]},
        levels={0: {"politics": 3}},
        progress={0: ["smith"]},
    )
    play(st, "smith")
    act(st, 0, {"type": "promote_knight", "vertex": "0,0,N"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "promote_knight", "vertex": "0,0,N"})
    act(st, 0, {"type": "promote_knight", "vertex": "1,-1,S"})
    assert (st.k_level[V["0,0,N"]], st.k_level[V["1,-1,S"]]) == (2, 3) and not st.tasks
    assert hand(st, 0) == {}


def test_commercial_harbor_first_offer_with_the_card() -> None:
    st = position(3, hands={0: {"ore": 1}, 1: {"coin": 1}}, progress={0: ["commercial_harbor"]})
    assert_rejects_cleanly(
        ENGINE, st, 0, {"type": "play_progress", "card": "commercial_harbor", "opponent": 1, "resource": "wool"}
    )
    play(st, "commercial_harbor", opponent=1, resource="ore")
    act(st, 1, {"type": "give_commodity", "commodity": "coin"})
    assert hand(st, 0) == {"coin": 1} and hand(st, 1) == {"ore": 1} and st.harbor_used == [1]

"""Cities & Knights scenarios: barbarians, gates, improvements, metropolises, knights (rules §11-§14)."""

from __future__ import annotations

from games.cities_knights import rules as R
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import CITY, SETTLEMENT, SIDEWAYS
from tests.games.cities_knights.helpers import V, act, conserved, edge, hand, position, types
from tests.games.playout import assert_rejects_cleanly


def roll(st, red: int, yellow: int, face: str = "ship") -> list:
    st.chance.script.update({"red": [red], "yellow": [yellow], "event": [face]})
    return act(st, st.turn, {"type": "roll"})


# -- barbarians (§13) ------------------------------------------------------------------------------


def test_barbarians_defeated_sole_defender_then_knights_off_and_robber_unlocked() -> None:
    st = position(
        3,
        phase="roll",
        barbarian=6,
        cities={0: ["1,0,N"], 1: ["-1,1,S"]},
        roads={0: [edge("1,0,N", "2,-1,S")], 2: [edge("0,2,S", "-1,3,N")]},
        settlements={2: ["0,2,S"]},
        knights={0: [("2,-1,S", 2, True)], 2: [("-1,3,N", 1, False)]},
    )
    evs = roll(st, 1, 1)
    t = types(evs)
    assert t.index("barbarian_attack") < t.index("produced")
    attack = evs[t.index("barbarian_attack")]
    assert (attack["barbarians"], attack["knights"], attack["outcome"]) == (2, 2, "defended")
    assert st.defenders[0] == 1 and R.points(st, 0) == 3
    assert st.barbarian == 0 and st.robber_unlocked and st.k_active[V["2,-1,S"]] == 0
    assert "robber_unlocked" in t


def test_barbarians_defeated_tie_each_draws_from_chosen_deck_in_order() -> None:
    st = position(
        3,
        phase="roll",
        turn=1,
        barbarian=6,
        cities={0: ["1,0,N"]},
        roads={0: [edge("1,0,N", "2,-1,S")], 2: [edge("0,2,S", "-1,3,N")]},
        settlements={2: ["0,2,S"]},
        knights={0: [("2,-1,S", 1, True)], 2: [("-1,3,N", 1, True)]},
        progress={0: ["bishop", "spy", "warlord", "wedding"]},
        decks_top={"science": ["smith"], "trade": ["merchant"]},
    )
    roll(st, 1, 1)
    assert {s: p.kind for s, p in ENGINE.pending(st).items()} == {2: "choose_deck"}
    act(st, 2, {"type": "choose_deck", "deck": "trade"})
    assert ENGINE.pending(st)[0].kind == "choose_deck"
    act(st, 0, {"type": "choose_deck", "deck": "science"})
    # seat 0 is off turn and now holds 5: discard to 4 at once, before production
    assert ENGINE.pending(st)[0].kind == "discard_progress"
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "discard_progress", "card": "saboteur"})
    act(st, 0, {"type": "discard_progress", "card": "smith"})
    assert st.progress[2] == ["merchant"] and len(st.progress[0]) == 4 and st.decks[0][-1] == "smith"
    assert st.defenders == [0, 0, 0] and ENGINE.pending(st)[1].kind == "turn"
    conserved(st)


def test_barbarians_win_lowest_eligible_pillaged_metropolis_owner_skipped() -> None:
    st = position(
        4,
        phase="roll",
        barbarian=6,
        cities={0: ["1,0,N"], 1: ["-1,1,S"], 2: ["-2,0,N"], 3: ["1,-2,N"]},
        walls={1: ["-1,1,S"]},
        metropolis={"science": "1,-2,N"},
        roads={0: [edge("1,0,N", "2,-1,S")]},
        knights={0: [("2,-1,S", 1, True)]},
        levels={3: {"science": 4}},
    )
    evs = roll(st, 1, 1)
    attack = next(e for e in evs if e["type"] == "barbarian_attack")
    assert attack["outcome"] == "pillage" and attack["losers"] == [1, 2]
    assert list(ENGINE.pending(st)) == [1]
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "pillage_city", "vertex": "1,0,N"})
    act(st, 1, {"type": "pillage_city", "vertex": "-1,1,S"})
    assert st.b_kind[V["-1,1,S"]] == SETTLEMENT and st.wall[V["-1,1,S"]] == 0 and st.walls_left[1] == 3
    act(st, 2, {"type": "pillage_city", "vertex": "-2,0,N"})
    assert st.b_kind[V["1,-2,N"]] == CITY and st.b_kind[V["1,0,N"]] == CITY
    assert [R.points(st, p) for p in range(4)] == [2, 1, 1, 4]
    conserved(st)


def test_pillage_without_settlement_piece_lies_sideways_and_produces_as_settlement() -> None:
    st = position(
        3,
        phase="roll",
        barbarian=6,
        cities={0: ["1,0,N"]},
        settlements={0: ["0,-2,S", "-2,0,N", "-2,2,S", "0,2,S", "2,-2,N"]},
    )
    roll(st, 1, 2)  # 3: forest (1,0)
    act(st, 0, {"type": "pillage_city", "vertex": "1,0,N"})
    assert st.b_kind[V["1,0,N"]] == SIDEWAYS and st.cities_left[0] == 3
    assert hand(st, 0) == {"lumber": 1}  # no paper: it produced as a settlement this roll
    assert R.points(st, 0) == 6
    conserved(st)


def test_attack_and_seven_on_the_same_roll_robber_already_unlocked() -> None:
    st = position(3, phase="roll", barbarian=6, cities={1: ["1,0,N"]})
    roll(st, 3, 4)
    act(st, 1, {"type": "pillage_city", "vertex": "1,0,N"})
    assert ENGINE.pending(st)[0].kind == "move_robber"


# -- gates and progress draws (§15.2-15.4) ------------------------------------------------------------


def test_gate_draws_by_level_and_red_die_and_vp_cards_revealed() -> None:
    st = position(
        3,
        phase="roll",
        cities={0: ["1,0,N"]},
        levels={0: {"science": 2}, 1: {"science": 1}, 2: {"science": 3}},
        decks_top={"science": ["printer", "crane", "smith"]},
    )
    evs = roll(st, 3, 1, "green")
    # red 3: level 2 and 3 draw, level 1 does not; seat 0 first
    assert st.vp_cards[0] == ["printer"] and st.progress[2] == ["crane"] and st.progress[1] == []
    assert "vp_card_revealed" in types(evs) and R.points(st, 0) == 3
    secret = [e for e in evs if e["type"] == "progress_card"]
    assert secret and all(e["to"] == [e["seat"]] for e in secret)


def test_active_player_may_exceed_four_until_end_of_turn() -> None:
    st = position(
        3,
        phase="roll",
        cities={0: ["1,0,N"]},
        levels={0: {"politics": 5}},
        progress={0: ["bishop", "spy", "spy", "wedding"]},
        decks_top={"politics": ["saboteur"]},
    )
    roll(st, 6, 1, "blue")
    assert len(st.progress[0]) == 5 and ENGINE.pending(st)[0].kind == "turn"
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "end_turn"})
    act(st, 0, {"type": "discard_progress", "card": "spy"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "discard_progress", "card": "spy"})
    act(st, 0, {"type": "end_turn"})


# -- improvements and metropolises (§11) ------------------------------------------------------------


def test_improvements_cost_and_metropolis_at_four_and_five() -> None:
    st = position(
        3,
        cities={0: ["1,0,N", "-1,1,S"], 1: ["-2,0,N", "1,-2,N"]},
        hands={0: {"paper": 10}, 1: {"paper": 2}},
        levels={1: {"science": 4}},
    )
    st.metro[V["-2,0,N"]] = 0  # seat 1 holds the science metropolis at level 4
    for lvl in (1, 2, 3):
        evs = act(st, 0, {"type": "buy_improvement", "track": "science"})
        assert evs[-1]["level"] == lvl
    assert hand(st, 0) == {"paper": 4}
    act(st, 0, {"type": "buy_improvement", "track": "science"})  # level 4: metropolis already held
    assert not st.tasks and hand(st, 0) == {}
    st.hand[0][5] += 5
    st.bank[5] -= 5
    evs = act(st, 0, {"type": "buy_improvement", "track": "science"})
    assert "metropolis_lost" in types(evs) and ENGINE.pending(st)[0].kind == "place_metropolis"
    act(st, 0, {"type": "place_metropolis", "vertex": "-1,1,S"})
    assert st.metro[V["-1,1,S"]] == 0 and st.metro[V["-2,0,N"]] == -1 and st.metro_perm[0]
    assert R.points(st, 0) == 6 and R.points(st, 1) == 4
    conserved(st)


def test_level_four_needs_an_available_city_and_metropolis_first_come() -> None:
    st = position(
        3,
        cities={0: ["1,0,N"]},
        metropolis={"trade": "1,0,N"},
        hands={0: {"coin": 4}},
        levels={0: {"trade": 4, "politics": 3}},
    )
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "buy_improvement", "track": "politics"})
    st2 = position(3, cities={0: ["1,0,N"]}, hands={0: {"coin": 4}}, levels={0: {"politics": 3}})
    act(st2, 0, {"type": "buy_improvement", "track": "politics"})
    assert ENGINE.pending(st2)[0].kind == "place_metropolis"
    assert_rejects_cleanly(ENGINE, st2, 0, {"type": "end_turn"})
    act(st2, 0, {"type": "place_metropolis", "vertex": "1,0,N"})
    assert R.points(st2, 0) == 4
    # the holder buys level 5 of its own track without a further available city (R-M2)
    st2.hand[0][7] += 5
    st2.bank[7] -= 5
    act(st2, 0, {"type": "buy_improvement", "track": "politics"})
    assert st2.metro_perm[2] and not st2.tasks


def test_no_improvement_without_a_city_and_crane_discount() -> None:
    st = position(3, settlements={0: ["1,0,N"]}, hands={0: {"cloth": 3}}, progress={0: ["crane"]})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "buy_improvement", "track": "trade"})
    st = position(3, cities={0: ["1,0,N"]}, hands={0: {"cloth": 1}}, progress={0: ["crane", "crane"]})
    act(st, 0, {"type": "buy_improvement", "track": "trade", "use_crane": True})  # level 1 free
    act(st, 0, {"type": "play_progress", "card": "crane", "track": "trade"})  # level 2 for 1
    assert st.levels[0][1] == 2 and hand(st, 0) == {} and st.decks[0][-2:] == ["crane", "crane"]


# -- knights (§12) -----------------------------------------------------------------------------------


def knights_position(**kw):
    base = dict(
        settlements={0: ["0,-1,S"], 1: ["2,0,N"]},
        roads={
            0: [edge("0,-1,S", "0,0,N"), edge("0,0,N", "1,-1,S"), edge("1,-1,S", "1,0,N")],
            1: [edge("2,0,N", "2,-1,S"), edge("2,-1,S", "1,0,N")],
        },
    )
    base.update(kw)
    return position(3, **base)


def test_build_activate_readiness_and_promotion_limits() -> None:
    st = knights_position(hands={0: {"wool": 4, "ore": 4, "grain": 2}})
    act(st, 0, {"type": "build_knight", "vertex": "1,-1,S"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_knight", "vertex": "0,-1,S"})
    act(st, 0, {"type": "activate_knight", "vertex": "1,-1,S"})
    assert not R.ready(st, V["1,-1,S"])  # built and activated this turn
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "move_knight", "from": "1,-1,S", "to": "1,0,N"})
    act(st, 0, {"type": "promote_knight", "vertex": "1,-1,S"})
    assert st.k_level[V["1,-1,S"]] == 2 and st.k_active[V["1,-1,S"]] == 1 and st.knights_left[0] == [2, 1, 2]
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "promote_knight", "vertex": "1,-1,S"})  # once per turn
    # next own turn it is ready; strong -> mighty needs the Fortress
    for _ in range(3):
        act(st, st.turn, {"type": "end_turn"})
        st.phase = "main"
    assert R.ready(st, V["1,-1,S"])
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "promote_knight", "vertex": "1,-1,S"})
    st.levels[0][2] = 3
    act(st, 0, {"type": "promote_knight", "vertex": "1,-1,S"})
    assert st.k_level[V["1,-1,S"]] == 3
    conserved(st)


def test_move_knight_along_own_roads_then_inactive() -> None:
    st = knights_position(knights={0: [("0,0,N", 1, True)]})
    moves, _ = R.knight_moves(st, V["0,0,N"])
    assert sorted(moves) == sorted([V["1,-1,S"], V["1,0,N"]])  # the own settlement 0,-1,S is not a target
    act(st, 0, {"type": "move_knight", "from": "0,0,N", "to": "1,-1,S"})
    assert st.k_owner[V["1,-1,S"]] == 0 and st.k_active[V["1,-1,S"]] == 0 and st.k_owner[V["0,0,N"]] == -1


def test_displace_weaker_knight_owner_relocates_or_loses_it() -> None:
    st = knights_position(
        knights={0: [("1,-1,S", 2, True)], 1: [("1,0,N", 1, True)]},
    )
    _, targets = R.knight_moves(st, V["1,-1,S"])
    assert targets == [V["1,0,N"]]
    act(st, 0, {"type": "displace_knight", "from": "1,-1,S", "to": "1,0,N"})
    pend = ENGINE.pending(st)
    assert list(pend) == [1] and pend[1].kind == "relocate_knight"
    assert {a["vertex"] for a in ENGINE.legal(st, 1)} == {"2,-1,S"}
    act(st, 1, {"type": "relocate_knight", "vertex": "2,-1,S"})
    assert st.k_owner[V["2,-1,S"]] == 1 and st.k_active[V["2,-1,S"]] == 1
    assert st.k_owner[V["1,0,N"]] == 0 and st.k_level[V["1,0,N"]] == 2 and st.k_active[V["1,0,N"]] == 0
    conserved(st)
    # equal strength cannot displace; with nowhere to go the knight is removed
    st2 = knights_position(knights={0: [("1,-1,S", 1, True)], 1: [("1,0,N", 1, True)]})
    assert R.knight_moves(st2, V["1,-1,S"])[1] == []
    st3 = knights_position(knights={0: [("1,-1,S", 3, True)], 1: [("1,0,N", 2, True), ("2,-1,S", 1, False)]})
    evs = act(st3, 0, {"type": "displace_knight", "from": "1,-1,S", "to": "1,0,N"})
    assert "knight_removed" in types(evs) and st3.knights_left[1] == [1, 2, 2]
    conserved(st3)


def test_chase_robber_needs_unlock_and_adjacent_ready_knight() -> None:
    st = knights_position(
        knights={0: [("0,0,N", 1, True)]},
        hands={1: {"ore": 1}},
        robber="0,-1",
    )
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "chase_robber", "knight": "0,0,N", "hex": "2,0", "victim": 1})
    st.robber_unlocked = True
    act(st, 0, {"type": "chase_robber", "knight": "0,0,N", "hex": "2,0", "victim": 1})
    assert st.robber == 11 and hand(st, 0) == {"ore": 1} and st.k_active[V["0,0,N"]] == 0


def test_walls_raise_discard_limit_and_max_three() -> None:
    st = position(3, cities={0: ["1,0,N", "-1,1,S", "1,-2,N", "-2,0,N"]}, hands={0: {"brick": 8}})
    for v in ("1,0,N", "-1,1,S", "1,-2,N"):
        act(st, 0, {"type": "build_wall", "vertex": v})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_wall", "vertex": "-2,0,N"})
    assert R.discard_limit(st, 0) == 13
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_wall", "vertex": "1,0,N"})


def test_victory_mid_roll_cuts_off_production() -> None:
    st = position(
        3,
        phase="roll",
        barbarian=6,
        cities={0: ["1,0,N", "-1,1,S", "1,-2,N", "-2,2,S"]},
        settlements={0: ["0,-2,S", "-2,0,N"]},
        roads={0: [edge("1,0,N", "2,-1,S"), edge("2,-1,S", "2,0,N")]},
        knights={0: [("2,-1,S", 3, True), ("2,0,N", 3, True)]},
        vp_cards={0: ["printer"]},
    )
    st.defenders[0] = 1
    assert R.points(st, 0) == 12
    evs = roll(st, 1, 2)
    assert "game_over" in types(evs) and "produced" not in types(evs)
    assert ENGINE.result(st).winners == [0] and ENGINE.legal(st, 0) == []


def test_off_turn_thirteen_waits_for_own_turn() -> None:
    st = position(
        3,
        phase="roll",
        turn=1,
        barbarian=6,
        cities={0: ["1,0,N", "-1,1,S", "1,-2,N", "-2,2,S"], 1: ["0,2,S"]},
        settlements={0: ["0,-2,S", "-2,0,N"]},
        roads={0: [edge("1,0,N", "2,-1,S"), edge("2,-1,S", "2,0,N")]},
        knights={0: [("2,-1,S", 3, True), ("2,0,N", 3, True)]},
        vp_cards={0: ["printer"]},
    )
    st.defenders[0] = 1
    evs = roll(st, 1, 2)
    assert R.points(st, 0) == 13 and "game_over" not in types(evs) and st.phase == "main"
    act(st, 1, {"type": "end_turn"})
    roll(st, 6, 6)
    assert st.phase == "main"
    act(st, 2, {"type": "end_turn"})
    assert st.phase == "over" and st.winner == 0


def test_promoted_knight_that_moved_cannot_be_promoted_again() -> None:
    st = knights_position(knights={0: [("0,0,N", 1, True)]}, hands={0: {"wool": 2, "ore": 2}})
    act(st, 0, {"type": "promote_knight", "vertex": "0,0,N"})
    act(st, 0, {"type": "move_knight", "from": "0,0,N", "to": "1,-1,S"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "promote_knight", "vertex": "1,-1,S"})


def test_merchant_on_desert_gives_point_but_no_rate() -> None:
    st = position(3, settlements={0: ["0,0,N"]}, progress={0: ["merchant"]})
    act(st, 0, {"type": "play_progress", "card": "merchant", "hex": "0,0"})
    assert R.points(st, 0) == 2 and R.rates(st, 0) == [4] * 8


def test_no_cities_no_knights_defenders_win_without_award() -> None:
    st = position(3, phase="roll", barbarian=6, settlements={0: ["1,0,N"]})
    evs = roll(st, 1, 1)
    attack = next(e for e in evs if e["type"] == "barbarian_attack")
    assert attack["outcome"] == "defended" and st.defenders == [0, 0, 0] and not st.tasks


def test_level_five_is_permanent() -> None:
    st = position(
        3,
        cities={0: ["1,0,N", "-1,1,S"], 1: ["-2,0,N", "1,-2,N"]},
        levels={0: {"trade": 5}, 1: {"trade": 4}},
        hands={1: {"cloth": 5}},
        metropolis={"trade": "1,0,N"},
        turn=1,
    )
    st.metro_perm[1] = 1
    act(st, 1, {"type": "buy_improvement", "track": "trade"})
    assert st.levels[1][1] == 5 and st.metro[R.D.VERTEX_INDEX["1,0,N"]] == 1 and not st.tasks


def test_improvement_levels_kept_without_cities() -> None:
    st = position(3, settlements={0: ["1,0,N"]}, levels={0: {"trade": 3}}, hands={0: {"cloth": 4}})
    assert R.rates(st, 0)[R.D.CLOTH] == 2  # Trading House kept
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "buy_improvement", "track": "trade"})

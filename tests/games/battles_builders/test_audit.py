"""Scenarios added by an audit of the engine against battles-and-builders.md."""

from __future__ import annotations

import json

import pytest

from games.battles_builders import data as D
from games.core import IllegalAction, InvalidOptions
from tests.games.battles_builders.helpers import E, act, chips, commit, commit_round, game, of, points, rolls, score
from tests.games.playout import canonical

ORDER = ["U3", "U4", "U5", "O3", "O4", "O5", "M5", "BB"]
BB_FIRST = ["BB", "U3", "U4", "U5", "O3", "O4", "O5", "M5"]


# -- §9.5: a scripted die that is not a face of its colour is an error -----------------------------
def test_bad_scripted_die_is_an_options_error_and_a_refused_action() -> None:
    st = game(3, order=ORDER, dice=[6, 5])  # urban: infantry rolls yellow, 6 is no yellow face
    commit(st, 0, i=1)
    commit(st, 1, i=1)
    before = canonical(E, st)
    with pytest.raises(InvalidOptions) as caught:
        commit(st, 2)
    assert isinstance(caught.value, IllegalAction) and caught.value.code == "bad_script"
    assert canonical(E, st) == before
    assert list(E.pending(st)) == [2]


# -- §9.4: a player who alone needs more than 5 dice of a colour opens a new batch -------------------
def test_split_player_never_shares_its_first_batch() -> None:
    """Adding all of seat 1's dice (6 red) to the current batch would exceed 5 reds, so that batch is
    closed first; its sixth red die then shares the next batch with seat 2."""
    colours = {"urban": {"infantry": "green", "cavalry": "red", "archer": "red"}}
    st = game(3, order=ORDER, dice=[4, 2, 2, 2, 2, 2, 4, 5], colours=colours)
    commit_round(st, {0: chips(i=1), 1: chips(c=3, a=2, k=1), 2: chips(i=1)})
    evs = act(st, 1, "choose_tile", tile="trojan_horse")
    assert rolls(evs) == [
        ("initial", 0, 1, 0, [4], 4),
        ("initial", 0, 2, 1, [2, 2, 2, 2, 2], 14),
        ("initial", 0, 3, 1, [4], 14),
        ("initial", 0, 3, 2, [5], 5),
    ]
    assert [e["dice"] for e in of(evs, "dice_rolled")] == [[0], [0, 1, 2, 3, 4], [5], [0]]
    assert of(evs, "event_won")[0]["seat"] == 1


# -- §3.3: only a face below 1 is refused; single-face dice are allowed ------------------------------
def test_single_face_dice_are_accepted() -> None:
    faces = {"yellow": [4, 4, 4, 4, 4, 4]}
    st = game(3, order=BB_FIRST, faces=faces)
    evs = commit_round(st, {0: chips(i=1), 1: chips(c=2), 2: chips(a=1)})
    (lost,) = of(evs, "barbarian_lost")
    assert lost["rolled"] and lost["losers"] == [0, 2] and lost["seat"] == 0 and lost["total"] == 4
    assert [score(st, p) for p in range(3)] == [-2, 0, -2]
    # U3: infantry yellow 4 + 4 beats 4
    evs = commit_round(st, {1: chips(i=2), 2: chips(i=1)})
    assert of(evs, "event_won")[0]["seat"] == 1


def test_a_tie_single_face_dice_can_never_break_is_refused_cleanly() -> None:
    st = game(3, order=ORDER, faces={"yellow": [4] * 6})
    commit(st, 0, i=1)
    commit(st, 1, i=1)
    before = canonical(E, st)
    with pytest.raises(InvalidOptions):
        commit(st, 2)
    assert canonical(E, st) == before


def test_face_below_one_is_refused() -> None:
    for bad in ([0, 4, 5, 5, 6, 6], [-1, 4, 5, 5, 6, 6]):
        with pytest.raises(InvalidOptions):
            E.start(3, {"faces": {"green": bad}}, 1)


# -- a tie with the fictitious player counts as "the most" for Extra prestige point -----------
def test_extra_point_when_tied_with_the_fictitious_player() -> None:
    st = game(2, order=ORDER, draws=[["builder", "builder", "cavalry"]])
    commit_round(st, {0: chips(b=2, k=1)})
    assert [a["tile"] for a in E.legal(st, 0)] == ["claim3", "extra_point", "withdraw"]
    evs = act(st, 0, "choose_tile", tile="extra_point")
    assert [(e["seat"], e["value"]) for e in of(evs, "prestige") if e["reason"] == "builders"] == [(0, 1), (2, 1)]
    assert of(evs, "event_won")[0]["seat"] == 2  # its cavalry is the sole army
    assert (score(st, 0), score(st, 1), score(st, 2)) == (2, -1, 4)
    assert points(st, 0)["extra_point"] == 1


# -- several army types sharing a colour are counted per colour --------------------------------
def test_types_sharing_a_colour_count_together_in_batches() -> None:
    colours = {"urban": {"infantry": "green"}}  # archers are green on urban already
    st = game(3, order=ORDER, dice=[4, 5, 6, 6, 6, 6], colours=colours)
    evs = commit_round(st, {0: chips(i=2, a=1), 1: chips(a=3)})
    assert [(r[2], r[3], r[4]) for r in rolls(evs)] == [(1, 0, [4, 5, 6]), (2, 1, [6, 6, 6])]
    assert [e["colours"] for e in of(evs, "dice_rolled")] == [["green"] * 3, ["green"] * 3]
    assert of(evs, "event_won")[0]["seat"] == 1


# -- unclaimed strategy tiles stay on display and score nothing --------------------------------
def test_unclaimed_strategy_tiles_stay_on_display_to_the_end() -> None:
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=1, k=1)})
    act(st, 0, "choose_tile", tile="claim3")
    for _ in range(7):
        commit_round(st)
    res = E.result(st)
    assert res is not None
    v = E.view(st, None)
    assert v["display"] == [t for t in D.STRATEGY_TILES if t != "claim3"]
    assert v["taken"] == {"claim3": 0}
    for p in range(3):
        assert res.details[p]["extra_point"] == 0 and res.details[p]["catapult"] == 0
        assert res.scores[p] == sum(res.details[p][s] for s in D.SOURCES)


# -- §3.4: the complete option list and its defaults ----------------------------------------------
def test_option_names_and_defaults() -> None:
    assert [(o.name, o.kind, o.default) for o in E.option_specs] == [
        ("start_player", "int", 0),
        ("simultaneous_commit", "bool", False),
        ("dummy_can_win", "bool", False),
    ]
    st = E.start(3, {}, 4)
    v = E.view(st, None)
    assert v["start_player"] == 0 and v["turn_order"] == [0, 1, 2] and v["simultaneous_commit"] is False
    assert list(E.pending(st)) == [0]
    evs = commit(st, 0, b=2)
    assert [e for e in evs if "to" not in e] == [{"type": "committed", "seat": 0, "count": 2}]
    every = {
        "start_player": 1,
        "simultaneous_commit": True,
        "dummy_can_win": True,
        "script": {"event_order": ["BB"], "dummy_draws": [["builder", "archer", "cavalry"]], "dice": [4]},
        "event_tiles": [{"id": "BB", "terrain": "barbarian", "value": -2}],
        "colours": {"barbarian": {"archer": "green"}},
        "faces": {"green": [1, 2, 3, 4, 5, 6]},
    }
    st = E.start(2, every, 1)
    commit_round(st, {0: chips(i=1), 1: chips(b=1)})
    res = E.result(st)
    assert res is not None and res.extra["dummy"]["ranked"] is True


# -- §3.1 and §3.2: the default event tiles and colour table -----------------------------------------
def test_default_event_tiles_and_colours() -> None:
    colours = {
        "urban": {"infantry": "yellow", "cavalry": "red", "archer": "green"},
        "open_field": {"infantry": "yellow", "cavalry": "green", "archer": "red"},
        "mountain": {"infantry": "green", "cavalry": "red", "archer": "yellow"},
        "barbarian": {"infantry": "yellow", "cavalry": "yellow", "archer": "yellow"},
    }
    table = {"U3": 3, "U4": 4, "U5": 5, "O3": 3, "O4": 4, "O5": 5, "M5": 5, "BB": -2}
    st = game(3, order=ORDER)
    for tid in ORDER:
        ev = E.view(st, None)["event"]
        terrain = {"U": "urban", "O": "open_field", "M": "mountain", "B": "barbarian"}[tid[0]]
        assert ev == {"id": tid, "terrain": terrain, "value": table[tid], "colours": colours[terrain]}
        commit_round(st)
    assert sum(v for v in table.values() if v > 0) == 29


def test_mountain_and_barbarian_dice_colours() -> None:
    st = game(3, order=["M5", "BB"], dice=[4, 3, 2, 5, 3, 5, 4])
    evs = commit_round(st, {0: chips(i=1, c=1, a=1), 1: chips(a=1)})
    assert [e["colours"] for e in of(evs, "dice_rolled")] == [["green", "yellow", "red"], ["yellow"]]
    assert of(evs, "event_won")[0]["seat"] == 0 and score(st, 0) == 5
    # BB: start player 1; every army type rolls yellow
    evs = commit_round(st, {1: chips(i=1), 2: chips(c=1), 0: chips(a=1)})
    assert [(e["seat"], e["colours"]) for e in of(evs, "dice_rolled")] == [
        (1, ["yellow"]),
        (2, ["yellow"]),
        (0, ["yellow"]),
    ]
    (lost,) = of(evs, "barbarian_lost")
    assert lost["seat"] == 1 and lost["losers"] == [1] and lost["total"] == 3


def test_default_faces_are_rolled_uniformly_from_the_table() -> None:
    seen: dict[str, set[int]] = {"green": set(), "yellow": set(), "red": set()}
    for seed in range(40):
        st = game(3, order=["O4"], seed=seed)  # open field: cavalry green, infantry yellow, archers red
        evs = commit_round(st, {0: chips(i=2, c=2, a=1), 1: chips(i=2, c=2, a=1)})
        for e in of(evs, "dice_rolled"):
            for c, v in zip(e["colours"], e["values"]):
                seen[c].add(v)
    assert seen == {"green": {4, 5, 6}, "yellow": {3, 4, 5}, "red": {2, 3, 4}}


# -- protocol: legal lists exactly what apply accepts ------------------------------------------------
def _candidates(kind: str, dice: int) -> list[dict]:
    if kind == "commit":
        return [
            {"type": "commit", "chips": {"builder": b, "infantry": i, "cavalry": c, "archer": a, "king": k}}
            for b in range(7)
            for i in range(6)
            for c in range(6)
            for a in range(6)
            for k in range(3)
        ]
    if kind == "choose_tile":
        return [{"type": "choose_tile", "tile": t} for t in (*D.STRATEGY_TILES, "moat")]
    if kind == "catapult_target":
        return [{"type": "catapult_target", "seat": s} for s in range(-1, 5)]
    if kind == "withdraw":
        return [
            {"type": "withdraw", "chips": {"builder": b, "infantry": i, "cavalry": c, "archer": a}}
            for b in range(5)
            for i in range(5)
            for c in range(5)
            for a in range(5)
        ]
    subsets = []
    for mask in range(1 << (dice + 1)):
        subsets.append({"type": "fresh_troops", "dice": [i for i in range(dice + 1) if mask >> i & 1]})
    return subsets


def test_legal_is_exactly_what_apply_accepts() -> None:
    import random

    rnd = random.Random(11)
    kinds: set[str] = set()
    for seed in range(9):
        players = 2 + seed % 3
        st = E.start(players, {"start_player": seed % players}, seed)
        step = 0
        while E.pending(st):
            pend = E.pending(st)
            seat = rnd.choice(sorted(pend))
            kind = pend[seat].kind
            if kind != "commit" or step % 7 == 0:
                kinds.add(kind)
                legal = E.legal(st, seat)
                dice = len(st.dice[seat]) if kind == "fresh_troops" else 0
                accepted = []
                twin = E.load(E.dump(st))
                for cand in _candidates(kind, dice):
                    try:
                        E.apply(twin, seat, cand)
                    except IllegalAction:
                        continue  # refused actions leave the twin as it was
                    accepted.append(cand)
                    twin = E.load(E.dump(st))
                key = [json.dumps(a, sort_keys=True) for a in legal]
                assert sorted(key) == sorted(json.dumps(a, sort_keys=True) for a in accepted)
                assert len(set(key)) == len(key)
            E.apply(st, seat, rnd.choice(E.legal(st, seat)))
            step += 1
    assert kinds == {"commit", "choose_tile", "catapult_target", "withdraw", "fresh_troops"}


# -- §5 step 1: round 1's event tile is told like every later one ----------------------------------
def test_opening_events_tell_the_first_event_tile() -> None:
    st = game(4, order=["O4"], start_player=2)
    assert E.opening_events(st) == [
        {"type": "event_revealed", "round": 1, "tile": "O4", "terrain": "open_field", "value": 4, "start_player": 2}
    ]
    evs = commit_round(st)
    assert of(evs, "event_revealed")[0]["round"] == 2 and E.opening_events(st) == []


# -- §3: data overrides under the rules file's own words -------------------------------------------
def test_data_overrides_accept_the_rules_file_spellings() -> None:
    opts = {
        "event_tiles": {"A": {"terrain": "open field", "value": 6}, "B": {"terrain": "barbarian battle", "value": -2}},
        "colour_table": {"open field": {"cavalry": "red"}},
        "die_faces": {"red": [1, 1, 2, 2, 3, 3]},
        "script": {"event_order": ["A", "B"], "dice": [1, 3]},
    }
    st = E.start(3, opts, 1)
    assert E.view(st, None)["event"] == {
        "id": "A",
        "terrain": "open_field",
        "value": 6,
        "colours": {"infantry": "yellow", "cavalry": "red", "archer": "red"},
    }
    evs = commit_round(st, {0: chips(c=1), 1: chips(a=1)})
    assert rolls(evs) == [("initial", 0, 1, 0, [1], 1), ("initial", 0, 1, 1, [3], 3)]
    assert of(evs, "event_won")[0]["value"] == 6
    again = E.load(json.loads(json.dumps(E.dump(st))))
    assert canonical(E, again) == canonical(E, st)
    with pytest.raises(InvalidOptions):
        E.start(3, {"faces": {"red": [1] * 6}, "die_faces": {"red": [2] * 6}}, 1)


# -- the fictitious player can also pay the barbarians in chips ------------------------------
def test_dummy_tied_lowest_behind_a_real_player_pays_two_minus_one_chips() -> None:
    st = game(2, order=BB_FIRST, draws=[["builder"] * 3])
    evs = commit_round(st)
    (lost,) = of(evs, "barbarian_lost")
    assert lost["seat"] == 0 and lost["losers"] == [0, 1, 2] and not lost["rolled"]
    pres = [(e["seat"], e["value"], e["count"], e["reason"]) for e in of(evs, "prestige")]
    assert pres == [
        (0, -1, 1, "zero_commit"),
        (1, -1, 1, "zero_commit"),
        (2, 3, 1, "builders"),
        (1, -1, 2, "barbarian"),
        (2, -1, 2, "barbarian"),
    ]
    assert (score(st, 0), score(st, 1), score(st, 2)) == (-3, -3, 1)
    assert points(st, 2)["barbarian"] == -2 and E.view(st, None)["dummy"]["chips"]["minus1"] == 2

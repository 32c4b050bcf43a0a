"""Random legal playouts: conservation after every step, replay, dump/load, views that leak nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.burg.engine import ENGINE
from games.core import IllegalAction, Prompt, visible
from games.menus import Menu
from tests.games.burg.helpers import check_invariants
from tests.games.menu_leaves import menu_leaves
from tests.games.playout import canonical, random_playout, replay

CONFIGS = [(n, w) for n in (2, 3, 4) for w in (False, True)]
GAMES_PER_CONFIG = 1000  # 6000 full games in all


def _opts(winter: bool) -> dict[str, Any]:
    return {"winterEnabled": True} if winter else {}


@pytest.mark.parametrize(("players", "winter"), CONFIGS)
def test_many_playouts_conserve_supplies(players: int, winter: bool) -> None:
    ends = set()
    for seed in range(GAMES_PER_CONFIG):
        play = random_playout(ENGINE, players, _opts(winter), seed, check=check_invariants)
        assert ENGINE.pending(play.state) == {}
        res = ENGINE.result(play.state)
        assert res is not None and res.winners
        assert sorted(res.ranks) == list(range(players))
        ends.add(play.state.end_reason)
    assert ends == {"last_round", "all_built"} or ends == {"last_round"} or ends == {"all_built"}


@pytest.mark.parametrize(("players", "winter"), CONFIGS)
def test_replay_and_round_trip_mid_game(players: int, winter: bool) -> None:
    opts = _opts(winter)
    for seed in range(25):
        play = random_playout(ENGINE, players, opts, 1000 + seed)
        assert canonical(ENGINE, replay(ENGINE, players, opts, 1000 + seed, play.log)) == canonical(ENGINE, play.state)
        # cut the log somewhere, round-trip the state through JSON, continue identically
        cut = random.Random(seed).randrange(len(play.log))
        a = replay(ENGINE, players, opts, 1000 + seed, play.log[:cut])
        b = ENGINE.load(json.loads(json.dumps(ENGINE.dump(a))))
        assert canonical(ENGINE, a) == canonical(ENGINE, b)
        for seat, action in play.log[cut:]:
            ea = ENGINE.apply(a, seat, action)
            eb = ENGINE.apply(b, seat, json.loads(json.dumps(action)))
            assert ea == eb
            assert ENGINE.legal(a, seat) == ENGINE.legal(b, seat)
        assert canonical(ENGINE, a) == canonical(ENGINE, play.state) == canonical(ENGINE, b)
        assert ENGINE.result(a) == ENGINE.result(b)


def _select_phase_states(players: int, winter: bool, seed: int) -> list[Any]:
    """States in selection phases where some seats have chosen and others have not."""
    rnd = random.Random(seed)
    s = ENGINE.start(players, _opts(winter), seed)
    out = []
    while ENGINE.pending(s):
        pend = ENGINE.pending(s)
        seat = rnd.choice(sorted(pend))
        if pend[seat].kind == "select" and len(pend) < players:
            out.append(ENGINE.clone(s))
        ENGINE.apply(s, seat, rnd.choice(ENGINE.legal(s, seat)))
    return out


@pytest.mark.parametrize(("players", "winter"), CONFIGS)
def test_views_never_leak_choices_or_hands(players: int, winter: bool) -> None:
    for seed in range(6):
        for s in _select_phase_states(players, winter, seed):
            chosen = [i for i in range(players) if s.selections[i] is not None]
            for who in chosen:
                # another legal choice for ``who`` must leave every other view unchanged
                alternatives = ENGINE._legal_select(s, who)
                other = next(
                    (a for a in alternatives if (a.get("cards") or [a.get("card")]) != s.selections[who]), None
                )
                if other is None:
                    continue
                t = ENGINE.clone(s)
                ENGINE.apply(t, who, other)  # a seat may change its choice
                for viewer in [None, *range(players)]:
                    if viewer == who:
                        assert ENGINE.view(t, viewer)["selection"] != ENGINE.view(s, viewer)["selection"]
                        continue
                    assert ENGINE.view(t, viewer) == ENGINE.view(s, viewer), (viewer, who)
            for viewer in [None, *range(players)]:
                text = json.dumps(ENGINE.view(s, viewer))
                assert '"rng"' not in text and '"script"' not in text and "winter_deck" not in text
                v = ENGINE.view(s, viewer)
                if viewer is None:
                    assert "hand" not in v and "selection" not in v
                else:
                    assert v["hand"] == s.players[viewer].hand


@pytest.mark.parametrize("players", [2, 3, 4])
def test_selection_events_are_private(players: int) -> None:
    play = random_playout(ENGINE, players, {"winterEnabled": True}, 5)
    for ev in play.events:
        if ev["type"] == "selection":
            assert ev["to"] == [ev["seat"]]
        elif ev["type"] == "card_selected":
            assert set(ev) == {"type", "seat"}
        else:
            assert "to" not in ev


def test_winter_deck_order_never_in_view() -> None:
    s = ENGINE.start(3, {"winterEnabled": True, "script": {"winter_order": ["winter_snow"]}}, 4)
    for viewer in [None, 0, 1, 2]:
        text = json.dumps(ENGINE.view(s, viewer))
        assert "winter_snow" not in text
        assert ENGINE.view(s, viewer)["winter"]["deck_size"] == 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rejections_leave_state_untouched(players: int) -> None:
    rnd = random.Random(players)
    s = ENGINE.start(players, {"winterEnabled": True}, players)
    bad_actions = [
        {"type": "no_such_action"},
        {},
        {"type": 5},
        {"type": "build", "building": "palace", "payment": {"sand": 30}},
        {"type": "place_helper", "space": "keep"},
        {"type": "select", "card": "master_builder"},
        {"type": "select", "cards": ["nope"]},
        {"type": "buy", "owner": 0, "card": "worker_1", "resource": "stone"},
        {"type": "watchtower", "resource": "gold"},
        {"type": "place_trader", "field": "rider"},
        {"type": "equip", "resources": ["stone", "silver"]},
        {"type": "done"},
    ]
    steps = 0
    while ENGINE.pending(s) and steps < 400:
        before = canonical(ENGINE, s)
        pend = ENGINE.pending(s)
        for seat in range(players):
            legal = ENGINE.legal(s, seat) if seat in pend else []
            if {"type": "pass"} in legal:
                legal.append({"type": "done"})  # accepted for each other
            changing = s.phase == "select" and seat not in pend  # may change its choice
            for bad in bad_actions:
                if bad in legal or (changing and bad == {"type": "select", "card": "master_builder"}):
                    continue
                if bad.get("type") == "place_helper" and {**bad, "from": "supply"} in legal:
                    continue  # "from" defaults to the supply
                try:
                    ENGINE.apply(s, seat, bad)
                except IllegalAction:
                    assert canonical(ENGINE, s) == before
                else:
                    raise AssertionError((seat, bad))
        seat = rnd.choice(sorted(pend))
        ENGINE.apply(s, seat, rnd.choice(ENGINE.legal(s, seat)))
        steps += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_protocol_surface(players: int) -> None:
    """The generic checks of tests/games/test_protocol.py, run on this engine directly."""
    from games.core import Engine, InvalidOptions

    assert isinstance(ENGINE, Engine)
    assert ENGINE.key == "burg" and set(ENGINE.names) >= {"en", "nl"}
    for spec in ENGINE.option_specs:
        assert spec.help.get("en") and spec.help.get("nl")
    for bad in (1, 5):
        with pytest.raises(InvalidOptions):
            ENGINE.start(bad, {}, 1)
    play = random_playout(ENGINE, players, {}, 11, max_steps=80)
    names = [f"P{i}" for i in range(players)]
    for lang in ("en", "nl"):
        for ev in play.events:
            line = ENGINE.describe_event(ev, lang, names)
            assert line is None or (isinstance(line, str) and line)
        for seat, prompt in ENGINE.pending(play.state).items():
            assert isinstance(prompt, Prompt)
            v = ENGINE.view(play.state, seat)
            assert ENGINE.describe_prompt(v, prompt, lang)
            for action in ENGINE.legal(play.state, seat):
                path = ENGINE.action_path(v, action, lang)
                assert path and all(isinstance(p, str) and 0 < len(p) <= 80 for p in path)
        assert ENGINE.status_lines(ENGINE.view(play.state, None), lang, names)
    for ev in play.events:
        assert visible(ev, ev.get("seat")) or ev["type"] != "selection"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_prompt_labels_and_menus(players: int) -> None:
    """Along whole games every legal action gets a path of short labels in both languages, and
    no menu step offers more than 25 choices."""
    for seed in range(3):
        rnd = random.Random(seed)
        s = ENGINE.start(players, {"winterEnabled": True}, seed)
        while ENGINE.pending(s):
            pend = ENGINE.pending(s)
            seat = rnd.choice(sorted(pend))
            legal = ENGINE.legal(s, seat)
            v = ENGINE.view(s, seat)
            for lang in ("en", "nl"):
                assert ENGINE.describe_prompt(v, pend[seat], lang)
                paths = [tuple(ENGINE.action_path(v, a, lang)) for a in legal]
                assert len(set(paths)) == len(paths), "two actions share one label path"
                for p in paths:
                    assert all(0 < len(x) <= 80 for x in p)
                assert menu_leaves(Menu(ENGINE, v, legal, lang), []) == len(legal), pend[seat].kind
            ENGINE.apply(s, seat, rnd.choice(legal))


@pytest.mark.parametrize("players", [2, 4])
def test_picture_is_a_png_in_both_languages(players: int) -> None:
    play = random_playout(ENGINE, players, {"winterEnabled": True}, 9, max_steps=150)
    names = [f"Player {i}" for i in range(players)]
    for viewer in (None, 0):
        for lang in ("en", "nl"):
            png = ENGINE.picture(ENGINE.view(play.state, viewer), lang, names)
            assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"


EVENT_TYPES = {
    "round_started", "round_taler", "card_selected", "selection", "winter_revealed", "wood_lost",
    "helpers_returned", "taler_received", "taler_paid", "watchtower_stocked", "cards_revealed",
    "worker_equipped", "messenger", "trader_placed", "trader_passed", "trade_income", "tax_paid",
    "watchtower_taken", "resource_bought", "worker_collected", "building_built", "helper_placed",
    "guest_placed", "step_done", "master_builder", "cards_returned", "round_ended", "game_ended",
    "final_score", "game_result",
}  # fmt: skip


def test_every_event_type_has_a_line_in_both_languages() -> None:
    seen: set[str] = set()
    for seed in range(40):
        play = random_playout(ENGINE, 2 + seed % 3, {"winterEnabled": True}, seed)
        names = [f"P{i}" for i in range(2 + seed % 3)]
        for ev in play.events:
            seen.add(ev["type"])
            for lang in ("en", "nl"):
                line = ENGINE.describe_event(ev, lang, names)
                assert isinstance(line, str) and line and "{" not in line, ev
    assert seen == EVENT_TYPES


WEIRD: list[Any] = [None, [], {}, 1.5, -1, True, "x", ["sand"], {"sand": "1"}, 99]


def test_malformed_fields_are_refused_cleanly() -> None:
    """Every field of every legal action replaced by junk: IllegalAction or a legal outcome,
    never another exception, and a refusal leaves the state as it was."""
    rnd = random.Random(42)
    for players in (2, 3, 4):
        s = ENGINE.start(players, {"winterEnabled": True}, players)
        steps = 0
        while ENGINE.pending(s) and steps < 300:
            pend = ENGINE.pending(s)
            seat = rnd.choice(sorted(pend))
            legal = ENGINE.legal(s, seat)
            action = rnd.choice(legal)
            for key in [k for k in action if k != "type"]:
                for junk in WEIRD:
                    bad = {**action, key: junk}
                    t = ENGINE.clone(s)
                    before = canonical(ENGINE, t)
                    try:
                        ENGINE.apply(t, seat, bad)
                    except IllegalAction:
                        assert canonical(ENGINE, t) == before
            ENGINE.apply(s, seat, action)
            steps += 1


@pytest.mark.parametrize(
    "options",
    [
        {"cardsPerRoundPerPlayer": 2},
        {"cardsPerRoundPerPlayer": 3, "rounds": 6},
        {"maxBuildingsPerAction": 1, "maxCastleHelpersPerAction": 0},
        {"workerChoiceAllowsDuplicates": False, "stonemasonPaymentTo": "workerOwner"},
        {"winterEnabled": True, "winterRevealTiming": "beforeSelection"},
        {"allowDisplacingOwnTraderHelper": True, "helpersPerPlayer": 9},
        {"winterEnabled": True, "winterRoundFields": [12, 11, 10, 9, 8, 7, 6], "rounds": 12},
        {"resourceTotals": {"sand": 8, "wood": 8, "clay": 6, "stone": 6, "silver": 6}, "coinsTotal": 40},
    ],
    ids=lambda o: ",".join(o),
)
def test_playouts_under_other_configurations(options: dict[str, Any]) -> None:
    for players in (2, 3, 4):
        for seed in range(40):
            play = random_playout(ENGINE, players, options, seed, check=check_invariants)
            assert ENGINE.pending(play.state) == {} and ENGINE.result(play.state) is not None


def test_payment_enumeration_is_complete_and_exact() -> None:
    """``payments`` against brute force: every exact payment (§9, R-12), each exactly once."""
    from itertools import product

    from games.burg.rules import declare_silver, payment_valid, payments

    values = (1, 2, 4, 5)
    rnd = random.Random(3)
    for _ in range(150):
        have = tuple(rnd.randint(0, 5) for _ in range(4)) + (rnd.randint(0, 3),)
        cost = rnd.choice((8, 10, 12, 18, 22, 24, 30))
        brute = set()
        for pieces in product(*(range(h + 1) for h in have)):
            g = pieces[4]
            decls = [d for d in product(range(g + 1), repeat=4) if sum(d) == g]
            if any(payment_valid(pieces, d, cost, values, 3) for d in decls):
                brute.add(pieces)
                assert declare_silver(pieces, cost, values, 3) is not None
        got = payments(have, cost, values, 3)
        assert {p for p, *_ in got} == brute and len(got) == len(brute)
        keys = [(p[4], p[3], p[2], p[1]) for p, *_ in got]
        assert keys == sorted(keys)
        for pieces, decl, *_ in got:
            assert payment_valid(pieces, decl, cost, values, 3)

"""Texts read by people: trade prompts state their terms, lines name what the picture shows."""

from __future__ import annotations

import random
import re
from pathlib import Path

from games.cities_knights import data as D
from games.cities_knights.engine import ENGINE
from games.core import LANGS, IllegalAction
from tests.games.cities_knights.helpers import act, position


def _offer_position() -> object:
    st = position(3, hands={0: {"wool": 2, "grain": 1}, 1: {"ore": 2}, 2: {"ore": 1, "brick": 1}})
    act(st, 0, {"type": "offer_trade", "give": {"wool": 2, "grain": 1}, "want": {"ore": 1}, "to": "all"})
    return st


def test_offer_prompt_states_who_offers_what_for_what() -> None:
    st = _offer_position()
    inv = ENGINE.invitations(st)
    assert set(inv) == {1, 2}
    prompt = inv[1]
    assert prompt.data["from"] == 0
    assert prompt.data["give"] == {"wool": 2, "grain": 1} and prompt.data["want"] == {"ore": 1}
    view = ENGINE.view(st, 1)
    en = ENGINE.describe_prompt(view, prompt, "en")
    nl = ENGINE.describe_prompt(view, prompt, "nl")
    assert en.startswith("Player 1 offers 2 wool + 1 grain for 1 ore")
    assert nl.startswith("Speler 1 biedt 2 wol + 1 graan voor 1 erts")
    # a view that carries the names shows the name instead
    named = dict(view, names=["Anna", "Bram", "Cas"])
    assert ENGINE.describe_prompt(named, prompt, "en").startswith("Anna offers 2 wool + 1 grain for 1 ore")
    assert ENGINE.describe_prompt(named, prompt, "nl").startswith("Anna biedt 2 wol + 1 graan voor 1 erts")


def test_counter_offer_is_told_to_the_offering_player() -> None:
    st = _offer_position()
    act(st, 1, {"type": "counter_offer", "give": {"ore": 1}, "want": {"wool": 1}})
    act(st, 2, {"type": "accept_trade"})
    prompt = ENGINE.pending(st)[0]
    assert prompt.kind == "turn"
    named = dict(ENGINE.view(st, 0), names=["Anna", "Bram", "Cas"])
    en = ENGINE.describe_prompt(named, prompt, "en")
    nl = ENGINE.describe_prompt(named, prompt, "nl")
    assert "Bram counters: 1 ore for 1 wool." in en
    assert "Cas accepts your offer." in en
    assert "Bram doet een tegenbod: 1 erts voor 1 wol." in nl
    assert "Cas accepteert je aanbod." in nl
    plain = ENGINE.describe_prompt(ENGINE.view(st, 0), prompt, "en")
    assert "Player 2 counters: 1 ore for 1 wool." in plain
    # the one who countered is no longer invited; nothing is told before anyone answers
    assert set(ENGINE.invitations(st)) == set()
    fresh = _offer_position()
    assert ENGINE.pending(fresh)[0].data == {}


COORD = re.compile(r"-?\d+,-?\d+")


def test_no_coordinate_ids_reach_readers() -> None:
    """Random games: every event line, prompt, status line and menu label is free of hex coordinates."""
    names = ["Anna", "Bram", "Cas", "Dirk"]
    for seed in range(3):
        rng = random.Random(seed)
        st = ENGINE.start(3 + seed % 2, {}, seed)
        told = 0
        for _ in range(400):
            pend = ENGINE.pending(st)
            if not pend:
                break
            seat = sorted(pend)[0]
            view = ENGINE.view(st, seat)
            for lang in LANGS:
                assert not COORD.search(ENGINE.describe_prompt(view, pend[seat], lang))
                for line in ENGINE.status_lines(view, lang, names):
                    assert not COORD.search(line), line
            actions = ENGINE.legal(st, seat)
            for a in actions[:40]:
                for lang in LANGS:
                    for label in ENGINE.action_path(view, a, lang):
                        assert not COORD.search(label), (a, label)
            for ev in ENGINE.apply(st, seat, rng.choice(actions)):
                for lang in LANGS:
                    line = ENGINE.describe_event(ev, lang, names)
                    if line is not None:
                        told += 1
                        assert not COORD.search(line), (ev, line)
        assert told > 50


def test_event_lines_name_intersections_and_hexes_as_drawn() -> None:
    ev = {"type": "built", "seat": 0, "piece": "settlement", "vertex": D.VERTEX_IDS[27]}
    assert ENGINE.describe_event(ev, "en", ["Anna"]) == "Anna builds a settlement at intersection 27."
    assert ENGINE.describe_event(ev, "nl", ["Anna"]) == "Anna bouwt een nederzetting op kruispunt 27."
    robber = {"type": "robber_moved", "seat": 0, "hex": "0,0", "terrain": "fields", "number": 8}
    assert ENGINE.describe_event(robber, "en", ["Anna"]) == "Anna moves the robber to fields 8."
    assert ENGINE.describe_event(robber, "nl", ["Anna"]) == "Anna zet de rover op akker 8."


def _raised_codes() -> set[str]:
    codes: set[str] = set()
    for mod in ("engine", "rules"):
        src = (Path(__file__).parents[3] / "games" / "cities_knights" / f"{mod}.py").read_text()
        codes |= set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', src))
    return codes


def test_every_refusal_code_has_a_rule_text_in_both_languages() -> None:
    codes = _raised_codes()
    assert {"bad_vertex", "cannot_afford", "robber_locked", "bad_offer"} <= codes
    for code in sorted(codes):
        exc = IllegalAction(code, "some reason")
        en, nl = ENGINE.describe_refusal(exc, "en"), ENGINE.describe_refusal(exc, "nl")
        assert en and nl and en != nl, code


def test_refusal_names_the_rule() -> None:
    st = position(3, settlements={0: ["0,-1,S"]}, robber_unlocked=False, progress={0: ["bishop"]})
    try:
        act(st, 0, {"type": "play_progress", "card": "bishop", "hex": "1,0"})
    except IllegalAction as exc:
        assert "§8.3" in (ENGINE.describe_refusal(exc, "en") or "")
        assert "eerste barbarenaanval" in (ENGINE.describe_refusal(exc, "nl") or "")
    else:
        raise AssertionError("Bishop was played while the robber is locked")
    try:
        act(st, 0, {"type": "build_road", "edge": "0,-1,S|0,0,N"})
    except IllegalAction as exc:
        assert exc.code == "cannot_afford"
        assert "§6.1" in (ENGINE.describe_refusal(exc, "en") or "")
    else:
        raise AssertionError("a road was built without cards")

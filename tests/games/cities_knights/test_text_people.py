"""Texts read by people: trade prompts state their terms, lines name what the picture shows."""

from __future__ import annotations

from games.cities_knights.engine import ENGINE
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

"""``u`` at the terminal table: a person takes back their own last move while nobody else (no AI
player) has moved since and it showed nothing new; otherwise they are told why not. In English
and Dutch."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from games import registry
from games.console import Console, Setup
from tests.games.test_console_table import feeder

SAID = {
    "en": {
        "took": "↶ You took back: Build › settlement",
        "hidden": "↶ Player 1 took back a hidden choice.",
        "acted": "Someone else has acted since your last move, so it stands.",
        "revealed": "Your last move showed something new",
        "none": "You have made no move to take back.",
        "keys": "u = take back",
    },
    "nl": {
        "took": "↶ Jij nam terug: Bouwen › nederzetting",
        "hidden": "↶ Speler 1 nam een geheime keuze terug.",
        "acted": "Iemand anders heeft na je laatste zet al gespeeld, dus die blijft staan.",
        "revealed": "Je laatste zet liet iets nieuws zien",
        "none": "Je hebt geen zet om terug te nemen.",
        "keys": "u = terugnemen",
    },
}


def dumped(table: Console) -> str:
    return json.dumps(table.engine.dump(table.state), sort_keys=True)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_u_takes_back_a_settlement_and_asks_again(lang: str, tmp_path: Path) -> None:
    """Cities & Knights against two AI players: the first settlement is placed through the menus,
    then ``u`` at the road takes it back; the game and the saved file are as at the start, and the
    same choice is asked again."""
    save = tmp_path / "game.json"
    out = io.StringIO()
    table = Console(
        Setup("cities_knights", 3, ["easy", "easy"], 4, lang=lang),
        read=feeder("1\n" * 3 + "u\n" + "q\n"),
        out=out,
        save=save,
    )
    start = dumped(table)
    assert table.run() == 1
    text = out.getvalue()
    assert SAID[lang]["keys"] in text
    assert SAID[lang]["took"] in text, text[-2000:]
    assert table.setup.log == [] and dumped(table) == start
    assert json.loads(save.read_text())["log"] == []
    asked = text.split(SAID[lang]["took"])[1]
    settlement = "settlement" if lang == "en" else "nederzetting"
    assert settlement in asked  # the settlement is asked for again


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_u_is_refused_with_the_reason(lang: str) -> None:
    """Im Schutze der Burg at one keyboard: nothing to take back yet; a selection another person
    made since; the last selection, which turned them all over. A first selection goes back
    without being named."""
    engine = registry.get("burg")
    state = engine.start(3, {}, 2)
    picks = []
    for seat in range(3):
        action = engine.legal(state, seat)[0]
        engine.apply(state, seat, action)
        picks.append((seat, action))
    out = io.StringIO()
    table = Console(Setup("burg", 3, [], 2, lang=lang, log=list(picks)), read=feeder(""), out=out)
    assert not table.take_back(2)
    assert not table.take_back(1)
    fresh = Console(Setup("burg", 3, [], 2, lang=lang), read=feeder(""), out=out)
    assert not fresh.take_back(0)
    start = dumped(fresh)
    first = Console(Setup("burg", 3, [], 2, lang=lang, log=picks[:1]), read=feeder(""), out=out)
    assert first.take_back(0)
    assert dumped(first) == start and first.setup.log == []
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(SAID[lang]["revealed"])
    assert lines[1:] == [SAID[lang]["acted"], SAID[lang]["none"], SAID[lang]["hidden"]]


def test_an_ai_move_since_ends_the_chance() -> None:
    """War Chest against an AI player: after the person's move the AI moved, so the person's ``u``
    is refused and the game stays as it is."""
    engine = registry.get("war_chest")
    state = engine.start(2, {}, 3)
    log: list[tuple[int, dict]] = []
    while [seat for seat, _ in log[-2:]] != [0, 1]:  # seat 0 is the person, seat 1 the AI player
        seat = min(engine.pending(state))
        action = engine.legal(state, seat)[0]
        engine.apply(state, seat, action)
        log.append((seat, action))
    out = io.StringIO()
    table = Console(Setup("war_chest", 2, ["easy"], 3, log=list(log)), read=feeder(""), out=out)
    before = dumped(table)
    assert not table.take_back(0)
    assert out.getvalue().strip() == SAID["en"]["acted"]
    assert dumped(table) == before and table.setup.log == log

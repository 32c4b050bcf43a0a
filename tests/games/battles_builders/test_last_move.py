"""The last move on the Battles & Builders picture: a commit marks nothing and says only who has
chosen until the reveal; a strategy tile taken, the catapult's target, chips taken back and fresh
troops mark their tile or row; a round's battle marks where it ended (its winner's row, the rows
of a barbarian battle's losers)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.battles_builders import picture
from games.battles_builders.engine import ENGINE
from games.core import Event, visible
from tests.games.marks import assert_marks, marked

NAMES = ["Bram", "Anna", "Cleo", "Dirk"]
KINDS = ("commit", "choose_tile", "catapult_target", "withdraw", "fresh_troops")


def _battle_rows(events: list[Event]) -> set[str]:
    """Where the round's battle ended, if this move fought it."""
    rows: set[str] = set()
    for ev in events:
        if ev["type"] == "event_won":
            rows.add(f"seat:{ev['seat']}")
        elif ev["type"] == "barbarian_lost":
            rows |= {f"seat:{p}" for p in ev["losers"]}
    return rows


def expected(action: dict[str, Any], seat: int, events: list[Event]) -> set[str]:
    typ = action["type"]
    own: set[str] = set()
    if typ == "choose_tile":
        own = {f"tile:{action['tile']}"}
    elif typ == "catapult_target":
        own = {f"seat:{action['seat']}"}
    elif typ in ("withdraw", "fresh_troops"):
        own = {f"seat:{seat}"}
    return own | _battle_rows(events)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_kind_of_action_marks_exactly_the_places_it_changed(players: int) -> None:
    checked: dict[tuple[str, bool], int] = {}
    for seed in range(12):
        options = {"simultaneous_commit": seed % 3 == 0}
        state = ENGINE.start(players, options, seed)
        rnd = random.Random(seed)
        while ENGINE.pending(state):
            pending = ENGINE.pending(state)
            seat = rnd.choice(sorted(pending))
            action = rnd.choice(ENGINE.legal(state, seat))
            events = ENGINE.apply(state, seat, action)
            typ = action["type"]
            revealed = any(ev["type"] == "commits_revealed" for ev in events)
            if checked.get((typ, revealed), 0) >= 4:
                continue
            checked[(typ, revealed)] = checked.get((typ, revealed), 0) + 1
            again = ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))
            for viewer, lang in ((None, "en"), (seat, "nl"), ((seat + 1) % players, "en")):
                sc = picture.scene(ENGINE.view(again, viewer), lang, NAMES[:players])
                want = expected(action, seat, events)
                assert_marks(sc, want, (typ, action, viewer))
                if typ == "commit" and not revealed:
                    assert sc.caption == {"en": "Bram has chosen", "nl": "Bram heeft gekozen"}[lang].replace(
                        "Bram", NAMES[seat]
                    )
    kinds = {typ for typ, _ in checked}
    assert set(KINDS) <= kinds, f"not every kind of action came up: {sorted(set(KINDS) - kinds)}"
    assert ("commit", True) in checked and ("commit", False) in checked


@pytest.mark.parametrize("simultaneous", [False, True])
def test_a_commit_is_shown_to_the_others_as_chosen_never_as_its_chips(simultaneous: bool) -> None:
    state = ENGINE.start(3, {"simultaneous_commit": simultaneous}, 5)
    seat = min(ENGINE.pending(state))
    events = ENGINE.apply(state, seat, {"type": "commit", "chips": {"builder": 2, "cavalry": 1, "king": 1}})
    assert any(not visible(ev, None) for ev in events), "the chips went to the committer alone"
    for viewer in (None, *(s for s in range(3) if s != seat)):
        view = ENGINE.view(state, viewer)
        assert "chips" not in json.dumps(view["moves"]) and "cavalry" not in json.dumps(view["moves"])
        for lang, caption in (("en", f"{NAMES[seat]} has chosen"), ("nl", f"{NAMES[seat]} heeft gekozen")):
            sc = picture.scene(view, lang, NAMES[:3])
            assert marked(sc) == set() and sc.caption == caption
            assert sc.texts()[-1]["source"].endswith(caption)
    # the committer's own picture says no more either: every view holds the same moves
    assert ENGINE.view(state, seat)["moves"] == ENGINE.view(state, None)["moves"]


def test_a_battle_marks_the_winners_row_and_names_the_tile() -> None:
    # three rounds of the same commits: the seat committing armies wins its battle
    state = ENGINE.start(2, {"script": {"event_order": ["U4", "O4", "M5"]}}, 1)
    ENGINE.apply(state, 0, {"type": "commit", "chips": {"infantry": 2, "archer": 1}})
    events = ENGINE.apply(state, 1, {"type": "commit", "chips": {"builder": 3}})
    won = [ev for ev in events if ev["type"] in ("event_won", "barbarian_lost")]
    assert won and won[0]["type"] == "event_won"
    winner = won[0]["seat"]
    sc = picture.scene(ENGINE.view(state, None), "en", NAMES[:2])
    assert_marks(sc, {f"seat:{winner}"})
    assert "U4" in (sc.caption or "")

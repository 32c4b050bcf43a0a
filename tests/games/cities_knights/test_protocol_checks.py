"""Protocol checks particular to this engine (option names, its own malformed actions, views),
beside the generic ones every registered engine gets in tests/games/test_protocol.py."""

from __future__ import annotations

import json

import pytest

from games.cities_knights import data as D
from games.cities_knights.engine import ENGINE
from games.core import Engine, IllegalAction, InvalidOptions, visible
from tests.games.cities_knights.test_properties import playout
from tests.games.playout import canonical


def test_engine_surface() -> None:
    assert isinstance(ENGINE, Engine)
    assert ENGINE.key == "cities_knights" and (ENGINE.min_players, ENGINE.max_players) == (3, 4)
    assert set(ENGINE.names) >= {"en", "nl"}
    assert {s.name for s in ENGINE.option_specs} == {"layout", "numbers", "random_seats", "offer_ask_max"}
    for spec in ENGINE.option_specs:
        assert spec.help.get("en") and spec.help.get("nl"), spec.name
    for bad in (2, 5):
        with pytest.raises(InvalidOptions):
            ENGINE.start(bad, {}, 1)


def test_unknown_action_is_rejected_without_change() -> None:
    state = ENGINE.start(3, {}, 7)
    seat = sorted(ENGINE.pending(state))[0]
    before = canonical(ENGINE, state)
    for bad in ({"type": "no_such_action"}, {}, {"type": 5}, "roll", {"type": "build_settlement", "vertex": "9,9,N"}):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, seat, bad)  # type: ignore[arg-type]
        assert canonical(ENGINE, state) == before
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 1, ENGINE.legal(state, seat)[0])
    assert canonical(ENGINE, state) == before


def test_views_hide_rng_and_script() -> None:
    state = ENGINE.start(3, {"script": {"red": [1, 2]}}, 3)
    for seat in [None, 0, 1, 2]:
        text = json.dumps(ENGINE.view(state, seat))
        assert '"rng"' not in text and '"script"' not in text


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_presentation_covers_every_event_prompt_and_action(lang: str) -> None:
    names = ["Ann", "Bob", "Cis", "Dan"]
    state = ENGINE.start(4, {"layout": "random"}, 4)
    st2, log = playout(4, 4, {"layout": "random"}, steps=1500)
    seen_events: set[str] = set()
    for seat, action in log:
        view = ENGINE.view(state, seat)
        for prompt_seat, prompt in ENGINE.pending(state).items():
            assert ENGINE.describe_prompt(ENGINE.view(state, prompt_seat), prompt, lang)
        path = ENGINE.action_path(view, action, lang)
        assert path and all(isinstance(p, str) and 0 < len(p) <= 80 for p in path), path
        for ev in ENGINE.apply(state, seat, action):
            line = ENGINE.describe_event(ev, lang, names)
            if ev["type"] not in ("deck_empty",):
                assert isinstance(line, str) and line, ev
            seen_events.add(ev["type"])
    assert canonical(ENGINE, state) == canonical(ENGINE, st2)
    assert {"dice_rolled", "built", "produced", "turn_started"} <= seen_events
    assert ENGINE.status_lines(ENGINE.view(state, None), lang, names)
    assert len(ENGINE.status_lines(ENGINE.view(state, 0), lang, names)) > 5
    png = ENGINE.picture(ENGINE.view(state, 1), lang, names)
    assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_menu_label_fits_and_groups() -> None:
    st = ENGINE.start(3, {"layout": "beginner"}, 2)
    view = ENGINE.view(st, 0)
    paths = [ENGINE.action_path(view, a, "nl") for a in ENGINE.legal(st, 0)]
    assert len({tuple(p) for p in paths}) == len(paths)  # distinct labels for distinct actions
    # the first step groups the 54 intersections in tens: never more than 25 options a step
    assert len({p[2] for p in paths}) <= 25 and all(
        len({q[3] for q in paths if q[2] == g}) <= 25 for g in {p[2] for p in paths}
    )
    assert D.NV == 54


PRIVATE = {
    "progress_card",
    "stolen_card",
    "discarded_cards",
    "hand_revealed",
    "progress_revealed",
    "card_private",
    "cards_moved_private",
}


def test_exactly_the_private_events_carry_to() -> None:
    for players, seed in ((3, 8), (4, 9)):
        _, log = playout(players, seed, {"layout": "beginner"}, steps=1500)
        st = ENGINE.start(players, {"layout": "beginner"}, seed)
        for seat, action in log:
            for ev in ENGINE.apply(st, seat, action):
                if ev["type"] in PRIVATE:
                    assert not visible(ev, None) and all(isinstance(s, int) and 0 <= s < players for s in ev["to"])
                else:
                    assert "to" not in ev, ev


def _menu_ok(paths: list[list[str]]) -> None:
    """Grouping step by step never offers more than 25 options at one step."""
    children: dict[tuple[str, ...], set[str]] = {}
    for p in paths:
        for i in range(len(p)):
            children.setdefault(tuple(p[:i]), set()).add(p[i])
    assert all(len(c) <= 25 for c in children.values()), max(children.values(), key=len)


def test_menus_stay_within_twenty_five_options() -> None:
    for players, seed in ((3, 21), (4, 22)):
        _, log = playout(players, seed, {"layout": "random"}, steps=900)
        st = ENGINE.start(players, {"layout": "random"}, seed)
        for i, (seat, action) in enumerate(log):
            if i % 3 == 0:
                for s in ENGINE.pending(st):
                    view = ENGINE.view(st, s)
                    _menu_ok([ENGINE.action_path(view, a, "en") for a in ENGINE.legal(st, s)])
            ENGINE.apply(st, seat, action)


def test_timeout_defaults_always_apply_and_the_game_moves_on() -> None:
    st = ENGINE.start(4, {"layout": "beginner"}, 13)
    for _ in range(400):
        pend = ENGINE.pending(st)
        if not pend:
            break
        seat = min(pend)
        action = ENGINE.timeout_action(st, seat)
        assert action is not None
        ENGINE.apply(st, seat, action)
    assert st.turn_no > 50

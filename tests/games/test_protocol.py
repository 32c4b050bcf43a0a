"""Protocol conformance for every registered engine (OpenSpiel's random_sim_test idea)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.core import Engine, IllegalAction, InvalidOptions, Prompt, visible
from tests.games.playout import canonical, random_playout, replay

ENGINES = list(registry.ENGINES.values())


def _counts(engine: Engine) -> list[int]:
    return list(range(engine.min_players, engine.max_players + 1))


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_engine_surface(engine: Engine) -> None:
    assert isinstance(engine, Engine)
    assert set(engine.names) >= {"en", "nl"}
    for spec in engine.option_specs:
        assert spec.help.get("en") and spec.help.get("nl"), spec.name


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_player_count_bounds(engine: Engine) -> None:
    for bad in (engine.min_players - 1, engine.max_players + 1):
        with pytest.raises(InvalidOptions):
            engine.start(bad, {}, 1)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_playouts_replay_and_round_trip(engine: Engine) -> None:
    for players in _counts(engine):
        if players not in getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)):
            continue
        for seed in range(3):
            play = random_playout(engine, players, {}, seed, max_steps=3000)
            state = play.state
            # load(dump(s)) is the same state and JSON-clean
            dumped = engine.dump(state)
            assert json.loads(json.dumps(dumped)) == dumped
            again = engine.load(json.loads(json.dumps(dumped)))
            assert canonical(engine, again) == canonical(engine, state)
            # replaying the log from the seed rebuilds it exactly
            assert canonical(engine, replay(engine, players, {}, seed, play.log)) == canonical(engine, state)
            # every view is JSON and pending prompts are Prompts
            for seat in [None, *range(players)]:
                json.dumps(engine.view(state, seat))
            for seat, prompt in engine.pending(state).items():
                assert isinstance(prompt, Prompt)
                assert engine.legal(state, seat)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_unknown_action_is_rejected_without_change(engine: Engine) -> None:
    state = engine.start(engine.min_players, {}, 7)
    seat = sorted(engine.pending(state))[0]
    before = canonical(engine, state)
    for bad in ({"type": "no_such_action"}, {}, {"type": 5}):
        with pytest.raises(IllegalAction):
            engine.apply(state, seat, bad)
        assert canonical(engine, state) == before
    other = [s for s in range(engine.min_players) if s not in engine.pending(state)]
    if other:
        legal_of_pending = engine.legal(state, seat)
        with pytest.raises(IllegalAction):
            engine.apply(state, other[0], legal_of_pending[0])
        assert canonical(engine, state) == before


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_views_hide_rng_and_script(engine: Engine) -> None:
    state = engine.start(engine.min_players, {}, 3)
    for seat in [None, *range(engine.min_players)]:
        text = json.dumps(engine.view(state, seat))
        assert '"rng"' not in text and '"script"' not in text


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_presentation_in_both_languages(engine: Engine) -> None:
    play = random_playout(engine, engine.min_players, {}, 11, max_steps=60)
    names = [f"P{i}" for i in range(engine.min_players)]
    for lang in ("en", "nl"):
        for ev in play.events:
            if visible(ev, None):
                line = engine.describe_event(ev, lang, names)
                assert line is None or isinstance(line, str)
        state = engine.start(engine.min_players, {}, 11)
        for seat, prompt in engine.pending(state).items():
            v = engine.view(state, seat)
            assert engine.describe_prompt(v, prompt, lang)
            for action in engine.legal(state, seat):
                path = engine.action_path(v, action, lang)
                assert path and all(isinstance(p, str) and 0 < len(p) <= 80 for p in path)
        assert engine.status_lines(engine.view(state, None), lang, names)
        png = engine.picture(engine.view(state, None), lang, names)
        assert png is None or png[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_dump_load_mid_game_continues_identically(engine: Engine) -> None:
    """From any point of any game (hypothesis picks seed and cut), a loaded copy and the original
    accept the same actions and end in the same state."""
    counts = list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))

    @settings(max_examples=15, derandomize=True, deadline=None)
    @given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 150), players=st.sampled_from(counts))
    def check(seed: int, cut: int, players: int) -> None:
        first = random_playout(engine, players, {}, seed, max_steps=cut)
        copy = engine.load(json.loads(json.dumps(engine.dump(first.state))))
        rnd = random.Random(seed)
        for _ in range(60):
            pend = engine.pending(first.state)
            assert pend == engine.pending(copy)
            if not pend:
                break
            seat = rnd.choice(sorted(pend))
            legal = engine.legal(first.state, seat)
            assert legal == engine.legal(copy, seat)
            action = rnd.choice(legal)
            assert engine.apply(first.state, seat, action) == engine.apply(copy, seat, json.loads(json.dumps(action)))
        assert canonical(engine, first.state) == canonical(engine, copy)

    check()

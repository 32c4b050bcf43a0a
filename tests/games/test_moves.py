"""The latest public moves every engine keeps (games/moves.py): only public events, the same in every
view, bounded, rebuilt exactly by a replay, and an older snapshot without them still loads."""

from __future__ import annotations

import json
from importlib import import_module

import pytest

from games import registry
from games.core import Engine, event
from games.moves import EVENTS_PER_MOVE, KEEP, remember, since_own
from tests.games.playout import random_playout, replay

ENGINES = list(registry.ENGINES.values())


def test_a_move_keeps_only_public_events_of_its_kinds_without_chance_bookkeeping() -> None:
    moves: list[dict] = []
    kinds = frozenset({"built", "stolen"})
    remember(moves, 1, [event("turn_ended", seat=1), event("card", to=[1], seat=1, card="ore")], kinds)
    assert moves == [], "nothing anyone else saw: no move"
    remember(moves, 1, [event("stolen", to=[1, 2], seat=1, card="ore")], kinds)
    assert moves == [], "a private event is no move"
    stolen = event("stolen", seat=1, victim=2, count=1, chance="steal", source="rng")
    remember(moves, 1, [stolen, event("stolen", to=[1, 2], seat=1, card="ore")], kinds)
    assert moves == [{"seat": 1, "events": [{"type": "stolen", "seat": 1, "victim": 2, "count": 1}]}]
    stolen["victim"] = 3
    assert moves[0]["events"][0]["victim"] == 2, "a move shares nothing with the engine's events"
    remember(moves, 0, [event("built", seat=0, edge=str(i)) for i in range(20)], kinds)
    assert len(moves[-1]["events"]) == EVENTS_PER_MOVE
    for i in range(2 * KEEP):
        remember(moves, i % 3, [event("built", seat=i % 3, edge=str(i))], kinds)
    assert len(moves) == KEEP and moves[-1]["events"][0]["edge"] == str(2 * KEEP - 1)


def test_the_moves_since_a_readers_own_last_one_come_newest_first() -> None:
    moves = [{"seat": s, "events": [{"type": "x", "n": n}]} for n, s in enumerate([0, 1, 2, 1, 2, 2])]
    assert [m["events"][0]["n"] for m in since_own(moves, 1)] == [5, 4]
    assert [m["events"][0]["n"] for m in since_own(moves, 0)] == [5, 4, 3, 2, 1]
    assert since_own(moves, 2) == []
    assert len(since_own(moves, None)) == 6, "a watcher: every kept move"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_moves_are_public_alike_in_every_view_bounded_and_replayed(engine: Engine) -> None:
    players = max(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))
    play = random_playout(engine, players, {}, 4, max_steps=400)
    for cut in (1, 7, 40, 150, len(play.log)):
        state = replay(engine, players, {}, 4, play.log[:cut])
        public = engine.view(state, None)["moves"]
        assert public and len(public) <= KEEP
        for seat in range(players):
            assert engine.view(state, seat)["moves"] == public, "a seat's moves differ from the public ones"
        text = json.dumps(public)
        assert '"to"' not in text and '"rng"' not in text and '"script"' not in text
        for move in public:
            assert isinstance(move["seat"], int) and move["events"]
            for ev in move["events"]:
                assert engine.describe_event(ev, "en", [f"P{i}" for i in range(players)]) is not None, ev
            for lang in ("en", "nl"):
                assert engine.describe_move(move, lang, [f"P{i}" for i in range(players)])
        # a view's moves are the caller's: changing them changes nothing in the game
        engine.view(state, None)["moves"].clear()
        assert engine.view(state, None)["moves"] == public


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_a_snapshot_from_before_the_moves_loads_and_plays_on(engine: Engine) -> None:
    players = engine.min_players
    play = random_playout(engine, players, {}, 6, max_steps=9)
    old = {k: v for k, v in engine.dump(play.state).items() if k != "moves"}
    state = engine.load(json.loads(json.dumps(old)))
    assert engine.view(state, None)["moves"] == []
    picture = import_module(engine.picture_module)  # type: ignore[attr-defined]
    assert picture.scene(engine.view(state, None), "en", ["A", "B", "C", "D"][:players]).caption is None
    seat = sorted(engine.pending(state))[0]
    engine.apply(state, seat, engine.legal(state, seat)[0])
    assert engine.dump(state)["moves"] == engine.view(state, None)["moves"]


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_a_search_copy_shows_the_moves_and_keeps_no_new_ones(engine: Engine) -> None:
    """A search plays thousands of actions on ``determinize``d copies that nobody sees: they keep no
    moves of their own (the search runs as fast as before), and the original is untouched."""
    import random

    players = engine.min_players
    play = random_playout(engine, players, {}, 3, max_steps=12)
    before = engine.view(play.state, None)["moves"]
    assert before
    world = engine.determinize(play.state, 0, random.Random(1))  # type: ignore[attr-defined]
    assert engine.view(world, 0)["moves"] == before
    assert "searching" not in engine.dump(world)
    copy = engine.clone(world)  # type: ignore[attr-defined]
    rnd = random.Random(2)
    for _ in range(30):
        pending = engine.pending(copy)
        if not pending:
            break
        seat = rnd.choice(sorted(pending))
        engine.apply(copy, seat, rnd.choice(engine.legal(copy, seat)))
    assert engine.view(copy, None)["moves"] == before
    assert engine.view(play.state, None)["moves"] == before
    # a plain copy keeps its moves as the game does
    again = engine.clone(play.state)  # type: ignore[attr-defined]
    assert engine.dump(again) == engine.dump(play.state)

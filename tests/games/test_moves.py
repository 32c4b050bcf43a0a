"""The latest public moves every engine keeps (games/moves.py): only public events, the same in every
view, bounded, rebuilt exactly by a replay, and an older snapshot without them still loads."""

from __future__ import annotations

import json
from importlib import import_module

import pytest

from games import registry
from games.core import Engine, event
from games.moves import EVENTS_PER_MOVE, KEEP, Noted, copy_moves, remember, since_own
from tests.games.playout import random_playout, replay

ENGINES = list(registry.ENGINES.values())


def test_a_move_keeps_only_public_events_of_its_kinds_without_chance_bookkeeping() -> None:
    moves: list[Noted] = []
    kinds = frozenset({"built", "stolen"})
    remember(moves, 1, [event("turn_ended", seat=1), event("card", to=[1], seat=1, card="ore")], kinds)
    assert copy_moves(moves) == [], "nothing anyone else saw: no move"
    remember(moves, 1, [event("stolen", to=[1, 2], seat=1, card="ore")], kinds)
    assert copy_moves(moves) == [], "a private event is no move"
    stolen = event("stolen", seat=1, victim=2, count=1, chance="steal", source="rng")
    remember(moves, 1, [stolen, event("stolen", to=[1, 2], seat=1, card="ore")], kinds)
    shown = copy_moves(moves)
    assert shown == [{"seat": 1, "events": [{"type": "stolen", "seat": 1, "victim": 2, "count": 1}]}]
    assert copy_moves(shown) == shown, "a loaded move is copied as it is"
    shown[0]["events"][0]["victim"] = 3
    assert copy_moves(moves)[0]["events"][0]["victim"] == 2, "a copy shares nothing with the engine's events"
    remember(moves, 0, [event("built", seat=0, edge=str(i)) for i in range(20)], kinds)
    assert len(copy_moves(moves)[-1]["events"]) == EVENTS_PER_MOVE
    for i in range(2 * KEEP):
        remember(moves, i % 3, [event("built", seat=i % 3, edge=str(i))], kinds)
    shown = copy_moves(moves)
    assert len(shown) == KEEP and shown[-1]["events"][0]["edge"] == str(2 * KEEP - 1)
    built = event("built", seat=0, edge="e", paid={"wood": 1}, path=[1, 2])
    remember(moves, 0, [built], kinds)
    shown = copy_moves(moves)
    shown[-1]["events"][0]["paid"]["wood"] = 9
    shown[-1]["events"][0]["path"].append(3)
    assert built == event("built", seat=0, edge="e", paid={"wood": 1}, path=[1, 2]), "a copy shares no list or dict"


def test_the_latest_moves_stay_however_many_actions_show_nothing() -> None:
    """A state holds at most ``KEEP`` moves, the latest, whatever came between them: actions
    without a move, moves of several events, public or not."""
    moves: list[Noted] = []
    kinds = frozenset({"built"})
    made = []
    for i in range(10 * KEEP):
        if i % 7 == 0 or 3 * KEEP < i < 5 * KEEP:  # a long stretch without a move, too
            remember(moves, 0, [event("turn_ended", seat=0), event("built", to=[0], seat=0, edge="x")], kinds)
        else:
            built = [event("built", seat=i % 3, edge=str(i)), event("built", to=[1], seat=i % 3, edge="y")]
            remember(moves, i % 3, [event("turn_ended", seat=0), *built], kinds)
            made.append({"seat": i % 3, "events": [{"type": "built", "seat": i % 3, "edge": str(i)}]})
        assert len(moves) <= KEEP and copy_moves(moves) == made[-KEEP:], i


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

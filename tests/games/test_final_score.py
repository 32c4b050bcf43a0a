"""The final score part by part: every game's result counts its parts as its rules do (they add up
to the score), and the final picture shows them in a panel (the scene is what the chat's PNG, the
web table and a replay's last frame all draw), in both languages, with how the game ended."""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

import pytest

from games import registry
from games.ai.players import decide
from games.core import LANGS, Engine, Result
from games.final_score import WORDS, columns, signed
from games.moves import LAST_MOVE
from games.replay import board_image, key_frames
from games.scene import overflows

NAMES = ["alice", "bob", "carol", "dave"]
GAMES = sorted(registry.ENGINES)


def finished(engine: Engine, players: int, seed: int) -> Any:
    """A game played to its end: at random, or as the easy AI plays where random play drags on."""
    rnd = random.Random(seed)
    state = engine.start(players, {}, seed)
    for _ in range(20_000):
        pending = engine.pending(state)
        if not pending:
            return state
        seat = sorted(pending)[0]
        if engine.key in ("cities_knights", "war_chest"):
            action = decide(engine, state, seat, "easy", seed=rnd.getrandbits(32))
        else:
            action = rnd.choice(engine.legal(state, seat))
        engine.apply(state, seat, action)
    raise AssertionError("the game did not end")


def sizes(engine: Engine) -> list[int]:
    return sorted({engine.min_players, engine.max_players})


@pytest.mark.parametrize("key", GAMES)
def test_the_parts_add_up_to_each_score(key: str) -> None:
    engine = registry.get(key)
    for players in sizes(engine):
        for seed in range(2):
            result = engine.result(finished(engine, players, seed))
            assert result is not None
            for lang in LANGS:
                for col in columns(result):
                    parts = engine.score_parts(col.details, lang)
                    assert parts and all(label for label, _ in parts)
                    assert sum(points for _, points in parts) == col.total, (key, col, parts)
                assert engine.result_notes(result, lang, NAMES[:players]), "nothing says how it ended"


def panel_texts(scene: Any, lang: str) -> list[str]:
    """The panel's texts in drawing order, from its title on."""
    texts = [item["source"] for item in scene.texts()]
    title = WORDS[lang]["title"]
    assert title in texts, "the final picture has no score panel"
    # the last move's caption band lies under everything (games/last_mark.py): not the panel's
    panel = texts[texts.index(title) + 1 :]
    return [text for text in panel if not text.startswith(f"{LAST_MOVE[lang]}:")]


def expected_panel(engine: Engine, result: Result, lang: str, names: list[str]) -> list[str]:
    """The panel as the result says it must read: the scorers best first, a row per part with
    each scorer's points, the totals, then the notes."""
    cols = columns(result)
    parts = [dict(engine.score_parts(col.details, lang)) for col in cols]
    labels = [label for label, _ in engine.score_parts(cols[0].details, lang)]
    name = import_module(f"games.{engine.key}.text")
    out = [name.who(col.seat, names, lang) if engine.key == "battles_builders" else names[col.seat] for col in cols]
    for label in labels:
        out += [label, *(signed(p[label]) for p in parts)]
    out += [WORDS[lang]["total"], *(signed(col.total) for col in cols)]
    return out + engine.result_notes(result, lang, names)


@pytest.mark.parametrize("key", GAMES)
def test_the_final_picture_shows_the_score_part_by_part(key: str) -> None:
    engine = registry.get(key)
    picture = import_module(f"games.{key}.picture")
    for players in sizes(engine):
        state = finished(engine, players, 7)
        result = engine.result(state)
        assert result is not None
        names = NAMES[:players]
        for lang in LANGS:
            for seat in (None, 0):  # the table's picture and a seat's own
                scene = picture.scene(engine.view(state, seat), lang, names)
                assert panel_texts(scene, lang) == expected_panel(engine, result, lang, names)
                assert overflows(scene) == []


@pytest.mark.parametrize("key", GAMES)
def test_no_score_panel_while_the_game_goes_on(key: str) -> None:
    engine = registry.get(key)
    picture = import_module(f"games.{key}.picture")
    state = engine.start(engine.max_players, {}, 3)
    for lang in LANGS:
        texts = [item["source"] for item in picture.scene(engine.view(state, None), lang, NAMES).texts()]
        assert WORDS[lang]["title"] not in texts


def test_a_burg_game_stored_before_the_split_still_shows_its_parts() -> None:
    """A result stored when Im Schutze der Burg counted the VP of play as one figure."""
    engine = registry.get("burg")
    details = {"during_game": 30, "keep": 6, "palace": 4, "taler_left": 2, "resource_value": 3}
    for lang in LANGS:
        parts = engine.score_parts(details, lang)
        assert sum(p for _, p in parts) == 40
        assert [p for _, p in parts][:2] == [30, 6]


def test_a_burg_game_finished_before_the_split_is_split_when_loaded() -> None:
    engine = registry.get("burg")
    state = finished(engine, 3, 4)
    now = engine.result(state)
    assert now is not None and now.extra["ending"] in ("last_round", "all_built")
    old = engine.dump(state)
    for d in old["final"]["details"]:  # as a game scored before the split kept it
        d["during_game"] = d.pop("buildings") + d.pop("master_builder")
    again = engine.result(engine.load(old))
    assert again is not None and again.details == now.details


@pytest.mark.parametrize("key", GAMES)
def test_a_replay_ends_on_the_score_part_by_part(key: str) -> None:
    """The replay's last frame is the final picture: its view carries the result, its scene the
    panel, and it is drawn as tall as that (the other frames are set on its size)."""
    engine = registry.get(key)
    players = engine.min_players
    names = NAMES[:players]
    rnd = random.Random(5)
    state = engine.start(players, {}, 5)
    actions = []
    while pending := engine.pending(state):
        seat = sorted(pending)[0]
        if key in ("cities_knights", "war_chest"):
            action = decide(engine, state, seat, "easy", seed=rnd.getrandbits(32))
        else:
            action = rnd.choice(engine.legal(state, seat))
        engine.apply(state, seat, action)
        actions.append((seat, action))
    frames = key_frames(engine, players, {}, 5, actions)
    last = frames[-1]
    assert last.over and "result" in last.view and "result" not in frames[0].view
    picture = import_module(f"games.{key}.picture")
    scene = picture.scene(last.view, "nl", names)
    assert panel_texts(scene, "nl") == expected_panel(engine, engine.result(state), "nl", names)  # type: ignore[arg-type]
    image = board_image(engine, last.view, "nl", names)
    assert image is not None and image.height == scene.height


def _result(scores: dict[int, int], winners: list[int], details: dict[int, dict[str, Any]], **kw: Any) -> Result:
    ranks = {s: 1 + sum(1 for o in scores if scores[o] > scores[s]) for s in scores}
    for s in scores:  # the rules' tie-break ranks the winners first
        if scores[s] == max(scores.values()) and s not in winners:
            ranks[s] = len(winners) + 1
    return Result(scores, ranks, winners, details=details, **kw)


def test_the_notes_say_what_broke_a_tie_in_both_languages() -> None:
    burg = registry.get("burg")
    d = {0: {"taler_left": 5, "resource_value": 1}, 1: {"taler_left": 3, "resource_value": 9}, 2: {}}
    taler = _result({0: 40, 1: 40, 2: 12}, [0], d, tiebreak="taler", extra={"ending": "all_built"})
    assert burg.result_notes(taler, "en", NAMES) == [
        "The game ended in the round every building was built.",
        "alice and bob: equal on 40 VP; most taler left decides (alice 5, bob 3).",
    ]
    assert burg.result_notes(taler, "nl", NAMES)[1] == (
        "alice en bob: gelijk met 40 WP; de meeste taler over beslist (alice 5, bob 3)."
    )
    d = {0: {"taler_left": 3, "resource_value": 4}, 1: {"taler_left": 3, "resource_value": 4}}
    shared = _result({0: 40, 1: 40}, [0, 1], d, tiebreak="shared", extra={"ending": "last_round"})
    assert (
        burg.result_notes(shared, "en", NAMES)[1]
        == "alice and bob: equal on VP, taler and resource value: they share the place."
    )
    bb = registry.get("battles_builders")
    tie = _result({0: 9, 1: 9, 2: 4}, [0, 1], {s: {} for s in range(3)})
    assert bb.result_notes(tie, "en", NAMES)[1] == "alice and bob share the victory: the rules give no tie-breaker."
    assert (
        bb.result_notes(tie, "nl", NAMES)[1]
        == "alice en bob delen de overwinning: de regels kennen geen beslissing bij gelijkspel."
    )
    ck = registry.get("cities_knights")
    own = _result({0: 13, 1: 14, 2: 5}, [0], {s: {} for s in range(3)}, tiebreak="own_turn", extra={"goal": 13})
    assert ck.result_notes(own, "en", NAMES) == [
        "alice reached 13 victory points on their own turn and won at once.",
        "bob had as many points or more, but only the player whose turn it is can win.",
    ]
    assert ck.result_notes(own, "nl", NAMES)[1] == (
        "bob had evenveel punten of meer, maar alleen wie aan de beurt is kan winnen."
    )
    wc = registry.get("war_chest")
    stuck = Result(
        {0: 3, 1: 3},
        {0: 1, 1: 1},
        [0, 1],
        "stalemate",
        {0: {"locations": 3}, 1: {"locations": 3}},
        {"ending": "stalemate"},
    )
    assert wc.result_notes(stuck, "nl", NAMES)[0].startswith("Patstelling: ")
    won = Result(
        {0: 6, 1: 4},
        {0: 1, 1: 2},
        [0],
        None,
        {0: {"locations": 6, "faction": "raven"}, 1: {"locations": 4, "faction": "wolf"}},
        {"ending": "last_marker", "markers": 6},
    )
    assert wc.result_notes(won, "en", NAMES) == ["Raven placed its last control marker: 6 locations controlled."]

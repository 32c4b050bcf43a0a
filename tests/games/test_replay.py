"""Replays from the seed and the log: the animation's frames and last frame, and export ->
``python -m games replay`` rebuilding the final state exactly."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageSequence

from games import last_mark, registry, replay, standing
from games.moves import FRAME
from games.scene import overflows
from games.standing import SeatRecord
from games.war_chest import picture as war_chest_picture

ROOT = Path(__file__).resolve().parents[2]


def _finished_game(key: str, players: int, seed: int) -> tuple[list[tuple[int, dict]], object]:  # type: ignore[type-arg]
    engine = registry.get(key)
    state = engine.start(players, {}, seed)
    rnd = random.Random(seed)
    log = []
    while engine.pending(state):
        seat = min(engine.pending(state))
        action = rnd.choice(engine.legal(state, seat))
        engine.apply(state, seat, action)
        log.append((seat, action))
    return log, state


@pytest.mark.parametrize(("key", "players"), [("battles_builders", 3), ("burg", 2), ("war_chest", 2)])
def test_animation_frames_and_last_frame(key: str, players: int) -> None:
    log, final = _finished_game(key, players, 4)
    engine = registry.get(key)
    names = [f"p{i}" for i in range(players)]
    gif, count = replay.animation(key, players, {}, 4, log, names)
    frames = replay.key_frames(engine, players, {}, 4, log)
    assert count == len(frames) <= replay.MAX_FRAMES
    assert [f.index for f in frames][0] == 0 and frames[-1].index == len(log) and frames[-1].over
    assert len(gif) <= replay.MAX_BYTES
    shown = [frame.convert("RGB") for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]
    assert len(shown) == count
    # the last frame says who won
    ending = standing.ending(replay.final_result(engine, engine.result(final), None, None), names, "en")
    result = engine.result(final)
    assert result is not None and ending.endswith(" wins" if len(result.winners) == 1 else " win")
    assert all(names[s] in ending for s in result.winners)
    pictures = replay.frame_pictures(engine, frames, len(log), names, "en", ending)
    for i in (0, count // 2, count - 1):  # the GIF keeps every frame exactly as drawn
        drawn = shown[i].crop((0, 0, *pictures[i].size))
        assert ImageChops.difference(drawn, pictures[i].convert("RGB")).getbbox() is None
    # the last frame is the stored final state, the first the start, each with its band's words
    first = engine.start(players, {}, 4)
    for picture, frame, state in ((pictures[-1], frames[-1], final), (pictures[0], frames[0], first)):
        view = {**engine.view(state, None), FRAME: replay.frame_band(frame, len(log), "en", ending)}
        board = engine.picture_image(view, "en", names, shades=replay.SHADES)
        expected = replay.gif_frame(board, picture).convert("RGB")
        drawn = picture.convert("RGB").crop((0, 0, board.width, board.height))
        assert ImageChops.difference(drawn, expected).getbbox() is None
    bands = [frame.crop((0, frame.height - 60, 400, frame.height)) for frame in (shown[0], shown[-1])]
    assert ImageChops.difference(*bands).getbbox() is not None


@pytest.mark.parametrize(("key", "players"), [("battles_builders", 3), ("war_chest", 2)])
def test_letters_in_a_few_shades_make_a_replay_a_sixth_smaller(
    key: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, _ = _finished_game(key, players, 4)
    engine = registry.get(key)
    frames = replay.key_frames(engine, players, {}, 4, log)
    names = ["Anna", "Bram", "Chris"][:players]

    def gif() -> bytes:
        return replay.gif(replay.frame_pictures(engine, frames, len(log), names, "en"))

    few = gif()
    monkeypatch.setattr(replay, "SHADES", None)  # letters as a table picture draws them
    full = gif()
    assert len(few) < 5 / 6 * len(full), (len(few), len(full))


def test_each_frame_says_which_move_it_shows() -> None:
    log, _ = _finished_game("war_chest", 2, 4)
    engine = registry.get("war_chest")
    frames = replay.key_frames(engine, 2, {}, 4, log)
    names = ["ann", "bo"]
    total = len(log)
    assert replay.caption(frames[0], total, names, "en") == "Start"
    assert replay.caption(frames[0], total, names, "nl") == "Begin"
    middle = frames[len(frames) // 2]
    assert replay.caption(middle, total, names, "en") == f"Move {middle.index} of {total}: {names[middle.seat]}"  # type: ignore[index]
    assert replay.caption(frames[-1], total, names, "nl") == f"Zet {total} van {total}: {names[log[-1][0]]} · einde"
    # a War Chest turn is one action: a long game is thinned to MAX_FRAMES, evenly, ends kept
    assert total > replay.MAX_FRAMES and len(frames) == replay.MAX_FRAMES


def test_the_last_frame_names_the_winner_in_every_game_and_language() -> None:
    for key, players in (("cities_knights", 3), ("battles_builders", 4), ("burg", 4), ("war_chest", 4)):
        log, final = _finished_game(key, players, 5)
        engine = registry.get(key)
        names = [f"p{i}" for i in range(players)]
        frames, ruled = replay.frames_and_result(engine, players, {}, 5, log)
        result = engine.result(final)
        assert result is not None and ruled == result and frames[-1].over
        winners = [names[s] for s in result.winners]
        assert winners, f"{key}: this game has a winner"
        for lang, one, many in (("en", "wins", "win"), ("nl", "wint", "winnen")):
            ending = standing.ending(replay.final_result(engine, ruled, None, None), names, lang)
            text = replay.caption(frames[-1], len(log), names, lang, ending)
            verb = one if len(winners) == 1 else many
            said = standing.names_joined(winners, lang)
            assert text.endswith(f": {said} {verb}"), (key, lang, text)


def test_a_game_a_resignation_ended_closes_with_a_frame_that_says_so() -> None:
    engine = registry.get("war_chest")
    names = ["ann", "bo (AI)"]
    seats = [SeatRecord("ann", None, False), SeatRecord("bo", "hard", True)]
    stored = {"scores": {"0": 0, "1": 0}, "ranks": {"0": 1, "1": 2}, "winners": [0], "extra": {"resigned": 1}}
    for log in ([], _finished_game("war_chest", 2, 4)[0][:7]):
        frames = replay.key_frames(engine, 2, {}, 4, log)
        gif, count = replay.animation("war_chest", 2, {}, 4, log, names, "nl", seats=seats, result=stored)
        assert count == len(frames) + 1  # the log's frames and the one that tells how it ended
        closing = replay.Frame(frames[-1].index, None, frames[-1].view, over=True, closing=True)
        ending = "bo (AI) heeft opgegeven · ann wint"
        assert replay.caption(closing, len(log), names, "nl", ending) == f"Einde: {ending}"
        expected = replay.frame_pictures(engine, [*frames, closing], len(log), names, "nl", ending)[-1]
        shown = [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]
        last = shown[-1].crop((0, 0, *expected.size))
        assert ImageChops.difference(last, expected.convert("RGB")).getbbox() is None
        # without the stored result the log alone does not know the game ended
        assert replay.animation("war_chest", 2, {}, 4, log, names, "nl")[1] == len(frames)


def test_a_frame_s_band_says_which_moment_it_shows_and_how_the_game_ended() -> None:
    log, final = _finished_game("war_chest", 2, 4)
    engine = registry.get("war_chest")
    names = ["ann", "bo"]
    frames = replay.key_frames(engine, 2, {}, 4, log)
    total, middle = len(log), frames[len(frames) // 2]
    ending = standing.ending(replay.final_result(engine, engine.result(final), None, None), names, "nl")
    closing = replay.Frame(frames[-1].index, None, frames[-1].view, over=True, closing=True)

    def band(frame: replay.Frame, lang: str, said: str | None = None) -> str:
        view = {**frame.view, FRAME: replay.frame_band(frame, total, lang, said)}
        texts = [" ".join(t["lines"]) for t in war_chest_picture.scene(view, lang, names).texts()]
        return texts[-1]  # the band is drawn last, under the board

    move = war_chest_picture.describe_move(middle.view["moves"][-1], "en", names)
    assert band(frames[0], "en") == "Start" and band(frames[0], "nl") == "Begin"
    assert band(middle, "en") == f"Move {middle.index} of {total}: {move}"
    last = war_chest_picture.describe_move(frames[-1].view["moves"][-1], "nl", names)
    assert band(frames[-1], "nl", ending) == f"Zet {total} van {total}: {last.rstrip('.')} · einde: {ending}"
    assert band(closing, "nl", ending) == f"Einde: {ending}"
    # the table's own picture still says "Last move" there
    assert " ".join(war_chest_picture.scene(middle.view, "en", names).texts()[-1]["lines"]) == f"Last move: {move}"


def test_a_long_band_is_set_smaller_to_stay_on_the_frame() -> None:
    log, _ = _finished_game("war_chest", 2, 4)
    engine = registry.get("war_chest")
    names = ["Koningin Wilhelmina (AI)", "Bartholomeus van Rijn"]
    frame = replay.key_frames(engine, 2, {}, 4, log)[-1]
    ending = (
        "Bartholomeus van Rijn en Cornelia de Graaf hebben opgegeven · Anna, Pieter, Wilhelmina en Hendrik "
        "winnen met elk evenveel punten"
    )
    view = {**frame.view, FRAME: replay.frame_band(frame, len(log), "nl", ending)}
    sc = war_chest_picture.scene(view, "nl", names)
    text = sc.texts()[-1]
    assert len(text["lines"]) > 1 or text["size"] < last_mark.BAND_SIZE  # wrapped or smaller, never cut
    assert ending in " ".join(text["lines"]) and overflows(sc) == []


def test_export_plays_back_in_the_terminal(tmp_path: Path) -> None:
    log, final = _finished_game("war_chest", 2, 9)
    engine = registry.get("war_chest")
    doc = replay.export("war_chest", 2, {}, 9, log, ["ann", "bo"])
    assert doc["final"] == engine.dump(final) and len(doc["log"]) == len(log) + 1
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    proc = subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("War Chest: ann, bo") and lines[-1].endswith("final state exactly.")
    assert lines[1].startswith("1. ") and f"{len(log)}. " in proc.stdout
    # a file whose log was changed does not rebuild its final state
    doc["log"][5]["action"], doc["log"][6]["action"] = doc["log"][6]["action"], doc["log"][5]["action"]
    tampered = dict(doc, log=doc["log"][:-3])
    path.write_text(json.dumps(tampered))
    proc = subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode != 0
    path.write_text("{}")
    proc = subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 2 and "not a Speltafel replay file" in proc.stderr

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

from games import registry, replay

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
    assert count == len(replay.frame_indices(engine, players, {}, 4, log)) <= replay.MAX_FRAMES
    assert len(gif) <= replay.MAX_BYTES
    frames = [frame.convert("RGB") for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]
    assert len(frames) == count
    expected = replay.gif_frame(engine.picture(engine.view(final, None), "en", names)).convert("RGB")
    assert frames[-1].size == expected.size
    assert ImageChops.difference(frames[-1], expected).getbbox() is None  # the stored final state, exactly
    first = replay.gif_frame(engine.picture(engine.view(engine.start(players, {}, 4), None), "en", names))
    assert ImageChops.difference(frames[0], first.convert("RGB")).getbbox() is None


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

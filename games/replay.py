"""Replays of finished games, built from the seed and the action log only.

``steps`` replays a log through the engine; ``frames`` picks the moments worth a picture (the
start, every change of turn, the end); ``animation`` draws them with the game's own picture code
into an animated GIF small enough for a chat attachment; ``export``/``load_export`` are the JSON
file that ``python -m games replay FILE`` plays back in the terminal.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image

from games import registry
from games.core import Action, Engine, Event, visible

FORMAT = "speltafel-replay"
MAX_FRAMES = 120
FRAME_MS, LAST_FRAME_MS = 700, 4000
MAX_BYTES = 8 * 1024 * 1024 - 64 * 1024  # Discord's attachment limit, with room for the message


@dataclass
class Step:
    index: int  # 0 = the start, then one per action
    seat: int | None
    action: Action | None
    events: list[Event]
    state: Any


def steps(
    engine: Engine, players: int, options: dict[str, Any], seed: int, actions: list[tuple[int, Action]]
) -> Iterator[Step]:
    """The start and the state after each action (the same state object, changed in place)."""
    state = engine.start(players, dict(options), seed)
    yield Step(0, None, None, list(getattr(engine, "opening_events", lambda s: [])(state)), state)
    for i, (seat, action) in enumerate(actions, 1):
        events = engine.apply(state, seat, action)
        yield Step(i, seat, action, events, state)


def frame_indices(
    engine: Engine, players: int, options: dict[str, Any], seed: int, actions: list[tuple[int, Action]]
) -> list[int]:
    """The steps shown: the start, each step after which other seats are asked than before (a
    turn passed), and the end; evenly thinned to at most MAX_FRAMES, keeping the first and last."""
    chosen: list[int] = []
    before: tuple[int, ...] | None = None
    last = 0
    for step in steps(engine, players, options, seed, actions):
        waiting = tuple(sorted(engine.pending(step.state)))
        if step.index == 0 or waiting != before:
            chosen.append(step.index)
        before, last = waiting, step.index
    if chosen[-1] != last:
        chosen.append(last)
    if len(chosen) > MAX_FRAMES:
        picks = {round(i * (len(chosen) - 1) / (MAX_FRAMES - 1)) for i in range(MAX_FRAMES)}
        chosen = [chosen[i] for i in sorted(picks)]
    return chosen


def gif_frame(png: bytes, scale: float = 1.0) -> Image.Image:
    """A picture as a GIF frame (a 256-colour palette), optionally scaled down."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if scale != 1.0:
        image = image.resize((max(1, int(image.width * scale)), max(1, int(image.height * scale))), Image.LANCZOS)
    return image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def animation(
    game_key: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    actions: list[tuple[int, Action]],
    names: list[str],
    lang: str = "en",
) -> tuple[bytes, int]:
    """An animated GIF of the game as the table saw it, and its number of frames."""
    engine = registry.get(game_key)
    wanted = set(frame_indices(engine, players, options, seed, actions))
    pngs = [
        engine.picture(engine.view(step.state, None), lang, names)
        for step in steps(engine, players, options, seed, actions)
        if step.index in wanted
    ]
    pngs = [p for p in pngs if p]
    if not pngs:
        return b"", 0
    scale = 1.0
    while True:
        frames = [gif_frame(p, scale) for p in pngs]
        out = io.BytesIO()
        durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
        frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
        if out.tell() <= MAX_BYTES or scale < 0.2:
            return out.getvalue(), len(frames)
        scale *= 0.75


def export(
    game_key: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    actions: list[tuple[int, Action]],
    names: list[str],
) -> dict[str, Any]:
    """The game as a self-contained JSON document: replaying it rebuilds ``final`` exactly."""
    engine = registry.get(game_key)
    logged = []
    state = None
    for step in steps(engine, players, options, seed, actions):
        logged.append({"seat": step.seat, "action": step.action, "events": step.events})
        state = step.state
    result = engine.result(state)
    return {
        "format": FORMAT,
        "version": 1,
        "game": game_key,
        "players": players,
        "names": list(names),
        "options": dict(options),
        "seed": seed,
        "log": logged,
        "result": result.to_json() if result else None,
        "final": engine.dump(state),
    }


def load_export(doc: dict[str, Any]) -> tuple[str, int, dict[str, Any], int, list[tuple[int, Action]], list[str]]:
    if doc.get("format") != FORMAT:
        raise ValueError("not a Speltafel replay file")
    actions = [(int(entry["seat"]), entry["action"]) for entry in doc["log"] if entry["action"] is not None]
    return doc["game"], int(doc["players"]), dict(doc["options"]), int(doc["seed"]), actions, list(doc["names"])


def play_back(doc: dict[str, Any], lang: str = "en") -> tuple[list[str], bool]:
    """The lines ``python -m games replay`` prints, and whether the replay rebuilt ``final`` exactly."""
    game_key, players, options, seed, actions, names = load_export(doc)
    engine = registry.get(game_key)
    lines = [f"{engine.names.get(lang) or engine.names['en']}: {', '.join(names)} (seed {seed})"]
    state = engine.start(players, dict(options), seed)
    for i, (seat, action) in enumerate(actions, 1):
        label = " › ".join(engine.action_path({**engine.view(state, seat), "names": names}, action, lang))
        events = engine.apply(state, seat, action)
        lines.append(f"{i}. {names[seat]}: {label}")
        lines += [f"   {line}" for ev in events if (line := engine.describe_event(ev, lang, names)) and _public(ev)]
    lines += engine.status_lines(engine.view(state, None), lang, names)
    result = engine.result(state)
    if result is not None:
        order = sorted(result.ranks, key=lambda s: (result.ranks[s], s))
        lines += [f"{result.ranks[s]}. {names[s]}: {engine.score_text(result.scores[s], lang)}" for s in order]
    same = engine.dump(state) == doc.get("final")
    lines.append(
        "The replay rebuilt the exported final state exactly." if same else "The replay DIFFERS from the export."
    )
    return lines, same


def _public(event: Event) -> bool:
    return visible(event, None)

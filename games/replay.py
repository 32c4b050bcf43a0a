"""Replays of finished games, built from the seed and the action log only.

``steps`` replays a log through the engine; ``key_frames`` picks the moments worth a picture (the
start, every change of turn, the end); ``animation`` draws each once with the game's own picture
code, captions it with the move it shows and makes an animated GIF small enough for a chat
attachment, on one shared palette so the GIF stores only what changed between frames;
``export``/``load_export`` are the JSON file that ``python -m games replay FILE`` plays back in the
terminal.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from games import export_file, registry
from games.core import Action, Engine, Event, IllegalAction, InvalidOptions, visible
from games.fonts import font
from games.json_file import DamagedFile

FORMAT = export_file.FORMAT
# At most this many pictures a replay: drawing them is most of its cost (10-25 ms each), and a
# frame per turn of a long game is more than a reader follows anyway.
MAX_FRAMES = 80
FRAME_MS, LAST_FRAME_MS = 800, 4000
MAX_BYTES = 8 * 1024 * 1024 - 64 * 1024  # Discord's attachment limit, with room for the message
CAPTION_H = 30  # the band above each frame that says which moment of the game it shows
CAPTIONS = {
    "en": {"start": "Start", "move": "Move {n} of {total}: {name}", "end": "the end"},
    "nl": {"start": "Begin", "move": "Zet {n} van {total}: {name}", "end": "einde"},
}
CAPTION_INK, CAPTION_BG = (250, 250, 250), (40, 40, 48)


@dataclass
class Step:
    index: int  # 0 = the start, then one per action
    seat: int | None
    action: Action | None
    events: list[Event]
    state: Any


@dataclass(frozen=True)
class Frame:
    index: int  # the step it shows
    seat: int | None  # who made that step's move
    view: dict[str, Any]  # the public view after it
    over: bool = False  # the game ended with this step


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
    """The steps worth a picture: the start, each step after which other seats are asked than
    before (a turn passed), and the end; evenly thinned to at most MAX_FRAMES, keeping the first and last."""
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


def key_frames(
    engine: Engine, players: int, options: dict[str, Any], seed: int, actions: list[tuple[int, Action]]
) -> list[Frame]:
    """The public view at each of ``frame_indices``: only these steps are ever drawn."""
    wanted = set(frame_indices(engine, players, options, seed, actions))
    frames: list[Frame] = []
    for step in steps(engine, players, options, seed, actions):
        if step.index in wanted:
            over = step.index == len(actions) and engine.result(step.state) is not None
            # a copy (the state goes on changing in place); plain data, so pickle copies it fast
            view = pickle.loads(pickle.dumps(engine.view(step.state, None), protocol=pickle.HIGHEST_PROTOCOL))
            frames.append(Frame(step.index, step.seat, view, over))
    return frames


def caption(frame: Frame, total: int, names: list[str], lang: str) -> str:
    """Which moment a frame shows: the start, or the move just made and by whom."""
    words = CAPTIONS.get(lang, CAPTIONS["en"])
    if frame.index == 0 or frame.seat is None:
        text = words["start"]
    else:
        name = names[frame.seat] if 0 <= frame.seat < len(names) else f"P{frame.seat + 1}"
        text = words["move"].format(n=frame.index, total=total, name=name)
    return f"{text} · {words['end']}" if frame.over else text


def captioned(board: Image.Image, text: str) -> Image.Image:
    """The board under a band with ``text``."""
    out = Image.new("RGB", (board.width, board.height + CAPTION_H), CAPTION_BG)
    out.paste(board.convert("RGB"), (0, CAPTION_H))
    ImageDraw.Draw(out).text((12, CAPTION_H // 2), text, fill=CAPTION_INK, font=font(18, "bold"), anchor="lm")
    return out


def shared_palette(images: list[Image.Image]) -> Image.Image:
    """One palette for every frame, taken from a few of them: each frame is then only mapped onto it
    (a fraction of the cost of choosing a palette per frame), and the GIF stores the changes
    between frames instead of whole frames. 255 colours leave one index free for "unchanged"."""
    stacked = Image.new("RGB", (max(i.width for i in images), sum(i.height for i in images)))
    y = 0
    for image in images:
        stacked.paste(image, (0, y))
        y += image.height
    # every other pixel each way is sample enough (and keeps the colours exact, unlike averaging)
    sample = stacked.resize((stacked.width // 2, stacked.height // 2), Image.Resampling.NEAREST)
    return sample.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def gif_frame(image: Image.Image, palette: Image.Image) -> Image.Image:
    """A frame mapped onto the shared palette."""
    return image.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)


def board_image(engine: Engine, view: dict[str, Any], lang: str, names: list[str]) -> Image.Image | None:
    """The game's picture of a view, unencoded where the engine offers that."""
    draw = getattr(engine, "picture_image", None)
    if draw is not None:
        image: Image.Image | None = draw(view, lang, names)
        return image
    png = engine.picture(view, lang, names)
    return Image.open(io.BytesIO(png)).convert("RGB") if png else None


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
    frames = key_frames(engine, players, options, seed, actions)
    pictures = frame_pictures(engine, frames, len(actions), names, lang)
    return (gif(pictures), len(pictures)) if pictures else (b"", 0)


def frame_pictures(engine: Engine, frames: list[Frame], total: int, names: list[str], lang: str) -> list[Image.Image]:
    """Each frame drawn once, captioned, on one shared palette and one size."""

    def draw(frame: Frame) -> Image.Image | None:
        board = board_image(engine, frame.view, lang, names)
        return None if board is None else captioned(board, caption(frame, total, names, lang))

    # the palette comes from the first, middle and last frames, drawn first and kept
    samples = {i: draw(frames[i]) for i in sorted({0, len(frames) // 2, len(frames) - 1})} if frames else {}
    drawn = [image for image in samples.values() if image is not None]
    if not drawn:
        return []
    palette = shared_palette(drawn)
    pictures: list[Image.Image] = []
    for i, frame in enumerate(frames):
        image = samples.pop(i) if i in samples else draw(frame)
        if image is not None:
            pictures.append(gif_frame(image, palette))
    return _same_size(pictures)


def gif(pictures: list[Image.Image]) -> bytes:
    """The frames as an animated GIF that stores only what changed from frame to frame, scaled
    down (rarely: a very long game of a large board) until it fits in a chat attachment."""
    scale = 1.0
    while True:
        out = io.BytesIO()
        durations = [FRAME_MS] * (len(pictures) - 1) + [LAST_FRAME_MS]
        pictures[0].save(
            out, format="GIF", save_all=True, append_images=pictures[1:], duration=durations, loop=0, optimize=True
        )
        if out.tell() <= MAX_BYTES or scale < 0.2:
            return out.getvalue()
        scale *= 0.75
        pictures = [_scaled(p, 0.75) for p in pictures]


def _same_size(frames: list[Image.Image]) -> list[Image.Image]:
    """Every frame on a canvas of the largest (a board may grow during the game), filled with the
    colour of its own bottom edge."""
    width, height = max(f.width for f in frames), max(f.height for f in frames)
    out = []
    for frame in frames:
        if frame.size != (width, height):
            canvas = Image.new("P", (width, height), frame.getpixel((0, frame.height - 1)))
            canvas.putpalette(frame.getpalette() or [])
            canvas.paste(frame, (0, 0))
            frame = canvas
        out.append(frame)
    return out


def _scaled(frame: Image.Image, scale: float) -> Image.Image:
    size = (max(1, int(frame.width * scale)), max(1, int(frame.height * scale)))
    return gif_frame(frame.convert("RGB").resize(size, Image.Resampling.LANCZOS), frame)


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


def load_export(doc: Any) -> tuple[str, int, dict[str, Any], int, list[tuple[int, Action]], list[str]]:
    """The game in an export, checked against its schema (games/export_file.py); a damaged
    document raises ``DamagedFile`` with one line naming what is wrong."""
    parsed = export_file.parse(doc)
    return parsed.game, parsed.players, dict(parsed.options), parsed.seed, parsed.actions, list(parsed.names)


def play_back(doc: Any, lang: str = "en") -> tuple[list[str], bool]:
    """The lines ``python -m games replay`` prints, and whether the replay rebuilt ``final`` exactly."""
    game_key, players, options, seed, actions, names = load_export(doc)
    engine = registry.get(game_key)
    lines = [f"{engine.names.get(lang) or engine.names['en']}: {', '.join(names)} (seed {seed})"]
    try:
        state = engine.start(players, dict(options), seed)
    except InvalidOptions as exc:
        raise DamagedFile(f"options: {exc}") from None
    for i, (seat, action) in enumerate(actions, 1):
        label = " › ".join(engine.action_path({**engine.view(state, seat), "names": names}, action, lang))
        try:
            events = engine.apply(state, seat, action)
        except IllegalAction as exc:  # log[0] is the start, so action i is log[i]
            raise DamagedFile(f"log[{i}].action cannot be played there: {exc}") from None
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

"""Replays of finished games, built from the seed and the action log only.

``steps`` replays a log through the engine; ``key_frames`` picks the moments worth a picture (the
start, every change of turn, the end); ``animation`` draws each once with the game's own picture
code, whose band under the board says which moment it shows, the move just made and, last, how the
game ended, and makes an animated GIF small enough for a chat attachment, on one shared palette so
the GIF stores only what changed between frames;
``export``/``load_export`` are the JSON file that ``python -m games replay FILE`` plays back in the
terminal. All of them end with the game's result as every record ranks it (``games.standing``: a
resignation counts as a loss), also when a resignation ended the game before its rules did.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image

from games import animated_gif, export_file, registry, standing
from games.core import Action, Engine, Event, IllegalAction, InvalidOptions, Result, visible
from games.json_file import DamagedFile
from games.moves import FRAME
from games.standing import SeatRecord

FORMAT = export_file.FORMAT
# At most this many pictures a replay: drawing them is most of its cost (10-25 ms each), and a
# frame per turn of a long game is more than a reader follows anyway.
MAX_FRAMES = 80
FRAME_MS, LAST_FRAME_MS = 800, 4000
MAX_BYTES = 8 * 1024 * 1024 - 64 * 1024  # Discord's attachment limit, with room for the message
# The frames' letters edged in five shades of ink instead of 256: they look the same, and the words
# that change from frame to frame (the band, the scores) cost a GIF a sixth to a quarter less.
SHADES = 5
CAPTIONS = {
    "en": {
        "start": "Start",
        "moment": "Move {n} of {total}",
        "end": "the end",
        "closing": "The end",
    },
    "nl": {
        "start": "Begin",
        "moment": "Zet {n} van {total}",
        "end": "einde",
        "closing": "Einde",
    },
}
#: What the terminal playback says besides the game's own texts.
PLAYBACK = {
    "en": {
        "header": "{game}: {names} (seed {seed})",
        "same": "The replay rebuilt the exported final state exactly.",
        "differs": "The replay DIFFERS from the export.",
    },
    "nl": {
        "header": "{game}: {names} (seed {seed})",
        "same": "De herhaling kwam precies uit op de geëxporteerde eindstand.",
        "differs": "De herhaling WIJKT AF van de export.",
    },
}


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
    closing: bool = False  # after the log: the game ended otherwise (a resignation)


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
    return frames_and_result(engine, players, options, seed, actions)[0]


def frames_and_result(
    engine: Engine, players: int, options: dict[str, Any], seed: int, actions: list[tuple[int, Action]]
) -> tuple[list[Frame], Result | None]:
    """``key_frames``, and the rules' result at the end of the log (None: the log ends before)."""
    wanted = set(frame_indices(engine, players, options, seed, actions))
    frames: list[Frame] = []
    result = None
    for step in steps(engine, players, options, seed, actions):
        if step.index in wanted:
            over = step.index == len(actions) and engine.result(step.state) is not None
            # a copy (the state goes on changing in place); plain data, so pickle copies it fast
            view = pickle.loads(pickle.dumps(engine.view(step.state, None), protocol=pickle.HIGHEST_PROTOCOL))
            frames.append(Frame(step.index, step.seat, view, over))
        if step.index == len(actions):
            result = engine.result(step.state)
    return frames, result


def caption(frame: Frame, total: int, names: list[str], lang: str, ending: str | None = None) -> str:
    """Which moment a frame shows, in one line (the web page's replay): the start, or the move
    just made and by whom; the last one also how the game ended (``ending``, e.g. "bob wins").
    The words of ``frame_band``, the mover named where a GIF frame's band tells the move."""
    band = frame_band(frame, total, lang, ending)
    text = band["moment"]
    if band.get("move", True) and frame.index > 0 and frame.seat is not None:
        text += ": " + (names[frame.seat] if 0 <= frame.seat < len(names) else f"P{frame.seat + 1}")
    return f"{text} · {band['after']}" if band.get("after") else text


def frame_band(frame: Frame, total: int, lang: str, ending: str | None = None) -> dict[str, Any]:
    """What a GIF frame's band says besides the move it marks (games/moves.py FRAME): which
    moment it shows, the last frame how the game ended, a closing frame only that."""
    words = CAPTIONS.get(lang, CAPTIONS["en"])
    if frame.closing:
        return {"moment": f"{words['closing']}: {ending}" if ending else words["closing"], "move": False}
    start = frame.index == 0 or frame.seat is None
    moment = words["start"] if start else words["moment"].format(n=frame.index, total=total)
    after = (f"{words['end']}: {ending}" if ending else words["end"]) if frame.over else None
    return {"moment": moment, "after": after}


def final_result(
    engine: Engine, result: Result | None, seats: list[SeatRecord] | None, stored: dict[str, Any] | None
) -> Result | None:
    """How the game ended, ranked as every record ranks it: the rules' ``result``, else the stored
    one of a game a resignation ended; resigned seats counted last."""
    recorded = standing.result_from_json(stored) if stored and stored.get("ranks") else None
    result = result or recorded
    if result is None:
        return None
    gone = {i for i, seat in enumerate(seats or []) if seat.resigned} | set(standing.resigned_seats(recorded))
    return standing.ranked(result, gone, getattr(engine, "team_of", None))


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
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def board_image(engine: Engine, view: dict[str, Any], lang: str, names: list[str]) -> Image.Image | None:
    """The game's picture of a view as a frame draws it (letters in ``SHADES``), unencoded where
    the engine offers that."""
    draw = getattr(engine, "picture_image", None)
    if draw is not None:
        image: Image.Image | None = draw(view, lang, names, shades=SHADES)
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
    *,
    seats: list[SeatRecord] | None = None,
    result: dict[str, Any] | None = None,
) -> tuple[bytes, int]:
    """An animated GIF of the game as the table saw it, and its number of frames. ``seats`` and the
    stored ``result`` tell how it ended: the last frame names the winners and who resigned, and a
    game a resignation ended gets a closing frame that says so."""
    engine = registry.get(game_key)
    frames, ruled = frames_and_result(engine, players, options, seed, actions)
    final = final_result(engine, ruled, seats, result)
    ending = None if final is None else standing.ending(final, names, lang)
    if ending is not None and frames and not frames[-1].over:
        last = frames[-1]
        frames.append(Frame(last.index, None, last.view, over=True, closing=True))
    pictures = frame_pictures(engine, frames, len(actions), names, lang, ending)
    return (gif(pictures), len(pictures)) if pictures else (b"", 0)


def frame_pictures(
    engine: Engine, frames: list[Frame], total: int, names: list[str], lang: str, ending: str | None = None
) -> list[Image.Image]:
    """Each frame drawn once, its band saying which moment it shows, on one shared palette (the
    frames keep their own sizes: the GIF puts each at the top left of a canvas of the largest)."""

    def draw(frame: Frame) -> Image.Image | None:
        return board_image(engine, {**frame.view, FRAME: frame_band(frame, total, lang, ending)}, lang, names)

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
    return pictures


def gif(pictures: list[Image.Image]) -> bytes:
    """The frames as an animated GIF that stores only what changed from frame to frame
    (games/animated_gif.py), scaled down (rarely: a very long game of a large board) until it fits
    in a chat attachment."""
    scale = 1.0
    durations = [FRAME_MS] * (len(pictures) - 1) + [LAST_FRAME_MS]
    while True:
        data = animated_gif.encode(pictures, durations)
        if len(data) <= MAX_BYTES or scale < 0.2:
            return data
        scale *= 0.75
        pictures = [_scaled(p, 0.75) for p in pictures]


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
    *,
    seats: list[SeatRecord] | None = None,
    result: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The game as a self-contained JSON document: replaying it rebuilds ``final`` exactly. Its
    ``result`` is ranked as every record ranks it (resigned seats last, listed in
    ``extra.resigned_seats``), also when a resignation ended the game (from the stored ``result``);
    ``seats`` says who played each seat (a person or an AI level) and who resigned."""
    engine = registry.get(game_key)
    logged = []
    state = None
    for step in steps(engine, players, options, seed, actions):
        logged.append({"seat": step.seat, "action": step.action, "events": step.events})
        state = step.state
    final = final_result(engine, engine.result(state), seats, result)
    doc = {
        "format": FORMAT,
        "version": 1,
        "game": game_key,
        "players": players,
        "names": list(names),
        "options": dict(options),
        "seed": seed,
        "log": logged,
        "result": final.to_json() if final else None,
        "final": engine.dump(state),
    }
    if seats is not None:
        doc["seats"] = [seat.to_json() for seat in seats]
    return doc


def load_export(doc: Any) -> tuple[str, int, dict[str, Any], int, list[tuple[int, Action]], list[str]]:
    """The game in an export, checked against its schema (games/export_file.py); a damaged
    document raises ``DamagedFile`` with one line naming what is wrong."""
    parsed = export_file.parse(doc)
    return parsed.game, parsed.players, dict(parsed.options), parsed.seed, parsed.actions, list(parsed.names)


def play_back(doc: Any, lang: str = "en") -> tuple[list[str], bool]:
    """The lines ``python -m games replay`` prints, and whether the replay rebuilt ``final`` exactly."""
    parsed = export_file.parse(doc)
    game_key, players, options, seed, actions, names = load_export(doc)
    seats = [SeatRecord(s.name, s.ai, s.resigned) for s in parsed.seats] if parsed.seats else None
    engine = registry.get(game_key)
    words = PLAYBACK.get(lang, PLAYBACK["en"])
    who = [seat.long_label(lang) for seat in seats] if seats else names
    game = engine.names.get(lang) or engine.names["en"]
    lines = [words["header"].format(game=game, names=", ".join(who), seed=seed)]
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
    stored = parsed.result.model_dump() if parsed.result else None
    final = final_result(engine, engine.result(state), seats, stored)
    if final is not None:
        lines += standing.rank_lines(final, names, lang, lambda v: engine.score_text(v, lang))
        lines.append(standing.ending(final, names, lang))
    same = engine.dump(state) == doc.get("final")
    lines.append(words["same" if same else "differs"])
    return lines, same


def _public(event: Event) -> bool:
    return visible(event, None)

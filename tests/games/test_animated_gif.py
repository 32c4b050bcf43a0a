"""The replay's GIF writer (games/animated_gif.py): frames of any size on one shared palette decode
exactly to what was drawn, each stored as the box of what changed."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageSequence

from games import animated_gif

COLOURS = [(240, 235, 220), (30, 30, 40), (200, 40, 40), (40, 90, 200), (250, 250, 250)]


def _palette() -> Image.Image:
    sample = Image.new("RGB", (len(COLOURS), 1))
    for i, colour in enumerate(COLOURS):
        sample.putpixel((i, 0), colour)
    return sample.quantize(colors=len(COLOURS), dither=Image.Dither.NONE)


def _frame(size: tuple[int, int], boxes: list[tuple[tuple[int, int, int, int], int]], ground: int = 0) -> Image.Image:
    image = Image.new("RGB", size, COLOURS[ground])
    draw = ImageDraw.Draw(image)
    for box, colour in boxes:
        draw.rectangle(box, fill=COLOURS[colour])
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


def _on_canvas(frame: Image.Image, size: tuple[int, int]) -> Image.Image:
    canvas = Image.new("RGB", size, frame.convert("RGB").getpixel((0, frame.height - 1)))
    canvas.paste(frame.convert("RGB"), (0, 0))
    return canvas


def _decoded(data: bytes) -> list[Image.Image]:
    return [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(io.BytesIO(data)))]


def test_frames_of_any_size_and_ground_decode_to_what_was_drawn() -> None:
    frames = [
        _frame((120, 80), [((10, 10, 30, 30), 2)]),
        _frame((120, 80), [((10, 10, 30, 30), 2), ((60, 40, 70, 50), 3)]),
        _frame((120, 140), [((0, 100, 119, 139), 1)]),  # a tall last-but-one frame (a score panel)
        _frame((100, 80), [((5, 5, 15, 15), 3)], ground=4),  # smaller, on another ground
        _frame((120, 80), [((10, 10, 30, 30), 2)]),
    ]
    data = animated_gif.encode(frames, [800, 800, 800, 800, 4000])
    shown = _decoded(data)
    assert len(shown) == len(frames) and all(f.size == (120, 140) for f in shown)
    for frame, got in zip(frames, shown, strict=True):
        assert ImageChops.difference(_on_canvas(frame, (120, 140)), got).getbbox() is None
    gif = Image.open(io.BytesIO(data))
    assert gif.info["loop"] == 0
    gif.seek(4)
    assert gif.info["duration"] == 4000


def test_a_frame_stores_only_the_box_that_changed_and_a_repeat_shows_longer() -> None:
    first = _frame((200, 150), [((10, 10, 40, 40), 2)])
    second = _frame((200, 150), [((10, 10, 40, 40), 2), ((100, 60, 109, 69), 3)])
    data = animated_gif.encode([first, second, second], [800, 800, 800])
    gif = Image.open(io.BytesIO(data))
    assert gif.n_frames == 2  # the repeat is no frame of its own ...
    gif.seek(1)
    assert gif.tile[0][1] == (100, 60, 110, 70)  # only the changed box is stored
    assert gif.info["duration"] == 1600  # ... it keeps the frame before on screen longer
    # the first frame always covers the whole canvas, so the loop starts from a clean picture
    gif.seek(0)
    assert gif.tile[0][1] == (0, 0, 200, 150)


def test_a_palette_without_a_free_index_is_refused() -> None:
    full = Image.new("P", (16, 16))
    full.putpalette([v for i in range(256) for v in (i, i, i)])
    with pytest.raises(ValueError, match="free index"):
        animated_gif.encode([full, full], [800, 800])

"""The PNG renderer of a ``Scene`` (Pillow). The browser draws the same scene as SVG."""

from __future__ import annotations

import math
import struct
import zlib
from functools import lru_cache
from typing import Any

from isal import isal_zlib
from PIL import Image, ImageDraw

from games.fonts import font
from games.scene import Scene


@lru_cache(maxsize=4096)
def _glyphs(line: str, size: int, weight: str, anchor: str, shades: int | None) -> tuple[Image.Image, int, int]:
    """One line of text as a coverage mask and its offset from the anchor point, its coverage
    rounded to ``shades`` levels when given. Cached: a board draws the same words and numbers in
    every picture, and rasterising them is most of the time a picture takes; pasting a ready mask
    is several times faster."""
    face = font(size, weight)
    left, top, right, bottom = face.getbbox(line, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), line, fill=255, font=face, anchor=anchor)
    return (mask if shades is None else mask.point(_shade_table(shades))), left, top


@lru_cache(maxsize=8)
def _shade_table(shades: int) -> list[int]:
    """Coverage 0-255 rounded to the nearest of ``shades`` evenly spaced levels (0 and 255 kept)."""
    if shades < 2:
        raise ValueError("text needs at least two shades: no ink and full ink")
    step = 255 / (shades - 1)
    return [round(round(v / step) * step) for v in range(256)]


def _xy(points: list[list[float]]) -> list[tuple[float, float]]:
    return [(x, y) for x, y in points]


def _draw(img: Image.Image, d: ImageDraw.ImageDraw, item: dict[str, Any], shades: int | None) -> None:
    kind = item["kind"]
    if kind == "rect":
        width = int(round(item["width"])) if item["outline"] else 0
        if item["radius"]:
            d.rounded_rectangle(
                item["box"], radius=item["radius"], fill=item["fill"], outline=item["outline"], width=width
            )
        else:
            d.rectangle(item["box"], fill=item["fill"], outline=item["outline"], width=width)
    elif kind == "ellipse":
        width = int(round(item["width"])) if item["outline"] else 0
        d.ellipse(item["box"], fill=item["fill"], outline=item["outline"], width=width)
    elif kind == "polygon":
        width = int(round(item["width"])) if item["outline"] else 0
        d.polygon(_xy(item["points"]), fill=item["fill"], outline=item["outline"], width=width)
    elif kind == "line":
        if item.get("dash"):
            _dashed(d, _xy(item["points"]), item["colour"], int(round(item["width"])), item["dash"])
        else:
            d.line(_xy(item["points"]), fill=item["colour"], width=int(round(item["width"])), joint="curve")
    elif kind == "text":
        anchor = item["anchor"]
        lines = item["lines"]
        step = item["line_height"]
        # A middle-anchored block is centred as a whole, each line on its own row.
        y = item["y"] - step * (len(lines) - 1) / 2 if anchor[1] == "m" else item["y"]
        for line in lines:
            if line:
                mask, left, top = _glyphs(line, item["size"], item["weight"], anchor, shades)
                img.paste(item["colour"], (round(item["x"]) + left, round(y) + top), mask)
            y += step
    else:
        raise ValueError(f"unknown scene item {kind!r}")


def _dashed(
    d: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: str, width: int, dash: list[float]
) -> None:
    """A line drawn as dashes of ``dash[0]`` pixels with gaps of ``dash[1]``, the pattern running on
    round the corners as an SVG ``stroke-dasharray`` does."""
    runs = (max(float(dash[0]), 0.5), max(float(dash[1]), 0.5))  # dash, gap: never empty
    which, left = 0, runs[0]  # where the pattern stands: in a dash (0) or a gap (1), and how much is left of it
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while length - done > 1e-9:
            step = min(left, length - done)
            if which == 0:
                a, b = done / length, (done + step) / length
                d.line(
                    [(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                    fill=colour,
                    width=width,
                )
            done += step
            left -= step
            if left <= 1e-9:
                which = 1 - which
                left = runs[which]


def image(scene: Scene, *, shades: int | None = None) -> Image.Image:
    """The scene as a Pillow image. ``shades``: the edges of its letters in that many levels of
    coverage instead of 256 (a replay's GIF frames: letters look the same, and the GIF, which
    stores what changed from frame to frame, compresses their edges far better)."""
    img = Image.new("RGB", (scene.width, scene.height), scene.background)
    d = ImageDraw.Draw(img)
    for item in scene.items:
        _draw(img, d, item, shades)
    return img


def render(scene: Scene) -> bytes:
    return encode_png(image(scene))


# PNG colour type and bytes per pixel of the modes pictures are drawn in.
_COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}


def encode_png(img: Image.Image) -> bytes:
    """The image as a PNG, lossless, the one encoder of every picture (pictures are drawn after
    every action, so this runs often). Rows go unfiltered into ISA-L's deflate at level 1:
    flat fills and repeated glyphs compress as well raw as filtered (slightly better: the same
    glyph stays the same bytes wherever it stands), and it takes about a twentieth of the time of
    Pillow's writer, which tries several filters on every row (``benchmarks/png_encoding.py``)."""
    return _write(img, isal_zlib.compressobj(1))


def _write(img: Image.Image, deflate: Any) -> bytes:
    """``deflate``: a ``compressobj`` of the zlib format (the benchmark tries other libraries)."""
    try:
        colour_type, depth = _COLOUR_TYPES[img.mode]
    except KeyError:
        raise ValueError(f"no PNG encoding for mode {img.mode!r}") from None
    width, height = img.size
    # Pillow's raw encoder zero-pads each row to the stride given, so this is every row followed
    # by one 0 byte: with one 0 byte in front and the last dropped, PNG's "no filter" rows.
    rows = memoryview(img.tobytes("raw", img.mode, depth * width + 1))
    data = deflate.compress(b"\0") + deflate.compress(rows[:-1]) + deflate.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))

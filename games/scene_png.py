"""The PNG renderer of a ``Scene`` (Pillow). The browser draws the same scene as SVG."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.fonts import font
from games.scene import Scene


@lru_cache(maxsize=4096)
def _glyphs(line: str, size: int, weight: str, anchor: str) -> tuple[Image.Image, int, int]:
    """One line of text as a coverage mask and its offset from the anchor point. Cached: a board
    draws the same words and numbers in every picture, and rasterising them is most of the time
    a picture takes; pasting a ready mask is several times faster."""
    face = font(size, weight)
    left, top, right, bottom = face.getbbox(line, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), line, fill=255, font=face, anchor=anchor)
    return mask, left, top


def _xy(points: list[list[float]]) -> list[tuple[float, float]]:
    return [(x, y) for x, y in points]


def _draw(img: Image.Image, d: ImageDraw.ImageDraw, item: dict[str, Any]) -> None:
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
        d.line(_xy(item["points"]), fill=item["colour"], width=int(round(item["width"])), joint="curve")
    elif kind == "text":
        anchor = item["anchor"]
        lines = item["lines"]
        step = item["line_height"]
        # A middle-anchored block is centred as a whole, each line on its own row.
        y = item["y"] - step * (len(lines) - 1) / 2 if anchor[1] == "m" else item["y"]
        for line in lines:
            if line:
                mask, left, top = _glyphs(line, item["size"], item["weight"], anchor)
                img.paste(item["colour"], (round(item["x"]) + left, round(y) + top), mask)
            y += step
    else:
        raise ValueError(f"unknown scene item {kind!r}")


def image(scene: Scene) -> Image.Image:
    """The scene as a Pillow image (a replay adds its caption and makes it a GIF frame)."""
    img = Image.new("RGB", (scene.width, scene.height), scene.background)
    d = ImageDraw.Draw(img)
    for item in scene.items:
        _draw(img, d, item)
    return img


def render(scene: Scene) -> bytes:
    img = image(scene)
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=1)  # fast: pictures are drawn after every action
    return out.getvalue()

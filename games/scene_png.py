"""The PNG renderer of a ``Scene`` (Pillow). The browser draws the same scene as SVG."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from games.fonts import font
from games.scene import Scene


def _xy(points: list[list[float]]) -> list[tuple[float, float]]:
    return [(x, y) for x, y in points]


def _draw(d: ImageDraw.ImageDraw, item: dict[str, Any]) -> None:
    kind = item["kind"]
    if kind == "rect":
        width = int(round(item["width"])) if item["outline"] else 0
        if item["radius"]:
            d.rounded_rectangle(item["box"], radius=item["radius"], fill=item["fill"], outline=item["outline"], width=width)
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
        face = font(item["size"], item["weight"])
        anchor = item["anchor"]
        lines = item["lines"]
        step = item["line_height"]
        # A middle-anchored block is centred as a whole, each line on its own row.
        y = item["y"] - step * (len(lines) - 1) / 2 if anchor[1] == "m" else item["y"]
        for line in lines:
            d.text((item["x"], y), line, fill=item["colour"], font=face, anchor=anchor)
            y += step
    else:
        raise ValueError(f"unknown scene item {kind!r}")


def image(scene: Scene) -> Image.Image:
    """The scene as a Pillow image (a replay adds its caption and makes it a GIF frame)."""
    img = Image.new("RGB", (scene.width, scene.height), scene.background)
    d = ImageDraw.Draw(img)
    for item in scene.items:
        _draw(d, item)
    return img


def render(scene: Scene) -> bytes:
    img = image(scene)
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=1)  # fast: pictures are drawn after every action
    return out.getvalue()

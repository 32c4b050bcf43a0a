"""How a scene marks what the last move changed, the same for the chat picture and the web board.

Every item of a marked place carries ``"mark": "last"``. On top of the drawing each such place gets
a halo that follows its largest shape, a white band under black dashes (seen on any colour, and
told by its pattern and contrast, never by a hue alone), and a marker: a black arrowhead edged in
white that points at the halo from the top right. A band under the picture holds the caption, with
the same dashes and arrowhead in front of it, so the picture says what its mark means. Halos,
markers and the band are ordinary scene items (dashed lines, polygons, a text): both renderers draw
them alike.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from games.moves import FRAME, Move, band_text, newest
from games.scene import Scene

__all__ = ("mark_newest", "mark_last", "LAST", "HALO_DASH")

LAST = "last"
HALO_PAD = 5.0  # how far a halo stands off its shape
INSET = 7.0  # how far inside its edge the halo of a hex drawn ``under`` runs
LINE_END = 12.0  # a path's halo stops short of its ends: the intersections there keep their numbers
STRIP = 26.0  # a shape narrower than this is a strip (a table row): its halo is thin and close
THIN, THIN_PAD = 0.6, 1.5  # the thin halo's size against the usual one, and how far off it stands

HALO_UNDER = ("#ffffff", 8.0)  # colour and width of the band under the dashes
HALO_INK = ("#111111", 4.0)
HALO_DASH = (10.0, 6.0)
ARROW = 22.0  # how far the marker reaches out from the halo it points at
BAND_FILL = "#fffbea"
BAND_INK = "#111111"
BAND_MARGIN = 10.0
BAND_SIZE, BAND_MIN = 16, 10
BAND_H = 52.0  # room for two lines of a long caption

Point = tuple[float, float]


def mark_newest(
    sc: Scene,
    view: dict[str, Any],
    lang: str,
    names: list[str],
    places: Callable[[Move, dict[str, Any]], list[str]],
    describe: Callable[[Move, str, list[str]], str],
    *,
    under: tuple[str, ...] = (),
) -> None:
    """Mark the view's newest move (games/moves.py): the game's ``places`` of it and its
    ``describe``d caption; before the first move the band says there is none yet."""
    move = newest(view)
    frame = view.get(FRAME)  # a replay's frame: its band also says which moment it shows
    if move is None:
        mark_last(sc, [], None, lang, frame=frame)
    else:
        mark_last(sc, places(move, view), describe(move, lang, names), lang, under=under, frame=frame)


def mark_last(
    sc: Scene,
    places: Iterable[str],
    caption: str | None,
    lang: str,
    *,
    under: tuple[str, ...] = (),
    frame: dict[str, Any] | None = None,
) -> None:
    """Mark the items of ``places`` and put the caption (None: no move yet) in a band under the
    picture (with a replay frame's words, games/moves.py FRAME).

    A halo goes on top of the drawing, except for places whose id starts with one of ``under``
    (a board's land hexes and paths, with the intersections' numbers at their ends): their halo
    comes right after their shape, under what is drawn on and beside it, and a hex's runs inside
    its edge, clear of the neighbours drawn after it."""
    wanted = set(places)
    shapes: dict[str, list[dict[str, Any]]] = {}
    for item in sc.items:
        place = item.get("place")
        if place in wanted:
            item["mark"] = LAST
            shapes.setdefault(place, []).append(item)
    for place in sorted(shapes):  # a stable order: the same items whoever draws the scene
        items = shapes[place]
        low = bool(under) and place.startswith(under)
        ring, spot, thin = _ring(items, low)
        at = len(sc.items)
        _halo(sc, ring, thin=thin)
        if low:
            halo = sc.items[at:]
            del sc.items[at:]
            after = max(i for i, it in enumerate(sc.items) if any(it is mine for mine in items)) + 1
            sc.items[after:after] = halo
        edge = ARROW * 0.75  # the arrow reaches up and right of its tip: it stays in the picture
        _marker(sc, _clamp(spot[0], 2, sc.width - edge - 2), _clamp(spot[1], edge + 2, sc.height))
    sc.caption = caption
    _band(sc, band_text(caption, lang, frame))


def _ring(items: list[dict[str, Any]], low: bool) -> tuple[list[Point], Point, bool]:
    """The halo of a place's shapes, where its marker goes (towards the top right), and whether
    the halo is the thin one of a strip (a table row, whose neighbours' words stand close)."""
    if len(items) > 1 and all(it["kind"] == "rect" for it in items):  # a plate and its badge: one box
        boxes = [it["box"] for it in items]
        union = [min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)]
        body: dict[str, Any] = {"kind": "rect", "box": union}
    else:
        body = max(items, key=_area)
    inset = low and body["kind"] == "polygon"
    x0, y0, x1, y1 = _box(body)
    thin = body["kind"] == "rect" and min(x1 - x0, y1 - y0) < STRIP
    ring = _outline(body, -INSET if inset else THIN_PAD if thin else HALO_PAD, short=not low)
    # inside a shape the corners are other places' (a hex's intersections): the middle of a side
    spots = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(ring, ring[1:])] if inset else ring
    return ring, max(spots, key=lambda p: p[0] - p[1]), thin


def _clamp(value: float, low: float, high: float) -> float:
    return min(max(value, low), high)


def _box(item: dict[str, Any]) -> tuple[float, float, float, float]:
    kind = item["kind"]
    if kind in ("rect", "ellipse"):
        x0, y0, x1, y1 = item["box"]
        return x0, y0, x1, y1
    if kind == "text":
        x0, y0, x1, y1 = item["extent"]
        return x0, y0, x1, y1
    xs = [p[0] for p in item["points"]]
    ys = [p[1] for p in item["points"]]
    return min(xs), min(ys), max(xs), max(ys)


def _area(item: dict[str, Any]) -> float:
    """How much of the picture a shape covers, roughly: a line by its length times its width."""
    if item["kind"] == "line":
        points = item["points"]
        length = sum(math.dist(a, b) for a, b in zip(points, points[1:]))
        return length * float(item["width"])
    x0, y0, x1, y1 = _box(item)
    return (x1 - x0) * (y1 - y0)


def _outline(item: dict[str, Any], pad: float, *, short: bool = True) -> list[Point]:
    """A closed path ``pad`` outside a shape (inside, for a negative ``pad``); a path's stops
    short of its ends when ``short`` (drawn on top, it would hide the intersections there)."""
    kind = item["kind"]
    if kind == "ellipse":
        x0, y0, x1, y1 = item["box"]
        cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 + pad, (y1 - y0) / 2 + pad
        ring = [(cx + rx * math.cos(2 * math.pi * k / 36), cy + ry * math.sin(2 * math.pi * k / 36)) for k in range(36)]
        return [*ring, ring[0]]
    if kind == "polygon":
        points = [(float(x), float(y)) for x, y in item["points"]]
        cx = sum(x for x, _ in points) / len(points)
        cy = sum(y for _, y in points) / len(points)
        ring = []
        for x, y in points:
            d = math.hypot(x - cx, y - cy) or 1.0
            ring.append((x + (x - cx) / d * pad, y + (y - cy) / d * pad))
        return [*ring, ring[0]]
    if kind == "line" and len(item["points"]) == 2:
        (x0, y0), (x1, y1) = item["points"]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        half = float(item["width"]) / 2 + pad
        cut = min(LINE_END, length / 4) if short else -pad
        ax, ay, bx, by = x0 + ux * cut, y0 + uy * cut, x1 - ux * cut, y1 - uy * cut

        nx, ny = -uy * half, ux * half
        ring = [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]
        return [*ring, ring[0]]
    x0, y0, x1, y1 = _box(item)
    if kind == "line":
        pad += float(item["width"]) / 2
    ring = [(x0 - pad, y0 - pad), (x1 + pad, y0 - pad), (x1 + pad, y1 + pad), (x0 - pad, y1 + pad)]
    return [*ring, ring[0]]


def _halo(sc: Scene, ring: list[Point], *, thin: bool = False) -> None:
    scale = THIN if thin else 1.0
    sc.line(ring, colour=HALO_UNDER[0], width=HALO_UNDER[1] * scale)
    sc.line(ring, colour=HALO_INK[0], width=HALO_INK[1] * scale, dash=(HALO_DASH[0] * scale, HALO_DASH[1] * scale))


def _marker(sc: Scene, x: float, y: float) -> None:
    """An arrowhead from the top right whose tip touches the halo at (x, y): a shape no piece of
    any board has, black edged in white."""
    reach, half = ARROW, ARROW * 0.45
    bx, by = x + reach / math.sqrt(2), y - reach / math.sqrt(2)  # the middle of its base
    dx, dy = half / math.sqrt(2), half / math.sqrt(2)
    sc.polygon([(x, y), (bx + dx, by + dy), (bx - dx, by - dy)], fill=HALO_INK[0], outline=HALO_UNDER[0], width=2)


def _band(sc: Scene, text: str) -> None:
    """The caption under the picture, with a sample of the mark in front of it. Its height is the
    same with or without a move, so every picture of a game (a replay's frames) keeps one size."""
    top = float(sc.height)
    left, right = BAND_MARGIN, sc.width - BAND_MARGIN
    bottom = top + BAND_H
    mid = (top + 4 + bottom) / 2
    sc.rect((left, top + 4, right, bottom), fill=BAND_FILL, outline=BAND_INK, width=1, radius=6)
    sample = [(left + 10, mid - 6), (left + 28, mid - 6), (left + 28, mid + 12), (left + 10, mid + 12)]
    _halo(sc, [*sample, sample[0]])
    _marker(sc, left + 28, mid - 6)
    x = left + 50
    sc.text(
        x,
        mid,
        text,
        size=BAND_SIZE,
        min_size=BAND_MIN,
        weight="bold",
        colour=BAND_INK,
        anchor="lm",
        box=(x, top + 8, right - 10, bottom - 4),
    )
    sc.height = int(math.ceil(bottom + 6))

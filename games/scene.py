"""A picture as data: the shapes and fitted texts of one board drawing, in drawing order.

Each game describes its board once, as a ``Scene``; renderers turn the same scene into a PNG
(``games.scene_png``) or into SVG in a browser, so a picture in the chat and a board on a web page
can never disagree. A scene is plain JSON (``to_json``): colours are ``#rrggbb`` strings,
coordinates pixels.

Texts are fitted when the scene is built, with the picture font's real metrics: a text given a box
is wrapped at spaces and, if it must, set smaller, but never cut. Every text keeps its source and the
extent it covers, so a test can check from the scene alone that nothing runs outside its box.

A shape may carry a ``place`` (the id of a spot on the board a player can point at, such as an
intersection or a hex) and a ``title`` (what pointing at it means, in the reader's language). The
places the last move changed carry ``"mark": "last"`` and the scene its one-line ``caption``
(``games.last_mark``); a line may be ``dash``ed (``[on, off]`` pixels), which both renderers draw.

A scene may name its ``regions``: the parts a narrow screen shows one under another (the map first,
then the side tables and the legend), each a box of the same picture. A wide screen and the PNG show
the scene whole and ignore them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from games.fonts import font

Colour = str
RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]  # left, top, right, bottom

#: Pillow's text anchors that both renderers support: horizontal l/m/r, vertical a (top) or m (middle).
ANCHORS = {f"{h}{v}" for h in "lmr" for v in "am"}
#: the gap between the lines of a wrapped text, as a share of its size
LINE_GAP = 0.18


def hex_colour(value: Colour | RGB | None) -> Colour | None:
    """A colour as ``#rrggbb`` (scenes are JSON); ``None`` stays ``None`` (nothing drawn)."""
    if value is None or isinstance(value, str):
        return value
    r, g, b = value
    return f"#{r:02x}{g:02x}{b:02x}"


@lru_cache(maxsize=8192)
def bbox(text: str, size: int, weight: str = "regular", anchor: str = "la") -> tuple[float, float, float, float]:
    """The box one line of ``text`` covers around its anchor point, in the picture font. Cached:
    a board's texts (coordinates, names, numbers) recur in every picture and measuring dominates
    the building of a scene."""
    left, top, right, bottom = font(size, weight).getbbox(text or " ", anchor=anchor)
    return float(left), float(top), float(right), float(bottom)


def measure(text: str, size: int, weight: str = "regular") -> tuple[float, float]:
    """Width and height in pixels of one line of ``text`` in the picture font."""
    left, top, right, bottom = bbox(text, size, weight)
    return right - left, bottom - top


def line_height(size: int) -> float:
    return round(size * (1 + LINE_GAP), 2)


def wrap(text: str, size: int, width: float, weight: str = "regular") -> list[str]:
    """Break ``text`` at spaces so each line is at most ``width`` pixels wide, where words allow."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            probe = f"{line} {word}" if line else word
            if line and measure(probe, size, weight)[0] > width:
                lines.append(line)
                line = word
            else:
                line = probe
        lines.append(line)
    return lines


@dataclass
class Scene:
    width: int
    height: int
    background: Colour = "#ffffff"
    items: list[dict[str, Any]] = field(default_factory=list)
    caption: str | None = None  # what the last move was, when the scene marks one
    # regions named so far, measured when first asked for: only the web board shows them, and a
    # chat picture or a replay frame then never pays for measuring every item again
    _named: list[tuple[str, list[dict[str, Any]], float, float | None, int]] = field(
        default_factory=list, init=False, repr=False
    )
    _regions: list[dict[str, Any]] = field(default_factory=list, init=False, repr=False)

    # -- regions ---------------------------------------------------------------------------------
    def bounds(self, first: int = 0, last: int | None = None) -> Box | None:
        """The box that items ``first`` to ``last`` cover (a text by its extent, a shape with its
        outline), or None when there are none: what a block of the drawing took."""
        return _cover([item_box(item) for item in self.items[first:last]])

    def region(self, name: str, first: int, last: int | None = None, pad: float = 6, fold: float | None = None) -> None:
        """Name the part of the picture that items ``first`` to ``last`` drew (with ``pad`` pixels
        around, within the picture) as a region a narrow screen shows on its own. With ``fold``, a
        block wider than that (a row of cards) becomes several regions side by side, cut where no
        item is drawn, each at most ``fold`` wide where the gaps allow: a phone shows them one under
        another. The items are taken now (later ones may be put between them), measured when the
        regions are asked for."""
        self._named.append((name, self.items[first:last], pad, fold, self.width))

    @property
    def regions(self) -> list[dict[str, Any]]:
        """The named regions in the order named, each ``{"name", "box"}``."""
        while self._named:
            self._regions.extend(_measured(*self._named.pop(0)))
        return self._regions

    # -- shapes ----------------------------------------------------------------------------------
    def _add(self, item: dict[str, Any], place: str | None, title: str | None) -> dict[str, Any]:
        if place is not None:
            item["place"] = place
        if title is not None:
            item["title"] = title
        self.items.append(item)
        return item

    def rect(
        self,
        box: Box,
        *,
        fill: Colour | RGB | None = None,
        outline: Colour | RGB | None = None,
        width: float = 1,
        radius: float = 0,
        place: str | None = None,
        title: str | None = None,
    ) -> dict[str, Any]:
        item = {"kind": "rect", "box": [float(v) for v in box], "fill": hex_colour(fill)}
        item.update(outline=hex_colour(outline), width=width, radius=radius)
        return self._add(item, place, title)

    def ellipse(
        self,
        box: Box,
        *,
        fill: Colour | RGB | None = None,
        outline: Colour | RGB | None = None,
        width: float = 1,
        place: str | None = None,
        title: str | None = None,
    ) -> dict[str, Any]:
        item = {"kind": "ellipse", "box": [float(v) for v in box], "fill": hex_colour(fill)}
        item.update(outline=hex_colour(outline), width=width)
        return self._add(item, place, title)

    def circle(self, cx: float, cy: float, r: float, **kwargs: Any) -> dict[str, Any]:
        return self.ellipse((cx - r, cy - r, cx + r, cy + r), **kwargs)

    def polygon(
        self,
        points: list[tuple[float, float]],
        *,
        fill: Colour | RGB | None = None,
        outline: Colour | RGB | None = None,
        width: float = 1,
        place: str | None = None,
        title: str | None = None,
    ) -> dict[str, Any]:
        item = {"kind": "polygon", "points": [[round(x, 2), round(y, 2)] for x, y in points]}
        item.update(fill=hex_colour(fill), outline=hex_colour(outline), width=width)
        return self._add(item, place, title)

    def line(
        self,
        points: list[tuple[float, float]],
        *,
        colour: Colour | RGB,
        width: float = 1,
        dash: tuple[float, float] | None = None,
        place: str | None = None,
        title: str | None = None,
    ) -> dict[str, Any]:
        item = {"kind": "line", "points": [[round(x, 2), round(y, 2)] for x, y in points]}
        item.update(colour=hex_colour(colour), width=width)
        if dash is not None:
            item["dash"] = [float(dash[0]), float(dash[1])]
        return self._add(item, place, title)

    # -- texts -----------------------------------------------------------------------------------
    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: int,
        colour: Colour | RGB = "#000000",
        weight: str = "regular",
        anchor: str = "la",
        box: Box | None = None,
        min_size: int | None = None,
        place: str | None = None,
        title: str | None = None,
    ) -> dict[str, Any]:
        """A text whose ``anchor`` point is (x, y). With a ``box`` it is wrapped to the box's width
        and, when the lines would still not fit, set smaller down to ``min_size``; it is never cut.
        A text whose ink overhangs an edge of its box (a bold "A" starts left of the pen) is moved
        inside rather than set smaller: the item's ``x`` is where it is drawn. The text item records
        the ``extent`` it covers, for the fit checks."""
        if anchor not in ANCHORS:
            raise ValueError(f"anchor {anchor!r} is not one of {sorted(ANCHORS)}")
        fixed = tuple(box) if box is not None else None
        lines, chosen, x, extent = fit(x, y, text, size, weight, anchor, fixed, min_size)
        item = {"kind": "text", "x": round(x, 2), "y": round(y, 2), "lines": list(lines), "size": chosen}
        item.update(
            weight=weight,
            colour=hex_colour(colour),
            anchor=anchor,
            line_height=line_height(chosen),
            source=text,
            box=[float(v) for v in box] if box is not None else None,
            extent=list(extent),
        )
        return self._add(item, place, title)

    def texts(self) -> list[dict[str, Any]]:
        return [item for item in self.items if item["kind"] == "text"]

    def places(self) -> dict[str, str | None]:
        """Every place the scene marks, with its title."""
        return {item["place"]: item.get("title") for item in self.items if "place" in item}

    def marked(self) -> set[str]:
        """The places whose items carry the mark of the last move."""
        return {item["place"] for item in self.items if item.get("mark") == "last" and "place" in item}

    def to_json(self) -> dict[str, Any]:
        out = {
            "width": self.width,
            "height": self.height,
            "background": self.background,
            "items": self.items,
            "caption": self.caption,
        }
        if self.regions:  # within the picture (its height is often set once it is drawn)
            out["regions"] = [{**r, "box": [*r["box"][:3], min(r["box"][3], float(self.height))]} for r in self.regions]
        return out


def _cover(boxes: list[Box]) -> Box | None:
    """The box that ``boxes`` cover together, None for none."""
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _measured(
    name: str, items: list[dict[str, Any]], pad: float, fold: float | None, width: int
) -> list[dict[str, Any]]:
    """The regions ``Scene.region`` named over ``items`` (see there)."""
    boxes = [item_box(item) for item in items]
    box = _cover(boxes)
    if box is None:
        return []
    cuts = [box[0], box[2]] if fold is None else folds(items, fold)
    out = []
    for left, right in zip(cuts, cuts[1:], strict=False):
        inside = [b for b in boxes if left <= (b[0] + b[2]) / 2 <= right]
        if not inside:
            continue
        top, bottom = min(b[1] for b in inside), max(b[3] for b in inside)
        # padded at the block's own edges; a cut lies in the middle of a gap already
        x0 = max(0.0, left - pad) if left == cuts[0] else left
        x1 = min(float(width), right + pad) if right == cuts[-1] else right
        out.append({"name": name, "box": [round(v, 2) for v in (x0, max(0.0, top - pad), x1, bottom + pad)]})
    return out


def folds(items: list[dict[str, Any]], fold: float) -> list[float]:
    """Where to cut a row of items into columns at most ``fold`` wide: in the gaps between them. A
    text is never cut; a shape wider than ``fold`` (a panel behind the row) may be. Returns the
    edges, left to right."""
    boxes = [(item_box(it), it["kind"] == "text") for it in items]
    left, right = min(b[0] for b, _ in boxes), max(b[2] for b, _ in boxes)
    spans = sorted((b[0], b[2]) for b, text in boxes if text or b[2] - b[0] <= fold)
    gaps: list[float] = []  # the middles of the gaps between the drawn spans
    reach = left
    for x0, x1 in spans:
        if x0 > reach:
            gaps.append((reach + x0) / 2)
        reach = max(reach, x1)
    edges = [left]
    for i, gap in enumerate(gaps):
        further = gaps[i + 1] if i + 1 < len(gaps) else right
        if further - edges[-1] > fold:
            edges.append(gap)
    return [*edges, right]


def item_box(item: dict[str, Any]) -> Box:
    """The box one item covers: a text's measured extent, a shape's box or points and its outline."""
    if item["kind"] == "text":
        x0, y0, x1, y1 = item["extent"]
        return (x0, y0, x1, y1)
    grow = (item.get("width") or 0) / 2 if item.get("outline") or item["kind"] == "line" else 0
    if item["kind"] in ("rect", "ellipse"):
        x0, y0, x1, y1 = item["box"]
    else:
        xs = [p[0] for p in item["points"]]
        ys = [p[1] for p in item["points"]]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    return (x0 - grow, y0 - grow, x1 + grow, y1 + grow)


@lru_cache(maxsize=16384)
def fit(
    x: float, y: float, text: str, size: int, weight: str, anchor: str, box: Box | None, min_size: int | None
) -> tuple[tuple[str, ...], int, float, Box]:
    """A text's lines, size, anchor x and extent as ``Scene.text`` sets it: the largest size whose
    lines fit the box, moved sideways when the ink runs past an edge it can stay within (bold "A",
    "V" and "Y" start a pixel left of the pen, and a name must not shrink for its first letter).
    Cached: most texts of a board (labels, coordinates, names) stand in the same place in every
    picture of a game, and fitting them is most of the work of building a scene."""
    lines, chosen, dx = text.split("\n"), size, 0.0
    if box is not None:
        limit = box[2] - box[0]
        for candidate in range(size, (min_size or size) - 1, -1):
            chosen, lines = candidate, wrap(text, candidate, limit, weight)
            x0, y0, x1, y1 = text_extent(x, y, lines, candidate, weight, anchor)
            shift = sideways(x0, x1, box[0], box[2])
            dx = shift or 0.0
            if shift is not None and y0 >= box[1] - 0.5 and y1 <= box[3] + 0.5:
                break
    return tuple(lines), chosen, x + dx, text_extent(x + dx, y, lines, chosen, weight, anchor)


def sideways(x0: float, x1: float, left: float, right: float) -> float | None:
    """How far ink covering x0..x1 moves to lie within left..right (half a pixel of slack, as the
    renderers round), or None when it is too wide to."""
    if x0 >= left - 0.5 and x1 <= right + 0.5:
        return 0.0
    dx = left - x0 if x0 < left - 0.5 else right - x1
    return dx if x0 + dx >= left - 0.5 and x1 + dx <= right + 0.5 else None


def text_extent(x: float, y: float, lines: list[str], size: int, weight: str, anchor: str) -> Box:
    """The box a text's lines cover when drawn at (x, y) with ``anchor``, line by line as the
    renderers place them (a middle-anchored block is centred as a whole)."""
    step = line_height(size)
    top_line = y - step * (len(lines) - 1) / 2 if anchor[1] == "m" else y
    boxes = [bbox(line, size, weight, anchor) for line in lines] or [(0.0, 0.0, 0.0, 0.0)]
    left = min(x + b[0] for b in boxes)
    right = max(x + b[2] for b in boxes)
    top = min(top_line + i * step + b[1] for i, b in enumerate(boxes))
    bottom = max(top_line + i * step + b[3] for i, b in enumerate(boxes))
    return (round(left, 2), round(top, 2), round(right, 2), round(bottom, 2))


def overflows(scene: Scene, slack: float = 1.0) -> list[str]:
    """What a picture test checks: every text lies inside its box (or, without one, the picture)
    and shows its whole source. Returns a line per text that does not."""
    problems = []
    for item in scene.texts():
        left, top, right, bottom = item["box"] or (0, 0, scene.width, scene.height)
        x0, y0, x1, y1 = item["extent"]
        if x0 < left - slack or y0 < top - slack or x1 > right + slack or y1 > bottom + slack:
            problems.append(f"{item['source']!r} covers {item['extent']} outside {[left, top, right, bottom]}")
        if " ".join(" ".join(item["lines"]).split()) != " ".join(item["source"].split()):
            problems.append(f"{item['source']!r} is drawn as {item['lines']!r}")
    return problems

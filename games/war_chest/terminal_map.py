"""The War Chest board drawn in characters, for a table without pictures (the terminal).

Flat-topped hexes as rules §3.1 draws them: column ``q`` left to right, drawn row ``r + q/2``, so
a hex's six neighbours touch its six sides. Each hex shows, top to bottom, its coordinate exactly
as menus name it ("to 1,-3"), the unit on it (a short name and its owner, "Kni R1"), and its
strength (one ● per coin) beside the control marker of a location ("[R]", "[W]", "[ ]" when
nobody controls it). A legend under the grid names the owners, the short names and the marks.

     ________
    ╱ -1,-2  ╲
   ╱  Kni R1  ╲
   ╲ ●●● [R]  ╱
    ╲________╱
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from games.war_chest.glossary import GLOSSARY as G
from games.war_chest.text import faction_name, unit_name
from games.words import Seats

__all__ = ("MAX_WIDTH", "SLOPE", "Grid", "abbreviation", "owner_mark", "marker", "map_lines")

MAX_WIDTH = 100  # columns: the grid and its legend fit a wide terminal
SLOPE = 2  # rows per half hex; a slanted side moves one column per row
_TOP_WIDTHS = (8, 7, 6)  # a hex's top edge, the widest that keeps the board within MAX_WIDTH
COIN = "●"


def _t(lang: str, en: str, nl: str) -> str:
    return nl if lang == "nl" else en


def abbreviation(unit: str, lang: str) -> str:
    """Three letters for a unit, distinct among the 16: "Kni", "LCa" (Light Cavalry), "KGa"."""
    words = unit_name(unit, lang).split()
    if len(words) > 1:
        return words[0][:1].upper() + words[1][:2].capitalize()
    return words[0][:3].capitalize()


def owner_mark(seat: int, faction: str | None, lang: str) -> str:
    """A seat on the grid: its side's initial and its number from 1 ("R1", "W2")."""
    return faction_name(faction, lang)[:1].upper() + str(seat + 1)


def marker(owner: str | None, lang: str) -> str:
    """A location's control marker: the controlling side's initial, blank when nobody's."""
    return f"[{faction_name(owner, lang)[:1].upper() if owner else ' '}]"


@dataclass(frozen=True)
class Grid:
    """Where each hex is drawn: ``top`` is the width of its top edge; a hex's box starts
    ``top + SLOPE`` columns right of its western neighbour column and ``SLOPE`` rows below its
    north-western neighbour."""

    top: int
    q0: int
    y0: int  # the smallest 2r + q: drawn rows are counted in half hexes

    def origin(self, q: int, r: int) -> tuple[int, int]:
        """Row of the hex's top edge, column of its left corner."""
        return (2 * r + q - self.y0) * SLOPE, (q - self.q0) * (self.top + SLOPE)

    def width(self, columns: int) -> int:
        return columns * (self.top + SLOPE) + SLOPE


def _grid(coords: list[tuple[int, int]]) -> Grid:
    q0 = min(q for q, _ in coords)
    columns = max(q for q, _ in coords) - q0 + 1
    y0 = min(2 * r + q for q, r in coords)
    top = next((w for w in _TOP_WIDTHS if Grid(w, q0, y0).width(columns) <= MAX_WIDTH), _TOP_WIDTHS[-1])
    return Grid(top, q0, y0)


class _Canvas:
    def __init__(self, rows: int, columns: int) -> None:
        self.cells = [[" "] * columns for _ in range(rows)]

    def put(self, row: int, col: int, text: str) -> None:
        for i, ch in enumerate(text):
            self.cells[row][col + i] = ch

    def centre(self, row: int, left: int, width: int, text: str) -> None:
        text = text[:width]
        self.put(row, left + (width - len(text)) // 2, text)

    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.cells]


def _outline(canvas: _Canvas, row: int, col: int, top: int) -> None:
    """The six sides; neighbours share theirs, drawn twice with the same characters."""
    canvas.put(row, col + SLOPE, "_" * top)
    for k in range(1, SLOPE + 1):
        canvas.put(row + k, col + SLOPE - k, "╱")
        canvas.put(row + k, col + SLOPE + top + k - 1, "╲")
        canvas.put(row + SLOPE + k, col + k - 1, "╲")
        canvas.put(row + SLOPE + k, col + 2 * SLOPE + top - k, "╱")
    canvas.put(row + 2 * SLOPE, col + SLOPE, "_" * top)


def _inside(row: int, col: int, top: int, k: int) -> tuple[int, int, int]:
    """Row, first column and width of the ``k``-th line inside a hex (1 to 2 * SLOPE - 1)."""
    slant = k if k <= SLOPE else 2 * SLOPE - k + 1
    return row + k, col + SLOPE - slant + 1, top + 2 * slant - 2


def _strength(height: int, room: int) -> str:
    return COIN * height if height <= room else f"{COIN}×{height}"


def map_lines(view: dict[str, Any], lang: str) -> list[str]:
    """The board as a hex grid with a legend, from the public view (with ``names`` if it has them)."""
    lang = "nl" if lang == "nl" else "en"
    names = view.get("names")
    seats = Seats([str(n) for n in names] if isinstance(names, list) else [], lang)
    hexes: list[str] = list(view.get("hexes") or [])
    coords = [(int(a), int(b)) for a, b in (h.split(",") for h in hexes)]
    if not coords:
        return []
    grid = _grid(coords)
    locations: dict[str, str | None] = view.get("locations") or {}
    units = {u["hex"]: u for u in view.get("units") or [] if isinstance(u, dict) and "hex" in u}
    factions = {s["seat"]: s.get("faction") for s in view.get("seats") or []}
    rows = max(grid.origin(q, r)[0] for q, r in coords) + 2 * SLOPE + 1
    canvas = _Canvas(rows, grid.width(max(q for q, _ in coords) - grid.q0 + 1))
    for q, r in coords:
        _outline(canvas, *grid.origin(q, r), grid.top)
    for name, (q, r) in zip(hexes, coords, strict=True):
        row, col = grid.origin(q, r)
        canvas.centre(*_inside(row, col, grid.top, 1), name)
        unit = units.get(name)
        below: list[str] = []
        at, left, width = _inside(row, col, grid.top, 3)
        if unit is not None:
            owner = int(unit.get("owner") or 0)
            mark = owner_mark(owner, factions.get(owner), lang)
            canvas.centre(*_inside(row, col, grid.top, 2), f"{abbreviation(str(unit.get('unit')), lang)} {mark}")
            below.append(_strength(int(unit.get("height") or 1), width - (3 if name in locations else 0)))
        if name in locations:
            below.append(marker(locations[name], lang))
        # a space between strength and marker when it leaves a column free at both sides
        text = " ".join(below) if len(" ".join(below)) <= width - 2 else "".join(below)
        canvas.centre(at, left, width, text)
    title = _t(lang, "The board: each [hex] by the name menus use", "Het bord: elk [hex] met de naam uit de menu's")
    return [G.expand(title, lang), *canvas.lines(), *_legend(view, lang, seats, factions)]


def _legend(view: dict[str, Any], lang: str, seats: Seats, factions: dict[int, Any]) -> list[str]:
    owners = [f"{owner_mark(s, f, lang)} = {seats.name(s)}, {faction_name(f, lang)}" for s, f in factions.items()]
    kinds: list[str] = []
    for s in view.get("seats") or []:
        kinds += [k for k in s.get("cards") or [] if k not in kinds]
    kinds += [str(u["unit"]) for u in view.get("units") or [] if str(u.get("unit")) not in kinds]
    shorts = sorted(f"{abbreviation(k, lang)} = {unit_name(k, lang)}" for k in kinds)
    # the markers look like glossary placeholders: the words are expanded before they go in
    marks = G.expand(
        _t(
            lang,
            "{coins} = strength, one {coin} per [coin] · {raven} {wolf} = [control_marker] of {sides} · "
            "{none} = [location] without a [control_marker]",
            "{coins} = sterkte, één {coin} per [coin] · {raven} {wolf} = [control_marker] van {sides} · "
            "{none} = [location] zonder [control_marker]",
        ),
        lang,
    ).format(
        coins=COIN * 3,
        coin=COIN,
        raven=marker("raven", lang),
        wolf=marker("wolf", lang),
        sides=f"{faction_name('raven', lang)} / {faction_name('wolf', lang)}",
        none=marker(None, lang),
    )
    lines: list[str] = []
    for head, items in (
        (_t(lang, "Players", "Spelers"), owners),
        (G.expand("[Unit+]", lang), shorts),
        (_t(lang, "Marks", "Tekens"), [marks]),
    ):
        if items:
            lines += _wrap(f"{head}: ", items)
    return lines


def _wrap(head: str, items: list[str]) -> list[str]:
    """Items joined by " · " in lines of at most MAX_WIDTH, broken between items where one fits."""
    lines = [head + items[0]]
    for item in items[1:]:
        if len(lines[-1]) + 3 + len(item) <= MAX_WIDTH:
            lines[-1] += " · " + item
        else:
            lines.append("  " + item)
    out: list[str] = []
    for line in lines:  # an item longer than a line on its own is broken between words
        out += textwrap.wrap(line, width=MAX_WIDTH, subsequent_indent="  ", break_on_hyphens=False)
    return out

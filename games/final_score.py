"""A finished game's score part by part, as its rules count it: in words (the result post, /history)
and as a panel under the final picture (the chat's, the web table's, a replay's last frame).

A game's text module says what the parts are (``score_parts(details, lang)``: label and points, in
the rules' order, from ``Result.details`` of one seat) and how the game ended and which tie-break
decided (``result_notes(result, lang, names)``); this module lays them out the same for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import Result
from games.scene import Scene
from games.standing import result_from_json

__all__ = ("Part", "Column", "Style", "signed", "number", "parts_line", "columns", "add_panel", "add_final", "WORDS")

#: One part of a seat's score: its label in the reader's language and its points.
Part = tuple[str, int | float]
PartsOf = Callable[[dict[str, Any], str], list[Part]]

WORDS = {
    "en": {"title": "Final score", "total": "Total"},
    "nl": {"title": "Eindstand", "total": "Totaal"},
}


def number(value: int | float) -> str:
    """Points as people write them: whole numbers without ".0", a minus sign that reads as one."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).replace("-", "−")


def signed(value: int | float) -> str:
    """Points with their sign when they count against: "−2", "5"."""
    return number(value)


def parts_line(parts: Sequence[Part]) -> str:
    """The parts that scored, in one line: "builders 6 · event tiles 8 · barbarian battle −2"
    ("—" when none did)."""
    scored = [f"{label} {signed(value)}" for label, value in parts if value]
    return " · ".join(scored) or "—"


@dataclass(frozen=True)
class Column:
    """One scorer of the final table: a seat (or a game's non-seat player), its parts and total."""

    seat: int
    details: dict[str, Any]
    total: int | float
    winner: bool


def columns(result: Result) -> list[Column]:
    """The scorers best first: the seats by rank, then a non-seat player a game counts too (the
    fictitious player of Battles & Builders, ``extra["dummy"]``)."""
    order = sorted(result.ranks, key=lambda s: (result.ranks[s], s))
    out = [Column(s, dict(result.details.get(s) or {}), result.scores.get(s, 0), s in result.winners) for s in order]
    dummy = result.extra.get("dummy")
    if isinstance(dummy, dict) and "seat" in dummy:
        won = dummy.get("ranked") and dummy.get("rank") == 1
        out.append(Column(int(dummy["seat"]), dict(dummy.get("details") or {}), dummy.get("score", 0), bool(won)))
    return out


@dataclass(frozen=True)
class Style:
    """The colours of a game's picture the panel is drawn in."""

    ink: str
    muted: str
    paper: str
    accent: str


def add_panel(
    sc: Scene,
    result: Result,
    lang: str,
    name: Callable[[int], str],
    parts_of: PartsOf,
    notes: list[str],
    style: Style,
) -> None:
    """Draw the final score under what ``sc`` shows so far and make the scene that much taller:
    a row per part, a column per scorer (best first, winners framed), the totals, then the notes
    (how the game ended, what broke a tie)."""
    words = WORDS.get(lang, WORDS["en"])
    cols = columns(result)
    labels: list[str] = []
    cells: list[dict[str, int | float]] = []
    for col in cols:
        parts = parts_of(col.details, lang)
        cells.append(dict(parts))
        labels += [label for label, _ in parts if label not in labels]
    margin, row_h = 16.0, 26.0
    left, right = margin, sc.width - margin
    top = sc.height + 4.0
    label_w = max(150.0, min(280.0, (right - left) * 0.32))
    x0 = left + 12 + label_w
    col_w = (right - 12 - x0) / max(1, len(cols))
    head = top + 46  # the row of names, under the title
    body = head + row_h  # the first part's row
    foot = body + row_h * len(labels)  # the totals' row
    sc.rect((left, top, right, top + 1), fill=style.muted)  # set apart from the board above
    sc.text(
        left + 12,
        top + 12,
        words["title"],
        size=20,
        weight="bold",
        colour=style.ink,
        box=(left + 10, top + 10, right, top + 38),
    )
    for n in range(0, len(labels), 2):  # every other row shaded, to follow a row across
        sc.rect((left + 6, body + n * row_h, right - 6, body + (n + 1) * row_h), fill=style.paper, radius=4)
    framed = sum(col.winner for col in cols) < len(result.ranks)  # not when all share (or nobody wins)
    for i, col in enumerate(cols):
        if col.winner and framed:
            box = (x0 + col_w * i + 1, head - 2, x0 + col_w * (i + 1) - 1, foot + row_h + 4)
            sc.rect(box, outline=style.accent, width=2, radius=6)
    sc.line([(left + 6, foot + 1), (right - 6, foot + 1)], colour=style.ink, width=2)

    def cell(i: int, text: str, y: float, *, bold: bool = False, colour: str | None = None) -> None:
        box = (x0 + col_w * i + 3, y, x0 + col_w * (i + 1) - 3, y + row_h)
        weight = "bold" if bold else "regular"
        ink = colour or style.ink
        sc.text(
            x0 + col_w * (i + 0.5),
            y + row_h / 2,
            text,
            size=15,
            weight=weight,
            colour=ink,
            anchor="mm",
            box=box,
            min_size=8,
        )

    def label(text: str, y: float, *, bold: bool = False) -> None:
        box = (left + 10, y, x0 - 6, y + row_h)
        weight = "bold" if bold else "regular"
        sc.text(
            left + 12, y + row_h / 2, text, size=15, weight=weight, colour=style.ink, anchor="lm", box=box, min_size=8
        )

    for i, col in enumerate(cols):
        cell(i, name(col.seat), head, bold=True)
    for n, text in enumerate(labels):
        y = body + n * row_h
        label(text, y)
        for i, values in enumerate(cells):
            value = values.get(text)
            cell(i, "—" if value is None else signed(value), y, colour=style.ink if value else style.muted)
    label(words["total"], foot + 2, bold=True)
    for i, col in enumerate(cols):
        cell(i, signed(col.total), foot + 2, bold=True)
    y = foot + row_h + 14
    for note in notes:
        item = sc.text(left + 12, y, note, size=14, colour=style.ink, box=(left + 10, y - 2, right, y + 64), min_size=9)
        y = item["extent"][3] + 6
    sc.height = int(y + margin)


def add_final(
    sc: Scene, view: dict[str, Any], lang: str, names: list[str], text: Any, style: Style, name: Callable[[int], str]
) -> None:
    """The final score under a picture of a finished game (a view with its ``result``), with the
    game's ``text`` module's parts and notes; nothing while the game goes on. ``name`` names a
    scorer (a seat, or a game's non-seat player)."""
    stored = view.get("result")
    if not isinstance(stored, dict):
        return
    result = result_from_json(stored)
    add_panel(sc, result, lang, name, text.score_parts, text.result_notes(result, lang, names), style)

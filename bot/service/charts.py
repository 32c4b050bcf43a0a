"""A leaderboard as a small bar chart, drawn in a worker process like board pictures: described once
as a scene (games/scene.py), so a test reads its words, then drawn and encoded like a board."""

from __future__ import annotations

from typing import Any

from games.scene import Scene
from games.scene_png import encode_png, image

WIDTH, ROW, PAD = 640, 34, 14
BAR = "#b07c3a"
INK, PAPER, FAINT = "#282018", "#faf5eb", "#e1d6c4"
#: column heads in English, for callers that do not say (the chat passes the reader's language)
HEADS = ("Player", "Rating", "Won", "Played")
#: where the columns stand: the name from the left, the bar, then three figures right-aligned
NAME_RIGHT, BAR_LEFT, BAR_RIGHT = 240, 250, 420
FIGURES = (480, 555, 626)  # right edges of rating, won, played


def leaderboard_png(title: str, rows: list[tuple[str, int, int, int]], heads: tuple[str, ...] = HEADS) -> bytes:
    """``rows``: (name, rating, games, wins), best first. Bars show the rating above the lowest."""
    return encode_png(leaderboard_image(title, rows, heads))


def leaderboard_image(title: str, rows: list[tuple[str, int, int, int]], heads: tuple[str, ...] = HEADS) -> Any:
    return image(leaderboard_scene(title, rows, heads))


def leaderboard_scene(title: str, rows: list[tuple[str, int, int, int]], heads: tuple[str, ...] = HEADS) -> Scene:
    """The title, a row of column heads (``heads``: player, rating, won, played), then a row per
    player: rank and name, the rating as a bar and as a figure, games won and played."""
    height = PAD * 3 + ROW * (len(rows) + 2)
    sc = Scene(WIDTH, height, PAPER)
    sc.text(PAD, PAD, title, size=22, colour=INK, box=(PAD, PAD - 2, WIDTH - PAD, PAD + 30), min_size=12)
    y = PAD * 2 + ROW
    player, rating, won, played = heads
    head = {"size": 14, "weight": "bold", "colour": INK, "min_size": 9}
    sc.text(PAD, y + 8, player, box=(PAD, y, NAME_RIGHT, y + ROW), **head)
    sc.text(FIGURES[0], y + 8, rating, anchor="ra", box=(BAR_LEFT, y, FIGURES[0], y + ROW), **head)
    sc.text(FIGURES[1], y + 8, won, anchor="ra", box=(FIGURES[0] + 6, y, FIGURES[1], y + ROW), **head)
    sc.text(FIGURES[2], y + 8, played, anchor="ra", box=(FIGURES[1] + 6, y, FIGURES[2], y + ROW), **head)
    sc.line([(PAD, y + ROW - 3), (WIDTH - PAD, y + ROW - 3)], colour=INK, width=1)
    low = min((r[1] for r in rows), default=0) - 20
    high = max((r[1] for r in rows), default=1) + 1
    for i, (name, points, games, wins) in enumerate(rows):
        y = PAD * 2 + ROW * (i + 2)
        sc.text(PAD, y + 6, f"{i + 1}. {name}", size=17, colour=INK, box=(PAD, y, NAME_RIGHT, y + ROW), min_size=9)
        sc.rect((BAR_LEFT, y + 4, BAR_RIGHT, y + ROW - 6), fill=FAINT)
        length = (BAR_RIGHT - BAR_LEFT) * (points - low) / max(1, high - low)
        sc.rect((BAR_LEFT, y + 4, BAR_LEFT + max(2, int(length)), y + ROW - 6), fill=BAR)
        for right, value in zip(FIGURES, (points, wins, games), strict=True):
            sc.text(right, y + 6, str(value), size=17, colour=INK, anchor="ra")
    return sc

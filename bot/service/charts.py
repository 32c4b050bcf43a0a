"""A leaderboard as a small bar chart (Pillow), drawn in a worker process like board pictures."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.fonts import font
from games.scene_png import encode_png

WIDTH, ROW, PAD = 640, 34, 14
BAR = (176, 124, 58)
INK, PAPER, FAINT = (40, 32, 24), (250, 245, 235), (225, 214, 196)


def leaderboard_png(title: str, rows: list[tuple[str, int, int, int]]) -> bytes:
    """``rows``: (name, rating, games, wins), best first. Bars show the rating above the lowest."""
    return encode_png(leaderboard_image(title, rows))


def leaderboard_image(title: str, rows: list[tuple[str, int, int, int]]) -> Image.Image:
    height = PAD * 3 + ROW * (len(rows) + 1)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD), title, fill=INK, font=font(22))
    low = min((r[1] for r in rows), default=0) - 20
    high = max((r[1] for r in rows), default=1) + 1
    left, right = 250, WIDTH - 150
    for i, (name, rating, games, wins) in enumerate(rows):
        y = PAD * 2 + ROW * (i + 1)
        draw.text((PAD, y + 6), f"{i + 1}. {name}"[:26], fill=INK, font=font(17))
        draw.rectangle((left, y + 4, right, y + ROW - 6), fill=FAINT)
        length = (right - left) * (rating - low) / max(1, high - low)
        draw.rectangle((left, y + 4, left + max(2, int(length)), y + ROW - 6), fill=BAR)
        draw.text((right + 10, y + 6), f"{rating}  {wins}/{games}", fill=INK, font=font(17))
    return image

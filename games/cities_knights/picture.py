"""Board picture for Cities & Knights (Pillow, no font files).

Intersections carry their canonical number (#0-#53) so players can name them; roads, buildings,
walls, metropolises, knights (level, filled = active), robber, merchant, harbours, the barbarian
track and each player's points and improvement levels are drawn.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from games.cities_knights import data as D
from games.cities_knights.text import w
from games.fonts import font

SIZE = 58  # hex centre-to-corner in pixels
BOARD_W, BOARD_H = 800, 760
PANEL_W = 300
OX, OY = 400, 385

TERRAIN_COLOURS = {
    "forest": (46, 125, 50),
    "pasture": (139, 195, 74),
    "fields": (251, 192, 45),
    "hills": (191, 96, 52),
    "mountains": (140, 140, 150),
    "desert": (230, 210, 160),
}
SEA = (70, 130, 190)
PLAYER_COLOURS = [(220, 40, 40), (30, 90, 220), (245, 245, 245), (250, 140, 20)]
TRACK_COLOURS = {"science": (60, 170, 70), "trade": (235, 200, 40), "politics": (50, 100, 210)}
HARBOUR_LABEL = {"3:1": "3:1", "lumber": "2:1 L", "brick": "2:1 B", "wool": "2:1 W", "grain": "2:1 G", "ore": "2:1 O"}


def _px(x: float, y: float) -> tuple[float, float]:
    return OX + x * SIZE, OY + y * SIZE


def _hex_corners(q: int, r: int, scale: float = 1.0) -> list[tuple[float, float]]:
    cx, cy = D.hex_center(q, r)
    pts = []
    for dx, dy in ((0, -1), (D.SQRT3 / 2, -0.5), (D.SQRT3 / 2, 0.5), (0, 1), (-D.SQRT3 / 2, 0.5), (-D.SQRT3 / 2, -0.5)):
        pts.append(_px(cx + dx * scale, cy + dy * scale))
    return pts


def _vpos(v: str) -> tuple[float, float]:
    x, y = D.VERTEX_POS[D.VERTEX_INDEX[v]]
    return _px(x, y)


def _colour(seat: Any) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)] if isinstance(seat, int) else (0, 0, 0)


def _label(names: list[str], s: int) -> str:
    return names[s] if 0 <= s < len(names) else f"P{s}"


def image(view: dict[str, Any], lang: str, names: list[str]) -> Image.Image:
    img = Image.new("RGB", (BOARD_W + PANEL_W, BOARD_H), (24, 60, 100))
    d = ImageDraw.Draw(img)
    f_small, f_mid, f_big = font(13), font(18), font(24)

    # sea and harbours
    for q in range(-3, 4):
        for r in range(-3, 4):
            if max(abs(q), abs(r), abs(q + r)) == 3:
                d.polygon(_hex_corners(q, r), fill=SEA, outline=(40, 90, 150))
    for slot, (sq, sr) in enumerate(D.HARBOUR_SEA):
        kind = view["harbours"][slot]
        a, b = D.HARBOUR_SLOTS[slot]
        ax, ay = _vpos(a)
        bx, by = _vpos(b)
        cx, cy = _px(*D.hex_center(sq, sr))
        d.line([(ax, ay), (cx, cy), (bx, by)], fill=(240, 230, 200), width=3)
        d.ellipse([cx - 24, cy - 14, cx + 24, cy + 14], fill=(250, 245, 230), outline=(90, 70, 40))
        d.text((cx, cy), HARBOUR_LABEL.get(kind, kind), fill=(40, 30, 20), font=f_small, anchor="mm")

    # land
    for hx in view["hexes"]:
        q, r = (int(t) for t in hx["id"].split(","))
        d.polygon(_hex_corners(q, r), fill=TERRAIN_COLOURS.get(hx["terrain"], (200, 200, 200)), outline=(60, 50, 40))
        cx, cy = _px(*D.hex_center(q, r))
        if hx.get("number"):
            red = hx["number"] in (6, 8)
            d.ellipse([cx - 17, cy - 17, cx + 17, cy + 17], fill=(250, 240, 210), outline=(80, 60, 40))
            d.text((cx, cy), str(hx["number"]), fill=(200, 0, 0) if red else (20, 20, 20), font=f_mid, anchor="mm")
        if view.get("robber") == hx["id"]:
            d.ellipse([cx - 30, cy + 8, cx - 12, cy + 34], fill=(30, 30, 30), outline=(230, 230, 230))
        if view.get("merchant") == hx["id"]:
            col = _colour(view.get("merchant_owner"))
            d.rectangle([cx + 12, cy + 10, cx + 32, cy + 32], fill=col, outline=(0, 0, 0))
            d.text((cx + 22, cy + 21), "M", fill=(0, 0, 0), font=f_small, anchor="mm")

    # roads
    for eid, owner in view["roads"].items():
        a, b = eid.split("|")
        d.line([_vpos(a), _vpos(b)], fill=(0, 0, 0), width=10)
        d.line([_vpos(a), _vpos(b)], fill=_colour(owner), width=6)

    # intersections, buildings, knights
    buildings = view["buildings"]
    knights = view["knights"]
    for i, vid in enumerate(D.VERTEX_IDS):
        x, y = _vpos(vid)
        b = buildings.get(vid)
        k = knights.get(vid)
        if b:
            col = _colour(b["owner"])
            if b.get("wall"):
                d.rectangle([x - 17, y - 17, x + 17, y + 17], fill=(90, 90, 90), outline=(0, 0, 0))
            if b["kind"] == "city":
                d.rectangle([x - 13, y - 11, x + 13, y + 11], fill=col, outline=(0, 0, 0), width=2)
                d.polygon([(x - 13, y - 11), (x - 6, y - 18), (x + 1, y - 11)], fill=col, outline=(0, 0, 0))
            else:
                d.polygon(
                    [(x - 9, y + 8), (x + 9, y + 8), (x + 9, y - 3), (x, y - 11), (x - 9, y - 3)],
                    fill=col,
                    outline=(0, 0, 0),
                )
                if b["kind"] == "sideways":
                    d.line([(x - 9, y + 8), (x + 9, y - 3)], fill=(0, 0, 0), width=2)
            if b.get("metropolis"):
                mc = TRACK_COLOURS.get(b["metropolis"], (255, 255, 255))
                d.regular_polygon((x + 14, y - 16, 11), 5, fill=mc, outline=(0, 0, 0))
                d.text((x + 14, y - 16), "M", fill=(0, 0, 0), font=font(11), anchor="mm")
        elif k:
            col = _colour(k["owner"])
            fill = col if k["active"] else (40, 40, 40)
            d.ellipse([x - 13, y - 13, x + 13, y + 13], fill=fill, outline=col, width=3)
            txt = (0, 0, 0) if k["active"] and k["owner"] != 1 else (255, 255, 255)
            d.text((x, y), str(k["level"]), fill=txt, font=f_mid, anchor="mm")
        else:
            d.ellipse([x - 9, y - 7, x + 9, y + 7], fill=(255, 255, 255), outline=(60, 60, 60))
            d.text((x, y), str(i), fill=(20, 20, 20), font=font(11), anchor="mm")

    # barbarian track (top left)
    steps = view.get("barbarian_steps", 7)
    for s in range(steps + 1):
        x0, y0 = 20 + s * 30, 20
        filled = s == view.get("barbarian", 0)
        d.rectangle([x0, y0, x0 + 24, y0 + 24], fill=(180, 30, 30) if filled else (230, 230, 230), outline=(0, 0, 0))
        d.text((x0 + 12, y0 + 12), str(s), fill=(0, 0, 0), font=f_small, anchor="mm")
    d.text((20, 50), "barbarians" if lang == "en" else "barbaren", fill=(255, 255, 255), font=f_small)
    legend = (
        "intersections #0-#53 · paths #a-#b · knight: number = strength, filled = active"
        if lang == "en"
        else "kruispunten #0-#53 · wegen #a-#b · ridder: getal = sterkte, gevuld = actief"
    )
    d.text((BOARD_W - 10, 14), legend, fill=(255, 255, 255), font=f_small, anchor="ra")
    if view.get("dice"):
        dice = view["dice"]
        d.text(
            (20, BOARD_H - 36),
            f"{w(lang, 'red')} {dice['red']} + {w(lang, 'yellow_die')} {dice['yellow']} · {w(lang, dice['event'])}",
            fill=(255, 255, 255),
            font=f_mid,
        )

    # side panel
    px = BOARD_W + 10
    d.rectangle([BOARD_W, 0, BOARD_W + PANEL_W, BOARD_H], fill=(245, 240, 228))
    y = 14
    for p in view["players"]:
        s = p["seat"]
        col = _colour(s)
        d.rectangle([px, y, px + 18, y + 18], fill=col, outline=(0, 0, 0))
        d.text((px + 26, y), _label(names, s)[:18], fill=(0, 0, 0), font=f_mid)
        if view.get("turn") == s and view.get("phase") != "over":
            d.polygon([(px + 176, y + 2), (px + 176, y + 18), (px + 164, y + 10)], fill=(0, 0, 0))
        d.text((px + 230, y), f"{p['points']}", fill=(0, 0, 0), font=f_big, anchor="ra")
        y += 26
        extras = []
        if view.get("longest_road") == s:
            extras.append("LR")
        if view.get("merchant_owner") == s:
            extras.append("M")
        if p.get("defenders"):
            extras.append(f"Def {p['defenders']}")
        d.text(
            (px, y),
            f"{w(lang, 'cards')} {p['hand_count']}  {w(lang, 'progress')} {p['progress_count']}  "
            f"{w(lang, 'knight')} {p['knight_strength']}  {' '.join(extras)}",
            fill=(40, 40, 40),
            font=f_small,
        )
        y += 18
        for t, colr in TRACK_COLOURS.items():
            lvl = p["levels"][t]
            for k in range(5):
                x0 = px + k * 22
                d.rectangle([x0, y, x0 + 18, y + 12], fill=colr if k < lvl else (255, 255, 255), outline=(0, 0, 0))
            d.text((px + 116, y - 1), w(lang, t), fill=(40, 40, 40), font=f_small)
            y += 16
        y += 12
    if "hand" in view:
        d.text((px, y), w(lang, "hand") + ":", fill=(0, 0, 0), font=f_small)
        y += 16
        hand = ", ".join(f"{n} {w(lang, k)}" for k, n in view["hand"].items() if n) or "-"
        d.text((px, y), hand[:44], fill=(0, 0, 0), font=f_small)
        y += 16
    items = list(view.get("bank", {}).items())
    d.text((px, BOARD_H - 118), w(lang, "bank") + ":", fill=(60, 60, 60), font=f_small)
    for row, chunk in enumerate((items[:3], items[3:5], items[5:])):
        line = "  ".join(f"{w(lang, k)} {n}" for k, n in chunk)
        d.text((px, BOARD_H - 100 + row * 18), line, fill=(60, 60, 60), font=f_small)
    decks = " · ".join(f"{w(lang, k)} {n}" for k, n in view.get("decks", {}).items())
    d.text((px, BOARD_H - 40), decks, fill=(60, 60, 60), font=f_small)

    return img


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes:
    """The picture as PNG, quickly compressed: it is drawn after every action."""
    buf = io.BytesIO()
    image(view, lang, names).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()

"""A PNG of the War Chest board for one view: hexes with the coordinates players type, locations
with their owner, unit stacks with name and strength, whose turn, and each side's public coins."""

from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from games.war_chest import data as D
from games.war_chest.text import unit_name

__all__ = ("render",)

_WIDTH = 1000
_SIZE = 38  # hex radius in px: the 11 columns of the 4-player board fit in ~650 px
_PANEL_X = 675
_BG = (238, 232, 218)
_HEX = (214, 204, 178)
_HEX_LINE = (140, 128, 100)
_NEUTRAL = (70, 140, 70)
_FACTION_COL = {"raven": (50, 60, 110), "wolf": (150, 70, 40)}
_SEAT_COL = [(40, 55, 120), (165, 70, 35), (70, 95, 170), (200, 115, 50)]
_TEXT = (30, 30, 30)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _centre(q: int, r: int, ox: float, oy: float) -> tuple[float, float]:
    # flat-topped (§3.1): column q, drawn row r + q/2
    return ox + q * 1.5 * _SIZE, oy + (r + q / 2) * math.sqrt(3) * _SIZE


def _corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k))) for k in range(6)]


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes:
    hexes = [D.HEX_INDEX[tuple(int(x) for x in h.split(","))] for h in view.get("hexes", [])]  # type: ignore[misc]
    coords = [D.COORDS[i] for i in hexes]
    ys = [r + q / 2 for q, r in coords] or [0.0]
    qs = [q for q, _ in coords] or [0]
    board_h = (max(ys) - min(ys)) * math.sqrt(3) * _SIZE + 2 * _SIZE + 60
    seats = view.get("seats", [])
    panel_h = 70 + 120 * len(seats)
    height = int(max(board_h, panel_h) + 20)
    img = Image.new("RGB", (_WIDTH, height), _BG)
    draw = ImageDraw.Draw(img)
    small, mid, big = _font(11), _font(14), _font(18)
    ox = 20 + _SIZE - min(qs) * 1.5 * _SIZE + (_PANEL_X - 40 - (max(qs) - min(qs)) * 1.5 * _SIZE - 2 * _SIZE) / 2
    oy = 50 + _SIZE - min(ys) * math.sqrt(3) * _SIZE
    locations: dict[str, str | None] = view.get("locations", {})
    units = {u["hex"]: u for u in view.get("units", [])}
    for name, (q, r) in zip(view.get("hexes", []), coords):
        cx, cy = _centre(q, r, ox, oy)
        draw.polygon(_corners(cx, cy, _SIZE - 1), fill=_HEX, outline=_HEX_LINE)
        if name in locations:
            owner = locations[name]
            col = _FACTION_COL.get(owner or "", _NEUTRAL)
            draw.ellipse((cx - 27, cy - 27, cx + 27, cy + 27), outline=col, width=5 if owner else 3)
        u = units.get(name)
        if u is not None:
            col = _SEAT_COL[u["owner"] % len(_SEAT_COL)]
            draw.rounded_rectangle((cx - 29, cy - 16, cx + 29, cy + 22), radius=7, fill=col)
            label = unit_name(u["unit"], lang)
            short = label if len(label) <= 9 else label[:8] + "."
            draw.text((cx, cy - 6), short, fill=(255, 255, 255), font=small, anchor="mm")
            draw.text((cx, cy + 10), f"x{u['height']}", fill=(255, 255, 255), font=mid, anchor="mm")
        draw.text((cx, cy - _SIZE + 11), name, fill=_TEXT, font=small, anchor="mm")
    # header: whose turn
    title = "War Chest"
    phase = view.get("phase")
    if phase == "over":
        winners = view.get("winners") or []
        if winners:
            who = " & ".join(names[s] if s < len(names) else f"P{s}" for s in winners)
            title += " - " + (f"{who} wint" if lang == "nl" else f"{who} won")
        else:
            title += " - " + ("patstelling" if lang == "nl" else "stalemate")
    else:
        for p in view.get("pending", []):
            s = p["seat"]
            who = names[s] if s < len(names) else f"P{s}"
            title += " - " + (f"aan zet: {who}" if lang == "nl" else f"to play: {who}")
        if view.get("round"):
            title += f" - {'ronde' if lang == 'nl' else 'round'} {view['round']}"
    draw.text((20, 14), title, fill=_TEXT, font=big)
    # side panel: each seat's public coins
    y = 50
    x = _PANEL_X
    for s in seats:
        seat = s["seat"]
        who = names[seat] if seat < len(names) else f"P{seat}"
        col = _SEAT_COL[seat % len(_SEAT_COL)]
        draw.rectangle((x, y + 2, x + 14, y + 16), fill=col)
        mark = " *" if view.get("initiative") == seat else ""
        draw.text((x + 20, y), f"{who} ({s['faction']}){mark}", fill=_TEXT, font=mid)
        y += 22
        supply = ", ".join(f"{unit_name(k, lang)} {n}" for k, n in s["supply"].items())
        draw.text((x, y), ("voorraad: " if lang == "nl" else "supply: ") + supply, fill=_TEXT, font=small)
        y += 16
        up = ", ".join(f"{unit_name(k, lang)} {n}" for k, n in s["discard_up"].items()) or "-"
        draw.text((x, y), ("open afgelegd: " if lang == "nl" else "face-up discard: ") + up, fill=_TEXT, font=small)
        y += 16
        line = (
            f"hand {s['hand']}, zak {s['bag']}, dicht afgelegd {s['discard_down']}"
            if lang == "nl"
            else f"hand {s['hand']}, bag {s['bag']}, face-down discard {s['discard_down']}"
        )
        draw.text((x, y), line, fill=_TEXT, font=small)
        y += 16
        gone = ", ".join(f"{unit_name(k, lang)} {n}" for k, n in s["eliminated"].items()) or "-"
        draw.text((x, y), ("uit het spel: " if lang == "nl" else "eliminated: ") + gone, fill=_TEXT, font=small)
        y += 34
    reserve = view.get("reserve", {})
    markers = view.get("markers", 0)
    line = "  ".join(f"{f}: {markers - n}/{markers}" for f, n in reserve.items())
    draw.text((x, y), ("bolwerken " if lang == "nl" else "locations ") + line, fill=_TEXT, font=mid)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()

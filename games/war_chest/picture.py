"""A PNG of the War Chest board for one view: hexes with the coordinates players type, locations
with their owner, unit stacks with name and strength, whose turn, and each side's public coins."""

from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from games.fonts import font
from games.war_chest import data as D
from games.war_chest.text import faction_name, unit_name

__all__ = ("render",)

_WIDTH = 1000
_PANEL_W = 320  # right-hand column: each side's public coins
_BOARD_W = _WIDTH - _PANEL_W - 20
_MAX_SIZE = 52  # hex radius in px; the 11 columns of the 4-player board get less
_BG = (238, 232, 218)
_HEX = (214, 204, 178)
_HEX_LINE = (140, 128, 100)
_NEUTRAL = (70, 140, 70)
_FACTION_COL = {"raven": (50, 60, 110), "wolf": (150, 70, 40)}
_SEAT_COL = [(40, 55, 120), (165, 70, 35), (70, 95, 170), (200, 115, 50)]
_TEXT = (30, 30, 30)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k))) for k in range(6)]


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: Font, width: int) -> list[str]:
    """Break ``text`` at spaces so each line fits ``width`` pixels."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        probe = f"{line} {word}" if line else word
        if line and draw.textlength(probe, font=font) > width:
            lines.append(line)
            line = "   " + word
        else:
            line = probe
    lines.append(line)
    return lines


def _who(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat}"


def image(view: dict[str, Any], lang: str, names: list[str]) -> Image.Image:
    nl = lang == "nl"
    hex_names: list[str] = view.get("hexes", [])
    coords = [D.COORDS[D.HEX_INDEX[(int(a), int(b))]] for a, b in (h.split(",") for h in hex_names)]
    qs = [q for q, _ in coords] or [0]
    ys = [r + q / 2 for q, r in coords] or [0.0]
    size = min(_MAX_SIZE, _BOARD_W / ((max(qs) - min(qs)) * 1.5 + 2))
    row = math.sqrt(3) * size
    board_h = (max(ys) - min(ys)) * row + row + 70
    seats = view.get("seats", [])
    height = int(max(board_h, 180 + 150 * len(seats)) + 10)
    img = Image.new("RGB", (_WIDTH, height), _BG)
    draw = ImageDraw.Draw(img)
    f_coord, f_unit, f_height = (
        font(max(11, int(size * 0.30))),
        font(max(12, int(size * 0.30))),
        font(max(14, int(size * 0.38))),
    )
    f_panel, f_head, f_title = font(14), font(17), font(22)
    span = (max(qs) - min(qs)) * 1.5 * size
    ox = 10 + size + (_BOARD_W - span - 2 * size) / 2 - min(qs) * 1.5 * size
    oy = 60 + row / 2 - min(ys) * row
    locations: dict[str, str | None] = view.get("locations", {})
    units = {u["hex"]: u for u in view.get("units", [])}
    for name, (q, r) in zip(hex_names, coords):
        # flat-topped (§3.1): column q, drawn row r + q/2
        cx, cy = ox + q * 1.5 * size, oy + (r + q / 2) * row
        draw.polygon(_corners(cx, cy, size - 1), fill=_HEX, outline=_HEX_LINE)
        if name in locations:
            owner = locations[name]
            ring = size * 0.72
            draw.ellipse(
                (cx - ring, cy - ring, cx + ring, cy + ring),
                outline=_FACTION_COL.get(owner or "", _NEUTRAL),
                width=max(3, int(size / 9)) if owner else 3,
            )
        u = units.get(name)
        if u is not None:
            col = _SEAT_COL[u["owner"] % len(_SEAT_COL)]
            w, top, bottom = size * 0.8, -size * 0.38, size * 0.6
            draw.rounded_rectangle((cx - w, cy + top, cx + w, cy + bottom), radius=int(size / 6), fill=col)
            label = unit_name(u["unit"], lang)
            while len(label) > 3 and draw.textlength(label, font=f_unit) > 2 * w - 6:
                label = label[:-2] + "."
            draw.text((cx, cy - size * 0.17), label, fill=(255, 255, 255), font=f_unit, anchor="mm")
            draw.text((cx, cy + size * 0.3), f"x{u['height']}", fill=(255, 255, 255), font=f_height, anchor="mm")
        # the coordinate players type, on a patch so a location ring never hides it
        ty = cy - size * 0.66
        box = draw.textbbox((cx, ty), name, font=f_coord, anchor="mm")
        draw.rectangle((box[0] - 2, box[1] - 1, box[2] + 2, box[3] + 1), fill=_HEX)
        draw.text((cx, ty), name, fill=_TEXT, font=f_coord, anchor="mm")
    # title: whose turn or who won
    title = "War Chest"
    if view.get("phase") == "over":
        winners = view.get("winners") or []
        if winners:
            who = " & ".join(_who(names, s) for s in winners)
            title += " - " + (f"{who} {'wint' if len(winners) == 1 else 'winnen'}" if nl else f"{who} won")
        else:
            title += " - " + ("patstelling" if nl else "stalemate")
    else:
        if view.get("round"):
            title += f" - {'ronde' if nl else 'round'} {view['round']}"
        for p in view.get("pending", []):
            title += " - " + (f"aan zet: {_who(names, p['seat'])}" if nl else f"to play: {_who(names, p['seat'])}")
    draw.text((16, 14), title, fill=_TEXT, font=f_title)
    # side panel: each seat's public coins
    x, y = _WIDTH - _PANEL_W, 60
    for s in seats:
        seat = s["seat"]
        draw.rectangle((x, y + 3, x + 16, y + 19), fill=_SEAT_COL[seat % len(_SEAT_COL)])
        mark = " *" if view.get("initiative") == seat and view.get("phase") != "draft" else ""
        draw.text(
            (x + 22, y), f"{_who(names, seat)} ({faction_name(s['faction'], lang)}){mark}", fill=_TEXT, font=f_head
        )
        y += 26
        up = ", ".join(f"{unit_name(k, lang)} {n}" for k, n in s["discard_up"].items()) or "-"
        gone = ", ".join(f"{unit_name(k, lang)} {n}" for k, n in s["eliminated"].items()) or "-"
        rows = [
            ("voorraad: " if nl else "supply: ")
            + (", ".join(f"{unit_name(k, lang)} {n}" for k, n in s["supply"].items()) or "-"),
            ("open afgelegd: " if nl else "face-up discard: ") + up,
            f"hand {s['hand']}, zak {s['bag']}, dicht {s['discard_down']}"
            if nl
            else f"hand {s['hand']}, bag {s['bag']}, face-down {s['discard_down']}",
            ("uit het spel: " if nl else "eliminated: ") + gone,
        ]
        for text in rows:
            for line in _wrap(draw, text, f_panel, _PANEL_W - 10):
                draw.text((x, y), line, fill=_TEXT, font=f_panel)
                y += 18
        y += 14
    reserve = view.get("reserve", {})
    markers = view.get("markers", 0)
    held = ", ".join(f"{faction_name(f, lang)} {markers - n}/{markers}" for f, n in reserve.items())
    draw.text((x, y), ("bolwerken: " if nl else "locations: ") + held, fill=_TEXT, font=f_head)
    y += 30
    # legend for the location rings
    for col, label in (
        (_NEUTRAL, "neutraal bolwerk" if nl else "neutral location"),
        (_FACTION_COL["raven"], faction_name("raven", lang)),
        (_FACTION_COL["wolf"], faction_name("wolf", lang)),
    ):
        draw.ellipse((x, y + 2, x + 16, y + 18), outline=col, width=3)
        draw.text((x + 24, y), label, fill=_TEXT, font=f_panel)
        y += 22
    return img


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes:
    """The picture as PNG, quickly compressed: it is drawn after every action."""
    buf = io.BytesIO()
    image(view, lang, names).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()

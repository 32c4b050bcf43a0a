"""Battles & Builders table picture (Pillow): the public or one seat's view as a PNG."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from games.battles_builders import data as D
from games.battles_builders import text as T
from games.fonts import font

W, H = 1000, 600
BG = (244, 238, 224)
INK = (40, 34, 28)
MUTED = (130, 120, 105)
TERRAIN_FILL = {
    D.URBAN: (176, 160, 140),
    D.OPEN_FIELD: (150, 196, 120),
    D.MOUNTAIN: (150, 150, 170),
    D.BARBARIAN: (190, 90, 70),
}
DIE_FILL = {D.GREEN: (70, 160, 80), D.YELLOW: (230, 200, 60), D.RED: (200, 60, 50)}
SEAT_FILL = [(60, 110, 190), (200, 120, 40), (120, 70, 160), (40, 150, 140), (110, 110, 110)]
LABELS = {
    "en": {
        "round": "Round",
        "score": "pts",
        "stock": "stock",
        "committed": "committed",
        "hidden": "hidden",
        "none": "-",
        "display": "Strategy tiles",
        "over": "Game over",
        "deck": "tiles left",
        "virtual": "virtual",
    },
    "nl": {
        "round": "Ronde",
        "score": "ptn",
        "stock": "voorraad",
        "committed": "ingezet",
        "hidden": "verborgen",
        "none": "-",
        "display": "Strategietegels",
        "over": "Spel voorbij",
        "deck": "tegels over",
        "virtual": "virtueel",
    },
}
SHORT_KIND = {
    "en": {D.BUILDER: "B", D.INFANTRY: "I", D.CAVALRY: "C", D.ARCHER: "A", D.KING: "K"},
    "nl": {D.BUILDER: "B", D.INFANTRY: "I", D.CAVALRY: "C", D.ARCHER: "BS", D.KING: "K"},
}


def _name(seat: int, names: list[str], lang: str) -> str:
    return T.who(seat, names, lang)


def _chips(chips: dict[str, int] | None, lang: str) -> str:
    if not chips:
        return LABELS[lang]["none"]
    short = SHORT_KIND[lang]
    parts = [f"{n}{short[k]}" for k, n in chips.items() if n]
    return " ".join(parts) if parts else "0"


def _wrap(d: ImageDraw.ImageDraw, text: str, font: Any, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and d.textlength(f"{lines[-1]} {word}", font=font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def image(view: dict[str, Any], lang: str, names: list[str]) -> Image.Image:
    lang = lang if lang in LABELS else "en"
    L = LABELS[lang]
    img = Image.new("RGB", (W, H), BG)
    d = ImageDraw.Draw(img)
    f_big, f_mid, f_small, f_tiny = font(28), font(20), font(16), font(14)

    # title and round track
    d.text((20, 16), "Battles & Builders", fill=INK, font=f_big)
    rounds = int(view.get("rounds") or 8)
    current = int(view.get("round") or 1)
    over = bool(view.get("over"))
    x0 = 360
    step = min(70, (W - x0 - 30) // max(rounds, 1))
    for r in range(1, rounds + 1):
        cx = x0 + (r - 1) * step + 22
        done = r < current or over
        fill = INK if (r == current and not over) else ((200, 190, 170) if done else BG)
        d.ellipse((cx - 20, 14, cx + 20, 54), fill=fill, outline=INK, width=2)
        colour = BG if (r == current and not over) else INK
        d.text((cx, 34), str(r), fill=colour, font=f_mid, anchor="mm")

    # event tile
    ev = view.get("event")
    d.rounded_rectangle((20, 80, 300, 330), radius=14, fill=(255, 252, 244), outline=INK, width=2)
    if ev:
        fill = TERRAIN_FILL.get(ev["terrain"], (200, 200, 200))
        d.rounded_rectangle((34, 94, 286, 220), radius=10, fill=fill, outline=INK, width=2)
        d.text((48, 104), ev["id"], fill=INK, font=f_big)
        d.text((272, 104), f"{ev['value']:+d}", fill=INK, font=f_big, anchor="ra")
        d.text((48, 180), T.terrain_name(ev["terrain"], lang), fill=INK, font=f_mid)
        y = 232
        for army in D.ARMIES:
            colour = ev.get("colours", {}).get(army, D.YELLOW)
            d.rounded_rectangle((40, y, 64, y + 24), radius=4, fill=DIE_FILL[colour], outline=INK)
            d.text((74, y + 2), T.KIND_NAMES[lang][army][1], fill=INK, font=f_small)
            y += 30
    else:
        d.text((160, 205), L["over"], fill=INK, font=f_big, anchor="mm")
    d.text((20, 338), f"{view.get('deck_left', 0)} {L['deck']}", fill=MUTED, font=f_small)

    # strategy tile display: taken tiles greyed with their holder
    d.text((20, 372), L["display"], fill=INK, font=f_mid)
    taken = view.get("taken", {})
    display = set(view.get("display", []))
    for i, tile in enumerate(D.STRATEGY_TILES):
        bx = 20 + (i % 3) * 94
        by = 402 + (i // 3) * 62
        on = tile in display
        d.rounded_rectangle(
            (bx, by, bx + 88, by + 56),
            radius=8,
            fill=(255, 244, 210) if on else (220, 214, 200),
            outline=INK if on else MUTED,
            width=2,
        )
        for k, line in enumerate(_wrap(d, T.tile_name(tile, lang), f_tiny, 80)[:2]):
            d.text((bx + 5, by + 4 + k * 16), line, fill=INK if on else MUTED, font=f_tiny)
        if not on and tile in taken:
            d.text((bx + 83, by + 52), _name(taken[tile], names, lang)[:10], fill=INK, font=f_tiny, anchor="rd")

    # last dice thrown this round (or the last round that rolled), latest value per die
    dice_of: dict[int, dict[int, tuple[str, int]]] = {}
    totals: dict[int, int] = {}
    for throw in view.get("dice", []):
        mine = dice_of.setdefault(throw["seat"], {})
        for i, c, v in zip(throw["dice"], throw["colours"], throw["values"]):
            mine[i] = (c, v)
        totals[throw["seat"]] = throw["total"]

    # players: one row each, their dice at the bottom of the row
    entries = list(view.get("seats", []))
    if view.get("dummy"):
        entries.append(view["dummy"])
    waiting = set(view.get("waiting") or [])
    row_h = min(128, (H - 80) // max(len(entries), 1))
    y = 80
    for s in entries:
        p = s["seat"]
        colour = SEAT_FILL[p] if not s.get("dummy") else SEAT_FILL[-1]
        box = (320, y, 980, y + row_h - 8)
        d.rounded_rectangle(box, radius=10, fill=(255, 252, 244), outline=colour, width=4 if p in waiting else 2)
        label = _name(p, names, lang)[:26]
        d.text((334, y + 8), label, fill=colour, font=f_mid)
        if p == view.get("start_player") and not s.get("dummy"):
            lx = 334 + int(d.textlength(label, font=f_mid)) + 10
            d.ellipse((lx, y + 8, lx + 22, y + 30), fill=INK)
            d.text((lx + 11, y + 19), "S", fill=BG, font=f_small, anchor="mm")
        d.text((966, y + 8), f"{s['score']} {L['score']}", fill=INK, font=f_mid, anchor="ra")
        chips = s.get("chips", {})
        virtual = s.get("virtual", {})
        chip_text = "  ".join(
            f"{v}:{chips.get(n, 0)}" + (f" (+{virtual[n]} {L['virtual']})" if virtual.get(n) else "")
            for n, v in zip(D.DENOM_NAMES, ("+3", "+1", "-1"))
        )
        d.text((334, y + 36), chip_text, fill=INK, font=f_small)
        held = list(s.get("event_tiles", [])) + [T.tile_name(x, lang) for x in s.get("strategy_tiles", [])]
        d.text((966, y + 36), ", ".join(held)[:52] or L["none"], fill=INK, font=f_small, anchor="ra")
        if s.get("commit") is not None:
            commit = f"{L['committed']}: {_chips(s['commit'], lang)}"
        elif s.get("commit_count") is not None:
            commit = f"{L['committed']}: {s['commit_count']} ({L['hidden']})"
        elif s.get("committed"):
            commit = f"{L['committed']} ({L['hidden']})"
        else:
            commit = ""
        d.text((334, y + 58), commit, fill=INK, font=f_small)
        stock = s.get("stock")
        if stock is not None:
            d.text((966, y + 58), f"{L['stock']}: {_chips(stock, lang)}", fill=MUTED, font=f_small, anchor="ra")
        if p in dice_of and row_h >= 118:
            x = 334
            for i in sorted(dice_of[p]):
                c, v = dice_of[p][i]
                d.rounded_rectangle((x, y + 80, x + 28, y + 108), radius=5, fill=DIE_FILL.get(c, MUTED), outline=INK)
                d.text((x + 14, y + 94), str(v), fill=INK if c == D.YELLOW else BG, font=f_small, anchor="mm")
                x += 34
            d.text((x + 6, y + 94), f"= {totals[p]}", fill=INK, font=f_mid, anchor="lm")
        y += row_h

    return img


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes:
    """The picture as PNG, quickly compressed: it is drawn after every action."""
    buf = io.BytesIO()
    image(view, lang, names).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()

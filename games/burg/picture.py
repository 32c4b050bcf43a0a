"""The board of Im Schutze der Burg as a PNG (Pillow), drawn from a view only.

About 1000 px wide: the round track on top, then the trade fields with their helpers, the
watchtower, forge and general supply; the castle buildings with builder and helper spaces (free
spaces show their fee); towers and houses; the players with taler, VP, resources and helpers.
Text is set in the font of ``games.fonts``.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from games.fonts import font

from .text import T, building_name, card_name, field_name, res_name, space_name, winter_name

__all__ = ("render",)

W = 1000
BG = (244, 236, 220)
INK = (40, 34, 28)
MUTED = (120, 110, 98)
PANEL = (232, 221, 199)
EDGE = (160, 140, 110)
SEATS = [(200, 50, 50), (40, 90, 190), (40, 150, 70), (220, 160, 20)]
RES_COLOURS = {
    "sand": (230, 205, 140),
    "wood": (140, 90, 45),
    "clay": (196, 96, 60),
    "stone": (130, 130, 135),
    "silver": (205, 210, 220),
}
RES = ("sand", "wood", "clay", "stone", "silver")
LABELS = {
    "en": {
        "round": "Round {r}/{R}",
        "start": "start player: {p}",
        "bank": "bank: {n} taler",
        "fields": "Trade fields",
        "tower": "Watchtower",
        "supply": "Supply",
        "forge": "Forge silver: {n}",
        "castle": "Castle",
        "walls": "Towers and houses",
        "players": "Players",
        "unbuilt": "not built",
        "prebuilt": "from the start",
        "by": "built by {p}",
        "free": "free",
        "helpers": "helpers {n}/{t}",
        "played": "played: {c}",
        "workers": "Worker cards",
        "winter": "Winter",
        "deck": "deck {n}",
        "guests": "guests: {g}",
        "over": "Game over",
        "now": "Now: {p} — {c}",
        "choosing": "Choosing cards: waiting for {p}",
        "hand": "Your hand: {c}",
    },
    "nl": {
        "round": "Ronde {r}/{R}",
        "start": "startspeler: {p}",
        "bank": "bank: {n} taler",
        "fields": "Grondstofvelden",
        "tower": "Wachttoren",
        "supply": "Voorraad",
        "forge": "Zilver in de smederij: {n}",
        "castle": "Burcht",
        "walls": "Torens en huizen",
        "players": "Spelers",
        "unbuilt": "niet gebouwd",
        "prebuilt": "vanaf de start",
        "by": "gebouwd door {p}",
        "free": "vrij",
        "helpers": "werkers {n}/{t}",
        "played": "gespeeld: {c}",
        "workers": "Arbeiderskaarten",
        "winter": "Winter",
        "deck": "stapel {n}",
        "guests": "gasten: {g}",
        "over": "Einde van het spel",
        "now": "Nu: {p} — {c}",
        "choosing": "Kaarten kiezen: wachten op {p}",
        "hand": "Je hand: {c}",
    },
}


F_BIG, F_MID, F_SMALL, F_TINY = font(26), font(20), font(17), font(14)


def _name(names: list[str], seat: int | None, lang: str) -> str:
    if seat is None:
        return "-"
    if 0 <= seat < len(names):
        return names[seat]
    return T["nl" if lang == "nl" else "en"]["player"].format(n=seat + 1)


def _colour(seat: int | None) -> tuple[int, int, int]:
    return MUTED if seat is None else SEATS[seat % len(SEATS)]


def _pawn(d: ImageDraw.ImageDraw, x: int, y: int, seat: int | None, r: int = 9) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=_colour(seat), outline=INK)


def _res_chip(d: ImageDraw.ImageDraw, x: int, y: int, res: str, n: int, size: int = 18) -> int:
    """A coloured square with a count beside it; returns the x after it."""
    d.rectangle((x, y, x + size, y + size), fill=RES_COLOURS[res], outline=INK)
    d.text((x + size + 4, y + size // 2), str(n), font=F_SMALL, fill=INK, anchor="lm")
    return x + size + 30


def image(view: dict[str, Any], lang: str, names: list[str]) -> Image.Image:
    lang = "nl" if lang == "nl" else "en"
    L = LABELS[lang]
    players = view["players"]
    buildings = view["buildings"]
    castle = [b for b in buildings if b["spaces"]]
    walls = [b for b in buildings if not b["spaces"]]
    rows_castle = (len(castle) + 2) // 3
    height = 60 + 60 + 150 + 30 + rows_castle * 112 + 40 + 70 + 40 + 24 + len(players) * 66 + 90
    img = Image.new("RGB", (W, height), BG)
    d = ImageDraw.Draw(img)

    # header and round track ------------------------------------------------------------------
    y = 12
    title = " · ".join(
        (
            L["round"].format(r=view["round"], R=view["rounds"]),
            L["start"].format(p=_name(names, view["start_player"], lang)),
            L["bank"].format(n=view["bank"]),
        )
    )
    if view.get("phase") == "over":
        title += f" · {L['over']}"
    d.text((16, y), title, font=F_BIG, fill=INK)
    y += 40
    rounds = view["rounds"]
    winter_fields = set(view.get("winter", {}).get("fields", [])) if view.get("winter", {}).get("enabled") else set()
    step = min(60, (W - 40) // max(rounds, 1))
    coins_left = view["track"]
    for i in range(rounds):
        field = rounds - i  # fields count down; round i+1 plays field rounds-i
        x = 20 + i * step
        box = (x, y, x + step - 6, y + 44)
        current = i + 1 == view["round"]
        d.rounded_rectangle(
            box,
            6,
            fill=(210, 225, 245) if field in winter_fields else PANEL,
            outline=INK if current else EDGE,
            width=3 if current else 1,
        )
        d.text((x + 5, y + 3), str(field), font=F_TINY, fill=MUTED)
        if field <= coins_left:
            cx, cy = x + (step - 6) // 2, y + 28
            d.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(218, 165, 32), outline=INK)
        if field in winter_fields:
            d.text((x + step - 10, y + 3), "*", font=F_SMALL, fill=(40, 90, 190), anchor="ra")
    y += 60

    # trade fields, watchtower, supply ----------------------------------------------------------
    d.text((16, y), L["fields"], font=F_MID, fill=INK)
    fx = 16
    for f in view["trade_fields"]:
        box = (fx, y + 24, fx + 112, y + 140)
        d.rounded_rectangle(box, 8, fill=PANEL, outline=EDGE)
        d.text((fx + 8, y + 30), field_name(f["id"], lang), font=F_SMALL, fill=INK)
        d.rectangle((fx + 8, y + 52, fx + 26, y + 70), fill=RES_COLOURS[f["resource"]], outline=INK)
        d.text((fx + 32, y + 61), f"+{f['yield']} {res_name(f['resource'], lang)}", font=F_SMALL, fill=INK, anchor="lm")
        if f["seat"] is None:
            d.text((fx + 8, y + 100), L["free"], font=F_SMALL, fill=MUTED)
        else:
            _pawn(d, fx + 18, y + 108, f["seat"])
            d.text((fx + 32, y + 108), _name(names, f["seat"], lang)[:11], font=F_SMALL, fill=INK, anchor="lm")
        fx += 120
    tx = 630
    d.text((tx, y), L["tower"], font=F_MID, fill=INK)
    x = tx
    for r in RES:
        x = _res_chip(d, x, y + 28, r, view["watchtower"][r])
    d.text((tx, y + 58), L["supply"], font=F_MID, fill=INK)
    x = tx
    for r in RES:
        x = _res_chip(d, x, y + 84, r, view["supply"][r])
    d.text((tx, y + 112), L["forge"].format(n=view["forge"]), font=F_SMALL, fill=INK)
    x = tx
    for r in RES:  # legend: which colour is which resource
        d.rectangle((x, y + 132, x + 10, y + 142), fill=RES_COLOURS[r], outline=INK)
        d.text((x + 14, y + 137), res_name(r, lang), font=F_TINY, fill=MUTED, anchor="lm")
        x += 68
    y += 150

    # castle buildings ------------------------------------------------------------------------
    d.text((16, y), f"{L['castle']} ({view['built_count']}/{view['to_build']})", font=F_MID, fill=INK)
    y += 26
    cw, ch = 318, 104
    for i, b in enumerate(castle):
        bx, by = 16 + (i % 3) * (cw + 8), y + (i // 3) * (ch + 8)
        fill = PANEL if b["built"] else (225, 222, 215)
        d.rounded_rectangle(
            (bx, by, bx + cw, by + ch),
            8,
            fill=fill,
            outline=_colour(b["by"]) if b["by"] is not None else EDGE,
            width=3 if b["by"] is not None else 1,
        )
        head = building_name(b["id"], lang)
        if not b["prebuilt"]:
            head += f"  {b['vp']} {T[lang]['vp']} / {b['cost']}"
        d.text((bx + 8, by + 6), head, font=F_MID, fill=INK if b["built"] else MUTED)
        if b["prebuilt"]:
            status = L["prebuilt"]
        elif b["built"]:
            status = L["by"].format(p=_name(names, b["by"], lang))
        else:
            status = L["unbuilt"]
        d.text((bx + 8, by + 28), status, font=F_SMALL, fill=INK if b["built"] else MUTED)
        sx = bx + 8
        for sp in b["spaces"]:
            seat = sp["seat"]
            cx, cy = sx + 14, by + 70
            if seat is None:
                d.ellipse(
                    (cx - 14, cy - 14, cx + 14, cy + 14),
                    fill=(184, 115, 51) if b["built"] else (215, 200, 185),
                    outline=INK,
                )
                d.text(
                    (cx, cy), str(sp["fee"]), font=F_SMALL, fill=(255, 255, 255) if b["built"] else MUTED, anchor="mm"
                )
            else:
                _pawn(d, cx, cy, seat, 14)
            if len(b["spaces"]) > 1:
                d.text((cx + 20, cy), space_name(sp["id"], lang).split()[-1], font=F_TINY, fill=MUTED, anchor="lm")
            sx += 150
    y += rows_castle * (ch + 8) + 6

    # towers and houses -------------------------------------------------------------------------
    d.text((16, y), L["walls"], font=F_MID, fill=INK)
    y += 24
    wx = 16
    tile_w = min(56, (W - 32) // max(len(walls), 1) - 4)
    for b in walls:
        fill = _colour(b["by"]) if b["built"] else (225, 222, 215)
        d.rounded_rectangle((wx, y, wx + tile_w, y + 52), 5, fill=fill, outline=EDGE)
        short = building_name(b["id"], lang)
        parts = short.split()
        label = "".join(p[0] for p in parts[:-1]).upper() + parts[-1] if len(parts) > 1 else short
        d.text((wx + tile_w // 2, y + 14), label, font=F_TINY, fill=(255, 255, 255) if b["built"] else INK, anchor="mm")
        d.text(
            (wx + tile_w // 2, y + 36),
            f"{b['vp']}/{b['cost']}",
            font=F_TINY,
            fill=(255, 255, 255) if b["built"] else MUTED,
            anchor="mm",
        )
        wx += tile_w + 4
    y += 66

    # workers and winter ------------------------------------------------------------------------
    line = []
    for w in view.get("workers", []):
        pieces = ", ".join(f"{n} {res_name(r, lang)}" for r, n in w["resources"].items()) or "-"
        line.append(f"{_name(names, w['seat'], lang)} {card_name(w['card'], lang)}: {pieces}")
    if line:
        d.text((16, y), f"{L['workers']}: " + " · ".join(line), font=F_SMALL, fill=INK)
    winter = view.get("winter", {})
    if winter.get("enabled"):
        seen = ", ".join(winter_name(c, lang) for c in winter.get("revealed", [])) or "-"
        text = f"{L['winter']}: {seen} · {L['deck'].format(n=winter.get('deck_size', 0))}"
        if winter.get("guests"):
            text += " · " + L["guests"].format(g=", ".join(_name(names, g, lang) for g in winter["guests"]))
        d.text((16, y + 20), text, font=F_SMALL, fill=(40, 90, 190))
    y += 44

    # whose move, and the viewer's own hand ------------------------------------------------------
    task = view.get("task")
    if task:
        now = L["now"].format(p=_name(names, task["seat"], lang), c=card_name(task["card"], lang))
    elif view.get("phase") == "select":
        waiting = [p["seat"] for p in players if not p["chosen"]]
        now = L["choosing"].format(p=", ".join(_name(names, x, lang) for x in waiting))
    else:
        now = ""
    d.text((16, y), now, font=F_SMALL, fill=INK)
    if view.get("hand") is not None:
        hand = ", ".join(card_name(c, lang) for c in view["hand"]) or "-"
        d.text((500, y), L["hand"].format(c=hand)[:70], font=F_SMALL, fill=INK)
    y += 24

    # players -------------------------------------------------------------------------------------
    d.text((16, y), L["players"], font=F_MID, fill=INK)
    y += 26
    for p in players:
        seat = p["seat"]
        d.rounded_rectangle((16, y, W - 16, y + 58), 8, fill=PANEL, outline=_colour(seat), width=2)
        _pawn(d, 34, y + 29, seat, 11)
        marker = " *" if seat == view["start_player"] else ""
        d.text((52, y + 6), f"{_name(names, seat, lang)[:18]}{marker}", font=F_MID, fill=INK)
        d.text(
            (52, y + 28),
            f"{p['vp']} {T[lang]['vp']} · {p['taler']} taler · {L['helpers'].format(n=p['helpers'], t=p['helpers_total'])}",
            font=F_SMALL,
            fill=INK,
        )
        x = 380
        for r in RES:
            x = _res_chip(d, x, y + 6, r, p["resources"][r])
        played = ", ".join(card_name(c, lang) for c in p["played"]) or "-"
        d.text((380, y + 36), L["played"].format(c=played)[:80], font=F_TINY, fill=MUTED)
        y += 66

    return img.crop((0, 0, W, min(height, y + 12)))


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes:
    """The picture as PNG, quickly compressed: it is drawn after every action."""
    buf = io.BytesIO()
    image(view, lang, names).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()

"""The War Chest board for one view, as a ``Scene``: hexes with the coordinates players type, the
locations with a ring in the colour of the side that controls them, units as plates inside that
ring (name and coins), whose turn or who won, each seat's coins, and a legend for every mark.

Places a player can point at (``place`` ids, built from the names the actions use):

- ``hex:<q,r>``: a hex (an action's ``to``),
- ``unit:<q,r>``: the unit standing on that hex (an action's ``at``, a tactic's ``unit``, a
  ``target``: attacks and attacking tactics always aim at a unit),
- ``coin:<coin>``: a coin in the viewer's hand, by its wire name (``coin:Knight``, ``coin:royal``),
- ``supply:<unit>``: the viewer's supply of that unit (what ``recruit`` takes),
- ``supply:<seat>:<unit>``: another seat's supply of that unit (where its recruit shows),
- ``draft:<unit>``: a unit card on the table while the cards are drafted.

``places_of(action)`` lists the places an action names, for a board that is clicked;
``marked_places(move, view)`` the places the last move changed (games/moves.py), which the scene
marks with its caption (games/last_mark.py).
"""

from __future__ import annotations

import math
from typing import Any

from games import final_score, scene_png
from games.last_mark import mark_newest
from games.moves import Move
from games.scene import Scene, measure
from games.war_chest import text as T
from games.war_chest.text import describe_move, faction_name, unit_name

__all__ = ("scene", "render", "places_of", "marked_places")

_WIDTH = 1000
_MARGIN = 14
_PANEL_W = 300  # right-hand column of the two-player picture: each seat's coins, the legend
_MAX_SIZE = 60.0  # hex radius in px
_BG = "#eee8da"
_HEX = "#d6ccb2"
_HEX_BUMP = "#c8bb98"  # the darker hexes used only with four players (rules §3.3)
_HEX_LINE = "#8c8064"
_TEXT = "#1e1e1e"
_SOFT = "#5a5040"
_RING = {None: "#468c46", "raven": "#323c6e", "wolf": "#964628"}
_SEAT_COL = ["#283778", "#a54623", "#465faa", "#c87332"]
# the ring that marks a location: its middle and its width, as shares of the hex radius
_RING_MID, _RING_W = 0.80, 0.085
_RING_IN = _RING_MID - _RING_W / 2


def _t(lang: str, en: str, nl: str) -> str:
    return nl if lang == "nl" else en


def _who(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat}"


def hex_corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The corners of a flat-topped hex (rules §3.1) of circumradius ``size``."""
    return [(cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k))) for k in range(6)]


def places_of(action: dict[str, Any]) -> list[str]:
    """The board places an action names (see the module docstring), in the order it names them."""
    typ = action.get("type")
    out: list[str] = []
    if "coin" in action:
        out.append(f"coin:{action['coin']}")
    if typ == "recruit" and "unit" in action:
        out.append(f"supply:{action['unit']}")
    if typ == "draft" and "unit" in action:
        out.append(f"draft:{action['unit']}")
    if "at" in action:
        out.append(f"unit:{action['at']}")
    if typ == "tactic" and "unit" in action:
        out.append(f"unit:{action['unit']}")
    if "to" in action:
        out.append(f"hex:{action['to']}")
    if "target" in action:
        out.append(f"unit:{action['target']}")
    return out


def _supply_row(view: dict[str, Any], seat: Any, unit: Any) -> str:
    return f"supply:{unit}" if seat == view.get("me") else f"supply:{seat}:{unit}"


def marked_places(move: Move, view: dict[str, Any]) -> list[str]:
    """The places a move changed, as the board now stands: where a unit was deployed, bolstered,
    took control or acted, the hex it left, the unit it attacked (the hex, once that unit is gone),
    the supply row a recruit or a drafted card changed. Claiming the initiative and passing spend
    a coin face down: they change no place."""
    standing = {u["hex"] for u in view.get("units", [])}

    def unit_or_hex(where: Any) -> str:
        return f"unit:{where}" if where in standing else f"hex:{where}"

    out: list[str] = []
    for ev in move.get("events", []):
        typ = ev.get("type")
        if typ in ("deployed", "bolstered", "tactic", "berserker_paid", "coin_removed") and ev.get("at"):
            out.append(unit_or_hex(ev["at"]))
        elif typ == "moved":
            out += [f"hex:{ev.get('from')}", unit_or_hex(ev.get("dest"))]
        elif typ in ("controlled", "unit_removed"):
            out.append(f"hex:{ev.get('at')}")
        elif typ == "attacked":
            out += [unit_or_hex(ev.get("at")), unit_or_hex(ev.get("target"))]
        elif typ in ("recruited", "drafted"):
            out.append(_supply_row(view, ev.get("seat"), ev.get("unit")))
    return list(dict.fromkeys(out))


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes:
    return scene_png.render(scene(view, lang, names))


def scene(view: dict[str, Any], lang: str, names: list[str]) -> Scene:
    seats = view.get("seats", [])
    wide = len(seats) > 2  # the four-player board is wide: its seats go below it
    sc = Scene(_WIDTH, 100, _BG)
    bottom = _title(sc, view, lang, names)
    sc.region("title", 0)
    board_w = _WIDTH - 2 * _MARGIN if wide else _WIDTH - _PANEL_W - 3 * _MARGIN
    first = len(sc.items)
    board_bottom = _board(sc, view, lang, names, _MARGIN, bottom + 8, board_w)
    sc.region("map", first)
    first = len(sc.items)
    if wide:
        col_w = (_WIDTH - 3 * _MARGIN) / 2
        y = board_bottom + 12
        for row in range(0, len(seats), 2):
            ends = []
            for i, s in enumerate(seats[row : row + 2]):  # a narrow screen shows each seat on its own
                first = len(sc.items)
                ends.append(_seat_block(sc, view, lang, names, s, _MARGIN + i * (col_w + _MARGIN), y, col_w))
                sc.region("side", first)
            y = max(ends) + 10
        first = len(sc.items)
        y = _legend(sc, view, lang, _MARGIN, y, _WIDTH - 2 * _MARGIN, columns=3)
        sc.region("legend", first, fold=400)  # its columns one under another on a narrow screen
        sc.height = int(y + _MARGIN)
    else:
        x = _WIDTH - _PANEL_W - _MARGIN
        y = bottom + 8
        for s in seats:
            y = _seat_block(sc, view, lang, names, s, x, y, _PANEL_W) + 12
        sc.region("side", first)
        first = len(sc.items)
        y = _legend(sc, view, lang, x, y, _PANEL_W, columns=1)
        sc.region("legend", first)
        sc.height = int(max(y, board_bottom) + _MARGIN)
    style = final_score.Style(_TEXT, _SOFT, _HEX, _RING["raven"])
    final_score.add_final(sc, view, lang, names, T, style, lambda seat: _who(names, seat))
    mark_newest(sc, view, lang, names, marked_places, describe_move)
    return sc


# -- the title: whose turn, or who won -------------------------------------------------------------


def _title(sc: Scene, view: dict[str, Any], lang: str, names: list[str]) -> float:
    phase = view.get("phase")
    parts = ["War Chest"]
    colour = _TEXT
    if phase == "over":
        winners = view.get("winners") or []
        if winners:
            who = " & ".join(_who(names, s) for s in winners)
            side = faction_name(view.get("winner"), lang)
            verb = _t(lang, "wins" if len(winners) == 1 else "win", "wint" if len(winners) == 1 else "winnen")
            parts.append(f"{who} ({side}) {verb}!")
            colour = _RING.get(view.get("winner"), _TEXT)
        else:
            parts.append(_t(lang, "game over: stalemate, no winner", "spel voorbij: patstelling, geen winnaar"))
    else:
        if phase == "draft":
            parts.append(_t(lang, "choosing unit cards", "eenheidskaarten kiezen"))
        elif view.get("round"):
            parts.append(_t(lang, f"round {view['round']}", f"ronde {view['round']}"))
        for p in view.get("pending", []):
            parts.append(_t(lang, "to play: ", "aan zet: ") + _who(names, p["seat"]))
    item = sc.text(
        _MARGIN,
        _MARGIN,
        " · ".join(parts),
        size=24,
        min_size=14,
        weight="bold",
        colour=colour,
        box=(_MARGIN, _MARGIN - 2, _WIDTH - _MARGIN, _MARGIN + 64),
    )
    return float(item["extent"][3])


# -- the board -------------------------------------------------------------------------------------


def _board(
    sc: Scene, view: dict[str, Any], lang: str, names: list[str], left: float, top: float, width: float
) -> float:
    """Draws the hexes into the area from (left, top), ``width`` wide; returns its bottom."""
    hex_names: list[str] = view.get("hexes", [])
    coords = [tuple(int(c) for c in h.split(",")) for h in hex_names]
    if not coords:
        return top
    qs = [q for q, _ in coords]
    ys = [r + q / 2 for q, r in coords]
    size = min(_MAX_SIZE, width / ((max(qs) - min(qs)) * 1.5 + 2))
    row = math.sqrt(3) * size
    ox = left + (width - (max(qs) - min(qs)) * 1.5 * size) / 2 - min(qs) * 1.5 * size
    oy = top + row / 2 - min(ys) * row
    locations: dict[str, str | None] = view.get("locations", {})
    units = {u["hex"]: u for u in view.get("units", [])}
    factions = {s["seat"]: s["faction"] for s in view.get("seats", [])}
    centre = {(q, r) for q in range(-3, 4) for r in range(-3, 4) if max(abs(q), abs(r), abs(q + r)) <= 3}
    for name, (q, r) in zip(hex_names, coords):
        # flat-topped (§3.1): column q, drawn row r + q/2
        cx, cy = ox + q * 1.5 * size, oy + (r + q / 2) * row
        fill = _HEX if (q, r) in centre else _HEX_BUMP
        title = _t(lang, f"Hex {name}", f"Veld {name}")
        if name in locations:
            owner = locations[name]
            title += " · " + (
                _t(lang, f"location of {faction_name(owner, lang)}", f"bolwerk van {faction_name(owner, lang)}")
                if owner
                else _t(lang, "location, not controlled", "bolwerk, niet bezet")
            )
        sc.polygon(hex_corners(cx, cy, size - 1), fill=fill, outline=_HEX_LINE, place=f"hex:{name}", title=title)
        if name in locations:
            ring = _RING.get(locations[name], _RING[None])
            sc.circle(cx, cy, size * (_RING_MID + _RING_W / 2), fill=ring)
            sc.circle(cx, cy, size * _RING_IN, fill=fill)
        # the coordinate players type, above the unit and inside the ring
        sc.text(cx, cy - size * 0.5, name, size=max(10, round(size * 0.24)), colour=_TEXT, anchor="mm")
        unit = units.get(name)
        if unit is not None:
            _unit(sc, unit, lang, names, factions, name, cx, cy, size)
    return oy + max(ys) * row + row / 2


def unit_plate(cx: float, cy: float, size: float, lines: int = 1) -> tuple[float, float, float, float]:
    """The box of a unit's plate (its name in one or two lines) on the hex centred at (cx, cy):
    across the middle of the hex, inside the location ring."""
    half_h = size * (0.19 if lines == 1 else 0.29)
    reach = size * _RING_IN - 1
    half = math.sqrt(reach * reach - half_h * half_h)
    return (cx - half, cy - half_h, cx + half, cy + half_h)


def strength_badge(cx: float, cy: float, size: float) -> tuple[float, float, float, float]:
    """The box of a unit's strength (its coins) below the plate, inside the ring."""
    return (cx - size * 0.3, cy + size * 0.33, cx + size * 0.3, cy + size * 0.61)


def _unit(
    sc: Scene,
    unit: dict[str, Any],
    lang: str,
    names: list[str],
    factions: dict[int, str],
    hex_name: str,
    cx: float,
    cy: float,
    size: float,
) -> None:
    owner = int(unit["owner"])
    label = unit_name(unit["unit"], lang)
    height = int(unit["height"])
    colour = _SEAT_COL[owner % len(_SEAT_COL)]
    font_size = max(10, round(size * 0.24))
    x0, y0, x1, y1 = unit_plate(cx, cy, size)
    if " " in label and measure(label, font_size)[0] > x1 - x0 - 4:
        x0, y0, x1, y1 = unit_plate(cx, cy, size, lines=2)  # a long name of two words: two lines
    coins = _t(
        lang, f"{height} coin" if height == 1 else f"{height} coins", f"{height} munt" + ("en" if height != 1 else "")
    )
    side = faction_name(factions.get(owner), lang)
    title = f"{label} ({coins}) · {_who(names, owner)}, {side} · {hex_name}"
    sc.rect((x0, y0, x1, y1), fill=colour, outline="#ffffff", radius=size * 0.1, place=f"unit:{hex_name}", title=title)
    sc.text(
        cx,
        cy,
        label,
        size=font_size,
        min_size=8,
        colour="#ffffff",
        anchor="mm",
        box=(x0 + 1, y0 + 1, x1 - 1, y1 - 1),
    )
    b0, b1, b2, b3 = strength_badge(cx, cy, size)
    sc.rect((b0, b1, b2, b3), fill=colour, outline="#ffffff", radius=size * 0.1, place=f"unit:{hex_name}", title=title)
    sc.text(
        cx,
        (b1 + b3) / 2,
        f"×{height}",
        size=max(10, round(size * 0.25)),
        weight="bold",
        colour="#ffffff",
        anchor="mm",
        box=(b0 + 1, b1, b2 - 1, b3),
        min_size=8,
    )


# -- the seats -------------------------------------------------------------------------------------


def _seat_block(
    sc: Scene, view: dict[str, Any], lang: str, names: list[str], s: dict[str, Any], x: float, y: float, w: float
) -> float:
    """One seat: name and side, the initiative, a table of its unit types (supply, face-up discard,
    out of the game), its hidden coins' counts and, for the viewer, the hand. Returns its bottom."""
    seat = int(s["seat"])
    colour = _SEAT_COL[seat % len(_SEAT_COL)]
    col = min(78.0, (w - 110) / 3)  # the unit table: a name column and three count columns
    name_w = w - 3 * col
    inline = w > 400  # a wide block has the table's heads beside the seat's name
    sc.rect((x, y + 3, x + 16, y + 19), fill=colour)
    head = sc.text(
        x + 22,
        y,
        f"{_who(names, seat)} ({faction_name(s['faction'], lang)})",
        size=17,
        min_size=11,
        weight="bold",
        box=(x + 22, y - 1, x + (name_w - 4 if inline else w), y + 44),
    )
    top = y
    y = head["extent"][3] + 6
    if view.get("initiative") == seat and view.get("phase") not in ("draft", "over"):
        sc.circle(x + 8, y + 8, 7, fill=_RING.get(s["faction"], _TEXT))
        claimed = view.get("initiative_claimed")
        line = sc.text(
            x + 22,
            y,
            _t(lang, "holds the initiative", "heeft het initiatief")
            + (_t(lang, " (claimed this round)", " (deze ronde opgeëist)") if claimed else ""),
            size=13,
            min_size=10,
            colour=_TEXT,
            box=(x + 22, y - 1, x + (name_w - 4 if inline else w), y + 36),
        )
        y = line["extent"][3] + 6
    heads = (
        _t(lang, "supply", "voorraad"),
        _t(lang, "discarded face-up", "open afgelegd"),
        _t(lang, "out of the game", "uit het spel"),
    )
    heads_y = top if inline else y
    for i, text in enumerate(heads):
        cx0 = x + name_w + i * col
        item = sc.text(
            cx0 + col / 2,
            heads_y,
            text,
            size=11,
            min_size=9,
            colour=_SOFT,
            anchor="ma",
            box=(cx0 + 2, heads_y - 1, cx0 + col - 2, heads_y + 30),
        )
        y = max(y, item["extent"][3] + 4)
    mine = view.get("me") == seat
    rows: list[str] = list(s.get("cards", [])) + ["royal"]
    for k, card in enumerate(rows):
        royal = card == "royal"
        cells = (
            "–" if royal else str(s["supply"].get(card, 0)),
            str(s["discard_up"].get(card, 0)),
            "–" if royal else str(s["eliminated"].get(card, 0)),
        )
        place = None if royal else _supply_row(view, seat, card)
        title = None
        if place and mine:
            title = _t(lang, f"Recruit {unit_name(card, lang)}", f"{unit_name(card, lang)} werven")
        elif place:
            title = f"{unit_name(card, lang)} · {_who(names, seat)}"
        sc.rect((x, y, x + w, y + 19), fill="#e4dcc8" if k % 2 == 0 else _BG, place=place, title=title)
        sc.text(
            x + 4,
            y + 9.5,
            unit_name(card, lang),
            size=14,
            min_size=9,
            anchor="lm",
            box=(x + 3, y, x + name_w - 2, y + 19),
        )
        for i, cell in enumerate(cells):
            sc.text(x + name_w + i * col + col / 2, y + 9.5, cell, size=14, anchor="mm")
        y += 19
    y += 4
    hidden = sc.text(
        x,
        y,
        _t(
            lang,
            f"hand {s['hand']} · bag {s['bag']} · discarded face-down {s['discard_down']}",
            f"hand {s['hand']} · zak {s['bag']} · dicht afgelegd {s['discard_down']}",
        ),
        size=13,
        min_size=10,
        colour=_TEXT,
        box=(x - 1, y - 1, x + w, y + 36),
    )
    y = hidden["extent"][3] + 6
    if mine:
        y = _hand(sc, view, lang, x, y, w)
    return y


def _chip(sc: Scene, x: float, y: float, text: str, place: str, title: str, fill: str) -> float:
    """A clickable label (a coin, a card); returns its right edge."""
    width = min(sc.width - x - _MARGIN, _text_w(text) + 14)
    sc.rect((x, y, x + width, y + 22), fill=fill, outline=_HEX_LINE, radius=10, place=place, title=title)
    sc.text(x + width / 2, y + 11, text, size=13, min_size=9, anchor="mm", box=(x + 3, y, x + width - 3, y + 22))
    return x + width


def _text_w(text: str) -> float:
    return measure(text, 13)[0]


def _chips(
    sc: Scene, x: float, y: float, w: float, chips: list[tuple[str, str, str]], fill: str, indent: float = 0
) -> float:
    """Labels in a row that wraps (the first row starts ``indent`` in); returns the bottom."""
    cx = x + indent
    for text, place, title in chips:
        if cx > x and cx + _text_w(text) + 14 > x + w:
            cx, y = x, y + 26
        cx = _chip(sc, cx, y, text, place, title, fill) + 6
    return y + 26


def _hand(sc: Scene, view: dict[str, Any], lang: str, x: float, y: float, w: float) -> float:
    """The viewer's own coins, each a place (``coin:<name>``)."""
    hand: dict[str, int] = dict(view.get("my_hand") or {})
    drawn = view.get("my_drawn")
    chips = []
    for coin, n in hand.items():
        label = unit_name(coin, lang) + (f" ×{n}" if n > 1 else "")
        chips.append(
            (label, f"coin:{coin}", _t(lang, f"Play {unit_name(coin, lang)}", f"{unit_name(coin, lang)} spelen"))
        )
    if drawn and drawn not in hand:
        label = _t(lang, "drawn: ", "getrokken: ") + unit_name(drawn, lang)
        chips.append(
            (label, f"coin:{drawn}", _t(lang, f"Play {unit_name(drawn, lang)}", f"{unit_name(drawn, lang)} spelen"))
        )
    label = sc.text(x, y + 11, _t(lang, "Your hand:", "Jouw hand:"), size=13, weight="bold", anchor="lm")
    indent = label["extent"][2] - x + 8
    if not chips:
        sc.text(x + indent, y + 11, "–", size=13, anchor="lm")
        return y + 26
    return _chips(sc, x, y, w, chips, "#f7f1e3", indent)


# -- the legend ------------------------------------------------------------------------------------


def _legend(sc: Scene, view: dict[str, Any], lang: str, x: float, y: float, w: float, *, columns: int) -> float:
    """What the marks mean; in ``columns`` columns. Returns the bottom."""
    markers = int(view.get("markers", 0))
    reserve: dict[str, int] = view.get("reserve", {})
    held = ", ".join(f"{faction_name(f, lang)} {markers - n}" for f, n in reserve.items())
    line = sc.text(
        x,
        y,
        _t(
            lang,
            f"Locations held: {held} (a side holding {markers} wins)",
            f"Bezette bolwerken: {held} (wie er {markers} bezet, wint)",
        ),
        size=15,
        min_size=11,
        weight="bold",
        box=(x - 1, y - 1, x + w, y + 40),
    )
    y = line["extent"][3] + 8
    if view.get("phase") == "draft":
        pool = (view.get("draft") or {}).get("pool", [])
        head = sc.text(x, y, _t(lang, "Unit cards on the table:", "Eenheidskaarten op tafel:"), size=14, weight="bold")
        chips = [
            (unit_name(c, lang), f"draft:{c}", _t(lang, f"Draft {unit_name(c, lang)}", f"{unit_name(c, lang)} kiezen"))
            for c in pool
        ]
        y = _chips(sc, x, head["extent"][3] + 6, w, chips, "#f7f1e3") + 6
    entries: list[tuple[str, str]] = [
        ("ring:", _t(lang, "location, not controlled", "bolwerk, niet bezet")),
        (
            "ring:raven",
            _t(lang, f"location of {faction_name('raven', lang)}", f"bolwerk van {faction_name('raven', lang)}"),
        ),
        (
            "ring:wolf",
            _t(lang, f"location of {faction_name('wolf', lang)}", f"bolwerk van {faction_name('wolf', lang)}"),
        ),
        (
            "plate",
            _t(lang, "a unit; ×2: it holds 2 coins (its strength)", "een eenheid; ×2: ze heeft 2 munten (sterkte)"),
        ),
        ("coord", _t(lang, "a hex, named as in the menus", "een veld, genoemd zoals in de menu's")),
    ]
    per_col = math.ceil(len(entries) / columns)
    col_w = w / columns
    bottoms = [y]
    for i, (mark, text) in enumerate(entries):
        cx0 = x + (i // per_col) * col_w
        cy0 = y + (i % per_col) * 26
        if mark.startswith("ring:"):
            owner = mark[5:] or None
            sc.circle(cx0 + 14, cy0 + 10, 10, fill=_RING[owner])
            sc.circle(cx0 + 14, cy0 + 10, 6.5, fill=_BG)
        elif mark == "plate":
            sc.rect((cx0, cy0, cx0 + 28, cy0 + 20), fill=_SEAT_COL[0], radius=4)
            sc.text(cx0 + 14, cy0 + 10, "×2", size=12, weight="bold", colour="#ffffff", anchor="mm")
        else:
            sc.text(cx0 + 14, cy0 + 10, "1,-2", size=12, anchor="mm")
        item = sc.text(
            cx0 + 36,
            cy0 + 10,
            text,
            size=13,
            min_size=10,
            anchor="lm",
            box=(cx0 + 36, cy0 - 2, cx0 + col_w - 4, cy0 + 22),
        )
        bottoms.append(item["extent"][3])
    return max(bottoms) + 4

"""The Cities & Knights board for one view, as a ``Scene``: land hexes with their terrain, the
resource they yield, their number, the robber and the merchant; harbours spelled out; every
intersection's number, beside its piece when one stands there; roads, settlements, cities, walls,
metropolises and knights; the barbarian ship, the last roll with its turn, each player's points,
titles and improvements, the viewer's cards, and a legend for every mark.

Places a player can point at (``place`` ids, from the ids the actions use):

- ``v:<vertex id>``: an intersection (``v:0,-2,N``), with its piece (an action's ``vertex``,
  ``from``, ``to``, ``knight``),
- ``e:<edge id>``: a path (``e:0,-2,S|-1,0,N``; an action's ``edge``),
- ``h:<hex id>``: a land hex (``h:0,-2``; an action's ``hex``, ``hexes``),
- ``track:<track>``: the viewer's improvement row (``buy_improvement``'s ``track``),
- ``track:<seat>:<track>``: another player's improvement row.

``places_of(action)`` lists the places an action names, for a board that is clicked;
``marked_places(move, view)`` the places the last move changed (games/moves.py), which the scene
marks with its caption (games/last_mark.py).
"""

from __future__ import annotations

import math
from typing import Any

from games import final_score, scene_png
from games.cities_knights import data as D
from games.cities_knights import text as T
from games.cities_knights.glossary import GAME_NAME
from games.cities_knights.text import card, cards_text, describe_move, edge, hexname, vertex, w
from games.last_mark import mark_newest
from games.moves import Move
from games.scene import Scene

__all__ = ("scene", "render", "places_of", "marked_places")

SIZE = 56.0  # hex centre to corner, in pixels
_MARGIN = 12
_TOP = 52  # the title's band
OX = _MARGIN + (3 * D.SQRT3 + D.SQRT3 / 2) * SIZE  # the board's centre
OY = _TOP + 5.5 * SIZE
_BOARD_RIGHT = OX + (3 * D.SQRT3 + D.SQRT3 / 2) * SIZE
_PANEL_X = _BOARD_RIGHT + 16
_WIDTH = 1130
_PANEL_W = _WIDTH - _MARGIN - _PANEL_X

_BG = "#f5f0e4"
_SEA = "#4682be"
_SEA_LINE = "#285a96"
_DARK = "#1e1e1e"
_SOFT = "#505050"
TERRAIN_COLOURS = {
    "forest": "#2e7d32",
    "pasture": "#8bc34a",
    "fields": "#fbc02d",
    "hills": "#bf6034",
    "mountains": "#8c8c96",
    "desert": "#e6d2a0",
}
_LIGHT_TEXT = {"forest", "hills"}  # terrains dark enough for white words
PLAYER_COLOURS = ["#dc2828", "#1e5adc", "#f5f5f5", "#fa8c14"]
TRACK_COLOURS = {"science": "#3caa46", "trade": "#ebc828", "politics": "#3264d2"}
_RESOURCE = {t: D.KINDS[r] for t, (r, _) in D.TERRAIN_YIELD.items() if r >= 0}

Box = tuple[float, float, float, float]


def _t(lang: str, en: str, nl: str) -> str:
    return nl if lang == "nl" else en


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"P{seat}"


def _colour(seat: Any) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)] if isinstance(seat, int) else "#000000"


def _px(x: float, y: float) -> tuple[float, float]:
    return OX + x * SIZE, OY + y * SIZE


def _hex_corners(q: int, r: int) -> list[tuple[float, float]]:
    cx, cy = D.hex_center(q, r)
    steps = ((0, -1), (D.SQRT3 / 2, -0.5), (D.SQRT3 / 2, 0.5), (0, 1), (-D.SQRT3 / 2, 0.5), (-D.SQRT3 / 2, -0.5))
    return [_px(cx + dx, cy + dy) for dx, dy in steps]


def vertex_xy(vid: str) -> tuple[float, float]:
    x, y = D.VERTEX_POS[D.VERTEX_INDEX[vid]]
    return _px(x, y)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def places_of(action: dict[str, Any]) -> list[str]:
    """The board places an action names (see the module docstring), in the order it names them."""
    out: list[str] = []
    for key in ("knight", "from", "vertex", "to"):
        if isinstance(action.get(key), str) and action[key] in D.VERTEX_INDEX:
            out.append(f"v:{action[key]}")
    if isinstance(action.get("edge"), str):
        out.append(f"e:{action['edge']}")
    if isinstance(action.get("hex"), str):
        out.append(f"h:{action['hex']}")
    out.extend(f"h:{h}" for h in action.get("hexes") or [] if isinstance(h, str))
    if action.get("type") == "buy_improvement" and isinstance(action.get("track"), str):
        out.append(f"track:{action['track']}")
    return out


def _track_row(view: dict[str, Any], seat: Any, track: Any) -> str:
    return f"track:{track}" if seat == view.get("seat") else f"track:{seat}:{track}"


#: events whose ``vertex`` and ``target`` are intersections the move changed
_AT_VERTEX = (
    "built",
    "city_pillaged",
    "metropolis_placed",
    "knight_built",
    "knight_activated",
    "knight_promoted",
    "knight_moved",
    "knight_displaced",
    "knight_relocated",
    "knight_removed",
    "knight_chased_robber",
)


def marked_places(move: Move, view: dict[str, Any]) -> list[str]:
    """The places a move changed: the intersection or path built on, the intersections a knight
    left and reached, the hexes a roll made yield (its number, not under the robber), the hex the
    robber or the merchant went to, hexes whose numbers were swapped, a removed road's path, the
    improvement row raised."""
    out: list[str] = []
    for ev in move.get("events", []):
        typ = ev.get("type")
        if typ in _AT_VERTEX:
            out += [f"v:{ev[key]}" for key in ("vertex", "target") if isinstance(ev.get(key), str)]
            if isinstance(ev.get("edge"), str):
                out.append(f"e:{ev['edge']}")
        elif typ == "knights_activated":
            out += [f"v:{v}" for v in ev.get("vertices") or []]
        elif typ == "road_removed":
            out.append(f"e:{ev.get('edge')}")
        elif typ in ("robber_moved", "merchant_placed"):
            out.append(f"h:{ev.get('hex')}")
        elif typ == "numbers_swapped":
            out += [f"h:{h}" for h in ev.get("hexes") or []]
        elif typ == "improvement_bought":
            out.append(_track_row(view, ev.get("seat"), ev.get("track")))
        elif typ == "dice_rolled" and ev.get("total") != 7:
            out += [
                f"h:{hx['id']}"
                for hx in view.get("hexes", [])
                if hx.get("number") == ev.get("total") and hx["id"] != view.get("robber")
            ]
    return list(dict.fromkeys(out))


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes:
    return scene_png.render(scene(view, lang, names))


def scene(view: dict[str, Any], lang: str, names: list[str]) -> Scene:
    sc = Scene(_WIDTH, 100, _BG)
    _title(sc, view, lang, names)
    sc.region("title", 0)
    first = len(sc.items)
    taken: list[Box] = []  # what the intersection numbers must keep clear of
    _sea(sc, view, lang, taken)
    _land(sc, view, lang, names, taken)
    _paths(sc, view, lang, names)
    _intersections(sc, view, lang, names, taken)
    sc.region("map", first)
    board_bottom = OY + 5.5 * SIZE
    first = len(sc.items)
    legend_bottom = _legend(sc, lang, _MARGIN, board_bottom + 10, _BOARD_RIGHT - _MARGIN)
    legend = len(sc.items)
    panel_bottom = _panel(sc, view, lang, names, _PANEL_X, _TOP, _PANEL_W)
    sc.region("side", legend)  # a narrow screen shows the tracks and hands before the legend
    sc.region("legend", first, legend, fold=380)  # its two columns one under the other (11 px texts)
    sc.height = int(max(legend_bottom, panel_bottom) + _MARGIN)
    style = final_score.Style(_DARK, _SOFT, "#e9e1cf", "#c8a028")
    final_score.add_final(sc, view, lang, names, T, style, lambda seat: _name(names, seat))
    mark_newest(sc, view, lang, names, marked_places, describe_move, under=("h:", "e:"))
    return sc


# -- the title: whose turn, or who won -------------------------------------------------------------


def _title(sc: Scene, view: dict[str, Any], lang: str, names: list[str]) -> None:
    parts = [GAME_NAME.get(lang, GAME_NAME["en"])]
    colour = _DARK
    winner = view.get("winner")
    if winner is not None:
        points = next((p["points"] for p in view.get("players", []) if p["seat"] == winner), None)
        parts.append(
            _t(
                lang,
                f"{_name(names, winner)} wins with {points} points!",
                f"{_name(names, winner)} wint met {points} punten!",
            )
        )
    elif view.get("phase") == "setup" and view.get("setup"):
        s = view["setup"]
        parts.append(_t(lang, "set-up", "opbouw"))
        parts.append(
            _t(
                lang,
                f"{_name(names, s['seat'])} places a {w(lang, s['piece'])}",
                f"{_name(names, s['seat'])} plaatst een {w(lang, s['piece'])}",
            )
        )
    else:
        parts.append(_t(lang, f"turn {view.get('turn_no', 0)}", f"beurt {view.get('turn_no', 0)}"))
        parts.append(_t(lang, "to play: ", "aan zet: ") + _name(names, view.get("turn")))
    sc.text(
        _MARGIN,
        10,
        " · ".join(parts),
        size=24,
        min_size=13,
        weight="bold",
        colour=colour,
        box=(_MARGIN, 8, _WIDTH - _MARGIN, _TOP - 4),
    )


# -- the board -------------------------------------------------------------------------------------


def _sea(sc: Scene, view: dict[str, Any], lang: str, taken: list[Box]) -> None:
    for q in range(-3, 4):
        for r in range(-3, 4):
            if max(abs(q), abs(r), abs(q + r)) == 3:
                sc.polygon(_hex_corners(q, r), fill=_SEA, outline=_SEA_LINE)
    harbours: list[str] = view.get("harbours", [])
    for slot, (sq, sr) in enumerate(D.HARBOUR_SEA):
        if slot >= len(harbours):
            break
        kind = harbours[slot]
        a, b = D.HARBOUR_SLOTS[slot]
        hx, hy = D.hex_center(sq, sr)
        # the label sits on the sea hex, pushed out from the coast
        push = 0.3 / math.hypot(hx, hy)
        cx, cy = _px(hx * (1 + push), hy * (1 + push))
        (ax, ay), (bx, by) = vertex_xy(a), vertex_xy(b)
        sc.line([(ax, ay), (cx, cy), (bx, by)], colour="#f0e6c8", width=3)
        text = "3:1" if kind == "3:1" else f"{w(lang, kind)} 2:1"
        box = (cx - 36, cy - 11, cx + 36, cy + 11)
        title = (
            _t(lang, "Harbour: 3 alike for 1", "Haven: 3 gelijke voor 1")
            if kind == "3:1"
            else _t(lang, f"Harbour: 2 {w(lang, kind)} for 1", f"Haven: 2 {w(lang, kind)} voor 1")
        )
        sc.rect(box, fill="#faf5e6", outline="#5a4628", radius=9, title=title)
        sc.text(
            cx, cy, text, size=13, min_size=9, colour=_DARK, anchor="mm", box=(box[0] + 3, box[1], box[2] - 3, box[3])
        )
        taken.append(box)


def _land(sc: Scene, view: dict[str, Any], lang: str, names: list[str], taken: list[Box]) -> None:
    for hx in view.get("hexes", []):
        q, r = (int(t) for t in hx["id"].split(","))
        terrain = hx["terrain"]
        fill = TERRAIN_COLOURS.get(terrain, "#c8c8c8")
        sc.polygon(
            _hex_corners(q, r), fill=fill, outline="#3c3228", place=f"h:{hx['id']}", title=hexname(hx["id"], view, lang)
        )
        cx, cy = _px(*D.hex_center(q, r))
        ink = "#ffffff" if terrain in _LIGHT_TEXT else _DARK
        half = SIZE * 0.52  # clear of a city with a wall on the hex's side corners
        item = sc.text(
            cx,
            cy - SIZE * 0.56,
            w(lang, terrain),
            size=13,
            min_size=10,
            weight="bold",
            colour=ink,
            anchor="mm",
            box=(cx - half, cy - SIZE * 0.75, cx + half, cy - SIZE * 0.38),
        )
        taken.append(tuple(item["extent"]))
        if terrain in _RESOURCE:
            item = sc.text(
                cx,
                cy + SIZE * 0.56,
                w(lang, _RESOURCE[terrain]),
                size=13,
                min_size=10,
                colour=ink,
                anchor="mm",
                box=(cx - half, cy + SIZE * 0.38, cx + half, cy + SIZE * 0.75),
            )
            taken.append(tuple(item["extent"]))
        if hx.get("number"):
            red = hx["number"] in (6, 8)
            sc.circle(cx, cy, 16, fill="#faf0d2", outline="#503c28")
            sc.text(cx, cy, str(hx["number"]), size=17, weight="bold", colour="#c80000" if red else _DARK, anchor="mm")
            taken.append((cx - 16, cy - 16, cx + 16, cy + 16))
        if view.get("robber") == hx["id"]:
            _robber(sc, cx + SIZE * 0.48, cy - SIZE * 0.12, lang)
            taken.append((cx + SIZE * 0.48 - 8, cy - SIZE * 0.12 - 15, cx + SIZE * 0.48 + 8, cy - SIZE * 0.12 + 11))
        if view.get("merchant") == hx["id"]:
            mx, my = cx + SIZE * 0.48, cy + SIZE * 0.24
            owner = view.get("merchant_owner")
            sc.polygon(
                [(mx, my - 8), (mx + 7, my), (mx, my + 8), (mx - 7, my)],
                fill=_colour(owner),
                outline="#000000",
                title=_t(lang, f"Merchant of {_name(names, owner)}", f"Handelaar van {_name(names, owner)}"),
            )
            taken.append((mx - 7, my - 8, mx + 7, my + 8))


def _robber(sc: Scene, x: float, y: float, lang: str) -> None:
    title = _t(lang, "Robber", "Rover")
    sc.polygon(
        [(x - 7, y + 11), (x + 7, y + 11), (x + 4, y - 4), (x - 4, y - 4)],
        fill="#141414",
        outline="#e6e6e6",
        title=title,
    )
    sc.circle(x, y - 9, 6, fill="#141414", outline="#e6e6e6", title=title)


def _paths(sc: Scene, view: dict[str, Any], lang: str, names: list[str]) -> None:
    roads: dict[str, int] = view.get("roads", {})
    for eid in D.EDGE_IDS:
        a, b = eid.split("|")
        ends = [vertex_xy(a), vertex_xy(b)]
        owner = roads.get(eid)
        if owner is None:
            sc.line(ends, colour="#3c3228", width=1, place=f"e:{eid}", title=edge(eid, lang))
        else:
            title = f"{edge(eid, lang)} · {w(lang, 'road')} ({_name(names, owner)})"
            sc.line(ends, colour="#000000", width=10, place=f"e:{eid}", title=title)
            sc.line(ends, colour=_colour(owner), width=6, place=f"e:{eid}", title=title)


def _label_spots(vid: str, x: float, y: float) -> list[tuple[float, float]]:
    """Where an occupied intersection's number may go: on the three lines between its paths, the
    one into a land hex's lower-left (or upper-left) corner first, where nothing else is drawn."""
    d = 27.0
    dx, dy = d * D.SQRT3 / 2, d / 2
    if vid.endswith(",N"):  # paths run down-left, down-right and up
        return [(x + dx, y - dy), (x - dx, y - dy), (x, y + d)]
    return [(x + dx, y + dy), (x - dx, y + dy), (x, y - d)]


def _intersections(sc: Scene, view: dict[str, Any], lang: str, names: list[str], taken: list[Box]) -> None:
    buildings: dict[str, Any] = view.get("buildings", {})
    knights: dict[str, Any] = view.get("knights", {})
    labels: list[tuple[str, float, float]] = []
    for vid in D.VERTEX_IDS:
        x, y = vertex_xy(vid)
        b, k = buildings.get(vid), knights.get(vid)
        title = vertex(vid, lang)
        if b:
            title += f" · {w(lang, str(b['kind']))} ({_name(names, b['owner'])})"
            _building(sc, b, x, y, f"v:{vid}", title)
            taken.append((x - 17, y - 29, x + 17, y + 17))
        elif k:
            state = _t(lang, "active", "actief") if k["active"] else _t(lang, "inactive", "niet actief")
            title += f" · {w(lang, 'knight' + str(k['level']))}, {state} ({_name(names, k['owner'])})"
            _knight(sc, k, x, y, f"v:{vid}", title)
            taken.append((x - 13, y - 13, x + 13, y + 13))
        if b or k:
            labels.append((vid, x, y))
            continue
        sc.ellipse((x - 10, y - 8, x + 10, y + 8), fill="#ffffff", outline="#3c3c3c", place=f"v:{vid}", title=title)
        sc.text(x, y, str(D.VERTEX_INDEX[vid]), size=11, colour=_DARK, anchor="mm")
        taken.append((x - 10, y - 8, x + 10, y + 8))
    # the numbers of occupied intersections, beside their pieces, where nothing else is drawn
    clear = _Boxes(taken)
    for vid, x, y in labels:
        spots = _label_spots(vid, x, y)
        lx, ly = next((s for s in spots if clear.free((s[0] - 10, s[1] - 8, s[0] + 10, s[1] + 8))), spots[0])
        sc.ellipse(
            (lx - 10, ly - 8, lx + 10, ly + 8),
            fill="#ffffff",
            outline="#3c3c3c",
            place=f"v:{vid}",
            title=vertex(vid, lang),
        )
        sc.text(lx, ly, str(D.VERTEX_INDEX[vid]), size=11, colour=_DARK, anchor="mm")
        clear.add((lx - 10, ly - 8, lx + 10, ly + 8))


class _Boxes:
    """Boxes drawn so far, found by the squares of a grid they cover: a label's spot is tested
    against the boxes near it, not against every box of the board."""

    CELL = 48.0

    def __init__(self, taken: list[Box]) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}
        for box in taken:
            self.add(box)

    def _keys(self, box: Box) -> list[tuple[int, int]]:
        c = self.CELL
        xs = range(math.floor(box[0] / c), math.floor(box[2] / c) + 1)
        return [(i, j) for i in xs for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1)]

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(box)

    def free(self, box: Box) -> bool:
        """Whether ``box`` overlaps none of the boxes (two boxes that overlap share a square)."""
        return not any(_overlaps(box, t) for key in self._keys(box) for t in self.cells.get(key, ()))


def _building(
    sc: Scene, b: dict[str, Any], x: float, y: float, place: str | None = None, title: str | None = None
) -> None:
    col = _colour(b["owner"])
    if b.get("wall"):
        sc.rect((x - 17, y - 17, x + 17, y + 17), fill="#5a5a5a", outline="#000000", radius=3, place=place, title=title)
    if b.get("metropolis"):
        crown = [
            (x - 11, y - 18),
            (x - 11, y - 28),
            (x - 5, y - 22),
            (x, y - 29),
            (x + 5, y - 22),
            (x + 11, y - 28),
            (x + 11, y - 18),
        ]
        sc.polygon(
            crown, fill=TRACK_COLOURS.get(b["metropolis"], "#ffffff"), outline="#000000", place=place, title=title
        )
    if b["kind"] == "city":
        shape = [
            (x - 13, y + 11),
            (x + 13, y + 11),
            (x + 13, y - 4),
            (x + 1, y - 4),
            (x + 1, y - 11),
            (x - 6, y - 17),
            (x - 13, y - 11),
        ]
        sc.polygon(shape, fill=col, outline="#000000", width=2, place=place, title=title)
    else:
        house = [(x - 9, y + 8), (x + 9, y + 8), (x + 9, y - 3), (x, y - 11), (x - 9, y - 3)]
        sc.polygon(house, fill=col, outline="#000000", place=place, title=title)
        if b["kind"] == "sideways":  # a pillaged city: a settlement crossed out until rebuilt
            sc.line([(x - 9, y + 8), (x + 9, y - 3)], colour="#000000", width=2)


def _knight(
    sc: Scene, k: dict[str, Any], x: float, y: float, place: str | None = None, title: str | None = None
) -> None:
    col = _colour(k["owner"])
    active = bool(k["active"])
    sc.circle(
        x,
        y,
        12,
        fill=col if active else "#282828",
        outline=col if not active else "#000000",
        width=3 if not active else 1,
        place=place,
        title=title,
    )
    pip = "#000000" if active and k["owner"] % len(PLAYER_COLOURS) in (2, 3) else "#ffffff"
    level = int(k["level"])
    for i in range(level):
        px = x + (i - (level - 1) / 2) * 6.5
        sc.circle(px, y, 2.5, fill=pip)


# -- the legend ------------------------------------------------------------------------------------


def _legend(sc: Scene, lang: str, x: float, y: float, w_: float) -> float:
    entries: list[tuple[str, str]] = [
        ("number", _t(lang, "intersection 12 (a path: 12–13)", "kruispunt 12 (een pad: 12–13)")),
        ("settlement", w(lang, "settlement")),
        ("city", w(lang, "city")),
        ("sideways", w(lang, "sideways")),
        ("wall", w(lang, "wall")),
        ("metropolis", _t(lang, "metropolis (colour of its track)", "metropool (kleur van het spoor)")),
        ("knight", _t(lang, "knight: dots = strength, filled = active", "ridder: stippen = kracht, gevuld = actief")),
        ("robber", _t(lang, "robber", "rover")),
        (
            "merchant",
            _t(lang, "merchant: its owner trades that resource 2:1", "handelaar: eigenaar ruilt die grondstof 2:1"),
        ),
        (
            "harbour",
            _t(
                lang,
                "harbour 3:1: 3 alike for 1; wool 2:1: 2 wool for 1",
                "haven 3:1: 3 gelijke voor 1; wol 2:1: 2 wol voor 1",
            ),
        ),
        ("token", _t(lang, "number: the hex yields when it is rolled", "getal: de tegel levert bij die worp")),
    ]
    columns = 2
    per_col = math.ceil(len(entries) / columns)
    col_w = w_ / columns
    bottom = y
    for i, (mark, text) in enumerate(entries):
        cx0 = x + (i // per_col) * col_w
        cy0 = y + (i % per_col) * 32 + 16
        mx = cx0 + 16
        if mark == "number":
            sc.ellipse((mx - 10, cy0 - 8, mx + 10, cy0 + 8), fill="#ffffff", outline="#3c3c3c")
            sc.text(mx, cy0, "12", size=11, colour=_DARK, anchor="mm")
        elif mark in ("settlement", "city", "sideways"):
            _building(sc, {"owner": 0, "kind": mark, "wall": False, "metropolis": None}, mx, cy0 + 3)
        elif mark == "wall":
            _building(sc, {"owner": 0, "kind": "city", "wall": True, "metropolis": None}, mx, cy0 + 3)
        elif mark == "metropolis":
            crown = [(-11, 5), (-11, -5), (-5, 1), (0, -6), (5, 1), (11, -5), (11, 5)]
            sc.polygon([(mx + a, cy0 + b) for a, b in crown], fill=TRACK_COLOURS["science"], outline="#000000")
        elif mark == "knight":
            _knight(sc, {"owner": 1, "level": 2, "active": True}, mx - 7, cy0)
            _knight(sc, {"owner": 1, "level": 1, "active": False}, mx + 19, cy0)
        elif mark == "robber":
            _robber(sc, mx, cy0 + 2, lang)
        elif mark == "merchant":
            sc.polygon(
                [(mx, cy0 - 8), (mx + 7, cy0), (mx, cy0 + 8), (mx - 7, cy0)], fill=PLAYER_COLOURS[3], outline="#000000"
            )
        elif mark == "harbour":
            sc.rect((mx - 14, cy0 - 9, mx + 14, cy0 + 9), fill="#faf5e6", outline="#5a4628", radius=8)
            sc.text(mx, cy0, "3:1", size=11, anchor="mm")
        else:
            sc.circle(mx, cy0, 10, fill="#faf0d2", outline="#503c28")
            sc.text(mx, cy0, "8", size=12, weight="bold", colour="#c80000", anchor="mm")
        left = cx0 + (54 if mark == "knight" else 36)
        item = sc.text(
            left, cy0, text, size=13, min_size=9, anchor="lm", box=(left, cy0 - 13, cx0 + col_w - 6, cy0 + 13)
        )
        bottom = max(bottom, item["extent"][3])
    return bottom


# -- the panel: barbarians, dice, players, the viewer's cards, the bank ------------------------------


def _panel(sc: Scene, view: dict[str, Any], lang: str, names: list[str], x: float, y: float, width: float) -> float:
    y = _barbarians(sc, view, lang, x, y, width) + 8
    y = _dice(sc, view, lang, names, x, y, width) + 10
    for p in view.get("players", []):
        y = _player(sc, view, lang, names, p, x, y, width) + 10
    y = _trade(sc, view, lang, names, x, y, width)
    y = _own_cards(sc, view, lang, x, y, width)
    bank = view.get("bank", {})
    y = _para(
        sc, x, y, width, w(lang, "bank") + ": " + ", ".join(f"{w(lang, k)} {n}" for k, n in bank.items()), size=12
    )
    decks = ", ".join(f"{w(lang, k)} {n}" for k, n in view.get("decks", {}).items())
    return _para(sc, x, y, width, _t(lang, "Progress cards left: ", "Voortgangskaarten over: ") + decks, size=12)


def _para(
    sc: Scene,
    x: float,
    y: float,
    width: float,
    text: str,
    *,
    size: int = 13,
    weight: str = "regular",
    colour: str = _DARK,
) -> float:
    item = sc.text(
        x,
        y,
        text,
        size=size,
        min_size=9,
        weight=weight,
        colour=colour,
        box=(x - 1, y - 1, x + width, y + 4 * size * 1.2 + 2),
    )
    return float(item["extent"][3]) + 5


def _barbarians(sc: Scene, view: dict[str, Any], lang: str, x: float, y: float, width: float) -> float:
    steps = int(view.get("barbarian_steps", D.BARBARIAN_STEPS))
    at = int(view.get("barbarian", 0))
    y = _para(
        sc,
        x,
        y,
        width,
        _t(
            lang,
            f"Barbarian ship: step {at} of {steps}, attacks at {steps}",
            f"Barbarenschip: stap {at} van {steps}, valt aan bij {steps}",
        ),
        size=14,
        weight="bold",
    )
    cell = min(30.0, (width - 4) / (steps + 1))
    for s in range(steps + 1):
        x0 = x + s * cell
        here = s == at
        sc.rect(
            (x0, y, x0 + cell - 4, y + 22),
            fill="#b41e1e" if here else ("#e6e6e6" if s < steps else "#f0c8c8"),
            outline="#000000",
        )
        sc.text(x0 + (cell - 4) / 2, y + 11, str(s), size=12, colour="#ffffff" if here else _DARK, anchor="mm")
    y += 28
    cities = sum(1 for b in view.get("buildings", {}).values() if b.get("kind") == "city")
    knights = sum(p.get("knight_strength", 0) for p in view.get("players", []))
    y = _para(
        sc,
        x,
        y,
        width,
        _t(
            lang,
            f"Barbarians' strength (cities): {cities} · knight strength (active knights): {knights}",
            f"Sterkte barbaren (steden): {cities} · ridderkracht (actieve ridders): {knights}",
        ),
        size=12,
    )
    if view.get("robber_locked"):
        y = _para(
            sc,
            x,
            y,
            width,
            _t(
                lang,
                "The robber stays in the desert until the first attack.",
                "De rover blijft in de woestijn tot de eerste aanval.",
            ),
            size=12,
            colour=_SOFT,
        )
    return y


def _dice(sc: Scene, view: dict[str, Any], lang: str, names: list[str], x: float, y: float, width: float) -> float:
    dice = view.get("dice")
    if not dice or view.get("phase") == "setup":
        return y
    roll = (
        f"{w(lang, 'red')} {dice['red']} + {w(lang, 'yellow_die')} {dice['yellow']} = {dice['red'] + dice['yellow']}"
        f" · {_t(lang, 'event die', 'gebeurtenisdobbelsteen')}: {w(lang, dice['event'])}"
    )
    if view.get("phase") == "roll":  # the turn has not rolled yet: this is the previous turn's throw
        return _para(
            sc,
            x,
            y,
            width,
            _t(lang, "Previous turn's roll: ", "Worp van de vorige beurt: ") + roll,
            size=12,
            colour=_SOFT,
        )
    who = _name(names, view.get("turn"))
    alchemist = _t(lang, " (Alchemist)", " (Alchemist)") if dice.get("alchemist") else ""
    return _para(
        sc,
        x,
        y,
        width,
        _t(lang, f"{who} rolled{alchemist}: ", f"{who} gooide{alchemist}: ") + roll,
        size=13,
        weight="bold",
    )


def _player(
    sc: Scene, view: dict[str, Any], lang: str, names: list[str], p: dict[str, Any], x: float, y: float, width: float
) -> float:
    s = p["seat"]
    first = len(sc.items)
    won = view.get("winner") == s
    sc.rect((x, y + 2, x + 16, y + 18), fill=_colour(s), outline="#000000")
    n = int(p["points"])
    points = sc.text(
        x + width - 4,
        y,
        _t(lang, f"{n} point" if n == 1 else f"{n} points", f"{n} punt" if n == 1 else f"{n} punten"),
        size=17,
        weight="bold",
        anchor="ra",
    )
    mark = ""
    if won:
        mark = " · " + _t(lang, "winner", "winnaar")
    elif view.get("turn") == s and view.get("winner") is None and view.get("phase") != "setup":
        mark = " · " + _t(lang, "to play", "aan zet")
    head = sc.text(
        x + 22,
        y,
        _name(names, s) + mark,
        size=16,
        min_size=10,
        weight="bold",
        box=(x + 22, y - 1, points["extent"][0] - 8, y + 42),
    )
    y = max(head["extent"][3], y + 20) + 4
    if won or (view.get("turn") == s and view.get("winner") is None and view.get("phase") != "setup"):
        sc.rect((x - 6, head["extent"][1] - 5, x + width, y), fill="#fde9a6" if won else "#e8e0cc", radius=4)
        sc.items.insert(first, sc.items.pop())  # under the name
    titles = []
    if view.get("longest_road") == s:
        titles.append(_t(lang, "Longest Road (+2)", "Langste weg (+2)"))
    if view.get("merchant_owner") == s:
        titles.append(_t(lang, "Merchant (+1)", "Handelaar (+1)"))
    if p.get("defenders"):
        titles.append(_t(lang, f"Defender of Catan ×{p['defenders']}", f"Verdediger van Catan ×{p['defenders']}"))
    line = _t(
        lang,
        f"cards {p['hand_count']} · progress cards {p['progress_count']} · knight strength (active) {p['knight_strength']}",
        f"kaarten {p['hand_count']} · voortgangskaarten {p['progress_count']} · ridderkracht (actief) {p['knight_strength']}",
    )
    y = _para(sc, x, y, width, line + ("" if not titles else " · " + " · ".join(titles)), size=12)
    mine = view.get("seat") == s
    for track, colour in TRACK_COLOURS.items():
        level = int(p["levels"][track])
        place = _track_row(view, s, track)
        title = _t(lang, f"City improvement: {w(lang, track)}", f"Stadsverbetering: {w(lang, track)}")
        if not mine:
            title += f" · {_name(names, s)}"
        sc.rect((x - 2, y - 1, x + width, y + 15), fill=_BG, place=place, title=title)
        for k in range(5):
            x0 = x + k * 20
            sc.rect((x0, y, x0 + 16, y + 13), fill=colour if k < level else "#ffffff", outline="#000000")
        sc.text(
            x + 108,
            y + 6.5,
            f"{w(lang, track)} {level}/5",
            size=12,
            anchor="lm",
            box=(x + 106, y - 2, x + width, y + 15),
        )
        y += 17
    return y


def _trade(sc: Scene, view: dict[str, Any], lang: str, names: list[str], x: float, y: float, width: float) -> float:
    tr = view.get("trade")
    if not tr:
        return y
    to = tr.get("to")
    whom = _t(lang, "everyone", "iedereen") if to == "all" or not to else ", ".join(_name(names, s) for s in to)
    give = cards_text(lang, _counts(tr.get("give")))
    want = cards_text(lang, _counts(tr.get("want")))
    text = _t(
        lang,
        f"Open offer: {_name(names, tr.get('seat'))} gives {give} for {want} (to {whom})",
        f"Open aanbod: {_name(names, tr.get('seat'))} geeft {give} voor {want} (aan {whom})",
    )
    return _para(sc, x, y, width, text, size=12) + 4


def _counts(cards: Any) -> dict[str, int]:
    if isinstance(cards, dict):
        return {str(k): int(v) for k, v in cards.items()}
    out: dict[str, int] = {}
    for k in cards or []:
        out[str(k)] = out.get(str(k), 0) + 1
    return out


def _own_cards(sc: Scene, view: dict[str, Any], lang: str, x: float, y: float, width: float) -> float:
    if "hand" not in view:
        return y
    hand = cards_text(lang, {k: n for k, n in view["hand"].items() if n})
    y = _para(sc, x, y, width, f"{w(lang, 'hand')}: {hand}", size=13, weight="bold")
    if view.get("progress"):
        y = _para(
            sc,
            x,
            y,
            width,
            f"{w(lang, 'your_progress')}: " + ", ".join(card(lang, c) for c in view["progress"]),
            size=12,
        )
    return y + 4

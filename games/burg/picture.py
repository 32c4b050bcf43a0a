"""The board of Im Schutze der Burg as a ``Scene`` (games/scene.py), drawn from a view only: as a PNG
by ``render`` and as SVG by the web board.

From the top: the round track; what happens this round (whose turn, the reader's hand, the revealed
worker cards, the winter card); the trade fields; the watchtower and the general supply; the castle
buildings with their helper spaces; the towers and houses; the players; a legend of the terms the
board uses.
Every name is spelled out and fitted to its box, never cut; a finished game names its winners.

Places (``place=`` ids, named after the actions that point at them; ``places_of`` maps an action
to its places):
  ``card:<card id>``                     a card in the reader's hand (``select``)
  ``field:<trade field id>``             a trade field (``place_trader``; ``place_helper`` from a field)
  ``tower:<resource>``                   the pieces of one resource in the watchtower (``watchtower``)
  ``supply:<resource>``                  the pieces of one resource in the general supply (``equip``)
  ``worker:<seat>:<card id>``            a revealed worker card (where its pieces lie)
  ``worker:<seat>:<card id>:<resource>`` the pieces of one resource on a revealed worker card (``buy``)
  ``building:<tile id>``                 a building tile, castle building, tower or house (``build``)
  ``space:<space id>``                   a helper space of a castle building, or ``space:winter_guest``
                                         (the revealed guest chamber) (``place_helper``)

``marked_places(move, view)`` names the places the last move changed (games/moves.py), which the
scene marks with its caption (games/last_mark.py).
"""

from __future__ import annotations

from typing import Any

from games import final_score, scene_png
from games.burg import text as T
from games.core import Action
from games.last_mark import mark_newest
from games.moves import Move
from games.scene import RGB, Scene, measure

from .text import (
    WINTER_TEXT,
    building_name,
    card_name,
    describe_move,
    field_name,
    res_name,
    space_name,
    winter_name,
)

__all__ = ("scene", "render", "places_of", "marked_places")

W = 1000
#: the widest column a narrow screen shows of a row of cards or buildings (its texts then still 11 px)
FOLD = 440
BG = (244, 236, 220)
INK = (40, 34, 28)
MUTED = (120, 110, 98)
PANEL = (232, 221, 199)
UNBUILT = (224, 221, 214)
EDGE = (160, 140, 110)
COPPER = (184, 115, 51)
GOLD = (232, 184, 40)
WINTER = (40, 90, 190)
SEATS = [(200, 50, 50), (40, 90, 190), (40, 150, 70), (220, 160, 20)]
RES_COLOURS = {
    "sand": (230, 205, 140),
    "wood": (140, 90, 45),
    "clay": (196, 96, 60),
    "stone": (130, 130, 135),
    "silver": (205, 210, 220),
}
RES = ("sand", "wood", "clay", "stone", "silver")
WALL_GROUPS = ("tower_large", "tower_small", "house")

LABELS = {
    "en": {
        "title": "Im Schutze der Burg",
        "round": "Round {r} of {n}",
        "over": "Game over",
        "winner": "Winner: {who}",
        "winners": "Winners: {who}",
        "start": "Start player: {who}",
        "bank": "Bank: {n} taler",
        "winter_round": "winter",
        "fields": "Trade fields",
        "free": "free",
        "tower": "Watchtower",
        "supply": "General supply",
        "castle": "Castle: {n} of {total} buildings built",
        "prebuilt": "from the start",
        "unbuilt": "not built",
        "built_by": "built by {who}",
        "vp_value": "{vp} VP, value {cost}",
        "forge_silver": "silver in the forge: {n}",
        "empty": "empty",
        "no_workers": "No worker cards revealed this round.",
        "to_act": "To act: {who}, {card}",
        "choosing": "Choosing cards: waiting for {who}",
        "hand": "Your hand:",
        "chosen": "chosen",
        "winter": "Winter card: {name}, {text}",
        "winter_left": "Winter cards left: {n}",
        "guests": "guests: {who}",
        "guest_card": "{name}: a guest costs {fee} taler",
        "start_mark": "start player",
        "act_mark": "to act",
        "chose_mark": "has chosen",
        "winner_mark": "winner",
        "score": "{vp} VP · {taler} taler",
        "helpers": "helpers in supply: {n} of {total}",
        "resources": "Resources",
        "played": "Played: {cards}",
        "revealed": "This round: {cards}",
        "none": "none",
        "legend": "VP: victory points.  Value: pay resources worth exactly this"
        " (sand 1, wood 2, clay 4, stone 5; silver counts as any of them).",
        "legend_space": "a helper space, with its fee in taler",
        "legend_coin": "on the round track: 1 taler for that round's start player",
        "title_space": "{name}: {fee} taler, {who}",
        "title_field": "{name}: +{n} {res}, {who}",
        "title_pile": "{where}: {n} {res}",
        "title_worker": "{card} of {who}: {n} {res}",
    },
    "nl": {
        "title": "De Koningsburcht",
        "round": "Ronde {r} van {n}",
        "over": "Spel voorbij",
        "winner": "Winnaar: {who}",
        "winners": "Winnaars: {who}",
        "start": "Startspeler: {who}",
        "bank": "Bank: {n} taler",
        "winter_round": "winter",
        "fields": "Grondstofvelden",
        "free": "vrij",
        "tower": "Wachttoren",
        "supply": "Algemene voorraad",
        "castle": "Burcht: {n} van {total} gebouwen gebouwd",
        "prebuilt": "vanaf de start",
        "unbuilt": "niet gebouwd",
        "built_by": "gebouwd door {who}",
        "vp_value": "{vp} WP, waarde {cost}",
        "forge_silver": "zilver in de smederij: {n}",
        "empty": "leeg",
        "no_workers": "Deze ronde zijn geen arbeiderskaarten omgedraaid.",
        "to_act": "Aan zet: {who}, {card}",
        "choosing": "Kaarten kiezen: wachten op {who}",
        "hand": "Jouw hand:",
        "chosen": "gekozen",
        "winter": "Winterkaart: {name}, {text}",
        "winter_left": "Winterkaarten over: {n}",
        "guests": "gasten: {who}",
        "guest_card": "{name}: een gast kost {fee} taler",
        "start_mark": "startspeler",
        "act_mark": "aan zet",
        "chose_mark": "heeft gekozen",
        "winner_mark": "winnaar",
        "score": "{vp} WP · {taler} taler",
        "helpers": "werkers in voorraad: {n} van {total}",
        "resources": "Grondstoffen",
        "played": "Gespeeld: {cards}",
        "revealed": "Deze ronde: {cards}",
        "none": "geen",
        "legend": "WP: winstpunten.  Waarde: betaal grondstoffen van precies deze waarde"
        " (zand 1, hout 2, leem 4, steen 5; zilver telt als elk ervan).",
        "legend_space": "een werkersplaats, met de prijs in taler",
        "legend_coin": "op de rondeaanduiding: 1 taler voor de startspeler van die ronde",
        "title_space": "{name}: {fee} taler, {who}",
        "title_field": "{name}: +{n} {res}, {who}",
        "title_pile": "{where}: {n} {res}",
        "title_worker": "{card} van {who}: {n} {res}",
    },
}


def marked_places(move: Move, view: dict[str, Any]) -> list[str]:
    """The places a move changed: the worker card pieces were put on, the trade field a helper took
    (and the one it came from), the watchtower pile emptied, the pile bought from (the card, once
    none are left on it), the building erected, the helper space or guest chamber taken. A card chosen
    marks nothing: it stays hidden until the reveal."""
    out: list[str] = []
    for ev in move.get("events", []):
        typ = ev.get("type")
        if typ == "worker_equipped":
            out.append(f"worker:{ev.get('seat')}:{ev.get('card')}")
        elif typ == "trader_placed":
            out.append(f"field:{ev.get('field')}")
        elif typ == "watchtower_taken":
            out.append(f"tower:{ev.get('resource')}")
        elif typ == "resource_bought":
            card = f"worker:{ev.get('owner')}:{ev.get('card')}"
            left = any(
                w["seat"] == ev.get("owner") and w["card"] == ev.get("card") and w["resources"].get(ev.get("resource"))
                for w in view.get("workers") or []
            )
            out.append(f"{card}:{ev.get('resource')}" if left else card)
        elif typ == "building_built":
            out.append(f"building:{ev.get('building')}")
        elif typ in ("helper_placed", "guest_placed"):
            out.append(f"space:{ev.get('space', 'winter_guest')}")
            if ev.get("from") not in (None, "supply"):
                out.append(f"field:{ev['from']}")
    return list(dict.fromkeys(out))


def places_of(action: Action) -> list[str]:
    """The places on the board an action points at (see the module docstring)."""
    kind = action.get("type")
    if kind == "select":
        cards = action.get("cards") or [action.get("card")]
        return [f"card:{c}" for c in cards]
    if kind == "equip":
        res = action.get("resources") or []
        kinds = [r for r, n in res.items() if n] if isinstance(res, dict) else list(res)
        return [f"supply:{r}" for r in dict.fromkeys(kinds)]
    if kind == "place_trader":
        return [f"field:{action.get('field')}"]
    if kind == "watchtower":
        return [f"tower:{action.get('resource')}"]
    if kind == "buy":
        return [f"worker:{action.get('owner')}:{action.get('card')}:{action.get('resource')}"]
    if kind == "build":
        return [f"building:{action.get('building')}"]
    if kind == "place_helper":
        src = action.get("from", "supply")
        return [f"space:{action.get('space')}"] + ([] if src == "supply" else [f"field:{src}"])
    return []


def _hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _colour(seat: int | None) -> RGB:
    return MUTED if seat is None else SEATS[seat % len(SEATS)]


class _Board:
    """One drawing: the scene being built and what the view says."""

    def __init__(self, view: dict[str, Any], lang: str, names: list[str]) -> None:
        self.v = view
        self.lang = "nl" if lang == "nl" else "en"
        self.L = LABELS[self.lang]
        self.names = names
        self.over = view.get("phase") == "over" or view.get("final") is not None
        self.sc = Scene(W, 4000, background=_hex(BG))  # cut to the height used at the end

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "-"
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"{'speler' if self.lang == 'nl' else 'player'} {seat + 1}"

    def winners(self) -> list[int]:
        final = self.v.get("final") or {}
        return list(final.get("winners") or [])

    # -- small pieces ----------------------------------------------------------------------------
    def say(
        self,
        x: float,
        y: float,
        text: str,
        right: float,
        *,
        size: int = 14,
        bottom: float | None = None,
        weight: str = "regular",
        colour: RGB = INK,
        min_size: int = 9,
        anchor: str = "la",
    ) -> dict[str, Any]:
        """A left-aligned text fitted between ``x`` and ``right`` (and down to ``bottom``)."""
        low = bottom if bottom is not None else y + size * 1.25 + 2
        top = y - 3 if anchor[1] == "a" else y - (low - y)
        box = (x - 3, top, right, low)
        return self.sc.text(
            x, y, text, size=size, weight=weight, colour=colour, anchor=anchor, box=box, min_size=min_size
        )

    def pawn(self, cx: float, cy: float, seat: int | None, r: float = 9) -> None:
        self.sc.circle(cx, cy, r, fill=_colour(seat), outline=INK)

    def pill(self, x: float, y: float, text: str, fill: RGB, *, ink: RGB = INK, size: int = 12, **place: Any) -> float:
        h = size + 8
        w = measure(text, size, "bold")[0] + 14
        self.sc.rect((x, y, x + w, y + h), fill=fill, outline=INK, width=1, radius=h / 2, **place)
        self.sc.text(
            x + w / 2,
            y + h / 2,
            text,
            size=size,
            weight="bold",
            colour=ink,
            anchor="mm",
            box=(x + 2, y, x + w - 2, y + h),
        )
        return x + w

    def pile(self, x: float, y: float, res: str, n: int, width: float, **place: Any) -> None:
        """A resource chip: a coloured square and "3 sand", as one place."""
        self.sc.rect((x, y, x + width, y + 24), fill=(250, 245, 235), outline=EDGE, width=1, **place)
        self.sc.rect((x + 5, y + 5, x + 19, y + 19), fill=RES_COLOURS[res], outline=INK)
        self.say(x + 24, y + 12, f"{n} {res_name(res, self.lang)}", x + width - 3, size=14, bottom=y + 24, anchor="lm")

    # -- the board -------------------------------------------------------------------------------
    def draw(self) -> Scene:
        y = self.header()
        y = self.track(y)
        y = self.this_round(y)
        self.sc.region("title", 0, fold=FOLD)  # a narrow screen shows the blocks one under another...
        for name, block, fold in (
            ("fields", self.trade_fields, FOLD),
            ("piles", self.piles, FOLD),
            ("map", self.castle, FOLD),
            ("walls", self.walls, FOLD),
            ("side", self.players, None),
            ("legend", self.legend, FOLD),
        ):
            first = len(self.sc.items)
            y = block(y)
            self.sc.region(name, first, fold=fold)  # ...a row of cards or buildings cut into columns
        self.sc.height = int(y + 10)
        return self.sc

    def header(self) -> float:
        """Title and round; then the start player and the bank, or on a finished game its winners.
        Every section keeps its height through a game, so a replay's frames are alike in size."""
        v, L = self.v, self.L
        self.say(16, 12, L["title"], 420, size=26, weight="bold")
        head = L["over"] if self.over else L["round"].format(r=v["round"], n=v["rounds"])
        self.sc.text(W - 16, 12, head, size=24, weight="bold", colour=INK, anchor="ra", box=(560, 9, W - 16, 46))
        if not self.over:
            line = f"{L['start'].format(who=self.name(v['start_player']))}  ·  {L['bank'].format(n=v['bank'])}"
            self.say(16, 46, line, W - 16, size=15)
            return 76.0
        scores = (v.get("final") or {}).get("scores") or []
        unit = "WP" if self.lang == "nl" else "VP"
        winners = self.winners()
        who = ", ".join(f"{self.name(p)} ({scores[p] if p < len(scores) else 0} {unit})" for p in winners)
        text = L["winner" if len(winners) == 1 else "winners"].format(who=who)
        self.sc.rect((16, 42, W - 16, 70), fill=(255, 246, 214), outline=GOLD, width=3, radius=8)
        self.sc.text(
            W / 2, 56, text, size=18, weight="bold", colour=INK, anchor="mm", box=(24, 43, W - 24, 69), min_size=9
        )
        return 76.0

    def track(self, y: float) -> float:
        v, L = self.v, self.L
        rounds = int(v["rounds"])
        winter = v.get("winter") or {}
        winter_fields = set(winter.get("fields", [])) if winter.get("enabled") else set()
        step = min(64.0, (W - 32) / max(rounds, 1))
        for i in range(rounds):
            r = i + 1
            field = rounds - i  # the round track counts its fields down: round r plays field rounds - r + 1
            x = 16 + i * step
            box = (x, y, x + step - 6, y + 40)
            now = r == v["round"] and not self.over
            cold = field in winter_fields
            self.sc.rect(
                box,
                fill=(210, 225, 245) if cold else PANEL,
                outline=INK if now else EDGE,
                width=3 if now else 1,
                radius=6,
            )
            self.sc.text(
                x + 6,
                y + 4,
                str(r),
                size=14,
                weight="bold" if now else "regular",
                colour=INK,
                box=(x + 3, y + 2, x + 30, y + 22),
            )
            if cold:
                self.sc.text(
                    x + step - 10,
                    y + 5,
                    L["winter_round"],
                    size=10,
                    colour=WINTER,
                    anchor="ra",
                    box=(x + 20, y + 3, x + step - 8, y + 18),
                    min_size=7,
                )
            if field <= v["track"]:
                cx, cy = x + (step - 6) / 2, y + 28
                self.sc.circle(cx, cy, 7, fill=GOLD, outline=INK)
        return y + 48

    def trade_fields(self, y: float) -> float:
        L, lang = self.L, self.lang
        self.say(16, y, L["fields"], 400, size=18, weight="bold")
        y += 26
        fields = self.v["trade_fields"]
        width = (W - 32 - 8 * (len(fields) - 1)) / max(len(fields), 1)
        for i, f in enumerate(fields):
            x = 16 + i * (width + 8)
            seat = f["seat"]
            who = self.L["free"] if seat is None else self.name(seat)
            name = field_name(f["id"], lang)
            gain = f"+{f['yield']} {res_name(f['resource'], lang)}"
            title = L["title_field"].format(name=name, n=f["yield"], res=res_name(f["resource"], lang), who=who)
            self.sc.rect(
                (x, y, x + width, y + 84),
                fill=PANEL,
                outline=_colour(seat) if seat is not None else EDGE,
                width=3 if seat is not None else 1,
                radius=8,
                place=f"field:{f['id']}",
                title=title,
            )
            self.say(x + 8, y + 5, name, x + width - 6, size=16, weight="bold")
            self.sc.rect((x + 8, y + 29, x + 24, y + 45), fill=RES_COLOURS[f["resource"]], outline=INK)
            self.say(x + 30, y + 37, gain, x + width - 6, size=15, bottom=y + 48, anchor="lm")
            if seat is None:
                self.say(x + 8, y + 56, who, x + width - 6, size=14, colour=MUTED)
            else:
                self.pawn(x + 16, y + 65, seat)
                self.say(x + 30, y + 65, who, x + width - 6, size=14, bottom=y + 82, anchor="lm", min_size=8)
        return y + 92

    def piles(self, y: float) -> float:
        L, v = self.L, self.v
        half = (W - 32 - 12) / 2
        for k, (label, key, where) in enumerate(
            ((L["tower"], "watchtower", "tower"), (L["supply"], "supply", "supply"))
        ):
            x0 = 16 + k * (half + 12)
            self.say(x0, y, label, x0 + half, size=18, weight="bold")
            chip = (half - 4 * 6) / 5
            for i, r in enumerate(RES):
                n = int(v[key][r])
                x = x0 + i * (chip + 6)
                title = L["title_pile"].format(where=label, n=n, res=res_name(r, self.lang))
                self.pile(x, y + 26, r, n, chip, place=f"{where}:{r}", title=title)
        return y + 62

    def castle(self, y: float) -> float:
        L, lang, v = self.L, self.lang, self.v
        self.say(16, y, L["castle"].format(n=v["built_count"], total=v["to_build"]), W - 16, size=18, weight="bold")
        y += 26
        castle = [b for b in v["buildings"] if b["spaces"]]
        cw, ch = (W - 32 - 16) / 3, 88
        for i, b in enumerate(castle):
            bx, by = 16 + (i % 3) * (cw + 8), y + (i // 3) * (ch + 8)
            built, seat = b["built"], b["by"]
            name = building_name(b["id"], lang)
            worth = L["vp_value"].format(vp=b["vp"], cost=b["cost"])
            if b["prebuilt"]:
                status = L["prebuilt"]
            elif built:
                status = L["built_by"].format(who=self.name(seat))
            else:
                status = L["unbuilt"]
            if b["id"] == "forge":
                status += f" · {L['forge_silver'].format(n=v['forge'])}"
            title = f"{name}: {worth}, {status}" if not b["prebuilt"] else f"{name}: {status}"
            self.sc.rect(
                (bx, by, bx + cw, by + ch),
                fill=PANEL if built else UNBUILT,
                outline=_colour(seat) if seat is not None else EDGE,
                width=3 if seat is not None else 1,
                radius=8,
                place=f"building:{b['id']}",
                title=title,
            )
            ink = INK if built else MUTED
            if b["prebuilt"]:
                self.say(bx + 8, by + 6, name, bx + cw - 8, size=17, weight="bold", colour=ink)
            else:
                wide = measure(worth, 14)[0]
                self.sc.text(
                    bx + cw - 8,
                    by + 8,
                    worth,
                    size=14,
                    colour=ink,
                    anchor="ra",
                    box=(bx + cw - 14 - wide, by + 5, bx + cw - 6, by + 26),
                )
                self.say(bx + 8, by + 6, name, bx + cw - 18 - wide, size=17, weight="bold", colour=ink, min_size=11)
            self.say(bx + 8, by + 28, status, bx + cw - 8, size=13, colour=ink, min_size=9)
            spaces = b["spaces"]
            slot = (cw - 16) / max(len(spaces), 1)
            for k, sp in enumerate(spaces):
                sx = bx + 8 + k * slot
                self.space(sx, by + 66, slot - 6, b, sp)
        rows = (len(castle) + 2) // 3
        return y + rows * (ch + 8) + 4

    def space(self, x: float, cy: float, width: float, b: dict[str, Any], sp: dict[str, Any]) -> None:
        """A helper space: a circle with its fee (in the occupant's colour once taken), its name
        beside it as the menus say it, and who stands there."""
        L, lang = self.L, self.lang
        seat = sp["seat"]
        full = space_name(sp["id"], lang)
        building = building_name(b["id"], lang)
        short = full[len(building) :].strip() if full.startswith(building) else full
        who = L["free"] if seat is None else self.name(seat)
        title = L["title_space"].format(name=full, fee=sp["fee"], who=who)
        fill = _colour(seat) if seat is not None else (COPPER if b["built"] else (215, 200, 185))
        self.sc.circle(
            x + 14,
            cy,
            14,
            fill=fill,
            outline=INK,
            width=2 if seat is not None else 1,
            place=f"space:{sp['id']}",
            title=title,
        )
        ink = (255, 255, 255) if b["built"] or seat is not None else MUTED
        self.sc.text(
            x + 14,
            cy,
            str(sp["fee"]),
            size=14,
            weight="bold",
            colour=ink,
            anchor="mm",
            box=(x + 1, cy - 13, x + 27, cy + 13),
            min_size=9,
        )
        if short == str(sp["fee"]):
            short = ""  # "Forge 10": the circle already shows the 10
        if not b["built"]:
            label = short  # a space of an unbuilt building is not open yet
        else:
            label = f"{short} · {who}" if short else who
        if label:
            self.say(
                x + 33,
                cy,
                label,
                x + width,
                size=13,
                bottom=cy + 16,
                anchor="lm",
                min_size=8,
                colour=INK if b["built"] else MUTED,
            )

    def walls(self, y: float) -> float:
        L, lang, v = self.L, self.lang, self.v
        groups = {g: [b for b in v["buildings"] if not b["spaces"] and b["group"] == g] for g in WALL_GROUPS}
        groups.update({b["group"]: [] for b in v["buildings"] if not b["spaces"] and b["group"] not in groups})
        for b in v["buildings"]:
            if not b["spaces"] and b["group"] not in WALL_GROUPS:
                groups[b["group"]].append(b)
        tile_w = 96.0
        x = 16.0
        for group, tiles in groups.items():
            if not tiles:
                continue
            need = len(tiles) * (tile_w + 6) - 6
            if x > 16 and x + need > W - 16:
                x, y = 16.0, y + 80
            first = tiles[0]
            head = f"{building_name(group, lang)} · {L['vp_value'].format(vp=first['vp'], cost=first['cost'])}"
            self.say(x, y, head, x + max(need, 200), size=14, weight="bold")
            for k, b in enumerate(tiles):
                tx = x + k * (tile_w + 6)
                self.wall_tile(tx, y + 22, tile_w, b)
            x += need + 24
        return y + 80

    def wall_tile(self, x: float, y: float, width: float, b: dict[str, Any]) -> None:
        L, lang = self.L, self.lang
        seat = b["by"]
        name = building_name(b["id"], lang)
        number = name.rpartition(" ")[2] if name.rpartition(" ")[2].isdigit() else name
        status = L["built_by"].format(who=self.name(seat)) if b["built"] else L["unbuilt"]
        title = f"{name}: {L['vp_value'].format(vp=b['vp'], cost=b['cost'])}, {status}"
        fill = tuple(min(255, c + (255 - c) * 2 // 3) for c in _colour(seat)) if seat is not None else UNBUILT
        self.sc.rect(
            (x, y, x + width, y + 50),
            fill=fill,
            outline=_colour(seat) if seat is not None else EDGE,
            width=2 if seat is not None else 1,
            radius=6,
            place=f"building:{b['id']}",
            title=title,
        )
        self.sc.text(
            x + 7,
            y + 4,
            number,
            size=15,
            weight="bold",
            colour=INK if b["built"] else MUTED,
            box=(x + 4, y + 2, x + 30, y + 22),
        )
        if seat is not None:
            self.say(x + 7, y + 22, self.name(seat), x + width - 4, size=12, bottom=y + 49, min_size=8)

    def this_round(self, y: float) -> float:
        """Whose turn (or who still chooses), the reader's hand, the revealed worker cards and the
        winter card, each in a space of its own whether used or not."""
        L, lang, v = self.L, self.lang, self.v
        task = v.get("task")
        now = ""
        if task and not self.over:
            now = L["to_act"].format(who=self.name(task["seat"]), card=card_name(task["card"], lang))
        elif v.get("phase") == "select":
            now = L["choosing"].format(who=", ".join(self.name(p["seat"]) for p in v["players"] if not p["chosen"]))
        hand = v.get("hand")
        split = W / 2 if hand is not None else W - 16
        if now:
            ink = _colour(task["seat"]) if task and not self.over else INK
            self.say(16, y, now, split - 12, size=16, weight="bold", colour=ink, bottom=y + 44, min_size=10)
        if hand is not None:
            x = self.say(split, y + 11, L["hand"], split + 140, size=15, anchor="lm", bottom=y + 22)["extent"][2] + 8
            row = y
            chosen = set(v.get("selection") or [])
            for c in hand:
                label = card_name(c, lang) + (f" ({L['chosen']})" if c in chosen else "")
                width = measure(label, 12, "bold")[0] + 14
                if x + width > W - 16:
                    x, row = split, row + 24  # a second row: a hand holds at most 8 cards
                fill = GOLD if c in chosen else (250, 245, 235)
                x = self.pill(x, row + 1, label, fill, size=12, place=f"card:{c}", title=card_name(c, lang)) + 6
        y += 52
        workers = v.get("workers") or []
        if not workers:
            self.say(16, y, L["no_workers"], W - 16, size=13, colour=MUTED)
        cw = (W - 32 - 8 * 3) / 4
        for i, w in enumerate(workers):
            x = 16 + (i % 4) * (cw + 8)
            wy = y + (i // 4) * 84
            card, seat = card_name(w["card"], lang), w["seat"]
            self.sc.rect(
                (x, wy, x + cw, wy + 78),
                fill=PANEL,
                outline=_colour(seat),
                width=2,
                radius=8,
                place=f"worker:{seat}:{w['card']}",
                title=f"{card} · {self.name(seat)}",
            )
            self.say(x + 8, wy + 4, card, x + cw - 8, size=15, weight="bold")
            self.pawn(x + 14, wy + 33, seat, 6)
            self.say(x + 25, wy + 33, self.name(seat), x + cw - 8, size=13, bottom=wy + 44, anchor="lm", min_size=8)
            held = [(r, n) for r, n in w["resources"].items() if n]
            if not held:
                self.say(x + 8, wy + 52, L["empty"], x + cw - 8, size=13, colour=MUTED)
            chip = (cw - 16 - 4 * (len(held) - 1)) / max(len(held), 1)
            for k, (r, n) in enumerate(held):
                title = L["title_worker"].format(card=card, who=self.name(seat), n=n, res=res_name(r, lang))
                place = f"worker:{seat}:{w['card']}:{r}"
                self.pile(x + 8 + k * (chip + 4), wy + 48, r, n, chip, place=place, title=title)
        y += max(1, (len(workers) + 3) // 4) * 84
        return self.winter(y) + 4

    def winter(self, y: float) -> float:
        """The last winter card and the guest chamber (two lines and a card's space)."""
        L, lang, v = self.L, self.lang, self.v
        w = v.get("winter") or {}
        if not w.get("enabled"):
            return y
        seen = w.get("revealed") or []
        line = L["winter_left"].format(n=w.get("deck_size", 0))
        if seen:
            last = seen[-1]
            card = L["winter"].format(name=winter_name(last, lang), text=WINTER_TEXT[lang].get(last, ""))
            line = f"{card}  ·  {line}"
        self.say(16, y, line, W - 16, size=14, colour=WINTER, bottom=y + 36)
        y += 40
        if "winter_guest" in seen:
            name = winter_name("winter_guest", lang)
            guests = ", ".join(self.name(g) for g in w.get("guests") or []) or L["none"]
            text = f"{L['guest_card'].format(name=name, fee=w.get('guest_fee', 0))} · {L['guests'].format(who=guests)}"
            right = min(W - 16, 16 + measure(text, 14)[0] + 30)
            self.sc.rect(
                (16, y, right, y + 28),
                fill=(225, 235, 250),
                outline=WINTER,
                width=2,
                radius=8,
                place="space:winter_guest",
                title=text,
            )
            self.say(26, y + 14, text, right - 6, size=14, bottom=y + 28, anchor="lm", min_size=8)
        return y + 36

    def players(self, y: float) -> float:
        L, lang, v = self.L, self.lang, self.v
        task = v.get("task") or {}
        winners = self.winners() if self.over else []
        for p in v["players"]:
            seat = p["seat"]
            won = seat in winners
            self.sc.rect(
                (16, y, W - 16, y + 76),
                fill=PANEL,
                outline=GOLD if won else _colour(seat),
                width=4 if won else 2,
                radius=8,
            )
            self.pawn(34, y + 19, seat, 10)
            score = L["score"].format(vp=p["vp"], taler=p["taler"])
            right = W - 28 - measure(score, 17, "bold")[0]
            self.sc.text(
                W - 28,
                y + 7,
                score,
                size=17,
                weight="bold",
                colour=INK,
                anchor="ra",
                box=(right - 4, y + 4, W - 26, y + 31),
            )
            marks = []
            if won:
                marks.append((L["winner_mark"], GOLD, INK))
            if not self.over and task.get("seat") == seat:
                fill = _colour(seat)
                light = sum(c * w for c, w in zip(fill, (0.3, 0.59, 0.11))) > 150
                marks.append((L["act_mark"], fill, INK if light else (255, 255, 255)))
            if not self.over and p.get("chosen"):
                marks.append((L["chose_mark"], (225, 220, 205), INK))
            if seat == v["start_player"] and not self.over:
                marks.append((L["start_mark"], (225, 220, 205), INK))
            x = right - 12
            for label, fill, ink in marks:
                x -= measure(label, 12, "bold")[0] + 14
                self.pill(x, y + 8, label, fill, ink=ink, size=12)
                x -= 6
            self.say(52, y + 7, self.name(seat), x - 8, size=18, weight="bold", colour=_colour(seat), min_size=10)
            held = ", ".join(f"{p['resources'][r]} {res_name(r, lang)}" for r in RES if p["resources"][r]) or L["none"]
            helpers = L["helpers"].format(n=p["helpers"], total=p["helpers_total"])
            self.say(52, y + 33, f"{L['resources']}: {held}  ·  {helpers}", W - 28, size=14, min_size=9)
            played = ", ".join(card_name(c, lang) for c in p["played"]) or L["none"]
            text = L["played"].format(cards=played)
            if p.get("revealed"):
                text += "  ·  " + L["revealed"].format(cards=", ".join(card_name(c, lang) for c in p["revealed"]))
            self.say(52, y + 54, text, W - 28, size=13, bottom=y + 74, colour=MUTED, min_size=8)
            y += 82
        return y

    def legend(self, y: float) -> float:
        L = self.L
        self.say(16, y, L["legend"], W - 16, size=13, colour=MUTED, min_size=9)
        y += 20
        self.sc.circle(24, y + 9, 8, fill=COPPER, outline=INK)
        self.say(38, y, L["legend_space"], W / 2 - 10, size=13, colour=MUTED, min_size=9)
        self.sc.circle(W / 2 + 8, y + 9, 7, fill=GOLD, outline=INK)
        self.say(W / 2 + 22, y, L["legend_coin"], W - 16, size=13, colour=MUTED, min_size=9)
        return y + 22


def scene(view: dict[str, Any], lang: str, names: list[str]) -> Scene:
    board = _Board(view, lang, names)
    sc = board.draw()
    style = final_score.Style(_hex(INK), _hex(MUTED), _hex(PANEL), _hex(GOLD))
    final_score.add_final(sc, view, lang, names, T, style, board.name)
    mark_newest(sc, view, lang, names, marked_places, describe_move)
    return sc


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes:
    return scene_png.render(scene(view, lang, names))

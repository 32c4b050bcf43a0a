"""Battles & Builders table picture: the public or one seat's view as a ``Scene`` (games/scene.py),
drawn as a PNG by ``render`` and as SVG by the web board.

Everything is spelled out (chip kinds, terrains, tiles, "start player"), dice say which round threw
them, and a finished game names its winners.

Places (``place=`` ids, named after the actions that point at them; ``places_of`` maps an action
to its places):
  ``tile:<strategy tile id>``  a strategy tile on display (``choose_tile``)
  ``seat:<n>``                 a player's row, the fictitious player's too (``catapult_target``)
  ``stock:<chip kind>``        a chip kind in the viewing seat's stock (``commit``)
  ``commit:<chip kind>``       a chip kind the viewing seat (in the public picture: the seat to act)
                               committed this round (``withdraw``)
  ``die:<index>``              a die of the seat using Fresh troops, by its index (``fresh_troops``)

``marked_places(move, view)`` names the places the last move changed (games/moves.py), which the
scene marks with its caption (games/last_mark.py).
"""

from __future__ import annotations

from typing import Any

from games import final_score, scene_png
from games.battles_builders import data as D
from games.battles_builders import text as T
from games.core import Action
from games.last_mark import mark_newest
from games.moves import Move
from games.scene import RGB, Scene, measure

__all__ = ("scene", "render", "places_of", "marked_places")

W = 1000
BG = (244, 238, 224)
CARD = (255, 252, 244)
INK = (40, 34, 28)
MUTED = (120, 110, 95)
TERRAIN_FILL = {
    D.URBAN: (176, 160, 140),
    D.OPEN_FIELD: (150, 196, 120),
    D.MOUNTAIN: (150, 150, 170),
    D.BARBARIAN: (190, 90, 70),
}
DIE_FILL = {D.GREEN: (70, 160, 80), D.YELLOW: (230, 200, 60), D.RED: (200, 60, 50)}
SEAT_FILL = [(60, 110, 190), (200, 120, 40), (120, 70, 160), (40, 150, 140), (110, 110, 110)]
CHIP_FILL = {
    D.BUILDER: (232, 214, 170),
    D.INFANTRY: (214, 222, 236),
    D.CAVALRY: (214, 222, 236),
    D.ARCHER: (214, 222, 236),
    D.KING: (244, 204, 90),
}
GOLD = (232, 184, 40)
MINUS = "\u2212"  # a real minus sign, as wide as the plus
ROW_H = 140  # a player's row: name, stock, this round's commit, dice, what they won
ROW_X = 356  # where the players' rows start, right of the event and strategy tiles
COL_R = ROW_X - 16  # the right edge of the event and strategy tiles
LEFT_H = 598  # the left column: event tile, strategy tiles

LABELS = {
    "en": {
        "round_of": "Round {r} of {n}",
        "over": "Game over",
        "winner": "Winner: {who}",
        "winners": "Winners: {who}",
        "no_winner": "No winner",
        "event_id": "Event tile {id}",
        "event_win": "Highest dice total wins {value}",
        "event_lose": "Lowest dice total gets {value}",
        "dice_per_army": "Dice per army",
        "tiles_left": "Event tiles left: {n}",
        "strategy": "Strategy tiles",
        "strategy_hint": "Committing your king takes one.",
        "held_by": "held by {who}",
        "stock": "Stock:",
        "empty": "empty",
        "round": "Round {r}:",
        "not_yet": "not committed yet",
        "face_down_n": "{chips} face down",
        "face_down": "committed, face down",
        "own_face_down": "face down",
        "dummy_draws": "draws 3 chips at random at the reveal",
        "taken_back": "taken back: {chips}",
        "prestige": "Prestige chips",
        "event_tiles": "Event tiles",
        "dice": "Dice, round {r}:",
        "total": "total {n}",
        "start": "start player",
        "to_act": "to act",
        "winner_mark": "winner",
        "point": "point",
        "points": "points",
        "chip": "chip",
        "chips": "chips",
        "die": "Die {n}: {colour} {value}",
        "in_stock": "In stock: {chips}",
        "committed": "Committed: {chips}",
    },
    "nl": {
        "round_of": "Ronde {r} van {n}",
        "over": "Spel voorbij",
        "winner": "Winnaar: {who}",
        "winners": "Winnaars: {who}",
        "no_winner": "Geen winnaar",
        "event_id": "Gebeurtenistegel {id}",
        "event_win": "Hoogste worp wint {value}",
        "event_lose": "Laagste worp krijgt {value}",
        "dice_per_army": "Dobbelstenen per leger",
        "tiles_left": "Gebeurtenistegels over: {n}",
        "strategy": "Strategietegels",
        "strategy_hint": "Wie zijn koning inzet, neemt er één.",
        "held_by": "van {who}",
        "stock": "Voorraad:",
        "empty": "leeg",
        "round": "Ronde {r}:",
        "not_yet": "nog niet ingezet",
        "face_down_n": "{chips} gedekt ingezet",
        "face_down": "gedekt ingezet",
        "own_face_down": "gedekt",
        "dummy_draws": "trekt bij het omdraaien 3 willekeurige fiches",
        "taken_back": "teruggenomen: {chips}",
        "prestige": "Prestigefiches",
        "event_tiles": "Gebeurtenistegels",
        "dice": "Dobbelstenen, ronde {r}:",
        "total": "totaal {n}",
        "start": "startspeler",
        "to_act": "aan zet",
        "winner_mark": "winnaar",
        "point": "punt",
        "points": "punten",
        "chip": "fiche",
        "chips": "fiches",
        "die": "Dobbelsteen {n}: {colour} {value}",
        "in_stock": "In voorraad: {chips}",
        "committed": "Ingezet: {chips}",
    },
}


def places_of(action: Action) -> list[str]:
    """The places on the picture an action points at (see the module docstring)."""
    kind = action.get("type")
    if kind == "choose_tile":
        return [f"tile:{action.get('tile')}"]
    if kind == "catapult_target":
        return [f"seat:{action.get('seat')}"]
    if kind == "commit":
        return [f"stock:{k}" for k, n in (action.get("chips") or {}).items() if n]
    if kind == "withdraw":
        return [f"commit:{k}" for k, n in (action.get("chips") or {}).items() if n]
    if kind == "fresh_troops":
        return [f"die:{i}" for i in action.get("dice") or []]
    return []


def marked_places(move: Move, view: dict[str, Any]) -> list[str]:
    """The places a move changed: the strategy tile taken, the row of the player the catapult hit,
    of a player who took chips back or threw fresh troops, and the rows where the round's battle
    ended (its winner, or the losers of a barbarian battle). A commit marks nothing: its chips stay
    hidden until the reveal."""
    out: list[str] = []
    for ev in move.get("events", []):
        typ = ev.get("type")
        if typ == "tile_chosen":
            out.append(f"tile:{ev.get('tile')}")
        elif typ == "catapult_given":
            out.append(f"seat:{ev.get('target')}")
        elif typ in ("withdrawn", "fresh_troops_used", "event_won"):
            out.append(f"seat:{ev.get('seat')}")
        elif typ == "barbarian_lost":
            out += [f"seat:{p}" for p in ev.get("losers") or [ev.get("seat")]]
    return list(dict.fromkeys(out))


def _count(n: int, one: str, many: str) -> str:
    return f"{str(n).replace('-', MINUS)} {one if n == 1 else many}"


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else str(v).replace("-", MINUS)


class _Picture:
    """One drawing: the scene being built and what the view says, read once."""

    def __init__(self, view: dict[str, Any], lang: str, names: list[str]) -> None:
        self.view = view
        self.lang = lang if lang in LABELS else "en"
        self.L = LABELS[self.lang]
        self.names = names
        self.entries = list(view.get("seats", [])) + ([view["dummy"]] if view.get("dummy") else [])
        height = max(LEFT_H, 88 + len(self.entries) * ROW_H)
        self.sc = Scene(W, height, background=_hex(BG))
        # the row labels ("Stock:", "Round 4:", "Dice, round 3:") share one column
        thrown = {t.get("round") or view.get("round") for t in view.get("dice") or []}
        labels = [
            self.L["stock"],
            self.L["round"].format(r=view.get("round")),
            *(self.L["dice"].format(r=r) for r in thrown),
        ]
        self.label_w = max(measure(text, 14)[0] for text in labels) + 2

    def name(self, seat: int) -> str:
        return T.who(seat, self.names, self.lang)

    def points(self, n: int) -> str:
        return _count(n, self.L["point"], self.L["points"])

    def signed_points(self, v: int) -> str:
        return f"{_signed(v)} {self.L['point'] if abs(v) == 1 else self.L['points']}"

    def winners(self) -> list[int]:
        return list(self.view.get("winners") or [])

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self) -> Scene:
        self.header()
        self.sc.region("title", 0, fold=440)  # the name, the rounds and the round one under another
        first = len(self.sc.items)
        if self.view.get("over") or not self.view.get("event"):
            self.final_box()
        else:
            self.event_box(self.view["event"])
        self.strategy_tiles()
        rows = len(self.sc.items)
        y = 80.0
        for entry in self.entries:
            self.row(entry, y)
            y += ROW_H
        # a narrow screen shows the seats first, then the event and the strategy tiles
        self.sc.region("map", rows)
        self.sc.region("side", first, rows)
        return self.sc

    def header(self) -> None:
        sc, v, L = self.sc, self.view, self.L
        sc.text(
            20, 18, "Battles & Builders", size=28, weight="bold", colour=INK, box=(17, 10, ROW_X - 6, 60), min_size=18
        )
        rounds = int(v.get("rounds") or 8)
        current = int(v.get("round") or 1)
        over = bool(v.get("over"))
        x0, right = ROW_X + 4, W - 200
        step = min(46.0, (right - x0) / max(rounds, 1))
        r = min(16.0, step / 2 - 2)
        for n in range(1, rounds + 1):
            cx = x0 + (n - 1) * step + r
            now = n == current and not over
            done = n < current or over
            fill = INK if now else ((200, 190, 170) if done else BG)
            sc.circle(cx, 36, r, fill=fill, outline=INK, width=2)
            box = (cx - r, 36 - r, cx + r, 36 + r)
            sc.text(cx, 36, str(n), size=18, colour=BG if now else INK, anchor="mm", box=box, min_size=9)
        label = L["over"] if over else L["round_of"].format(r=current, n=rounds)
        sc.text(W - 20, 36, label, size=22, weight="bold", colour=INK, anchor="rm", box=(right + 10, 12, W - 20, 60))

    def event_box(self, ev: dict[str, Any]) -> None:
        sc, L, lang = self.sc, self.L, self.lang
        r = COL_R
        sc.rect((20, 80, r, 300), fill=CARD, outline=INK, width=2, radius=14)
        sc.rect(
            (32, 92, r - 12, 190),
            fill=TERRAIN_FILL.get(ev["terrain"], (200, 200, 200)),
            outline=INK,
            width=2,
            radius=10,
        )
        sc.text(
            46,
            100,
            T.terrain_name(ev["terrain"], lang),
            size=20,
            weight="bold",
            colour=INK,
            box=(43, 96, r - 80, 126),
            min_size=13,
        )
        sc.text(
            r - 26,
            98,
            _signed(ev["value"]),
            size=30,
            weight="bold",
            colour=INK,
            anchor="ra",
            box=(r - 80, 94, r - 24, 132),
        )
        sc.text(
            46, 132, L["event_id"].format(id=ev["id"]), size=14, colour=INK, box=(43, 130, r - 24, 150), min_size=10
        )
        key = "event_lose" if ev["value"] < 0 else "event_win"
        effect = L[key].format(value=self.signed_points(ev["value"]))
        sc.text(46, 154, effect, size=15, colour=INK, box=(43, 152, r - 24, 188), min_size=10)
        sc.text(32, 198, L["dice_per_army"], size=14, colour=MUTED, box=(29, 196, r - 12, 216))
        y = 220
        for army in D.ARMIES:
            colour = ev.get("colours", {}).get(army, D.YELLOW)
            sc.rect((38, y, 60, y + 22), fill=DIE_FILL.get(colour, MUTED), outline=INK, radius=4)
            words = f"{T.KIND_NAMES[lang][army][1]}: {T.colour_name(colour, lang)}"
            sc.text(70, y + 11, words, size=16, colour=INK, anchor="lm", box=(67, y - 2, r - 12, y + 24), min_size=11)
            y += 26
        left = L["tiles_left"].format(n=self.view.get("deck_left", 0))
        sc.text(20, 306, left, size=14, colour=MUTED, box=(17, 304, r, 326))

    def final_box(self) -> None:
        sc, L = self.sc, self.L
        r, mid = COL_R, (20 + COL_R) / 2
        sc.rect((20, 80, r, 326), fill=CARD, outline=GOLD, width=3, radius=14)
        sc.text(mid, 112, L["over"], size=28, weight="bold", colour=INK, anchor="mm", box=(30, 90, r - 10, 136))
        winners = self.winners()
        if winners:
            key = "winner" if len(winners) == 1 else "winners"
            who = ", ".join(self.name(p) for p in winners)
            sc.text(
                mid,
                196,
                L[key].format(who=who),
                size=24,
                weight="bold",
                colour=INK,
                anchor="mm",
                box=(32, 144, r - 12, 250),
                min_size=13,
            )
            best = max(self.score_of(p) for p in winners)
            sc.text(mid, 282, self.points(best), size=20, colour=INK, anchor="mm", box=(32, 260, r - 12, 306))
        else:
            sc.text(
                mid, 196, L["no_winner"], size=24, weight="bold", colour=INK, anchor="mm", box=(32, 144, r - 12, 250)
            )

    def score_of(self, seat: int) -> int:
        return next((int(e["score"]) for e in self.entries if e["seat"] == seat), 0)

    def strategy_tiles(self) -> None:
        sc, L, lang, v = self.sc, self.L, self.lang, self.view
        sc.text(20, 334, L["strategy"], size=18, weight="bold", colour=INK, box=(17, 330, COL_R, 356))
        sc.text(20, 357, L["strategy_hint"], size=13, colour=MUTED, box=(17, 355, COL_R, 377), min_size=10)
        taken = {t: int(p) for t, p in (v.get("taken") or {}).items()}
        display = set(v.get("display") or [])
        tw = (COL_R - 20 - 6) / 2
        for i, tile in enumerate(D.STRATEGY_TILES):
            bx = 20 + (i % 2) * (tw + 6)
            by = 382 + (i // 2) * 70
            box = (bx, by, bx + tw, by + 64)
            on = tile in display
            name = T.tile_name(tile, lang)
            title = name
            holder = taken.get(tile)
            if holder is not None:
                title = f"{name} ({L['held_by'].format(who=self.name(holder))})"
            sc.rect(
                box,
                fill=(255, 244, 210) if on else (222, 216, 202),
                outline=INK if on else MUTED,
                width=2,
                radius=8,
                place=f"tile:{tile}",
                title=title,
            )
            value = D.TILE_VALUES.get(tile)
            right = bx + tw - 6
            name_right = right if value is None else right - 28
            ink = INK if on else MUTED
            sc.text(
                bx + 6,
                by + 4,
                name,
                size=14,
                weight="bold",
                colour=ink,
                box=(bx + 3, by + 3, name_right, by + 36),
                min_size=10,
            )
            if value is not None:
                sc.text(
                    right,
                    by + 4,
                    _signed(value),
                    size=16,
                    weight="bold",
                    colour=ink,
                    anchor="ra",
                    box=(right - 28, by + 2, right, by + 24),
                )
            if holder is not None:
                words = L["held_by"].format(who=self.name(holder))
                sc.text(
                    bx + 6, by + 37, words, size=12, colour=INK, box=(bx + 3, by + 35, right + 2, by + 62), min_size=8
                )

    # -- a player's row ------------------------------------------------------------------------
    def row(self, s: dict[str, Any], y: float) -> None:
        sc, L, v = self.sc, self.L, self.view
        p = int(s["seat"])
        dummy = bool(s.get("dummy"))
        colour = SEAT_FILL[-1] if dummy else SEAT_FILL[p % (len(SEAT_FILL) - 1)]
        waiting = p in (v.get("waiting") or [])
        won = bool(v.get("over")) and p in self.winners()
        box = (ROW_X, y, W - 20, y + ROW_H - 8)
        name = self.name(p)
        if dummy:
            name = name[:1].upper() + name[1:]  # "the fictitious player" heads its row
        sc.rect(
            box,
            fill=CARD,
            outline=GOLD if won else colour,
            width=5 if waiting or won else 2,
            radius=10,
            place=f"seat:{p}",
            title=f"{name}: {self.points(int(s['score']))}",
        )
        # name, marks and score on the first line
        right = W - 34
        score = self.points(int(s["score"]))
        sc.text(
            right,
            y + 8,
            score,
            size=20,
            weight="bold",
            colour=INK,
            anchor="ra",
            box=(right - 150, y + 4, right, y + 34),
        )
        right -= measure(score, 20, "bold")[0] + 14
        marks = []
        if won:
            marks.append((L["winner_mark"], GOLD))
        if waiting:
            marks.append((L["to_act"], colour))
        if p == v.get("start_player") and not dummy and not v.get("over"):
            marks.append((L["start"], (225, 220, 205)))
        for label, fill in marks:
            width = measure(label, 13, "bold")[0] + 16
            right -= width
            ink = (255, 255, 255) if fill == colour else INK
            self.pill(right, y + 9, label, fill=fill, size=13, weight="bold", colour=ink)
            right -= 8
        sc.text(
            ROW_X + 14,
            y + 8,
            name,
            size=20,
            weight="bold",
            colour=colour,
            box=(ROW_X + 11, y + 4, right - 6, y + 34),
            min_size=11,
        )
        self.stock_line(s, y + 38)
        self.commit_line(s, y + 62)
        self.dice_line(p, y + 86)
        self.held_line(s, y + 110)

    def pill(
        self,
        x: float,
        y: float,
        text: str,
        *,
        fill: RGB,
        size: int = 14,
        weight: str = "regular",
        colour: RGB = INK,
        place: str | None = None,
        title: str | None = None,
    ) -> float:
        """A rounded label (a chip kind, a mark); returns its right edge."""
        h = size + 8
        w = measure(text, size, weight)[0] + 14
        self.sc.rect((x, y, x + w, y + h), fill=fill, outline=INK, width=1, radius=h / 2, place=place, title=title)
        self.sc.text(
            x + w / 2,
            y + h / 2,
            text,
            size=size,
            weight=weight,
            colour=colour,
            anchor="mm",
            box=(x + 2, y, x + w - 2, y + h),
        )
        return x + w

    def chip_pills(self, x: float, y: float, chips: dict[str, int], right: float, place: str | None, key: str) -> float:
        """One pill per chip kind ("11 builders"), smaller when they would run past ``right``."""
        kinds = [(k, n) for k, n in chips.items() if n]
        labels = [T.kind_label(k, n, self.lang) for k, n in kinds]
        size = 14
        while size > 10 and sum(measure(t, size)[0] + 20 for t in labels) > right - x:
            size -= 1
        for (k, _n), label in zip(kinds, labels):
            title = self.L[key].format(chips=label)
            x = (
                self.pill(
                    x, y, label, fill=CHIP_FILL[k], size=size, place=f"{place}:{k}" if place else None, title=title
                )
                + 6
            )
        return x

    def label(self, x: float, y: float, text: str) -> float:
        """A muted line label; returns where the line's content starts (the same on every line)."""
        self.sc.text(x, y + 11, text, size=14, colour=MUTED, anchor="lm", box=(x - 3, y, x + self.label_w, y + 22))
        return x + self.label_w + 8

    def stock_line(self, s: dict[str, Any], y: float) -> None:
        stock = s.get("stock")
        if stock is None:
            return
        x = self.label(ROW_X + 14, y, self.L["stock"])
        mine = s["seat"] == self.view.get("viewer")
        if not any(stock.values()):
            self.sc.text(x, y + 11, self.L["empty"], size=14, colour=INK, anchor="lm", box=(x - 3, y, W - 34, y + 22))
            return
        self.chip_pills(x, y, stock, W - 34, "stock" if mine else None, "in_stock")

    def commit_line(self, s: dict[str, Any], y: float) -> None:
        sc, L, v, lang = self.sc, self.L, self.view, self.lang
        x = self.label(ROW_X + 14, y, L["round"].format(r=v.get("round")))
        end = (x - 3, y, W - 34, y + 22)

        def say(words: str, colour: RGB = INK) -> None:
            sc.text(x, y + 11, words, size=14, colour=colour, anchor="lm", box=end, min_size=10)

        if v.get("phase") == "commit" and not v.get("over"):
            if s.get("dummy"):
                say(L["dummy_draws"], MUTED)
            elif s.get("commit") is not None:  # the viewer's own, still face down to the others
                x = self.chip_pills(x, y, s["commit"], W - 160, None, "committed") if any(s["commit"].values()) else x
                end = (x - 3, y, W - 34, y + 22)
                say(L["own_face_down"] if any(s["commit"].values()) else T.REASONS[lang]["zero_commit"], MUTED)
            elif s.get("commit_count") is not None:
                n = int(s["commit_count"])
                say(L["face_down_n"].format(chips=_count(n, L["chip"], L["chips"])))
            elif s.get("committed"):
                say(L["face_down"])
            else:
                say(L["not_yet"], MUTED)
            return
        shown = s.get("last_commit")
        if shown is None:
            return
        if not any(shown.values()):
            say(T.REASONS[lang]["zero_commit"])
            return
        me = v.get("viewer")
        owner = me if isinstance(me, int) else v.get("actor")
        x = self.chip_pills(x, y, shown, W - 260, "commit" if s["seat"] == owner else None, "committed")
        if s.get("withdrawn"):
            end = (x - 3, y, W - 34, y + 22)
            say(L["taken_back"].format(chips=T.chips_text(s["withdrawn"], lang)), MUTED)

    def dice_line(self, seat: int, y: float) -> None:
        """The dice this seat threw last, with the round they were thrown in (they stay on the
        table until someone throws again, so a later round must not read them as its own)."""
        sc, L, v, lang = self.sc, self.L, self.view, self.lang
        latest: dict[int, tuple[str, int]] = {}
        total, thrown_in = None, None
        for throw in v.get("dice") or []:
            if throw["seat"] != seat:
                continue
            for i, c, value in zip(throw["dice"], throw["colours"], throw["values"]):
                latest[i] = (c, value)
            total, thrown_in = throw["total"], throw.get("round")
        if not latest:
            return
        current = thrown_in is None or thrown_in == v.get("round")
        x = self.label(ROW_X + 14, y, L["dice"].format(r=thrown_in if thrown_in is not None else v.get("round")))
        fresh = v.get("fresh") or {}
        choosing = fresh.get("seat") == seat
        for i in sorted(latest):
            c, value = latest[i]
            title = L["die"].format(n=i + 1, colour=T.colour_name(c, lang), value=value)
            sc.rect(
                (x, y, x + 22, y + 22),
                fill=DIE_FILL.get(c, MUTED),
                outline=INK if current else MUTED,
                width=2 if choosing else 1,
                radius=4,
                place=f"die:{i}" if choosing else None,
                title=title,
            )
            sc.text(
                x + 11,
                y + 11,
                str(value),
                size=14,
                weight="bold",
                colour=INK if c == D.YELLOW else BG,
                anchor="mm",
                box=(x, y, x + 22, y + 22),
            )
            x += 28
        sc.text(
            x + 4,
            y + 11,
            L["total"].format(n=total),
            size=15,
            colour=INK if current else MUTED,
            anchor="lm",
            box=(x + 1, y, W - 34, y + 22),
        )

    def held_line(self, s: dict[str, Any], y: float) -> None:
        L, lang = self.L, self.lang
        parts = []
        chips = s.get("chips") or {}
        virtual = s.get("virtual") or {}
        counts = [
            f"{chips.get(n, 0) + virtual.get(n, 0)} × {_signed(d)}"
            for n, d in zip(D.DENOM_NAMES, D.DENOMS)
            if chips.get(n, 0) + virtual.get(n, 0)
        ]
        if counts:
            parts.append(f"{L['prestige']}: {', '.join(counts)}")
        table = self.view.get("event_tile_table") or {}
        tiles = []
        for tid in s.get("event_tiles") or []:
            info = table.get(tid) or dict(zip(("terrain", "value"), D.EVENT_TILES.get(tid, ("", 0))))
            tiles.append(f"{T.terrain_name(info['terrain'], lang) or tid} {_signed(int(info['value']))}")
        if tiles:
            parts.append(f"{L['event_tiles']}: {', '.join(tiles)}")
        held = []
        for tile in s.get("strategy_tiles") or []:
            value = D.TILE_VALUES.get(tile)
            held.append(T.tile_name(tile, lang) + (f" {_signed(value)}" if value is not None else ""))
        if held:
            parts.append(f"{L['strategy']}: {', '.join(held)}")
        if parts:
            text = "  ·  ".join(parts)
            self.sc.text(
                ROW_X + 14,
                y + 10.5,
                text,
                size=14,
                colour=INK,
                anchor="lm",
                box=(ROW_X + 11, y, W - 34, y + 21),
                min_size=8,
            )


def _hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def scene(view: dict[str, Any], lang: str, names: list[str]) -> Scene:
    sc = _Picture(view, lang, names).draw()
    style = final_score.Style(_hex(INK), _hex(MUTED), _hex(CARD), _hex(GOLD))
    final_score.add_final(sc, view, lang, names, T, style, lambda seat: T.who(seat, names, lang))
    mark_newest(sc, view, lang, names, marked_places, T.describe_move)
    return sc


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes:
    return scene_png.render(scene(view, lang, names))

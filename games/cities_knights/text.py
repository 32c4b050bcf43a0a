"""Platform-neutral text for Cities & Knights in English and Dutch (Steden en Ridders terms).

Intersections and paths are named by the numbers drawn on the board picture (#0-#53), hexes by
their terrain and number, seats by name: no coordinate ids reach a reader. Menus add what a place
touches ("#18: 6 ore, 9 wool, 4 grain"), so a choice can be made without the picture.
"""

from __future__ import annotations

import re
from typing import Any

from games.cities_knights import data as D
from games.cities_knights.glossary import GLOSSARY as G
from games.core import Action, Event, Prompt
from games.moves import Move, headline
from games.words import Seats, capital, count, pick

T: dict[str, dict[str, str]] = {
    "en": {
        "lumber": "lumber",
        "brick": "brick",
        "wool": "wool",
        "grain": "grain",
        "ore": "ore",
        "paper": "paper",
        "cloth": "cloth",
        "coin": "coin",
        "forest": "forest",
        "pasture": "pasture",
        "fields": "fields",
        "hills": "hills",
        "mountains": "mountains",
        "desert": "desert",
        "science": "science",
        "trade": "trade",
        "politics": "politics",
        "settlement": "settlement",
        "city": "city",
        "sideways": "pillaged city",
        "road": "road",
        "wall": "city wall",
        "knight": "knight",
        "knight1": "basic knight",
        "knight2": "strong knight",
        "knight3": "mighty knight",
        "ship": "ship",
        "green": "green gate",
        "yellow": "yellow gate",
        "blue": "blue gate",
        "cat_build": "Build",
        "cat_knights": "Knights",
        "cat_trade": "Trade",
        "cat_cards": "Progress cards",
        "cat_end": "End turn",
        "cat_roll": "Roll the dice",
        "cat_alchemist": "Play Alchemist",
        "improvement": "City improvement",
        "activate": "Activate",
        "promote": "Promote",
        "move": "Move",
        "displace": "Displace",
        "chase": "Chase the robber",
        "maritime": "With the bank",
        "offer": "Offer 1 for 1 to everyone",
        "compose": "Compose an offer (any cards, chosen players)",
        "compose_counter": "Compose a counter-offer (any cards)",
        "draft_give": "You give",
        "draft_want": "You ask",
        "send": "Send the offer",
        "send_counter": "Send the counter-offer",
        "to_some": "to {names}",
        "drop": "Drop the draft",
        "now": "now {n}",
        "open_offer": "Open offer from {who}: {give} for {want}, {to}",
        "and": "and",
        "confirm": "Confirm trade with",
        "cancel": "Withdraw offer",
        "harbor": "Commercial Harbor offer",
        "discard_card": "Discard a progress card",
        "accept": "Accept",
        "reject": "Decline",
        "counter": "Counter-offer",
        "skip": "Skip",
        "to_all": "to everyone",
        "victim": "rob",
        "nobody": "nobody to rob",
        "with_crane": "with Crane",
        "with_medicine": "with Medicine",
        "red": "red",
        "yellow_die": "yellow",
        "vp": "points",
        "cards": "cards",
        "progress": "progress",
        "barbarians": "Barbarians",
        "robber_locked": "robber locked",
        "turn_of": "Turn of",
        "setup": "Set-up",
        "hand": "Your hand",
        "your_progress": "Your progress cards",
        "bank": "Bank",
        "longest": "Longest Road",
        "merchant": "Merchant",
        "metropolis": "metropolis",
        "merchant_piece": "merchant",
        "winner": "Winner",
        "intersection": "intersection",
        "path": "path",
        "hex": "hex",
        "sea": "sea",
        "player": "player",
        "missing_for": "missing for a {piece}: {cards}",
    },
    "nl": {
        "lumber": "hout",
        "brick": "steen",
        "wool": "wol",
        "grain": "graan",
        "ore": "erts",
        "paper": "papier",
        "cloth": "doek",
        "coin": "munt",
        "forest": "bos",
        "pasture": "weiland",
        "fields": "akker",
        "hills": "heuvels",
        "mountains": "bergen",
        "desert": "woestijn",
        "science": "wetenschap",
        "trade": "handel",
        "politics": "politiek",
        "settlement": "nederzetting",
        "city": "stad",
        "sideways": "geplunderde stad",
        "road": "weg",
        "wall": "stadsmuur",
        "knight": "ridder",
        "knight1": "basisridder",
        "knight2": "sterke ridder",
        "knight3": "machtige ridder",
        "ship": "schip",
        "green": "groen kasteel",
        "yellow": "geel kasteel",
        "blue": "blauw kasteel",
        "cat_build": "Bouwen",
        "cat_knights": "Ridders",
        "cat_trade": "Handelen",
        "cat_cards": "Voortgangskaarten",
        "cat_end": "Beurt beëindigen",
        "cat_roll": "Dobbelen",
        "cat_alchemist": "Alchemist spelen",
        "improvement": "Stadsverbetering",
        "activate": "Activeren",
        "promote": "Opwaarderen",
        "move": "Verplaatsen",
        "displace": "Verdrijven",
        "chase": "Rover verjagen",
        "maritime": "Met de bank",
        "offer": "Aanbod 1 voor 1 aan iedereen",
        "compose": "Aanbod samenstellen (elke kaart, gekozen spelers)",
        "compose_counter": "Tegenbod samenstellen (elke kaart)",
        "draft_give": "Jij geeft",
        "draft_want": "Jij vraagt",
        "send": "Aanbod versturen",
        "send_counter": "Tegenbod versturen",
        "to_some": "aan {names}",
        "drop": "Concept schrappen",
        "now": "nu {n}",
        "open_offer": "Open aanbod van {who}: {give} voor {want}, {to}",
        "and": "en",
        "confirm": "Ruil bevestigen met",
        "cancel": "Aanbod intrekken",
        "harbor": "Handelshaven-aanbod",
        "discard_card": "Voortgangskaart afleggen",
        "accept": "Accepteren",
        "reject": "Afwijzen",
        "counter": "Tegenbod",
        "skip": "Overslaan",
        "to_all": "aan iedereen",
        "victim": "beroof",
        "nobody": "niemand te beroven",
        "with_crane": "met Kraan",
        "with_medicine": "met Medicijn",
        "red": "rood",
        "yellow_die": "geel",
        "vp": "punten",
        "cards": "kaarten",
        "progress": "voortgang",
        "barbarians": "Barbaren",
        "robber_locked": "rover op slot",
        "turn_of": "Aan de beurt",
        "setup": "Opbouw",
        "hand": "Jouw hand",
        "your_progress": "Jouw voortgangskaarten",
        "bank": "Bank",
        "longest": "Langste weg",
        "merchant": "Handelaar",
        "metropolis": "metropool",
        "merchant_piece": "handelaar",
        "winner": "Winnaar",
        "intersection": "kruispunt",
        "path": "pad",
        "hex": "tegel",
        "sea": "zee",
        "player": "speler",
        "missing_for": "tekort voor een {piece}: {cards}",
    },
}

CARDS: dict[str, dict[str, str]] = {
    "en": {
        "alchemist": "Alchemist",
        "crane": "Crane",
        "engineer": "Engineer",
        "inventor": "Inventor",
        "irrigation": "Irrigation",
        "medicine": "Medicine",
        "mining": "Mining",
        "printer": "Printer",
        "road_building": "Road Building",
        "smith": "Smith",
        "commercial_harbor": "Commercial Harbor",
        "master_merchant": "Master Merchant",
        "merchant": "Merchant",
        "merchant_fleet": "Merchant Fleet",
        "resource_monopoly": "Resource Monopoly",
        "trade_monopoly": "Trade Monopoly",
        "bishop": "Bishop",
        "constitution": "Constitution",
        "deserter": "Deserter",
        "diplomat": "Diplomat",
        "intrigue": "Intrigue",
        "saboteur": "Saboteur",
        "spy": "Spy",
        "warlord": "Warlord",
        "wedding": "Wedding",
    },
    "nl": {
        "alchemist": "Alchemist",
        "crane": "Kraan",
        "engineer": "Ingenieur",
        "inventor": "Uitvinder",
        "irrigation": "Irrigatie",
        "medicine": "Medicijn",
        "mining": "Mijnbouw",
        "printer": "Boekdrukkunst",
        "road_building": "Wegenbouw",
        "smith": "Smid",
        "commercial_harbor": "Handelshaven",
        "master_merchant": "Meesterhandelaar",
        "merchant": "Handelaar",
        "merchant_fleet": "Handelsvloot",
        "resource_monopoly": "Grondstoffenmonopolie",
        "trade_monopoly": "Handelsmonopolie",
        "bishop": "Bisschop",
        "constitution": "Grondwet",
        "deserter": "Deserteur",
        "diplomat": "Diplomaat",
        "intrigue": "Intrige",
        "saboteur": "Saboteur",
        "spy": "Spion",
        "warlord": "Krijgsheer",
        "wedding": "Bruiloft",
    },
}


def _lang(lang: str) -> str:
    return lang if lang in T else "en"


def w(lang: str, key: str) -> str:
    return T[_lang(lang)].get(key, key)


def card(lang: str, name: Any) -> str:
    return CARDS[_lang(lang)].get(str(name), str(name))


# card kinds whose word changes in the plural (the others are mass nouns: "2 wool", "2 graan")
KIND_PLURALS: dict[str, dict[str, str]] = {"en": {"coin": "coins"}, "nl": {"coin": "munten"}}


def kind_count(lang: str, kind: str, n: int) -> str:
    """A number of cards of one kind: "1 coin", "2 coins", "0 wool", "3 munten"."""
    one = w(lang, kind)
    return count(n, one, KIND_PLURALS[_lang(lang)].get(kind, one))


def cards_text(lang: str, cards: dict[str, int] | None) -> str:
    if not cards:
        return "—"
    return ", ".join(kind_count(lang, k, n) for k, n in cards.items() if n)


_BUILD_COST: dict[str, tuple[int, ...]] = {
    "build_settlement": D.COST_SETTLEMENT,
    "build_city": D.COST_CITY,
    "build_wall": D.COST_WALL,
    "build_knight": D.COST_KNIGHT,
}
# the builds the private view says are out of reach, and what is missing for each
MAIN_BUILDS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("road", D.COST_ROAD),
    ("settlement", D.COST_SETTLEMENT),
    ("city", D.COST_CITY),
    ("knight", D.COST_KNIGHT),
)


def cost_text(lang: str, cost: tuple[int, ...] | list[int]) -> str:
    """A price in cards, in the fixed kind order: "2 grain, 3 ore"."""
    return cards_text(lang, {k: n for k, n in zip(D.KINDS, cost, strict=True) if n})


def _paid(view: dict[str, Any]) -> bool:
    """Whether a build now is paid for: on one's own turn, not a free build of a card or set-up."""
    return view.get("phase") == "main" and (view.get("pending") or {}).get(str(view.get("turn"))) == "turn"


def _improvement_cost(view: dict[str, Any], a: Action) -> tuple[int, ...] | None:
    """The next level's price: as many of the track's commodity as that level (rules §11)."""
    track = str(a.get("track"))
    players = view.get("players") or []
    turn = view.get("turn")
    if track not in D.TRACKS or not isinstance(turn, int) or not 0 <= turn < len(players):
        return None
    level = int((players[turn].get("levels") or {}).get(track, 0)) + 1
    out = [0] * len(D.KINDS)
    out[D.TRACK_COMMODITY[D.TRACKS.index(track)]] = level
    return tuple(out)


def _priced(
    view: dict[str, Any], lang: str, label: str, cost: tuple[int, ...] | None, card_used: Any = None, card: str = ""
) -> str:
    """A build's label with its price, "city (2 grain, 3 ore)"; a progress card that lowers the
    price is named with it: "city (with Medicine: 1 grain, 2 ore)"."""
    if card_used:
        if cost is not None and card == "with_medicine":
            cost = D.COST_CITY_MEDICINE
        elif cost is not None:  # Crane: one commodity less
            cost = tuple(max(0, n - 1) for n in cost)
    if cost is None or not _paid(view):
        return f"{label} ({w(lang, card)})" if card_used else label
    price = cost_text(lang, cost)
    return f"{label} ({w(lang, card)}: {price})" if card_used else f"{label} ({price})"


def missing_line(lang: str, hand: dict[str, int]) -> str | None:
    """What the hand lacks for each main build it cannot pay: "Missing for a city: 1 ore; ..."."""
    parts = []
    for piece, cost in MAIN_BUILDS:
        short = {k: n - hand.get(k, 0) for k, n in zip(D.KINDS, cost, strict=True) if n > hand.get(k, 0)}
        if short:
            parts.append(w(lang, "missing_for").format(piece=w(lang, piece), cards=cards_text(lang, short)))
    if not parts:
        return None
    return capital("; ".join(parts))


def _hand_chosen_from(view: dict[str, Any], kind: str) -> dict[str, int]:
    """The hand a multi-card choice picks from: the victim's for Master Merchant, else one's own."""
    if kind == "take_cards":
        return dict((view.get("looking_at") or {}).get("hand") or {})
    return dict(view.get("hand") or {})


def vertex(v: Any, lang: str = "en") -> str:
    """An intersection by the number the picture shows on it."""
    if isinstance(v, str) and v in D.VERTEX_INDEX:
        return f"{w(lang, 'intersection')} {D.VERTEX_INDEX[v]}"
    return str(v)


def edge(e: Any, lang: str = "en") -> str:
    """A path by the numbers of its two intersections."""
    if isinstance(e, str) and "|" in e:
        a, b = e.split("|")
        if a in D.VERTEX_INDEX and b in D.VERTEX_INDEX:
            return f"{w(lang, 'path')} {D.VERTEX_INDEX[a]}–{D.VERTEX_INDEX[b]}"
    return str(e)


def _yield(hx: dict[str, Any], lang: str) -> str:
    """A hex as a builder reads it: its number and what it produces ("6 ore"); the desert by name."""
    kind = D.TERRAIN_YIELD.get(str(hx.get("terrain")), (-1, -1))[0]
    if kind < 0:
        return w(lang, str(hx.get("terrain") or "hex"))
    number = hx.get("number")
    return f"{number} {w(lang, D.KINDS[kind])}" if number else w(lang, D.KINDS[kind])


def _yields(view: dict[str, Any], hexes: Any, lang: str) -> list[str]:
    """Land hexes by their indices, in reading order, as builders read them."""
    shown = {hx.get("id"): hx for hx in view.get("hexes") or [] if isinstance(hx, dict)}
    return [_yield(shown[D.HEX_IDS[h]], lang) for h in sorted(hexes) if D.HEX_IDS[h] in shown]


def _around(view: dict[str, Any], i: int, lang: str, coast: bool = True) -> list[str]:
    """What intersection ``i`` touches: its land hexes, then on the coast its harbour or the sea."""
    parts = _yields(view, D.VERTEX_HEXES[i], lang)
    if coast and len(D.VERTEX_HEXES[i]) < 3:
        slot, harbours = D.VERTEX_HARBOUR[i], view.get("harbours") or []
        parts.append(
            f"{_bw(lang, 'harbour')} {_harbour(lang, harbours[slot])}" if 0 <= slot < len(harbours) else w(lang, "sea")
        )
    return parts


def spot(view: dict[str, Any], v: Any, lang: str) -> str:
    """An intersection in a menu: its number and what it touches, "#18: 6 ore, 9 wool, 4 grain"
    (a view without the board's hexes: "intersection 18")."""
    if not (view.get("hexes") and isinstance(v, str) and v in D.VERTEX_INDEX):
        return vertex(v, lang)
    i = D.VERTEX_INDEX[v]
    return f"#{i}: " + ", ".join(_around(view, i, lang))


#: a menu label longer than this is cut (games/menus.py), so a path says less rather than be cut
_LABEL = 80


def route(view: dict[str, Any], e: Any, lang: str) -> str:
    """A path in a menu: its two ends by number, each with its land hexes,
    "path 10–14 (#10: 6 ore, 9 wool, 4 grain; #14: 9 wool, 4 grain, 5 brick)"; should that be
    too long, only the hexes the path runs between."""
    ends = e.split("|") if isinstance(e, str) else []
    if not (view.get("hexes") and len(ends) == 2 and all(v in D.VERTEX_INDEX for v in ends)):
        return edge(e, lang)
    a, b = sorted(D.VERTEX_INDEX[v] for v in ends)
    near_a, near_b = _around(view, a, lang, coast=False), _around(view, b, lang, coast=False)
    label = f"{w(lang, 'path')} {a}–{b} (#{a}: {', '.join(near_a)}; #{b}: {', '.join(near_b)})"
    if len(label) <= _LABEL:
        return label
    between = _yields(view, set(D.VERTEX_HEXES[a]) & set(D.VERTEX_HEXES[b]), lang)
    return f"{w(lang, 'path')} {a}–{b} ({', '.join(between)})"


def hex_label(lang: str, terrain: Any, number: Any) -> str:
    """A hex as the picture shows it: its terrain and number ("fields 8", "desert")."""
    name = w(lang, str(terrain)) if terrain else w(lang, "hex")
    return f"{name} {number}" if number else name


def hexname(h: Any, view: dict[str, Any] | None, lang: str) -> str:
    """A hex by terrain and number; two alike get "(1)"/"(2)" in reading order."""
    if view:
        hexes = view.get("hexes", [])
        for hx in hexes:
            if hx["id"] == h:
                label = hex_label(lang, hx["terrain"], hx.get("number"))
                alike = [
                    o["id"] for o in hexes if o["terrain"] == hx["terrain"] and o.get("number") == hx.get("number")
                ]
                if len(alike) > 1:
                    label += f" ({alike.index(h) + 1})"
                return label
    return w(lang, "hex")


def choice_label(view: dict[str, Any], action: Action, lang: str) -> str:
    """The action named once, for the answer that confirms it: its menu path without the steps
    that only page through the places (#10–#19); cards given or taken as the cards themselves."""
    L = _lang(lang)
    if action.get("type") in ("take_cards", "discard", "give_cards"):
        return cards_text(L, {k: n for k, n in (action.get("cards") or {}).items() if n})
    return " › ".join(p for p in action_path(view, action, L) if not _GROUP.fullmatch(p))


_GROUP = re.compile(r"#\d+–#\d+")


def _group(v: Any) -> str:
    i = D.VERTEX_INDEX.get(v.split("|")[0] if isinstance(v, str) else "", 0)
    lo = i // 10 * 10
    return f"#{lo}–#{min(lo + 9, D.NV - 1)}"


def _cut(s: str) -> str:
    return s if len(s) <= 80 else s[:79] + "…"


def _people(names: list[str], lang: str, viewer: int | None = None) -> Seats:
    """How a text names the seats: by name, the reader as "you", a seat without a name "player N"."""
    return Seats(names, _lang(lang), viewer)


def _seat_name(names: list[str], s: Any) -> str:
    return _people(names, "en").name(s)


def _who(view: dict[str, Any], s: Any, lang: str, start: bool = False) -> str:
    """A seat in a prompt sentence or a menu: its name when the view carries ``names``, else
    "player N" (people count seats from 1); ``start``: it opens the sentence ("Player 2 offers")."""
    names = view.get("names")
    people = _people([str(n) for n in names] if isinstance(names, list) else [], lang)
    return people.subject(s) if start else people.name(s)


def score_text(score: int | float, lang: str) -> str:
    """A final score with its unit: "13 victory points", "1 overwinningspunt"."""
    return G.count("victory_point", _lang(lang), score)


# -- action_path ---------------------------------------------------------------------------------


def action_path(view: dict[str, Any], action: Action, lang: str) -> list[str]:
    return [_cut(p) for p in _path(view, action, lang)]


def _path(view: dict[str, Any], a: Action, lang: str) -> list[str]:
    t = a.get("type")
    L = lang
    if t == "roll":
        return [w(L, "cat_roll")]
    if t == "play_alchemist":
        return [w(L, "cat_alchemist"), f"{w(L, 'red')} {a.get('red')}", f"{w(L, 'yellow_die')} {a.get('yellow')}"]
    if t == "end_turn":
        return [w(L, "cat_end")]
    if t in ("build_settlement", "build_city", "build_wall", "build_knight", "place_knight"):
        piece = {
            "build_settlement": "settlement",
            "build_city": "city",
            "build_wall": "wall",
            "build_knight": "knight1",
            "place_knight": "knight",
        }[t]
        label = _priced(view, L, w(L, piece), _BUILD_COST.get(t), a.get("use_medicine"), "with_medicine")
        v = a.get("vertex")
        return [w(L, "cat_build"), label, _group(v), spot(view, v, L)]
    if t == "build_road":
        e = a.get("edge")
        return [w(L, "cat_build"), _priced(view, L, w(L, "road"), D.COST_ROAD), _group(e), route(view, e, L)]
    if t == "buy_improvement":
        label = _priced(
            view, L, w(L, str(a.get("track"))), _improvement_cost(view, a), a.get("use_crane"), "with_crane"
        )
        return [w(L, "cat_build"), w(L, "improvement"), label]
    if t in ("activate_knight", "promote_knight"):
        cost = D.COST_ACTIVATE if t == "activate_knight" else D.COST_PROMOTE
        return [
            w(L, "cat_knights"),
            _priced(view, L, w(L, "activate" if t == "activate_knight" else "promote"), cost),
            spot(view, a.get("vertex"), L),
        ]
    if t in ("move_knight", "displace_knight"):
        return [
            w(L, "cat_knights"),
            w(L, "move" if t == "move_knight" else "displace"),
            spot(view, a.get("from"), L),
            spot(view, a.get("to"), L),
        ]
    if t in ("chase_robber", "move_robber"):
        head = [w(L, "cat_knights"), w(L, "chase"), spot(view, a.get("knight"), L)] if t == "chase_robber" else []
        victim = a.get("victim")
        tail = f"{w(L, 'victim')} {_who(view, victim, L)}" if victim is not None else w(L, "nobody")
        return [*head, hexname(a.get("hex"), view, L), tail]
    if t == "maritime_trade":
        return [
            w(L, "cat_trade"),
            w(L, "maritime"),
            f"{a.get('rate')} {w(L, str(a.get('give')))}",
            f"→ 1 {w(L, str(a.get('get')))}",
        ]
    if t == "offer_trade":
        return [
            w(L, "cat_trade"),
            w(L, "offer"),
            cards_text(L, a.get("give")),
            f"→ {cards_text(L, a.get('want'))}",
        ]
    if t == "confirm_trade":
        return [w(L, "cat_trade"), f"{w(L, 'confirm')} {_who(view, a.get('seat'), L)}"]
    if t == "cancel_trade":
        return [w(L, "cat_trade"), w(L, "cancel")]
    if t == "harbor_offer":
        return [w(L, "cat_trade"), w(L, "harbor"), _who(view, a.get("opponent"), L), w(L, str(a.get("resource")))]
    if t == "accept_trade":
        return [w(L, "accept")]
    if t == "reject_trade":
        return [w(L, "reject")]
    if t == "counter_offer":
        return [w(L, "counter"), cards_text(L, a.get("give")), f"→ {cards_text(L, a.get('want'))}"]
    if t in ("offer_compose", "offer_set", "offer_send", "offer_drop"):
        return _draft_path(view, a, L)
    if t == "play_progress":
        c = str(a.get("card"))
        out = [w(L, "cat_cards"), card(L, c)]
        for key in ("vertex", "edge", "hex", "opponent", "kind", "track", "hexes"):
            if key in a:
                val = a[key]
                if key == "vertex":
                    out.append(spot(view, val, L))
                elif key == "edge":
                    out += [_group(val), route(view, val, L)]
                elif key == "hex":
                    out.append(hexname(val, view, L))
                elif key == "hexes":
                    out += [hexname(h, view, L) for h in val]
                elif key == "opponent":
                    out.append(_who(view, val, L))
                else:
                    out.append(w(L, str(val)))
        return out
    if t == "discard_progress":
        return [w(L, "discard_card"), card(L, a.get("card"))]
    if t in ("take_cards", "discard", "give_cards"):
        # "how many of each kind": one step per kind in the hand, so a menu asks a few counts
        # (the last kind is then forced and folds into the step before) rather than card by card
        cards = a.get("cards") or {}
        held = _hand_chosen_from(view, t)
        kinds = [k for k in D.KINDS if held.get(k, 0) > 0 or cards.get(k)] if held else list(D.KINDS)
        return [kind_count(L, k, int(cards.get(k, 0))) for k in kinds] or ["—"]
    if t in ("aqueduct",):
        return [w(L, str(a.get("resource")))]
    if t == "give_commodity":
        return [w(L, str(a.get("commodity")))]
    if t == "choose_deck":
        return [w(L, str(a.get("deck")))]
    if t == "take_card":
        return [card(L, a.get("card"))]
    if t in ("pillage_city", "place_metropolis", "relocate_knight", "remove_knight"):
        return [_group(a.get("vertex")), spot(view, a.get("vertex"), L)]
    if t == "skip":
        return [w(L, "skip")]
    return [str(t)]


# -- events ----------------------------------------------------------------------------------------

EVENTS: dict[str, dict[str, str]] = G.table(
    {
        "en": {
            "built": "{who} builds a {piece} {at} {where}.",
            "built/you": "You build a {piece} {at} {where}.",
            "built_free": "{who} builds a {piece} {at} {where} (free).",
            "built_free/you": "You build a {piece} {at} {where} (free).",
            "resources_gained": "{who} receives {cards}.",
            "resources_gained/you": "You receive {cards}.",
            "turn_started": "[Turn] {turn}: {who} is up.",
            "turn_started/you": "[Turn] {turn}: your [turn].",
            "turn_ended": "{who} ends the [turn].",
            "turn_ended/you": "You end your [turn].",
            "dice_rolled": "{who} rolls {red} (red) + {yellow} (yellow) = {total}; [event_die]: {face}.",
            "dice_rolled/you": "You roll {red} (red) + {yellow} (yellow) = {total}; [event_die]: {face}.",
            "dice_rolled_alch": "{who} plays Alchemist: {red} (red) + {yellow} (yellow) = {total}; [event_die]: {face}.",
            "dice_rolled_alch/you": "You play Alchemist: {red} (red) + {yellow} (yellow) = {total}; [event_die]: {face}.",
            "barbarians_advanced": "The [barbarian_ship] advances to {step}/7.",
            "attack_defended": "Barbarians attack: {b} against {k} — Catan holds!",
            "attack_pillage": "Barbarians attack: {b} against {k} — the barbarians win; {losers} {lose} a [city].",
            "defender_awarded": "{who} is [defender] (+1 [victory_point]).",
            "defender_awarded/you": "You are [defender] (+1 [victory_point]).",
            "city_pillaged": "{own_city} at {where} is pillaged.",
            "knights_deactivated": "All [knight+] are now inactive.",
            "robber_unlocked": "The [robber] is free to move from now on.",
            "progress_drawn": "{who} draws a {deck} [progress_card].",
            "progress_card": "You draw {card} ({deck}).",
            "vp_card_revealed": "{who} reveals {card} (+1 [victory_point]).",
            "vp_card_revealed/you": "You reveal {card} (+1 [victory_point]).",
            "deck_empty": "The {deck} deck is empty.",
            "produced": "Production on {total}: {gains}.",
            "produced_none": "Production on {total}: nobody receives anything.",
            "bank_shortage": "The bank is short of {kind}.",
            "aqueduct": "{who} takes 1 {kind} (Aqueduct).",
            "aqueduct/you": "You take 1 {kind} (Aqueduct).",
            "discarded": "{who} discards {cards}.",
            "discarded_cards": "You discard {cards}.",
            "robber_moved": "{who} moves the [robber] to {hex}.",
            "robber_moved/you": "You move the [robber] to {hex}.",
            "stolen": "{who} robs {victim}.",
            "stolen/you": "You rob {victim}.",
            "stolen_none": "{who} robs {victim}, who has nothing.",
            "stolen_none/you": "You rob {victim}, who has nothing.",
            "stolen_card": "{who} takes 1 {kind} from {victim}.",
            "stolen_card/you": "You take 1 {kind} from {victim}.",
            "improvement_bought": "{who} raises {track} to level {level}.",
            "improvement_bought/you": "You raise {track} to level {level}.",
            "metropolis_placed": "{who} places the {track} [metropolis] at {where}.",
            "metropolis_placed/you": "You place the {track} [metropolis] at {where}.",
            "metropolis_lost": "{who} loses the {track} [metropolis].",
            "metropolis_lost/you": "You lose the {track} [metropolis].",
            "knight_built": "{who} places a {knight} at {where}.",
            "knight_built/you": "You place a {knight} at {where}.",
            "knight_activated": "{who} activates the [knight] at {where}.",
            "knight_activated/you": "You activate the [knight] at {where}.",
            "knight_promoted": "{who} promotes the [knight] at {where} to {knight}.",
            "knight_promoted/you": "You promote the [knight] at {where} to {knight}.",
            "knight_moved": "{who} moves a [knight] from {where} to {to}.",
            "knight_moved/you": "You move a [knight] from {where} to {to}.",
            "knight_displaced": "{who} displaces {victims_knight} at {to}.",
            "knight_displaced/you": "You displace {victims_knight} at {to}.",
            "knight_relocated": "{who} moves the displaced [knight] to {to}.",
            "knight_relocated/you": "You move the displaced [knight] to {to}.",
            "knight_removed": "{own_knight} at {where} goes back to the supply.",
            "knight_chased_robber": "{own_knight} at {where} chases the [robber].",
            "knights_activated": "{who} activates all [knight+] (Warlord).",
            "knights_activated/you": "You activate all your [knight+] (Warlord).",
            "longest_road": "{who} now holds the [longest_road] ({length}).",
            "longest_road/you": "You now hold the [longest_road] ({length}).",
            "longest_road_none": "Nobody holds the [longest_road] now.",
            "maritime_trade": "{who} trades {rate} {give} for 1 {get} with the bank.",
            "maritime_trade/you": "You trade {rate} {give} for 1 {get} with the bank.",
            "trade_offered": "{who} offers {give} for {want}.",
            "trade_offered/you": "You offer {give} for {want}.",
            "trade_answered_accept": "{who} accepts.",
            "trade_answered_accept/you": "You accept.",
            "trade_answered_reject": "{who} declines.",
            "trade_answered_reject/you": "You decline.",
            "trade_countered": "{who} counters: {give} for {want}.",
            "trade_countered/you": "You counter: {give} for {want}.",
            "trade_done": "{who} trades {give} to {partner} for {get}.",
            "trade_done/you": "You trade {give} to {partner} for {get}.",
            "trade_cancelled": "The trade offer is withdrawn.",
            "progress_played": "{who} plays {card}.",
            "progress_played/you": "You play {card}.",
            "progress_discarded": "{who} discards a {deck} [progress_card].",
            "progress_discarded/you": "You discard a {deck} [progress_card].",
            "card_discarded": "{who} discards {card}.",
            "card_discarded/you": "You discard {card}.",
            "card_taken": "{who} takes {card} from {victim}.",
            "card_taken/you": "You take {card} from {victim}.",
            "cards_given": "{who} gives {cards} to {to}.",
            "cards_given/you": "You give {cards} to {to}.",
            "cards_given_back": "{who} gives {cards} to {to} for {back}.",
            "cards_given_back/you": "You give {cards} to {to} for {back}.",
            "cards_taken": "{who} takes {cards} from {victim}.",
            "cards_taken/you": "You take {cards} from {victim}.",
            "harbor_offer": "{who} offers {opponent} a [resource] for a [commodity].",
            "harbor_offer/you": "You offer {opponent} a [resource] for a [commodity].",
            "merchant_placed": "{who} places the merchant on {hex} (+1 [victory_point]).",
            "merchant_placed/you": "You place the merchant on {hex} (+1 [victory_point]).",
            "numbers_swapped": "{who} swaps the numbers of {hexes}.",
            "numbers_swapped/you": "You swap the numbers of {hexes}.",
            "road_removed": "{who} removes {owners_road} {edge}.",
            "road_removed/you": "You remove {owners_road} {edge}.",
            "monopoly": "{who} claims {kind} from everyone.",
            "monopoly/you": "You claim {kind} from everyone.",
            "hand_revealed": "{victim} holds: {cards}.",
            "hand_revealed/you": "You hold: {cards}.",
            "progress_revealed": "{victim} holds: {cards}.",
            "progress_revealed/you": "You hold: {cards}.",
            "game_over": "{who} wins the game!",
            "game_over/you": "You win the game!",
            "layout": "The board is laid out.",
            "deck_shuffled": "The {deck} deck is shuffled.",
            "seats_shuffled": "The seating order is drawn.",
        },
        "nl": {
            "built": "{who} bouwt een {piece} op {where}.",
            "built/you": "Jij bouwt een {piece} op {where}.",
            "built_free": "{who} bouwt gratis een {piece} op {where}.",
            "built_free/you": "Jij bouwt gratis een {piece} op {where}.",
            "resources_gained": "{who} krijgt {cards}.",
            "resources_gained/you": "Jij krijgt {cards}.",
            "turn_started": "[Turn] {turn}: {who} is aan de beurt.",
            "turn_started/you": "[Turn] {turn}: jij bent aan de beurt.",
            "turn_ended": "{who} beëindigt de [turn].",
            "turn_ended/you": "Jij beëindigt je [turn].",
            "dice_rolled": "{who} gooit {red} (rood) + {yellow} (geel) = {total}; [event_die]: {face}.",
            "dice_rolled/you": "Jij gooit {red} (rood) + {yellow} (geel) = {total}; [event_die]: {face}.",
            "dice_rolled_alch": "{who} speelt Alchemist: {red} (rood) + {yellow} (geel) = {total}; [event_die]: {face}.",
            "dice_rolled_alch/you": "Jij speelt Alchemist: {red} (rood) + {yellow} (geel) = {total}; [event_die]: {face}.",
            "barbarians_advanced": "Het [barbarian_ship] vaart naar {step}/7.",
            "attack_defended": "De barbaren vallen aan: {b} tegen {k} — Catan houdt stand!",
            "attack_pillage": "De barbaren vallen aan: {b} tegen {k} — de barbaren winnen; {losers} {lose} een [city].",
            "defender_awarded": "{who} is [defender] (+1 [victory_point]).",
            "defender_awarded/you": "Jij bent [defender] (+1 [victory_point]).",
            "city_pillaged": "{own_city} op {where} wordt geplunderd.",
            "knights_deactivated": "Alle [knight+] zijn nu inactief.",
            "robber_unlocked": "De [robber] mag voortaan verplaatst worden.",
            "progress_drawn": "{who} trekt een [progress_card] ({deck}).",
            "progress_card": "Je trekt {card} ({deck}).",
            "vp_card_revealed": "{who} legt {card} open (+1 [victory_point]).",
            "vp_card_revealed/you": "Jij legt {card} open (+1 [victory_point]).",
            "deck_empty": "De stapel {deck} is leeg.",
            "produced": "Opbrengst op {total}: {gains}.",
            "produced_none": "Opbrengst op {total}: niemand krijgt iets.",
            "bank_shortage": "De bank heeft te weinig {kind}.",
            "aqueduct": "{who} neemt 1 {kind} (aquaduct).",
            "aqueduct/you": "Jij neemt 1 {kind} (aquaduct).",
            "discarded": "{who} legt {cards} af.",
            "discarded_cards": "Je legt af: {cards}.",
            "robber_moved": "{who} zet de [robber] op {hex}.",
            "robber_moved/you": "Jij zet de [robber] op {hex}.",
            "stolen": "{who} berooft {victim}.",
            "stolen/you": "Jij berooft {victim}.",
            "stolen_none": "{who} berooft {victim}, die niets heeft.",
            "stolen_none/you": "Jij berooft {victim}, die niets heeft.",
            "stolen_card": "{who} neemt 1 {kind} van {victim}.",
            "stolen_card/you": "Jij neemt 1 {kind} van {victim}.",
            "improvement_bought": "{who} verhoogt {track} naar niveau {level}.",
            "improvement_bought/you": "Jij verhoogt {track} naar niveau {level}.",
            "metropolis_placed": "{who} zet de [metropolis] {track} op {where}.",
            "metropolis_placed/you": "Jij zet de [metropolis] {track} op {where}.",
            "metropolis_lost": "{who} verliest de [metropolis] {track}.",
            "metropolis_lost/you": "Jij verliest de [metropolis] {track}.",
            "knight_built": "{who} zet een {knight} op {where}.",
            "knight_built/you": "Jij zet een {knight} op {where}.",
            "knight_activated": "{who} activeert de [knight] op {where}.",
            "knight_activated/you": "Jij activeert de [knight] op {where}.",
            "knight_promoted": "{who} waardeert de [knight] op {where} op tot {knight}.",
            "knight_promoted/you": "Jij waardeert de [knight] op {where} op tot {knight}.",
            "knight_moved": "{who} verplaatst een [knight] van {where} naar {to}.",
            "knight_moved/you": "Jij verplaatst een [knight] van {where} naar {to}.",
            "knight_displaced": "{who} verdrijft {victims_knight} op {to}.",
            "knight_displaced/you": "Jij verdrijft {victims_knight} op {to}.",
            "knight_relocated": "{who} zet de verdreven [knight] op {to}.",
            "knight_relocated/you": "Jij zet de verdreven [knight] op {to}.",
            "knight_removed": "{own_knight} op {where} gaat terug naar de voorraad.",
            "knight_chased_robber": "{own_knight} op {where} verjaagt de [robber].",
            "knights_activated": "{who} activeert alle [knight+] (Krijgsheer).",
            "knights_activated/you": "Jij activeert al je [knight+] (Krijgsheer).",
            "longest_road": "{who} heeft nu de [longest_road] ({length}).",
            "longest_road/you": "Jij hebt nu de [longest_road] ({length}).",
            "longest_road_none": "Niemand heeft nu de [longest_road].",
            "maritime_trade": "{who} ruilt {rate} {give} voor 1 {get} met de bank.",
            "maritime_trade/you": "Jij ruilt {rate} {give} voor 1 {get} met de bank.",
            "trade_offered": "{who} biedt {give} voor {want}.",
            "trade_offered/you": "Jij biedt {give} voor {want}.",
            "trade_answered_accept": "{who} accepteert.",
            "trade_answered_accept/you": "Jij accepteert.",
            "trade_answered_reject": "{who} wijst af.",
            "trade_answered_reject/you": "Jij wijst af.",
            "trade_countered": "{who} doet een tegenbod: {give} voor {want}.",
            "trade_countered/you": "Jij doet een tegenbod: {give} voor {want}.",
            "trade_done": "{who} ruilt {give} met {partner} voor {get}.",
            "trade_done/you": "Jij ruilt {give} met {partner} voor {get}.",
            "trade_cancelled": "Het ruilaanbod is ingetrokken.",
            "progress_played": "{who} speelt {card}.",
            "progress_played/you": "Jij speelt {card}.",
            "progress_discarded": "{who} legt een [progress_card] ({deck}) af.",
            "progress_discarded/you": "Jij legt een [progress_card] ({deck}) af.",
            "card_discarded": "{who} legt {card} af.",
            "card_discarded/you": "Jij legt {card} af.",
            "card_taken": "{who} neemt {card} van {victim}.",
            "card_taken/you": "Jij neemt {card} van {victim}.",
            "cards_given": "{who} geeft {cards} aan {to}.",
            "cards_given/you": "Jij geeft {cards} aan {to}.",
            "cards_given_back": "{who} geeft {cards} aan {to} voor {back}.",
            "cards_given_back/you": "Jij geeft {cards} aan {to} voor {back}.",
            "cards_taken": "{who} neemt {cards} van {victim}.",
            "cards_taken/you": "Jij neemt {cards} van {victim}.",
            "harbor_offer": "{who} biedt {opponent} een [resource] voor [commodity].",
            "harbor_offer/you": "Jij biedt {opponent} een [resource] voor [commodity].",
            "merchant_placed": "{who} zet de handelaar op {hex} (+1 [victory_point]).",
            "merchant_placed/you": "Jij zet de handelaar op {hex} (+1 [victory_point]).",
            "numbers_swapped": "{who} wisselt de getallen van {hexes}.",
            "numbers_swapped/you": "Jij wisselt de getallen van {hexes}.",
            "road_removed": "{who} verwijdert {owners_road} {edge}.",
            "road_removed/you": "Jij verwijdert {owners_road} {edge}.",
            "monopoly": "{who} eist {kind} op van iedereen.",
            "monopoly/you": "Jij eist {kind} op van iedereen.",
            "hand_revealed": "{victim} heeft: {cards}.",
            "hand_revealed/you": "Jij hebt: {cards}.",
            "progress_revealed": "{victim} heeft: {cards}.",
            "progress_revealed/you": "Jij hebt: {cards}.",
            "game_over": "{who} wint het spel!",
            "game_over/you": "Jij wint het spel!",
            "layout": "Het bord is opgebouwd.",
            "deck_shuffled": "De stapel {deck} is geschud.",
            "seats_shuffled": "De zitvolgorde is geloot.",
        },
    }
)

PIECES = {"settlement": "settlement", "city": "city", "road": "road", "wall": "wall"}
#: public events a party also gets privately in full; the reader who is that party reads only the full line
_TOLD_PRIVATELY = {"progress_drawn", "discarded", "progress_discarded", "cards_moved"}


def describe_event(ev: Event, lang: str, names: list[str], viewer: int | None = None) -> str | None:
    """One line for an event; ``viewer`` is the seat reading it (named "you"), None for everyone."""
    L = _lang(lang)
    t = ev.get("type")
    E = EVENTS[L]
    people = _people(names, L, viewer)
    seat = ev.get("seat")
    if t in _TOLD_PRIVATELY and viewer is not None and viewer in (seat, ev.get("to_seat")):
        return None
    if t == "stolen" and ev.get("count") and viewer is not None and viewer in (seat, ev.get("victim")):
        return None  # the private line names the card taken
    subject = ev.get("winner") if t == "game_over" else seat
    f: dict[str, Any] = {"who": people.subject(subject)}
    key = t
    if t == "built":
        where = edge(ev.get("edge"), L) if ev.get("edge") else vertex(ev.get("vertex"), L)
        f.update(piece=w(L, PIECES.get(ev.get("piece", ""), str(ev.get("piece")))), where=where)
        f["at"] = "on" if ev.get("edge") else "at"  # a road lies on a path, a building stands at a corner
        key = "built_free" if ev.get("free") else "built"
    elif t == "resources_gained":
        if not any((ev.get("cards") or {}).values()):
            return None  # nothing to tell
        f["cards"] = cards_text(L, ev.get("cards"))
    elif t == "turn_started":
        f["turn"] = ev.get("turn")
    elif t == "dice_rolled":
        f.update(red=ev["red"], yellow=ev["yellow"], total=ev["total"], face=w(L, ev["event"]))
        key = "dice_rolled_alch" if ev.get("alchemist") else "dice_rolled"
    elif t == "barbarians_advanced":
        f["step"] = ev.get("step")
    elif t == "barbarian_attack":
        losers = list(ev.get("losers", []))
        f.update(b=G.count("city", L, ev.get("barbarians", 0)), k=f"{G.word('knight_strength', L)} {ev.get('knights')}")
        f["losers"] = people.several(losers, subject=True) or "—"
        f["lose"] = _verb_lose(L, losers, people)
        key = "attack_defended" if ev.get("outcome") == "defended" else "attack_pillage"
    elif t in ("city_pillaged", "knight_activated", "knight_removed", "knight_chased_robber"):
        f["where"] = vertex(ev.get("vertex"), L)
        f["own_city"] = people.owner(seat, G.word("city", L), start=True, article="de")
        f["own_knight"] = people.owner(seat, G.word("knight", L), start=True, article="de")
    elif t in ("progress_drawn", "progress_discarded", "deck_empty", "deck_shuffled"):
        if ev.get("deck") is None:
            return None
        f["deck"] = w(L, ev["deck"])
    elif t in ("progress_card", "vp_card_revealed", "progress_played"):
        f["card"] = card(L, ev.get("card"))
        f["deck"] = w(L, str(ev.get("deck")))
    elif t == "card_private":
        f.update(card=card(L, ev.get("card")), victim=people.object(ev.get("victim")))
        key = "card_taken" if ev.get("what") == "spy" else "card_discarded"
    elif t == "produced":
        parts = [f"{people.label(int(s))} {cards_text(L, c)}" for s, c in (ev.get("gains") or {}).items() if c]
        f.update(total=ev.get("total"), gains="; ".join(parts))
        if not parts:
            key = "produced_none"
    elif t in ("bank_shortage", "aqueduct", "monopoly"):
        f["kind"] = w(L, str(ev.get("kind", ev.get("resource"))))
    elif t == "discarded":
        f["cards"] = G.count("card", L, ev.get("count") or 0)
    elif t == "discarded_cards":
        f["cards"] = cards_text(L, ev.get("cards"))
    elif t in ("robber_moved", "merchant_placed"):
        f["hex"] = hex_label(L, ev.get("terrain"), ev.get("number"))
    elif t in ("stolen", "stolen_card"):
        f["victim"] = people.object(ev.get("victim"))
        f["kind"] = w(L, str(ev.get("kind")))
        if t == "stolen" and not ev.get("count"):
            key = "stolen_none"
    elif t == "improvement_bought":
        f.update(track=w(L, ev["track"]), level=ev["level"])
    elif t in ("metropolis_placed", "metropolis_lost"):
        f.update(track=w(L, ev["track"]), where=vertex(ev.get("vertex"), L))
    elif t in ("knight_built", "knight_promoted"):
        f.update(knight=w(L, f"knight{ev.get('level')}"), where=vertex(ev.get("vertex"), L))
    elif t in ("knight_moved", "knight_displaced", "knight_relocated"):
        f.update(
            where=vertex(ev.get("vertex"), L),
            to=vertex(ev.get("target"), L),
            victims_knight=people.owner(ev.get("victim"), G.word("knight", L), article="de"),
        )
    elif t == "longest_road":
        f["length"] = ev.get("length")
        if ev.get("seat") is None:
            key = "longest_road_none"
    elif t == "maritime_trade":
        f.update(rate=ev["rate"], give=w(L, ev["give"]), get=w(L, ev["get"]))
    elif t in ("trade_offered", "trade_countered"):
        f.update(give=cards_text(L, ev.get("give")), want=cards_text(L, ev.get("want")))
    elif t == "trade_answered":
        key = "trade_answered_accept" if ev.get("answer") == "accept" else "trade_answered_reject"
    elif t == "trade_done":
        f.update(
            give=cards_text(L, ev.get("give")),
            get=cards_text(L, ev.get("get")),
            partner=people.object(ev.get("partner")),
        )
    elif t in ("cards_moved", "cards_moved_private"):
        if t == "cards_moved":
            noun = "progress_card" if ev.get("progress") else "card"
            moved = G.count(noun, L, ev.get("count") or 0)
        else:
            moved = cards_text(L, ev.get("cards"))
        taken = ev.get("reason") in ("master_merchant", "spy")
        giver, receiver = seat, ev.get("to_seat")
        if taken:  # told from the side of the one who takes
            subject = receiver
            key = "cards_taken"
        else:
            key = "cards_given_back" if ev.get("back") else "cards_given"
        f.update(
            who=people.subject(subject),
            cards=moved,
            to=people.object(receiver),
            victim=people.object(giver),
            back=cards_text(L, ev.get("back")),
        )
    elif t == "harbor_offer":
        f["opponent"] = people.object(ev.get("opponent"))
    elif t == "numbers_swapped":
        f["hexes"] = " ⇄ ".join(
            hex_label(L, t, n) for t, n in zip(ev.get("terrains", []), (ev.get("numbers") or [])[::-1])
        )
    elif t == "road_removed":
        f.update(
            owners_road=people.owner(ev.get("owner"), G.word("road", L), article="de"), edge=edge(ev.get("edge"), L)
        )
    elif t in ("hand_revealed", "progress_revealed"):
        # told to the one who looks: "bob holds ..."; the reader's own hand would be "you hold"
        subject = ev.get("victim")
        f["victim"] = people.subject(subject)
        if t == "hand_revealed":
            f["cards"] = cards_text(L, ev.get("cards"))
        else:
            f["cards"] = ", ".join(card(L, c) for c in ev.get("cards", []))
    template = E.get(str(key))
    if template is None:
        return None
    template = pick(E, str(key), people.you(subject))
    try:
        return template.format(**f)
    except (KeyError, IndexError):
        return None


#: which event of a move tells it, most telling first (games/moves.py)
MOVE_HEADLINES = (
    "built",
    "knight_built",
    "knight_promoted",
    "knight_activated",
    "knight_moved",
    "knight_displaced",
    "knight_relocated",
    "knight_chased_robber",
    "knights_activated",
    "knight_removed",
    "improvement_bought",
    "metropolis_placed",
    "city_pillaged",
    "merchant_placed",
    "numbers_swapped",
    "road_removed",
    "progress_played",
    "robber_moved",
    "barbarian_attack",
    "dice_rolled",
    "stolen",
    "discarded",
    "monopoly",
    "maritime_trade",
    "trade_done",
    "harbor_offer",
    "cards_moved",
    "aqueduct",
)


def describe_move(move: Move, lang: str, names: list[str]) -> str:
    """The last move in one line, as everyone reads it ("Bram builds a road on 12–13.")."""
    ev = headline(move, MOVE_HEADLINES)
    line = describe_event(ev, lang, names) if ev is not None else None
    return line or _people(names, _lang(lang)).name(move.get("seat"))


def _verb_lose(lang: str, losers: list[int], people: Seats) -> str:
    """The verb after the list of players who lose a city: agrees with one or several, "you" too."""
    one = len(losers) == 1
    if lang == "nl":
        return "verliest" if one else "verliezen"
    return "loses" if one and not people.you(losers[0]) else "lose"


# -- prompts and status ---------------------------------------------------------------------------------

PROMPTS: dict[str, dict[str, str]] = G.table(
    {
        "en": {
            "setup_settlement": "Place your first settlement.",
            "setup_city": "Place your city (you receive one resource per adjacent land hex).",
            "setup_road": "Place a road next to the piece you just placed.",
            "roll": "Roll the dice (or play Alchemist first).",
            "turn": "Your turn: build, trade, use knights and play progress cards, then end your turn.",
            "trade_offer": "{who} offers {give} for {want}: accept, decline or counter.",
            "trade_answer_accept": "{who} accepts your offer.",
            "trade_answer_reject": "{who} declines your offer.",
            "trade_answer_counter": "{who} counters: {give} for {want}.",
            "offer_draft": (
                "Compose your offer: you give {draft_give}, you ask {draft_want} (at most {ask}). Set how many of "
                "each kind, then send it to everyone or to chosen players."
            ),
            "counter_draft": (
                "{who} offers {give} for {want}. Your counter-offer: you give {draft_give}, you ask {draft_want} "
                "(at most {ask}). Set how many of each kind, then send it."
            ),
            "discard": "[Discard] {cards}: [resource+] or [commodity+]; choose how many of each kind.",
            "move_robber": "Move the robber to another hex and choose whom to rob.",
            "discard_progress": "You hold more than 4 progress cards: discard one.",
            "aqueduct": "Aqueduct: take 1 resource of your choice.",
            "choose_deck": "Tied defenders: draw a progress card from a deck of your choice.",
            "pillage_city": "The barbarians win: choose the city they pillage.",
            "place_metropolis": "Place your {track} metropolis on one of your cities.",
            "relocate_knight": "Your knight was displaced: move it along your roads.",
            "remove_knight": "Deserter: choose one of your knights to remove.",
            "place_deserter": "Deserter: place your knight or skip.",
            "give_commodity": "Commercial Harbor: give one commodity in exchange.",
            "give_cards": "Wedding: give {cards} of your choice.",
            "take_cards": "Master Merchant: take {cards}.",
            "take_card": "Spy: take one progress card.",
            "road_building": "Road Building: build a free road or skip.",
            "smith": "Smith: promote a knight for free or skip.",
            "diplomat_rebuild": "Diplomat: rebuild your road for free or skip.",
        },
        "nl": {
            "setup_settlement": "Plaats je eerste nederzetting.",
            "setup_city": "Plaats je stad (je krijgt één grondstof per aangrenzende landtegel).",
            "setup_road": "Plaats een weg naast het stuk dat je net plaatste.",
            "roll": "Gooi de dobbelstenen (of speel eerst de Alchemist).",
            "turn": "Jouw beurt: bouw, handel, zet ridders in en speel voortgangskaarten; beëindig dan je beurt.",
            "trade_offer": "{who} biedt {give} voor {want}: accepteer, wijs af of doe een tegenbod.",
            "trade_answer_accept": "{who} accepteert je aanbod.",
            "trade_answer_reject": "{who} wijst je aanbod af.",
            "trade_answer_counter": "{who} doet een tegenbod: {give} voor {want}.",
            "offer_draft": (
                "Stel je aanbod samen: je geeft {draft_give}, je vraagt {draft_want} (hoogstens {ask}). Kies "
                "hoeveel van elke soort en verstuur het aan iedereen of aan gekozen spelers."
            ),
            "counter_draft": (
                "{who} biedt {give} voor {want}. Jouw tegenbod: je geeft {draft_give}, je vraagt {draft_want} "
                "(hoogstens {ask}). Kies hoeveel van elke soort en verstuur het."
            ),
            "discard": "Leg {cards} af: [resource+] of [commodity]; kies hoeveel van elke soort.",
            "move_robber": "Zet de rover op een andere tegel en kies wie je berooft.",
            "discard_progress": "Je hebt meer dan 4 voortgangskaarten: leg er één af.",
            "aqueduct": "Aquaduct: neem 1 grondstof naar keuze.",
            "choose_deck": "Gelijkspel bij de verdedigers: trek een voortgangskaart van een stapel naar keuze.",
            "pillage_city": "De barbaren winnen: kies de stad die geplunderd wordt.",
            "place_metropolis": "Zet je metropool {track} op een van je steden.",
            "relocate_knight": "Je ridder is verdreven: verplaats hem langs je wegen.",
            "remove_knight": "Deserteur: kies een van je ridders om weg te halen.",
            "place_deserter": "Deserteur: plaats je ridder of sla over.",
            "give_commodity": "Handelshaven: geef één handelswaar in ruil.",
            "give_cards": "Bruiloft: geef {cards} naar keuze.",
            "take_cards": "Meesterhandelaar: neem {cards}.",
            "take_card": "Spion: neem één voortgangskaart.",
            "road_building": "Wegenbouw: bouw een gratis weg of sla over.",
            "smith": "Smid: waardeer gratis een ridder op of sla over.",
            "diplomat_rebuild": "Diplomaat: bouw je weg gratis opnieuw of sla over.",
        },
    }
)


def _names_list(names: list[str], lang: str) -> str:
    """ "bob", "bob and carol", "bob, carol and dave" (Dutch "en")."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {w(lang, 'and')} {names[-1]}"


def addressees(view: dict[str, Any], to: Any, lang: str) -> str:
    """Whom an offer goes to: "to everyone" or "to bob and carol", by name."""
    if to == "all" or not isinstance(to, list):
        return w(lang, "to_all")
    return w(lang, "to_some").format(names=_names_list([_who(view, s, lang) for s in to], lang))


def _draft_path(view: dict[str, Any], a: Action, L: str) -> list[str]:
    """The composer's menus: "You give › wool (now 1) › 2 wool", "Send the offer › to bob"."""
    t = a.get("type")
    if t == "offer_compose":
        if view.get("seat") == view.get("turn"):
            return [w(L, "cat_trade"), w(L, "compose")]
        return [w(L, "counter"), w(L, "compose_counter")]
    if t == "offer_drop":
        return [w(L, "drop")]
    if t == "offer_send":
        if "to" not in a:
            return [w(L, "send_counter")]
        return [w(L, "send"), addressees(view, a.get("to"), L)]
    side, kind = str(a.get("side")), str(a.get("kind"))
    now = int(((view.get("draft") or {}).get(side) or {}).get(kind, 0))
    label = f"{w(L, kind)} ({w(L, 'now').format(n=now)})" if now else w(L, kind)
    return [w(L, "draft_give" if side == "give" else "draft_want"), label, kind_count(L, kind, int(a.get("count", 0)))]


def offer_line(view: dict[str, Any], lang: str, names: list[str], viewer: int | None = None) -> str | None:
    """The open offer for everyone at the table, with the answers so far: "Open offer from alice:
    2 wool for 1 ore, to bob · bob accepts"."""
    tr = view.get("trade")
    if not tr:
        return None
    L = _lang(lang)
    people = _people(names, L, viewer)
    n = len(view.get("players") or []) or len(names)
    to = tr.get("to") or []
    whom = "all" if len(to) >= n - 1 else to
    line = w(L, "open_offer").format(
        who=people.object(tr.get("seat")),
        give=cards_text(L, tr.get("give")),
        want=cards_text(L, tr.get("want")),
        to=addressees({"names": [people.object(s) for s in range(len(names))]}, whom, L),
    )
    parts = [line]
    for s, ans in sorted((tr.get("answers") or {}).items(), key=lambda x: int(x[0])):
        if isinstance(ans, dict):
            text = PROMPTS[L]["trade_answer_counter"].format(
                who=people.subject(int(s)), give=_amounts(L, ans.get("give")), want=_amounts(L, ans.get("want"))
            )
        else:
            key = "trade_answered_accept" if ans == "accept" else "trade_answered_reject"
            key += "/you" if people.you(int(s)) else ""
            text = EVENTS[L][key].format(who=people.subject(int(s)))
        parts.append(text.rstrip("."))
    return " · ".join(parts)


def _amounts(lang: str, cards: Any) -> str:
    """``{"wool": 2, "grain": 1}`` -> "2 wool + 1 grain"."""
    if not isinstance(cards, dict) or not any(cards.values()):
        return "—"
    return " + ".join(f"{n} {w(lang, k)}" for k, n in cards.items() if n)


def describe_prompt(view: dict[str, Any], prompt: Prompt, lang: str) -> str:
    L = _lang(lang)
    template = PROMPTS[L].get(prompt.kind, prompt.kind)
    data = dict(prompt.data)
    if "track" in data:
        data["track"] = w(L, str(data["track"]))
    if prompt.kind in ("offer_draft", "counter_draft"):
        data.update(
            draft_give=_amounts(L, data.get("draft_give")),
            draft_want=_amounts(L, data.get("draft_want")),
            ask=G.count("card", L, int(data.get("ask_max", 0))),
        )
    if prompt.kind in ("trade_offer", "counter_draft"):
        data.update(
            who=_who(view, data.get("from"), L, start=True),
            give=_amounts(L, data.get("give")),
            want=_amounts(L, data.get("want")),
        )
    if "count" in data:
        data["cards"] = G.count("card", L, data["count"])
    try:
        text = template.format(**data)
    except (KeyError, IndexError):
        text = template
    if prompt.kind == "turn":
        for ans in data.get("answers") or []:
            kind = f"trade_answer_{ans.get('answer')}"
            if kind in PROMPTS[L]:
                line = PROMPTS[L][kind].format(
                    who=_who(view, ans.get("seat"), L, start=True),
                    give=_amounts(L, ans.get("give")),
                    want=_amounts(L, ans.get("want")),
                )
                text += " " + line  # a name opens it as written: "alice accepts your offer."
    return text


def status_lines(view: dict[str, Any], lang: str, names: list[str], viewer: int | None = None) -> list[str]:
    """The table in lines; ``viewer`` is the seat reading them (named "you"), None for everyone."""
    L = _lang(lang)
    people = _people(names, L, viewer)
    lines: list[str] = []
    if view.get("winner") is not None:
        lines.append(f"{w(L, 'winner')}: {people.label(view['winner'])}")
    elif view.get("phase") == "setup" and view.get("setup"):
        s = view["setup"]
        lines.append(f"{w(L, 'setup')}: {people.label(s['seat'])} — {w(L, s['piece'])}")
    else:
        lines.append(f"{w(L, 'turn_of')}: {people.label(view.get('turn'))}")
    lock = f" ({w(L, 'robber_locked')})" if view.get("robber_locked") else ""
    lines.append(f"{w(L, 'barbarians')}: {view.get('barbarian', 0)}/7{lock}")
    for p in view.get("players", []):
        s = p["seat"]
        lv = p["levels"]
        marks = [G.word("longest_road", L)] if view.get("longest_road") == s else []
        if view.get("merchant_owner") == s:
            marks.append(w(L, "merchant_piece"))
        parts = [
            G.count("point", L, p["points"]),
            *marks,
            G.count("card", L, p["hand_count"]),
            G.count("progress_card", L, p["progress_count"]),
            f"{w(L, 'science')} {lv['science']}, {w(L, 'trade')} {lv['trade']}, {w(L, 'politics')} {lv['politics']}",
            f"{G.word('knight_strength', L)} {p['knight_strength']}",
        ]
        lines.append(f"{people.subject(s)}: " + " · ".join(parts))
    offer = offer_line(view, L, names, viewer)
    if offer:
        lines.append(offer)
    if "hand" in view:
        lines.append(f"{w(L, 'hand')}: {cards_text(L, {k: n for k, n in view['hand'].items() if n})}")
        # set-up builds are free: what a build would cost is not said then
        missing = missing_line(L, view["hand"]) if view.get("phase") != "setup" else None
        if missing:
            lines.append(missing)
        if view.get("progress"):
            lines.append(f"{w(L, 'your_progress')}: {', '.join(card(L, c) for c in view['progress'])}")
    return lines


def private_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """What only the viewing seat sees, for its own message: its hand (and what a build still
    lacks) and its progress cards (the table shows the rest)."""
    if "hand" not in view:
        return []
    L = _lang(lang)
    lines = [f"{w(L, 'hand')}: {cards_text(L, {k: n for k, n in view['hand'].items() if n})}"]
    missing = missing_line(L, view["hand"]) if view.get("phase") != "setup" else None
    if missing:
        lines.append(missing)
    if view.get("progress"):
        lines.append(f"{w(L, 'your_progress')}: {', '.join(card(L, c) for c in view['progress'])}")
    return lines


#: private events that only restate the reader's own action (its answer names that action already)
OWN_ACTION_ECHOES = frozenset({"discarded_cards"})

# -- the final score -------------------------------------------------------------------------------
SCORE_PARTS = G.pairs(
    {
        # §20's victory points by source, as the rules count them
        "settlements": ("[Settlement+]", "[Settlement+]"),
        "cities": ("[City+]", "[City+]"),
        "metropolises": ("[Metropolis+]", "[Metropolis+]"),
        "defenders": ("[Defender+]", "[Defender+]"),
        "longest_road": ("[Longest_road]", "[Longest_road]"),
        "merchant": ("Merchant", "Handelaar"),
        "progress": ("[Progress_card+] worth a point", "[Progress_card+] met een punt"),
    }
)
NOTES = G.pairs(
    {
        "won": (
            "{who} reached {goal} [victory_point+] on their own [turn] and won at once.",
            "{who} haalde {goal} [victory_point+] in de eigen [turn] en won meteen.",
        ),
        "own_turn": (
            "{others} had as many [point+] or more, but only the player whose [turn] it is can win.",
            "{others} had evenveel [point+] of meer, maar alleen wie aan de [turn] is kan winnen.",
        ),
    }
)


def score_parts(details: dict[str, Any], lang: str) -> list[tuple[str, int | float]]:
    """A seat's victory points by source: settlements, cities, metropolises, Defender of Catan
    cards, the Longest Road, the merchant and progress cards worth a point."""
    i = 1 if _lang(lang) == "nl" else 0
    return [(label[i], details.get(key, 0)) for key, label in SCORE_PARTS.items()]


def result_notes(result: Any, lang: str, names: list[str]) -> list[str]:
    """Who won how (§20), and why a seat with as many points did not."""
    L = _lang(lang)
    i = 1 if L == "nl" else 0
    people = _people(names, L)
    if not result.winners:
        return []
    winner = result.winners[0]
    goal = result.extra.get("goal", D.WIN_POINTS)
    out = [NOTES["won"][i].format(who=people.subject(winner), goal=goal)]
    others = [s for s in result.scores if s != winner and result.scores[s] >= result.scores[winner]]
    if result.tiebreak == "own_turn" and others:
        out.append(NOTES["own_turn"][i].format(others=people.several(others, subject=True)))
    return out


# -- rules summary -------------------------------------------------------------------------------
SUMMARY = G.pairs(
    {
        "summary": (
            "Catan with [knight+], [city_improvement+], [commodity+], [progress_card+] and barbarians. Active "
            "[knight+] defend Catan; the first player to reach 13 [victory_point+] on their own [turn] wins.",
            "Catan met [knight+], [city_improvement+], [commodity], [progress_card+] en barbaren. Actieve [knight+] "
            "verdedigen Catan; wie als eerste in de eigen [turn] 13 [victory_point+] haalt, wint.",
        )
    }
)["summary"]


def rules_summary(lang: str) -> str:
    """The game in a paragraph, in the glossary's terms, for ``/rules`` and the terminal table."""
    return SUMMARY[1] if lang == "nl" else SUMMARY[0]


# -- refusals -----------------------------------------------------------------------------------------

#: Why an action is refused, per IllegalAction code: (English, Dutch), naming the rule's §.
REFUSALS: dict[str, tuple[str, str]] = {
    "bad_action": ("An action is an object with a type.", "Een actie is een object met een type."),
    "unknown_type": ("There is no such action in this game.", "Die actie bestaat niet in dit spel."),
    "game_over": ("The game is over (§20).", "Het spel is afgelopen (§20)."),
    "bad_seat": ("Choose one of the other players at the table.", "Kies een van de andere spelers aan tafel."),
    "not_your_turn": ("It is not your turn (§5).", "Je bent niet aan de beurt (§5)."),
    "wrong_action": (
        "Another decision must be made first (§19.3).",
        "Eerst moet een andere beslissing genomen worden (§19.3).",
    ),
    "roll_first": (
        "Roll the dice first; only Alchemist may be played before (§5.1).",
        "Gooi eerst de dobbelstenen; alleen de Alchemist mag ervoor (§5.1).",
    ),
    "wrong_phase": (
        "That is not possible in this phase of the turn (§5).",
        "Dat kan niet in deze fase van de beurt (§5).",
    ),
    "bad_vertex": ("That intersection is not allowed for this (§6, §12).", "Dat kruispunt mag hier niet (§6, §12)."),
    "bad_edge": (
        "A road must connect to your own road, building or knight on a free path (§6.3).",
        "Een weg moet op een vrij pad aansluiten op je eigen weg, gebouw of ridder (§6.3).",
    ),
    "bad_hex": ("That hex is not allowed here.", "Die tegel mag hier niet."),
    "bad_kind": ("That is not a card kind of this game.", "Dat is geen kaartsoort van dit spel."),
    "bad_cards": (
        "Name the cards as kinds with counts you actually hold.",
        "Noem kaarten als soort en aantal die je echt hebt.",
    ),
    "bad_count": (
        "Discard exactly half of your cards, rounded down (§8.1).",
        "Leg precies de helft van je kaarten af, naar beneden afgerond (§8.1).",
    ),
    "not_held": ("You do not hold those cards.", "Die kaarten heb je niet."),
    "bad_script": ("The scripted chance does not fit (§26).", "Het vastgelegde toeval past niet (§26)."),
    "bad_dice": ("Alchemist sets each die to 1-6 (§15.7).", "De Alchemist zet elke dobbelsteen op 1-6 (§15.7)."),
    "no_card": ("You do not hold that progress card (§15.5).", "Die voortgangskaart heb je niet (§15.5)."),
    "bad_card": ("There is no such progress card (§15.6).", "Die voortgangskaart bestaat niet (§15.6)."),
    "not_playable": (
        "Victory point cards are revealed at once, not played (§15.3).",
        "Overwinningspuntkaarten worden meteen open gelegd, niet gespeeld (§15.3).",
    ),
    "no_effect": ("That card would have no effect now (§15.10).", "Die kaart heeft nu geen effect (§15.10)."),
    "same_hex": ("The robber must move to another hex (§8.2).", "De rover moet naar een andere tegel (§8.2)."),
    "bad_victim": (
        "Rob a player with a building on that hex who holds cards (§8.2).",
        "Beroof een speler met een gebouw aan die tegel die kaarten heeft (§8.2).",
    ),
    "robber_locked": (
        "The robber stays put until the barbarians first attack (§8.3).",
        "De rover blijft staan tot de eerste barbarenaanval (§8.3).",
    ),
    "bank_empty": ("The bank has none of that kind left (§18).", "De bank heeft van die soort niets meer (§18)."),
    "deck_empty": ("That progress deck is empty (§15.2).", "Die stapel voortgangskaarten is leeg (§15.2)."),
    "no_piece": ("You have no such piece left in your supply (§18).", "Je hebt zo'n stuk niet meer in voorraad (§18)."),
    "cannot_afford": ("You cannot pay for that (§6.1).", "Dat kun je niet betalen (§6.1)."),
    "cannot_improve": (
        "That city improvement needs a city and the next level below 5 (§11.2).",
        "Die stadsverbetering vraagt een stad en een volgend niveau onder 5 (§11.2).",
    ),
    "bad_track": ("Choose science, trade or politics (§11.1).", "Kies wetenschap, handel of politiek (§11.1)."),
    "already_active": ("That knight is already active (§12.3).", "Die ridder is al actief (§12.3)."),
    "cannot_promote": (
        "That knight cannot be promoted now: once a turn, mighty needs politics 3 (§12.4).",
        "Die ridder kan nu niet opgewaardeerd worden: één keer per beurt, machtig vraagt politiek 3 (§12.4).",
    ),
    "not_ready": (
        "That knight must be active since the start of the turn and not yet used (§12.5).",
        "Die ridder moet sinds het begin van de beurt actief zijn en nog niet gebruikt (§12.5).",
    ),
    "bad_trade": ("A trade must get a different kind (§9.2).", "Bij een ruil krijg je een andere soort (§9.2)."),
    "bad_rate": ("That is not your rate with the bank (§9.2).", "Dat is niet jouw ruilverhouding met de bank (§9.2)."),
    "bad_offer": (
        "An offer gives at least one card, asks at least one, never the same kind on both sides, to other players (§9.1).",
        "Een aanbod geeft minstens één kaart, vraagt er minstens één, nooit dezelfde soort aan beide kanten, "
        "aan andere spelers (§9.1).",
    ),
    "no_offer": ("No trade offer is open (§9.1).", "Er ligt geen ruilaanbod (§9.1)."),
    "drafting": (
        "Send or drop the offer you are composing first (§9.1).",
        "Verstuur of schrap eerst het aanbod dat je samenstelt (§9.1).",
    ),
    "no_draft": ("Start composing an offer first (§9.1).", "Begin eerst een aanbod samen te stellen (§9.1)."),
    "no_change": ("That many are set already.", "Dat aantal staat er al."),
    "too_many_asked": (
        "An offer asks at most {most} cards (option offer_ask_max).",
        "Een aanbod vraagt hoogstens {most} kaarten (optie offer_ask_max).",
    ),
    "not_accepted": (
        "That player has not accepted, or the cards are no longer there (§9.1).",
        "Die speler heeft niet geaccepteerd, of de kaarten zijn er niet meer (§9.1).",
    ),
    "not_addressed": ("The offer is not addressed to you (§9.1).", "Het aanbod is niet aan jou gericht (§9.1)."),
    "already_answered": ("You already answered this offer (§9.1).", "Je hebt dit aanbod al beantwoord (§9.1)."),
    "too_many_cards": (
        "Discard progress cards down to 4 before ending the turn (§15.4).",
        "Leg eerst voortgangskaarten af tot 4 voor je de beurt beëindigt (§15.4).",
    ),
    "not_over_limit": (
        "You may discard a progress card only above 4 (§15.4).",
        "Je mag alleen boven 4 voortgangskaarten afleggen (§15.4).",
    ),
}

#: Sharper texts for reasons one code covers in several rules.
REASON_REFUSALS: dict[str, tuple[str, str]] = {
    "taken or too close to another building": (
        "Settlements need a free intersection with no building next to it (§4, §6.2).",
        "Een nederzetting vraagt een vrij kruispunt zonder gebouw ernaast (§4, §6.2).",
    ),
    "not a legal settlement site": (
        "A settlement needs a free intersection, no building next to it, on your own road (§6.2).",
        "Een nederzetting vraagt een vrij kruispunt zonder gebouw ernaast, aan je eigen weg (§6.2).",
    ),
    "the road must touch the piece just placed": (
        "The set-up road must touch the piece just placed (§4).",
        "De weg bij de opbouw moet aan het net geplaatste stuk liggen (§4).",
    ),
    "upgrade one of your settlements (a sideways city first)": (
        "A city replaces one of your settlements; a pillaged city is repaired first (§6.4, §13).",
        "Een stad vervangt een van je nederzettingen; een geplunderde stad wordt eerst hersteld (§6.4, §13).",
    ),
    "a wall goes under one of your cities without a wall (max 3)": (
        "A city wall goes under one of your cities without a wall, at most 3 (§14).",
        "Een stadsmuur komt onder een van je steden zonder muur, hoogstens 3 (§14).",
    ),
    "a knight needs an empty intersection at the end of your road": (
        "A knight needs a free intersection on your own road (§12.2).",
        "Een ridder vraagt een vrij kruispunt aan je eigen weg (§12.2).",
    ),
    "not reachable along your roads": (
        "A knight moves only along your own roads to a free intersection (§12.6, §12.7).",
        "Een ridder beweegt alleen langs je eigen wegen naar een vrij kruispunt (§12.6, §12.7).",
    ),
    "no weaker opponent knight reachable there": (
        "Only a weaker opponent knight reachable along your roads can be displaced (§12.6).",
        "Alleen een zwakkere ridder van een ander, bereikbaar langs je wegen, kan verdreven worden (§12.6).",
    ),
    "the knight must stand next to the robber": (
        "A knight chases the robber only from an intersection of the robber's hex (§12.6).",
        "Een ridder verjaagt de rover alleen vanaf een kruispunt van de tegel van de rover (§12.6).",
    ),
    "you have no knight there": (
        "You have no knight on that intersection (§12).",
        "Je hebt geen ridder op dat kruispunt (§12).",
    ),
    "choose one of your cities without a metropolis": (
        "Choose one of your cities without a metropolis (§11.4, §13).",
        "Kies een van je steden zonder metropool (§11.4, §13).",
    ),
    "choose one of your knights": ("Choose one of your knights (§15.9).", "Kies een van je ridders (§15.9)."),
    "choose an opponent's knight at the end of your road": (
        "Intrigue displaces an opponent knight on your road (§15.9).",
        "Intrige verdrijft een ridder van een ander aan je weg (§15.9).",
    ),
    "choose an open road whose removal strands no knight": (
        "Diplomat removes an open road (an end with no other road, building or knight of its owner) "
        "that strands no knight (§15.9).",
        "Diplomaat haalt een open weg weg (een uiteinde zonder andere weg, gebouw of ridder van de eigenaar) "
        "die geen ridder afsnijdt (§15.9).",
    ),
    "you cannot build a road there": ("You cannot build a road there (§6.3).", "Daar kun je geen weg bouwen (§6.3)."),
    "a hex touching your building, changing place or owner": (
        "The merchant goes on a land hex next to your building (§16).",
        "De handelaar komt op een landtegel naast je gebouw (§16).",
    ),
    "two different numbers, none of 2, 6, 8, 12": (
        "Inventor swaps two numbers other than 2, 6, 8 and 12 (§15.7).",
        "De uitvinder wisselt twee getallen anders dan 2, 6, 8 en 12 (§15.7).",
    ),
    "name two hexes": ("Inventor names two hexes (§15.7).", "De uitvinder noemt twee tegels (§15.7)."),
    "choose an opponent holding progress cards": (
        "Spy targets an opponent holding progress cards (§15.9).",
        "De spion kiest een tegenstander met voortgangskaarten (§15.9).",
    ),
    "choose an opponent with a knight on the board": (
        "Deserter targets an opponent with a knight on the board (§15.9).",
        "De deserteur kiest een tegenstander met een ridder op het bord (§15.9).",
    ),
    "choose an opponent with more points who holds cards": (
        "Master Merchant targets an opponent with more points who holds cards (§15.8).",
        "De meesterhandelaar kiest een tegenstander met meer punten die kaarten heeft (§15.8).",
    ),
    "each opponent at most once": (
        "Commercial Harbor asks each opponent at most once (§15.8).",
        "De handelshaven vraagt elke tegenstander hoogstens één keer (§15.8).",
    ),
    "play Commercial Harbor first": (
        "Play Commercial Harbor first (§15.8).",
        "Speel eerst de handelshaven (§15.8).",
    ),
    "Alchemist is played before rolling": (
        "Alchemist is played before the roll (§15.7).",
        "De Alchemist wordt voor het dobbelen gespeeld (§15.7).",
    ),
    "Bishop cannot be played before the first attack": (
        "Bishop moves the robber, which stays put until the barbarians first attack (§8.3).",
        "De bisschop verzet de rover, die blijft staan tot de eerste barbarenaanval (§8.3).",
    ),
}


def describe_refusal(exc: Any, lang: str) -> str | None:
    """Why an action was refused, naming the rule; None for a code without a text."""
    idx = 1 if _lang(lang) == "nl" else 0
    pair = REASON_REFUSALS.get(getattr(exc, "reason", "")) or REFUSALS.get(getattr(exc, "code", ""))
    if not pair:
        return None
    # the engine names the table's own cap; a refusal made without it reads the default
    params = {"most": D.OFFER_ASK_MAX, **(getattr(exc, "params", None) or {})}
    try:
        return pair[idx].format(**params)
    except (KeyError, IndexError, ValueError):
        return pair[idx]


# -- the board in text (a table without pictures: the terminal) ----------------------------------

_BOARD_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "board": "Board — what stands where",
        "robber": "Robber",
        "roads": "Roads",
        "active": "active",
        "inactive": "inactive",
        "with_wall": "with city wall",
        "map": "Hexes and the intersections around them",
        "harbours": "Harbours",
        "harbour": "harbour",
        "at": "at",
        "none": "nothing built yet",
    },
    "nl": {
        "board": "Bord — wat staat waar",
        "robber": "Rover",
        "roads": "Wegen",
        "active": "actief",
        "inactive": "inactief",
        "with_wall": "met stadsmuur",
        "map": "Tegels en de kruispunten eromheen",
        "harbours": "Havens",
        "harbour": "haven",
        "at": "bij",
        "none": "nog niets gebouwd",
    },
}


def _bw(lang: str, key: str) -> str:
    return _BOARD_WORDS[_lang(lang)][key]


def _harbour(lang: str, kind: str) -> str:
    return kind if kind == "3:1" else f"{w(lang, kind)} 2:1"


def _touching(view: dict[str, Any], vid: str, lang: str) -> str:
    """The hexes an intersection touches (what it produces from), and its harbour."""
    i = D.VERTEX_INDEX[vid]
    parts = [hexname(D.HEX_IDS[h], view, lang) for h in D.VERTEX_HEXES[i]]
    slot = D.VERTEX_HARBOUR[i]
    harbours = view.get("harbours") or []
    if 0 <= slot < len(harbours):
        parts.append(f"{_bw(lang, 'harbour')} {_harbour(lang, harbours[slot])}")
    return ", ".join(parts)


def board_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """What stands where, from the public view: every building and knight by the number of its
    intersection (as menus name it) with its owner and the hexes it touches, each player's roads
    by path, the robber and the merchant."""
    L = _lang(lang)
    lines = [f"{_bw(L, 'board')}:"]
    robber = f"{_bw(L, 'robber')}: {hexname(view.get('robber'), view, L)}"
    if view.get("merchant") is not None:
        owner = _seat_name(names, view.get("merchant_owner"))
        robber += f" · {w(L, 'merchant')}: {hexname(view['merchant'], view, L)} ({owner})"
    lines.append("  " + robber)
    buildings: dict[str, Any] = view.get("buildings") or {}
    knights: dict[str, Any] = view.get("knights") or {}
    spots = sorted({*buildings, *knights} & set(D.VERTEX_INDEX), key=D.VERTEX_INDEX.__getitem__)
    for vid in spots:
        if vid in buildings:
            b = buildings[vid]
            what = w(L, str(b.get("kind")))
            if b.get("metropolis"):
                what += f" ({w(L, 'metropolis')} {w(L, str(b['metropolis']))})"
            if b.get("wall"):
                what += f" {_bw(L, 'with_wall')}"
        else:
            k = knights[vid]
            what = f"{w(L, 'knight' + str(k.get('level')))}, {_bw(L, 'active' if k.get('active') else 'inactive')}"
        owner = (buildings.get(vid) or knights.get(vid) or {}).get("owner")
        lines.append(f"  {D.VERTEX_INDEX[vid]:>2}: {what} — {_seat_name(names, owner)} · {_touching(view, vid, L)}")
    if not spots:
        lines.append(f"  {_bw(L, 'none')}")
    roads: dict[int, list[str]] = {}
    for eid, owner in (view.get("roads") or {}).items():
        if isinstance(owner, int) and eid in D.EDGE_INDEX:
            a, b = eid.split("|")
            ends = sorted((D.VERTEX_INDEX[a], D.VERTEX_INDEX[b]))
            roads.setdefault(owner, []).append(f"{ends[0]}–{ends[1]}")
    for owner in sorted(roads):
        paths = ", ".join(sorted(roads[owner], key=lambda p: tuple(int(x) for x in p.split("–"))))
        lines.append(f"  {_bw(L, 'roads')} ({_seat_name(names, owner)}): {paths}")
    return lines


def map_lines(view: dict[str, Any], lang: str) -> list[str]:
    """The board's geometry in text: each hex (terrain and number, as menus name it) with the
    numbers of its six intersections, and each harbour with its two."""
    L = _lang(lang)
    lines = [f"{_bw(L, 'map')}:"]
    for hx in view.get("hexes") or []:
        h = D.HEX_ID_INDEX.get(hx.get("id"))
        if h is None:
            continue
        corners = " ".join(str(v) for v in sorted(D.HEX_VERTICES[h]))
        lines.append(f"  {hexname(hx['id'], view, L)}: {corners}")
    harbours = view.get("harbours") or []
    spots = [
        f"{_harbour(L, kind)} {_bw(L, 'at')} {a}–{b}"
        for kind, (a, b) in zip(harbours, (sorted(pair) for pair in D.HARBOUR_VERTICES))
    ]
    lines.append(f"  {_bw(L, 'harbours')}: {', '.join(spots)}")
    return lines

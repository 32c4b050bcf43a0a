"""Im Schutze der Burg in words: menu labels, event lines, prompts and status, English and Dutch.

Everything here works on views, events and actions only (never on the state), so it says no more
than the reader may see.
"""

from __future__ import annotations

from typing import Any

from games.burg.glossary import GLOSSARY as G
from games.core import Action, Event, Prompt
from games.moves import Move, chosen_caption, headline
from games.words import Seats, listing, pick

__all__ = (
    "action_path",
    "describe_event",
    "describe_move",
    "describe_prompt",
    "status_lines",
    "card_name",
    "res_name",
    "building_name",
    "space_name",
    "field_name",
    "winter_name",
    "score_text",
)

CARD_NAMES = {
    "en": {
        "messenger": "Messenger",
        "trader": "Trader",
        "bricklayer": "Bricklayer",
        "stonemason": "Stonemason",
        "worker_1": "Worker 1",
        "worker_2": "Worker 2",
        "worker_3": "Worker 3",
        "master_builder": "Master builder",
    },
    "nl": {
        "messenger": "Bode",
        "trader": "Handelaar",
        "bricklayer": "Metselaar",
        "stonemason": "Steenhouwer",
        "worker_1": "Arbeider 1",
        "worker_2": "Arbeider 2",
        "worker_3": "Arbeider 3",
        "master_builder": "Bouwmeester",
    },
}
RES_NAMES = {
    "en": {"sand": "sand", "wood": "wood", "clay": "clay", "stone": "stone", "silver": "silver"},
    "nl": {"sand": "zand", "wood": "hout", "clay": "leem", "stone": "steen", "silver": "zilver"},
}
FIELD_NAMES = {
    "en": {
        "cart_sand": "Sand cart",
        "cart_wood": "Wood cart",
        "cart_clay": "Clay cart",
        "cart_stone": "Stone cart",
        "rider": "Rider",
    },
    "nl": {
        "cart_sand": "Zandkar",
        "cart_wood": "Houtkar",
        "cart_clay": "Leemkar",
        "cart_stone": "Steenkar",
        "rider": "Ruiter",
    },
}
BUILDING_NAMES = {
    "en": {
        "market": "Market",
        "forge": "Forge",
        "servants_house": "Servants' house",
        "palace": "Palace",
        "keep": "Keep",
        "tavern": "Tavern",
        "great_gate": "Great gate",
        "small_gate": "Small gate",
        "stable": "Stable",
        "tower_large": "Large tower",
        "tower_small": "Small tower",
        "house": "House",
        "winter_guest": "Guest chamber",
    },
    "nl": {
        "market": "Markt",
        "forge": "Smederij",
        "servants_house": "Bediendenwoning",
        "palace": "Paleis",
        "keep": "Belfort",
        "tavern": "Taveerne",
        "great_gate": "Grote poort",
        "small_gate": "Kleine poort",
        "stable": "Stal",
        "tower_large": "Grote toren",
        "tower_small": "Kleine toren",
        "house": "Huis",
        "winter_guest": "Gastenkamer",
    },
}
WINTER_NAMES = {
    "en": {
        "winter_guest": "Guest chamber",
        "winter_frost": "Hard frost",
        "winter_snow": "Snowed-in roads",
        "winter_market": "Winter market",
        "winter_stores": "Stocking the tower",
        "winter_heating": "Heating costs",
    },
    "nl": {
        "winter_guest": "Gastenkamer",
        "winter_frost": "Strenge vorst",
        "winter_snow": "Ingesneeuwde wegen",
        "winter_market": "Wintermarkt",
        "winter_stores": "Voorraad in de toren",
        "winter_heating": "Stookkosten",
    },
}
WINTER_TEXT = G.table(
    {
        "en": {
            "winter_guest": "stays: a Bricklayer or Stonemason may place one guest here for 3 taler (4 VP at the end)",
            "winter_frost": "everyone returns 1 wood",
            "winter_snow": "all [helper+] leave the [trade_field+]",
            "winter_market": "everyone receives 2 taler",
            "winter_stores": "1 sand, 1 wood and 1 clay go into the watchtower",
            "winter_heating": "everyone pays 2 taler",
        },
        "nl": {
            "winter_guest": "blijft liggen: een Metselaar of Steenhouwer mag hier één gast plaatsen voor 3 taler (4 WP aan het einde)",
            "winter_frost": "iedereen levert 1 hout in",
            "winter_snow": "alle [helper+] verlaten de [trade_field+]",
            "winter_market": "iedereen krijgt 2 taler",
            "winter_stores": "1 zand, 1 hout en 1 leem gaan naar de wachttoren",
            "winter_heating": "iedereen betaalt 2 taler",
        },
    }
)

T = G.table(
    {
        "en": {
            "player": "player {n}",
            "pass": "Pass (place no [helper])",
            "change_choice": "Change my choice",
            "done_buy": "Done buying",
            "done_build": "Done building",
            "done_helpers": "Done placing [helper+]",
            "done": "Done",
            "buy": "Buy a piece",
            "build": "Build",
            "helper": "[Castle_helper]",
            "from_supply": "from your supply",
            "from_field": "from the {field}",
            "take": "Take all {res} ({n}) from the watchtower",
            "worker_of": "{owned}",
            "price": "{res} ({n} taler)",
            "field_free": "{field} ({n} {res})",
            "field_displace": "{field} ({n} {res}): displace {player}",
            "building": "{name} ({vp} VP, value {cost})",
            "building_stonemason": "{name}: +{vp} VP (value {cost})",
            "building_worker": "{name}: +{vp} VP, half of {full} (value {cost})",
            "building_bricklayer": "{name}: 1 taler per piece paid (value {cost})",
            "pay_taler": "{label} → +{n} taler",
            "pay_default": "Pay {pieces} (cheapest)",
            "pay_group": "Other payments: {silver} silver",
            "pay_dear": "{stone} stone, {clay} clay",
            "space": "{name} ({fee} taler)",
            "as": "as",
            "nothing": "nothing",
            "taler": "taler",
            "vp": "VP",
        },
        "nl": {
            "player": "speler {n}",
            "pass": "Passen (geen [helper] plaatsen)",
            "change_choice": "Mijn keuze wijzigen",
            "done_buy": "Klaar met kopen",
            "done_build": "Klaar met bouwen",
            "done_helpers": "Klaar met [helper+] plaatsen",
            "done": "Klaar",
            "buy": "Grondstof kopen",
            "build": "Bouwen",
            "helper": "[Castle_helper]",
            "from_supply": "uit je voorraad",
            "from_field": "van de {field}",
            "take": "Neem alle {res} ({n}) uit de wachttoren",
            "worker_of": "{owned}",
            "price": "{res} ({n} taler)",
            "field_free": "{field} ({n} {res})",
            "field_displace": "{field} ({n} {res}): verdring {player}",
            "building": "{name} ({vp} WP, waarde {cost})",
            "building_stonemason": "{name}: +{vp} WP (waarde {cost})",
            "building_worker": "{name}: +{vp} WP, de helft van {full} (waarde {cost})",
            "building_bricklayer": "{name}: 1 taler per betaald stuk (waarde {cost})",
            "pay_taler": "{label} → +{n} taler",
            "pay_default": "Betaal {pieces} (goedkoopst)",
            "pay_group": "Andere betalingen: {silver} zilver",
            "pay_dear": "{stone} steen, {clay} leem",
            "space": "{name} ({fee} taler)",
            "as": "als",
            "nothing": "niets",
            "taler": "taler",
            "vp": "WP",
        },
    }
)


def _lang(lang: str) -> str:
    return lang if lang in T else "en"


def card_name(card: str, lang: str) -> str:
    return CARD_NAMES[_lang(lang)].get(card, card)


def res_name(res: str, lang: str) -> str:
    return RES_NAMES[_lang(lang)].get(res, res)


def field_name(field: str, lang: str) -> str:
    return FIELD_NAMES[_lang(lang)].get(field, field)


def winter_name(card: str, lang: str) -> str:
    return WINTER_NAMES[_lang(lang)].get(card, card)


def building_name(tile: str, lang: str) -> str:
    """``house_3`` -> ``House 3``; single buildings by name."""
    names = BUILDING_NAMES[_lang(lang)]
    if tile in names:
        return names[tile]
    head, _, num = tile.rpartition("_")
    if head in names and num.isdigit():
        return f"{names[head]} {num}"
    return tile


_SPACE_BUILDING = {
    "market_a": "market",
    "market_b": "market",
    "forge_10": "forge",
    "forge_6": "forge",
    "servants_a": "servants_house",
    "servants_b": "servants_house",
    "palace_a": "palace",
    "palace_b": "palace",
    "keep": "keep",
    "tavern_12": "tavern",
    "tavern_6": "tavern",
    "great_gate": "great_gate",
    "small_gate": "small_gate",
    "stable_16": "stable",
    "stable_12": "stable",
    "winter_guest": "winter_guest",
}


def space_name(space: str, lang: str) -> str:
    """``palace_a`` -> ``Palace A``; a space alone on its building is named by the building."""
    bid = _SPACE_BUILDING.get(space)
    if bid is None:
        return space
    name = BUILDING_NAMES[_lang(lang)][bid]
    if space == bid:
        return name
    suffix = space.rpartition("_")[2]
    return f"{name} {suffix.upper()}"


def _player(seat: int | None, lang: str, names: list[str] | None = None) -> str:
    if seat is None:
        return "-"
    return _seats(names or [], lang).name(seat)


def _seats(names: list[str], lang: str, viewer: int | None = None) -> Seats:
    """How a text names the seats: by name, the reader as "you", a seat without a name "player N"."""
    return Seats(names, _lang(lang), viewer, other=lambda s: T[_lang(lang)]["player"].format(n=s + 1))


def _view_names(view: dict[str, Any]) -> list[str]:
    names = view.get("names")
    return [str(n) for n in names] if isinstance(names, list) else []


def score_text(score: int | float, lang: str) -> str:
    """A final score with its unit: "56 victory points", "1 winstpunt"."""
    return G.count("victory_point", _lang(lang), score)


def res_list(res: dict[str, int], lang: str, silver_as: dict[str, int] | None = None) -> str:
    """``{"sand": 2, "wood": 1}`` -> ``2 sand, 1 wood``; silver with its declaration."""
    lang = _lang(lang)
    parts = []
    order = ("sand", "wood", "clay", "stone", "silver")
    for r in order:
        n = res.get(r, 0)
        if not n:
            continue
        if r == "silver" and silver_as:
            decl = ", ".join(f"{k} {res_name(t, lang)}" for t in order[:4] if (k := silver_as.get(t, 0)))
            parts.append(f"{n} {res_name(r, lang)} ({T[lang]['as']} {decl})")
        else:
            parts.append(f"{n} {res_name(r, lang)}")
    return ", ".join(parts) if parts else T[lang]["nothing"]


def _short(label: str) -> str:
    return label if len(label) <= 80 else label[:79] + "…"


# -- menus ---------------------------------------------------------------------------------------
def action_path(view: dict[str, Any], action: Action, lang: str) -> list[str]:
    """Labels for choosing ``action`` step by step; each at most 80 characters."""
    lang = _lang(lang)
    t = T[lang]
    kind = action.get("type")
    if kind == "select":
        cards = action.get("cards") or [action.get("card")]
        # a seat that has chosen is offered the other choices behind one button
        head = [t["change_choice"]] if view.get("phase") == "select" and view.get("selection") else []
        if len(cards) == 1:
            return [*head, _short(card_name(cards[0], lang))]
        return [*head, _short(card_name(cards[0], lang)), *(_short("+ " + card_name(c, lang)) for c in cards[1:])]
    if kind == "equip":
        return [_short(" + ".join(res_name(r, lang) for r in action.get("resources", [])) or t["nothing"])]
    if kind == "place_trader":
        fid = action.get("field", "")
        fields = {f["id"]: f for f in view.get("trade_fields", [])}
        f = fields.get(fid, {"yield": 0, "resource": "", "seat": None})
        args = {"field": field_name(fid, lang), "n": f["yield"], "res": res_name(f["resource"], lang)}
        if f.get("seat") is not None:
            return [_short(t["field_displace"].format(player=_player(f["seat"], lang, _view_names(view)), **args))]
        return [_short(t["field_free"].format(**args))]
    if kind == "pass":
        return [t["pass"]]
    if kind == "watchtower":
        r = action.get("resource", "")
        n = view.get("watchtower", {}).get(r, 0)
        return [_short(t["take"].format(res=res_name(r, lang), n=n))]
    if kind == "buy":
        return [
            t["buy"],
            _short(
                t["worker_of"].format(
                    owned=_seats(_view_names(view), lang).owner(
                        action.get("owner"), card_name(action.get("card", ""), lang)
                    )
                )
            ),
            _short(t["price"].format(res=res_name(action.get("resource", ""), lang).capitalize(), n=_price(view))),
        ]
    if kind == "build":
        tile = action.get("building", "")
        b = next((x for x in view.get("buildings", []) if x["id"] == tile), {"vp": 0, "cost": 0})
        card = str((view.get("task") or {}).get("card", ""))
        head = [t["build"], _short(_building_label(tile, b, card, lang))]
        payment = action.get("payment", {})
        pieces = _short(res_list(payment, lang, action.get("silver_as")))
        default = view.get("default_payments", {}).get(tile)
        if default is not None and default["payment"] == payment and default["silver_as"] == action.get("silver_as"):
            last = t["pay_default"].format(pieces=pieces)
            return [*head, _short(_with_taler(last, payment, card, view, lang))]
        # every other exact payment, grouped by the silver it spends, then by stone and clay
        silver = t["pay_group"].format(silver=payment.get("silver", 0))
        dear = t["pay_dear"].format(stone=payment.get("stone", 0), clay=payment.get("clay", 0))
        return [*head, silver, dear, _short(_with_taler(pieces, payment, card, view, lang))]
    if kind == "place_helper":
        sid = action.get("space", "")
        fee = _fee(view, sid)
        src = action.get("from", "supply")
        src_label = t["from_supply"] if src == "supply" else t["from_field"].format(field=field_name(src, lang).lower())
        return [t["helper"], _short(t["space"].format(name=space_name(sid, lang), fee=fee)), _short(src_label)]
    if kind == "done":
        step = (view.get("task") or {}).get("step", "")
        return [t.get(f"done_{step}", t["done"])]
    return [_short(str(kind))]


def choice_label(view: dict[str, Any], action: Action, lang: str) -> str:
    """The action named once, for the answer that confirms it: its menu path without the steps
    that only lead there (the change of a pick made already, a payment's silver and dear pieces)."""
    path = action_path(view, action, lang)
    kind = action.get("type")
    if kind == "select" and view.get("phase") == "select" and view.get("selection"):
        path = path[1:]
    elif kind == "build" and len(path) == 5:
        path = [*path[:2], path[4]]
    return " › ".join(path)


def _building_label(tile: str, b: dict[str, Any], card: str, lang: str) -> str:
    """A building as the chosen card would build it: the points (or taler) that card scores (§9)."""
    t = T[lang]
    name, vp, cost = building_name(tile, lang), int(b["vp"]), b["cost"]
    if card == "stonemason":
        return t["building_stonemason"].format(name=name, vp=vp, cost=cost)
    if card.startswith("worker"):
        return t["building_worker"].format(name=name, vp=vp // 2, full=vp, cost=cost)
    if card == "bricklayer":
        return t["building_bricklayer"].format(name=name, cost=cost)
    return t["building"].format(name=name, vp=vp, cost=cost)


def _with_taler(label: str, payment: dict[str, int], card: str, view: dict[str, Any], lang: str) -> str:
    """A Bricklayer's payment with the taler it brings: one per piece paid, as far as the bank holds (§6.3)."""
    if card != "bricklayer":
        return label
    n = min(sum(payment.values()), int(view.get("bank", 0)))
    return T[lang]["pay_taler"].format(label=label, n=n)


def _price(view: dict[str, Any]) -> int:
    return int(view.get("stonemason_price", 1))


def _fee(view: dict[str, Any], sid: str) -> int:
    if sid == "winter_guest":
        return int(view.get("winter", {}).get("guest_fee", 3))
    for b in view.get("buildings", []):
        for sp in b["spaces"]:
            if sp["id"] == sid:
                return int(sp["fee"])
    return 0


# -- events --------------------------------------------------------------------------------------
EVENTS = G.table(
    {
        "en": {
            "round_started": "[Round] {round} of {rounds}: {player} is [start_player].",
            "round_started/you": "[Round] {round} of {rounds}: you are [start_player].",
            "round_taler": "{player} takes {amount} [taler] from the [round_track].",
            "round_taler/you": "You take {amount} [taler] from the [round_track].",
            "card_selected": "{player} has chosen.",
            "selection": "You chose: {cards}.",
            "winter_revealed": "[Winter_card]: {card} — {effect}.",
            "wood_lost": "{player} returns {count} wood (frost).",
            "wood_lost/you": "You return {count} wood (frost).",
            "helpers_returned": "{own_helper} leaves the {field}.",
            "taler_received": "{player} receives {amount} [taler].",
            "taler_received/you": "You receive {amount} [taler].",
            "taler_paid": "{player} pays {amount} [taler].",
            "taler_paid/you": "You pay {amount} [taler].",
            "watchtower_stocked": "Into the [watchtower]: {resources}.",
            "cards_revealed": "Revealed: {cards}.",
            "worker_equipped": "{own_card} holds {resources}.",
            "messenger": "{own_card} brings {amount} [taler].",
            "trader_placed": "{own_card} places a [helper] at the {field}.",
            "trader_placed_displace": "{own_card} places a [helper] at the {field}, displacing {other}.",
            "trader_passed": "{own_card} places no [helper].",
            "trade_income": "{player} receives {count} {resource} from the {field}.",
            "trade_income/you": "You receive {count} {resource} from the {field}.",
            "tax_paid": "{player} pays tax to the [watchtower]: {resources}.",
            "tax_paid/you": "You pay tax to the [watchtower]: {resources}.",
            "watchtower_taken": "{player} takes {count} {resource} from the [watchtower].",
            "watchtower_taken/you": "You take {count} {resource} from the [watchtower].",
            "resource_bought": "{player} buys 1 {resource} from {owned} for {price} [taler].",
            "resource_bought/you": "You buy 1 {resource} from {owned} for {price} [taler].",
            "worker_collected": "{own_card} brings {resources}.",
            "building_built": "{player} builds {building} ({card}) with {payment}{reward}.",
            "building_built/you": "You build {building} ({card}) with {payment}{reward}.",
            "helper_placed": "{player} places a [castle_helper] on {space} for {fee} [taler].",
            "helper_placed/you": "You place a [castle_helper] on {space} for {fee} [taler].",
            "guest_placed": "{player} places a [guest] in the guest chamber for {fee} [taler].",
            "guest_placed/you": "You place a [guest] in the guest chamber for {fee} [taler].",
            "step_done": "{own_card}: {step}.",
            "master_builder": "{own_card} scores {vp} [vp] for {buildings}.",
            "cards_returned": "{player} takes their played [card+] back.",
            "cards_returned/you": "You take your played [card+] back.",
            "round_ended": "[Round] {round} is over.",
            "game_ended_last_round": "The last [round] is over.",
            "game_ended_all_built": "Every [building] is built: the game ends.",
            "final_score": "{player}: {vp} [vp] for {source}.",
            "game_result": "Final result: {scores}. Winner: {winners}.",
            "game_result_many": "Final result: {scores}. Winners: {winners}.",
        },
        "nl": {
            "round_started": "[Round] {round} van {rounds}: {player} is [start_player].",
            "round_started/you": "[Round] {round} van {rounds}: jij bent [start_player].",
            "round_taler": "{player} neemt {amount} [taler] van de [round_track].",
            "round_taler/you": "Jij neemt {amount} [taler] van de [round_track].",
            "card_selected": "{player} heeft gekozen.",
            "selection": "Je koos: {cards}.",
            "winter_revealed": "[Winter_card]: {card} — {effect}.",
            "wood_lost": "{player} levert {count} hout in (vorst).",
            "wood_lost/you": "Jij levert {count} hout in (vorst).",
            "helpers_returned": "{own_helper} verlaat de {field}.",
            "taler_received": "{player} krijgt {amount} [taler].",
            "taler_received/you": "Jij krijgt {amount} [taler].",
            "taler_paid": "{player} betaalt {amount} [taler].",
            "taler_paid/you": "Jij betaalt {amount} [taler].",
            "watchtower_stocked": "Naar de [watchtower]: {resources}.",
            "cards_revealed": "Opengelegd: {cards}.",
            "worker_equipped": "Op {own_card_in}: {resources}.",
            "messenger": "{own_card} brengt {amount} [taler].",
            "trader_placed": "{own_card} plaatst een [helper] bij de {field}.",
            "trader_placed_displace": "{own_card} plaatst een [helper] bij de {field} en verdringt {other}.",
            "trader_passed": "{own_card} plaatst geen [helper].",
            "trade_income": "{player} krijgt {count} {resource} van de {field}.",
            "trade_income/you": "Jij krijgt {count} {resource} van de {field}.",
            "tax_paid": "{player} betaalt belasting aan de [watchtower]: {resources}.",
            "tax_paid/you": "Jij betaalt belasting aan de [watchtower]: {resources}.",
            "watchtower_taken": "{player} neemt {count} {resource} uit de [watchtower].",
            "watchtower_taken/you": "Jij neemt {count} {resource} uit de [watchtower].",
            "resource_bought": "{player} koopt 1 {resource} van {owned} voor {price} [taler].",
            "resource_bought/you": "Jij koopt 1 {resource} van {owned} voor {price} [taler].",
            "worker_collected": "{own_card} brengt {resources}.",
            "building_built": "{player} bouwt {building} ({card}) met {payment}{reward}.",
            "building_built/you": "Jij bouwt {building} ({card}) met {payment}{reward}.",
            "helper_placed": "{player} plaatst een [castle_helper] op {space} voor {fee} [taler].",
            "helper_placed/you": "Jij plaatst een [castle_helper] op {space} voor {fee} [taler].",
            "guest_placed": "{player} plaatst een [guest] in de gastenkamer voor {fee} [taler].",
            "guest_placed/you": "Jij plaatst een [guest] in de gastenkamer voor {fee} [taler].",
            "step_done": "{own_card}: {step}.",
            "master_builder": "{own_card} scoort {vp} [vp] voor {buildings}.",
            "cards_returned": "{player} neemt de gespeelde [card+] terug.",
            "cards_returned/you": "Jij neemt de gespeelde [card+] terug.",
            "round_ended": "[Round] {round} is voorbij.",
            "game_ended_last_round": "De laatste [round] is voorbij.",
            "game_ended_all_built": "Alle [building+] zijn gebouwd: het spel eindigt.",
            "final_score": "{player}: {vp} [vp] voor {source}.",
            "game_result": "Eindstand: {scores}. Winnaar: {winners}.",
            "game_result_many": "Eindstand: {scores}. Winnaars: {winners}.",
        },
    }
)
SOURCES = {
    "en": {"palace": "the palace", "market": "the market", "guests": "guests"},
    "nl": {"palace": "het paleis", "market": "de markt", "guests": "gasten"},
}
TIEBREAKS = {
    "en": {"taler": "most taler", "resources": "most resource value", "shared": "shared victory"},
    "nl": {"taler": "meeste taler", "resources": "hoogste grondstofwaarde", "shared": "gedeelde overwinning"},
}
#: events told by a card of the seat, in Dutch with the article of "de Bode van bob"
_CARD_EVENTS = {"messenger": "messenger", "trader_placed": "trader", "trader_passed": "trader"}


def describe_event(ev: Event, lang: str, names: list[str], viewer: int | None = None) -> str | None:
    """One line for an event in the reader's language; None for bookkeeping events. ``viewer`` is
    the seat reading it (named "you"), None for everyone."""
    lang = _lang(lang)
    kind = ev.get("type", "")
    table = EVENTS[lang]
    if kind == "game_ended":
        return table[f"game_ended_{ev.get('reason', 'last_round')}"]
    if kind not in table:
        return None
    people = _seats(names, lang, viewer)
    seat = ev.get("seat")
    you = people.you(seat)
    p = people.subject(seat) if seat is not None else "-"

    def own(card: str) -> str:
        return people.owner(seat, card_name(card, lang), start=True, article="de" if kind in _CARD_EVENTS else "")

    tpl = pick(table, kind, you)
    if kind == "card_selected" and you:
        return None  # the reader's own choice is told by the private line that names the cards
    if kind == "round_started":
        start = ev["start_player"]
        return pick(table, kind, people.you(start)).format(
            round=ev["round"], rounds=ev["round"] + ev["field"] - 1, player=people.subject(start)
        )
    if kind == "selection":
        return tpl.format(cards=", ".join(card_name(c, lang) for c in ev["cards"]))
    if kind == "winter_revealed":
        return tpl.format(card=winter_name(ev["card"], lang), effect=WINTER_TEXT[lang].get(ev["card"], ""))
    if kind == "helpers_returned":
        helper = people.owner(seat, G.word("helper", lang), start=True, article="de")
        return tpl.format(own_helper=helper, field=field_name(ev["field"], lang).lower())
    if kind == "watchtower_stocked":
        return tpl.format(resources=res_list(ev["resources"], lang))
    if kind == "cards_revealed":
        parts = [f"{people.label(i)}: {', '.join(card_name(c, lang) for c in cs)}" for i, cs in enumerate(ev["cards"])]
        return tpl.format(cards="; ".join(parts))
    if kind in ("worker_equipped", "worker_collected"):
        return tpl.format(
            own_card=own(ev["card"]),
            own_card_in=people.owner(seat, card_name(ev["card"], lang)),
            resources=res_list(ev["resources"], lang),
        )
    if kind in _CARD_EVENTS:
        card = _CARD_EVENTS[kind]
        if kind == "trader_placed" and ev.get("displaced") is not None:
            tpl = table["trader_placed_displace"]
        field = field_name(ev["field"], lang).lower() if ev.get("field") else ""
        other = people.object(ev.get("displaced")) if ev.get("displaced") is not None else ""
        return tpl.format(own_card=own(card), amount=ev.get("amount"), field=field, other=other)
    if kind == "trade_income":
        return tpl.format(
            player=p,
            count=ev["count"],
            resource=res_name(ev["resource"], lang),
            field=field_name(ev["field"], lang).lower(),
        )
    if kind == "tax_paid":
        return tpl.format(player=p, resources=res_list(ev["resources"], lang))
    if kind == "watchtower_taken":
        return tpl.format(player=p, count=ev["count"], resource=res_name(ev["resource"], lang))
    if kind == "resource_bought":
        return tpl.format(
            player=p,
            resource=res_name(ev["resource"], lang),
            owned=people.owner(ev["owner"], card_name(ev["card"], lang)),
            price=ev["price"],
        )
    if kind == "building_built":
        reward = ""
        if ev.get("vp"):
            reward = f" (+{ev['vp']} {T[lang]['vp']})"
        elif ev.get("taler"):
            reward = f" (+{ev['taler']} {T[lang]['taler']})"
        return tpl.format(
            player=p,
            building=building_name(ev["building"], lang),
            card=card_name(ev["card"], lang),
            payment=res_list(ev["payment"], lang, ev.get("silver_as")),
            reward=reward,
        )
    if kind == "helper_placed":
        return tpl.format(player=p, space=space_name(ev["space"], lang), fee=ev["fee"])
    if kind == "step_done":
        step = T[lang].get(f"done_{ev['step']}", T[lang]["done"]).lower()
        return tpl.format(own_card=own(ev["card"]), step=step)
    if kind == "master_builder":
        return tpl.format(
            own_card=people.owner(seat, card_name("master_builder", lang), start=True, article="de"),
            vp=ev["vp"],
            buildings=G.count("building", lang, ev["buildings"]),
        )
    if kind == "final_score":
        src = ev["source"]
        label = SOURCES[lang].get(src) or space_name(src, lang)
        return tpl.format(player=people.subject(seat), vp=ev["vp"], source=label)
    if kind == "game_result":
        scores = ", ".join(f"{people.label(i)} {v}" for i, v in enumerate(ev["scores"]))
        winners = ev["winners"]
        key = "game_result_many" if len(winners) > 1 else "game_result"
        line = table[key].format(scores=scores, winners=listing([people.label(i) for i in winners], lang))
        if ev.get("tiebreak"):
            line += f" ({TIEBREAKS[lang][ev['tiebreak']]})"
        return line
    fields = {k: v for k, v in ev.items() if k not in ("type", "to", "seat")}
    return tpl.format(player=p, **fields)


# -- prompts -------------------------------------------------------------------------------------
PROMPTS = G.table(
    {
        "en": {
            "select": "Choose 1 [card] for [round] {round} (secret).",
            "select_many": "Choose {count} [card+] for [round] {round} (secret).",
            "change_choice": "Until the last player has chosen you may change your [card].",
            "equip": "Choose the pieces for your {card}.",
            "trader": "Trader: place a [helper] on a [trade_field], or pass.",
            "watchtower": "Bricklayer: take all pieces of one type from the [watchtower].",
            "buy": "Stonemason: buy pieces from other players' [worker_card+], then choose done.",
            "build": "{card}: build (up to {left} more), or choose done.",
            "helpers": "{card}: place [castle_helper+] (up to {left} more), or choose done.",
        },
        "nl": {
            "select": "Kies 1 [card] voor [round] {round} (geheim).",
            "select_many": "Kies {count} [card+] voor [round] {round} (geheim).",
            "change_choice": "Tot de laatste speler gekozen heeft, mag je je [card] wijzigen.",
            "equip": "Kies de grondstoffen voor je {card}.",
            "trader": "Handelaar: plaats een [helper] op een [trade_field], of pas.",
            "watchtower": "Metselaar: neem alle stukken van één soort uit de [watchtower].",
            "buy": "Steenhouwer: koop grondstoffen van [worker_card+] van anderen, kies dan klaar.",
            "build": "{card}: bouw (nog maximaal {left}), of kies klaar.",
            "helpers": "{card}: plaats [castle_helper+] (nog maximaal {left}), of kies klaar.",
        },
    }
)


#: which event of a move tells it, most telling first (games/moves.py)
MOVE_HEADLINES = (
    "building_built",
    "helper_placed",
    "guest_placed",
    "trader_placed",
    "resource_bought",
    "watchtower_taken",
    "worker_equipped",
    "trader_passed",
    "messenger",
    "master_builder",
    "cards_revealed",
    "card_selected",
)


def describe_move(move: Move, lang: str, names: list[str]) -> str:
    """The last move in one line, as everyone reads it; a card chosen before the reveal says only
    that it was ("Bram has chosen")."""
    ev = headline(move, MOVE_HEADLINES)
    who = _seats(names, _lang(lang)).name(move.get("seat"))
    if ev is None or ev.get("type") == "card_selected":
        return chosen_caption(who, _lang(lang))
    return describe_event(ev, lang, names) or who


def describe_prompt(view: dict[str, Any], prompt: Prompt, lang: str) -> str:
    lang = _lang(lang)
    d = prompt.data
    kind = "select_many" if prompt.kind == "select" and d.get("count", 1) != 1 else prompt.kind
    tpl = PROMPTS[lang].get(kind, prompt.kind)
    return tpl.format(
        count=d.get("count", 1),
        round=d.get("round", view.get("round", 0)),
        card=card_name(d.get("card", ""), lang),
        cards=", ".join(card_name(c, lang) for c in d.get("cards", [])),
        left=d.get("left", 0),
    )


# -- status --------------------------------------------------------------------------------------
STATUS = G.table(
    {
        "en": {
            "round": "[Round] {round}/{rounds} · [start_player]: {player} · built {built}/{total} · bank {bank} [taler]",
            "tower": "[Watchtower]: {res} · forge: {forge} silver",
            "fields": "[Trade_field+]: {fields}",
            "player": "{player}: {vp} [vp], {taler} [taler], {res}, {helpers} in [supply] · played: {played}",
            "winter": "[Winter_card+] left: {left} · revealed: {seen}",
            "over": "Game over.",
            "hand": "Your hand: {cards}",
            "now": "Now: {owned}",
            "choosing": "Choosing [card+] (secret)",
            "chosen": "Choosing [card+] (secret) · chosen: {players}",
            "free": "free",
            "none": "none",
        },
        "nl": {
            "round": "[Round] {round}/{rounds} · [start_player]: {player} · gebouwd {built}/{total} · bank {bank} [taler]",
            "tower": "[Watchtower]: {res} · smederij: {forge} zilver",
            "fields": "[Trade_field+]: {fields}",
            "player": "{player}: {vp} [vp], {taler} [taler], {res}, {helpers} in [supply] · gespeeld: {played}",
            "winter": "[Winter_card+] over: {left} · onthuld: {seen}",
            "over": "Het spel is afgelopen.",
            "hand": "Je hand: {cards}",
            "now": "Nu: {owned}",
            "choosing": "[Card+] kiezen (geheim)",
            "chosen": "[Card+] kiezen (geheim) · gekozen: {players}",
            "free": "vrij",
            "none": "geen",
        },
    }
)


def status_lines(view: dict[str, Any], lang: str, names: list[str], viewer: int | None = None) -> list[str]:
    """The table in lines; ``viewer`` is the seat reading them (named "you"), None for everyone."""
    lang = _lang(lang)
    st = STATUS[lang]
    people = _seats(names, lang, viewer)
    lines = [
        st["round"].format(
            round=view["round"],
            rounds=view["rounds"],
            player=people.label(view["start_player"]),
            built=view["built_count"],
            total=view["to_build"],
            bank=view["bank"],
        ),
        st["tower"].format(res=res_list(view["watchtower"], lang), forge=view["forge"]),
        st["fields"].format(
            fields=", ".join(
                f"{field_name(f['id'], lang)}: {st['free'] if f['seat'] is None else people.label(f['seat'])}"
                for f in view["trade_fields"]
            )
        ),
    ]
    for p in view["players"]:
        lines.append(
            st["player"].format(
                player=people.subject(p["seat"]),
                vp=p["vp"],
                taler=p["taler"],
                res=res_list(p["resources"], lang),
                helpers=G.count("helper", lang, p["helpers"]),
                played=", ".join(card_name(c, lang) for c in p["played"]) or st["none"],
            )
        )
    w = view.get("winter") or {}
    if w.get("enabled"):
        lines.append(
            st["winter"].format(
                left=w["deck_size"], seen=", ".join(winter_name(c, lang) for c in w["revealed"]) or st["none"]
            )
        )
    task = view.get("task")
    if task:
        lines.append(st["now"].format(owned=people.owner(task["seat"], card_name(task["card"], lang))))
    elif view.get("phase") == "select":
        # whom the game waits for is the table's footer; here: who has chosen already
        chosen = [people.label(p["seat"]) for p in view["players"] if p["chosen"]]
        lines.append(st["chosen"].format(players=listing(chosen, lang)) if chosen else st["choosing"])
    if view.get("hand") is not None:
        lines.append(st["hand"].format(cards=", ".join(card_name(c, lang) for c in view["hand"]) or st["none"]))
    if view.get("phase") == "over":
        lines.append(st["over"])
    return lines


OWN = G.pairs(
    {
        "hand": ("Your hand: {cards}", "Je hand: {cards}"),
        "pick": ("Your pick this [round] (secret): {cards}", "Je keuze deze [round] (geheim): {cards}"),
        "none": ("none", "geen"),
    }
)
#: private events that only restate the reader's own action (its answer names that action already)
OWN_ACTION_ECHOES = frozenset({"selection"})


def private_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """What only the viewing seat sees, for its own message: its hand and its secret pick (the
    table shows everything else)."""
    if view.get("hand") is None:
        return []
    i = 1 if _lang(lang) == "nl" else 0
    cards = ", ".join(card_name(c, lang) for c in view["hand"]) or OWN["none"][i]
    lines = [OWN["hand"][i].format(cards=cards)]
    if view.get("selection"):
        lines.append(OWN["pick"][i].format(cards=", ".join(card_name(c, lang) for c in view["selection"])))
    return lines


# -- the final score -------------------------------------------------------------------------------
SCORE_PARTS = G.pairs(
    {
        # §12 and §13.2: VP of play, then the final scoring step by step
        "buildings": ("[Building+]", "[Building+]"),
        "master_builder": ("Master builder", "Bouwmeester"),
        "during_game": ("During the game", "Tijdens het spel"),  # results stored before the split
        "castle_helpers": ("[Castle_helper+]", "[Castle_helper+]"),
        "palace": ("Palace", "Paleis"),
        "market": ("Market", "Markt"),
        "guests": ("Winter [guest+]", "Winter[guest+]"),
    }
)
NOTES = G.table(
    {
        "en": {
            "last_round": "The game ended after the last [round].",
            "all_built": "The game ended in the [round] every [building] was built.",
            "taler": "{who}: equal on {vp} [vp]; most [taler] left decides ({values}).",
            "resources": "{who}: equal on {vp} [vp]; most [taler] left, then the highest [resource] value decide ({values}).",
            "both": "{name} {taler} [taler], value {value}",
            "shared": "{who}: equal on [vp], [taler] and [resource] value: they share the place.",
        },
        "nl": {
            "last_round": "Het spel eindigde na de laatste [round].",
            "all_built": "Het spel eindigde in de [round] waarin elk [building] gebouwd werd.",
            "taler": "{who}: gelijk met {vp} [vp]; de meeste [taler] over beslist ({values}).",
            "resources": "{who}: gelijk met {vp} [vp]; de meeste [taler] over en dan de hoogste [resource]waarde beslissen ({values}).",
            "both": "{name} {taler} [taler], waarde {value}",
            "shared": "{who}: gelijk in [vp], [taler] en [resource]waarde: zij delen de plaats.",
        },
    }
)


def score_parts(details: dict[str, Any], lang: str) -> list[tuple[str, int | float]]:
    """A seat's VP by source: its buildings and the Master builder during play (§12), then the
    final scoring (§13.2): its castle helpers' buildings together, palace, market and, with the
    winter cards, its guests."""
    i = 1 if _lang(lang) == "nl" else 0
    play = ("buildings", "master_builder") if "during_game" not in details else ("during_game",)
    parts = [(SCORE_PARTS[key][i], details.get(key, 0)) for key in play]
    helpers = sum(v for k, v in details.items() if k in _SPACE_BUILDING)
    parts.append((SCORE_PARTS["castle_helpers"][i], helpers))
    parts += [(SCORE_PARTS[key][i], details.get(key, 0)) for key in ("palace", "market")]
    if "guests" in details:
        parts.append((SCORE_PARTS["guests"][i], details["guests"]))
    return parts


def result_notes(result: Any, lang: str, names: list[str]) -> list[str]:
    """How the game ended (§13.1) and, for every group of equal VP, what ranked it (§13.4)."""
    lang = _lang(lang)
    notes = NOTES[lang]
    out = [notes[result.extra["ending"]]] if result.extra.get("ending") in notes else []
    people = _seats(names, lang)
    groups: dict[Any, list[int]] = {}
    for seat in sorted(result.ranks, key=lambda x: (result.ranks[x], x)):
        groups.setdefault(result.scores[seat], []).append(seat)
    for vp, seats in groups.items():
        if len(seats) < 2:
            continue
        d = {x: result.details.get(x) or {} for x in seats}
        taler = [d[x].get("taler_left", 0) for x in seats]
        value = [d[x].get("resource_value", 0) for x in seats]
        who = listing([people.name(x) for x in seats], lang)
        if len(set(zip(taler, value, strict=True))) < len(seats):
            out.append(notes["shared"].format(who=who))
        elif len(set(taler)) == len(seats):
            values = ", ".join(f"{people.name(x)} {n}" for x, n in zip(seats, taler, strict=True))
            out.append(notes["taler"].format(who=who, vp=vp, values=values))
        else:
            values = "; ".join(
                notes["both"].format(name=people.name(x), taler=n, value=v)
                for x, n, v in zip(seats, taler, value, strict=True)
            )
            out.append(notes["resources"].format(who=who, vp=vp, values=values))
    return out


# -- rules summary -------------------------------------------------------------------------------
SUMMARY = G.pairs(
    {
        "summary": (
            "Each [round] every player secretly picks a [character_card] (two with 2 players); the cards resolve in "
            "card order to gain [taler] and [resource+], erect [building+] with exact payment and place [helper+] "
            "in the [castle]. The most [victory_point+] after the last [round] wins.",
            "Elke [round] kiest iedere speler geheim een [character_card] (met 2 spelers twee); die worden in "
            "kaartvolgorde afgehandeld om [taler] en [resource+] te krijgen, [building+] met exacte betaling te "
            "bouwen en [helper+] in de [castle] te plaatsen. Na de laatste [round] wint wie de meeste "
            "[victory_point+] heeft.",
        )
    }
)["summary"]


def rules_summary(lang: str) -> str:
    """The game in a paragraph, in the glossary's terms, for ``/rules`` and the terminal table."""
    return SUMMARY[1] if lang == "nl" else SUMMARY[0]


# -- refusals ------------------------------------------------------------------------------------
#: why an action was refused, naming the rule (§ of the rules), English and Dutch
REFUSALS: dict[str, tuple[str, str]] = G.pairs(
    {
        "bad_action": ("That is not an action.", "Dat is geen actie."),
        "unknown_type": ("There is no such action in this game.", "Die actie bestaat niet in dit spel."),
        "game_over": ("The game is over.", "Het spel is afgelopen."),
        "bad_seat": ("There is no such player.", "Die speler bestaat niet."),
        "wrong_phase": (
            "That is not possible in this phase of the round (§5).",
            "Dat kan niet in deze fase van de ronde (§5).",
        ),
        "not_your_turn": (
            "Another player's card is resolving now (§5.6).",
            "Nu is de kaart van een ander aan de beurt (§5.6).",
        ),
        "wrong_step": (
            "Each card's steps come in order: take or buy, then build, then castle helpers (§10.7).",
            "Elke kaart werkt in volgorde: nemen of kopen, dan bouwen, dan werkers in de burcht (§10.7).",
        ),
        "bad_cards": ("Name the [card+] you choose.", "Noem de [card+] die je kiest."),
        "unknown_card": ("There is no such character card (§4).", "Die personenkaart bestaat niet (§4)."),
        "card_count": (
            "Choose one card, or two different cards with two players (§5.2).",
            "Kies één kaart, of met twee spelers twee verschillende kaarten (§5.2).",
        ),
        "same_card": (
            "With two players the two cards must differ (§5.2).",
            "Met twee spelers moeten de twee kaarten verschillen (§5.2).",
        ),
        "not_in_hand": (
            "That card lies in your played area; it returns with the Master builder (§6.6).",
            "Die kaart ligt bij je uitgespeelde kaarten; ze komt terug met de Bouwmeester (§6.6).",
        ),
        "master_builder_first": (
            "The Master builder may not be chosen while all 8 cards are in your hand (§5.2).",
            "De Bouwmeester mag niet gekozen worden zolang alle 8 kaarten in je hand zijn (§5.2).",
        ),
        "unchanged": ("That is already your choice (R-24).", "Dat is al je keuze (R-24)."),
        "wrong_card": (
            "Another worker card is being equipped (§5.5).",
            "Er wordt een andere arbeiderskaart gevuld (§5.5).",
        ),
        "bad_resources": ("Name the pieces for the worker card.", "Noem de grondstoffen voor de arbeiderskaart."),
        "bad_choice": (
            "Worker 1 takes 1 stone and 2 pieces of sand, wood or clay from the supply (§6.5).",
            "Arbeider 1 krijgt 1 steen en 2 stukken zand, hout of leem uit de voorraad (§6.5).",
        ),
        "unknown_field": ("There is no such trade field (§7).", "Dat grondstofveld bestaat niet (§7)."),
        "no_helper": ("You have no helper in your personal supply.", "Je hebt geen werker in je eigen voorraad."),
        "field_closed": (
            "A Trader goes to a free cart first; the rider or a displacement only when all carts are taken, "
            "and never a helper placed this round or your own (§6.2).",
            "Een handelaar gaat eerst naar een vrije kar; de ruiter of verdringen pas als alle karren bezet zijn, "
            "en nooit een werker van deze ronde of je eigen (§6.2).",
        ),
        "unknown_resource": ("There is no such resource.", "Die grondstof bestaat niet."),
        "empty_type": (
            "The Bricklayer takes a type the watchtower holds (§6.3).",
            "De metselaar neemt een soort die in de wachttoren ligt (§6.3).",
        ),
        "no_worker": (
            "No such worker card was revealed this round (§6.4).",
            "Zo'n arbeiderskaart is deze ronde niet onthuld (§6.4).",
        ),
        "own_worker": (
            "A Stonemason never buys from its own worker card (§6.4).",
            "Een steenhouwer koopt nooit van de eigen arbeiderskaart (§6.4).",
        ),
        "already_bought": (
            "A Stonemason buys at most one piece from each worker card (§6.4).",
            "Een steenhouwer koopt hoogstens één stuk van elke arbeiderskaart (§6.4).",
        ),
        "buying_over": (
            "The Stonemason buys before building; buying is over (§10.7).",
            "De steenhouwer koopt voor hij bouwt; het kopen is voorbij (§10.7).",
        ),
        "not_on_card": ("That piece is not on the worker card.", "Dat stuk ligt niet op de arbeiderskaart."),
        "last_piece": (
            "The last piece on a worker card can never be bought (§6.4).",
            "Het laatste stuk op een arbeiderskaart kan nooit gekocht worden (§6.4).",
        ),
        "no_money": ("You do not have enough taler.", "Je hebt niet genoeg taler."),
        "helper_limit": (
            "At most 2 castle helpers per action (§6.3, §6.4).",
            "Hoogstens 2 werkers in de burcht per actie (§6.3, §6.4).",
        ),
        "unknown_building": ("There is no such building (§11).", "Dat gebouw bestaat niet (§11)."),
        "already_built": ("That building has been built already (§9).", "Dat gebouw staat er al (§9)."),
        "bad_payment": (
            "Pay exactly the building's value with at least 3 types of resource (§9).",
            "Betaal precies de waarde van het gebouw met minstens 3 soorten grondstof (§9).",
        ),
        "missing_resources": ("You do not hold those pieces.", "Je hebt die stukken niet."),
        "bad_silver": (
            "Declare each silver piece as sand, wood, clay or stone (§9).",
            "Geef bij elk stuk zilver aan of het zand, hout, leem of steen is (§9).",
        ),
        "no_guest_card": ("The guest card has not been revealed (§15).", "De gastenkaart is niet onthuld (§15)."),
        "guest_taken": ("You already have a guest (§15).", "Je hebt al een gast (§15)."),
        "same_building": (
            "No two of your helpers in the same building in one round (§10.4).",
            "Niet twee van je werkers in hetzelfde gebouw in één ronde (§10.4).",
        ),
        "unknown_space": ("There is no such helper space (§11).", "Die werkerplaats bestaat niet (§11)."),
        "not_built": (
            "Helpers go only into built buildings (§10.2).",
            "Werkers gaan alleen in gebouwen die er staan (§10.2).",
        ),
        "space_taken": (
            "That space is taken; one helper per space (§10.2).",
            "Die plaats is bezet; één werker per plaats (§10.2).",
        ),
        "not_your_field": (
            "You have no helper on that trade field (§10.1).",
            "Je hebt geen werker op dat grondstofveld (§10.1).",
        ),
        "bad_source": (
            "A castle helper comes from your supply or one of your trade fields (§10.1).",
            "Een werker in de burcht komt uit je voorraad of van een van je grondstofvelden (§10.1).",
        ),
    }
)


def describe_refusal(exc: Any, lang: str) -> str | None:
    """Why an action was refused, naming the rule; None for a code without a text."""
    pair = REFUSALS.get(getattr(exc, "code", ""))
    return pair[1 if _lang(lang) == "nl" else 0] if pair else None

"""Im Schutze der Burg in words: menu labels, event lines, prompts and status, English and Dutch.

Everything here works on views, events and actions only (never on the state), so it says no more
than the reader may see.
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Prompt

__all__ = (
    "action_path",
    "describe_event",
    "describe_prompt",
    "status_lines",
    "card_name",
    "res_name",
    "building_name",
    "space_name",
    "field_name",
    "winter_name",
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
WINTER_TEXT = {
    "en": {
        "winter_guest": "stays: a Bricklayer or Stonemason may place one guest here for 3 taler (4 VP at the end)",
        "winter_frost": "everyone returns 1 wood",
        "winter_snow": "all helpers leave the trade fields",
        "winter_market": "everyone receives 2 taler",
        "winter_stores": "1 sand, 1 wood and 1 clay go into the watchtower",
        "winter_heating": "everyone pays 2 taler",
    },
    "nl": {
        "winter_guest": "blijft liggen: een Metselaar of Steenhouwer mag hier één gast plaatsen voor 3 taler (4 WP aan het einde)",
        "winter_frost": "iedereen levert 1 hout in",
        "winter_snow": "alle werkers verlaten de grondstofvelden",
        "winter_market": "iedereen krijgt 2 taler",
        "winter_stores": "1 zand, 1 hout en 1 leem gaan naar de wachttoren",
        "winter_heating": "iedereen betaalt 2 taler",
    },
}

T = {
    "en": {
        "player": "player {n}",
        "pass": "Pass (place no helper)",
        "change_choice": "Change my choice",
        "done_buy": "Done buying",
        "done_build": "Done building",
        "done_helpers": "Done placing helpers",
        "done": "Done",
        "buy": "Buy a piece",
        "build": "Build",
        "helper": "Castle helper",
        "from_supply": "from your supply",
        "from_field": "from the {field}",
        "take": "Take all {res} ({n}) from the watchtower",
        "worker_of": "{card} of {player}",
        "price": "{res} ({n} taler)",
        "field_free": "{field} ({n} {res})",
        "field_displace": "{field} ({n} {res}): displace {player}",
        "building": "{name} ({vp} VP, value {cost})",
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
        "pass": "Passen (geen werker plaatsen)",
        "change_choice": "Mijn keuze wijzigen",
        "done_buy": "Klaar met kopen",
        "done_build": "Klaar met bouwen",
        "done_helpers": "Klaar met werkers plaatsen",
        "done": "Klaar",
        "buy": "Grondstof kopen",
        "build": "Bouwen",
        "helper": "Werker in de burcht",
        "from_supply": "uit je voorraad",
        "from_field": "van de {field}",
        "take": "Neem alle {res} ({n}) uit de wachttoren",
        "worker_of": "{card} van {player}",
        "price": "{res} ({n} taler)",
        "field_free": "{field} ({n} {res})",
        "field_displace": "{field} ({n} {res}): verdring {player}",
        "building": "{name} ({vp} WP, waarde {cost})",
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
    if names and 0 <= seat < len(names):
        return names[seat]
    return T[_lang(lang)]["player"].format(n=seat + 1)


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
            return [_short(t["field_displace"].format(player=_player(f["seat"], lang), **args))]
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
                    card=card_name(action.get("card", ""), lang), player=_player(action.get("owner"), lang)
                )
            ),
            _short(t["price"].format(res=res_name(action.get("resource", ""), lang).capitalize(), n=_price(view))),
        ]
    if kind == "build":
        tile = action.get("building", "")
        b = next((x for x in view.get("buildings", []) if x["id"] == tile), {"vp": 0, "cost": 0})
        head = [t["build"], _short(t["building"].format(name=building_name(tile, lang), vp=b["vp"], cost=b["cost"]))]
        payment = action.get("payment", {})
        pieces = _short(res_list(payment, lang, action.get("silver_as")))
        default = view.get("default_payments", {}).get(tile)
        if default is not None and default["payment"] == payment and default["silver_as"] == action.get("silver_as"):
            return [*head, _short(t["pay_default"].format(pieces=pieces))]
        # every other exact payment, grouped by the silver it spends, then by stone and clay
        silver = t["pay_group"].format(silver=payment.get("silver", 0))
        dear = t["pay_dear"].format(stone=payment.get("stone", 0), clay=payment.get("clay", 0))
        return [*head, silver, dear, pieces]
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
EVENTS = {
    "en": {
        "round_started": "Round {round} of {rounds}: {player} is start player.",
        "round_taler": "{player} takes {amount} taler from the round track.",
        "card_selected": "{player} has chosen.",
        "selection": "You chose: {cards}.",
        "winter_revealed": "Winter card: {card} — {effect}.",
        "wood_lost": "{player} returns {count} wood (frost).",
        "helpers_returned": "{player}'s helper leaves the {field}.",
        "taler_received": "{player} receives {amount} taler.",
        "taler_paid": "{player} pays {amount} taler.",
        "watchtower_stocked": "Into the watchtower: {resources}.",
        "cards_revealed": "Revealed: {cards}.",
        "worker_equipped": "{player}'s {card} holds {resources}.",
        "messenger": "{player}'s Messenger brings {amount} taler.",
        "trader_placed": "{player}'s Trader places a helper at the {field}.",
        "trader_placed_displace": "{player}'s Trader places a helper at the {field}, displacing {other}.",
        "trader_passed": "{player}'s Trader places no helper.",
        "trade_income": "{player} receives {count} {resource} from the {field}.",
        "tax_paid": "{player} pays tax to the watchtower: {resources}.",
        "watchtower_taken": "{player} takes {count} {resource} from the watchtower.",
        "resource_bought": "{player} buys 1 {resource} from {owner}'s {card} for {price} taler.",
        "worker_collected": "{player}'s {card} brings {resources}.",
        "building_built": "{player} builds {building} ({card}) with {payment}{reward}.",
        "helper_placed": "{player} places a castle helper on {space} for {fee} taler.",
        "guest_placed": "{player} places a guest in the guest chamber for {fee} taler.",
        "step_done": "{player}'s {card}: {step}.",
        "master_builder": "{player}'s Master builder scores {vp} VP for {buildings} building(s).",
        "cards_returned": "{player} takes their played cards back.",
        "round_ended": "Round {round} is over.",
        "game_ended_last_round": "The last round is over.",
        "game_ended_all_built": "Every building is built: the game ends.",
        "final_score": "{player}: {vp} VP for {source}.",
        "game_result": "Final result: {scores}. Winner: {winners}.",
    },
    "nl": {
        "round_started": "Ronde {round} van {rounds}: {player} is startspeler.",
        "round_taler": "{player} neemt {amount} taler van de rondeaanduiding.",
        "card_selected": "{player} heeft gekozen.",
        "selection": "Je koos: {cards}.",
        "winter_revealed": "Winterkaart: {card} — {effect}.",
        "wood_lost": "{player} levert {count} hout in (vorst).",
        "helpers_returned": "De werker van {player} verlaat de {field}.",
        "taler_received": "{player} krijgt {amount} taler.",
        "taler_paid": "{player} betaalt {amount} taler.",
        "watchtower_stocked": "Naar de wachttoren: {resources}.",
        "cards_revealed": "Opengelegd: {cards}.",
        "worker_equipped": "Op {card} van {player} liggen {resources}.",
        "messenger": "De Bode van {player} brengt {amount} taler.",
        "trader_placed": "De Handelaar van {player} plaatst een werker bij de {field}.",
        "trader_placed_displace": "De Handelaar van {player} plaatst een werker bij de {field} en verdringt {other}.",
        "trader_passed": "De Handelaar van {player} plaatst geen werker.",
        "trade_income": "{player} krijgt {count} {resource} van de {field}.",
        "tax_paid": "{player} betaalt belasting aan de wachttoren: {resources}.",
        "watchtower_taken": "{player} neemt {count} {resource} uit de wachttoren.",
        "resource_bought": "{player} koopt 1 {resource} van {card} van {owner} voor {price} taler.",
        "worker_collected": "{card} van {player} brengt {resources}.",
        "building_built": "{player} bouwt {building} ({card}) met {payment}{reward}.",
        "helper_placed": "{player} plaatst een werker in de burcht op {space} voor {fee} taler.",
        "guest_placed": "{player} plaatst een gast in de gastenkamer voor {fee} taler.",
        "step_done": "{card} van {player}: {step}.",
        "master_builder": "De Bouwmeester van {player} scoort {vp} WP voor {buildings} gebouw(en).",
        "cards_returned": "{player} neemt de gespeelde kaarten terug.",
        "round_ended": "Ronde {round} is voorbij.",
        "game_ended_last_round": "De laatste ronde is voorbij.",
        "game_ended_all_built": "Alle gebouwen zijn gebouwd: het spel eindigt.",
        "final_score": "{player}: {vp} WP voor {source}.",
        "game_result": "Eindstand: {scores}. Winnaar: {winners}.",
    },
}
SOURCES = {
    "en": {"palace": "the palace", "market": "the market", "guests": "guests"},
    "nl": {"palace": "het paleis", "market": "de markt", "guests": "gasten"},
}
TIEBREAKS = {
    "en": {"taler": "most taler", "resources": "most resource value", "shared": "shared victory"},
    "nl": {"taler": "meeste taler", "resources": "hoogste grondstofwaarde", "shared": "gedeelde overwinning"},
}


def describe_event(ev: Event, lang: str, names: list[str]) -> str | None:
    """One line for an event in the reader's language; None for bookkeeping events."""
    lang = _lang(lang)
    kind = ev.get("type", "")
    tpl = EVENTS[lang].get(kind)
    p = _player(ev.get("seat"), lang, names)
    if kind == "game_ended":
        return EVENTS[lang][f"game_ended_{ev.get('reason', 'last_round')}"]
    if tpl is None:
        return None
    if kind == "round_started":
        return tpl.format(
            round=ev["round"], rounds=ev["round"] + ev["field"] - 1, player=_player(ev["start_player"], lang, names)
        )
    if kind == "selection":
        return tpl.format(cards=", ".join(card_name(c, lang) for c in ev["cards"]))
    if kind == "winter_revealed":
        return tpl.format(card=winter_name(ev["card"], lang), effect=WINTER_TEXT[lang].get(ev["card"], ""))
    if kind == "helpers_returned":
        return tpl.format(player=p, field=field_name(ev["field"], lang).lower())
    if kind == "watchtower_stocked":
        return tpl.format(resources=res_list(ev["resources"], lang))
    if kind == "cards_revealed":
        parts = [
            f"{_player(i, lang, names)}: {', '.join(card_name(c, lang) for c in cs)}"
            for i, cs in enumerate(ev["cards"])
        ]
        return tpl.format(cards="; ".join(parts))
    if kind in ("worker_equipped", "worker_collected"):
        return tpl.format(player=p, card=card_name(ev["card"], lang), resources=res_list(ev["resources"], lang))
    if kind == "trader_placed":
        field = field_name(ev["field"], lang).lower()
        if ev.get("displaced") is not None:
            return EVENTS[lang]["trader_placed_displace"].format(
                player=p, field=field, other=_player(ev["displaced"], lang, names)
            )
        return tpl.format(player=p, field=field)
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
            owner=_player(ev["owner"], lang, names),
            card=card_name(ev["card"], lang),
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
        return tpl.format(player=p, card=card_name(ev["card"], lang), step=step)
    if kind == "final_score":
        src = ev["source"]
        label = SOURCES[lang].get(src) or space_name(src, lang)
        return tpl.format(player=p, vp=ev["vp"], source=label)
    if kind == "game_result":
        scores = ", ".join(f"{_player(i, lang, names)} {v}" for i, v in enumerate(ev["scores"]))
        winners = " & ".join(_player(i, lang, names) for i in ev["winners"])
        line = tpl.format(scores=scores, winners=winners)
        if ev.get("tiebreak"):
            line += f" ({TIEBREAKS[lang][ev['tiebreak']]})"
        return line
    fields = {k: v for k, v in ev.items() if k not in ("type", "to", "seat")}
    return tpl.format(player=p, **fields)


# -- prompts -------------------------------------------------------------------------------------
PROMPTS = {
    "en": {
        "select": "Choose {count} card(s) for round {round} (secret).",
        "change_choice": "You chose {cards}. Until the last player has chosen you may change it.",
        "equip": "Choose the pieces for your {card}.",
        "trader": "Trader: place a helper on a trade field, or pass.",
        "watchtower": "Bricklayer: take all pieces of one type from the watchtower.",
        "buy": "Stonemason: buy pieces from other players' worker cards, then choose done.",
        "build": "{card}: build (up to {left} more), or choose done.",
        "helpers": "{card}: place castle helpers (up to {left} more), or choose done.",
    },
    "nl": {
        "select": "Kies {count} kaart(en) voor ronde {round} (geheim).",
        "change_choice": "Je koos {cards}. Tot de laatste speler gekozen heeft, mag je dit wijzigen.",
        "equip": "Kies de grondstoffen voor je {card}.",
        "trader": "Handelaar: plaats een werker op een grondstofveld, of pas.",
        "watchtower": "Metselaar: neem alle stukken van één soort uit de wachttoren.",
        "buy": "Steenhouwer: koop grondstoffen van arbeiderskaarten van anderen, kies dan klaar.",
        "build": "{card}: bouw (nog maximaal {left}), of kies klaar.",
        "helpers": "{card}: plaats werkers in de burcht (nog maximaal {left}), of kies klaar.",
    },
}


def describe_prompt(view: dict[str, Any], prompt: Prompt, lang: str) -> str:
    lang = _lang(lang)
    tpl = PROMPTS[lang].get(prompt.kind, prompt.kind)
    d = prompt.data
    return tpl.format(
        count=d.get("count", 1),
        round=d.get("round", view.get("round", 0)),
        card=card_name(d.get("card", ""), lang),
        cards=", ".join(card_name(c, lang) for c in d.get("cards", [])),
        left=d.get("left", 0),
    )


# -- status --------------------------------------------------------------------------------------
STATUS = {
    "en": {
        "round": "Round {round}/{rounds} · start player {player} · built {built}/{total} · bank {bank} taler",
        "tower": "Watchtower: {res} · forge: {forge} silver",
        "fields": "Trade fields: {fields}",
        "player": "{player}: {vp} VP, {taler} taler, {res}, {helpers} helper(s) in supply · played: {played}",
        "winter": "Winter cards left: {left} · revealed: {seen}",
        "over": "Game over.",
        "hand": "Your hand: {cards}",
        "now": "Now: {player}'s {card}",
        "choosing": "Choosing cards: waiting for {players}",
        "free": "free",
        "none": "none",
    },
    "nl": {
        "round": "Ronde {round}/{rounds} · startspeler {player} · gebouwd {built}/{total} · bank {bank} taler",
        "tower": "Wachttoren: {res} · smederij: {forge} zilver",
        "fields": "Grondstofvelden: {fields}",
        "player": "{player}: {vp} WP, {taler} taler, {res}, {helpers} werker(s) in voorraad · gespeeld: {played}",
        "winter": "Winterkaarten over: {left} · onthuld: {seen}",
        "over": "Het spel is afgelopen.",
        "hand": "Je hand: {cards}",
        "now": "Nu: {card} van {player}",
        "choosing": "Kaarten kiezen: wachten op {players}",
        "free": "vrij",
        "none": "geen",
    },
}


def status_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    lang = _lang(lang)
    st = STATUS[lang]
    lines = [
        st["round"].format(
            round=view["round"],
            rounds=view["rounds"],
            player=_player(view["start_player"], lang, names),
            built=view["built_count"],
            total=view["to_build"],
            bank=view["bank"],
        ),
        st["tower"].format(res=res_list(view["watchtower"], lang), forge=view["forge"]),
        st["fields"].format(
            fields=", ".join(
                f"{field_name(f['id'], lang)}: {st['free'] if f['seat'] is None else _player(f['seat'], lang, names)}"
                for f in view["trade_fields"]
            )
        ),
    ]
    for p in view["players"]:
        lines.append(
            st["player"].format(
                player=_player(p["seat"], lang, names),
                vp=p["vp"],
                taler=p["taler"],
                res=res_list(p["resources"], lang),
                helpers=p["helpers"],
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
        lines.append(st["now"].format(player=_player(task["seat"], lang, names), card=card_name(task["card"], lang)))
    elif view.get("phase") == "select":
        waiting = [_player(p["seat"], lang, names) for p in view["players"] if not p["chosen"]]
        lines.append(st["choosing"].format(players=", ".join(waiting)))
    if view.get("hand") is not None:
        lines.append(st["hand"].format(cards=", ".join(card_name(c, lang) for c in view["hand"]) or st["none"]))
    if view.get("phase") == "over":
        lines.append(st["over"])
    return lines


# -- refusals ------------------------------------------------------------------------------------
#: why an action was refused, naming the rule (§ of the rules), English and Dutch
REFUSALS: dict[str, tuple[str, str]] = {
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
    "bad_cards": ("Name the card(s) you choose.", "Noem de kaart(en) die je kiest."),
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


def describe_refusal(exc: Any, lang: str) -> str | None:
    """Why an action was refused, naming the rule; None for a code without a text."""
    pair = REFUSALS.get(getattr(exc, "code", ""))
    return pair[1 if _lang(lang) == "nl" else 0] if pair else None

"""War Chest text in English and Dutch: menu labels, event lines, prompts and status lines."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Prompt
from games.war_chest import data as D

__all__ = ("unit_name", "faction_name", "action_path", "describe_event", "describe_prompt", "status_lines")

_NL_BY_EN = dict(zip(D.UNIT_NAMES, D.NL_NAMES))

_KIND = {
    "deploy": ("Deploy", "Plaatsen"),
    "bolster": ("Bolster", "Versterken"),
    "claim_initiative": ("Claim initiative", "Initiatief opeisen"),
    "recruit": ("Recruit", "Werven"),
    "pass": ("Pass", "Passen"),
    "move": ("Move", "Bewegen"),
    "control": ("Control", "Bezetten"),
    "attack": ("Attack", "Aanvallen"),
    "tactic": ("Tactic", "Tactiek"),
    "draft": ("Draft a unit", "Eenheid kiezen"),
    "soak": ("Royal Guard: take the coin from", "Koninklijke Garde: neem de munt uit"),
    "decline": ("Decline", "Afslaan"),
}

_FACTION = {"raven": ("Raven", "Raaf"), "wolf": ("Wolf", "Wolf")}


def _t(lang: str, en: str, nl: str) -> str:
    return nl if lang == "nl" else en


def unit_name(name: str | None, lang: str) -> str:
    """A coin or unit name in the reader's language (the Royal Coin included)."""
    if name is None:
        return "?"
    if name == "royal":
        return _t(lang, "Royal Coin", "Koningsmunt")
    return _NL_BY_EN.get(name, name) if lang == "nl" else name


def faction_name(f: str | None, lang: str) -> str:
    """Raven / Wolf in the reader's language."""
    return _faction(f, lang)


def _faction(f: str | None, lang: str) -> str:
    if f is None:
        return _t(lang, "nobody", "niemand")
    pair = _FACTION.get(f, (f, f))
    return pair[1] if lang == "nl" else pair[0]


def _cut(text: str) -> str:
    return text if len(text) <= 80 else text[:79] + "…"


def action_path(view: dict[str, Any], action: Action, lang: str) -> list[str]:
    """Kind, then coin, then the unit, then the target hex: one menu step each."""
    typ = str(action.get("type", "?"))
    pair = _KIND.get(typ, (typ, typ))
    path = [pair[1] if lang == "nl" else pair[0]]
    if "coin" in action:
        path.append(_t(lang, "coin: ", "munt: ") + unit_name(action["coin"], lang))
    if typ == "draft" and "unit" in action:
        path.append(unit_name(action["unit"], lang))
    if typ == "recruit" and "unit" in action:
        path.append(_t(lang, "recruit ", "werf ") + unit_name(action["unit"], lang))
    if typ == "soak":
        path.append(
            _t(lang, "the supply", "de voorraad")
            if action.get("from") == "supply"
            else _t(lang, "the unit on the board", "de eenheid op het bord")
        )
    if "at" in action:
        path.append(_t(lang, "unit at ", "eenheid op ") + str(action["at"]))
    if typ == "tactic" and "unit" in action:
        path.append(_t(lang, "with the unit at ", "met de eenheid op ") + str(action["unit"]))
    if "to" in action:
        path.append(_t(lang, "to ", "naar ") + str(action["to"]))
    if "target" in action:
        path.append(_t(lang, "attack ", "val aan: ") + str(action["target"]))
    return [_cut(p) for p in path]


def _who(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"P{seat}" if isinstance(seat, int) else "?"


def describe_event(ev: Event, lang: str, names: list[str]) -> str | None:
    typ = ev.get("type")
    who = _who(names, ev.get("seat"))
    u = unit_name(ev.get("unit"), lang)
    if typ == "deal":
        if ev.get("seat") is None:
            return _t(
                lang,
                f"Card on the table: {unit_name(ev['result'], lang)}",
                f"Kaart op tafel: {unit_name(ev['result'], lang)}",
            )
        return _t(lang, f"{who} gets {unit_name(ev['result'], lang)}", f"{who} krijgt {unit_name(ev['result'], lang)}")
    if typ == "flip":
        f = _faction(ev.get("result"), lang)
        return _t(lang, f"The initiative marker shows {f}: {who}", f"De initiatiefmarker toont {f}: {who}")
    if typ == "draw":
        return _t(lang, f"You drew {unit_name(ev.get('result'), lang)}", f"Je trok {unit_name(ev.get('result'), lang)}")
    if typ == "drew":
        if ev.get("reason") == "warrior_priest":
            if not ev.get("count"):
                return _t(
                    lang,
                    f"{who}'s Warrior Priest finds no coin to draw",
                    f"De Strijdpriester van {who} vindt geen munt",
                )
            return _t(
                lang, f"{who} draws a coin for the Warrior Priest", f"{who} trekt een munt voor de Strijdpriester"
            )
        n = ev.get("count", 0)
        return _t(lang, f"{who} draws {n} coin{'s' if n != 1 else ''}", f"{who} trekt {n} munt{'en' if n != 1 else ''}")
    if typ == "refill":
        return _t(
            lang,
            f"{who} refills the bag ({ev.get('count')} coins)",
            f"{who} vult de zak opnieuw ({ev.get('count')} munten)",
        )
    if typ == "round_started":
        return _t(lang, f"Round {ev.get('round')} begins", f"Ronde {ev.get('round')} begint")
    if typ == "drafted":
        return _t(lang, f"{who} drafts {u}", f"{who} kiest {u}")
    if typ == "deployed":
        return _t(lang, f"{who} deploys {u} on {ev.get('at')}", f"{who} plaatst {u} op {ev.get('at')}")
    if typ == "bolstered":
        return _t(
            lang,
            f"{who} bolsters {u} on {ev.get('at')} (strength {ev.get('height')})",
            f"{who} versterkt {u} op {ev.get('at')} (sterkte {ev.get('height')})",
        )
    if typ == "initiative_claimed":
        return _t(lang, f"{who} claims the initiative", f"{who} eist het initiatief op")
    if typ == "recruited":
        return _t(lang, f"{who} recruits {u}", f"{who} werft {u}")
    if typ == "passed":
        return _t(lang, f"{who} passes", f"{who} past")
    if typ == "tactic":
        return _t(lang, f"{who} uses the {u} tactic", f"{who} gebruikt de tactiek van {u}")
    if typ == "moved":
        return _t(
            lang,
            f"{who}'s {u} moves {ev.get('from')} → {ev.get('dest')}",
            f"{u} van {who} beweegt {ev.get('from')} → {ev.get('dest')}",
        )
    if typ == "controlled":
        prev = ev.get("previous")
        extra = (_t(lang, f" (was {_faction(prev, lang)})", f" (was {_faction(prev, lang)})")) if prev else ""
        return _t(
            lang,
            f"{who}'s {u} takes control of {ev.get('at')}{extra}",
            f"{u} van {who} bezet {ev.get('at')}{extra}",
        )
    if typ == "attacked":
        tu = unit_name(ev.get("target_unit"), lang)
        tw = _who(names, ev.get("target_seat"))
        return _t(
            lang,
            f"{who}'s {u} on {ev.get('at')} attacks {tw}'s {tu} on {ev.get('target')}",
            f"{u} van {who} op {ev.get('at')} valt {tu} van {tw} op {ev.get('target')} aan",
        )
    if typ == "soaked":
        return _t(
            lang,
            f"{who} removes a Royal Guard coin from the supply instead",
            f"{who} neemt in plaats daarvan een munt Koninklijke Garde uit de voorraad",
        )
    if typ == "coin_removed":
        why = ev.get("cause")
        if why == "pikeman":
            return _t(
                lang,
                f"The Pikeman strikes back: {who}'s {u} loses a coin ({ev.get('height')} left)",
                f"De Piekenier slaat terug: {u} van {who} verliest een munt (nog {ev.get('height')})",
            )
        return _t(
            lang,
            f"{who}'s {u} on {ev.get('at')} loses a coin ({ev.get('height')} left)",
            f"{u} van {who} op {ev.get('at')} verliest een munt (nog {ev.get('height')})",
        )
    if typ == "unit_removed":
        return _t(lang, f"{who}'s {u} leaves the board", f"{u} van {who} verlaat het bord")
    if typ == "berserker_paid":
        return _t(
            lang,
            f"{who}'s Berserker discards a coin to act again",
            f"De Berserker van {who} legt een munt af om nog eens te handelen",
        )
    if typ == "declined":
        what = {
            "berserker": ("the Berserker's extra maneuver", "de extra manoeuvre van de Berserker"),
            "mercenary": ("the Mercenary's free maneuver", "de gratis manoeuvre van de Huurling"),
            "swordsman": ("the Swordsman's move", "de beweging van de Zwaardvechter"),
        }.get(str(ev.get("what")), ("the option", "de keuze"))
        return _t(lang, f"{who} declines {what[0]}", f"{who} ziet af van {what[1]}")
    if typ == "game_won":
        seats = ev.get("seats") or []
        team = " & ".join(_who(names, s) for s in seats)
        f = _faction(ev.get("faction"), lang)
        return _t(lang, f"{team} ({f}) win!", f"{team} ({f}) {'wint' if len(seats) == 1 else 'winnen'}!")
    if typ == "stalemate":
        return _t(
            lang,
            "No unit can act any more: the game ends without a winner",
            "Geen eenheid kan nog iets doen: het spel eindigt zonder winnaar",
        )
    return None


_PROMPTS = {
    "turn": ("Play one coin from your hand.", "Speel één munt uit je hand."),
    "draft": ("Draft a unit card.", "Kies een eenheidskaart."),
    "soak": (
        "Your Royal Guard is attacked: lose a coin from the supply or from the unit?",
        "Je Koninklijke Garde wordt aangevallen: verlies je een munt uit de voorraad of van de eenheid?",
    ),
    "cavalry": ("Choose the Cavalry's attack target.", "Kies het doelwit van de Cavalerie."),
    "footman": ("Choose a maneuver for one of your Footmen.", "Kies een manoeuvre voor een van je Voetsoldaten."),
    "berserker": (
        "Berserker: discard one of its coins to maneuver again, or decline.",
        "Berserker: leg een van zijn munten af om nog eens te manoeuvreren, of sla af.",
    ),
    "mercenary": (
        "Mercenary: make a free maneuver, or decline.",
        "Huurling: maak een gratis manoeuvre, of sla af.",
    ),
    "swordsman": ("Swordsman: move one space, or decline.", "Zwaardvechter: beweeg één veld, of sla af."),
    "warrior_priest": (
        "Warrior Priest: use the coin you drew for one action.",
        "Strijdpriester: gebruik de getrokken munt voor één actie.",
    ),
}


def describe_prompt(view: dict[str, Any], prompt: Prompt, lang: str) -> str:
    pair = _PROMPTS.get(prompt.kind, (prompt.kind, prompt.kind))
    text = pair[1] if lang == "nl" else pair[0]
    if prompt.kind == "turn" and view.get("my_hand"):
        hand = ", ".join(f"{unit_name(k, lang)}" + (f" ×{n}" if n > 1 else "") for k, n in view["my_hand"].items())
        text += _t(lang, f" Your hand: {hand}.", f" Je hand: {hand}.")
    if prompt.kind == "warrior_priest" and prompt.data.get("coin"):
        text += _t(
            lang,
            f" Drawn: {unit_name(prompt.data['coin'], lang)}.",
            f" Getrokken: {unit_name(prompt.data['coin'], lang)}.",
        )
    if prompt.kind == "draft" and prompt.data.get("pool"):
        pool = ", ".join(unit_name(k, lang) for k in prompt.data["pool"])
        text += _t(lang, f" On the table: {pool}.", f" Op tafel: {pool}.")
    return text


def _counts(d: dict[str, int], lang: str) -> str:
    if not d:
        return "—"
    return ", ".join(f"{unit_name(k, lang)} {n}" for k, n in d.items())


def status_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    lines: list[str] = []
    phase = view.get("phase")
    if phase == "draft":
        d = view.get("draft", {})
        pool = ", ".join(unit_name(k, lang) for k in d.get("pool", []))
        lines.append(_t(lang, f"Draft — on the table: {pool}", f"Draft — op tafel: {pool}"))
    else:
        lines.append(
            _t(
                lang,
                f"Round {view.get('round')} — initiative: {_who(names, view.get('initiative'))}"
                + (" (claimed this round)" if view.get("initiative_claimed") else ""),
                f"Ronde {view.get('round')} — initiatief: {_who(names, view.get('initiative'))}"
                + (" (deze ronde opgeëist)" if view.get("initiative_claimed") else ""),
            )
        )
    reserve = view.get("reserve", {})
    markers = view.get("markers", 0)
    lines.append(
        ", ".join(
            _t(
                lang,
                f"{_faction(f, lang)}: {markers - n}/{markers} locations",
                f"{_faction(f, lang)}: {markers - n}/{markers} bolwerken",
            )
            for f, n in reserve.items()
        )
    )
    for s in view.get("seats", []):
        who = _who(names, s["seat"])
        cards = ", ".join(unit_name(c, lang) for c in s["cards"]) or "—"
        lines.append(f"{who} ({_faction(s['faction'], lang)}): {cards}")
        lines.append(
            _t(
                lang,
                f"  supply {_counts(s['supply'], lang)}; hand {s['hand']}, bag {s['bag']}, "
                f"discard face-up {_counts(s['discard_up'], lang)}, face-down {s['discard_down']}",
                f"  voorraad {_counts(s['supply'], lang)}; hand {s['hand']}, zak {s['bag']}, "
                f"aflegstapel open {_counts(s['discard_up'], lang)}, dicht {s['discard_down']}",
            )
        )
    if phase == "over":
        if view.get("winner"):
            team = " & ".join(_who(names, s) for s in view.get("winners", []))
            lines.append(_t(lang, f"Winner: {team}", f"Winnaar: {team}"))
        else:
            lines.append(_t(lang, "Game over: stalemate, no winner", "Spel voorbij: patstelling, geen winnaar"))
    else:
        for p in view.get("pending", []):
            pair = _PROMPTS.get(p["kind"], (p["kind"], p["kind"]))
            lines.append(
                _t(lang, f"Waiting for {_who(names, p['seat'])}: ", f"Wacht op {_who(names, p['seat'])}: ")
                + (pair[1] if lang == "nl" else pair[0])
            )
    if "my_hand" in view:
        lines.append(
            _t(lang, f"Your hand: {_counts(view['my_hand'], lang)}", f"Je hand: {_counts(view['my_hand'], lang)}")
        )
    return lines


# -- refusals ------------------------------------------------------------------------------------
#: why an action was refused, naming the rule (§ of the rules), English and Dutch
REFUSALS: dict[str, tuple[str, str]] = {
    "unknown_type": ("There is no such action in War Chest (§10).", "Die actie bestaat niet in War Chest (§10)."),
    "game_over": ("The game is over.", "Het spel is afgelopen."),
    "not_your_turn": ("It is another player's turn (§9.2).", "Een andere speler is aan de beurt (§9.2)."),
    "bad_field": ("That action has a field it does not take.", "Die actie heeft een veld dat ze niet kent."),
    "bad_hex": ("There is no such hex on the board (§3).", "Dat vak bestaat niet op het bord (§3)."),
    "unknown_coin": ("There is no such coin (§5).", "Die munt bestaat niet (§5)."),
    "unknown_unit": ("There is no such unit (§5).", "Die eenheid bestaat niet (§5)."),
    "ambiguous": (
        "Two of your units could do that: name the hex of the one you mean.",
        "Twee van je eenheden kunnen dat: noem het vak van de eenheid die je bedoelt.",
    ),
    "bad_script": ("The scripted draw does not fit (§18).", "De vastgelegde trekking past niet (§18)."),
    "illegal_action": ("That action is not possible now (§10).", "Die actie kan nu niet (§10)."),
    "follow_up": (
        "Finish the decision your last coin started first (§9.4).",
        "Maak eerst de keuze af die je laatste munt begon (§9.4).",
    ),
    "coin_not_in_hand": (
        "Every action spends a coin from your hand, and that coin is not in it (§10).",
        "Elke actie kost een munt uit je hand, en die munt zit er niet in (§10).",
    ),
    "royal_coin": (
        "The Royal Coin claims the initiative, recruits or passes; it deploys no unit (§8).",
        "De koningsmunt neemt het initiatief, werft of past; ze plaatst geen eenheid (§8).",
    ),
    "already_on_board": (
        "That unit is on the board already: bolster or maneuver it instead (§10.1).",
        "Die eenheid staat al op het bord: versterk of manoeuvreer haar (§10.1).",
    ),
    "hex_occupied": (
        "That hex is taken; units go to empty hexes (§10.1, §10.6).",
        "Dat vak is bezet; eenheden gaan naar lege vakken (§10.1, §10.6).",
    ),
    "not_your_location": (
        "Units deploy onto an empty location your side controls (§10.1).",
        "Eenheden komen op een lege locatie van je eigen kant (§10.1).",
    ),
    "not_on_board": (
        "A maneuver or bolster needs your unit of that type on the board (§10).",
        "Een manoeuvre of versterking vraagt je eenheid van dat type op het bord (§10).",
    ),
    "not_adjacent": (
        "Units move and attack to an adjacent hex (§10.6, §10.8).",
        "Eenheden bewegen en vallen aan naar een aangrenzend vak (§10.6, §10.8).",
    ),
    "not_a_location": (
        "Control needs your unit standing on a location (§10.7).",
        "Bezetten vraagt je eenheid op een locatie (§10.7).",
    ),
    "already_controlled": (
        "Your side controls that location already (§10.7).",
        "Je kant heeft die locatie al bezet (§10.7).",
    ),
    "no_normal_attack": (
        "Archers and Lancers attack only with their tactic (§10.8).",
        "Boogschutters en lansiers vallen alleen met hun tactiek aan (§10.8).",
    ),
    "no_enemy": (
        "There is no enemy unit there to attack (§10.8).",
        "Daar staat geen vijandelijke eenheid om aan te vallen (§10.8).",
    ),
    "no_tactic": ("That unit has no tactic (§5).", "Die eenheid heeft geen tactiek (§5)."),
    "not_your_unit": ("You recruit only your own unit types (§10.4).", "Je werft alleen je eigen eenheden (§10.4)."),
    "supply_empty": (
        "No coin of that unit is left in your supply (§10.4).",
        "Er is geen munt van die eenheid meer in je voorraad (§10.4).",
    ),
    "initiative_taken": (
        "The initiative can be claimed once a round, and not by the side that holds it (§10.3).",
        "Het initiatief kan één keer per ronde genomen worden, en niet door de kant die het heeft (§10.3).",
    ),
}


def describe_refusal(exc: Any, lang: str) -> str | None:
    """Why an action was refused, naming the rule; None for a code without a text."""
    pair = REFUSALS.get(getattr(exc, "code", ""))
    return pair[1 if lang == "nl" else 0] if pair else None


# -- the board in text (a table without pictures: the terminal) ----------------------------------


def _coins(n: int, lang: str) -> str:
    if lang == "nl":
        return f"{n} munt" if n == 1 else f"{n} munten"
    return f"{n} coin" if n == 1 else f"{n} coins"


def board_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """What stands where, from the public view: every hex that holds a unit or is a location, by
    the coordinates menus use ("to 1,-3"), with the unit, its coins, its owner and side, and who
    controls the location."""
    locations: dict[str, str | None] = view.get("locations") or {}
    units = {u["hex"]: u for u in view.get("units") or [] if isinstance(u, dict) and "hex" in u}
    factions = {s["seat"]: s.get("faction") for s in view.get("seats") or []}
    lines = [_t(lang, "Board — hex: what stands there", "Bord — veld: wat er staat")]
    shown = sorted(
        (h for h in view.get("hexes") or [] if h in units or h in locations),
        key=lambda h: tuple(int(c) for c in h.split(",")),
    )
    width = max((len(h) for h in shown), default=0)
    for hex_id in shown:
        parts: list[str] = []
        if hex_id in locations:
            owner = locations[hex_id]
            parts.append(
                _t(lang, "location", "bolwerk")
                + " ("
                + (_faction(owner, lang) if owner else _t(lang, "not controlled", "niet bezet"))
                + ")"
            )
        unit = units.get(hex_id)
        if unit is not None:
            seat = unit.get("owner")
            side = _faction(factions.get(seat), lang)
            coins = _coins(int(unit.get("height") or 1), lang)
            parts.append(f"{unit_name(unit.get('unit'), lang)} ({coins}) — {_who(names, seat)}, {side}")
        lines.append(f"  {hex_id.ljust(width)}  " + " · ".join(parts))
    return lines

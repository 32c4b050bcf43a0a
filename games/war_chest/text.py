"""War Chest text in English and Dutch: menu labels, event lines, prompts and status lines.

Terms come from the game's glossary (``[term]`` in a template); a line about the reader's own
seat is phrased in the second person (the ``key/you`` templates).
"""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Prompt
from games.moves import Move, headline
from games.war_chest import data as D
from games.war_chest.glossary import GLOSSARY as G
from games.words import Seats, capital, pick

__all__ = (
    "unit_name",
    "faction_name",
    "action_path",
    "describe_event",
    "describe_move",
    "describe_prompt",
    "status_lines",
    "score_text",
)

_NL_BY_EN = dict(zip(D.UNIT_NAMES, D.NL_NAMES))

_KIND = G.pairs(
    {
        "deploy": ("[Deploy]", "[Deploy]"),
        "bolster": ("[Bolster]", "[Bolster]"),
        "claim_initiative": ("[Claim_initiative]", "[Claim_initiative]"),
        "recruit": ("[Recruit]", "[Recruit]"),
        "pass": ("[Pass]", "[Pass]"),
        "move": ("Move", "Bewegen"),
        "control": ("[Control]", "[Control]"),
        "attack": ("Attack", "Aanvallen"),
        "tactic": ("[Tactic]", "[Tactic]"),
        "draft": ("Draft a [unit]", "[Unit] kiezen"),
        "soak": ("Royal Guard: take the [coin] from", "Koninklijke Garde: neem de [coin] uit"),
        "decline": ("Decline", "Afslaan"),
    }
)

_FACTION = {"raven": ("Raven", "Raaf"), "wolf": ("Wolf", "Wolf")}


def _t(lang: str, en: str, nl: str) -> str:
    return nl if lang == "nl" else en


def unit_name(name: str | None, lang: str) -> str:
    """A coin or unit name in the reader's language (the Royal Coin included)."""
    if name is None:
        return "?"
    if name == "royal":
        return G.word("royal_coin", "nl" if lang == "nl" else "en")
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
        path.append(G.word("coin", "nl" if lang == "nl" else "en") + ": " + unit_name(action["coin"], lang))
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


def score_text(score: int | float, lang: str) -> str:
    """A side's score: the locations it controls."""
    lang = "nl" if lang == "nl" else "en"
    return G.count("location", lang, score) + _t(lang, " controlled", " bezet")


def _seats(names: list[str], lang: str, viewer: int | None = None) -> Seats:
    return Seats(names, "nl" if lang == "nl" else "en", viewer, other=lambda s: f"P{s}")


_EVENTS = G.pairs(
    {
        "deal_table": ("[Unit_card] on the table: {card}.", "[Unit_card] op tafel: {card}."),
        "deal": ("{who} gets the [unit_card] {card}.", "{who} krijgt de [unit_card] {card}."),
        "deal/you": ("You get the [unit_card] {card}.", "Jij krijgt de [unit_card] {card}."),
        "flip": (
            "The [initiative_marker] shows {faction}: {who} has the [initiative].",
            "De [initiative_marker] toont {faction}: {who} heeft het [initiative].",
        ),
        "flip/you": (
            "The [initiative_marker] shows {faction}: you have the [initiative].",
            "De [initiative_marker] toont {faction}: jij hebt het [initiative].",
        ),
        "draw": ("You draw {coin}.", "Je trekt {coin}."),
        "priest_none": ("{priest} finds no [coin] to draw.", "{priest} vindt geen [coin] om te trekken."),
        "priest": ("{who} draws a [coin] for the Warrior Priest.", "{who} trekt een [coin] voor de Strijdpriester."),
        "priest/you": ("You draw a [coin] for the Warrior Priest.", "Jij trekt een [coin] voor de Strijdpriester."),
        "drew": ("{who} draws {coins}.", "{who} trekt {coins}."),
        "drew/you": ("You draw {coins}.", "Jij trekt {coins}."),
        "refill": ("{who} refills the [bag] ({coins}).", "{who} vult de [bag] opnieuw ({coins})."),
        "refill/you": ("You refill the [bag] ({coins}).", "Jij vult de [bag] opnieuw ({coins})."),
        "round_started": ("[Round] {round} begins.", "[Round] {round} begint."),
        "drafted": ("{who} drafts {unit}.", "{who} kiest {unit}."),
        "drafted/you": ("You draft {unit}.", "Jij kiest {unit}."),
        "deployed": ("{who} deploys {unit} on {at}.", "{who} plaatst {unit} op {at}."),
        "deployed/you": ("You deploy {unit} on {at}.", "Jij plaatst {unit} op {at}."),
        "bolstered": (
            "{who} bolsters {unit} on {at} (strength {height}).",
            "{who} versterkt {unit} op {at} (sterkte {height}).",
        ),
        "bolstered/you": (
            "You bolster {unit} on {at} (strength {height}).",
            "Jij versterkt {unit} op {at} (sterkte {height}).",
        ),
        "initiative_claimed": ("{who} claims the [initiative].", "{who} eist het [initiative] op."),
        "initiative_claimed/you": ("You claim the [initiative].", "Jij eist het [initiative] op."),
        "recruited": ("{who} recruits {unit}.", "{who} werft {unit}."),
        "recruited/you": ("You recruit {unit}.", "Jij werft {unit}."),
        "passed": ("{who} passes.", "{who} past."),
        "passed/you": ("You pass.", "Jij past."),
        "tactic": ("{who} uses the {unit} [tactic].", "{who} gebruikt de [tactic] van {unit}."),
        "tactic/you": ("You use the {unit} [tactic].", "Jij gebruikt de [tactic] van {unit}."),
        "moved": ("{own} moves {src} → {dest}.", "{own} beweegt {src} → {dest}."),
        "controlled": ("{own} takes control of the [location] {at}{was}.", "{own} bezet het [location] {at}{was}."),
        "was": (" (was {faction})", " (was {faction})"),
        "attacked": ("{own} on {at} attacks {theirs} on {target}.", "{own} op {at} valt {theirs} op {target} aan."),
        "soaked": (
            "{who} removes a Royal Guard [coin] from the [supply] instead.",
            "{who} neemt in plaats daarvan een [coin] Koninklijke Garde uit de [supply].",
        ),
        "soaked/you": (
            "You remove a Royal Guard [coin] from the [supply] instead.",
            "Jij neemt in plaats daarvan een [coin] Koninklijke Garde uit de [supply].",
        ),
        "pikeman": (
            "The Pikeman strikes back: {own} loses a [coin] ({height} left).",
            "De Piekenier slaat terug: {own} verliest een [coin] (nog {height}).",
        ),
        "coin_removed": (
            "{own} on {at} loses a [coin] ({height} left).",
            "{own} op {at} verliest een [coin] (nog {height}).",
        ),
        "unit_removed": ("{own} leaves the board.", "{own} verlaat het bord."),
        "berserker_paid": (
            "{own} discards a [coin] to act again.",
            "{own} legt een [coin] af om nog eens te handelen.",
        ),
        "declined": ("{who} declines {what}.", "{who} ziet af van {what}."),
        "declined/you": ("You decline {what}.", "Jij ziet af van {what}."),
        "won": ("{who} ({faction}) wins the game!", "{who} ({faction}) wint het spel!"),
        "won/you": ("You ({faction}) win the game!", "Jij ({faction}) wint het spel!"),
        "won_team": ("{who} ({faction}) win the game!", "{who} ({faction}) winnen het spel!"),
        "stalemate": (
            "No [unit] can act any more: the game ends without a winner.",
            "Geen [unit] kan nog iets doen: het spel eindigt zonder winnaar.",
        ),
    }
)

_DECLINED = {
    "berserker": ("the Berserker's extra [maneuver]", "de extra [maneuver] van de Berserker"),
    "mercenary": ("the Mercenary's free [maneuver]", "de gratis [maneuver] van de Huurling"),
    "swordsman": ("the Swordsman's move", "de beweging van de Zwaardvechter"),
}
_DECLINED = G.pairs(_DECLINED)


def describe_event(ev: Event, lang: str, names: list[str], viewer: int | None = None) -> str | None:
    """One line for an event; ``viewer`` is the seat reading it (named "you"), None for everyone."""
    nl = lang == "nl"
    table = {k: v[1] if nl else v[0] for k, v in _EVENTS.items()}
    people = _seats(names, lang, viewer)
    typ = ev.get("type")
    seat = ev.get("seat")
    you = people.you(seat)
    who = people.subject(seat)
    u = unit_name(ev.get("unit"), lang)
    own = people.owner(seat, u, start=True)

    def say(key: str, **kw: Any) -> str:
        kw.setdefault("own", own)
        return pick(table, key, you).format(who=who, unit=u, **kw)

    if typ == "deal":
        card = unit_name(ev["result"], lang)
        return say("deal_table", card=card) if seat is None else say("deal", card=card)
    if typ == "flip":
        return say("flip", faction=_faction(ev.get("result"), lang))
    if typ == "draw":
        return say("draw", coin=unit_name(ev.get("result"), lang))
    if typ == "drew":
        if you and ev.get("count"):
            return None  # the reader's own draws are told coin by coin
        if ev.get("reason") == "warrior_priest":
            if not ev.get("count"):
                priest = people.owner(seat, unit_name("Warrior Priest", lang), start=True)
                return say("priest_none", priest=priest)
            return say("priest")
        return say("drew", coins=G.count("coin", lang, ev.get("count", 0)))
    if typ == "refill":
        return say("refill", coins=G.count("coin", lang, ev.get("count", 0)))
    if typ == "round_started":
        return say("round_started", round=ev.get("round"))
    if typ in ("drafted", "recruited", "passed", "tactic", "initiative_claimed", "soaked", "unit_removed"):
        return say(typ)
    if typ in ("deployed", "bolstered", "coin_removed"):
        if typ == "coin_removed" and ev.get("cause") == "pikeman":
            return say("pikeman", height=ev.get("height"), own=people.owner(seat, u))  # after a colon
        return say(typ, at=ev.get("at"), height=ev.get("height"))
    if typ == "moved":
        return say("moved", src=ev.get("from"), dest=ev.get("dest"))
    if typ == "controlled":
        prev = ev.get("previous")
        was = table["was"].format(faction=_faction(prev, lang)) if prev else ""
        return say("controlled", at=ev.get("at"), was=was)
    if typ == "attacked":
        theirs = people.owner(ev.get("target_seat"), unit_name(ev.get("target_unit"), lang))
        return say("attacked", at=ev.get("at"), theirs=theirs, target=ev.get("target"))
    if typ == "berserker_paid":
        return say("berserker_paid", own=people.owner(seat, unit_name("Berserker", lang), start=True))
    if typ == "declined":
        what = _DECLINED.get(str(ev.get("what")), ("the option", "de keuze"))
        return say("declined", what=what[1] if nl else what[0])
    if typ == "game_won":
        seats = list(ev.get("seats") or [])
        faction = _faction(ev.get("faction"), lang)
        if len(seats) == 1:
            return pick(table, "won", you=people.you(seats[0])).format(who=people.subject(seats[0]), faction=faction)
        return table["won_team"].format(who=people.several(seats, subject=True), faction=faction)
    if typ == "stalemate":
        return table["stalemate"]
    return None


#: which event of a move tells it, most telling first (games/moves.py)
MOVE_HEADLINES = (
    "attacked",
    "moved",
    "controlled",
    "deployed",
    "bolstered",
    "recruited",
    "drafted",
    "initiative_claimed",
    "passed",
    "unit_removed",
    "coin_removed",
    "soaked",
    "berserker_paid",
    "tactic",
)


def describe_move(move: Move, lang: str, names: list[str]) -> str:
    """The last move in one line, as everyone reads it ("Bram's Cavalry on 0,1 attacks ...")."""
    ev = headline(move, MOVE_HEADLINES)
    line = describe_event(ev, lang, names) if ev is not None else None
    return line or _seats(names, lang).subject(move.get("seat"))


_PROMPTS = G.pairs(
    {
        "turn": ("Play one [coin] from your [hand].", "Speel één [coin] uit je [hand]."),
        "draft": ("Draft a [unit_card].", "Kies een [unit_card]."),
        "soak": (
            "Your Royal Guard is attacked: lose a [coin] from the [supply] or from the [unit]?",
            "Je Koninklijke Garde wordt aangevallen: verlies je een [coin] uit de [supply] of van de [unit]?",
        ),
        "cavalry": ("Choose the Cavalry's attack target.", "Kies het doelwit van de Cavalerie."),
        "footman": (
            "Choose a [maneuver] for one of your Footmen.",
            "Kies een [maneuver] voor een van je Voetsoldaten.",
        ),
        "berserker": (
            "Berserker: discard one of its [coin+] to [maneuver] again, or decline.",
            "Berserker: leg een van zijn [coin+] af om nog eens te manoeuvreren, of sla af.",
        ),
        "mercenary": (
            "Mercenary: make a free [maneuver], or decline.",
            "Huurling: maak een gratis [maneuver], of sla af.",
        ),
        "swordsman": ("Swordsman: move one [hex], or decline.", "Zwaardvechter: beweeg één [hex], of sla af."),
        "warrior_priest": (
            "Warrior Priest: use the [coin] you drew for one action.",
            "Strijdpriester: gebruik de getrokken [coin] voor één actie.",
        ),
    }
)

#: What a pending seat decides, for the table (no "you": everyone reads it).
_TO_DO = G.pairs(
    {
        "turn": ("play a [coin]", "een [coin] spelen"),
        "draft": ("draft a [unit_card]", "een [unit_card] kiezen"),
        "soak": (
            "Royal Guard attacked: a [coin] from the [supply] or from the [unit]",
            "Koninklijke Garde aangevallen: een [coin] uit de [supply] of van de [unit]",
        ),
        "cavalry": ("choose the Cavalry's attack target", "het doelwit van de Cavalerie kiezen"),
        "footman": ("a [maneuver] for a Footman", "een [maneuver] voor een Voetsoldaat"),
        "berserker": ("Berserker: [maneuver] again or decline", "Berserker: nog eens manoeuvreren of afslaan"),
        "mercenary": ("Mercenary: a free [maneuver] or decline", "Huurling: een gratis [maneuver] of afslaan"),
        "swordsman": ("Swordsman: move one [hex] or decline", "Zwaardvechter: één [hex] bewegen of afslaan"),
        "warrior_priest": ("Warrior Priest: use the drawn [coin]", "Strijdpriester: de getrokken [coin] gebruiken"),
    }
)


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


def status_lines(view: dict[str, Any], lang: str, names: list[str], viewer: int | None = None) -> list[str]:
    """The table in lines; ``viewer`` is the seat reading them (named "you"), None for everyone."""
    lang = "nl" if lang == "nl" else "en"
    people = _seats(names, lang, viewer)
    lines: list[str] = []
    phase = view.get("phase")
    if phase == "draft":
        d = view.get("draft", {})
        pool = ", ".join(unit_name(k, lang) for k in d.get("pool", []))
        lines.append(_t(lang, f"Draft — on the table: {pool}", f"Draft — op tafel: {pool}"))
    else:
        holder = people.label(view.get("initiative"))
        claimed = _t(lang, " (claimed this round)", " (deze ronde opgeëist)") if view.get("initiative_claimed") else ""
        lines.append(
            G.expand(
                _t(
                    lang,
                    f"[Round] {view.get('round')} — [initiative]: {holder}{claimed}",
                    f"[Round] {view.get('round')} — [initiative]: {holder}{claimed}",
                ),
                lang,
            )
        )
    reserve = view.get("reserve", {})
    markers = view.get("markers", 0)
    placed = _t(lang, "{n} of {markers} placed", "{n} van {markers} geplaatst")
    lines.append(
        capital(G.word("control_marker", lang, 2))
        + ": "
        + ", ".join(f"{_faction(f, lang)} " + placed.format(n=markers - n, markers=markers) for f, n in reserve.items())
    )
    for s in view.get("seats", []):
        who = people.subject(s["seat"])
        cards = ", ".join(unit_name(c, lang) for c in s["cards"]) or "—"
        lines.append(f"{who} ({_faction(s['faction'], lang)}): {cards}")
        lines.append(
            G.expand(
                _t(
                    lang,
                    f"  [supply]: {_counts(s['supply'], lang)}; in [hand]: {s['hand']}, in the [bag]: {s['bag']}, "
                    f"[discard_pile] face up: {_counts(s['discard_up'], lang)}, face down: {s['discard_down']}",
                    f"  [supply]: {_counts(s['supply'], lang)}; in de [hand]: {s['hand']}, in de [bag]: {s['bag']}, "
                    f"[discard_pile] open: {_counts(s['discard_up'], lang)}, dicht: {s['discard_down']}",
                ),
                lang,
            )
        )
    if phase == "over":
        if view.get("winner"):
            winners = list(view.get("winners", []))
            team = people.several(winners)
            faction = _faction(view.get("winner"), lang)
            if len(winners) == 1:
                lines.append(_t(lang, f"Winner: {team} ({faction})", f"Winnaar: {team} ({faction})"))
            else:
                lines.append(_t(lang, f"Winners: {team} ({faction})", f"Winnaars: {team} ({faction})"))
        else:
            lines.append(_t(lang, "Game over: stalemate, no winner", "Spel voorbij: patstelling, geen winnaar"))
    else:
        for p in view.get("pending", []):
            pair = _TO_DO.get(p["kind"], (p["kind"], p["kind"]))
            what = pair[1] if lang == "nl" else pair[0]
            lines.append(
                _t(lang, f"To act: {people.label(p['seat'])} — {what}", f"Aan zet: {people.label(p['seat'])} — {what}")
            )
    if "my_hand" in view:
        lines.append(
            _t(lang, f"Your hand: {_counts(view['my_hand'], lang)}", f"Je hand: {_counts(view['my_hand'], lang)}")
        )
    return lines


_OWN = G.pairs(
    {
        "hand": ("Your [hand]: {coins}", "Je [hand]: {coins}"),
        "bag": ("In your [bag]: {coins}", "In je [bag]: {coins}"),
        "down": ("Your [discard_pile], face down: {coins}", "Je [discard_pile], dicht: {coins}"),
        "drawn": ("Drawn for the Warrior Priest: {coin}", "Getrokken voor de Strijdpriester: {coin}"),
    }
)


def private_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """What only the viewing seat sees, for its own message: the [coin+] in its hand, in its bag
    (it knows which, never their order) and face down on its discard pile (the table shows the
    rest)."""
    if "my_hand" not in view:
        return []
    i = 1 if lang == "nl" else 0
    lines = [_OWN["hand"][i].format(coins=_counts(view["my_hand"], lang))]
    lines.append(_OWN["bag"][i].format(coins=_counts(view.get("my_bag") or {}, lang)))
    if view.get("my_discard_down"):
        lines.append(_OWN["down"][i].format(coins=_counts(view["my_discard_down"], lang)))
    if view.get("my_drawn"):
        lines.append(_OWN["drawn"][i].format(coin=unit_name(view["my_drawn"], lang)))
    return lines


# -- the final score -------------------------------------------------------------------------------
_NOTES = G.pairs(
    {
        "last_marker": (
            "{side} placed its last [control_marker]: {markers} [location+] controlled.",
            "{side} plaatste zijn laatste [control_marker]: {markers} [location+] bezet.",
        ),
        "stalemate": (
            "Stalemate: no [unit] could act any more, so no [control_marker] could ever be placed; nobody wins.",
            "Patstelling: geen [unit] kon nog iets doen, dus geen [control_marker] kon nog geplaatst worden; niemand wint.",
        ),
        "locations": ("[Location+] controlled", "[Location+] bezet"),
    }
)


def score_parts(details: dict[str, Any], lang: str) -> list[tuple[str, int | float]]:
    """A side's score is the locations it controls (§14)."""
    return [(_NOTES["locations"][1 if lang == "nl" else 0], details.get("locations", 0))]


def result_notes(result: Any, lang: str, names: list[str]) -> list[str]:
    """How the game ended: a side placed its last control marker, or the board froze for good."""
    i = 1 if lang == "nl" else 0
    ending = result.extra.get("ending") or ("stalemate" if result.extra.get("stalemate") else "last_marker")
    if ending == "stalemate":
        return [_NOTES["stalemate"][i]]
    winner = result.winners[0] if result.winners else None
    faction = (result.details.get(winner) or {}).get("faction") if winner is not None else None
    markers = result.extra.get("markers") or result.scores.get(winner, 0)
    return [_NOTES["last_marker"][i].format(side=_faction(faction, lang), markers=markers)]


# -- rules summary -------------------------------------------------------------------------------
SUMMARY = G.pairs(
    {
        "summary": (
            "Two [side+] (or two teams of two) draw [coin+] from their [bag+] and use each [coin] for one action: "
            "[deploy], [bolster], move, attack, [control], [recruit], [claim_initiative], [pass] or a [unit]'s "
            "[tactic]. The first [side] to place all its [control_marker+] wins.",
            "Twee [side+] (of twee teams van twee) trekken [coin+] uit hun [bag] en gebruiken elke [coin] voor één "
            "actie: [deploy], [bolster], bewegen, aanvallen, [control], [recruit], [claim_initiative], [pass] of de "
            "[tactic] van een [unit]. Wie als eerste alle [control_marker+] van de eigen [side] plaatst, wint.",
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
        "unknown_type": ("There is no such action in War Chest (§10).", "Die actie bestaat niet in War Chest (§10)."),
        "game_over": ("The game is over.", "Het spel is afgelopen."),
        "not_your_turn": ("It is another player's turn (§9.2).", "Een andere speler is aan de beurt (§9.2)."),
        "bad_field": ("That action has a field it does not take.", "Die actie heeft een veld dat ze niet kent."),
        "bad_hex": ("There is no such [hex] on the board (§3).", "Dat [hex] bestaat niet op het bord (§3)."),
        "unknown_coin": ("There is no such coin (§5).", "Die munt bestaat niet (§5)."),
        "unknown_unit": ("There is no such unit (§5).", "Die eenheid bestaat niet (§5)."),
        "ambiguous": (
            "Two of your units could do that: name the hex of the one you mean.",
            "Twee van je [unit+] kunnen dat: noem het [hex] van de [unit] die je bedoelt.",
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
            "The [royal_coin] claims the [initiative], recruits or passes; it deploys no [unit] (§8).",
            "De [royal_coin] eist het [initiative] op, werft of past; ze plaatst geen [unit] (§8).",
        ),
        "already_on_board": (
            "That unit is on the board already: bolster or maneuver it instead (§10.1).",
            "Die eenheid staat al op het bord: versterk of manoeuvreer haar (§10.1).",
        ),
        "hex_occupied": (
            "That [hex] is taken; [unit+] go to empty [hex+] (§10.1, §10.6).",
            "Dat [hex] is bezet; [unit+] gaan naar lege [hex+] (§10.1, §10.6).",
        ),
        "not_your_location": (
            "[Unit+] deploy onto an empty [location] your [side] controls (§10.1).",
            "[Unit+] komen op een leeg [location] van je eigen [side] (§10.1).",
        ),
        "not_on_board": (
            "A maneuver or bolster needs your unit of that type on the board (§10).",
            "Een manoeuvre of versterking vraagt je eenheid van dat type op het bord (§10).",
        ),
        "not_adjacent": (
            "Units move and attack to an adjacent hex (§10.6, §10.8).",
            "[Unit+] bewegen en vallen aan naar een aangrenzend [hex] (§10.6, §10.8).",
        ),
        "not_a_location": (
            "Control needs your [unit] standing on a [location] (§10.7).",
            "Bezetten vraagt je [unit] op een [location] (§10.7).",
        ),
        "already_controlled": (
            "Your [side] controls that [location] already (§10.7).",
            "Je [side] heeft dat [location] al bezet (§10.7).",
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
        "not_your_unit": (
            "You recruit only your own unit types (§10.4).",
            "Je werft alleen je eigen eenheden (§10.4).",
        ),
        "supply_empty": (
            "No coin of that unit is left in your supply (§10.4).",
            "Er is geen munt van die eenheid meer in je voorraad (§10.4).",
        ),
        "initiative_taken": (
            "The initiative can be claimed once a round, and not by the side that holds it (§10.3).",
            "Het [initiative] kan één keer per ronde opgeëist worden, en niet door de [side] die het heeft (§10.3).",
        ),
    }
)


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
            parts.append(f"{unit_name(unit.get('unit'), lang)} ({coins}) — {_seats(names, lang).name(seat)}, {side}")
        lines.append(f"  {hex_id.ljust(width)}  " + " · ".join(parts))
    return lines


#: the map draws the units and markers too, so the listing need not follow it
MAP_SHOWS_PIECES = True


def map_lines(view: dict[str, Any], lang: str) -> list[str]:
    """The board as a hex grid: every hex at its place by its menu name, units, strength, markers."""
    from games.war_chest.terminal_map import map_lines as grid  # that module builds on this one's names

    return grid(view, lang)

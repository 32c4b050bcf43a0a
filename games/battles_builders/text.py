"""Battles & Builders text in English and Dutch: menu labels, event lines, prompts, status."""

from __future__ import annotations

from typing import Any

from games.battles_builders import data as D
from games.core import Action, Event, Prompt

Lang = str

KIND_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    # kind -> lang -> (singular, plural)
    "en": {
        D.BUILDER: ("builder", "builders"),
        D.INFANTRY: ("infantry", "infantry"),
        D.CAVALRY: ("cavalry", "cavalry"),
        D.ARCHER: ("archer", "archers"),
        D.KING: ("king", "kings"),
    },
    "nl": {
        D.BUILDER: ("bouwer", "bouwers"),
        D.INFANTRY: ("infanterie", "infanterie"),
        D.CAVALRY: ("cavalerie", "cavalerie"),
        D.ARCHER: ("boogschutter", "boogschutters"),
        D.KING: ("koning", "koningen"),
    },
}

TILE_NAMES: dict[str, dict[str, str]] = {
    "en": {
        D.CLAIM3: "Claim 3 prestige points",
        D.EXTRA_POINT: "Extra prestige point",
        D.CATAPULT: "Catapult",
        D.TROJAN_HORSE: "Trojan horse",
        D.FRESH_TROOPS: "Fresh troops",
        D.WITHDRAW: "Withdraw chips",
    },
    "nl": {
        D.CLAIM3: "Claim 3 prestigepunten",
        D.EXTRA_POINT: "Extra prestigepunt",
        D.CATAPULT: "Katapult",
        D.TROJAN_HORSE: "Het paard van Troje",
        D.FRESH_TROOPS: "Verse troepen",
        D.WITHDRAW: "Fiches terugtrekken",
    },
}

TERRAIN_NAMES: dict[str, dict[str, str]] = {
    "en": {D.URBAN: "urban", D.OPEN_FIELD: "open field", D.MOUNTAIN: "mountain", D.BARBARIAN: "barbarian battle"},
    "nl": {
        D.URBAN: "stedelijk gebied",
        D.OPEN_FIELD: "open veld",
        D.MOUNTAIN: "berglandschap",
        D.BARBARIAN: "barbaarslag",
    },
}

COLOUR_NAMES: dict[str, dict[str, str]] = {
    "en": {D.GREEN: "green", D.YELLOW: "yellow", D.RED: "red"},
    "nl": {D.GREEN: "groen", D.YELLOW: "geel", D.RED: "rood"},
}

REASONS: dict[str, dict[str, str]] = {
    "en": {
        "builders": "builder majority",
        "zero_commit": "committed nothing",
        "barbarian": "barbarian battle",
    },
    "nl": {
        "builders": "meeste bouwers",
        "zero_commit": "niets ingezet",
        "barbarian": "barbaarslag",
    },
}

S: dict[str, dict[str, str]] = {
    "en": {
        "dummy": "the fictitious player",
        "player": "Player {n}",
        "king_yes": "King: yes",
        "king_no": "King: no",
        "take_back": "Take back {chips}",
        "die_reroll": "Die {n} ({colour} {value}): re-roll",
        "die_keep": "Die {n} ({colour} {value}): keep",
        "no_dice": "Re-roll nothing",
        "event_revealed": "Round {round}: event tile {tile} ({terrain}, worth {value}). Start player: {who}.",
        "committed": "{who} committed {count} chip(s).",
        "committed_hidden": "{who} has committed.",
        "commit_confirmed": "You committed: {chips}.",
        "dummy_drew": "{who} drew: {chips}.",
        "commits_revealed": "Commits revealed: {list}.",
        "prestige": "{who} takes {count} × {value:+d} prestige ({reason}).",
        "prestige_virtual": " {virtual} of them virtual (supply empty).",
        "no_tile": "{who} committed the king but no strategy tile is eligible.",
        "tile_chosen": "{who} takes the strategy tile {tile}.",
        "catapult_given": "{who} fires the Catapult at {target} (−2 at game end).",
        "withdrawn": "{who} takes back {chips}.",
        "builders_none": "Nobody committed builders.",
        "builders_scored": "Most builders ({most}): {who}.",
        "tie": "Tie at {total} between {who}: re-roll {reroll}.",
        "dice_rolled": "{who} rolls {dice} (throw: {throw}, batch {batch}) — total {total}.",
        "fresh_troops_used": "{who} uses Fresh troops and re-rolls {n} dice.",
        "fresh_troops_declined": "{who} keeps all dice (Fresh troops unused).",
        "event_won": "{who} wins {tile} (+{value}){how}.",
        "without_rolling": " without rolling",
        "event_set_aside": "Nobody fights for {tile}; the tile is set aside.",
        "barbarian_lost": "Barbarian battle: lowest total {total} — {who} takes the barbarian tile ({value}).",
        "round_ended": "Round {round} ended. Scores: {scores}.",
        "game_over": "Game over. Scores: {scores}. Winner(s): {who}.",
        "nobody": "nobody",
        "nothing": "nothing",
        "prompt_commit": "Round {round}: commit 0–5 chips (6 with your king) for {tile} ({terrain}).",
        "prompt_choose_tile": "Choose a strategy tile: {tiles}.",
        "prompt_catapult_target": "Choose who receives the Catapult (−2).",
        "prompt_withdraw": "Take back 1 to {max} of your committed chips.",
        "prompt_fresh_troops": "Fresh troops: choose which of your dice to re-roll (or none).",
        "status_round": "Round {round}/{rounds} — {tile} ({terrain}, {value:+d}); start player {who}.",
        "status_over": "Game over after {rounds} rounds.",
        "status_seat": "{who}: {score} pts{extra}",
        "status_commit": ", committed {count}",
        "status_commit_hidden": ", committed",
        "status_revealed": ", commit {chips}",
        "status_tiles": ", tiles: {tiles}",
        "status_display": "Strategy tiles on display: {tiles}.",
        "status_waiting": "Waiting for: {who}.",
        "status_your_commit": "Your commit this round: {chips}.",
        "status_your_stock": "Your stock: {chips}.",
        "throw_initial": "initial",
        "throw_reroll": "tie re-roll",
        "throw_fresh_troops": "fresh troops",
    },
    "nl": {
        "dummy": "de fictieve speler",
        "player": "Speler {n}",
        "king_yes": "Koning: ja",
        "king_no": "Koning: nee",
        "take_back": "{chips} terugnemen",
        "die_reroll": "Dobbelsteen {n} ({colour} {value}): opnieuw",
        "die_keep": "Dobbelsteen {n} ({colour} {value}): houden",
        "no_dice": "Niets opnieuw gooien",
        "event_revealed": "Ronde {round}: eventtegel {tile} ({terrain}, waarde {value}). Startspeler: {who}.",
        "committed": "{who} heeft {count} fiche(s) ingezet.",
        "committed_hidden": "{who} heeft ingezet.",
        "commit_confirmed": "Je hebt ingezet: {chips}.",
        "dummy_drew": "{who} trekt: {chips}.",
        "commits_revealed": "Inzetten omgedraaid: {list}.",
        "prestige": "{who} krijgt {count} × {value:+d} prestige ({reason}).",
        "prestige_virtual": " Daarvan {virtual} virtueel (voorraad op).",
        "no_tile": "{who} zette de koning in maar geen strategietegel is toegestaan.",
        "tile_chosen": "{who} neemt de strategietegel {tile}.",
        "catapult_given": "{who} richt de Katapult op {target} (−2 aan het einde).",
        "withdrawn": "{who} neemt terug: {chips}.",
        "builders_none": "Niemand zette bouwers in.",
        "builders_scored": "Meeste bouwers ({most}): {who}.",
        "tie": "Gelijkspel op {total} tussen {who}: worp {reroll} opnieuw.",
        "dice_rolled": "{who} gooit {dice} (worp: {throw}, groep {batch}) — totaal {total}.",
        "fresh_troops_used": "{who} gebruikt Verse troepen en gooit {n} dobbelstenen opnieuw.",
        "fresh_troops_declined": "{who} houdt alle dobbelstenen (Verse troepen niet gebruikt).",
        "event_won": "{who} wint {tile} (+{value}){how}.",
        "without_rolling": " zonder te gooien",
        "event_set_aside": "Niemand vecht om {tile}; de tegel gaat uit het spel.",
        "barbarian_lost": "Barbaarslag: laagste totaal {total} — {who} krijgt de barbaartegel ({value}).",
        "round_ended": "Ronde {round} voorbij. Stand: {scores}.",
        "game_over": "Het spel is voorbij. Stand: {scores}. Winnaar(s): {who}.",
        "nobody": "niemand",
        "nothing": "niets",
        "prompt_commit": "Ronde {round}: zet 0–5 fiches in (6 met je koning) voor {tile} ({terrain}).",
        "prompt_choose_tile": "Kies een strategietegel: {tiles}.",
        "prompt_catapult_target": "Kies wie de Katapult (−2) krijgt.",
        "prompt_withdraw": "Neem 1 tot {max} van je ingezette fiches terug.",
        "prompt_fresh_troops": "Verse troepen: kies welke dobbelstenen je opnieuw gooit (of geen).",
        "status_round": "Ronde {round}/{rounds} — {tile} ({terrain}, {value:+d}); startspeler {who}.",
        "status_over": "Het spel is voorbij na {rounds} rondes.",
        "status_seat": "{who}: {score} ptn{extra}",
        "status_commit": ", {count} ingezet",
        "status_commit_hidden": ", heeft ingezet",
        "status_revealed": ", inzet {chips}",
        "status_tiles": ", tegels: {tiles}",
        "status_display": "Strategietegels open: {tiles}.",
        "status_waiting": "Wachten op: {who}.",
        "status_your_commit": "Jouw inzet deze ronde: {chips}.",
        "status_your_stock": "Jouw voorraad: {chips}.",
        "throw_initial": "eerste",
        "throw_reroll": "herworp",
        "throw_fresh_troops": "verse troepen",
    },
}


def _lang(lang: Lang) -> Lang:
    return lang if lang in S else "en"


def t(lang: Lang, key: str, **kw: Any) -> str:
    return S[_lang(lang)][key].format(**kw)


def who(seat: int | None, names: list[str], lang: Lang) -> str:
    if seat is None:
        return S[_lang(lang)]["nobody"]
    if 0 <= seat < len(names):
        return names[seat]
    return S[_lang(lang)]["dummy"]


def kind_label(kind: str, n: int, lang: Lang) -> str:
    one, many = KIND_NAMES[_lang(lang)][kind]
    return f"{n} {one if n == 1 else many}"


def chips_text(chips: dict[str, int] | None, lang: Lang) -> str:
    parts = [kind_label(k, n, lang) for k, n in (chips or {}).items() if n]
    return ", ".join(parts) if parts else S[_lang(lang)]["nothing"]


def tile_name(tile: str, lang: Lang) -> str:
    return TILE_NAMES[_lang(lang)].get(tile, tile)


def terrain_name(terrain: str, lang: Lang) -> str:
    return TERRAIN_NAMES[_lang(lang)].get(terrain, terrain)


def colour_name(colour: str, lang: Lang) -> str:
    return COLOUR_NAMES[_lang(lang)].get(colour, colour)


# -- menus -----------------------------------------------------------------------------------------
def action_path(view: dict[str, Any], action: Action, lang: Lang) -> list[str]:
    kind = action.get("type")
    if kind == "commit":
        chips = action.get("chips") or {}
        path = [t(lang, "king_yes") if chips.get(D.KING) else t(lang, "king_no")]
        path += [kind_label(k, int(chips.get(k, 0)), lang) for k in D.KINDS[:4]]
        return path
    if kind == "choose_tile":
        return [tile_name(str(action.get("tile")), lang)]
    if kind == "catapult_target":
        return [t(lang, "player", n=int(action.get("seat", 0)) + 1)]
    if kind == "withdraw":
        chips = action.get("chips") or {}
        me = _viewer_commit(view)
        kinds = [k for k in D.KINDS[:4] if me.get(k, 0) > 0] or [k for k in D.KINDS[:4] if chips.get(k)]
        return [t(lang, "take_back", chips=kind_label(k, int(chips.get(k, 0)), lang)) for k in kinds]
    if kind == "fresh_troops":
        picks = set(action.get("dice") or [])
        dice = (view.get("fresh") or {}).get("dice") or []
        if not dice:
            return [t(lang, "no_dice")]
        path = []
        for d in dice:
            key = "die_reroll" if d["index"] in picks else "die_keep"
            path.append(t(lang, key, n=d["index"] + 1, colour=colour_name(d["colour"], lang), value=d["value"]))
        return path
    return [str(kind)]


def _viewer_commit(view: dict[str, Any]) -> dict[str, int]:
    you = view.get("you") or {}
    return you.get("commit") or {}


# -- events ----------------------------------------------------------------------------------------
def describe_event(ev: Event, lang: Lang, names: list[str]) -> str | None:
    kind = ev.get("type")
    w = who(ev.get("seat"), names, lang)
    if kind == "event_revealed":
        return t(
            lang,
            "event_revealed",
            round=ev["round"],
            tile=ev["tile"],
            terrain=terrain_name(ev["terrain"], lang),
            value=ev["value"],
            who=who(ev["start_player"], names, lang),
        )
    if kind == "committed":
        if ev.get("count") is None:
            return t(lang, "committed_hidden", who=w)
        return t(lang, "committed", who=w, count=ev["count"])
    if kind == "commit_confirmed":
        return t(lang, "commit_confirmed", chips=chips_text(ev.get("chips"), lang))
    if kind == "dummy_drew":
        return t(lang, "dummy_drew", who=w, chips=chips_text(ev.get("chips"), lang))
    if kind == "commits_revealed":
        parts = [f"{who(c['seat'], names, lang)}: {chips_text(c['chips'], lang)}" for c in ev.get("commits", [])]
        return t(lang, "commits_revealed", list="; ".join(parts))
    if kind == "prestige":
        reason = REASONS[_lang(lang)].get(ev.get("reason", ""), ev.get("reason", ""))
        line = t(lang, "prestige", who=w, count=ev["count"], value=ev["value"], reason=reason)
        if ev.get("virtual"):
            line += t(lang, "prestige_virtual", virtual=ev["virtual"])
        return line
    if kind == "no_tile":
        return t(lang, "no_tile", who=w)
    if kind == "tile_chosen":
        return t(lang, "tile_chosen", who=w, tile=tile_name(ev["tile"], lang))
    if kind == "catapult_given":
        return t(lang, "catapult_given", who=w, target=who(ev["target"], names, lang))
    if kind == "withdrawn":
        return t(lang, "withdrawn", who=w, chips=chips_text(ev.get("chips"), lang))
    if kind == "builders_scored":
        if not ev.get("most"):
            return t(lang, "builders_none")
        return t(lang, "builders_scored", most=ev["most"], who=", ".join(who(p, names, lang) for p in ev["winners"]))
    if kind == "tie":
        return t(
            lang, "tie", total=ev["total"], reroll=ev["reroll"], who=", ".join(who(p, names, lang) for p in ev["seats"])
        )
    if kind == "dice_rolled":
        dice = " ".join(f"{colour_name(c, lang)} {v}" for c, v in zip(ev["colours"], ev["values"]))
        throw = S[_lang(lang)].get(f"throw_{ev['throw']}", ev["throw"])
        if ev.get("number"):
            throw = f"{throw} {ev['number']}"
        return t(lang, "dice_rolled", who=w, dice=dice, throw=throw, batch=ev["batch"], total=ev["total"])
    if kind == "fresh_troops_used":
        if not ev.get("dice"):
            return t(lang, "fresh_troops_declined", who=w)
        return t(lang, "fresh_troops_used", who=w, n=len(ev["dice"]))
    if kind == "event_won":
        how = "" if ev.get("rolled") else t(lang, "without_rolling")
        return t(lang, "event_won", who=w, tile=ev["tile"], value=ev["value"], how=how)
    if kind == "event_set_aside":
        return t(lang, "event_set_aside", tile=ev["tile"])
    if kind == "barbarian_lost":
        line = t(lang, "barbarian_lost", who=w, total=ev["total"], value=ev["value"])
        return line
    if kind in ("round_ended", "game_over"):
        scores = ", ".join(f"{who(s['seat'], names, lang)} {s['score']}" for s in ev.get("scores", []))
        if kind == "round_ended":
            return t(lang, "round_ended", round=ev["round"], scores=scores)
        winners = ", ".join(who(p, names, lang) for p in ev.get("winners", [])) or t(lang, "nobody")
        return t(lang, "game_over", scores=scores, who=winners)
    return None


# -- prompts and status ----------------------------------------------------------------------------
def describe_prompt(view: dict[str, Any], prompt: Prompt, lang: Lang) -> str:
    kind = prompt.kind
    if kind == "commit":
        ev = view.get("event") or {}
        return t(
            lang,
            "prompt_commit",
            round=view.get("round"),
            tile=ev.get("id", "?"),
            terrain=terrain_name(ev.get("terrain", ""), lang),
        )
    if kind == "choose_tile":
        tiles = ", ".join(tile_name(x, lang) for x in prompt.data.get("tiles", []))
        return t(lang, "prompt_choose_tile", tiles=tiles)
    if kind == "catapult_target":
        return t(lang, "prompt_catapult_target")
    if kind == "withdraw":
        return t(lang, "prompt_withdraw", max=prompt.data.get("max", D.MAX_WITHDRAW))
    if kind == "fresh_troops":
        return t(lang, "prompt_fresh_troops")
    return kind


def status_lines(view: dict[str, Any], lang: Lang, names: list[str]) -> list[str]:
    lines = []
    ev = view.get("event")
    if view.get("over") or not ev:
        lines.append(t(lang, "status_over", rounds=view.get("rounds")))
    else:
        lines.append(
            t(
                lang,
                "status_round",
                round=view["round"],
                rounds=view["rounds"],
                tile=ev["id"],
                terrain=terrain_name(ev["terrain"], lang),
                value=ev["value"],
                who=who(view.get("start_player"), names, lang),
            )
        )
    entries = list(view.get("seats", []))
    if view.get("dummy"):
        entries.append(view["dummy"])
    for s in entries:
        extra = ""
        if s.get("commit") is not None and view.get("phase") != "commit":
            extra += t(lang, "status_revealed", chips=chips_text(s["commit"], lang))
        elif s.get("commit_count") is not None:
            extra += t(lang, "status_commit", count=s["commit_count"])
        elif s.get("committed"):
            extra += t(lang, "status_commit_hidden")
        held = list(s.get("event_tiles", [])) + [tile_name(x, lang) for x in s.get("strategy_tiles", [])]
        if held:
            extra += t(lang, "status_tiles", tiles=", ".join(held))
        lines.append(t(lang, "status_seat", who=who(s["seat"], names, lang), score=s["score"], extra=extra))
    if view.get("display"):
        lines.append(t(lang, "status_display", tiles=", ".join(tile_name(x, lang) for x in view["display"])))
    if view.get("waiting"):
        lines.append(t(lang, "status_waiting", who=", ".join(who(p, names, lang) for p in view["waiting"])))
    me = view.get("viewer")
    if isinstance(me, int) and 0 <= me < len(view.get("seats", [])):
        mine = view["seats"][me]
        if mine.get("commit") is not None and view.get("phase") == "commit":
            lines.append(t(lang, "status_your_commit", chips=chips_text(mine["commit"], lang)))
        if mine.get("stock") is not None:
            lines.append(t(lang, "status_your_stock", chips=chips_text(mine["stock"], lang)))
    return lines


# -- refusals ------------------------------------------------------------------------------------
#: why an action was refused, naming the rule (§ of the rules), English and Dutch
REFUSALS: dict[str, tuple[str, str]] = {
    "unknown_type": ("There is no such action in this game.", "Die actie bestaat niet in dit spel."),
    "game_over": ("The game is over.", "Het spel is afgelopen."),
    "not_your_turn": (
        "It is not your turn: commits are made in turn order, tiles chosen by the kings in turn order (§6.1, §8.1).",
        "Je bent niet aan de beurt: fiches gaan in beurtvolgorde, tegels kiezen de koningen in beurtvolgorde "
        "(§6.1, §8.1).",
    ),
    "wrong_action": ("That step is not asked now (§5).", "Die stap is nu niet aan de orde (§5)."),
    "bad_chips": ("Name the chips as counts per kind.", "Noem de fiches als aantallen per soort."),
    "too_many_chips": (
        "At most 5 chips, 6 only with the king; at most 3 withdrawn (§6.2, §8.7).",
        "Hoogstens 5 fiches, 6 alleen met de koning; hoogstens 3 terugnemen (§6.2, §8.7).",
    ),
    "not_in_stock": (
        "Only chips still in your stock can be committed; spent chips are gone (§6.2).",
        "Alleen fiches die nog in je voorraad zijn kun je inzetten; gebruikte fiches zijn weg (§6.2).",
    ),
    "too_few_chips": (
        "Withdraw chips takes back 1 to 3 chips, not 0 (§8.7).",
        "Fiches terugtrekken neemt 1 tot 3 fiches terug, niet 0 (§8.7).",
    ),
    "not_committed": (
        "Only chips you committed this round can be taken back (§8.7).",
        "Alleen fiches die je deze ronde inzette kun je terugnemen (§8.7).",
    ),
    "unknown_tile": ("There is no such strategy tile (§8).", "Die strategietegel bestaat niet (§8)."),
    "tile_taken": (
        "That strategy tile has been taken; each is taken once per game (§8.1).",
        "Die strategietegel is al genomen; elke tegel één keer per spel (§8.1).",
    ),
    "not_eligible": (
        "You are not eligible for that tile with what you committed (§8.2-§8.7).",
        "Met wat je inzette mag je die tegel niet nemen (§8.2-§8.7).",
    ),
    "bad_target": (
        "The Catapult goes to another real player (§8.4).",
        "De katapult gaat naar een andere echte speler (§8.4).",
    ),
    "bad_dice": (
        "Choose some of your own dice to roll again (§8.6).",
        "Kies een aantal van je eigen dobbelstenen om opnieuw te gooien (§8.6).",
    ),
    "bad_script": ("The scripted die does not fit (§9.5).", "De vastgelegde worp past niet (§9.5)."),
}


def describe_refusal(exc: Any, lang: str) -> str | None:
    """Why an action was refused, naming the rule; None for a code without a text."""
    pair = REFUSALS.get(getattr(exc, "code", ""))
    return pair[1 if _lang(lang) == "nl" else 0] if pair else None

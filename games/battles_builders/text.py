"""Battles & Builders text in English and Dutch: menu labels, event lines, prompts, status.

Terms come from the game's glossary (``[term]`` in a template); a line about the reader's own
seat is phrased in the second person (the ``key/you`` templates).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.battles_builders import data as D
from games.battles_builders.glossary import GLOSSARY as G
from games.core import Action, Event, Prompt
from games.final_score import parts_line
from games.menus import MAX_OPTIONS, Tally
from games.moves import Move, chosen_caption, headline
from games.words import Seats, capital, listing, pick

Lang = str

KIND_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    # lang -> kind -> (singular, plural), from the glossary
    lang: {kind: G.terms[kind].forms(lang) for kind in D.KINDS}
    for lang in ("en", "nl")
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
REASONS: dict[str, dict[str, str]] = G.table(
    {
        "en": {
            "builders": "[builder] majority",
            "zero_commit": "committed nothing",
            "barbarian": "[barbarian_battle]",
        },
        "nl": {
            "builders": "meeste [builder+]",
            "zero_commit": "niets ingezet",
            "barbarian": "[barbarian_battle]",
        },
    }
)

S: dict[str, dict[str, str]] = G.table(
    {
        "en": {
            "dummy": "the [fictitious_player]",
            "player": "Player {n}",
            "king_yes": "[King]: yes",
            "king_no": "[King]: no",
            "take_back": "Take back {chips}",
            "choice_commit": "[Commit]: {chips}",
            "die_reroll": "[Die] {n} ({colour} {value}): re-roll",
            "die_keep": "[Die] {n} ({colour} {value}): keep",
            "no_dice": "Re-roll nothing",
            "event_revealed": "[Round] {round}: [event_tile] {tile} ({terrain}, worth {value}). [Start_player]: {who}.",
            "committed": "{who} committed {chips}.",
            "committed_hidden": "{who} has committed.",
            "commit_confirmed": "You committed: {chips}.",
            "dummy_drew": "{who} draws: {chips}.",
            "commits_revealed": "[Commit+] revealed: {list}.",
            "prestige": "{who} takes {chips} of {value:+d} ({reason}).",
            "prestige/you": "You take {chips} of {value:+d} ({reason}).",
            "prestige_virtual": " {virtual} of them virtual: the supply is empty.",
            "prestige_virtual_one": " It is virtual: the supply is empty.",
            "no_tile": "{who} committed the [king], but no [strategy_tile] is eligible.",
            "no_tile/you": "You committed the [king], but no [strategy_tile] is eligible.",
            "tile_chosen": "{who} takes the [strategy_tile] {tile}.",
            "tile_chosen/you": "You take the [strategy_tile] {tile}.",
            "catapult_given": "{who} fires the Catapult at {target} (−2 at the end of the game).",
            "catapult_given/you": "You fire the Catapult at {target} (−2 at the end of the game).",
            "withdrawn": "{who} takes back {chips}.",
            "withdrawn/you": "You take back {chips}.",
            "builders_none": "Nobody committed [builder+].",
            "builders_scored": "Most [builder+] ({most}): {who}.",
            "tie": "Tie at {total} between {who}: a re-roll decides.",
            "dice_rolled": "{who} rolls {dice} — total {total}.",
            "dice_rolled/you": "You roll {dice} — total {total}.",
            "dice_reroll": "{who} re-rolls the tie{number}: {dice} — total {total}.",
            "dice_reroll/you": "You re-roll the tie{number}: {dice} — total {total}.",
            "dice_fresh": "{who} re-rolls with Fresh troops: {dice} — total {total}.",
            "dice_fresh/you": "You re-roll with Fresh troops: {dice} — total {total}.",
            "reroll_number": " (re-roll {n})",
            "batch": " (batch {batch}: at most 5 [die+] of a colour are rolled at once)",
            "fresh_troops_used": "{who} uses Fresh troops and re-rolls {dice}.",
            "fresh_troops_used/you": "You use Fresh troops and re-roll {dice}.",
            "fresh_troops_declined": "{who} keeps all [die+] (Fresh troops unused).",
            "fresh_troops_declined/you": "You keep all [die+] (Fresh troops unused).",
            "event_won": "{who} wins {tile} (+{value}){how}.",
            "event_won/you": "You win {tile} (+{value}){how}.",
            "without_rolling": " without rolling",
            "event_set_aside": "Nobody fights for {tile}; the tile is set aside.",
            "barbarian_lost": "[Barbarian_battle]: lowest total {total} — {who} takes the barbarian tile ({value}).",
            "barbarian_lost/you": "[Barbarian_battle]: lowest total {total} — you take the barbarian tile ({value}).",
            "round_ended": "[Round] {round} ended. Scores: {scores}.",
            "game_over": "Game over. Scores: {scores}. Winner: {who}.",
            "game_over_many": "Game over. Scores: {scores}. Winners: {who}.",
            "nobody": "nobody",
            "nothing": "nothing",
            "prompt_commit": "[Round] {round}: commit 0–5 [chip+] (6 with your [king]) for {tile} ({terrain}).",
            "prompt_choose_tile": "Choose a [strategy_tile]: {tiles}.",
            "prompt_catapult_target": "Choose who receives the Catapult (−2).",
            "prompt_withdraw": "Take back 1 to {max} of your committed [chip+].",
            "prompt_withdraw_one": "Take back 1 of your committed [chip+].",
            "prompt_fresh_troops": "Fresh troops: choose which of your [die+] to re-roll (or none).",
            "status_round": "[Round] {round}/{rounds} — {tile} ({terrain}, {value:+d}) · [start_player]: {who}",
            "status_over": "Game over after {rounds} [round+].",
            "status_seat": "{who}: {score}{extra}",
            "status_commit": ", {chips} committed",
            "status_commit_hidden": ", committed",
            "status_revealed": ", [commit] {chips}",
            "status_tiles": ", tiles: {tiles}",
            "status_display": "[Strategy_tile+] on display: {tiles}.",
            "status_waiting": "Waiting for: {who}.",
            "status_your_commit": "Your [commit] this round: {chips}.",
            "status_your_stock": "Your [stock]: {chips}.",
        },
        "nl": {
            "dummy": "de [fictitious_player]",
            "player": "Speler {n}",
            "king_yes": "[King]: ja",
            "king_no": "[King]: nee",
            "take_back": "{chips} terugnemen",
            "choice_commit": "[Commit]: {chips}",
            "die_reroll": "[Die] {n} ({colour} {value}): opnieuw",
            "die_keep": "[Die] {n} ({colour} {value}): houden",
            "no_dice": "Niets opnieuw gooien",
            "event_revealed": "[Round] {round}: [event_tile] {tile} ({terrain}, waarde {value}). "
            "[Start_player]: {who}.",
            "committed": "{who} heeft {chips} ingezet.",
            "committed_hidden": "{who} heeft ingezet.",
            "commit_confirmed": "Je hebt ingezet: {chips}.",
            "dummy_drew": "{who} trekt: {chips}.",
            "commits_revealed": "[Commit+] omgedraaid: {list}.",
            "prestige": "{who} krijgt {chips} van {value:+d} ({reason}).",
            "prestige/you": "Jij krijgt {chips} van {value:+d} ({reason}).",
            "prestige_virtual": " Daarvan {virtual} virtueel: de voorraad is op.",
            "prestige_virtual_one": " Die is virtueel: de voorraad is op.",
            "no_tile": "{who} zette de [king] in, maar geen [strategy_tile] is toegestaan.",
            "no_tile/you": "Jij zette de [king] in, maar geen [strategy_tile] is toegestaan.",
            "tile_chosen": "{who} neemt de [strategy_tile] {tile}.",
            "tile_chosen/you": "Jij neemt de [strategy_tile] {tile}.",
            "catapult_given": "{who} richt de Katapult op {target} (−2 aan het einde van het spel).",
            "catapult_given/you": "Jij richt de Katapult op {target} (−2 aan het einde van het spel).",
            "withdrawn": "{who} neemt terug: {chips}.",
            "withdrawn/you": "Jij neemt terug: {chips}.",
            "builders_none": "Niemand zette [builder+] in.",
            "builders_scored": "Meeste [builder+] ({most}): {who}.",
            "tie": "Gelijkspel op {total} tussen {who}: een herworp beslist.",
            "dice_rolled": "{who} gooit {dice} — totaal {total}.",
            "dice_rolled/you": "Jij gooit {dice} — totaal {total}.",
            "dice_reroll": "{who} gooit opnieuw bij gelijkspel{number}: {dice} — totaal {total}.",
            "dice_reroll/you": "Jij gooit opnieuw bij gelijkspel{number}: {dice} — totaal {total}.",
            "dice_fresh": "{who} gooit opnieuw met Verse troepen: {dice} — totaal {total}.",
            "dice_fresh/you": "Jij gooit opnieuw met Verse troepen: {dice} — totaal {total}.",
            "reroll_number": " (herworp {n})",
            "batch": " (groep {batch}: hoogstens 5 [die+] van een kleur tegelijk)",
            "fresh_troops_used": "{who} gebruikt Verse troepen en gooit {dice} opnieuw.",
            "fresh_troops_used/you": "Jij gebruikt Verse troepen en gooit {dice} opnieuw.",
            "fresh_troops_declined": "{who} houdt alle [die+] (Verse troepen niet gebruikt).",
            "fresh_troops_declined/you": "Jij houdt alle [die+] (Verse troepen niet gebruikt).",
            "event_won": "{who} wint {tile} (+{value}){how}.",
            "event_won/you": "Jij wint {tile} (+{value}){how}.",
            "without_rolling": " zonder te gooien",
            "event_set_aside": "Niemand vecht om {tile}; de tegel gaat uit het spel.",
            "barbarian_lost": "[Barbarian_battle]: laagste totaal {total} — {who} krijgt de barbaartegel ({value}).",
            "barbarian_lost/you": "[Barbarian_battle]: laagste totaal {total} — jij krijgt de barbaartegel ({value}).",
            "round_ended": "[Round] {round} voorbij. Stand: {scores}.",
            "game_over": "Het spel is voorbij. Stand: {scores}. Winnaar: {who}.",
            "game_over_many": "Het spel is voorbij. Stand: {scores}. Winnaars: {who}.",
            "nobody": "niemand",
            "nothing": "niets",
            "prompt_commit": "[Round] {round}: zet 0–5 [chip+] in (6 met je [king]) voor {tile} ({terrain}).",
            "prompt_choose_tile": "Kies een [strategy_tile]: {tiles}.",
            "prompt_catapult_target": "Kies wie de Katapult (−2) krijgt.",
            "prompt_withdraw": "Neem 1 tot {max} van je ingezette [chip+] terug.",
            "prompt_withdraw_one": "Neem 1 van je ingezette [chip+] terug.",
            "prompt_fresh_troops": "Verse troepen: kies welke [die+] je opnieuw gooit (of geen).",
            "status_round": "[Round] {round}/{rounds} — {tile} ({terrain}, {value:+d}) · [start_player]: {who}",
            "status_over": "Het spel is voorbij na {rounds} [round+].",
            "status_seat": "{who}: {score}{extra}",
            "status_commit": ", {chips} ingezet",
            "status_commit_hidden": ", ingezet",
            "status_revealed": ", [commit] {chips}",
            "status_tiles": ", tegels: {tiles}",
            "status_display": "[Strategy_tile+] open: {tiles}.",
            "status_waiting": "Wachten op: {who}.",
            "status_your_commit": "Jouw [commit] deze ronde: {chips}.",
            "status_your_stock": "Jouw [stock]: {chips}.",
        },
    }
)


def _lang(lang: Lang) -> Lang:
    return lang if lang in S else "en"


def t(lang: Lang, key: str, **kw: Any) -> str:
    return S[_lang(lang)][key].format(**kw)


def _dummy(lang: Lang) -> str:
    return S[_lang(lang)]["dummy"]


def seats(names: list[str], lang: Lang, viewer: int | None = None) -> Seats:
    """How a text names the seats; the seat after the last player is the fictitious player."""
    return Seats(names, _lang(lang), viewer, other=lambda _s: _dummy(lang))


def who(seat: int | None, names: list[str], lang: Lang) -> str:
    """A seat's name (the fictitious player for the seat after the players, nobody for None)."""
    if seat is None:
        return S[_lang(lang)]["nobody"]
    return seats(names, lang).name(seat)


def _subject(seat: int | None, names: list[str], lang: Lang, viewer: int | None) -> str:
    """The seat at the start of a sentence: "You", a name as written, "The fictitious player"."""
    if seat is None:
        return capital(S[_lang(lang)]["nobody"])
    if 0 <= seat < len(names) or seat == viewer:
        return seats(names, lang, viewer).subject(seat)
    return capital(_dummy(lang))


@lru_cache(maxsize=1024)  # a menu of chip commits names every count of every kind, after every action
def kind_label(kind: str, n: int, lang: Lang) -> str:
    return G.count(kind, _lang(lang), n)


def chips_text(chips: dict[str, int] | None, lang: Lang) -> str:
    parts = [kind_label(k, n, lang) for k, n in (chips or {}).items() if n]
    return ", ".join(parts) if parts else S[_lang(lang)]["nothing"]


def tile_name(tile: str, lang: Lang) -> str:
    return TILE_NAMES[_lang(lang)].get(tile, tile)


def terrain_name(terrain: str, lang: Lang) -> str:
    return TERRAIN_NAMES[_lang(lang)].get(terrain, terrain)


def colour_name(colour: str, lang: Lang) -> str:
    return COLOUR_NAMES[_lang(lang)].get(colour, colour)


def score_text(score: int | float, lang: Lang) -> str:
    """A final or running score with its unit: "1 prestige point", "12 prestigepunten"."""
    return G.count("prestige_point", _lang(lang), score)


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
        seat = int(action.get("seat", 0))
        names = view.get("names")
        if isinstance(names, list) and 0 <= seat < len(names):
            return [seats(names, lang).name(seat)]
        return [t(lang, "player", n=seat + 1)]
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


def choice_label(view: dict[str, Any], action: Action, lang: Lang) -> str:
    """The action named once, for the answer that confirms it: the chips a commit or a withdrawal
    takes (not the menu's kind-by-kind steps, zeros included), else its menu path."""
    kind = action.get("type")
    chips = {k: n for k, n in (action.get("chips") or {}).items() if n}
    if kind == "commit":
        return t(lang, "choice_commit", chips=chips_text(chips, lang))
    if kind == "withdraw":
        return t(lang, "take_back", chips=chips_text(chips, lang))
    return " › ".join(action_path(view, action, lang))


#: private events that only restate the reader's own action (its answer names that action already)
OWN_ACTION_ECHOES = frozenset({"commit_confirmed"})

#: the decisions made by picking chips, and the order their chips are listed in (the king first)
TALLIED = ("commit", "withdraw")
TALLY_ORDER = (D.KING, *D.KINDS[:4])


def tally(view: dict[str, Any], actions: list[Action], lang: Lang) -> Tally | None:
    """A commit or a withdrawal as one pick of chips (each chip an option) rather than a step per kind."""
    if len({a.get("type") for a in actions}) != 1 or actions[0].get("type") not in TALLIED:
        return None
    most = {k: max(int((a.get("chips") or {}).get(k, 0)) for a in actions) for k in TALLY_ORDER}
    names = KIND_NAMES[_lang(lang)]
    pieces = tuple((k, capital(names[k][0]), most[k]) for k in TALLY_ORDER if most[k])
    if sum(n for _, _, n in pieces) > MAX_OPTIONS:
        return None
    return Tally("chips", pieces)


def _viewer_commit(view: dict[str, Any]) -> dict[str, int]:
    you = view.get("you") or {}
    return you.get("commit") or {}


# -- events ----------------------------------------------------------------------------------------
def describe_event(ev: Event, lang: Lang, names: list[str], viewer: int | None = None) -> str | None:
    """One line for an event; ``viewer`` is the seat reading it (named "you"), None for everyone."""
    lang = _lang(lang)
    table = S[lang]
    kind = ev.get("type")
    seat = ev.get("seat")
    you = viewer is not None and seat == viewer
    people = seats(names, lang, viewer)
    w = _subject(seat, names, lang, viewer)

    def some(ps: list[int]) -> str:  # a list after a colon: "Most builders (2): alice and you"
        return listing([people.label(p) for p in ps], lang)

    if kind == "event_revealed":
        return t(
            lang,
            "event_revealed",
            round=ev["round"],
            tile=ev["tile"],
            terrain=terrain_name(ev["terrain"], lang),
            value=ev["value"],
            who=people.label(ev["start_player"]),
        )
    if kind == "committed":
        if you:
            return None  # the reader's own commit is told by the private line that lists the chips
        if ev.get("count") is None:
            return t(lang, "committed_hidden", who=w)
        return t(lang, "committed", who=w, chips=G.count("chip", lang, ev["count"]))
    if kind == "commit_confirmed":
        return t(lang, "commit_confirmed", chips=chips_text(ev.get("chips"), lang))
    if kind == "dummy_drew":
        return t(lang, "dummy_drew", who=w, chips=chips_text(ev.get("chips"), lang))
    if kind == "commits_revealed":
        parts = [f"{people.label(c['seat'])}: {chips_text(c['chips'], lang)}" for c in ev.get("commits", [])]
        return t(lang, "commits_revealed", list="; ".join(parts))
    if kind == "prestige":
        reason = REASONS[lang].get(ev.get("reason", ""), ev.get("reason", ""))
        chips = G.count("prestige_chip", lang, ev["count"])
        line = pick(table, "prestige", you).format(who=w, chips=chips, value=ev["value"], reason=reason)
        if ev.get("virtual"):
            if ev["virtual"] == 1 and ev["count"] == 1:
                line += t(lang, "prestige_virtual_one")
            else:
                line += t(lang, "prestige_virtual", virtual=ev["virtual"])
        return line
    if kind == "no_tile":
        return pick(table, "no_tile", you).format(who=w)
    if kind == "tile_chosen":
        return pick(table, "tile_chosen", you).format(who=w, tile=tile_name(ev["tile"], lang))
    if kind == "catapult_given":
        return pick(table, "catapult_given", you).format(who=w, target=people.object(ev["target"]))
    if kind == "withdrawn":
        return pick(table, "withdrawn", you).format(who=w, chips=chips_text(ev.get("chips"), lang))
    if kind == "builders_scored":
        if not ev.get("most"):
            return t(lang, "builders_none")
        return t(lang, "builders_scored", most=ev["most"], who=some(ev["winners"]))
    if kind == "tie":
        return t(lang, "tie", total=ev["total"], who=listing([people.object(p) for p in ev["seats"]], lang))
    if kind == "dice_rolled":
        dice = ", ".join(f"{colour_name(c, lang)} {v}" for c, v in zip(ev["colours"], ev["values"]))
        key = {"reroll": "dice_reroll", "fresh_troops": "dice_fresh"}.get(ev["throw"], "dice_rolled")
        number = t(lang, "reroll_number", n=ev["number"]) if ev.get("number") and ev["number"] > 1 else ""
        line = pick(table, key, you).format(who=w, dice=dice, total=ev["total"], number=number)
        if ev.get("batch", 1) > 1:
            line = line[:-1] + t(lang, "batch", batch=ev["batch"]) + "."
        return line
    if kind == "fresh_troops_used":
        if not ev.get("dice"):
            return pick(table, "fresh_troops_declined", you).format(who=w)
        dice = G.count("die", lang, len(ev["dice"]))
        return pick(table, "fresh_troops_used", you).format(who=w, dice=dice)
    if kind == "event_won":
        how = "" if ev.get("rolled") else t(lang, "without_rolling")
        return pick(table, "event_won", you).format(who=w, tile=ev["tile"], value=ev["value"], how=how)
    if kind == "event_set_aside":
        return t(lang, "event_set_aside", tile=ev["tile"])
    if kind == "barbarian_lost":
        return pick(table, "barbarian_lost", you).format(who=people.object(seat), total=ev["total"], value=ev["value"])
    if kind in ("round_ended", "game_over"):
        scores = ", ".join(f"{people.label(s['seat'])} {s['score']}" for s in ev.get("scores", []))
        if kind == "round_ended":
            return t(lang, "round_ended", round=ev["round"], scores=scores)
        winners = ev.get("winners", [])
        key = "game_over_many" if len(winners) > 1 else "game_over"
        return t(lang, key, scores=scores, who=some(winners) or t(lang, "nobody"))
    return None


#: which event of a move tells it, most telling first (games/moves.py)
MOVE_HEADLINES = (
    "event_won",
    "barbarian_lost",
    "event_set_aside",
    "tile_chosen",
    "catapult_given",
    "withdrawn",
    "fresh_troops_used",
    "no_tile",
    "commits_revealed",
    "committed",
)


def describe_move(move: Move, lang: Lang, names: list[str]) -> str:
    """The last move in one line, as everyone reads it; a commit before the reveal says only that
    it was made ("Bram has chosen")."""
    ev = headline(move, MOVE_HEADLINES)
    if ev is None or ev.get("type") == "committed":
        return chosen_caption(who(move.get("seat"), names, lang), _lang(lang))
    return describe_event(ev, lang, names) or who(move.get("seat"), names, lang)


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
        most = prompt.data.get("max", D.MAX_WITHDRAW)
        return t(lang, "prompt_withdraw_one") if most == 1 else t(lang, "prompt_withdraw", max=most)
    if kind == "fresh_troops":
        return t(lang, "prompt_fresh_troops")
    return kind


def status_lines(view: dict[str, Any], lang: Lang, names: list[str], viewer: int | None = None) -> list[str]:
    """The table in lines; ``viewer`` is the seat reading them (named "you"), None for everyone."""
    lang = _lang(lang)
    people = seats(names, lang, viewer)
    lines = []
    ev = view.get("event")
    if view.get("over") or not ev:
        lines.append(t(lang, "status_over", rounds=view.get("rounds")))
    else:
        start = view.get("start_player")
        lines.append(
            t(
                lang,
                "status_round",
                round=view["round"],
                rounds=view["rounds"],
                tile=ev["id"],
                terrain=terrain_name(ev["terrain"], lang),
                value=ev["value"],
                who=people.label(start) if start is not None else t(lang, "nobody"),
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
            extra += t(lang, "status_commit", chips=G.count("chip", lang, s["commit_count"]))
        elif s.get("committed"):
            extra += t(lang, "status_commit_hidden")
        held = list(s.get("event_tiles", [])) + [tile_name(x, lang) for x in s.get("strategy_tiles", [])]
        if held:
            extra += t(lang, "status_tiles", tiles=", ".join(held))
        score = G.count("point", lang, s["score"])
        lines.append(t(lang, "status_seat", who=_subject(s["seat"], names, lang, viewer), score=score, extra=extra))
    if view.get("display"):
        lines.append(t(lang, "status_display", tiles=", ".join(tile_name(x, lang) for x in view["display"])))
    me = view.get("viewer")
    if view.get("waiting") and isinstance(me, int):
        # the table message says whom the game waits for; a seat's own view says it here
        lines.append(t(lang, "status_waiting", who=listing([people.object(p) for p in view["waiting"]], lang)))
    if isinstance(me, int) and 0 <= me < len(view.get("seats", [])):
        mine = view["seats"][me]
        if mine.get("commit") is not None and view.get("phase") == "commit":
            lines.append(t(lang, "status_your_commit", chips=chips_text(mine["commit"], lang)))
        if mine.get("stock") is not None:
            lines.append(t(lang, "status_your_stock", chips=chips_text(mine["stock"], lang)))
    return lines


def private_lines(view: dict[str, Any], lang: Lang, names: list[str]) -> list[str]:
    """What is the viewing seat's own, for its own message: this round's commit (hidden from the
    others until the reveal, and kept through the round so the reveal need not redraw it) and its
    stock of chips (the table shows everything else)."""
    mine = view.get("you")
    if not isinstance(mine, dict):
        return []
    lines = []
    if mine.get("commit") is not None:
        lines.append(t(lang, "status_your_commit", chips=chips_text(mine["commit"], lang)))
    lines.append(t(lang, "status_your_stock", chips=chips_text(mine.get("stock"), lang)))
    return lines


# -- the final score -------------------------------------------------------------------------------
SCORE_PARTS = G.pairs(
    {
        # §11: the sources of prestige, in the rules' order
        "builders": ("Most [builder+]", "Meeste [builder+]"),
        "zero_commit": ("Nothing committed", "Niets ingezet"),
        "event_tiles": ("[Event_tile+]", "[Event_tile+]"),
        "barbarian": ("[Barbarian_battle]", "[Barbarian_battle]"),
        "extra_point": (TILE_NAMES["en"][D.EXTRA_POINT], TILE_NAMES["nl"][D.EXTRA_POINT]),
        "catapult": (TILE_NAMES["en"][D.CATAPULT], TILE_NAMES["nl"][D.CATAPULT]),
    }
)
NOTES = G.pairs(
    {
        "ended": (
            "The game ended after the last [round]: the most [prestige_point+] win.",
            "Het spel eindigde na de laatste [round]: de meeste [prestige_point+] winnen.",
        ),
        "shared": (
            "{who} share the victory: the rules give no tie-breaker.",
            "{who} delen de overwinning: de regels kennen geen beslissing bij gelijkspel.",
        ),
        "dummy": ("{dummy}: {score} ({parts}), not ranked.", "{dummy}: {score} ({parts}), niet gerangschikt."),
        "dummy_ranked": (
            "{dummy}: {score} ({parts}), ranked like a player.",
            "{dummy}: {score} ({parts}), gerangschikt als speler.",
        ),
    }
)


def score_parts(details: dict[str, Any], lang: Lang) -> list[tuple[str, int | float]]:
    """A seat's score by source (§11), labelled: chips for builders and empty commits, event tiles,
    the barbarian tile, and the two strategy tiles that count."""
    i = 1 if _lang(lang) == "nl" else 0
    return [(SCORE_PARTS[key][i], details.get(key, 0)) for key in D.SOURCES]


def result_notes(result: Any, lang: Lang, names: list[str]) -> list[str]:
    """What decided: a shared first place (§14 has no tie-breaker), and the fictitious player's
    score of a two-player game (§12.5)."""
    i = 1 if _lang(lang) == "nl" else 0
    out = [NOTES["ended"][i]]
    if len(result.winners) > 1:
        out.append(NOTES["shared"][i].format(who=listing([who(s, names, lang) for s in result.winners], lang)))
    dummy = result.extra.get("dummy")
    if isinstance(dummy, dict):
        parts = parts_line(score_parts(dummy.get("details") or {}, lang))
        key = "dummy_ranked" if dummy.get("ranked") else "dummy"
        out.append(
            NOTES[key][i].format(
                dummy=capital(_dummy(lang)), score=score_text(dummy.get("score", 0), lang), parts=parts
            )
        )
    return out


# -- rules summary -------------------------------------------------------------------------------
SUMMARY = G.pairs(
    {
        "summary": (
            "8 [round+], one [event_tile] each. In turn order every player secretly commits 0–5 [chip+] (6 with "
            "the [king]) from 12 [builder+], 4 [infantry], 4 [cavalry], 4 [archer+] and a [king]; committing nothing "
            "costs 1 [prestige_point]. After the reveal, kings take a [strategy_tile]; the most [builder+] score 3 "
            "(a tie: 1 each); [army+] roll [die+] whose colour depends on the [terrain] (green 5, yellow 4, red 3 on "
            "average) and the highest total wins the [event_tile], except in the [barbarian_battle], where the lowest "
            "total loses 2. Spent [chip+] are gone. The most [prestige_point+] after 8 [round+] wins. With 2 players "
            "a [fictitious_player] commits 3 random [chip+] each [round].",
            "8 [round+], elk met één [event_tile]. Op volgorde zet iedere speler geheim 0–5 [chip+] in (6 met de "
            "[king]) uit 12 [builder+], 4 [infantry], 4 [cavalry], 4 [archer+] en een [king]; niets inzetten kost 1 "
            "[prestige_point]. Na het omdraaien kiezen de koningen een [strategy_tile]; de meeste [builder+] scoren 3 "
            "(gelijk: ieder 1); [army+] gooien [die+] waarvan de kleur van het [terrain] afhangt (groen 5, geel 4, "
            "rood 3 gemiddeld) en het hoogste totaal wint de [event_tile], behalve bij de [barbarian_battle], waar "
            "het laagste totaal 2 verliest. Ingezette [chip+] zijn weg. Na 8 [round+] wint wie de meeste "
            "[prestige_point+] heeft. Met 2 spelers zet een [fictitious_player] elke [round] 3 willekeurige [chip+] "
            "in.",
        )
    }
)["summary"]


def rules_summary(lang: str) -> str:
    """The game in a paragraph, in the glossary's terms, for ``/rules`` and the terminal table."""
    return SUMMARY[1] if lang == "nl" else SUMMARY[0]


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

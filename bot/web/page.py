"""What one page shows: a seat's view (or the public one) as JSON, never the game's state.

Everything here goes through the engine's ``view`` for the reader's seat, so hidden information
reaches a page only where the engine shows it to that seat; the menu is the chat's menu tree.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import lru_cache
from importlib import import_module
from typing import Any

from bot.chat.i18n import t
from bot.service import menus
from bot.service.notices import Table
from bot.web.texts import texts
from games.core import Action, Engine, Event, visible
from games.fonts import font
from games.moves import newest, since_own

Places = Callable[[Action], list[str]]


def picture_module(engine: Engine) -> Any:
    name = getattr(engine, "picture_module", None)
    return import_module(name) if name else None


def scene_maker(engine: Engine) -> Callable[..., Any] | None:
    """The game's scene description (``scene(view, lang, names)``), where its picture offers one."""
    return getattr(picture_module(engine), "scene", None)


def places_maker(engine: Engine) -> Places | None:
    """The game's mapping from an action to the board places it names (``places_of``)."""
    return getattr(picture_module(engine), "places_of", None)


@lru_cache(maxsize=1)
def font_metrics() -> dict[str, list[float]]:
    """Ascent and descent of the picture font per point, so SVG texts sit where Pillow puts them."""
    out = {}
    for weight in ("regular", "bold"):
        ascent, descent = font(1000, weight).getmetrics()
        out[weight] = [ascent / 1000, descent / 1000]
    return out


def log_lines(engine: Engine, events: Iterable[Event], seat: int | None, lang: str, names: list[str]) -> list[str]:
    """The events this reader may see (a spectator: public ones only), in their language."""
    out = []
    for ev in events:
        if visible(ev, seat):
            line = engine.describe_event(ev, lang, names)
            if line:
                out.append(line)
    return out


def recent_moves(
    engine: Engine, view: dict[str, Any], seat: int | None, lang: str, names: list[str]
) -> list[dict[str, Any]]:
    """The moves made since the reader's own last one (a watcher: every move the game keeps), newest
    first, each in a line; ``marked`` is the one the board marks. From the view's public ``moves``,
    so a hidden pick reads "Bram has chosen" and nothing more."""
    last = newest(view)
    return [
        {
            "seat": move.get("seat"),
            "name": names[move["seat"]] if isinstance(move.get("seat"), int) and move["seat"] < len(names) else None,
            "text": engine.describe_move(move, lang, names),
            "marked": move is last,
        }
        for move in since_own(list(view.get("moves") or []), seat)
    ]


def step_json(step: menus.Step) -> dict[str, Any]:
    return {
        "chosen": step.chosen,
        "path": ".".join(step.path),
        "options": [{"label": o.label, "path": ".".join(o.path), "leaf": o.leaf} for o in step.options],
    }


def seat_menu(table: Table, seat: int, lang: str, legal: list[Action] | None = None) -> menus.Menu:
    """A seat's menus as the chat builds them (``render.seat_menu``): from the view with the seats'
    names, so an option names a player as the chat does ("rob Chris", not "rob player 3")."""
    actions = table.engine.legal(table.state, seat) if legal is None else legal
    return menus.Menu(table.engine, table.view(seat), actions, lang)


def path_of(menu: menus.Menu, action: Action) -> list[str] | None:
    """The menu path that picks ``action`` (child indices, unfolded): the same press as in the chat."""
    stack: list[tuple[Any, list[str]]] = [(menu.root, [])]
    while stack:
        node, path = stack.pop()
        if node.action == action:
            return [*path, menus.LEAF_SELF] if node.children else path
        stack.extend((child, [*path, str(i)]) for i, child in enumerate(node.children))
    return None


def clickable(places: Places | None, actions: list[Action]) -> dict[str, list[Action]]:
    """Each board place that at least one legal action names, with those actions."""
    out: dict[str, list[Action]] = {}
    if places is None:
        return out
    for action in actions:
        for place in places(action):
            out.setdefault(place, []).append(action)
    return out


#: what a scene's text keeps only for the picture tests' fit checks; the page never reads it
FIT_CHECKS = ("source", "box", "extent")


def wire_scene(scene: dict[str, Any]) -> dict[str, Any]:
    """The scene as a page gets it: every shape as drawn, without the texts' fit-check fields
    (about a third of a board's bytes, encoded and parsed on every change for nothing), every
    number to a hundredth of a pixel (a float's 17 digits are a tenth of a board's bytes) and a
    whole one without its ".0"."""
    items = [
        {
            k: (_short(v) if type(v) in _NUMBERS else v)
            for k, v in item.items()
            if not (item["kind"] == "text" and k in FIT_CHECKS)
        }
        for item in scene["items"]
    ]
    out = {**scene, "items": items}
    if "regions" in scene:
        out["regions"] = [{**r, "box": _short(r["box"])} for r in scene["regions"]]
    return out


_NUMBERS = (float, list)  # what ``_short`` changes: a float, or a list of them (a box, points)


def _short(value: Any) -> Any:
    if type(value) is float:
        near = round(value, 2)
        return int(near) if near.is_integer() else near
    if type(value) is list:
        return [_short(v) if type(v) in _NUMBERS else v for v in value]
    return value


def vote_choices(table: Table, lang: str) -> list[dict[str, Any]]:
    """The votes on seats whose time ran out, as the table message offers them (``clock_items``):
    a stand-in for each seat put to the vote and, once, ending the game; with each seat's tally."""
    out: list[dict[str, Any]] = []
    for seat in table.vote_seats():
        name = table.seats[seat].name
        ballot = table.votes[str(seat)]
        choices = [{"choice": "stand_in", "label": t("vote_stand_in", lang, name=name)}]
        if not out:
            choices.append({"choice": "end", "label": t("vote_end", lang)})
        tally = t("vote_tally", lang, stand_in=len(ballot.get("stand_in", [])), end=len(ballot.get("end", [])))
        out.append({"seat": seat, "name": name, "tally": tally, "choices": choices})
    return out


def with_words(content: str, lang: str) -> str:
    """A page's first content (``payload`` as JSON) with the page's own words in its language: the
    page keeps them, so the updates its socket brings leave them out (a tenth of a small board's state)."""
    return '{"texts":' + _words(lang) + "," + content[1:]


@lru_cache(maxsize=8)
def _words(lang: str) -> str:
    return json.dumps(texts(lang), separators=(",", ":"), ensure_ascii=False)


def common(table: Table, lang: str) -> dict[str, Any]:
    """What every reader of the game is sent alike at this version (the game, the players, whose
    turn it is): built once per version and language, shared by all its pages."""
    engine = table.engine
    waiting = set(engine.pending(table.state)) if table.state is not None else set()
    answer = table.asked_to_answer()  # asked by an open offer (a hand-over page passes the device on)
    return {
        "game": engine.names.get(lang) or engine.names["en"],
        "game_id": table.game_id,
        "version": table.version,
        "running": table.status == "running",
        "lang": lang,
        "players": [
            {
                "name": info.label,
                "seat": info.position,
                "waiting": info.position in waiting,
                "answer": info.position in answer,
            }
            for info in table.seats
        ],
    }


def payload(
    table: Table,
    seat: int | None,
    lang: str,
    events: Iterable[Event],
    picture_url: str | None = None,
    shared: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The page's whole content for one reader (``shared``: ``common`` of this table and language,
    when the caller keeps it for the game's other pages)."""
    engine = table.engine
    names = table.names
    view = engine.view(table.state, seat)
    base = shared if shared is not None else common(table, lang)
    out: dict[str, Any] = {
        **base,
        "seat": seat,
        "players": [{**p, "you": p["seat"] == seat} for p in base["players"]],
        "status": engine.status_lines(view, lang, names),
        "log": log_lines(engine, events, seat, lang, names)[-30:],
        "recent": recent_moves(engine, view, seat, lang, names),
        "prompt": None,
        "seq": None,
        "menu": None,
        "places": [],
        "votes": [],
    }
    if seat is not None and table.status == "running":  # the players vote; a watcher's page has no buttons
        out["votes"] = vote_choices(table, lang)
    if table.result is not None:
        out["status"] = [texts(lang)["finished"], *out["status"]]
    make_scene = scene_maker(engine)
    if make_scene is not None:
        out["board"] = {"scene": wire_scene(make_scene(view, lang, names).to_json()), "font": font_metrics()}
    else:
        out["board"] = {"picture": picture_url}
    if seat is not None and seat in table.prompts and table.status == "running":
        legal = engine.legal(table.state, seat)
        menu = menus.Menu(engine, {**view, "names": names}, legal, lang)  # as seat_menu, on the view at hand
        out["prompt"] = engine.describe_prompt(menu.view, table.prompts[seat], lang)
        out["seq"] = table.prompt_seqs.get(seat, 0)
        step = menu.resolve([])
        if isinstance(step, menus.Step):
            out["menu"] = step_json(step)
        out["places"] = sorted(clickable(places_maker(engine), legal))
    return out

"""The web table names seats as the chat does: every label of its menus (the panel's steps, the
options a board click leaves open, the "Done:" answer) is the chat's label for the same choice, for
random positions of all four games in both languages, and none says "player 3" where a name is known."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.chat import render
from bot.chat.i18n import t
from bot.service import menus
from bot.service.notices import Outcome, SeatInfo, Table
from bot.web import page
from bot.web.links import Links
from bot.web.page import path_of, places_maker, seat_menu
from bot.web.server import WebTable
from games import registry
from games.core import Action, Engine

NAMES = ["Anna", "Bram", "Chris", "Dirk"]
#: how a seat is called when its name is not known ("player 3", "Speler 2", "P1")
DEFAULT_NAME = re.compile(r"\b(player|speler)\s*\d|\bP\d\b", re.IGNORECASE)
#: the games whose menus name seats (a War Chest menu names hexes and coins only)
NAMING = {"battles_builders", "burg", "cities_knights"}
#: the games where a click on the board can leave a choice between seats (whom the robber robs)
BOARD_NAMING = {"cities_knights"}
LANGS = ("en", "nl")
GAME_ID, USER = 7, 100


def players(engine: Engine) -> int:
    return min(engine.max_players, len(NAMES))


def naming(engine: Engine, state: Any, seat: int) -> bool:
    """Whether a label of the seat's decision names a seat."""
    view = {**engine.view(state, seat), "names": NAMES}
    return any(
        name in label
        for a in engine.legal(state, seat)
        for label in engine.action_path(view, a, "en")
        for name in NAMES
    )


@cache
def positions(key: str) -> list[tuple[Any, int]]:
    """(state, seat asked) of seeded random legal playouts: every third action, and every decision
    whose labels name a seat (rare ones, such as whom the robber robs, included)."""
    engine = registry.ENGINES[key]
    out: list[tuple[Any, int]] = []
    for seed in (1, 2, 3, 4):
        rnd = random.Random(seed)
        state = engine.start(players(engine), {}, seed)
        for step in range(400):
            pending = engine.pending(state)
            if not pending:
                break
            kept = [s for s in sorted(pending) if step % 3 == 0 or naming(engine, state, s)]
            out += [(copy.deepcopy(state), s) for s in kept]
            seat = rnd.choice(sorted(pending))
            engine.apply(state, seat, rnd.choice(engine.legal(state, seat)))
    return out


def table_of(engine: Engine, state: Any, seat: int, version: int = 5, lang: str = "en") -> Table:
    """The game as the service loads it: people seated under their names (speaking ``lang``), the
    last seat an AI."""
    last = players(engine) - 1
    seats = [
        SeatInfo(i, USER + i, NAMES[i], lang, True, ai_level="normal" if i == last else None) for i in range(last + 1)
    ]
    pending = engine.pending(state)
    return Table(
        game_id=GAME_ID,
        channel_id=2,
        guild_id=3,
        engine=engine,
        status="running",
        host_id=USER,
        seats=seats,
        options={},
        version=version,
        state=state,
        prompts=dict(pending),
        prompt_seqs={s: version for s in pending},
    )


Steps = dict[str, tuple[list[str], list[tuple[str, bool]]]]


def walk(menu: menus.Menu, first: menus.Step | None = None) -> Steps:
    """Every step of a decision's menus by its path: what was chosen, and the options' labels."""
    out: Steps = {}
    todo: list[list[str]] = [[]]
    while todo:
        path = todo.pop()
        step = first if first is not None and not path else menu.resolve(path)
        assert isinstance(step, menus.Step), (path, step)
        out[".".join(path)] = (step.chosen, [(o.label, o.leaf) for o in step.options])
        todo += [o.path for o in step.options if not o.leaf]
    return out


def labels(steps: Steps) -> list[str]:
    return [label for chosen, options in steps.values() for label in [*chosen, *(o for o, _ in options)]]


def names_someone(texts: list[str], table: Table) -> bool:
    return any(name in text for text in texts for name in table.names)


def web_root(table: Table, seat: int, lang: str) -> menus.Step:
    """The first step of the panel as the page's payload sends it."""
    menu = page.payload(table, seat, lang, [])["menu"]
    assert menu is not None
    options = [menus.Option(o["label"], o["path"].split(".") if o["path"] else [], o["leaf"]) for o in menu["options"]]
    return menus.Step(menu["chosen"], options, menu["path"].split(".") if menu["path"] else [])


@pytest.mark.parametrize("key", sorted(registry.ENGINES))
def test_every_web_menu_label_is_the_chats(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page, "scene_maker", lambda engine: None)  # the board is no part of the menus
    engine = registry.ENGINES[key]
    named = 0
    for state, seat in positions(key):
        table = table_of(engine, state, seat)
        for lang in LANGS:
            chat_menu = render.seat_menu(table, seat, lang)
            web_menu = seat_menu(table, seat, lang)
            web = walk(web_menu, web_root(table, seat, lang))
            assert web == walk(chat_menu)
            assert not [label for label in labels(web) if DEFAULT_NAME.search(label)]
            # the "Done:" answer and a board click's options label an action from the menu's view
            for action in web_menu.actions:
                said = engine.action_path(chat_menu.view, action, lang)
                assert engine.action_path(web_menu.view, action, lang) == said
                assert not DEFAULT_NAME.search(" ".join(said)), said
            named += names_someone(labels(web), table)
    assert len(positions(key)) > 50
    if key in NAMING:  # the positions include menus that name seats, so the check says something
        assert named > 0


# -- through the web API -----------------------------------------------------------------------


class Service:
    """The table service as the web table uses it, holding one game; an action is recorded."""

    sessions = None

    def __init__(self, table: Table) -> None:
        self.table = table
        self.acted: list[Action] = []

    async def table_by_id(self, game_id: int) -> Table | None:
        return self.table if game_id == self.table.game_id else None

    async def act(self, *, game_id: int, user_id: int, action: Action, seq: int | None = None) -> Outcome:
        self.acted.append(action)
        return Outcome(table=self.table)


@asynccontextmanager
async def web_api(table: Table, seat: int) -> AsyncIterator[tuple[TestClient[Any, Any], dict[str, str], Service]]:
    service = Service(table)
    links = Links("a secret of the test", "http://127.0.0.1", 3600)
    fake: Any = service  # the part of the table service the web table uses
    pictures: Any = None  # the menus draw no picture
    web = WebTable(fake, pictures, links, rate_per_minute=100_000, poll=None, heartbeat=None, bundle=Path("/nowhere"))

    async def announce(_outcome: Outcome, _seat: int) -> None:
        return None

    web.announce = announce
    token = links.token(GAME_ID, seat, USER + seat)
    async with TestClient(TestServer(web.app())) as client:
        yield client, {"X-Board-Token": token}, service


async def post(client: TestClient[Any, Any], route: str, headers: dict[str, str], body: dict[str, Any]) -> Any:
    async with client.post(route, headers=headers, json=body) as resp:
        answer = await resp.json()
        assert resp.status == 200 and answer["ok"], answer
        return answer


def menu_path(menu: menus.Menu, action: Action) -> str:
    path = path_of(menu, action)
    assert path is not None
    return ".".join(path)


def naming_positions(key: str) -> list[tuple[Any, int]]:
    """A few positions per game: first those where a click on the board leaves a choice between
    actions naming seats (whom the robber robs), then those whose menus name a seat."""
    engine = registry.ENGINES[key]
    places = places_maker(engine)

    def rank(position: tuple[Any, int]) -> tuple[bool, bool]:
        state, seat = position
        table = table_of(engine, state, seat)
        menu = render.seat_menu(table, seat, "en")
        named = [a for a in menu.actions if names_someone(engine.action_path(menu.view, a, "en"), table)]
        shared = places is not None and any(
            sum(place in places(b) for b in named) > 1 for a in named for place in places(a)
        )
        return not shared, not named

    return sorted(positions(key), key=rank)[:3]


@pytest.mark.parametrize("key", sorted(registry.ENGINES))
async def test_the_web_api_names_seats_as_the_chat(key: str) -> None:
    """The whole menu walked by presses on /api/menu, board clicks on /api/place and the "Done:"
    answer of a press, each compared with the chat's wording."""
    engine = registry.ENGINES[key]
    clicks_naming = 0
    for state, seat in naming_positions(key):
        for lang in LANGS:
            table = table_of(engine, state, seat, lang=lang)
            chat_menu = render.seat_menu(table, seat, lang)
            chat = walk(chat_menu)
            async with web_api(table, seat) as (client, headers, service):
                # the seat's own language, whatever the browser prefers
                headers = {**headers, "Accept-Language": "en" if lang == "nl" else "nl"}
                seq = table.prompt_seqs[seat]
                seen: Steps = {}
                for path in chat:
                    answer = await post(client, "/api/menu", headers, {"seq": seq, "path": path})
                    menu = answer["menu"]
                    seen[menu["path"]] = (menu["chosen"], [(o["label"], o["leaf"]) for o in menu["options"]])
                assert seen == chat
                assert not [label for label in labels(seen) if DEFAULT_NAME.search(label)]
                named = [
                    a for a in chat_menu.actions if names_someone(engine.action_path(chat_menu.view, a, lang), table)
                ]
                for action in (named or chat_menu.actions)[:3]:
                    said = " › ".join(engine.action_path(chat_menu.view, action, lang))
                    answer = await post(
                        client, "/api/menu", headers, {"seq": seq, "path": menu_path(chat_menu, action)}
                    )
                    assert answer["done"] == t("chosen", lang, label=said)
                    assert service.acted[-1] == action and not DEFAULT_NAME.search(answer["done"])
                places = places_maker(engine)
                if places is None:
                    continue
                for place in sorted({p for a in chat_menu.actions for p in places(a)}):
                    actions = [a for a in chat_menu.actions if place in places(a)]
                    if len(actions) < 2:
                        continue  # a click on it applies its one action
                    answer = await post(client, "/api/place", headers, {"seq": seq, "places": [place]})
                    got = {o["path"]: o["label"] for o in answer["menu"]["options"]}
                    wanted = {
                        menu_path(chat_menu, a): " · ".join(engine.action_path(chat_menu.view, a, lang))[:100]
                        for a in actions
                    }
                    assert got == wanted
                    assert not [label for label in got.values() if DEFAULT_NAME.search(label)]
                    clicks_naming += names_someone(list(got.values()), table)
    if key in BOARD_NAMING:
        assert clicks_naming > 0

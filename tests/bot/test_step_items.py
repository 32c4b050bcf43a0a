"""How a menu step is drawn in Discord: buttons, and small groups opened as selects of their actions."""

from __future__ import annotations

from typing import Any

import discord

from bot.chat import render
from bot.service import menus
from bot.service.notices import SeatInfo, Table
from games.core import Action, Prompt


class Paths:
    """A stand-in engine whose legal actions label themselves with their paths."""

    names = {"en": "Paths"}

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions

    def legal(self, state: Any, seat: int) -> list[Action]:
        return self.actions

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return {}

    def action_path(self, view: dict[str, Any], action: Action, lang: str) -> list[str]:
        return list(action["path"])


def table_of(actions: list[Action]) -> Table:
    return Table(
        game_id=7,
        channel_id=2,
        guild_id=3,
        engine=Paths(actions),  # type: ignore[arg-type]
        status="running",
        host_id=10,
        seats=[SeatInfo(0, 10, "alice", "en", True)],
        options={},
        version=5,
        state=object(),
        prompts={0: Prompt("turn")},
        prompt_seqs={0: 5},
    )


def group(name: str, n: int) -> list[Action]:
    return [{"type": "x", "path": [name, f"{name}{i}"]} for i in range(n)]


def test_small_groups_become_selects_of_their_actions_while_rows_last() -> None:
    actions = group("Roads", 10) + group("Cities", 30) + [{"type": "end", "path": ["End turn"]}] + group("Walls", 3)
    table = table_of(actions)
    menu = menus.Menu(table.engine, {}, actions, "en")
    step = menu.resolve([])
    assert isinstance(step, menus.Step) and [o.label for o in step.options] == ["Roads", "Cities", "End turn", "Walls"]
    items = render.step_items(table, 0, "en", step, menu)
    buttons = [i.item for i in items if isinstance(i.item, discord.ui.Button)]
    selects = [i.item for i in items if isinstance(i.item, discord.ui.Select)]
    # the 30 cities stay a button (their own step, pages of 24); the roads and walls are one press away
    assert [b.label for b in buttons] == ["Cities", "End turn"] and {b.row for b in buttons} == {0}
    assert [s.placeholder for s in selects] == ["Roads", "Walls"] and [s.row for s in selects] == [1, 2]
    assert len({s.custom_id for s in selects}) == 2  # custom ids are unique within a message
    for select, name, n in zip(selects, ("Roads", "Walls"), (10, 3), strict=True):
        chosen = [menus.resolve(table.engine, {}, actions, "en", o.value.split(".")) for o in select.options]
        assert chosen == [a for a in actions if a["path"][0] == name] and len(chosen) == n


def test_groups_stay_buttons_when_the_rows_are_full() -> None:
    """Fifteen options fill three rows of buttons: no room for a select, every group stays a button;
    with eleven, one group opens (ten buttons in two rows, the select in the third)."""
    actions = [a for k in range(15) for a in group(f"G{k}", 3)]
    table = table_of(actions)
    menu = menus.Menu(table.engine, {}, actions, "en")
    step = menu.resolve([])
    assert isinstance(step, menus.Step) and len(step.options) == 15
    items = render.step_items(table, 0, "en", step, menu)
    assert all(isinstance(i.item, discord.ui.Button) for i in items) and len(items) == 15
    assert max(i.item.row or 0 for i in items) < render.STEP_ROWS
    fewer = table_of(actions[: 11 * 3])
    menu = menus.Menu(fewer.engine, {}, actions[: 11 * 3], "en")
    step = menu.resolve([])
    assert isinstance(step, menus.Step)
    items = render.step_items(fewer, 0, "en", step, menu)
    assert [type(i.item).__name__ for i in items] == ["Button"] * 10 + ["Select"]
    assert [i.item.row for i in items] == [0] * 5 + [1] * 5 + [2]

"""What the chat adapter's ``announce`` does for a Discord table, for a table without a chat: every
committed change (a press on a page, an AI's move, a vote) reaches the open pages, and the AI seats
look again."""

from __future__ import annotations

from collections.abc import Callable

from bot.service.autoplay import AIPlayers
from bot.service.notices import Outcome, Table, Voted
from bot.store.models import RUNNING
from bot.web.server import WebTable
from games.core import Event

Watcher = Callable[[Table], None]


class LocalDriver:
    def __init__(self, web: WebTable, ai: AIPlayers, on_change: Watcher | None = None) -> None:
        self.web = web
        self.ai = ai
        self.on_change = on_change  # e.g. the command line saying that the game is over
        web.announce = self.after_press
        web.voted = self.after_vote
        ai.on_outcome = self.after_ai

    async def after_press(self, outcome: Outcome, _seat: int) -> None:
        self.told(outcome.table, outcome.events)

    async def after_ai(self, outcome: Outcome) -> None:
        self.told(outcome.table, outcome.events)

    async def after_vote(self, voted: Voted, _seat: int, _voter: int) -> None:
        self.told(voted.table, [])

    def told(self, table: Table, events: list[Event]) -> None:
        self.web.changed(table, events)
        if table.status == RUNNING and table.ai_seats:
            self.ai.kick(table.game_id)
        elif table.status != RUNNING:
            self.ai.forget(table.game_id)
        if self.on_change is not None:
            self.on_change(table)

"""A process that plays one game as fast as it can until it is killed (tests/bot/test_faults.py).

    python -m tests.bot.kill_worker DATABASE_URL GAME_ID SEED

After every accepted action it prints the game's new version and flushes, so the test knows
which actions were acknowledged (committed) before the kill.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.service.errors import ServiceError
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions


async def main(url: str, game_id: int, seed: int) -> None:
    engine = make_engine(url)
    service = TableService(make_sessions(engine))
    rnd = random.Random(seed)
    while True:
        table = await service.table_by_id(game_id)
        if table is None or table.result is not None or table.status != "running":
            print("over", flush=True)
            return
        seat = rnd.choice(sorted(table.engine.pending(table.state)))
        action = rnd.choice(table.engine.legal(table.state, seat))
        try:
            outcome = await service.act(game_id=game_id, user_id=table.user_of(seat) or 0, action=action)
        except ServiceError:
            continue
        print(outcome.table.version, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))

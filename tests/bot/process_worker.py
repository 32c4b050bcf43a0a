"""One bot-like process for tests/bot/test_processes.py: its own table service and connection pool.

    python -m tests.bot.process_worker DATABASE_URL GAME_ID STEPS START_AT DONE_DIR

At START_AT (a wall-clock time, so two processes begin together) it repeatedly reads the game and
presses the open prompt's first legal action of the first waiting seat, with that prompt's
sequence number, as a player's button would. The other process presses the same buttons, so
every press races. When done it leaves a file in DONE_DIR and waits for the other's, then reads
the game. It prints one JSON line: what it pressed, what came of each press, and what it read.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
import time
from pathlib import Path

from bot.service.errors import ServiceError
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions


async def main(url: str, game_id: int, steps: int, start_at: float, done_dir: Path) -> None:
    engine = make_engine(url)
    service = TableService(make_sessions(engine))
    presses: list[dict[str, object]] = []
    try:
        await asyncio.sleep(max(0.0, start_at - time.time()))
        for _ in range(steps):
            table = await service.table_by_id(game_id)
            if table is None or table.result is not None or table.status != "running":
                break
            seat = min(table.engine.pending(table.state))
            action = table.engine.legal(table.state, seat)[0]
            seq = table.prompt_seqs[seat]
            try:
                outcome = await service.act(game_id=game_id, user_id=table.user_of(seat) or 0, action=action, seq=seq)
                presses.append({"seat": seat, "seq": seq, "accepted": outcome.table.version})
            except ServiceError as err:
                presses.append({"seat": seat, "seq": seq, "refused": err.code})
        (done_dir / f"{os.getpid()}.done").touch()
        for _ in range(600):  # both processes read only after both have stopped pressing
            if len(list(done_dir.glob("*.done"))) >= 2:
                break
            await asyncio.sleep(0.1)
        table = await service.table_by_id(game_id)
        assert table is not None
        state = json.dumps(table.engine.dump(table.state), sort_keys=True)
        final = {"version": table.version, "state": hashlib.sha256(state.encode()).hexdigest()}
    finally:
        await engine.dispose()
    print(json.dumps({"presses": presses, "final": final}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), Path(sys.argv[5])))

"""One bot-like process for tests/bot/test_processes.py: its own table service and connection pool.

    python -m tests.bot.process_worker DATABASE_URL GAME_ID STEPS SYNC_DIR

Once both processes are up (each leaves a file in SYNC_DIR and waits for the other's) it repeatedly reads the game and
presses the open prompt's first legal action of the first waiting seat, with that prompt's
sequence number, as a player's button would, twice at once (a double click). The other process presses the same buttons, so
every press races. When done it leaves another file there and waits for the other's, then reads
the game. It prints one JSON line: what it pressed, what came of each press, and what it read.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
from pathlib import Path

from bot.service.errors import ServiceError
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions


async def _both(sync_dir: Path, suffix: str) -> None:
    """Leave this process's mark and wait until the other process has left its own."""
    (sync_dir / f"{os.getpid()}.{suffix}").touch()
    for _ in range(12000):
        if len(list(sync_dir.glob(f"*.{suffix}"))) >= 2:
            return
        await asyncio.sleep(0.005)


async def main(url: str, game_id: int, steps: int, sync_dir: Path) -> None:
    engine = make_engine(url)
    service = TableService(make_sessions(engine))
    presses: list[dict[str, object]] = []
    try:
        await service.table_by_id(game_id)  # connected and warm before the race starts
        await _both(sync_dir, "ready")
        for _ in range(steps):
            table = await service.table_by_id(game_id)
            if table is None or table.result is not None or table.status != "running":
                break
            seat = min(table.engine.pending(table.state))
            action = table.engine.legal(table.state, seat)[0]
            seq = table.prompt_seqs[seat]
            user = table.user_of(seat) or 0
            # a double click: the same button twice at once, while the other process presses it too
            for result in await asyncio.gather(
                *(service.act(game_id=game_id, user_id=user, action=action, seq=seq) for _ in range(2)),
                return_exceptions=True,
            ):
                if isinstance(result, ServiceError):
                    presses.append({"seat": seat, "seq": seq, "refused": result.code})
                elif isinstance(result, BaseException):
                    raise result
                else:
                    presses.append({"seat": seat, "seq": seq, "accepted": result.table.version})
        await _both(sync_dir, "done")  # both read only after both have stopped pressing
        table = await service.table_by_id(game_id)
        assert table is not None
        state = json.dumps(table.engine.dump(table.state), sort_keys=True)
        final = {"version": table.version, "state": hashlib.sha256(state.encode()).hexdigest()}
    finally:
        await engine.dispose()
    print(json.dumps({"presses": presses, "final": final}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])))

"""Board pictures: drawn in worker processes, once per game version and reader, then reused.

Drawing and encoding a picture is CPU-bound (4-12 ms with warm caches); in a thread it holds the
GIL and every other channel waits, so it runs in a process pool. A picture depends only on the
game's version, the reader (the table or one seat) and the language, so it is drawn once for each
and shared by every reader, also by readers who ask while it is being drawn.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from bot.service.workers import worker_pool
from games import registry

Key = tuple[int, int, int, str, tuple[str, ...]]  # game, version, seat (-1 = table), language, names


def draw(game_key: str, view: dict[str, Any], lang: str, names: list[str]) -> bytes | None:
    """Runs in a worker process."""
    return registry.get(game_key).picture(view, lang, names)


def picture_pool(workers: int | None = None) -> ProcessPoolExecutor:
    return worker_pool("pictures", workers)


class Pictures:
    def __init__(self, executor: Executor | None = None, *, keep: int = 256) -> None:
        self._executor = executor  # made on first use when not given
        self._owned: Executor | None = None
        self.keep = keep  # pictures kept for reuse (a few per running game)
        self._done: OrderedDict[Key, bytes | None] = OrderedDict()
        self._drawing: dict[Key, asyncio.Future[bytes | None]] = {}
        self.drawn = 0  # pictures actually drawn (tests and benchmarks read it)

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = self._owned = picture_pool()
        return self._executor

    async def png(
        self,
        game_key: str,
        game_id: int,
        version: int,
        seat: int | None,
        lang: str,
        view: dict[str, Any],
        names: list[str],
    ) -> bytes | None:
        key: Key = (game_id, version, -1 if seat is None else seat, lang, tuple(names))
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        running = self._drawing.get(key)
        if running is not None:
            return await asyncio.shield(running)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bytes | None] = loop.create_future()
        self._drawing[key] = future
        try:
            png = await loop.run_in_executor(self.executor, draw, game_key, view, lang, names)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: readers waiting on it get it, nobody else must
            raise
        finally:
            self._drawing.pop(key, None)
        future.set_result(png)
        self.drawn += 1
        self._done[key] = png
        while len(self._done) > self.keep:
            self._done.popitem(last=False)
        return png

    def forget(self, game_id: int) -> None:
        """A finished game's pictures leave memory."""
        for key in [k for k in self._done if k[0] == game_id]:
            del self._done[key]

    def close(self) -> None:
        if self._owned is not None:
            self._owned.shutdown(wait=False, cancel_futures=True)

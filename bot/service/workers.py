"""The bot's worker processes (AI thinking, board pictures, replays).

Spawned, not forked: a fork of a process running an event loop and database connections would copy
them half-way. Each worker names itself ``speltafel <kind>`` (``ps``, ``top`` and the load benchmark
tell them apart) and may run at a lower CPU priority.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from setproctitle import setproctitle


def worker_pool(kind: str, workers: int | None = None, *, niceness: int = 0) -> ProcessPoolExecutor:
    """``workers`` processes (one per core by default) of the given kind."""
    return ProcessPoolExecutor(
        max_workers=workers or os.cpu_count() or 1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_begin,
        initargs=(kind, niceness),
    )


def _begin(kind: str, niceness: int) -> None:
    setproctitle(f"speltafel {kind}")
    if niceness and hasattr(os, "nice"):  # not on Windows
        os.nice(niceness)

"""A CPU sampler that splits a process's CPU time by what its threads were running.

Totals are the threads' own CPU clocks; only their split is sampled. The main thread (the bot's
event loop, or a picture worker's drawing) is sampled by a profiling timer: every ``interval`` of
the process's CPU time a signal handler charges the main thread's CPU spent since the last charge
to the kind of code it interrupted (``classify``). A signal lands between any two bytecodes, so
pure Python is sampled as often as code in C; a sampling thread would get the GIL mostly when C
code releases it and charge that code for the Python before it. Other threads (the database
driver's, a pool's) are polled every ``poll`` seconds and charged by what they run. The sampler's
own work is left out of every charge. It reads only stacks and file names, so it measures any
commit of the project alike.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

Classify = Callable[[list[str]], str]  # files of a stack, innermost first -> kind
ROOT = str(Path(__file__).resolve().parent.parent) + "/"


def short(filename: str) -> str:
    """``.../site-packages/PIL/Image.py`` -> ``PIL/Image.py``, ``.../lib/python3.11/json/x.py`` ->
    ``json/x.py``; the project's files from its root."""
    if "site-packages/" in filename:
        return filename.split("site-packages/", 1)[1]
    if "/lib/python3" in filename:
        tail = filename.split("/lib/python3", 1)[1]
        return tail.split("/", 1)[1] if "/" in tail else tail
    return filename[len(ROOT) :] if filename.startswith(ROOT) else filename


class Sampler:
    def __init__(self, classify: Classify, interval: float = 0.001, poll: float = 0.05) -> None:
        self.classify = classify
        self.interval = interval
        self.poll = poll
        self._main: Counter[str] = Counter()  # kind -> CPU seconds of the main thread (its handler's)
        self._threads: Counter[str] = Counter()  # kind -> CPU seconds of the other threads (the poller's)
        self._files: dict[Any, str] = {}
        self._main_last = 0.0
        self._others: dict[int, float] = {}
        self._skip: set[int] = set()  # the sampler's own threads
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._poller = threading.Thread(target=self._poll, name="cpu-sampler", daemon=True)

    def start(self) -> Sampler:
        self._main_last = time.thread_time()
        signal.signal(signal.SIGPROF, self._on_signal)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)
        self._poller.start()
        return self

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        self._stop.set()
        self._poller.join()

    def snapshot(self) -> Counter[str]:
        """Every kind's CPU seconds so far. Copying a dict is one step for the interpreter, so the
        handler (which never waits for the lock: it would wait for its own thread) cannot cut in."""
        total = Counter(dict(self._main))
        with self._lock:
            total.update(self._threads)
        return total

    def _stack(self, frame: FrameType | None) -> list[str]:
        files: list[str] = []
        while frame is not None:
            code = frame.f_code
            name = self._files.get(code)
            if name is None:
                name = self._files[code] = short(code.co_filename)
            files.append(name)
            frame = frame.f_back
        return files

    def _on_signal(self, _signum: int, frame: FrameType | None) -> None:
        now = time.thread_time()
        spent = now - self._main_last
        if spent > 0:
            kind = self.classify(self._stack(frame))
            self._main[kind] = self._main.get(kind, 0.0) + spent
        self._main_last = time.thread_time()  # the handler's own time is nobody's

    def _poll(self) -> None:
        self._skip.add(threading.get_ident())
        main = threading.main_thread().ident
        while not self._stop.wait(self.poll):
            for ident, frame in sys._current_frames().items():
                if ident in self._skip or ident == main:
                    continue
                try:
                    now = time.clock_gettime(time.pthread_getcpuclockid(ident))
                except OSError:  # the thread ended meanwhile
                    continue
                spent = now - self._others.get(ident, now)
                self._others[ident] = now
                if spent > 0:
                    kind = self.classify(self._stack(frame))
                    with self._lock:
                        self._threads[kind] += spent


class FileSampler(Sampler):
    """A sampler in a worker process that writes its totals to ``folder/<pid>.json`` as it goes,
    so the process that owns the pool can read them while the worker lives."""

    def __init__(self, classify: Classify, folder: str, every: float = 0.1) -> None:
        super().__init__(classify)
        self.path = Path(folder) / f"{os.getpid()}.json"
        self.every = every
        self._writer = threading.Thread(target=self._write, name="cpu-sampler-writer", daemon=True)

    def start(self) -> Sampler:
        super().start()
        self._writer.start()
        self._skip.add(self._writer.ident or 0)
        return self

    def _write(self) -> None:
        while not self._stop.wait(self.every):
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(dict(self.snapshot())))
            tmp.replace(self.path)


def read_folder(folder: str | Path) -> Counter[str]:
    """The sum of every worker's totals written in ``folder``."""
    total: Counter[str] = Counter()
    for path in Path(folder).glob("*.json"):
        total.update(json.loads(path.read_text()))
    return total

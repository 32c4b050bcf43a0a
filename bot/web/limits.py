"""Requests per person: a token bucket each, on an injected clock (tests move time)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable


class RateLimit:
    def __init__(self, per_minute: int, now: Callable[[], float] = time.monotonic, keep: int = 10_000) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0  # tokens back per second
        self.now = now
        self.keep = keep  # people remembered; the longest idle are forgotten first
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, who: str) -> bool:
        now = self.now()
        tokens, last = self._buckets.pop(who, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - last) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[who] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > self.keep:
            self._buckets.popitem(last=False)
        return allowed

"""The bot's worker processes name themselves, so `ps`, `top` and the load benchmark tell them apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service.autoplay import thinking_pool
from bot.service.pictures import picture_pool
from bot.service.replays import replay_pool


def _title() -> str:
    return Path("/proc/self/cmdline").read_bytes().split(b"\0")[0].decode()


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="process titles are read from /proc (Linux)")
@pytest.mark.parametrize(("make", "title"), [(picture_pool, "speltafel pictures"), (thinking_pool, "speltafel ai")])
def test_a_pools_workers_carry_its_name(make: object, title: str) -> None:
    pool = make(1)  # type: ignore[operator]
    try:
        assert pool.submit(_title).result(timeout=60) == title
    finally:
        pool.shutdown()


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="process titles are read from /proc (Linux)")
def test_the_replay_worker_is_named_too() -> None:
    pool = replay_pool()
    try:
        assert pool.submit(_title).result(timeout=60) == "speltafel replays"
    finally:
        pool.shutdown()

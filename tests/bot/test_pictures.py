"""Board pictures are drawn in a worker process, once per game version and reader, and reused."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bot.service.pictures import Pictures, picture_pool
from games import registry


@pytest.fixture(scope="module")
def pool() -> Iterator[object]:
    executor = picture_pool(1)
    yield executor
    executor.shutdown(wait=True)


async def test_one_drawing_per_version_and_reader(pool: object) -> None:
    engine = registry.get("war_chest")
    state = engine.start(2, {}, 7)
    names = ["ann", "bo"]
    pictures = Pictures(pool, keep=4)  # type: ignore[arg-type]
    table_view = engine.view(state, None)
    got = await asyncio.gather(*(pictures.png(engine.key, 1, 3, None, "en", table_view, names) for _ in range(5)))
    assert pictures.drawn == 1 and len(set(got)) == 1
    assert got[0] == engine.picture(table_view, "en", names)  # the same picture as drawn in-process
    await pictures.png(engine.key, 1, 3, 0, "en", engine.view(state, 0), names)  # a seat's own view
    await pictures.png(engine.key, 1, 3, None, "nl", table_view, names)  # another language
    await pictures.png(engine.key, 1, 4, None, "en", table_view, names)  # the next version
    assert pictures.drawn == 4
    await pictures.png(engine.key, 1, 3, None, "en", table_view, names)
    assert pictures.drawn == 4  # still kept
    pictures.forget(1)
    await pictures.png(engine.key, 1, 3, None, "en", table_view, names)
    assert pictures.drawn == 5
    for version in range(10, 20):  # at most `keep` pictures stay in memory
        await pictures.png(engine.key, 2, version, None, "en", table_view, names)
    assert len(pictures._done) == 4

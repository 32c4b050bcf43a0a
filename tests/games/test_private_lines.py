"""What a seat's own messages say of the game: only what that seat alone sees (its hand, bag,
stock, secret pick), so nothing there is a public figure that could go stale while the table moves on."""

from __future__ import annotations

import random

import pytest

from games import registry
from games.core import LANGS

GAMES = sorted(registry.ENGINES)
NAMES = ["alice", "bob", "carol", "dave"]


@pytest.mark.parametrize("key", GAMES)
def test_own_lines_come_from_the_seat_s_own_part_only(key: str) -> None:
    engine = registry.get(key)
    players = engine.max_players
    rnd = random.Random(key)
    state = engine.start(players, {}, 9)
    for step in range(400):
        pending = engine.pending(state)
        if not pending:
            break
        if step % 7 == 0:
            public = engine.view(state, None)
            for lang in LANGS:
                assert engine.private_lines(public, lang, NAMES[:players]) == []  # the public view: nothing
                status = set(engine.status_lines(public, lang, NAMES[:players]))
                for seat in range(players):
                    own = engine.private_lines(engine.view(state, seat), lang, NAMES[:players])
                    assert own, f"seat {seat} is told nothing of its own"
                    assert not status & set(own), "a public line in a seat's own lines"
        seat = rnd.choice(sorted(pending))
        engine.apply(state, seat, rnd.choice(engine.legal(state, seat)))

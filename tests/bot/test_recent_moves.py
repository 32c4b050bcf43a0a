"""The web page's list of moves since the reader's own last one (``recent`` of bot/web/page.py): a
turn of several moves is listed newest first, the newest being the one the board marks; the mover
sees nothing new, a watcher sees every move the game keeps."""

from __future__ import annotations

import random

from bot.web.page import recent_moves
from games.cities_knights.engine import ENGINE

NAMES = ["Bram", "Anna", "Cleo"]


def test_a_turn_of_several_moves_is_listed_newest_first_for_the_others() -> None:
    state = ENGINE.start(3, {}, 8)
    rnd = random.Random(8)
    for _ in range(5000):
        moves = ENGINE.view(state, None)["moves"]
        mover = moves[-1]["seat"] if moves else None
        run = 0
        for move in reversed(moves):
            if move["seat"] != mover:
                break
            run += 1
        if run >= 3 and run < len(moves):
            break
        seat = rnd.choice(sorted(ENGINE.pending(state)))
        ENGINE.apply(state, seat, rnd.choice(ENGINE.legal(state, seat)))
    else:
        raise AssertionError("no turn of three moves came up")
    assert mover is not None
    other = moves[-run - 1]["seat"]  # the seat that moved just before this turn
    for lang in ("en", "nl"):
        listed = recent_moves(ENGINE, ENGINE.view(state, other), other, lang, NAMES)
        turn = [ENGINE.describe_move(m, lang, NAMES) for m in reversed(moves[-run:])]
        assert [entry["text"] for entry in listed[:run]] == turn
        assert all(entry["seat"] == mover and entry["name"] == NAMES[mover] for entry in listed[:run])
        assert len(listed) == run, "the turn is all that happened since the reader moved"
        assert [entry["marked"] for entry in listed] == [True] + [False] * (len(listed) - 1)
        assert recent_moves(ENGINE, ENGINE.view(state, mover), mover, lang, NAMES) == []
        watcher = recent_moves(ENGINE, ENGINE.view(state, None), None, lang, NAMES)
        assert len(watcher) == len(moves) and watcher[:run] == listed[:run]

"""Every stalemate that random play reaches is real: no coin that any seat could ever hold in hand
again (bag, hand, discards, or the supply through recruiting) has a legal action that changes the
board, except the Royal Coin moving a Royal Guard; and wherever the Royal Guards can be moved to,
that stays so. So no marker can ever be placed again. Checked through ``legal`` itself,
independently of the guard's own reasoning (engine docstring)."""

from __future__ import annotations

import random

import pytest

from games.war_chest import data as D
from games.war_chest.engine import ENGINE
from games.war_chest.state import WarChestState

#: actions that leave the board as it is
QUIET = {"pass", "recruit", "claim_initiative"}


def _probe(st: WarChestState, seat: int, kind: int) -> WarChestState:
    """``st`` reopened on ``seat``'s turn with one coin of ``kind`` in hand."""
    probe = ENGINE.clone(st)
    probe.phase = "play"
    probe.stack.clear()
    probe.turn, probe.turn_done = seat, False
    sd = probe.seats[seat]
    sd.hand = [0] * D.NKINDS
    sd.hand[kind] = 1
    ENGINE.forget(probe)
    return probe


def board_moves_with(st: WarChestState, seat: int, kind: int) -> set[str]:
    """Action types that change the board which ``seat`` would have with a coin of ``kind``."""
    return {a["type"] for a in ENGINE.legal(_probe(st, seat, kind), seat)} - QUIET


def held(st: WarChestState, seat: int) -> list[int]:
    sd = st.seats[seat]
    return [k for k in range(D.NKINDS) if sd.bag[k] + sd.hand[k] + sd.up[k] + sd.down[k] + sd.supply[k]]


def frozen_for_good(st: WarChestState) -> bool:
    """No coin changes the board but the Royal Coin moving a Royal Guard, wherever the guards go."""
    seen: set[tuple[tuple[int, int], ...]] = set()
    todo = [st]
    while todo:
        cur = todo.pop()
        key = tuple(sorted((u.uid, u.hex) for u in cur.units.values()))
        if key in seen:
            continue
        seen.add(key)
        assert len(seen) < 2000
        for seat in range(cur.players):
            for kind in held(cur, seat):
                moves = board_moves_with(cur, seat, kind)
                if kind != D.ROYAL and moves:
                    return False
                if kind == D.ROYAL and moves - {"tactic"}:
                    return False
                if kind == D.ROYAL and moves:
                    probe = _probe(cur, seat, kind)
                    for action in ENGINE.legal(probe, seat):
                        if action["type"] == "tactic":
                            after = ENGINE.clone(probe)
                            ENGINE.apply(after, seat, action)
                            todo.append(after)
    return True


@pytest.mark.parametrize("players", [2, 4])
def test_random_stalemates_are_real(players: int) -> None:
    stalemates = 0
    for seed in range(60):
        rnd = random.Random(seed)
        st = ENGINE.start(players, {}, seed)
        while ENGINE.pending(st):
            seat = min(ENGINE.pending(st))
            ENGINE.apply(st, seat, rnd.choice(ENGINE.legal(st, seat)))
        result = ENGINE.result(st)
        assert result is not None
        if result.tiebreak != "stalemate":
            continue
        stalemates += 1
        assert frozen_for_good(st), seed
    assert stalemates >= 10  # random play reaches many: each is checked above


def test_the_probe_sees_a_board_move_where_there_is_one() -> None:
    """The check above can fail: at the start every seat's coins can deploy."""
    st = ENGINE.start(2, {}, 3)
    kind = next(k for k in range(D.NKINDS) if st.seats[0].bag[k] and k != D.ROYAL)
    assert "deploy" in board_moves_with(st, 0, kind)
    assert not frozen_for_good(st)

"""Test helpers: build an exact position without playing the set-up.

``position(...)`` starts a beginner-board game (so ids refer to rules §3.6 and Appendix A), skips
set-up and puts exactly the given pieces, hands, cards and levels on the table, taking cards
from the bank and decks and pieces from the supplies so every count stays conserved:

    st = position(3, settlements={0: ["0,-1,S"]}, cities={1: ["1,0,S"]},
                  roads={0: ["0,-1,S|0,0,N"]}, knights={0: [("0,0,N", 2, True)]},
                  hands={0: {"ore": 3, "grain": 2}}, progress={0: ["bishop"]},
                  levels={0: {"politics": 3}}, phase="main", turn=0,
                  script={"red": [3], "yellow": [4], "event": ["ship"]})

Knights are given as (vertex, level, active); ``ready`` knights (active when the turn began) are
the active ones unless ``fresh=False``. ``phase`` is "roll" (before the dice) or "main".
"""

from __future__ import annotations

import json
from typing import Any

from games.cities_knights import data as D
from games.cities_knights import rules as R
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import CITY, SETTLEMENT, SIDEWAYS, State
from games.core import Action, Event

V = D.VERTEX_INDEX


def edge(a: str, b: str) -> str:
    """Edge id of two intersection ids in either order."""
    return D.EDGE_IDS[D.EDGE_BY_PAIR[(V[a], V[b])]]


def position(
    players: int = 3,
    *,
    script: dict[str, Any] | None = None,
    settlements: dict[int, list[str]] | None = None,
    cities: dict[int, list[str]] | None = None,
    sideways: dict[int, list[str]] | None = None,
    walls: dict[int, list[str]] | None = None,
    roads: dict[int, list[str]] | None = None,
    knights: dict[int, list[tuple[str, int, bool]]] | None = None,
    hands: dict[int, dict[str, int]] | None = None,
    progress: dict[int, list[str]] | None = None,
    vp_cards: dict[int, list[str]] | None = None,
    levels: dict[int, dict[str, int]] | None = None,
    metropolis: dict[str, str] | None = None,
    phase: str = "main",
    turn: int = 0,
    barbarian: int = 0,
    robber_unlocked: bool = False,
    robber: str | None = None,
    fresh: bool = True,
    decks_top: dict[str, list[str]] | None = None,
) -> State:
    opts: dict[str, Any] = {"layout": "beginner"}
    if script:
        opts["script"] = script
    if decks_top:
        opts.setdefault("script", {})["decks"] = decks_top
    st = ENGINE.start(players, opts, 1)
    st.phase = phase
    st.setup_step = 4 * players
    st.turn = turn
    st.turn_no = 1
    for p, vs in (settlements or {}).items():
        for v in vs:
            st.b_owner[V[v]], st.b_kind[V[v]] = p, SETTLEMENT
            st.settlements_left[p] -= 1
    for p, vs in (cities or {}).items():
        for v in vs:
            st.b_owner[V[v]], st.b_kind[V[v]] = p, CITY
            st.cities_left[p] -= 1
    for p, vs in (sideways or {}).items():
        for v in vs:
            st.b_owner[V[v]], st.b_kind[V[v]] = p, SIDEWAYS
            st.cities_left[p] -= 1
    for p, vs in (walls or {}).items():
        for v in vs:
            st.wall[V[v]] = 1
            st.walls_left[p] -= 1
    for p, es in (roads or {}).items():
        for e in es:
            st.road[D.EDGE_INDEX[e]] = p
            st.roads_left[p] -= 1
    for p, ks in (knights or {}).items():
        for v, level, active in ks:
            i = V[v]
            st.k_owner[i], st.k_level[i], st.k_active[i] = p, level, int(active)
            st.k_fresh[i] = int(active and fresh)
            st.knights_left[p][level - 1] -= 1
    for p, h in (hands or {}).items():
        for k, n in h.items():
            i = D.KIND_INDEX[k]
            st.bank[i] -= n
            st.hand[p][i] += n
    for p, cards in (progress or {}).items():
        for c in cards:
            st.decks[D.CARD_TRACK[c]].remove(c)
            st.progress[p].append(c)
        st.progress[p].sort()
    for p, cards in (vp_cards or {}).items():
        for c in cards:
            st.decks[D.CARD_TRACK[c]].remove(c)
            st.vp_cards[p].append(c)
    for p, lv in (levels or {}).items():
        for t, n in lv.items():
            st.levels[p][D.TRACK_INDEX[t]] = n
    for t, v in (metropolis or {}).items():
        st.metro[V[v]] = D.TRACK_INDEX[t]
    st.barbarian = barbarian
    st.robber_unlocked = robber_unlocked
    if robber is not None:
        st.robber = D.HEX_ID_INDEX[robber]
    R.update_longest(st, [])
    return st


def act(st: State, seat: int, action: Action) -> list[Event]:
    """Apply through JSON, as the bot does."""
    return ENGINE.apply(st, seat, json.loads(json.dumps(action)))


def types(evs: list[Event]) -> list[str]:
    return [e["type"] for e in evs]


def hand(st: State, seat: int) -> dict[str, int]:
    return R.kinds_dict(st.hand[seat])


def conserved(st: State) -> None:
    """Every card and piece is somewhere exactly once."""
    for k in range(8):
        assert st.bank[k] + sum(st.hand[p][k] for p in range(st.n)) == D.BANK_START[k], D.KINDS[k]
        assert st.bank[k] >= 0 and all(st.hand[p][k] >= 0 for p in range(st.n))
    for t in range(3):
        held = sum(1 for p in range(st.n) for c in st.progress[p] + st.vp_cards[p] if D.CARD_TRACK[c] == t)
        assert len(st.decks[t]) + held == 18
    assert st.road_len == [R.road_length(st, p) for p in range(st.n)]
    for p in range(st.n):
        on = [v for v in range(D.NV) if st.b_owner[v] == p]
        assert st.settlements_left[p] + sum(st.b_kind[v] == SETTLEMENT for v in on) == 5
        assert st.cities_left[p] + sum(st.b_kind[v] in (CITY, SIDEWAYS) for v in on) == 4
        assert st.roads_left[p] + st.road.count(p) == 15
        assert st.walls_left[p] + sum(st.wall[v] for v in on) == 3
        for lvl in (1, 2, 3):
            on_board = sum(1 for v in range(D.NV) if st.k_owner[v] == p and st.k_level[v] == lvl)
            lifted = sum(
                1 for t in st.tasks if t.get("k") == "relocate_knight" and t["seat"] == p and t["level"] == lvl
            )
            assert st.knights_left[p][lvl - 1] + on_board + lifted == 2

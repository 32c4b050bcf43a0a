"""Random legal playouts with invariants, replay, dump/load and no-leak checks."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.battles_builders import data as D
from games.battles_builders.engine import ENGINE as E
from games.battles_builders.engine import State
from games.core import IllegalAction, visible
from tests.games.playout import assert_rejects_cleanly, canonical, replay

GAMES = {2: 2500, 3: 2000, 4: 1500}
EVENT_TYPES = {
    "event_revealed",
    "committed",
    "commit_confirmed",
    "commits_revealed",
    "prestige",
    "no_tile",
    "tile_chosen",
    "catapult_given",
    "withdrawn",
    "builders_scored",
    "tie",
    "dice_rolled",
    "fresh_troops_used",
    "event_won",
    "event_set_aside",
    "barbarian_lost",
    "round_ended",
    "game_over",
}


def check(st: State) -> None:
    """Invariants that hold after every action."""
    n = st.players
    assert len(st.seats) == n + (1 if n == 2 else 0)
    handed = [0, 0, 0]
    for p, s in enumerate(st.seats):
        commit = s.commit or [0] * 5
        full = D.STOCK if p < n else D.DUMMY_POOL
        for k in range(5):
            assert s.stock[k] + commit[k] + s.spent[k] == full[k], (p, k)
            assert s.stock[k] >= 0 and commit[k] >= 0
        assert sum(commit[:4]) <= D.MAX_COMMIT
        for d in range(3):
            handed[d] += s.chips[d]
            if s.virtual[d]:
                assert st.supply[d] == 0  # virtual chips only once that denomination ran out
        chip_points = sum(v * (c + x) for v, c, x in zip(D.DENOMS, s.chips, s.virtual))
        tile_points = sum(st.cfg.tiles[t][1] for t in s.events) + sum(D.TILE_VALUES.get(t, 0) for t in s.tiles)
        assert s.score() == sum(s.points) == chip_points + tile_points
        if p >= n:
            assert sum(s.stock) + sum(commit) + sum(s.spent) == 24
            assert s.tiles == [] and s.points[D.SOURCES.index("zero_commit")] == 0
    assert [a + b for a, b in zip(st.supply, handed)] == list(D.SUPPLY)
    # every event tile is held, set aside, in the deck or the unresolved one in play
    held = sum(len(s.events) for s in st.seats) + len(st.set_aside) + len(st.deck) + (1 if st.event else 0)
    assert held == len(st.cfg.tiles)
    assert len(st.display) + len(st.taken) + (1 if st.phase == "catapult_target" else 0) == len(D.STRATEGY_TILES)


def _options(rnd: random.Random, players: int) -> dict[str, Any]:
    opts: dict[str, Any] = {"start_player": rnd.randrange(players)}
    if rnd.random() < 0.3:
        opts["simultaneous_commit"] = True
    if players == 2 and rnd.random() < 0.5:
        opts["dummy_can_win"] = True
    return opts


def _play(players: int, seed: int, opts: dict[str, Any]) -> tuple[State, list[tuple[int, dict]], list[dict]]:
    rnd = random.Random(seed * 7919 + players)
    st = E.start(players, opts, seed)
    log: list[tuple[int, dict]] = []
    events: list[dict] = []
    check(st)
    while True:
        pend = E.pending(st)
        if not pend:
            break
        seat = rnd.choice(sorted(pend))
        action = rnd.choice(E.legal(st, seat))
        evs = E.apply(st, seat, action)
        for ev in evs:
            if ev["type"] == "committed":
                assert "chips" not in ev and "to" not in ev
            if ev["type"] == "commit_confirmed":
                assert ev["to"] == [seat]
        events += evs
        log.append((seat, action))
        check(st)
    return st, log, events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(players: int) -> None:
    rnd = random.Random(players)
    seen: set[str] = set()
    for seed in range(GAMES[players]):
        opts = _options(rnd, players)
        st, log, events = _play(players, seed, opts)
        res = E.result(st)
        assert res is not None and E.pending(st) == {}
        assert sorted(res.scores) == list(range(players))
        for p in range(players):
            assert res.details[p]["total"] == res.scores[p] == sum(res.details[p][s] for s in D.SOURCES)
        best = max(res.scores.values())
        if players == 2:
            d = res.extra["dummy"]
            if opts.get("dummy_can_win") and d["score"] > best:
                assert res.winners == []
            else:
                assert res.winners == [p for p in range(players) if res.scores[p] == best]
        else:
            assert res.winners == [p for p in range(players) if res.scores[p] == best]
        assert sum(1 for e in events if e["type"] == "round_ended") == 8
        seen.update(e["type"] for e in events)
        if seed % 25 == 0:
            again = replay(E, players, opts, seed, log)
            assert canonical(E, again) == canonical(E, st)
    assert seen >= EVENT_TYPES | ({"dummy_drew"} if players == 2 else set())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_load_dump_continues_identically(players: int) -> None:
    for seed in range(40):
        rnd = random.Random(seed)
        opts = _options(rnd, players)
        st, log, _ = _play(players, seed, opts)
        cut = rnd.randrange(len(log))
        a = replay(E, players, opts, seed, log[:cut])
        b = E.load(json.loads(json.dumps(E.dump(a))))
        assert canonical(E, a) == canonical(E, b)
        for seat, action in log[cut:]:
            assert E.pending(a).keys() == E.pending(b).keys()
            assert E.legal(a, seat) == E.legal(b, seat)
            assert E.apply(a, seat, action) == E.apply(b, seat, action)
            assert E.view(a, None) == E.view(b, None)
        assert canonical(E, a) == canonical(E, b) == canonical(E, st)


def _views(st: State, seats: list[int | None]) -> str:
    return json.dumps([E.view(st, s) for s in seats], sort_keys=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_hide_commits_deck_pool_and_rng(players: int) -> None:
    rnd = random.Random(100 + players)
    checked = 0
    for seed in range(60):
        opts = _options(rnd, players)
        st = E.start(players, opts, seed)
        while E.pending(st):
            pend = E.pending(st)
            seat = rnd.choice(sorted(pend))
            acts = E.legal(st, seat)
            action = rnd.choice(acts)
            others: list[int | None] = [None, *[p for p in range(players) if p != seat]]
            if pend[seat].kind == "commit":
                count = sum(action["chips"].values())
                same = [
                    a
                    for a in acts
                    if a != action and (opts.get("simultaneous_commit") or sum(a["chips"].values()) == count)
                ]
                will_reveal = len(pend) == 1 and all(
                    st.seats[p].commit is not None for p in range(players) if p != seat
                )
                if same and not will_reveal:
                    twin = E.load(E.dump(st))
                    E.apply(twin, seat, rnd.choice(same))
                    E.apply(st, seat, action)
                    assert _views(st, others) == _views(twin, others)
                    checked += 1
                    continue
            # hidden parts: deck order, RNG state, remaining script
            twin = E.load(E.dump(st))
            twin.deck.reverse()
            twin.chance.rng.state ^= 0x5DEECE66D
            assert _views(st, [None, *range(players)]) == _views(twin, [None, *range(players)])
            E.apply(st, seat, action)
    assert checked > 100


def test_events_visible_to_spectators_never_carry_a_commit_before_the_reveal() -> None:
    st = E.start(4, {}, 3)
    evs = E.apply(st, 0, {"type": "commit", "chips": {"builder": 2, "king": 1}})
    public = [e for e in evs if visible(e, None)]
    assert public == [{"type": "committed", "seat": 0, "count": 3}]
    assert all(not visible(e, 1) for e in evs if e["type"] == "commit_confirmed")


def test_random_malformed_actions_are_rejected_cleanly() -> None:
    rnd = random.Random(5)
    junk: list[Any] = [
        {"type": "commit", "chips": {"builder": 9}},
        {"type": "commit", "chips": {"king": 1, "builder": 3, "archer": 3}},
        {"type": "choose_tile", "tile": "nope"},
        {"type": "catapult_target", "seat": 99},
        {"type": "withdraw", "chips": {"builder": 4}},
        {"type": "fresh_troops", "dice": [42]},
        {"type": "resign"},
        {"chips": {}},
    ]
    for seed in range(30):
        st = E.start(3, {}, seed)
        while E.pending(st):
            pend = E.pending(st)
            seat = rnd.choice(sorted(pend))
            for bad in rnd.sample(junk, 3):
                exc = assert_rejects_cleanly(E, st, seat, bad)
                assert isinstance(exc, IllegalAction) and exc.code
            idle = [p for p in range(3) if p not in pend]
            if idle:
                assert_rejects_cleanly(E, st, idle[0], E.legal(st, seat)[0])
            E.apply(st, seat, rnd.choice(E.legal(st, seat)))

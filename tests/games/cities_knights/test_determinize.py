"""Search hooks: ``clone`` is an independent copy, ``determinize`` redraws exactly what a seat
cannot see (other hands, progress hands, deck orders, held-back discards, the RNG)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.cities_knights import data as D
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import State
from tests.games.cities_knights.helpers import act, conserved, position
from tests.games.cities_knights.test_properties import choose
from tests.games.search_hooks import check_clone, check_determinized


def positions(players: int, seed: int, steps: int = 700, every: int = 23) -> Iterator[State]:
    """Positions of a random game, answering trade offers now and then (invitations)."""
    rnd = random.Random(seed)
    st = ENGINE.start(players, {}, seed)
    for i in range(steps):
        pend = ENGINE.pending(st)
        if not pend:
            break
        if i % every == 0:
            yield st
        inv = ENGINE.invitations(st)
        if inv and rnd.random() < 0.5:
            seat = rnd.choice(sorted(inv))
        else:
            seat = rnd.choice(sorted(pend))
        ENGINE.apply(st, seat, choose(rnd, ENGINE.legal(st, seat)))


def test_clone_is_equal_and_independent() -> None:
    for st in positions(4, 3, every=37):
        check_clone(ENGINE, st, steps=30, choose=choose)


def test_determinized_copy_looks_the_same_to_the_seat() -> None:
    checked = 0
    for players, seed in ((3, 5), (4, 6), (3, 7)):
        for st in positions(players, seed):
            for seat in [*range(players), None]:
                det = check_determinized(ENGINE, st, seat, random.Random(checked))
                if seat is not None:
                    assert ENGINE.invitations(det).keys() == ENGINE.invitations(st).keys()
                conserved(det)
                checked += 1
    assert checked > 100


def test_hidden_things_are_actually_redrawn() -> None:
    changed_hand = changed_deck = changed_rng = 0
    for st in positions(4, 11, every=50):
        det = ENGINE.determinize(st, 0, random.Random(3))
        changed_hand += any(det.hand[p] != st.hand[p] for p in range(1, 4))
        changed_deck += det.decks != st.decks
        changed_rng += det.chance.rng.state != st.chance.rng.state
        assert det.hand[0] == st.hand[0] and det.progress[0] == st.progress[0]
        for p in range(4):
            assert sum(det.hand[p]) == sum(st.hand[p]) and len(det.progress[p]) == len(st.progress[p])
    assert changed_hand and changed_deck and changed_rng


def test_scripted_chance_does_not_leak() -> None:
    st = position(3, settlements={0: ["0,-1,S"]}, phase="roll", script={"red": [3, 5], "yellow": [4, 1]})
    det = ENGINE.determinize(st, 1, random.Random(2))
    assert det.chance.script == {}
    assert ENGINE.view(det, 1) == ENGINE.view(st, 1)


def _hidden_variant(st: State, seat: int, rnd: random.Random) -> State:
    """The same position with other seats' hands, progress hands and deck orders swapped about."""
    other = ENGINE.clone(st)
    others = [p for p in range(st.n) if p != seat]
    cards = [k for p in others for k in range(8) for _ in range(other.hand[p][k])]
    rnd.shuffle(cards)
    at = 0
    for p in others:
        n = sum(other.hand[p])
        other.hand[p] = [cards[at : at + n].count(k) for k in range(8)]
        at += n
    for t in range(3):
        mine = [c for p in others for c in other.progress[p] if D.CARD_TRACK[c] == t] + other.decks[t]
        rnd.shuffle(mine)
        sizes = [sum(1 for c in other.progress[p] if D.CARD_TRACK[c] == t) for p in others]
        at = 0
        for p, n in zip(others, sizes, strict=True):
            other.progress[p] = sorted([c for c in other.progress[p] if D.CARD_TRACK[c] != t] + mine[at : at + n])
            at += n
        other.decks[t] = mine[at:]
    other.chance.rng.state ^= 0x5DEECE66D
    return other


def test_determinize_depends_only_on_what_the_seat_sees() -> None:
    pairs = 0
    rnd = random.Random(9)
    for st in positions(4, 21, every=41):
        if st.tasks or st.trade is not None:
            continue  # held-back discards and accepted offers tie hidden cards to public facts
        for seat in (0, 2):
            twin = _hidden_variant(st, seat, rnd)
            assert ENGINE.view(twin, seat) == ENGINE.view(st, seat)
            a = ENGINE.determinize(st, seat, random.Random(7))
            b = ENGINE.determinize(twin, seat, random.Random(7))
            assert ENGINE.dump(a) == ENGINE.dump(b)
            pairs += 1
    assert pairs > 5


def test_random_playouts_from_determinized_copies_finish() -> None:
    for players, seed in ((3, 31), (4, 32)):
        for i, st in enumerate(positions(players, seed, every=150)):
            det = ENGINE.determinize(st, i % players, random.Random(i))
            rnd = random.Random(i)
            for _ in range(6000):
                pend = ENGINE.pending(det)
                if not pend:
                    break
                seat = rnd.choice(sorted(pend))
                ENGINE.apply(det, seat, choose(rnd, ENGINE.legal(det, seat)))
            conserved(det)


def test_looked_at_hand_stays_as_seen() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["1,0,S"]},
        cities={1: ["-1,1,N"]},
        hands={1: {"grain": 2, "ore": 1, "paper": 1}, 2: {"wool": 3}},
        progress={0: ["master_merchant"]},
    )
    act(st, 0, {"type": "play_progress", "card": "master_merchant", "opponent": 1})
    det = ENGINE.determinize(st, 0, random.Random(4))
    assert det.hand[1] == st.hand[1]
    assert ENGINE.legal(det, 0) == ENGINE.legal(st, 0)


def test_equal_views_give_equal_copies() -> None:
    """Canonical: a state redrawn for a seat, redrawn again, equals the original redrawn with the
    same generator (open trade offers included: they prove which cards a seat holds)."""
    compared = with_offer = 0
    for players, seed in ((3, 41), (4, 44), (4, 45)):
        for st in positions(players, seed, every=7):
            for seat in range(players):
                other = ENGINE.determinize(st, seat, random.Random(compared + 100))
                a = ENGINE.determinize(st, seat, random.Random(5))
                b = ENGINE.determinize(other, seat, random.Random(5))
                assert ENGINE.dump(a) == ENGINE.dump(b)
                compared += 1
                with_offer += st.trade is not None
    assert compared > 100 and with_offer > 0

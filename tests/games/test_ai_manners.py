"""AI offers that do not swamp people: ``easy`` draws a kind of action before an action, and at
every level an AI seat sends people at most one offer a turn (none repeated after a decline) and
none while a person decides; offers among AI seats are not limited."""

from __future__ import annotations

import io
import random
from collections import Counter

from games.ai import LEVELS, decide, manners
from games.ai.match import next_actor
from games.cities_knights.engine import ENGINE
from games.console import Console, Setup
from tests.games.cities_knights.helpers import act, position

SEARCH = 12
PERSON = 1


def wants_ore() -> object:
    """Seat 0 (an AI) lacks ore for a city and has wool to spare; seat 1 holds ore, so ``hard``
    offers wool for ore (tests/games/cities_knights/test_expert.py)."""
    return position(3, settlements={0: ["0,-1,S"]}, hands={0: {"wool": 4, "grain": 2}, 1: {"ore": 5}})


def test_easy_draws_a_kind_of_action_first_so_offers_are_rare() -> None:
    st = position(3, settlements={0: ["0,-1,S"]}, hands={0: {"lumber": 2, "brick": 2, "wool": 4, "grain": 2, "ore": 1}})
    legal = ENGINE.legal(st, 0)
    kinds = {a["type"] for a in legal}
    share = sum(a["type"] == "offer_trade" for a in legal) / len(legal)
    assert share > 0.5 and len(kinds) >= 4  # most of the list is offers
    picked = Counter(decide(ENGINE, st, 0, "easy", seed=seed)["type"] for seed in range(600))
    assert set(picked) == kinds
    assert picked["offer_trade"] / 600 < 1.5 / len(kinds)  # about one kind in len(kinds)


def test_no_level_offers_a_person_twice_in_a_turn() -> None:
    st = wants_ore()
    first = decide(ENGINE, st, 0, "hard", seed=1, iterations=SEARCH, people={PERSON})
    assert first == {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": "all"}
    act(st, 0, first)
    act(st, PERSON, {"type": "reject_trade"})  # the person declines
    act(st, 2, {"type": "reject_trade"})
    for level in LEVELS:
        for seed in range(40 if level == "easy" else 4):
            action = decide(ENGINE, st, 0, level, seed=seed, iterations=SEARCH, people={PERSON})
            assert action["type"] != "offer_trade", (level, seed)
            assert action in ENGINE.legal(st, 0)
    # the same AI seat with AI opponents only offers again as it likes
    again = [decide(ENGINE, st, 0, "easy", seed=seed)["type"] for seed in range(40)]
    assert "offer_trade" in again
    # once the offer is withdrawn, still none that turn; the next turn may bring one
    act(st, 0, {"type": "cancel_trade"})
    assert all(decide(ENGINE, st, 0, "easy", seed=seed, people={PERSON})["type"] != "offer_trade" for seed in range(40))
    assert not manners.welcome(ENGINE, st, {PERSON}) and manners.welcome(ENGINE, st, {2}) is False
    act(st, 0, {"type": "end_turn"})
    assert manners.welcome(ENGINE, st, {0})


def test_hard_without_its_offer_still_plays_its_heuristic() -> None:
    # the expert would offer; with offers to people out of reach it trades with the bank or ends the turn
    st = wants_ore()
    st.asked = [PERSON]  # an offer has reached the person this turn
    chosen = decide(ENGINE, st, 0, "hard", seed=1, iterations=SEARCH, people={PERSON})
    assert chosen["type"] in ("maritime_trade", "end_turn")


def test_no_offer_reaches_a_person_who_is_deciding() -> None:
    # a seven: the person (seat 1) holds eight cards and must discard first
    st = position(
        3,
        phase="roll",
        hands={0: {"wool": 2}, PERSON: {"ore": 4, "grain": 4}},
        script={"red": [3], "yellow": [4], "event": ["ship"]},
    )
    act(st, 0, {"type": "roll"})
    assert PERSON in ENGINE.pending(st)
    assert not manners.welcome(ENGINE, st, {PERSON})
    assert manners.welcome(ENGINE, st, {2})  # an AI seat deciding stops nothing


def test_in_a_whole_game_a_person_gets_at_most_one_offer_per_ai_turn() -> None:
    """Seat 0 is a person who presses at random; the AI seats play every level."""
    levels = {1: "easy", 2: "normal", 3: "hard"}
    st = ENGINE.start(4, {}, 11)
    rnd = random.Random(11)
    to_person: Counter[int] = Counter()  # offers reaching the person, per turn
    declined: dict[int, list[object]] = {}  # per turn: offers the person declined
    for step in range(1500):
        seat = next_actor(ENGINE, st)
        if seat is None:
            break
        if seat == 0:
            action = rnd.choice(ENGINE.legal(st, 0))
        else:
            action = decide(ENGINE, st, seat, levels[seat], seed=step, iterations=8, people={0})
        before = ENGINE.invitations(st).get(0)
        ENGINE.apply(st, seat, action)
        after = ENGINE.invitations(st).get(0)
        sent = action["type"] in ("offer_trade", "offer_send")  # whole or composed
        if seat != 0 and sent and after is not None:  # (the same one again counts)
            assert after.data not in declined.get(st.turn_no, []), "an offer the person declined came again"
            to_person[st.turn_no] += 1
        if seat == 0 and action["type"] == "reject_trade" and before is not None:
            declined.setdefault(st.turn_no, []).append(before.data)
    assert to_person, "no AI offer ever reached the person"
    assert max(to_person.values()) == 1, to_person


def test_the_console_table_keeps_ai_offers_to_its_person_to_one_a_turn() -> None:
    keys = random.Random(6)  # a person pressing 1-4 at random who gets through 41 turns
    feed = io.StringIO("".join(f"{keys.randint(1, 4)}\n" for _ in range(1500)) + "q\n")
    table = Console(
        Setup("cities_knights", 4, ["easy", "easy", "easy"], 5),
        read=lambda: feed.readline() or "q\n",
        out=io.StringIO(),
    )
    table.run()
    st = ENGINE.start(4, {}, 5)
    to_person: Counter[int] = Counter()
    for seat, action in table.setup.log:
        offers = [e for e in ENGINE.apply(st, seat, action) if e["type"] == "trade_offered"]
        if seat != 0 and any(0 in e["addressed"] for e in offers):  # whole or composed, reaching the person
            to_person[st.turn_no] += 1
    assert len(to_person) >= 10 and max(to_person.values()) == 1, to_person

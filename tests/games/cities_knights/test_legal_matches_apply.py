"""``legal`` and ``apply`` agree: in sampled and crafted positions every candidate action of the
closed kinds is accepted by ``apply`` exactly when ``legal`` lists it (trade offers and counter-offers
are open-ended and skipped; discards and card gifts are finite and checked in full)."""

from __future__ import annotations

import json
import random
from typing import Any

from games.cities_knights import data as D
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import State
from games.core import IllegalAction
from tests.games.cities_knights.helpers import act, position
from tests.games.cities_knights.test_properties import choose

OPEN_ENDED = {"offer_trade", "counter_offer"}
#: the listed actions ``apply`` recognises as prebuilt and takes by a shorter path
SHORTCUT_TYPES = {"offer_trade", "offer_set"}


def card_vectors(bound: list[int], count: int) -> list[dict[str, int]]:
    """Every {kind: n} with n <= bound[kind] and ``count`` cards in all."""
    out: list[dict[str, int]] = []

    def walk(k: int, left: int, pick: dict[str, int]) -> None:
        if k == 8:
            if left == 0:
                out.append(dict(pick))
            return
        for n in range(min(bound[k], left) + 1):
            if n:
                pick[D.KINDS[k]] = n
            walk(k + 1, left - n, pick)
            pick.pop(D.KINDS[k], None)

    walk(0, count, {})
    return out


def candidates(st: State, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    vs, es, hs = D.VERTEX_IDS, D.EDGE_IDS, D.HEX_IDS
    out += [{"type": "build_road", "edge": e} for e in es]
    for t in ("build_settlement", "build_city", "build_wall", "build_knight", "activate_knight", "promote_knight"):
        out += [{"type": t, "vertex": v} for v in vs]
    for t in ("pillage_city", "place_metropolis", "relocate_knight", "remove_knight", "place_knight"):
        out += [{"type": t, "vertex": v} for v in vs]
    for v in range(D.NV):
        if st.k_owner[v] == seat:
            out += [{"type": "move_knight", "from": vs[v], "to": w} for w in vs]
            out += [{"type": "displace_knight", "from": vs[v], "to": w} for w in vs]
    out += [{"type": "buy_improvement", "track": t} for t in D.TRACKS]
    out += [{"type": "buy_improvement", "track": t, "use_crane": True} for t in D.TRACKS]
    out += [{"type": "aqueduct", "resource": k} for k in D.KINDS]
    out += [{"type": "give_commodity", "commodity": k} for k in D.KINDS[5:]]
    out += [{"type": "choose_deck", "deck": t} for t in D.TRACKS]
    out += [{"type": "discard_progress", "card": c} for c in D.CARD_NAMES]
    out += [{"type": "take_card", "card": c} for c in D.CARD_NAMES]
    out += [{"type": t} for t in ("roll", "end_turn", "skip", "cancel_trade", "accept_trade", "reject_trade")]
    out += [{"type": "confirm_trade", "seat": s} for s in range(st.n)]
    for h in hs:
        victims = [None, *range(st.n)]
        out += [{"type": "move_robber", "hex": h, "victim": x} for x in victims]
    for card in sorted(set(st.progress[seat])):
        base = {"type": "play_progress", "card": card}
        if card in ("engineer", "intrigue"):
            out += [{**base, "vertex": v} for v in vs]
        elif card in ("merchant", "bishop"):
            out += [{**base, "hex": h} for h in hs]
        elif card in ("master_merchant", "deserter", "spy"):
            out += [{**base, "opponent": s} for s in range(st.n)]
        elif card == "diplomat":
            out += [{**base, "edge": e} for e in es]
        elif card in ("merchant_fleet", "resource_monopoly", "trade_monopoly"):
            out += [{**base, "kind": k} for k in D.KINDS]
        elif card == "inventor":
            out += [{**base, "hexes": [a, b]} for i, a in enumerate(hs) for b in hs[i + 1 :]]
        elif card not in ("crane", "medicine", "alchemist"):
            out.append(base)
    for task in st.tasks:
        if task.get("seat") == seat and task["k"] in ("discard", "give_cards", "take_cards"):
            src = st.hand[task["victim"] if task["k"] == "take_cards" else seat]
            # one more than held of each kind, so refusals of cards not held are checked too
            out += [{"type": task["k"], "cards": c} for c in card_vectors([n + 1 for n in src], task["count"])]
    rates = [2, 3, 4]
    out += [{"type": "maritime_trade", "give": g, "rate": r, "get": k} for g in D.KINDS for k in D.KINDS for r in rates]
    if st.harbor_on:
        out += [{"type": "harbor_offer", "opponent": s, "resource": k} for s in range(st.n) for k in D.KINDS[:5]]
    # the offer composer: every step of a draft, sends to every list of seats
    out += [{"type": t} for t in ("offer_compose", "offer_send", "offer_drop")]
    sides = ("give", "want")
    out += [{"type": "offer_set", "side": s, "kind": k, "count": n} for s in sides for k in D.KINDS for n in range(9)]
    seat_lists = [[a] for a in range(st.n)] + [[a, b] for a in range(st.n) for b in range(a + 1, st.n)]
    seat_lists += [[s for s in range(st.n) if s != x] for x in range(st.n)] + [list(range(st.n))]
    out += [{"type": "offer_send", "to": to} for to in ["all", *seat_lists]]
    return out


def key(a: dict[str, Any]) -> str:
    return json.dumps(a, sort_keys=True)


def check_position(st: State) -> int:
    """Every candidate of every pending seat: accepted exactly when listed; returns how many."""
    checked = 0
    base = ENGINE.dump(st)
    for seat in ENGINE.pending(st):
        listed = ENGINE.legal(st, seat)
        legal = {key(a) for a in listed if a["type"] not in OPEN_ENDED}
        assert len(legal) == len([a for a in listed if a["type"] not in OPEN_ENDED]), "duplicates"
        twin = ENGINE.load(base)
        for a in candidates(st, seat):
            # a rejection leaves the state untouched, so only an accepted action needs a reload
            try:
                ENGINE.apply(twin, seat, a)
                ok = True
                twin = ENGINE.load(base)
            except IllegalAction:
                ok = False
            if a["type"] == "play_progress" and a["card"] == "inventor":
                a = {**a, "hexes": sorted(a["hexes"], key=D.HEX_ID_INDEX.__getitem__)}
            assert ok == (key(a) in legal), (a, ok)
            checked += 1
    return checked


def test_legal_equals_accepted() -> None:
    checked = 0
    for players, seed in ((3, 31), (4, 32)):
        rnd = random.Random(seed)
        st = ENGINE.start(players, {"layout": "random"}, seed)
        for step in range(900):
            pend = ENGINE.pending(st)
            if not pend:
                break
            if step % 13 == 0 or any(t["k"] in ("discard", "give_cards", "take_cards") for t in st.tasks):
                checked += check_position(st)
            seat = rnd.choice(sorted(pend))
            ENGINE.apply(st, seat, choose(rnd, ENGINE.legal(st, seat)))
    assert checked > 20_000


def test_discards_and_gifts_are_listed_in_full() -> None:
    """Crafted: a 7 with big hands (discard), Wedding (give_cards), Master Merchant (take_cards)."""
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["1,0,S"], 2: ["-1,1,N"]},
        hands={0: {"ore": 3, "wool": 2, "paper": 2, "coin": 1}, 1: {"grain": 4, "brick": 3, "cloth": 2}},
        phase="roll",
        robber_unlocked=True,
        script={"red": [3], "yellow": [4], "event": ["green"]},
    )
    act(st, 0, {"type": "roll"})
    kinds = {t["k"] for t in st.tasks}
    assert "discard" in kinds
    ways = [a for a in ENGINE.legal(st, 1) if a["type"] == "discard"]
    # 9 cards (4 grain, 3 brick, 2 cloth), discard 4: every split counted by hand
    expected = sum(1 for g in range(5) for b in range(4) for c in range(3) if g + b + c == 4)
    assert len(ways) == expected
    assert check_position(st) > 0
    wedding = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["1,0,S"]},
        cities={1: ["-1,1,N"]},
        hands={1: {"grain": 2, "ore": 2, "paper": 1}},
        progress={0: ["wedding"]},
    )
    act(wedding, 0, {"type": "play_progress", "card": "wedding"})
    assert wedding.tasks and wedding.tasks[0]["k"] == "give_cards"
    assert len(ENGINE.legal(wedding, 1)) == len(card_vectors(_bound(wedding, 1), 2))
    assert check_position(wedding) > 0
    merchant = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["1,0,S"]},
        cities={1: ["-1,1,N"]},
        hands={1: {"grain": 2, "ore": 1, "paper": 1}},
        progress={0: ["master_merchant"]},
    )
    act(merchant, 0, {"type": "play_progress", "card": "master_merchant", "opponent": 1})
    assert merchant.tasks and merchant.tasks[0]["k"] == "take_cards"
    assert check_position(merchant) > 0


def _bound(st: State, seat: int) -> list[int]:
    return list(st.hand[seat])


def test_offer_drafts_list_exactly_what_apply_takes() -> None:
    """Crafted: a draft empty, half made and ready to send (its owner may take only its steps)."""
    st = position(4, hands={0: {"wool": 2, "grain": 1}, 1: {"ore": 2}}, phase="main")
    assert check_position(st) > 0
    act(st, 0, {"type": "offer_compose"})
    assert check_position(st) > 0
    act(st, 0, {"type": "offer_set", "side": "give", "kind": "wool", "count": 2})
    assert check_position(st) > 0
    act(st, 0, {"type": "offer_set", "side": "want", "kind": "ore", "count": 6})
    assert check_position(st) > 0


def _outcome(base: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[Any, ...]:
    """What ``apply`` makes of ``action`` in a fresh copy of ``base``: its events and the dump, or
    the refusal's code with the state untouched."""
    st = ENGINE.load(base)
    try:
        events = ENGINE.apply(st, seat, action)
    except IllegalAction as exc:
        assert ENGINE.dump(st) == base
        return ("refused", exc.code)
    return ("applied", events, ENGINE.dump(st))


def test_listed_actions_apply_as_their_copies() -> None:
    """``apply`` takes the dicts ``legal`` hands out most often (one-for-one offers, draft steps) by a
    shorter path: each one gives the same events and state, or the same refusal, as an equal copy
    of it, for every seat, and so do the ones the last mover was offered a step ago (now possibly
    no longer fitting). Uniformly random players open the composer often, so drafts of both kinds
    come up."""
    compared = drafts = 0
    for players, seed in ((3, 5), (4, 6)):
        rnd = random.Random(seed)
        st = ENGINE.start(players, {}, seed)
        stale: list[Any] = []
        for step in range(700):
            pend = {**ENGINE.invitations(st), **ENGINE.pending(st)}
            if not pend:
                break
            listed = {s: [a for a in ENGINE.legal(st, s) if a["type"] in SHORTCUT_TYPES] for s in range(players)}
            drafting = st.draft is not None or bool(st.trade and st.trade.get("drafts"))
            if step % (4 if drafting else 30) == 0 and st.phase == "main":
                base = ENGINE.dump(st)
                drafts += drafting
                pool = [a for acts in listed.values() for a in acts]
                for s in range(players):
                    for a in rnd.sample(pool, min(len(pool), 6)) + rnd.sample(stale, min(len(stale), 10)):
                        assert _outcome(base, s, a) == _outcome(base, s, json.loads(json.dumps(a))), (s, a)
                        compared += 1
            seat = rnd.choice(sorted(pend))
            stale = listed[seat]
            ENGINE.apply(st, seat, rnd.choice(ENGINE.legal(st, seat)))
    assert compared > 4_000 and drafts > 50, (compared, drafts)

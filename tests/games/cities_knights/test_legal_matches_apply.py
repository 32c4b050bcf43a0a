"""``legal`` and ``apply`` agree: in sampled positions every candidate action of the closed kinds
is accepted by ``apply`` exactly when ``legal`` lists it (trade offers are open-ended and skipped)."""

from __future__ import annotations

import json
import random
from typing import Any

from games.cities_knights import data as D
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import State
from games.core import IllegalAction
from tests.games.cities_knights.test_properties import choose

OPEN_ENDED = {"offer_trade", "counter_offer", "discard", "give_cards", "take_cards"}


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
    rates = [2, 3, 4]
    out += [{"type": "maritime_trade", "give": g, "rate": r, "get": k} for g in D.KINDS for k in D.KINDS for r in rates]
    if st.harbor_on:
        out += [{"type": "harbor_offer", "opponent": s, "resource": k} for s in range(st.n) for k in D.KINDS[:5]]
    return out


def key(a: dict[str, Any]) -> str:
    return json.dumps(a, sort_keys=True)


def test_legal_equals_accepted() -> None:
    checked = 0
    for players, seed in ((3, 31), (4, 32)):
        rnd = random.Random(seed)
        st = ENGINE.start(players, {"layout": "random"}, seed)
        for step in range(900):
            pend = ENGINE.pending(st)
            if not pend:
                break
            if step % 13 == 0 and st.phase != "setup":
                base = ENGINE.dump(st)
                for seat in pend:
                    legal = {key(a) for a in ENGINE.legal(st, seat) if a["type"] not in OPEN_ENDED}
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
                        assert ok == (key(a) in legal), (a, ok, pend[seat].kind)
                        checked += 1
            seat = rnd.choice(sorted(pend))
            ENGINE.apply(st, seat, choose(rnd, ENGINE.legal(st, seat)))
    assert checked > 20_000

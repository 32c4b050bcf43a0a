"""Domestic offers of any size (rules §9.1), composed step by step: ``legal`` lists every next step
of a draft, ``apply`` refuses what it does not list, the draft stays private until sent, and the
open offer shows on the table. Counter-offers go the same way."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import menus
from games.cities_knights import data as D
from games.cities_knights import expert as X
from games.cities_knights import strategy as S
from games.cities_knights import text as T
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import State
from games.core import Action, IllegalAction
from tests.games.cities_knights.helpers import act, position

NAMES = ["alice", "bob", "carol"]


def table(ask_max: int | None = None) -> State:
    """alice (seat 0) to play with 2 wool and 1 grain; bob holds 2 ore, carol 1 ore and 1 brick."""
    st = position(3, hands={0: {"wool": 2, "grain": 1}, 1: {"ore": 2}, 2: {"ore": 1, "brick": 1}}, phase="main")
    if ask_max is not None:
        st.options["offer_ask_max"] = ask_max
    return st


def sets(side: str, kind: str, counts: range | list[int]) -> list[Action]:
    return [{"type": "offer_set", "side": side, "kind": kind, "count": n} for n in counts]


def asks(skip: str | None = None, room: int = 7, now: dict[str, int] | None = None) -> list[Action]:
    """Every ask step when ``room`` more cards may be asked, ``now`` being asked already."""
    now = now or {}
    out: list[Action] = []
    for k in D.KINDS:
        if k != skip:
            have = now.get(k, 0)
            out += sets("want", k, [n for n in range(have + room + 1) if n != have])
    return out


def labels(st: State, seat: int, path: list[str], lang: str = "en") -> list[str]:
    view = {**ENGINE.view(st, seat), "names": NAMES}
    step = menus.resolve(ENGINE, view, ENGINE.legal(st, seat), lang, path)
    assert isinstance(step, menus.Step)
    return [o.label for o in step.options]


def path_of(st: State, seat: int, action: Action, lang: str = "en") -> list[str]:
    return T.action_path({**ENGINE.view(st, seat), "names": NAMES}, action, lang)


def test_two_for_one_to_one_named_player_step_by_step() -> None:
    st = table()
    assert ENGINE.legal(st, 0).count({"type": "offer_compose"}) == 1
    assert path_of(st, 0, {"type": "offer_compose"}) == ["Trade", "Compose an offer (any cards, chosen players)"]

    assert act(st, 0, {"type": "offer_compose"}) == []  # private: nothing public happens
    assert ENGINE.pending(st)[0].kind == "offer_draft"
    assert ENGINE.legal(st, 0) == [
        *sets("give", "wool", [1, 2]),
        *sets("give", "grain", [1]),
        *asks(),
        {"type": "offer_drop"},
    ]

    act(st, 0, {"type": "offer_set", "side": "give", "kind": "wool", "count": 2})
    assert ENGINE.legal(st, 0) == [
        *sets("give", "wool", [0, 1]),
        *sets("give", "grain", [1]),
        *asks(skip="wool"),
        {"type": "offer_drop"},
    ]
    act(st, 0, {"type": "offer_set", "side": "want", "kind": "ore", "count": 1})
    assert ENGINE.legal(st, 0) == [
        *sets("give", "wool", [0, 1]),
        *sets("give", "grain", [1]),
        *asks(skip="wool", room=6, now={"ore": 1}),
        {"type": "offer_send", "to": "all"},
        {"type": "offer_send", "to": [1]},
        {"type": "offer_send", "to": [2]},
        {"type": "offer_drop"},
    ]
    # the draft is alice's alone until sent
    assert ENGINE.view(st, 0)["draft"] == {"give": {"wool": 2}, "want": {"ore": 1}}
    assert "draft" not in ENGINE.view(st, 1) and "draft" not in ENGINE.view(st, None)
    # the menus by name, within Discord's limits
    assert labels(st, 0, []) == ["You give", "You ask", "Send the offer", "Drop the draft"]
    assert labels(st, 0, ["2"]) == ["to everyone", "to bob", "to carol"]
    # what is given fits one step: every choice at once
    assert labels(st, 0, ["0"]) == ["wool (now 2) · 0 wool", "wool (now 2) · 1 wool", "grain · 1 grain"]
    assert labels(st, 0, ["1", "3"]) == [f"{n} ore" for n in (0, *range(2, 8))]

    evs = act(st, 0, {"type": "offer_send", "to": [1]})
    assert evs == [{"type": "trade_offered", "seat": 0, "give": {"wool": 2}, "want": {"ore": 1}, "addressed": [1]}]
    assert st.draft is None and ENGINE.pending(st)[0].kind == "turn"
    assert set(ENGINE.invitations(st)) == {1}
    assert ENGINE.legal(st, 2) == []
    line = "Open offer from alice: 2 wool for 1 ore, to bob"
    assert line in T.status_lines(ENGINE.view(st, None), "en", NAMES)
    assert "Open aanbod van alice: 2 wol voor 1 erts, aan bob" in T.status_lines(ENGINE.view(st, None), "nl", NAMES)

    act(st, 1, {"type": "accept_trade"})
    assert line + " · bob accepts" in T.status_lines(ENGINE.view(st, None), "en", NAMES)
    act(st, 0, {"type": "confirm_trade", "seat": 1})
    assert st.hand[0] == [0, 0, 0, 1, 1, 0, 0, 0]
    assert st.hand[1] == [0, 0, 2, 0, 1, 0, 0, 0]
    assert not any(line.startswith("Open offer") for line in T.status_lines(ENGINE.view(st, None), "en", NAMES))


def test_counter_offer_composed_by_an_addressed_player() -> None:
    st = table()
    act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": "all"})
    assert {"type": "offer_compose"} in ENGINE.legal(st, 2)
    assert path_of(st, 2, {"type": "offer_compose"}) == ["Counter-offer", "Compose a counter-offer (any cards)"]
    act(st, 2, {"type": "offer_compose"})
    assert ENGINE.invitations(st)[2].kind == "counter_draft"
    assert ENGINE.invitations(st)[1].kind == "trade_offer"
    act(st, 2, {"type": "offer_set", "side": "give", "kind": "brick", "count": 1})
    act(st, 2, {"type": "offer_set", "side": "want", "kind": "wool", "count": 2})
    assert ENGINE.legal(st, 2) == [
        *sets("give", "brick", [0]),
        *sets("give", "ore", [1]),
        *asks(skip="brick", room=5, now={"wool": 2}),
        {"type": "offer_send"},
        {"type": "offer_drop"},
    ]
    assert ENGINE.view(st, 2)["draft"] == {"give": {"brick": 1}, "want": {"wool": 2}}
    assert "draft" not in ENGINE.view(st, 0)
    evs = act(st, 2, {"type": "offer_send"})
    assert evs == [{"type": "trade_countered", "seat": 2, "give": {"brick": 1}, "want": {"wool": 2}}]
    assert ENGINE.pending(st)[0].data["answers"] == [
        {"seat": 2, "answer": "counter", "give": {"brick": 1}, "want": {"wool": 2}}
    ]
    assert "Open offer from alice: 1 wool for 1 ore, to everyone · carol counters: 1 brick for 2 wool" in (
        T.status_lines(ENGINE.view(st, None), "en", NAMES)
    )
    act(st, 0, {"type": "confirm_trade", "seat": 2})
    assert st.hand[0] == [0, 1, 0, 1, 0, 0, 0, 0]
    assert st.hand[2] == [0, 0, 2, 0, 1, 0, 0, 0]


def test_drop_and_cancel() -> None:
    st = table()
    before = ENGINE.legal(st, 0)
    act(st, 0, {"type": "offer_trade", "give": {"grain": 1}, "want": {"ore": 1}, "to": "all"})
    open_offer = ENGINE.view(st, None)["trade"]
    act(st, 0, {"type": "offer_compose"})
    act(st, 0, {"type": "offer_set", "side": "give", "kind": "wool", "count": 1})
    # composing is private: the open offer stands and may still be answered
    act(st, 1, {"type": "accept_trade"})
    assert act(st, 0, {"type": "offer_drop"}) == []
    assert st.draft is None
    assert ENGINE.view(st, None)["trade"] == {**open_offer, "answers": {"1": "accept"}}
    assert {"type": "confirm_trade", "seat": 1} in ENGINE.legal(st, 0)
    assert act(st, 0, {"type": "cancel_trade"}) == [{"type": "trade_cancelled", "seat": 0, "auto": False}]
    assert ENGINE.legal(st, 0) == before
    # a sent draft replaces the open offer
    act(st, 0, {"type": "offer_trade", "give": {"grain": 1}, "want": {"ore": 1}, "to": "all"})
    act(st, 0, {"type": "offer_compose"})
    act(st, 0, {"type": "offer_set", "side": "give", "kind": "wool", "count": 1})
    act(st, 0, {"type": "offer_set", "side": "want", "kind": "brick", "count": 1})
    evs = act(st, 0, {"type": "offer_send", "to": [2]})
    assert [e["type"] for e in evs] == ["trade_cancelled", "trade_offered"]
    # a counter draft goes when the offer closes
    act(st, 2, {"type": "offer_compose"})
    act(st, 0, {"type": "cancel_trade"})
    assert st.trade is None and ENGINE.legal(st, 2) == [] and ENGINE.invitations(st) == {}


def _refused(st: State, seat: int, action: dict[str, Any], code: str) -> None:
    snapshot = ENGINE.dump(st)
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(st, seat, action)
    assert exc.value.code == code, exc.value
    assert ENGINE.dump(st) == snapshot


def test_illegal_compositions_are_refused() -> None:
    st = table()
    _refused(st, 0, {"type": "offer_set", "side": "give", "kind": "wool", "count": 1}, "no_draft")
    _refused(st, 0, {"type": "offer_send", "to": "all"}, "no_draft")
    _refused(st, 1, {"type": "offer_compose"}, "not_your_turn")  # no offer open to counter
    _refused(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 8}}, "too_many_asked")
    act(st, 0, {"type": "offer_compose"})
    _refused(st, 0, {"type": "offer_compose"}, "drafting")
    _refused(st, 0, {"type": "end_turn"}, "drafting")
    _refused(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": "all"}, "drafting")
    _refused(st, 0, {"type": "offer_set", "side": "give", "kind": "wool", "count": 3}, "not_held")
    _refused(st, 0, {"type": "offer_set", "side": "give", "kind": "ore", "count": 1}, "not_held")
    _refused(st, 0, {"type": "offer_set", "side": "give", "kind": "wool", "count": 0}, "no_change")
    _refused(st, 0, {"type": "offer_set", "side": "give", "kind": "wool", "count": -1}, "bad_cards")
    _refused(st, 0, {"type": "offer_set", "side": "both", "kind": "wool", "count": 1}, "bad_offer")
    _refused(st, 0, {"type": "offer_set", "side": "want", "kind": "ore", "count": 8}, "too_many_asked")
    _refused(st, 0, {"type": "offer_send", "to": "all"}, "bad_offer")  # nothing on either side yet
    act(st, 0, {"type": "offer_set", "side": "give", "kind": "wool", "count": 1})
    _refused(st, 0, {"type": "offer_send", "to": "all"}, "bad_offer")  # nothing asked
    act(st, 0, {"type": "offer_set", "side": "want", "kind": "ore", "count": 5})
    _refused(st, 0, {"type": "offer_set", "side": "want", "kind": "wool", "count": 1}, "bad_offer")
    _refused(st, 0, {"type": "offer_set", "side": "want", "kind": "brick", "count": 3}, "too_many_asked")
    _refused(st, 0, {"type": "offer_send", "to": [0]}, "bad_offer")
    _refused(st, 0, {"type": "offer_send", "to": [1, 2]}, "bad_offer")  # everyone is "all"
    _refused(st, 0, {"type": "offer_send", "to": []}, "bad_offer")
    act(st, 0, {"type": "offer_send", "to": "all"})
    # a counter-offer goes to the active player only
    act(st, 2, {"type": "offer_compose"})
    act(st, 2, {"type": "offer_set", "side": "give", "kind": "brick", "count": 1})
    act(st, 2, {"type": "offer_set", "side": "want", "kind": "wool", "count": 1})
    _refused(st, 2, {"type": "offer_send", "to": [0]}, "bad_offer")
    _refused(st, 2, {"type": "accept_trade"}, "drafting")


def test_the_bound_on_cards_asked_is_an_option() -> None:
    st = table(ask_max=2)
    act(st, 0, {"type": "offer_compose"})
    assert [a for a in ENGINE.legal(st, 0) if a.get("side") == "want" and a["kind"] == "ore"] == sets(
        "want", "ore", [1, 2]
    )
    assert ENGINE.pending(st)[0].data["ask_max"] == 2
    assert "at most 2 cards" in T.describe_prompt(ENGINE.view(st, 0), ENGINE.pending(st)[0], "en")
    assert "hoogstens 2 kaarten" in T.describe_prompt(ENGINE.view(st, 0), ENGINE.pending(st)[0], "nl")
    with pytest.raises(Exception, match="offer_ask_max"):
        ENGINE.start(3, {"offer_ask_max": 0}, 1)
    assert ENGINE.start(3, {}, 1).options["offer_ask_max"] == D.OFFER_ASK_MAX == 7


def test_every_count_is_listed_however_many_cards_are_held() -> None:
    """The bank holds 19 cards of a resource, so a hand in play never gives more of a kind; a
    crafted hand with more lists and takes every count too, and the largest bound lists asks up
    to 19 cards."""
    st = table(ask_max=19)
    st.hand[0][D.KIND_INDEX["wool"]] = 23
    act(st, 0, {"type": "offer_compose"})
    listed = ENGINE.legal(st, 0)
    wool = [a for a in listed if a.get("side") == "give" and a["kind"] == "wool"]
    assert wool == sets("give", "wool", range(1, 24))
    assert [a for a in listed if a.get("side") == "want" and a["kind"] == "ore"] == sets("want", "ore", range(1, 20))
    ENGINE.apply(st, 0, wool[-1])
    ENGINE.apply(st, 0, wool[3])
    assert st.draft is not None and st.draft["give"][D.KIND_INDEX["wool"]] == 4
    assert [a["count"] for a in ENGINE.legal(st, 0) if a.get("kind") == "wool"] == [0, 1, 2, 3, *range(5, 24)]


def test_timeout_drops_a_draft() -> None:
    st = table()
    act(st, 0, {"type": "offer_compose"})
    assert ENGINE.timeout_action(st, 0) == {"type": "offer_drop"}


def test_normal_answers_offers_of_any_size() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["1,0,S"], 2: ["-1,1,N"]},
        hands={0: {"lumber": 3, "wool": 1, "grain": 1}, 1: {"ore": 3}, 2: {"brick": 1}},
    )
    act(st, 0, {"type": "offer_trade", "give": {"lumber": 3}, "want": {"ore": 2}, "to": [1]})
    assert S.choose(ENGINE, st, 1, random.Random(1)) == {"type": "accept_trade"}
    act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 3}, "to": [1]})
    assert not S.accepts(st, 1, 0, st.trade["give"], st.trade["want"])  # type: ignore[index]
    for seed in range(10):  # declined (now and then with a counter-offer), never taken
        assert S.choose(ENGINE, st, 1, random.Random(seed))["type"] in ("reject_trade", "counter_offer")


def test_expert_composes_an_n_for_m_offer_that_normal_takes() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["1,0,S"], 2: ["-1,1,N"]},
        hands={0: {"lumber": 3, "wool": 1, "grain": 1}, 1: {"ore": 3}, 2: {"brick": 1}},
    )
    taken = []
    for _ in range(6):
        a = X.choose(ENGINE, st, 0, random.Random(1))
        assert a in ENGINE.legal(st, 0)
        taken.append(a)
        act(st, 0, a)
        if a["type"] == "offer_send":
            break
    assert taken == [
        {"type": "offer_compose"},
        {"type": "offer_set", "side": "give", "kind": "lumber", "count": 3},
        {"type": "offer_set", "side": "want", "kind": "ore", "count": 2},
        {"type": "offer_send", "to": "all"},
    ]
    assert S.choose(ENGINE, st, 1, random.Random(1)) == {"type": "accept_trade"}
    act(st, 1, {"type": "accept_trade"})
    act(st, 0, X.choose(ENGINE, st, 0, random.Random(1)))  # confirms bob
    assert st.hand[0] == [0, 0, 1, 1, 2, 0, 0, 0] and st.hand[1] == [3, 0, 0, 0, 1, 0, 0, 0]
    # one composed offer a turn: no second one
    assert X.choose(ENGINE, st, 0, random.Random(1))["type"] != "offer_compose"


def test_ai_drops_a_draft_it_finds_open() -> None:
    st = table()
    act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": "all"})
    act(st, 1, {"type": "offer_compose"})
    assert S.choose(ENGINE, st, 1, random.Random(1)) == {"type": "offer_drop"}
    assert X.choose(ENGINE, st, 1, random.Random(1)) == {"type": "offer_drop"}

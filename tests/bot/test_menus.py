"""Legal actions become menu steps of at most 25 options; custom_ids round-trip."""

from __future__ import annotations

from typing import Any

from bot.service import menus
from games import registry
from games.core import Action


class Labelled:
    """A stand-in engine whose action paths are given by the actions themselves."""

    def action_path(self, view: dict[str, Any], action: Action, lang: str) -> list[str]:
        return list(action["path"])


def actions(*paths: tuple[str, ...]) -> list[Action]:
    return [{"type": "x", "path": list(p)} for p in paths]


def test_custom_id_round_trip_and_rejects() -> None:
    cid = menus.pack(12, 3, 45, "nl", ["2", "~1", "30"])
    assert len(cid) <= 100
    assert menus.unpack(cid) == (12, 3, 45, "nl", ["2", "~1", "30"])
    for bad in ("st:1:2:3:en:../x", "st:a:2:3:en:1", "xx:1:2:3:en:1", "st:1:2:3:english:1", ""):
        assert menus.unpack(bad) is None


def test_custom_id_ids_are_bounded_before_they_reach_the_store() -> None:
    """A game id or snowflake fits a signed 64-bit integer, a seat is below 8, a sequence fits 32 bits;
    anything else (or non-ASCII digits) does not parse, so no oversized number is ever looked up."""
    top = 2**63 - 1
    assert menus.unpack(menus.pack(top, 7, 2**31 - 1, "en", [])) == (top, 7, 2**31 - 1, "en", [])
    for game, seat, seq in ((top + 1, 0, 1), (2**64, 0, 1), (10**90, 0, 1), (1, 8, 1), (1, 0, 2**31)):
        assert menus.unpack(menus.pack(game, seat, seq, "en", [])) is None
    assert menus.CUSTOM_ID.fullmatch(menus.pack(2**64, 0, 1, "en", []))  # the template still answers it
    assert menus.bounded("٣") is None and menus.bounded("") is None and menus.bounded("0012") == 12


def test_a_decision_that_fits_one_menu_is_one_step() -> None:
    """At most 25 actions: each is an option of its own, its labels joined, so it is one press."""
    acts = actions(("Move", "Archer", "A1"), ("Move", "Archer", "A2"), ("Pass", "coin", "Archer"), ("Move",))
    step = menus.resolve(Labelled(), {}, acts, "en", [])  # type: ignore[arg-type]
    assert isinstance(step, menus.Step)
    assert [o.label for o in step.options] == [
        "Move",
        "Move · Archer · A1",
        "Move · Archer · A2",
        "Pass · coin · Archer",
    ]
    assert all(o.leaf for o in step.options)
    assert [menus.resolve(Labelled(), {}, acts, "en", o.path) for o in step.options] == [  # type: ignore[arg-type]
        acts[3],
        acts[0],
        acts[1],
        acts[2],
    ]


def test_labels_every_option_shares_are_said_once_above_them() -> None:
    acts = actions(("Change my choice", "Messenger"), ("Change my choice", "Trader"))
    step = menus.resolve(Labelled(), {}, acts, "en", [])  # type: ignore[arg-type]
    assert isinstance(step, menus.Step)
    assert step.chosen == ["Change my choice"] and [o.label for o in step.options] == ["Messenger", "Trader"]
    assert menus.resolve(Labelled(), {}, acts, "en", step.options[1].path) == acts[1]  # type: ignore[arg-type]
    lone = actions(("Pass", "coin", "Archer"))  # a single action keeps its whole label
    only = menus.resolve(Labelled(), {}, lone, "en", [])  # type: ignore[arg-type]
    assert isinstance(only, menus.Step) and [o.label for o in only.options] == ["Pass · coin · Archer"]


def test_steps_group_by_prefix_and_single_choices_fold() -> None:
    archers = [("Move", "Archer", f"A{i}") for i in range(20)]
    knights = [("Move", "Knight", f"K{i}") for i in range(10)]
    acts = actions(*archers, *knights, ("Pass", "coin", "Archer"))
    step = menus.resolve(Labelled(), {}, acts, "en", [])  # type: ignore[arg-type]
    assert isinstance(step, menus.Step)
    assert [o.label for o in step.options] == ["Move", "Pass · coin · Archer"]
    assert [o.leaf for o in step.options] == [False, True]
    assert menus.resolve(Labelled(), {}, acts, "en", step.options[1].path) == acts[-1]  # type: ignore[arg-type]
    moves = menus.resolve(Labelled(), {}, acts, "en", step.options[0].path)  # type: ignore[arg-type]
    assert isinstance(moves, menus.Step) and [o.label for o in moves.options] == ["Archer", "Knight"]
    nxt = menus.resolve(Labelled(), {}, acts, "en", moves.options[1].path)  # type: ignore[arg-type]
    assert isinstance(nxt, menus.Step) and [o.label for o in nxt.options] == [f"K{i}" for i in range(10)]
    assert nxt.chosen == ["Move", "Knight"]
    assert menus.resolve(Labelled(), {}, acts, "en", ["7"]) is None  # type: ignore[arg-type]
    assert menus.resolve(Labelled(), {}, acts, "en", ["x"]) is None  # type: ignore[arg-type]


def test_more_than_25_options_are_paged() -> None:
    acts = actions(*[("Deploy", f"hex {i:02d}") for i in range(60)])
    first = menus.resolve(Labelled(), {}, acts, "en", ["0"])  # type: ignore[arg-type]
    assert isinstance(first, menus.Step) and len(first.options) == 3
    assert first.options[0].label == "hex 00 … hex 23"
    seen: list[Action] = []
    for page in first.options:
        step = menus.resolve(Labelled(), {}, acts, "en", page.path)  # type: ignore[arg-type]
        assert isinstance(step, menus.Step) and len(step.options) <= menus.MAX_OPTIONS
        for opt in step.options:
            found = menus.resolve(Labelled(), {}, acts, "en", opt.path)  # type: ignore[arg-type]
            seen.append(found)  # type: ignore[arg-type]
    assert seen == acts


def test_every_commit_of_battles_and_builders_is_reachable_in_small_steps() -> None:
    eng = registry.get("battles_builders")
    state = eng.start(3, {}, 1)
    view, legal = eng.view(state, 0), eng.legal(state, 0)
    reached: list[Action] = []
    menu = menus.Menu(eng, view, legal, "en")

    def walk(path: list[str]) -> None:
        found = menu.resolve(path)
        if isinstance(found, menus.Step):
            assert 0 < len(found.options) <= menus.MAX_OPTIONS
            for opt in found.options:
                walk(opt.path)
        else:
            assert found is not None
            reached.append(found)

    walk([])
    assert len(reached) == len(legal) == 246
    assert sorted(map(str, reached)) == sorted(map(str, legal))


def test_typed_search_binds_numbers_to_words() -> None:
    label = "King: yes › 2 builders › 0 infantry › 1 cavalry › 12 archers"
    assert menus.matches(label, "yes 2 builders 1 cavalry")
    assert not menus.matches(label, "2 archers")
    assert menus.matches(label, "KING")
    assert not menus.matches(label, "3 builders")

"""The terminal table as people use it, through its standard input: hand-overs that leave nothing
secret behind, stopping that keeps the game, resuming that says what it ignores, positions in
text, the rules summary and the AI seats a game needs."""

from __future__ import annotations

import io
import json
import os
import shlex
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games import console, registry
from games.cities_knights import text as ck_text
from games.console import CLEAR, Console, Quit, Setup
from games.core import Event, visible
from games.rules_summary import SUMMARIES
from games.war_chest import text as wc_text

ROOT = Path(__file__).resolve().parents[2]


def feeder(answers: str) -> Callable[[], str]:
    feed = io.StringIO(answers)

    def read() -> str:
        line = feed.readline()
        if not line:
            raise Quit
        return line

    return read


def play(args: list[str], stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "games", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        env=env,
    )


# -- hot seat ------------------------------------------------------------------------------------


class Recording(Console):
    """A console that notes where each person's secret lines (private events, private status
    lines) were printed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.secrets: list[tuple[int, int]] = []  # (seat, position in the output)

    def _at(self) -> int:
        assert isinstance(self.out, io.StringIO)
        return len(self.out.getvalue())

    def tell(self, events: list[Event], actor: int | None) -> int:
        if actor is not None and any(not visible(ev, None) and visible(ev, actor) for ev in events):
            self.secrets.append((actor, self._at()))
        return super().tell(events, actor)

    def show(self, seat: int) -> None:
        self.secrets.append((seat, self._at()))
        super().show(seat)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_at_a_hand_over_nothing_of_the_last_person_stays_on_screen(lang: str) -> None:
    out = io.StringIO()
    table = Recording(Setup("burg", 2, [], 2, lang=lang), read=feeder("1\n" * 30), out=out)
    table.run()
    text = out.getvalue()
    screens = text.split(CLEAR)
    assert len(screens) > 4, "every change of person clears the screen"
    turn = [console.WORDS[lang]["turn"].format(name=name) for name in table.names]
    starts = [0]
    for screen in screens[:-1]:
        starts.append(starts[-1] + len(screen) + len(CLEAR))
    for screen in screens[1:]:
        assert screen.startswith(console.WORDS[lang]["pass"].split("{")[0]), "the next person is asked first"
    assert any(seat == 0 for seat, _ in table.secrets) and any(seat == 1 for seat, _ in table.secrets)
    for seat, at in table.secrets:
        screen = screens[max(i for i, start in enumerate(starts) if start <= at)]
        people = [i for i, header in enumerate(turn) if header in screen]
        assert people == [seat], f"a secret of seat {seat} shares a screen with {people}"
    # what happened in public meanwhile is told again after the hand-over, before the turn
    recap = screens[1].split(turn[1])[0]
    chosen = table.engine.describe_event({"type": "card_selected", "seat": 0}, lang, table.names)
    assert chosen and chosen in recap


def test_the_picture_shows_only_the_public_board_while_the_keyboard_changes_hands(tmp_path: Path) -> None:
    picture = tmp_path / "board.png"
    engine = registry.get("burg")
    out = io.StringIO()
    answers = iter("1\n" * 12)
    checked: list[bool] = []
    table: Console | None = None

    def read() -> str:
        assert table is not None
        if out.getvalue().rstrip().endswith("press Enter.") and table.at_keyboard is not None:
            public = engine.picture(engine.view(table.state, None), "en", table.names)
            checked.append(picture.read_bytes() == public)
        line = next(answers, None)
        if line is None:
            raise Quit
        return line

    table = Console(Setup("burg", 2, [], 2), read=read, out=out, picture=picture)
    table.run()
    assert checked and all(checked), checked
    assert not list(tmp_path.glob(".*.tmp")), "pictures are written whole, through a temporary file"


# -- stopping keeps the game ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "saved", "resume"), [("en", "Saved to", "To go on later:"), ("nl", "Bewaard in", "Later verder spelen:")]
)
def test_q_without_save_keeps_the_game_beside_you_and_says_how_to_go_on(
    tmp_path: Path, lang: str, saved: str, resume: str
) -> None:
    first = play(["burg", "--ai", "easy", "--seed", "5", "--lang", lang], "1\n1\n1\nq\n", tmp_path)
    assert first.returncode == 1 and first.stderr == ""
    kept = tmp_path / "speltafel-burg.json"
    assert f"{saved} {kept}." in first.stdout
    # the command as it was typed, by this Python, with the file it was kept in
    typed = ["burg", "--ai", "easy", "--seed", "5", "--lang", lang]
    command = shlex.join([sys.executable, "-m", "games", "play", *typed, "--save", str(kept)])
    assert f"{resume} {command}\n" in first.stdout
    doc = json.loads(kept.read_text())
    assert doc["format"] == "speltafel-save" and doc["log"] and doc["lang"] == lang
    # a second stopped game does not overwrite the first
    second = play(["burg", "--ai", "easy", "--seed", "6"], "q\n", tmp_path)
    assert f"{tmp_path / 'speltafel-burg-2.json'}." in second.stdout
    assert json.loads(kept.read_text()) == doc
    # the command it printed goes on with the game, and finds nothing in it to ignore
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    again = subprocess.run(
        shlex.split(command), input="q\n", capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env
    )
    assert again.returncode == 1 and f"{len(doc['log'])}" in again.stdout.splitlines()[0]
    assert again.stdout.splitlines()[0] in (
        f"Resumed {len(doc['log'])} actions from {kept}.",
        f"{len(doc['log'])} acties hervat uit {kept}.",
    )


PYTHON = "/opt/my python/bin/python3"


@pytest.mark.parametrize(
    ("typed", "save", "expected"),
    [
        (
            ["play", "burg", "--ai", "easy", "--save", "my game.json"],
            "my game.json",
            f"'{PYTHON}' -m games play burg --ai easy --save 'my game.json'",
        ),
        (
            ["play", "burg", "--ai", "easy", "--seed", "5"],
            None,
            f"'{PYTHON}' -m games play burg --ai easy --seed 5 --save KEPT",
        ),
        (None, None, f"'{PYTHON}' -m games play burg --save KEPT"),  # a table started in code
    ],
)
def test_the_resume_hint_repeats_the_command_as_it_was_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, typed: list[str] | None, save: str | None, expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "executable", PYTHON)
    out = io.StringIO()
    table = Console(
        Setup("burg", 2, ["easy"], 5),
        read=feeder("1\nq\n"),
        out=out,
        save=Path(save) if save else None,
        keep_dir=tmp_path,
        command=typed,
    )
    assert table.run() == 1
    expected = expected.replace("KEPT", shlex.quote(str(tmp_path / "speltafel-burg.json")))
    assert f"To go on later: {expected}\n" in out.getvalue()


def test_saved_to_is_said_with_save_and_the_end_of_input_keeps_the_game(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    done = play(["burg", "--ai", "easy", "--save", str(save)], "1\n1\n", tmp_path)  # input ends
    assert done.returncode == 1 and done.stderr == ""
    assert f"Saved to {save}." in done.stdout and "Stopped." in done.stdout
    assert json.loads(save.read_text())["log"]
    assert not (tmp_path / "speltafel-burg.json").exists()


def test_ctrl_c_at_the_prompt_is_like_q() -> None:
    out = io.StringIO()
    answers = iter(["1\n"])

    def read() -> str:
        line = next(answers, None)
        if line is None:
            raise KeyboardInterrupt
        return line

    table = Console(Setup("burg", 2, ["easy"], 5), read=read, out=out)
    assert table.run() == 1
    assert out.getvalue().rstrip().endswith("Nothing is kept.\nStopped.")


def test_ctrl_c_in_the_real_process_saves_without_a_traceback(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "games", "play", "burg", "--ai", "easy"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdin is not None
    seen = ""
    while "Choose a number" not in seen:  # the table waits for a choice
        chunk = proc.stdout.read(1)
        assert chunk, "the table ended before asking"
        seen += chunk
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=120)
    assert proc.returncode == 1 and err == "", err
    assert f"Saved to {tmp_path / 'speltafel-burg.json'}." in rest
    assert json.loads((tmp_path / "speltafel-burg.json").read_text())["game"] == "burg"


def test_a_save_that_cannot_be_finished_leaves_the_last_one_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.json"
    out = io.StringIO()
    real_replace = os.replace
    kept: list[str] = []

    def replace(src: str, dst: str) -> None:  # the first save lands, then the disk is full
        if kept:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)
        kept.append(Path(dst).read_text())

    monkeypatch.setattr(console.os, "replace", replace)
    Console(Setup("burg", 2, ["easy"], 5), read=feeder("1\n" * 3), out=out, save=save).run()
    assert kept and save.read_text() == kept[0] and len(json.loads(kept[0])["log"]) == 1
    assert "Could not save to" in out.getvalue() and "No space left on device" in out.getvalue()
    assert not list(tmp_path.glob(".*.tmp")), "a failed save leaves no temporary file"


# -- resuming ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "holds a saved game, which goes on as saved; ignored: war_chest (the saved game: burg); "
            "--players 3 (the saved game: 2); --ai hard (the saved game: easy); --seed 9 (the saved game: 5); "
            "--lang nl (the saved game: en).",
        ),
        (
            "nl",
            "bevat een bewaard spel, dat verder gaat zoals bewaard; genegeerd: war_chest (het bewaarde spel: burg); "
            "--players 3 (het bewaarde spel: 2); --ai hard (het bewaarde spel: easy); --seed 9 (het bewaarde spel: 5); "
            "--lang en (het bewaarde spel: nl).",
        ),
    ],
)
def test_resuming_names_the_arguments_it_ignores(tmp_path: Path, lang: str, expected: str) -> None:
    save = tmp_path / "game.json"
    play(["burg", "--ai", "easy", "--seed", "5", "--lang", lang, "--save", str(save)], "q\n", tmp_path)
    other = "en" if lang == "nl" else "nl"
    again = play(
        ["war_chest", "--players", "3", "--seed", "9", "--lang", other, "--ai", "hard", "--save", str(save)],
        "q\n",
        tmp_path,
    )
    assert again.stdout.splitlines()[0] == f"{save} {expected}"
    same = play(["burg", "--seed", "5", "--save", str(save)], "q\n", tmp_path)
    assert "ignored" not in same.stdout and "genegeerd" not in same.stdout


# -- positions in text ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "heading", "mine"),
    [("en", "Board — hex: what stands there", "— You, "), ("nl", "Bord — veld: wat er staat", "— Jij, ")],
)
def test_war_chest_positions_can_be_followed_without_a_picture(lang: str, heading: str, mine: str) -> None:
    out = io.StringIO()
    table = Console(Setup("war_chest", 2, ["easy"], 3, lang=lang), read=feeder("1\n" * 40), out=out)
    table.run()
    text = out.getvalue()
    assert heading in text
    location = "location (" if lang == "en" else "bolwerk ("
    assert location in text
    assert mine in text, "a unit the person deployed stands in the listing with its owner"
    view = table.engine.view(table.state, None)
    for unit in view["units"]:  # the last listing is the board as it is
        line = next(
            line for line in wc_text.board_lines(view, lang, table.names) if line.strip().startswith(unit["hex"] + " ")
        )
        assert wc_text.unit_name(unit["unit"], lang) in line and table.names[unit["owner"]] in line


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "The board: each hex by the name menus use"), ("nl", "Het bord: elk veld met de naam uit de menu's")],
)
def test_m_draws_the_war_chest_board_with_its_pieces(lang: str, title: str) -> None:
    out = io.StringIO()
    table = Console(Setup("war_chest", 2, ["easy"], 3, lang=lang), read=feeder("1\n" * 6 + "m\n"), out=out)
    table.run()
    text = out.getvalue()
    assert text.count(title) == 2, "once at the start, once for m"
    drawn = wc_text.map_lines({**table.engine.view(table.state, None), "names": table.names}, lang)
    last = text[text.rindex(title) :].splitlines()
    assert last[: len(drawn)] == drawn, "the board as it stands, its owners named as at the table"
    assert "╱" in text and "● " in "\n".join(drawn) and ("You, Raven" if lang == "en" else "Jij, Raaf") in text
    assert last[len(drawn)].startswith("   1. "), "the menu again, not the listing the map already holds"


@pytest.mark.parametrize(("lang", "settlement"), [("en", "settlement — You"), ("nl", "nederzetting — Jij")])
def test_cities_knights_positions_can_be_followed_without_a_picture(lang: str, settlement: str) -> None:
    out = io.StringIO()
    table = Console(Setup("cities_knights", 3, ["easy", "easy"], 2, lang=lang), read=feeder("1\n" * 8 + "m\n"), out=out)
    table.run()
    text = out.getvalue()
    robber = "Robber: desert" if lang == "en" else "Rover: woestijn"
    assert robber in text and f" 0: {settlement}" in text
    road = "Roads (You): 0–3" if lang == "en" else "Wegen (Jij): 0–3"
    assert road in text
    around = "Hexes and the intersections around them:" if lang == "en" else "Tegels en de kruispunten eromheen:"
    assert text.count(around) == 2, "once at the start, once for m"
    assert text.index(around) < text.index("1. ")


def test_the_cities_knights_listing_names_every_piece_with_its_owner() -> None:
    engine = registry.get("cities_knights")
    state = engine.start(3, {}, 4)
    view = engine.view(state, None)
    view["buildings"] = {
        "0,-2,N": {"owner": 0, "kind": "city", "wall": True, "metropolis": "science"},
        "1,-2,S": {"owner": 2, "kind": "sideways", "wall": False, "metropolis": None},
    }
    view["knights"] = {"2,0,N": {"owner": 1, "level": 2, "active": True, "ready": True, "promoted": False}}
    view["roads"] = {"0,-1,N|1,-2,S": 2}
    view["merchant"], view["merchant_owner"] = view["hexes"][0]["id"], 1
    names = ["ann", "bob", "cy"]
    en = "\n".join(ck_text.board_lines(view, "en", names))
    nl = "\n".join(ck_text.board_lines(view, "nl", names))
    assert "city (metropolis science) with city wall — ann" in en
    assert "stad (metropool wetenschap) met stadsmuur — ann" in nl
    assert "pillaged city — cy" in en and "geplunderde stad — cy" in nl
    assert "strong knight, active — bob" in en and "sterke ridder, actief — bob" in nl
    assert "Roads (cy): " in en and "Wegen (cy): " in nl
    assert "Merchant: " in en and "(bob)" in en and "Handelaar: " in nl


# -- rules and seats -----------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "key"), [("en", "r"), ("nl", "regels")])
def test_r_shows_the_same_rules_summary_as_slash_rules(lang: str, key: str) -> None:
    out = io.StringIO()
    Console(Setup("battles_builders", 2, ["easy"], 3, lang=lang), read=feeder(f"{key}\n"), out=out).run()
    text = " ".join(line.strip() for line in out.getvalue().splitlines())
    assert SUMMARIES["battles_builders"][lang] in text
    assert "simultaneous_commit=" in text
    menu_again = "   1. King: no" if lang == "en" else "   1. Koning: nee"
    assert out.getvalue().count(menu_again) == 2, "the menu is shown again after the rules"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Catan: Cities & Knights needs 3 seats: 1 more AI player joins (normal)."),
        ("nl", "Catan: Steden en Ridders heeft 3 plaatsen nodig: er komt 1 AI-speler bij (normal)."),
    ],
)
def test_a_game_that_needs_more_seats_adds_ai_players_and_says_so(tmp_path: Path, lang: str, said: str) -> None:
    done = play(["cities_knights", "--ai", "normal", "--lang", lang], "q\n", tmp_path)
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.startswith(said), done.stdout[:300]
    kept = json.loads((tmp_path / "speltafel-cities_knights.json").read_text())
    assert kept["players"] == 3 and kept["ai"] == ["normal", "normal"], "one person, two AI seats"
    assert "Player 2" not in done.stdout and "Speler 2" not in done.stdout
    # going on with the same arguments: the seat the game added is no argument ignored
    again = play(
        ["cities_knights", "--ai", "normal", "--lang", lang, "--save", str(tmp_path / "speltafel-cities_knights.json")],
        "q\n",
        tmp_path,
    )
    assert "ignored" not in again.stdout and "genegeerd" not in again.stdout, again.stdout[:300]


def test_war_chest_with_two_ai_seats_is_played_by_four(tmp_path: Path) -> None:
    done = play(["war_chest", "--ai", "easy", "hard"], "q\n", tmp_path)
    assert done.stdout.startswith("War Chest needs 4 seats: 1 more AI player joins (hard).")
    assert json.loads((tmp_path / "speltafel-war_chest.json").read_text())["ai"] == ["easy", "hard", "hard"]
    done = play(["burg", "--ai", "easy"], "q\n", tmp_path)  # enough seats already: nothing added
    assert "AI player" not in done.stdout.splitlines()[0]

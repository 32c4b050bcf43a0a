"""The console table, driven through its standard input as a person would drive it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import registry
from games.console import Console, Quit, Setup


def lines(*answers: str) -> list[str]:
    return [a + "\n" for a in answers]


def run(args: list[str], stdin: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
    )


def test_one_person_plays_a_whole_game_against_an_ai_through_stdin() -> None:
    done = run(["battles_builders", "--ai", "easy", "--seed", "3"], "1\n" * 2000)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert "— You —" in out and "Ada (AI, easy)" in out
    assert "   1. " in out  # legal actions are numbered
    tail = out.rstrip().splitlines()[-3:]
    assert tail[0] == "The game is over."
    assert {r.split(". ")[1].split(":")[0] for r in tail[1:]} == {"You", "Ada (AI, easy)"}
    assert tail[1].startswith("1. ")


def test_the_menu_is_grouped_like_discord_and_back_works() -> None:
    feed = io.StringIO("".join(lines("2", "b", "x", "1", "q")))
    out = io.StringIO()
    table = Console(Setup("battles_builders", 2, ["easy"], 3), read=lambda: feed.readline() or "q\n", out=out)
    assert table.run() == 1
    text = out.getvalue()
    first = text.index("   1. King: no")
    assert "   2. King: yes" in text[first:]
    assert "› King: yes" in text  # chose 2, then went back
    assert text.count("   1. King: no") >= 2  # the first step again after "b"
    assert "Type one of the numbers shown." in text  # "x" is no choice
    assert "Stopped." in text


@pytest.mark.parametrize(
    ("lang", "back", "status", "stop"), [("en", "back", "status", "quit"), ("nl", "terug", "stand", "stoppen")]
)
def test_whole_words_work_as_the_letters(lang: str, back: str, status: str, stop: str) -> None:
    feed = io.StringIO("".join(lines("2", back.upper(), status, stop)))
    out = io.StringIO()
    table = Console(
        Setup("battles_builders", 2, ["easy"], 3, lang=lang), read=lambda: feed.readline() or "q\n", out=out
    )
    assert table.run() == 1
    text = out.getvalue()
    king = "King" if lang == "en" else "Koning"
    after = text[text.index(f"› {king}: ") :]  # chose 2, then went back to the first step
    assert after.count(f"   1. {king}: ") == 2  # once after going back, once after the status
    bad = "Type one of the numbers shown." if lang == "en" else "Typ een van de getoonde nummers."
    assert bad not in text
    assert text.rstrip().endswith("Stopped." if lang == "en" else "Gestopt.")


def test_save_and_resume_continue_the_same_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = run(["burg", "--ai", "normal", "--seed", "5", "--save", str(save)], "1\n" * 12 + "q\n")
    assert first.returncode == 1 and "Stopped." in first.stdout
    kept = json.loads(save.read_text())
    assert kept["game"] == "burg" and kept["ai"] == ["normal"] and kept["log"]
    moves = len(kept["log"])
    # resuming ignores the other arguments: the file says what is played
    second = run(["burg", "--save", str(save)], "1\n" * 3000)
    assert second.returncode == 0, second.stderr[-2000:]
    assert f"Resumed {moves} actions" in second.stdout and "The game is over." in second.stdout
    # the saved log replays from the seed to the finished game
    final = json.loads(save.read_text())
    assert final["log"][:moves] == kept["log"]
    engine = registry.get("burg")
    state = engine.start(2, final["options"], final["seed"])
    for seat, action in final["log"]:
        engine.apply(state, seat, action)
    assert engine.result(state) is not None


def test_hot_seat_hands_the_keyboard_over_before_a_secret_choice() -> None:
    feed = io.StringIO("1\n" * 40)
    out = io.StringIO()

    def read() -> str:
        line = feed.readline()
        if not line:
            raise Quit
        return line

    table = Console(Setup("burg", 2, [], 2), read=read, out=out)
    table.run()
    text = out.getvalue()
    assert "Pass the keyboard to Player 1" in text and "Pass the keyboard to Player 2" in text
    # a person's private lines come after their hand-over, never before it
    p2 = text.index("Pass the keyboard to Player 2")
    assert text.index("— Player 2 —") > p2


@pytest.mark.parametrize("key", sorted(registry.ENGINES))
def test_ai_seats_alone_finish_every_game_in_dutch(key: str) -> None:
    engine = registry.get(key)
    players = list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))[0]
    out = io.StringIO()
    table = Console(Setup(key, players, ["normal"] * players, 4, lang="nl"), read=lambda: "", out=out)
    assert table.run() == 0
    assert "Het spel is afgelopen." in out.getvalue()
    assert engine.result(table.state) is not None


def test_bad_arguments_are_refused_with_a_reason() -> None:
    done = run(["cities_knights", "--players", "2"], "")
    assert done.returncode == 2 and "played by 3, 4 players" in done.stderr
    done = run(["battles_builders", "--option", "colour=red"], "")
    assert done.returncode == 2 and "unknown option 'colour'" in done.stderr

"""Hostile and damaged files handed to ``python -m games``: an export to ``replay`` and a save to
``play --save`` are checked against their schema, and each damage gets one line on stderr and exit
code 2 (1 stays "the replay differs" / "stopped before the end"), never a traceback."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games import export_file, registry, replay
from games.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def _export(key: str = "burg", players: int = 2, seed: int = 3) -> dict[str, Any]:
    """A finished game exported as ``/export`` writes it (JSON round trip included)."""
    engine = registry.get(key)
    state = engine.start(players, {}, seed)
    rnd = random.Random(seed)
    log = []
    while engine.pending(state):
        seat = min(engine.pending(state))
        action = rnd.choice(engine.legal(state, seat))
        engine.apply(state, seat, action)
        log.append((seat, action))
    names = [f"p{i}" for i in range(players)]
    return json.loads(json.dumps(replay.export(key, players, {}, seed, log, names), ensure_ascii=False, indent=1))


EXPORT = _export()


def _changed(change: Callable[[dict[str, Any]], Any]) -> bytes:
    doc = copy.deepcopy(EXPORT)
    out = change(doc)
    return json.dumps(doc if out is None else out).encode()


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(path: list[Any]) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


DAMAGED_EXPORTS: list[tuple[str, bytes, str]] = [
    ("top level a list", b"[1, 2]", "holds a list, not a JSON object"),
    ("top level a string", b'"speltafel"', "holds a string, not a JSON object"),
    ("game a list", _changed(_set(["game"], ["burg"])), "game: Input should be a valid string, not a list"),
    ("log a number", _changed(_set(["log"], 7)), "log: Input should be a valid list, not a number"),
    ("seat null", _changed(_set(["log", 4, "seat"], None)), "log[4].seat: an action needs the seat"),
    ("seat out of range", _changed(_set(["log", 4, "seat"], 5)), "log[4].seat: 5 is no seat of a 2-player game"),
    ("seat a string", _changed(_set(["log", 4, "seat"], "1")), "log[4].seat: Input should be a valid integer"),
    ("action a string", _changed(_set(["log", 4, "action"], "build")), "log[4].action: Input should be a valid dict"),
    ("fewer names", _changed(_set(["names"], ["p0"])), "names: 1 name for 2 players"),
    ("names not strings", _changed(_set(["names"], [1, 2])), "names[0]: Input should be a valid string"),
    ("players a bool", _changed(_set(["players"], True)), "players: Input should be a valid integer"),
    ("players out of range", _changed(_set(["players"], 9)), "burg is played by 2, 3, 4 players, not 9"),
    ("missing names", _changed(_drop(["names"])), "the key names is missing"),
    ("missing events", _changed(_drop(["log", 2, "events"])), "the key log[2].events is missing"),
    ("missing final", _changed(_drop(["final"])), "the key final is missing"),
    ("result garbled", _changed(_set(["result", "ranks"], [])), "result.ranks: Input should be a valid dict"),
    ("unknown game", _changed(_set(["game"], "chess")), "unknown game 'chess' (the games are battles_builders, burg"),
    ("no format", _changed(_drop(["format"])), "not a Speltafel replay file"),
    ("a later version", _changed(_set(["version"], 7)), "version 7 of the replay format"),
    ("bad options", _changed(_set(["options"], {"colour": "red"})), "options: "),
    ("an illegal action", _changed(_set(["log", 3, "action"], {"type": "fly"})), "log[3].action cannot be played"),
    ("an action without type", _changed(_set(["log", 3, "action"], {})), "log[3].action cannot be played"),
    ("deeply nested arrays", b"[" * 100_000, "nested too deeply"),
    ("deeply nested action", _changed(_set(["log", 3, "action"], json.loads("[" * 500 + "]" * 500))), "log[3].action"),
    ("not UTF-8", b"\xff\xfe{\x00}\x00", "not UTF-8 text"),
    ("latin-1 text", json.dumps(EXPORT, ensure_ascii=False).replace("p0", "Jos\u00e9").encode("latin-1"), "UTF-8"),
    ("not JSON", b"format: speltafel-replay\n", "it is not JSON: Expecting value at line 1 column 1"),
    ("cut short", json.dumps(EXPORT).encode()[:500], "it is not JSON"),
    ("empty", b"", "it is empty"),
    ("only blanks", b"  \n", "it is empty"),
    ("a huge number", b'{"format": "speltafel-replay", "seed": ' + b"9" * 5000 + b"}", "it is not JSON"),
]


@pytest.mark.parametrize(("content", "expected"), [c[1:] for c in DAMAGED_EXPORTS], ids=[c[0] for c in DAMAGED_EXPORTS])
def test_a_damaged_export_gets_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, expected: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith(f"cannot replay {path}: ") and expected in err, err


def test_a_missing_file_or_a_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nothing.json")]) == 2
    assert (
        capsys.readouterr().err.strip()
        == f"cannot replay {tmp_path / 'nothing.json'}: cannot read it: No such file or directory"
    )
    assert main(["replay", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_real_process_answers_deep_nesting_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    proc = subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        f"cannot replay {path}: it is not JSON this program can read: it is nested too deeply"
    ]


@pytest.mark.parametrize(("key", "players"), [("battles_builders", 3), ("war_chest", 2), ("cities_knights", 3)])
def test_an_export_as_written_passes_the_schema_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, players: int
) -> None:
    doc = _export(key, players, 5)
    parsed = export_file.parse(doc)
    assert parsed.game == key and len(parsed.actions) == len(doc["log"]) - 1
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.rstrip().endswith("final state exactly.")


def test_keys_a_newer_export_adds_are_ignored_and_a_different_final_still_means_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = dict(copy.deepcopy(EXPORT), exported_at="2025-01-01", ai=[None, "normal"])
    doc["final"]["round"] = -1
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert err == "" and out.rstrip().endswith("The replay DIFFERS from the export.")


# -- saves of ``python -m games play --save FILE`` -----------------------------------------------

SAVE = {"format": "speltafel-save", "game": "burg", "players": 2, "ai": ["easy"], "seed": 5, "lang": "en", "log": []}

DAMAGED_SAVES: list[tuple[str, bytes, str]] = [
    ("empty", b"", "it is empty"),
    ("not JSON", b"{'game': 'burg'}", "it is not JSON"),
    ("not UTF-8", b"\xc0\xc1", "not UTF-8 text"),
    ("top level a list", b"[]", "holds a list, not a JSON object"),
    ("deeply nested", b'{"a":' * 60_000, "nested too deeply"),
    ("missing key", json.dumps({k: v for k, v in SAVE.items() if k != "seed"}).encode(), "the key seed is missing"),
    ("unknown game", json.dumps(dict(SAVE, game="chess")).encode(), "unknown game 'chess' (the games are"),
    ("an AI level", json.dumps(dict(SAVE, ai=["genius"])).encode(), "ai[0]: 'genius' is no AI level"),
    ("too many AI", json.dumps(dict(SAVE, ai=["easy"] * 3)).encode(), "ai: 3 AI seats at a table of 2"),
    ("a language", json.dumps(dict(SAVE, lang="fr")).encode(), "lang: Input should be 'en' or 'nl'"),
    ("log a dict", json.dumps(dict(SAVE, log={"0": 1})).encode(), "log: Input should be a valid list"),
    (
        "a seat",
        json.dumps(dict(SAVE, log=[[None, {"type": "x"}]])).encode(),
        "log[0][0]: Input should be a valid integer",
    ),
    ("an action", json.dumps(dict(SAVE, log=[[0, "x"]])).encode(), "log[0][1]: Input should be a valid dict"),
    ("an illegal action", json.dumps(dict(SAVE, log=[[0, {"type": "fly"}]])).encode(), "log[0] cannot be played there"),
    ("an option", json.dumps(dict(SAVE, options={"colour": "red"})).encode(), "options: unknown option"),
    ("an export", json.dumps(EXPORT).encode(), "it is an exported game, not a saved one"),
]


@pytest.mark.parametrize(("content", "expected"), [c[1:] for c in DAMAGED_SAVES], ids=[c[0] for c in DAMAGED_SAVES])
def test_a_damaged_save_gets_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, expected: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert main(["play", "burg", "--save", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert err.startswith(f"cannot resume {path}: ") and expected in err, err
    assert path.read_bytes() == content  # a damaged save is left as it was


def test_the_real_process_answers_a_damaged_save_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"game": "burg", "players": 2, "ai": ["easy"], "seed": 5, "log": [[0, {"type": "fly"}]]}')
    proc = subprocess.run(
        [sys.executable, "-m", "games", "play", "burg", "--save", str(path)],
        cwd=ROOT,
        input="1\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        f"cannot resume {path}: log[0] cannot be played there: unknown_type: unknown action type 'fly'"
    ]

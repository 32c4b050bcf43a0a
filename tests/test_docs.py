"""The README stays short and the docs stay whole: every setting, slash command, command-line command
and benchmark the code has is named in the docs, every link between them resolves, and the cheap
commands the README shows run as written."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
README_LIMIT = 12 * 1024


def docs_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in [README, *sorted(DOCS.rglob("*.md"))])


def test_the_readme_reads_in_five_minutes() -> None:
    assert len(README.read_bytes()) <= README_LIMIT


def test_every_setting_is_in_the_configuration_page() -> None:
    page = (DOCS / "configuration.md").read_text(encoding="utf-8")
    missing = [name.upper() for name in Settings.model_fields if f"`{name.upper()}`" not in page]
    assert not missing, f"settings missing from docs/configuration.md: {missing}"


def slash_commands() -> set[str]:
    """Every slash command the chat adapter declares."""
    found: set[str] = set()
    for path in (ROOT / "bot" / "chat").rglob("*.py"):
        found |= set(re.findall(r'app_commands\.command\(\s*name="([a-z_]+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_slash_command_is_in_the_readme_table() -> None:
    commands = slash_commands()
    assert {"join", "start", "board", "hand", "play", "help"} <= commands
    table = README.read_text(encoding="utf-8").split("## Commands", 1)[1]
    missing = sorted(c for c in commands if f"`/{c}" not in table)
    assert not missing, f"slash commands missing from README's table: {missing}"


def test_every_benchmark_is_in_the_benchmarks_page() -> None:
    page = (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    runnable = [
        p for p in (ROOT / "benchmarks").glob("*.py") if '__name__ == "__main__"' in p.read_text(encoding="utf-8")
    ]
    modules = sorted(p.stem for p in runnable)
    assert len(modules) >= 10
    missing = [m for m in modules if f"benchmarks.{m}" not in page]
    assert not missing, f"benchmarks missing from docs/benchmarks.md: {missing}"


def test_every_command_line_tool_is_named() -> None:
    text = docs_text()
    for command in ("python -m bot", "python -m bot local", "python -m games play", "python -m games replay"):
        assert command in text, command


def test_every_link_between_the_docs_resolves() -> None:
    broken = []
    for page in [README, *DOCS.rglob("*.md")]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # an address on the web
            if not (page.parent / target).exists() and "shared/rules" not in target:
                broken.append(f"{page.relative_to(ROOT)} -> {target}")
    assert not broken, broken


def readme_commands() -> list[str]:
    """The Python command at the end of each of README's command lines (what runs after the
    install steps), as a person types it."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    return [line.rsplit("&& ", 1)[-1].strip() for block in blocks for line in block.strip().splitlines()]


def run(
    command: str, cwd: Path, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    argv = command.split()
    assert argv[0] == ".venv/bin/python", command
    return subprocess.run(
        [sys.executable, *argv[1:]],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )


def test_the_readme_shows_each_command_once_and_they_are_known() -> None:
    commands = readme_commands()
    assert commands == [
        ".venv/bin/python -m bot",
        ".venv/bin/python -m pytest",
        ".venv/bin/python -m bot local war_chest --ai normal",
        ".venv/bin/python -m games play war_chest --ai normal",
    ]


def test_the_bot_command_runs_as_written_and_asks_for_its_token(tmp_path: Path) -> None:
    done = run(readme_commands()[0], tmp_path, env={"DISCORD_TOKEN": ""})
    assert done.returncode == 2 and "DISCORD_TOKEN is not set" in done.stderr


def test_the_terminal_table_runs_as_written(tmp_path: Path) -> None:
    done = run(readme_commands()[3], tmp_path, stdin="q\n")
    assert done.returncode == 1, done.stderr  # stopped by the person, the game kept
    assert "Saved to" in done.stdout and (tmp_path / "speltafel-war_chest.json").is_file()


@pytest.mark.parametrize("page", sorted(p.name for p in (DOCS / "games").glob("*.md")))
def test_each_game_page_shows_its_board(page: str) -> None:
    text = (DOCS / "games" / page).read_text(encoding="utf-8")
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert pictures and all((DOCS / "games" / p).is_file() for p in pictures)
    assert "## A turn on Discord" in text and "## A turn on the board" in text


def test_the_local_table_runs_as_written(tmp_path: Path) -> None:
    """Started as written (no token, no display: no browser is opened), it serves the game on the
    loopback and keeps it when Ctrl-C stops it."""
    argv = readme_commands()[2].split()
    assert argv[0] == ".venv/bin/python"
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    table = subprocess.Popen(
        [sys.executable, *argv[1:]], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert table.stdout is not None
        shown = []
        while not shown or ("Ctrl-C" not in shown[-1] and shown[-1]):
            shown.append(table.stdout.readline())
        said = "".join(shown)
        assert "A new game of War Chest: Player 1, Ada (AI, normal)." in said, said
        assert "  http://127.0.0.1:" in said
    finally:
        table.send_signal(signal.SIGINT)
        out, err = table.communicate(timeout=60)
    assert table.returncode == 0, err
    assert "the game is kept" in out and (tmp_path / "data" / "speltafel" / "local.db").is_file()

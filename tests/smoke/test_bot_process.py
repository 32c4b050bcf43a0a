"""Smoke test: the real bot process against a fake Discord on loopback.

Starts `python -m bot` with DISCORD_API_BASE / DISCORD_GATEWAY_URL pointing at
:class:`FakeDiscord`, then checks that it logs in, identifies without privileged
intents, syncs its slash commands to the dev guild, answers `/games`, stops on
SIGTERM and never prints its token.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import subprocess
import sys
from collections.abc import Awaitable
from pathlib import Path
from typing import TypeVar

from tests.smoke.fake_discord import GUILD_ID, INTENT_MESSAGE_CONTENT, FakeDiscord

T = TypeVar("T")

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# The module run with `python -m`; overridable to try a stand-in while the bot is being written.
BOT_MODULE = os.environ.get("SMOKE_BOT_MODULE", "bot")
EXPECTED_COMMANDS = {"games", "join", "start", "play", "hand"}
START_TIMEOUT = 60.0  # log-in, migrations, command sync and IDENTIFY together
ANSWER_TIMEOUT = 15.0
STOP_TIMEOUT = 20.0
# Settings the bot could pick up from the developer's shell and that would change what is tested.
_SCRUBBED_ENV = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL",
    "SHARD_COUNT",
    "SHARD_IDS",
    "DEFAULT_LANGUAGE",
)


def _bot_env(fake: FakeDiscord, token: str, tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k.upper() not in _SCRUBBED_ENV}
    env.update(
        DISCORD_TOKEN=token,
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
        DEV_GUILD_ID=str(GUILD_ID),
        # DEBUG so that the token check below also covers debug logging.
        LOG_LEVEL="DEBUG",
        DISCORD_API_BASE=fake.api_base,
        DISCORD_GATEWAY_URL=fake.gateway_url,
        # The bot runs in tmp_path (so no stray .env or data/ is used), the code comes from here.
        PYTHONPATH=os.pathsep.join(filter(None, [str(PROJECT_ROOT), os.environ.get("PYTHONPATH")])),
        PYTHONUNBUFFERED="1",
    )
    return env


def _tail(path: Path, lines: int = 40) -> str:
    text = path.read_text(errors="replace") if path.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


async def _unless_exited(awaitable: Awaitable[T], proc: asyncio.subprocess.Process, what: str, logs: Path) -> T:
    """Await ``awaitable`` (itself bounded) but fail at once when the bot process dies first."""
    waiting = asyncio.ensure_future(awaitable)
    exited = asyncio.ensure_future(proc.wait())
    try:
        await asyncio.wait({waiting, exited}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        exited.cancel()
    if waiting.done():
        try:
            return waiting.result()
        except TimeoutError as exc:
            raise AssertionError(f"{exc}; stderr tail:\n{_tail(logs)}") from None
    waiting.cancel()
    raise AssertionError(f"bot exited with {proc.returncode} before {what}; stderr tail:\n{_tail(logs)}")


async def _stop(proc: asyncio.subprocess.Process) -> tuple[int, bool]:
    """SIGTERM, as a process manager would; SIGKILL only if it does not exit in time. Returns (code, killed)."""
    if proc.returncode is not None:
        return proc.returncode, False
    proc.terminate()
    try:
        return await asyncio.wait_for(proc.wait(), STOP_TIMEOUT), False
    except TimeoutError:
        proc.kill()
        return await asyncio.wait_for(proc.wait(), 10.0), True


async def test_bot_connects_syncs_and_answers_games(tmp_path: Path) -> None:
    # Unique, so any occurrence in the output can only be a leak.
    token = f"smoke-token-{secrets.token_hex(16)}"
    stdout_path, stderr_path = tmp_path / "bot.stdout", tmp_path / "bot.stderr"

    async with FakeDiscord(token=token) as fake:
        # Files, not pipes: a chatty DEBUG log can never block the bot on a full pipe.
        with stdout_path.open("wb") as out, stderr_path.open("wb") as err:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                BOT_MODULE,
                cwd=tmp_path,
                env=_bot_env(fake, token, tmp_path),
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
            )
        try:
            # discord.py syncs in setup_hook, after log-in and before the gateway.
            identify = await _unless_exited(fake.wait_for_identify(START_TIMEOUT), proc, "IDENTIFY", stderr_path)
            assert identify["token_ok"], "IDENTIFY carried another token than DISCORD_TOKEN"
            assert not int(identify["intents"]) & INTENT_MESSAGE_CONTENT, "slash-only bot asked for message content"

            commands = await _unless_exited(
                fake.wait_for_command_sync(GUILD_ID, START_TIMEOUT), proc, "the guild command sync", stderr_path
            )
            names = {command["name"] for command in commands}
            assert names >= EXPECTED_COMMANDS, f"missing commands: {sorted(EXPECTED_COMMANDS - names)}"
            assert not fake.synced_commands.get(None), "DEV_GUILD_ID is set, yet commands were synced globally"

            await _unless_exited(fake.wait_for_ready_sent(START_TIMEOUT), proc, "READY", stderr_path)
            interaction = await fake.dispatch_command("games")
            callback = await _unless_exited(
                fake.wait_for_callback(interaction, ANSWER_TIMEOUT), proc, "answering /games", stderr_path
            )
            assert callback.type == 4, f"/games answered with callback type {callback.type}, not 4 (message)"
            assert "Battles & Builders" in callback.text, f"/games answer lacks the game: {callback.data}"
            assert not fake.gateway_closes, f"fake Discord closed the gateway: {fake.gateway_closes}"

            # The connection drops: discord.py resumes the session and the bot answers again.
            await fake.drop_connection(4000)
            await _unless_exited(fake.wait_for_ready_sent(START_TIMEOUT), proc, "RESUME after a drop", stderr_path)
            assert fake.resumes and len(fake.identifies) == 1, "the bot identified anew instead of resuming"
            interaction = await fake.dispatch_command("games")
            callback = await _unless_exited(
                fake.wait_for_callback(interaction, ANSWER_TIMEOUT), proc, "answering after the drop", stderr_path
            )
            assert "Battles & Builders" in callback.text
        finally:
            returncode, killed = await _stop(proc)

    output = stdout_path.read_text(errors="replace") + stderr_path.read_text(errors="replace")
    assert not killed, f"bot ignored SIGTERM for {STOP_TIMEOUT:g}s; stderr tail:\n{_tail(stderr_path)}"
    # The bot handles SIGTERM itself: closes the gateway, disposes the database, exits 0.
    assert returncode == 0, f"bot exited with {returncode}; stderr tail:\n{_tail(stderr_path)}"
    assert token not in output, "the bot token appeared in the process output"

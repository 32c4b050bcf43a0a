"""Words for everyone: a public Replay post in the channel's language throughout (its link button
too), whoever asked; /help and the README list every command, /board included; the leaderboard's
picture heads its columns in the channel's language."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.chat.i18n import t
from bot.service.charts import leaderboard_png
from tests.chat.driver import play_until_over
from tests.chat.test_web_buttons import link_buttons
from tests.chat.web_world import web_world
from tests.chat.world import World, custom_ids, install_locales

README = Path(__file__).resolve().parents[2] / "README.md"


def _answer(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


async def _finished(world: World, members: list[Any]) -> int:
    await members[0].slash(world.channel, "join", game="battles_builders")
    for m in members[1:]:
        await m.slash(world.channel, "join")
    await members[0].slash(world.channel, "start")
    game_id = (await world.service.table_in(world.channel.id)).game_id  # type: ignore[union-attr]
    await play_until_over(world, random.Random(3))
    return game_id


@pytest.mark.parametrize(("channel", "asker"), [("en", "nl"), ("nl", "en")])
async def test_a_public_replay_post_is_in_the_channel_s_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, channel: str, asker: str
) -> None:
    async with web_world(tmp_path, f"replay-{channel}") as (world, _web, _ticks):
        install_locales(monkeypatch, world.locales)
        world.bot.controller.default_language = channel
        ann, bob = world.add_player("ann"), world.add_player("bob")
        world.locales[bob.id] = asker
        game_id = await _finished(world, [ann, bob])
        result = next(m for m in world.channel.history() if custom_ids(m) == [f"rp:{game_id}"])
        posted = _answer(await bob.click(result, custom_id=f"rp:{game_id}"))
        assert not posted.flags.ephemeral
        words = "game" if channel == "en" else "spel"
        assert f"{words} {game_id}: " in posted.content and t("replay", asker).lower() not in posted.content.lower()
        ((label, _url),) = link_buttons(posted)
        assert label == t("replay_web", channel) != t("replay_web", asker)


async def test_help_and_the_readme_list_every_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with web_world(tmp_path, "help") as (world, _web, _ticks):  # with the web table: /board too
        install_locales(monkeypatch, world.locales)
        names = {c.name for c in world.bot.tree.get_commands()}
        assert "board" in names
        readme = README.read_text()
        ann = world.add_player("ann")
        for lang in ("en", "nl"):
            world.locales[ann.id] = lang
            r = await ann.slash(world.channel, "help")
            text = r.response.embeds[0].description or ""
            listed = set(re.findall(r"`/([a-z]+)", text))
            assert names <= listed, (lang, names - listed)
        table = set(re.findall(r"^\| `/([a-z]+)", readme, re.MULTILINE))
        assert names <= table, names - table


def _heads(lang: str) -> tuple[str, ...]:
    return tuple(t(f"leaderboard_{col}", lang) for col in ("player", "rating", "won", "played"))


@pytest.mark.parametrize("channel", ["en", "nl"])
async def test_the_leaderboard_heads_its_columns_in_the_channel_s_language(world: World, channel: str) -> None:
    """The picture is drawn from the rows the text lists and the heads in the channel's language,
    whoever asked (a Dutch person on an English server reads English heads, and the reverse)."""
    world.bot.controller.default_language = channel
    ann, bob = world.add_player("ann"), world.add_player("bob")
    other = "nl" if channel == "en" else "en"
    world.locales[bob.id] = other
    await _finished(world, [ann, bob])
    board = _answer(await bob.slash(world.channel, "leaderboard", game="battles_builders"))
    records = world.bot.controller.records
    ranked = await records.leaderboard(world.guild.id, "battles_builders")
    names = await records.names(world.guild.id, [x.player for x in ranked])
    rows = [(names[x.player], x.rating, x.games, x.wins) for x in ranked]
    title = board.embeds[0].title or ""
    png = await board.attachments[0].read()
    assert png == leaderboard_png(title, rows, _heads(channel))
    assert png != leaderboard_png(title, rows, _heads(other))

"""Setting up a local table: who sits where, bad arguments refused before anything is made, the
language, the address links name, the browser, and which unfinished game goes on."""

from __future__ import annotations

import asyncio
import io
import socket
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from pathlib import Path

import aiohttp
import pytest

from bot.local import cli, network
from bot.local.folder import channel_of, person_id
from bot.local.seating import Seating, SeatingError, seating
from bot.local.words import PAGE_WORDS
from bot.store.models import ABANDONED, RUNNING
from tests.local.conftest import local_table


def seated(key: str, players: int | None = None, ai: tuple[str, ...] = (), names: tuple[str, ...] = ()) -> Seating:
    return seating(key, players, list(ai), list(names), "Player {n}", key)


def test_seating_follows_the_console_table() -> None:
    assert seated("war_chest", ai=("easy",)) == Seating(("Player 1",), ("easy",))
    assert seated("war_chest") == Seating(("Player 1", "Player 2"), ())  # all people, the fewest seats
    assert seated("cities_knights", ai=("hard",)) == Seating(("Player 1",), ("hard", "hard"), added=1)
    assert seated("war_chest", ai=("easy", "normal")) == Seating(("Player 1",), ("easy", "normal", "normal"), 1)
    assert seated("burg", players=4, ai=("easy",), names=("Ann", "Bob", "Cas")) == Seating(
        ("Ann", "Bob", "Cas"), ("easy",)
    )
    assert seated("battles_builders", names=("Ann", "Bob", "Cas")).players == 3


@pytest.mark.parametrize(
    ("args", "key", "says"),
    [
        ({"players": 3}, "bad_count", "2, 4"),
        ({"players": 2, "ai": ("easy", "easy")}, "too_many_ai", "2"),
        ({"names": ("Ann", "ann")}, "names_twice", "ann"),
        ({"players": 2, "ai": ("easy",), "names": ("Ann", "Bob")}, "names_count", "2"),
        ({"names": ("Ann", "x" * 33)}, "bad_name", "xxx"),
        ({"names": ("Ann", "Bo\nb")}, "bad_name", "Bo"),
    ],
)
def test_a_seating_that_cannot_be_says_why(args: dict[str, object], key: str, says: str) -> None:
    with pytest.raises(SeatingError) as refused:
        seated("war_chest", **args)  # type: ignore[arg-type]
    assert refused.value.key == key and says in " ".join(map(str, refused.value.params.values()))


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["war_chest", "--players", "3"], "War Chest is played by 2, 4 players, not 3."),
        (["war_chest", "--option", "setup=bogus"], "setup"),
        (["war_chest", "--option", "colour=red"], "colour"),
        (["--ai", "easy"], "--ai easy needs a game"),
        (["war_chest", "--lang", "nl", "--names", "Jan", "jan"], "Iedereen heeft een eigen naam nodig"),
    ],
)
def test_bad_arguments_are_refused_and_nothing_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert cli.main(["--no-browser", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0], err
    assert not (tmp_path / "data").exists()


Stop = Callable[[], None]


async def run_command(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], then: Callable[[str], Awaitable[None]] | None = None
) -> tuple[int, str]:
    """The command in this process: it runs until its links are out, ``then`` looks at the table,
    and the command is stopped as Ctrl-C stops it."""
    stops: list[Stop] = []
    monkeypatch.setattr(cli, "stop_on_signals", stops.append)
    out = io.StringIO()
    task = asyncio.create_task(cli.serve(cli.parser().parse_args(argv), out))
    while "Ctrl-C" not in out.getvalue() and not task.done():
        await asyncio.sleep(0.02)
    if not task.done():
        if then is not None:
            await then(out.getvalue())
        stops[0]()
    return await asyncio.wait_for(task, 60), out.getvalue()


async def test_dutch_table_words_and_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--lang nl: the command speaks Dutch, and every page does too, whatever the browser prefers."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))

    async def look(shown: str) -> None:
        mine = next(line.strip() for line in shown.splitlines() if "/board#" in line)
        base, token = mine.split("#")
        headers = {"X-Board-Token": token, "Accept-Language": "en-GB,en;q=0.9"}
        async with (
            aiohttp.ClientSession() as http,
            http.get(base.replace("/board", "/api/state"), headers=headers) as r,
        ):
            state = await r.json()
        assert state["lang"] == "nl" and state["texts"]["players"] == "Spelers"
        assert state["texts"]["hand_over"] == "Geef het apparaat aan {name}"

    argv = ["war_chest", "--ai", "easy", "--lang", "nl", "--names", "Jan", "--no-browser", "--port", "0"]
    code, shown = await run_command(monkeypatch, argv, look)
    assert code == 0
    assert "Een nieuw spel War Chest: Jan, Ada (AI, easy)." in shown
    assert "Jouw link:" in shown and "De tafel is gestopt; het spel blijft bewaard." in shown
    # going on keeps the game's language without --lang
    code, shown = await run_command(monkeypatch, ["--no-browser", "--port", "0"])
    assert code == 0 and "Het onafgemaakte spel War Chest gaat verder" in shown


async def test_the_browser_opens_the_first_link_where_there_is_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("DISPLAY", ":0")
    opened: list[str] = []
    monkeypatch.setattr(cli.webbrowser, "open", lambda url: opened.append(url) or True)
    argv = ["burg", "--names", "Ann", "Bob", "--hand-over", "--port", "0"]
    code, shown = await run_command(monkeypatch, argv)
    assert code == 0
    [hand_over] = [line.strip() for line in shown.splitlines() if "/board#" in line and "," in line]
    assert opened == [hand_over] and "One page for Ann, Bob, passed from person to person:" in shown
    # --no-browser (and a machine without a display) open nothing; without --hand-over each person has a link
    code, shown = await run_command(monkeypatch, ["burg", "--no-browser", "--port", "0"])
    assert code == 0
    monkeypatch.delenv("DISPLAY")
    code, shown = await run_command(monkeypatch, ["burg", "--port", "0"])
    assert opened == [hand_over]
    assert "  Ann: http://127.0.0.1:" in shown and "  Bob: http://127.0.0.1:" in shown


async def test_every_interface_gives_links_with_the_network_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(network, "lan_address", lambda: "192.0.2.44")  # no address of this machine is needed
    async with local_table(tmp_path, "network", host="0.0.0.0") as local:
        table = await local.begin("war_chest", Seating(("Ann", "Bob"), ()), [], "en")
        await local.serve(table, "en")
        links = local.seat_links(table)
        assert [link.name for link in links] == ["Ann", "Bob"]
        assert all(link.url.startswith(f"http://192.0.2.44:{local.web.port}/board#") for link in links)
        token = links[0].url.split("#")[1]
        url = f"http://127.0.0.1:{local.web.port}/api/state"  # reached here through the loopback
        async with aiohttp.ClientSession() as http, http.get(url, headers={"X-Board-Token": token}) as r:
            assert r.status == 200 and (await r.json())["seat"] == 0


async def test_which_unfinished_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    common = ["--no-browser", "--port", "0"]
    code, _ = await run_command(monkeypatch, common)  # nothing unfinished, and no game named
    assert code == 2
    code, shown = await run_command(monkeypatch, ["war_chest", *common])
    assert code == 0 and "A new game of War Chest" in shown
    code, shown = await run_command(monkeypatch, common)
    assert code == 0 and "The unfinished game of War Chest goes on" in shown
    code, shown = await run_command(monkeypatch, ["war_chest", "--ai", "hard", *common])
    assert "goes on where it was" in shown and "so --ai hard is not used (--new starts a new game)" in shown
    code, shown = await run_command(monkeypatch, ["burg", *common])
    assert "A new game of" in shown
    code, shown = await run_command(monkeypatch, common)
    assert code == 2  # two unfinished games: which one?
    code, shown = await run_command(monkeypatch, ["war_chest", "--new", "--ai", "easy", *common])
    assert code == 0 and "The unfinished game of War Chest (game 1) was ended; a new one begins." in shown
    async with local_table(tmp_path / "data" / "speltafel", "look") as local:
        old, new = await local.service.table_by_id(1), await local.service.table_by_id(3)
        assert old is not None and old.status == ABANDONED
        assert new is not None and new.status == RUNNING and new.seats[1].ai_level == "easy"


async def test_a_port_in_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The default port gives way to a free one; a port asked for with --port is refused instead."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setattr(cli, "DEFAULT_PORT", port)
        code, shown = await run_command(monkeypatch, ["war_chest", "--no-browser"])
        assert code == 0 and f"Port {port} is in use, so the table took port" in shown
        assert f"127.0.0.1:{port}/" not in shown
        code, shown = await run_command(monkeypatch, ["burg", "--no-browser", "--port", str(port)])
        assert code == 1 and "Ctrl-C" not in shown
        assert f"Port {port} on 127.0.0.1 cannot be used" in capsys.readouterr().err
    async with local_table(tmp_path / "data" / "speltafel", "look") as local:
        assert await local.unfinished("burg") is None  # refused before a game was made
        assert await local.unfinished("war_chest") is not None


async def test_a_turn_clock_when_asked(tmp_path: Path) -> None:
    """--clock 2m: when a person's time runs out, the other player's page offers the vote, and a
    stand-in vote lets an AI play the absent person's seat (without --clock there is no clock)."""
    moment = [datetime(2026, 3, 1, 20, 0)]
    async with local_table(tmp_path, "clock", clock="2m", clock_tick=0, now=lambda: moment[0]) as local:
        table = await local.begin("war_chest", Seating(("Ann", "Bob"), ()), [], "en")
        await local.serve(table, "en")
        assert table.clock_seconds == 120 and table.state is not None
        [late] = table.engine.pending(table.state)
        other = 1 - late
        token = local.seat_links(table)[other].url.split("#")[1]
        base = f"http://127.0.0.1:{local.web.port}"
        headers = {"X-Board-Token": token}
        async with aiohttp.ClientSession() as http:
            moment[0] += timedelta(minutes=1)
            await local.fire_clock()  # half time: nothing to vote on yet
            async with http.get(f"{base}/api/state", headers=headers) as r:
                assert (await r.json())["votes"] == []
            moment[0] += timedelta(minutes=2)
            await local.fire_clock()
            async with http.get(f"{base}/api/state", headers=headers) as r:
                votes = (await r.json())["votes"]
            assert [v["seat"] for v in votes] == [late]
            body = {"seat": late, "choice": "stand_in", "seq": 0}
            async with http.post(f"{base}/api/vote", json=body, headers=headers) as r:
                assert r.status == 200 and (await r.json())["ok"] is True
        for _ in range(500):  # the stand-in (an AI) plays the late person's turn
            if any(seat == late for seat, _ in await local.service.action_log(table.game_id)):
                break
            await asyncio.sleep(0.02)
        after = await local.service.table_by_id(table.game_id)
        assert after is not None and after.seats[late].stand_in and after.version > table.version
    async with local_table(tmp_path / "plain", "no-clock") as local:
        table = await local.begin("war_chest", Seating(("Ann", "Bob"), ()), [], "en")
        assert table.clock_seconds is None


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_a_link_that_does_not_open_the_table_says_where_links_come_from(tmp_path: Path, lang: str) -> None:
    """A local table has no /board command: a refused link points at the command that prints the links."""
    async with local_table(tmp_path, "refused") as local:
        table = await local.begin("war_chest", Seating(("Ann", "Bob"), ()), [], lang)
        await local.serve(table, lang)
        token = local.seat_links(table)[0].url.split("#")[1]
        base = f"http://127.0.0.1:{local.web.port}"
        async with aiohttp.ClientSession() as http:
            for bad in (token[:-2] + ("AA" if not token.endswith("AA") else "BB"), "nonsense"):
                async with http.get(f"{base}/api/state", headers={"X-Board-Token": bad}) as r:
                    assert r.status == 403 and await r.text() == PAGE_WORDS["refused"][lang]
            async with http.get(f"{base}/api/state", headers={"X-Board-Token": token}) as r:
                assert r.status == 200  # the table's own link still opens it
    # a seat given up: its link says to watch with the watch link
    (tmp_path / "burg").mkdir()
    async with local_table(tmp_path / "burg", "seat lost") as local:
        game = await local.begin("burg", Seating(("Ann", "Bob", "Cor"), ()), [], lang)
        await local.serve(game, lang)
        base = f"http://127.0.0.1:{local.web.port}"
        gone = local.seat_links(game)[2].url.split("#")[1]
        await local.service.resign(channel_id=channel_of("burg"), user_id=person_id(2))
        async with (
            aiohttp.ClientSession() as http,
            http.get(f"{base}/api/state", headers={"X-Board-Token": gone}) as r,
        ):
            assert r.status == 403 and await r.text() == PAGE_WORDS["seat_lost"][lang]
    assert all("/board" not in words[lang] for words in PAGE_WORDS.values())

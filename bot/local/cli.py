"""``python -m bot local GAME ...``: a game in the browser on this computer, without Discord.

It opens (or makes) the database, starts a new game or goes on with the unfinished one of that kind,
serves the board on 127.0.0.1 (every interface only with ``--host 0.0.0.0``), prints each person's
link, opens the first in the browser where there is one, and runs until Ctrl-C. Exit codes: 0
stopped, 1 the database or the port could not be used, 2 a bad argument (nothing was changed).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import shlex
import signal
import sys
import webbrowser
from collections.abc import Callable
from typing import TextIO

from bot.chat.i18n import t
from bot.local.folder import data_folder, database_url, link_secret
from bot.local.seating import Seating, SeatingError, seating
from bot.local.table import LocalTable, language_of
from bot.local.words import say
from bot.service.clock import CLOCKS
from bot.service.errors import ServiceError
from bot.service.notices import Table
from bot.service.tables import parse_options
from bot.store.models import ABANDONED, FINISHED
from bot.store.startup import DatabaseStartupError
from games import ai, registry

#: The port a local table asks for first: the same at every start, so open pages find it again.
DEFAULT_PORT = 8470


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot local",
        description="A game in the browser on this computer, without Discord. The game is kept in a "
        "database and goes on where it was when the same command runs again.",
    )
    p.add_argument(
        "game", nargs="?", choices=sorted(registry.ENGINES), help="which game (left out: the one unfinished game)"
    )
    p.add_argument("--players", type=int, help="seats in all, people first (as python -m games play)")
    p.add_argument(
        "--ai",
        nargs="*",
        default=[],
        choices=ai.LEVELS,
        metavar="LEVEL",
        help="one AI seat per level: easy, normal, hard",
    )
    p.add_argument("--names", nargs="+", default=[], metavar="NAME", help="the people's names, in seat order")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option, repeatable")
    p.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        help="a turn clock for a new game (default off): when a person's time runs "
        "out, the others vote for an AI stand-in or the end",
    )
    p.add_argument("--lang", choices=("en", "nl"), help="the table's language (default: the game's, else en)")
    p.add_argument("--host", default="127.0.0.1", help="where to listen (0.0.0.0: every device on this network)")
    p.add_argument("--port", type=int, help=f"the port (default {DEFAULT_PORT}, or a free one; 0: any free port)")
    p.add_argument("--database", metavar="URL", help="an SQLAlchemy URL or a SQLite file (default: the data folder)")
    p.add_argument("--hand-over", action="store_true", help="one page for all people, passed from person to person")
    p.add_argument("--no-browser", action="store_true", help="print the links without opening a browser")
    p.add_argument("--new", action="store_true", help="end the unfinished game of this kind and start a new one")
    p.add_argument("--ai-delay", type=float, default=1.0, metavar="SECONDS", help="an AI's pause before it acts")
    p.add_argument("--budget-ms", type=int, default=1000, help="thinking time of a hard AI per decision")
    return p


def go_on_command(args: argparse.Namespace, game_key: str) -> str:
    """The command that goes on with this game: this Python, the game, and where it is kept and served."""
    words = [sys.executable, "-m", "bot", "local", game_key]
    if args.database:
        words += ["--database", args.database]
    if args.host != "127.0.0.1":
        words += ["--host", args.host]
    if args.port is not None:
        words += ["--port", str(args.port)]
    if args.hand_over:
        words.append("--hand-over")
    if args.no_browser:
        words.append("--no-browser")
    return shlex.join(words)


def setup_given(args: argparse.Namespace) -> list[str]:
    """The arguments that set up a new game, as they were typed."""
    given = []
    if args.players is not None:
        given.append(f"--players {args.players}")
    if args.ai:
        given.append("--ai " + " ".join(args.ai))
    if args.names:
        given.append("--names " + shlex.join(args.names))
    given += [f"--option {o}" for o in args.option]
    if args.clock is not None:
        given.append(f"--clock {args.clock}")
    return given


def browser_available() -> bool:
    """A graphical browser can open here (on Linux without a display, ``webbrowser`` would start a
    text browser in this terminal instead)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


class Session:
    """One run of the command: what it prints, and when it stops."""

    def __init__(self, args: argparse.Namespace, out: TextIO) -> None:
        self.args = args
        self.out = out
        self.lang = args.lang or "en"
        self.stop = asyncio.Event()
        self.over_told = False
        self.seats: Seating | None = None

    def say(self, key: str, **params: object) -> None:
        print(say(key, self.lang, **params), file=self.out, flush=True)

    def line(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def watch(self, table: Table) -> None:
        if table.status in (FINISHED, ABANDONED) and not self.over_told:
            self.over_told = True
            self.say("over" if table.status == FINISHED else "ended_by_vote")

    def checked_seating(self) -> Seating | None:
        """The new game's seating and options, checked before anything is opened (None: refused)."""
        args = self.args
        engine = registry.get(args.game)
        name = engine.names.get(self.lang) or engine.names["en"]
        try:
            seats = seating(args.game, args.players, args.ai, args.names, say("player", self.lang, n="{n}"), name)
            parse_options(engine, " ".join(args.option))
        except SeatingError as err:
            print(say(err.key, self.lang, **err.params), file=sys.stderr)
            return None
        except ServiceError as err:
            print(t(err.code, self.lang, **err.params), file=sys.stderr)
            return None
        return seats

    def checked(self) -> bool:
        """The arguments make sense (else one line on stderr): checked before anything is opened."""
        if self.args.game:
            self.seats = self.checked_seating()
            return self.seats is not None
        if given := setup_given(self.args) + (["--new"] if self.args.new else []):
            print(say("needs_game", self.lang, args=" ".join(given)), file=sys.stderr)
            return False
        return True

    async def run(self, local: LocalTable) -> int:
        args = self.args
        seats = self.seats
        try:
            await local.open()
        except DatabaseStartupError as exc:
            print(say("database", self.lang, error=exc), file=sys.stderr)
            return 1
        try:
            await local.listen()  # before any game is made: a port that cannot be used changes nothing
        except OSError as exc:
            why = os.strerror(exc.errno) if exc.errno else str(exc)
            print(say("port_busy", self.lang, port=local.port, host=local.host, why=why), file=sys.stderr)
            return 1
        table = await self.find(local)
        if table is None and not args.game:
            return 2
        if table is not None and args.new:
            await local.end(table)
            self.say("ended", game=self.game_name(table), id=table.game_id)
            table = None
        if table is None:
            assert seats is not None
            try:
                table = await local.begin(args.game, seats, args.option, self.lang)
            except ServiceError as err:
                print(t(err.code, self.lang, **err.params), file=sys.stderr)
                return 2
            if seats.added:
                level = seats.levels[-1]
                key = "ai_added" if seats.added == 1 else "ai_added_many"
                self.say(key, game=self.game_name(table), players=seats.players, count=seats.added, level=level)
            self.say("started", game=self.game_name(table), seats=self.seat_list(table))
        else:
            self.lang = args.lang or language_of(table)
            self.say(
                "resumed",
                game=self.game_name(table),
                id=table.game_id,
                version=table.version,
                seats=self.seat_list(table),
            )
            if ignored := setup_given(args):
                self.say("ignored", args=", ".join(ignored))
        local.play(table, self.lang)
        self.show_links(local, table)
        self.watch(table)
        await self.stop.wait()
        return 0

    async def find(self, local: LocalTable) -> Table | None:
        """The unfinished game to go on with: of the kind named, or else the only one there is."""
        if self.args.game:
            return await local.unfinished(self.args.game)
        tables = await local.all_unfinished()
        if len(tables) == 1:
            self.args.game = tables[0].engine.key
            return tables[0]
        if not tables:
            print(say("name_a_game", self.lang, games=", ".join(sorted(registry.ENGINES))), file=sys.stderr)
        else:
            print(say("several", self.lang, games=", ".join(t.engine.key for t in tables)), file=sys.stderr)
        return None

    def game_name(self, table: Table) -> str:
        return table.engine.names.get(self.lang) or table.engine.names["en"]

    def seat_list(self, table: Table) -> str:
        return ", ".join(
            say("ai_seat", self.lang, name=s.name, level=s.ai_level) if s.ai_level else s.name for s in table.seats
        )

    def show_links(self, local: LocalTable, table: Table) -> None:
        web = local.web
        if local.port_taken is not None:
            self.say("port_taken", port=local.port_taken, other=web.port)
        if not web.built:
            self.say("not_built")
        self.say("table_at", address=local.links.base_url)
        links = local.seat_links(table)
        first = links[0].url if links else local.watch_link(table)
        if self.args.hand_over and len(links) > 1:
            first = local.hand_over_link(table)
            self.say("hand_over_link", names=", ".join(link.name for link in links))
            self.line(f"  {first}")
        else:
            if self.args.hand_over:
                self.say("hand_over_alone")
            if len(links) == 1:
                self.say("your_link")
                self.line(f"  {links[0].url}")
            else:
                self.say("seat_links")
                for link in links:
                    self.line(f"  {link.name}: {link.url}")
        self.say("watch_link")
        self.line(f"  {local.watch_link(table)}")
        if local.host not in ("127.0.0.1", "localhost", "::1"):
            self.say("network")
        if not self.args.no_browser and browser_available():
            self.say("browser")
            with contextlib.suppress(Exception):
                webbrowser.open(first)
        self.say("stop_hint", command=go_on_command(self.args, table.engine.key))


def stop_on_signals(stop: Callable[[], None]) -> None:
    """Ctrl-C and a service manager's SIGTERM stop the table cleanly (where the loop can catch them)."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop)


async def serve(args: argparse.Namespace, out: TextIO) -> int:
    session = Session(args, out)
    if not session.checked():
        return 2
    folder = data_folder()
    local = LocalTable(
        database_url(args.database, folder),
        link_secret(folder),
        host=args.host,
        port=DEFAULT_PORT if args.port is None else args.port,
        port_fallback=args.port is None,
        ai_delay=args.ai_delay,
        budget_ms=args.budget_ms,
        on_change=session.watch,
        clock=args.clock,
    )
    stop_on_signals(session.stop.set)
    try:
        code = await session.run(local)
    finally:
        await local.close()
    if code == 0 and session.over_told:
        session.say("stopped_over")
    elif code == 0 and args.game:
        session.say("stopped", command=go_on_command(args, args.game))
    return code


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    args = parser().parse_args(argv)
    if args.ai_delay < 0 or args.budget_ms < 10:
        parser().error("--ai-delay is 0 or more, --budget-ms 10 or more")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(serve(args, out or sys.stdout))
    except KeyboardInterrupt:
        return 0

"""Load over the wire: the real ``python -m bot`` processes against the loopback fake Discord.

    python -m benchmarks.load [--games 1000] [--stores sqlite,postgres] [--processes 1,2,4]
                              [--rates 5,10,20,40,80,160] [--step 20]

Opens ``--games`` games in as many channels (all four games, spread over several servers and, with
several processes, over their shards), then lets their players act concurrently at rising arrival
rates (actions per second, Poisson arrivals over the games that are not busy). A player acts as a
typing player does: ``/play`` autocomplete to see their legal actions (an empty list means it is
not their turn), then ``/play`` with one of them. Per store and number of processes it prints the
interactions per second sustained, the time from an interaction reaching the bot's gateway to its
first response (p50/p99/max: Discord's 3-second deadline is about this one), the p99 time until
the table message shows the new board, the Discord API requests the bot sent per action as the fake
Discord received them (all of them while the rate ran, over the actions whose board change was seen;
by kind as ``benchmarks/api_requests.py`` names them), CPU and memory per process, and database size
per game; and the highest rate at which the p99 first response stayed under 250 ms. Figures are
printed, never asserted. PostgreSQL comes from ``--postgres`` or ``TEST_POSTGRES_URL`` (its public schema is reset).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import resource
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import text

from benchmarks.api_requests import KINDS, api_path, classify
from bot.store.db import make_engine
from tests.smoke.crowd import CrowdDiscord

ROOT = Path(__file__).resolve().parents[1]
GAMES = [("battles_builders", 2), ("burg", 2), ("war_chest", 2), ("cities_knights", 3)]
TARGET_MS = 250.0


@dataclass
class Table:
    channel: int
    players: list[int]
    busy: bool = False
    turn: int = 0  # index of the player who acted last (tried first next time)
    over: bool = False


@dataclass
class Step:
    rate: float
    first_ms: list[float] = field(default_factory=list)
    board_ms: list[float] = field(default_factory=list)
    interactions: int = 0
    actions: int = 0
    seconds: float = 0.0
    requests: Counter[str] = field(default_factory=Counter)  # the bot's REST requests by kind

    def p(self, values: list[float], q: float) -> float:
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _proc_stats(pid: int) -> tuple[float, int]:
    """CPU seconds used and resident memory (bytes) of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    # a process that just exited (a PostgreSQL backend whose client left) has no resident set
    rss = next(
        (
            int(line.split()[1]) * 1024
            for line in Path(f"/proc/{pid}/status").read_text().splitlines()
            if line.startswith("VmRSS")
        ),
        0,
    )
    return cpu, rss


def _children(pid: int) -> list[int]:
    """Every process below ``pid`` (its worker processes and theirs)."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return found
    for task in tasks:
        try:
            kids = [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
        for kid in kids:
            found += [kid, *_children(kid)]
    return found


def _kind(pid: int) -> str:
    """A bot's worker names itself ``speltafel <kind>`` (bot/service/workers.py)."""
    try:
        words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode(errors="replace").split()
    except OSError:
        return "other"
    return f"{words[1]} workers" if len(words) == 2 and words[0] == "speltafel" else "other"


def _postgres_pids() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "postgres":
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def _cpu_by_pid(bots: list[int], store: str) -> dict[int, tuple[str, float]]:
    """(kind, CPU seconds so far) of every process the benchmark started, of this process (the
    fake Discord and its players) and of the PostgreSQL server."""
    out: dict[int, tuple[str, float]] = {os.getpid(): ("fake Discord and players", _self_cpu())}
    for pid in bots:
        out[pid] = ("bot", _proc_stats(pid)[0])
        for kid in _children(pid):
            try:
                out[kid] = (_kind(kid), _proc_stats(kid)[0])
            except OSError:
                continue
    if store == "postgres":
        for pid in _postgres_pids():
            try:
                out[pid] = ("PostgreSQL server", _proc_stats(pid)[0])
            except OSError:
                continue
    return out


def _self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _cpu_by_kind(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> Counter[str]:
    """CPU seconds per kind of process between two readings (a process started meanwhile counts whole)."""
    spent: Counter[str] = Counter()
    for pid, (kind, cpu) in after.items():
        spent[kind] += cpu - before.get(pid, (kind, 0.0))[1]
    return spent


async def _reset_postgres(url: str) -> None:
    engine = make_engine(url)
    async with engine.begin() as conn:
        await conn.execute(text("DROP SCHEMA public CASCADE"))
        await conn.execute(text("CREATE SCHEMA public"))
    await engine.dispose()


async def _db_bytes(url: str, sqlite_path: Path | None) -> int:
    if sqlite_path is not None:
        return sum(p.stat().st_size for p in sqlite_path.parent.glob(sqlite_path.name + "*"))
    engine = make_engine(url)
    async with engine.connect() as conn:
        size = (
            await conn.execute(
                text(
                    "SELECT sum(pg_total_relation_size(quote_ident(tablename))) FROM pg_tables WHERE schemaname = 'public'"
                )
            )
        ).scalar_one()
    await engine.dispose()
    return int(size or 0)


class Run:
    def __init__(self, fake: CrowdDiscord, tables: list[Table]) -> None:
        self.fake = fake
        self.tables = tables
        self.play = fake.command("play")

    async def timed(self, user: int, channel: int, kind: int, data: dict[str, Any], step: Step | None) -> Any:
        sent = await self.fake.interact(user, channel, kind, data)
        answer = await self.fake.answer(sent)
        if step is not None:
            step.first_ms.append(1000 * (answer.received_at - sent.sent_at))
            step.interactions += 1
        return sent, answer

    async def act(self, table: Table, step: Step | None) -> bool:
        """One action by whoever may act; False when nobody may (the game is over)."""
        order = table.players[table.turn :] + table.players[: table.turn]
        for i, user in enumerate(order):
            options = [{"type": 3, "name": "action", "value": "", "focused": True}]
            data = {"id": self.play["id"], "name": "play", "type": 1, "options": options}
            _, answer = await self.timed(user, table.channel, 4, data, step)
            choices = answer.data.get("choices") or []
            if not choices:
                continue
            pick = random.choice(choices)["value"]
            data = {
                "id": self.play["id"],
                "name": "play",
                "type": 1,
                "options": [{"type": 3, "name": "action", "value": pick}],
            }
            sent, _ = await self.timed(user, table.channel, 2, data, step)
            table.turn = (table.turn + i) % len(table.players)
            try:
                changed = await self.fake.board_change(table.channel, sent.sent_at, timeout=30)
                if step is not None:
                    step.board_ms.append(1000 * (changed - sent.sent_at))
                    step.actions += 1
            except TimeoutError:
                pass
            return True
        return False

    async def open(self, key: str, table: Table) -> None:
        join = self.fake.command("join")
        start = self.fake.command("start")
        for n, user in enumerate(table.players):
            options = [{"type": 3, "name": "game", "value": key}] if n == 0 else []
            await self.timed(
                user, table.channel, 2, {"id": join["id"], "name": "join", "type": 1, "options": options}, None
            )
        await self.timed(table.players[0], table.channel, 2, {"id": start["id"], "name": "start", "type": 1}, None)

    async def one(self, table: Table, step: Step) -> None:
        try:
            if not await self.act(table, step):
                table.over = True
        except TimeoutError:
            pass
        finally:
            table.busy = False

    async def step(self, rate: float, seconds: float) -> Step:
        step = Step(rate)
        first = len(self.fake.requests)
        loop = asyncio.get_running_loop()
        started = loop.time()
        tasks: set[asyncio.Task[None]] = set()
        while loop.time() - started < seconds:
            await asyncio.sleep(random.expovariate(rate))
            idle = [t for t in self.tables if not t.busy and not t.over]
            if not idle:
                continue
            table = random.choice(idle)
            table.busy = True
            task = asyncio.create_task(self.one(table, step))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        step.seconds = loop.time() - started
        if tasks:
            await asyncio.wait(tasks, timeout=60)
        # everything the bot sent over the socket while this rate ran, its late answers included
        step.requests.update(
            classify(r.method, api_path(r.path), lambda c: c not in self.fake.channels)
            for r in self.fake.requests[first:]
        )
        return step


async def measure(
    store: str,
    url: str | None,
    processes: int,
    games: int,
    rates: list[float],
    seconds: float,
    picture_workers: int | None = None,
) -> None:
    token = f"load-{secrets.token_hex(8)}"
    guilds = max(4, 4 * processes)
    per_guild = -(-games // guilds)
    fake = CrowdDiscord(
        token=token, guilds=guilds, channels_per_guild=per_guild, members_per_guild=3 * per_guild, max_lifetime=7200
    )
    fake.shard_count = processes
    tmp = Path(tempfile.mkdtemp(prefix="speltafel-load-"))
    sqlite_path = tmp / "load.db" if store == "sqlite" else None
    db_url = f"sqlite+aiosqlite:///{sqlite_path}" if sqlite_path else str(url)
    if sqlite_path is None:
        await _reset_postgres(db_url)
    procs: list[subprocess.Popen[bytes]] = []
    async with fake:
        env_base = {
            **{k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID", "DATABASE_URL")},
            "DISCORD_TOKEN": token,
            "DATABASE_URL": db_url,
            "DISCORD_API_BASE": fake.api_base,
            "DISCORD_GATEWAY_URL": fake.gateway_url,
            "SHARD_COUNT": str(processes),
            "LOG_LEVEL": "WARNING",
            "AI_WORKERS": "1",
            "PICTURE_WORKERS": str(
                max(1, (os.cpu_count() or 1) // processes) if picture_workers is None else picture_workers
            ),
            "PYTHONPATH": str(ROOT),
        }
        for i in range(processes):
            log = (tmp / f"bot{i}.log").open("wb")
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "bot"],
                    cwd=tmp,
                    env={**env_base, "SHARD_IDS": str(i)},
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
            if i == 0:  # the first process migrates the database before the others start
                await fake.wait_for_shards(1)
        try:
            await fake.wait_for_shards(processes)
            await fake._wait_for(lambda: fake.synced_commands.get(None), 120, "global command sync")
            members = {g: list(u) for g, u in fake.members.items()}
            tables: list[Table] = []
            for n, (channel, info) in enumerate(list(fake.channels.items())[:games]):
                key, count = GAMES[n % len(GAMES)]
                pool = members[int(info["guild_id"])]
                tables.append(Table(channel, [pool.pop() for _ in range(count)]))
            run = Run(fake, tables)
            opening = time.perf_counter()
            gate = asyncio.Semaphore(32)

            async def open_one(n: int, table: Table) -> None:
                async with gate:
                    await run.open(GAMES[n % len(GAMES)][0], table)

            await asyncio.gather(*(open_one(n, t) for n, t in enumerate(tables)))
            opened = time.perf_counter() - opening
            cpu0 = [_proc_stats(p.pid)[0] for p in procs]
            kinds0 = _cpu_by_pid([p.pid for p in procs], store)
            steps = []
            for rate in rates:
                step = await run.step(rate, seconds)
                steps.append(step)
                if step.p(step.first_ms, 0.99) > TARGET_MS:
                    break
            cpu1 = [_proc_stats(p.pid) for p in procs]
            by_kind = _cpu_by_kind(kinds0, _cpu_by_pid([p.pid for p in procs], store))
            spent = sum(s.seconds for s in steps)
            db_bytes = await _db_bytes(db_url, sqlite_path)
        finally:
            for p in procs:
                p.send_signal(signal.SIGTERM)
            for p in procs:
                try:
                    p.wait(30)
                except subprocess.TimeoutExpired:
                    p.kill()
    drawing = "pictures in a thread" if picture_workers == 0 else "pictures in worker processes"
    print(f"\n{store}, {processes} process(es), {drawing}, {games} games opened in {opened:.0f} s")
    print(
        f"{'rate/s':>7} {'inter/s':>8} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'board p99':>9} "
        f"{'req/action':>10}  ({' '.join(KINDS)})"
    )
    best = None
    for s in steps:
        p99 = s.p(s.first_ms, 0.99)
        print(
            f"{s.rate:7.0f} {s.interactions / s.seconds:8.1f} {s.actions / s.seconds:9.1f} "
            f"{statistics.median(s.first_ms) if s.first_ms else float('nan'):7.1f} {p99:7.1f} "
            f"{max(s.first_ms, default=float('nan')):7.1f} {s.p(s.board_ms, 0.99):9.1f} "
            f"{sum(s.requests.values()) / max(1, s.actions):10.2f}  "
            f"({' '.join(f'{s.requests[k] / max(1, s.actions):.2f}' for k in KINDS)})"
        )
        if p99 <= TARGET_MS:
            best = s.rate
    for i, (cpu, rss) in enumerate(cpu1):
        print(
            f"  process {i}: CPU {100 * (cpu - cpu0[i]) / max(spent, 1e-9):.0f}% of a core, {rss / 2**20:.0f} MiB resident"
        )
    actions = sum(s.actions for s in steps)
    order = ["bot", "pictures workers", "ai workers", "replays workers", "other", "fake Discord and players"]
    print(f"  CPU by kind of process over the {actions} actions (all rates tried):")
    for kind in sorted(by_kind, key=lambda k: order.index(k) if k in order else len(order)):
        print(
            f"    {kind}: {1000 * by_kind[kind] / max(1, actions):.1f} ms per action, "
            f"{100 * by_kind[kind] / max(spent, 1e-9):.0f}% of a core"
        )
    print(f"  database: {db_bytes / max(1, games) / 1024:.1f} KiB per game")
    print(
        f"  highest rate with p99 first response under {TARGET_MS:.0f} ms: {best if best is not None else 'none tried'}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--processes", default="1,2,4")
    parser.add_argument("--rates", default="5,10,20,40,80,160")
    parser.add_argument("--step", type=float, default=20.0, help="seconds per rate")
    parser.add_argument("--postgres", default=os.environ.get("TEST_POSTGRES_URL"))
    parser.add_argument(
        "--picture-workers", type=int, default=None, help="per process (default: cores / processes; 0 = a thread)"
    )
    args = parser.parse_args()
    print(
        f"Load over the wire, {date.today()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"{args.games} games, {args.step:g} s per rate; actions through /play (autocomplete, then the command)"
    )
    for store in args.stores.split(","):
        if store == "postgres" and not args.postgres:
            print("\npostgres: skipped (no --postgres or TEST_POSTGRES_URL)")
            continue
        for processes in map(int, args.processes.split(",")):
            rates = [float(r) for r in args.rates.split(",")]
            await measure(store, args.postgres, processes, args.games, rates, args.step, args.picture_workers)


if __name__ == "__main__":
    asyncio.run(main())

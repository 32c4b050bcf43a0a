"""Interaction handling latency with many games in flight, through the real chat layer.

    python -m benchmarks.interaction_latency [--games 200] [--players 3] [--rounds 2]
                                             [--ai-games 0 --ai-level hard --ai-budget-ms 1000]

N Battles & Builders games run in N channels of a simulated Discord (SimCord) on a SQLite file;
their players press through their menus round-robin across all games, so every game is in
flight at once; each press is answered before the next is made (one press at a time). The time
from an interaction arriving at the bot to its response being sent is recorded for every press
and slash command; p50/p99 and memory per game are printed.

With ``--ai-games K`` another K games each seat one person and AI players of ``--ai-level`` in
the other seats: after every press of that person the AI seats think (in the bot's worker
processes) while the people of the other games go on pressing. The people's handling time is
reported for the games without AI; compare with a run with ``--ai-games 0``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import discord
import simcord
from discord.state import ConnectionState
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.service.autoplay import AIPlayers, thinking_pool
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.migrate import upgrade
from tests.chat.driver import finish_choice
from tests.chat.world import GUILD_ID, World, make_bot

received: dict[int, float] = {}
answered: dict[int, float] = {}


def instrument() -> None:
    """Time stamps at the two ends: gateway event parsed, response request made."""
    parse = ConnectionState.parse_interaction_create
    respond = AsyncWebhookAdapter.create_interaction_response

    def timed_parse(self: ConnectionState, data: Any) -> None:
        received[int(data["id"])] = time.perf_counter()
        parse(self, data)

    def timed_respond(self: AsyncWebhookAdapter, interaction_id: int, *args: Any, **kwargs: Any) -> Any:
        answered.setdefault(int(interaction_id), time.perf_counter())
        return respond(self, interaction_id, *args, **kwargs)

    ConnectionState.parse_interaction_create = timed_parse  # type: ignore[method-assign]
    AsyncWebhookAdapter.create_interaction_response = timed_respond  # type: ignore[method-assign]


async def run(
    games: int,
    players: int,
    rounds: int,
    seed: int,
    ai_games: int = 0,
    ai_level: str = "hard",
    ai_budget_ms: int = 1000,
) -> None:
    instrument()
    rnd = random.Random(seed)
    pool = thinking_pool()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        engine = make_engine(f"sqlite+aiosqlite:///{db}")
        await upgrade(engine)
        service = TableService(make_sessions(engine))
        ai = AIPlayers(service, pool, delay=0, budget_ms=ai_budget_ms)
        env = simcord.Env(make_bot(service, ai=ai), settle_timeout=30.0)
        guild = env.create_guild("Bench", id=GUILD_ID)
        await env.start()
        try:
            gc.collect()
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            worlds: list[World] = []
            for g in range(games + ai_games):
                channel = guild.create_text_channel(f"table-{g}")
                w = World(env=env, guild=guild, channel=channel, db_path=db, engine=engine, service=service)
                people = players if g < games else 1
                members = [w.add_player(f"g{g}p{p}") for p in range(people)]
                await members[0].slash(channel, "join", game="battles_builders")
                for m in members[1:]:
                    await m.slash(channel, "join")
                for _ in range(players - people):
                    await members[0].slash(channel, "addbot", level=ai_level)
                await members[0].slash(channel, "start")
                worlds.append(w)
            gc.collect()
            per_game = (tracemalloc.get_traced_memory()[0] - base) / (games + ai_games)
            tracemalloc.stop()
            started = time.perf_counter()
            presses = 0
            measured = set()
            # Round-robin: one action in every game, then the next, until each has played `rounds` rounds.
            live = list(worlds)
            while live:
                for w in list(live):
                    table = await service.table_in(w.channel.id)
                    if table is None or table.engine.view(table.state, None)["round"] > rounds:
                        live.remove(w)
                        continue
                    humans = [s for s in sorted(table.prompts) if table.user_of(s)]
                    if not humans:
                        await asyncio.sleep(0.01)  # its AI players are thinking; come back later
                        continue
                    member = next(m for m in w.members if m.id == table.user_of(humans[0]))
                    before = set(answered)
                    await finish_choice(w, member, rnd)
                    if worlds.index(w) < games:
                        measured |= set(answered) - before
                    presses += 1
            wall = time.perf_counter() - started
            db_kib = sum(p.stat().st_size for p in Path(tmp).glob("bench.db*")) / 1024 / games
        finally:
            await env.shutdown()
            await engine.dispose()
            pool.shutdown(wait=False, cancel_futures=True)
    waits = sorted(1000 * (answered[i] - received[i]) for i in measured if i in received)
    q = statistics.quantiles(waits, n=100)
    print(f"games in flight      {games} ({players} players each, {rounds} rounds played)")
    if ai_games:
        print(
            f"AI load              {ai_games} more games of 1 person and {players - 1} {ai_level} AI players "
            f"({ai_budget_ms} ms a decision)"
        )
    print(f"interactions timed   {len(waits)}")
    print(f"handling p50         {q[49]:.1f} ms")
    print(f"handling p99         {q[98]:.1f} ms")
    print(f"handling max         {waits[-1]:.1f} ms")
    print(f"actions applied      {presses} in {wall:.1f} s")
    print(f"memory per game      {per_game / 1024:.0f} KiB (Python heap, incl. the simulated Discord's own state)")
    print(f"database per game    {db_kib:.0f} KiB (SQLite file and WAL)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai-games", type=int, default=0, help="extra games of one person and AI players")
    parser.add_argument("--ai-level", default="hard", choices=("easy", "normal", "hard"))
    parser.add_argument("--ai-budget-ms", type=int, default=1000)
    args = parser.parse_args()
    discord.utils.setup_logging(level=40)
    asyncio.run(run(args.games, args.players, args.rounds, args.seed, args.ai_games, args.ai_level, args.ai_budget_ms))


if __name__ == "__main__":
    main()

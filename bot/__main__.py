"""`python -m bot`: apply migrations, then connect to Discord; `python -m bot local ...`: a game in the
browser on this computer without Discord (bot/local)."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot import collector
from bot.chat.app import LoginFailure, Speltafel, setup_logging
from bot.config import Settings, get_settings
from bot.service.autoplay import AIPlayers, thinking_pool
from bot.service.pictures import Pictures, picture_pool
from bot.service.replays import Replays
from bot.service.tables import TableService
from bot.store.announcements import Listener
from bot.store.db import make_sessions, open_database
from bot.store.migrate import upgrade
from bot.store.startup import DatabaseStartupError
from bot.web.activity import DiscordOAuth
from bot.web.guard import networks
from bot.web.links import Links, derive_secret
from bot.web.server import WebTable

log = logging.getLogger("bot")


async def run(settings: Settings) -> None:
    engine = await open_database(settings.database_url, settings.database_wait)
    listener: Listener | None = None
    try:
        await upgrade(engine)
        log.info("database ready")
        if settings.discord_api_base or settings.discord_gateway_url:
            from bot.chat.endpoints import point_at

            point_at(settings.discord_api_base, settings.discord_gateway_url)
        service = TableService(make_sessions(engine))
        pool = thinking_pool(settings.ai_workers)
        ai = AIPlayers(
            service, pool, delay=settings.ai_delay, answer_wait=settings.ai_answer_wait, budget_ms=settings.ai_budget_ms
        )
        pictures = Pictures(
            ThreadPoolExecutor(1) if settings.picture_workers == 0 else picture_pool(settings.picture_workers)
        )
        bot = Speltafel(
            service,
            dev_guild_id=settings.dev_guild_id,
            default_language=settings.default_language,
            shard_count=settings.shard_count,
            shard_ids=settings.shard_ids,
            ai=ai,
            clock_tick=settings.clock_tick,
            # PICTURE_WORKERS=0 draws in a thread of the bot process instead (less memory, slower under load)
            pictures=pictures,
            replays=Replays(
                now=service.now,
                person_cooldown=settings.replay_cooldown,
                channel_cooldown=settings.replay_channel_cooldown,
                keep_bytes=int(settings.replay_cache_mb * 1024 * 1024),
            ),
            web=web_table(settings, service, pictures),
        )
        # PostgreSQL: changes committed by the other processes are announced (SQLite: none)
        listener = Listener.for_engine(engine)
        if listener is not None:
            listener.subscribe(ai.announced, ai.catch_up)
            if bot.web is not None:
                listener.subscribe(bot.web.hub.refresh, bot.web.hub.poll_once)
        token = settings.discord_token.get_secret_value() if settings.discord_token else ""
        collector.settle()  # everything is loaded: keep it out of the collector's full passes
        async with bot:
            if listener is not None:
                listener.start()
            # docker stop / systemd send SIGTERM: close the gateway cleanly and release the database.
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
            await bot.start(token)
    finally:
        if listener is not None:
            await listener.close()
        if "pool" in locals():
            pool.shutdown(wait=False, cancel_futures=True)
        await engine.dispose()


def web_table(settings: Settings, service: TableService, pictures: Pictures) -> WebTable | None:
    """The board in the browser, when WEB_PORT and PUBLIC_URL are set; off (None) otherwise."""
    if not settings.web_enabled:
        return None
    if settings.web_secret is not None:
        secret = settings.web_secret.get_secret_value()
    else:
        secret = derive_secret(settings.discord_token.get_secret_value() if settings.discord_token else "")
    links = Links(secret, settings.public_url or "", settings.web_link_hours * 3600)
    activity = None
    if settings.activity_enabled and settings.discord_client_id and settings.discord_client_secret:
        client_secret = settings.discord_client_secret.get_secret_value()
        activity = DiscordOAuth(settings.discord_client_id, client_secret, settings.discord_api_base)
    return WebTable(
        service,
        pictures,
        links,
        host=settings.web_host,
        port=settings.web_port or 0,
        rate_per_minute=settings.web_rate,
        poll=settings.web_poll,
        activity=activity,
        trusted_proxies=networks(settings.web_trusted_proxies.split(",")),
        sockets_per_link=settings.web_sockets_per_link,
        idle_timeout=settings.web_idle_timeout,
        **({"bundle": Path(settings.web_bundle)} if settings.web_bundle else {}),
    )


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if given[:1] == ["local"]:  # a game in the browser on this computer: no Discord, no token
        from bot.local.cli import main as local

        return local(given[1:])
    settings = get_settings()
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print("DISCORD_TOKEN is not set: put your bot token in .env or the environment (see README).", file=sys.stderr)
        return 2
    setup_logging(getattr(logging, settings.log_level, logging.INFO))
    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        pass
    except LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN.")
        return 1
    except DatabaseStartupError as exc:
        print(f"Database: {exc}", file=sys.stderr)  # one line, the password masked (bot/store/startup.py)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A small fake Discord (REST + gateway) on loopback, for smoke-testing the real bot process.

It serves just enough of the v10 API for discord.py 2.7.1 to log in, connect,
sync application commands and answer an interaction:

* REST under ``/api/v10``: ``GET /users/@me``, ``GET /oauth2/applications/@me``
  (and ``/applications/@me``), ``GET /gateway`` and ``/gateway/bot``,
  ``GET``/``PUT`` of the global and guild command lists (PUTs are recorded),
  ``POST /interactions/{id}/{token}/callback`` (recorded), and the interaction
  webhook routes for follow-ups and ``@original``; for the Activity's sign-in, ``POST /oauth2/token``
  (an authorization code granted with :meth:`FakeDiscord.grant_code`, exchanged with the client id
  and secret) and ``GET /users/@me`` with the access token it gave (``Bearer``). Anything else is recorded in
  ``unknown_requests`` and answered with a Discord-style 404.
* A gateway websocket at ``/gateway``: HELLO, heartbeat ACKs, READY plus one
  GUILD_CREATE after IDENTIFY, RESUMED after RESUME, and
  :meth:`FakeDiscord.dispatch_command` to send an INTERACTION_CREATE.

Like Discord it rejects a wrong token (401 on REST, close 4004 on the gateway),
closes with 4014 when privileged intents are asked for, and refuses a second
acknowledgement of one interaction. Every wait is bounded and the server
stops itself after ``max_lifetime`` seconds even if a test forgets to.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import socket
import time
import zlib
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

T = TypeVar("T")

# The request being handled, so handlers can amend what the middleware recorded.
_current_record: ContextVar[RecordedRequest] = ContextVar("fake_discord_record")

API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway"

# Fixed snowflakes so tests and logs are easy to read. On Discord a bot user's
# id is its application's id.
APPLICATION_ID = 1_100_000_000_000_000_001
BOT_USER_ID = APPLICATION_ID
GUILD_ID = 1_100_000_000_000_000_100
CHANNEL_ID = 1_100_000_000_000_000_200
MEMBER_ID = 1_100_000_000_000_000_300
EVERYONE_ROLE_ID = GUILD_ID  # Discord gives @everyone the guild's id.

# Gateway intents Discord refuses (close 4014) unless enabled in the portal.
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

# What @everyone may do in the fake guild: see, talk, embed, attach, react, use commands.
EVERYONE_PERMISSIONS = (1 << 6) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)

# Interaction callback types that create or change a message.
_MESSAGE_CALLBACK_TYPES = {4, 5, 7}
EPHEMERAL_FLAG = 1 << 6


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py only parses a body as JSON when Content-Type is exactly
    # "application/json"; aiohttp's json_response appends "; charset=utf-8".
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def _timestamp() -> str:
    return datetime.now(UTC).isoformat()


def _strings(value: Any) -> Iterator[str]:
    """All strings inside a JSON value, to search response text wherever it sits (content, embeds, components)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@dataclass
class RecordedRequest:
    """One REST request as the fake server saw it (the Authorization header is never kept)."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    authorized: bool


@dataclass
class SentInteraction:
    """An INTERACTION_CREATE the fake server dispatched."""

    id: int
    token: str
    payload: dict[str, Any]
    sent_at: float = 0.0  # time.perf_counter() when it went out on the gateway


@dataclass
class InteractionCallback:
    """A ``POST /interactions/{id}/{token}/callback`` the bot made."""

    interaction_id: int
    token: str
    type: int
    data: dict[str, Any]
    files: list[str] = field(default_factory=list)
    received_at: float = 0.0  # time.perf_counter() when the bot's answer arrived

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.data.get("flags") or 0) & EPHEMERAL_FLAG)

    @property
    def text(self) -> str:
        """Every string in the response (content, embed titles/fields, components), one per line."""
        return "\n".join(_strings(self.data))


@dataclass
class WebhookMessage:
    """A follow-up or an edit of ``@original`` sent through the interaction webhook."""

    token: str
    method: str
    message_id: str
    data: dict[str, Any]

    @property
    def text(self) -> str:
        return "\n".join(_strings(self.data))


class _GatewaySession:
    """One websocket connection: sequence numbers and the zlib-stream compressor it asked for."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.sequence = 0
        self.session_id = f"fake-session-{id(self):x}"
        # discord.py 2.7.1 always asks for transport compression (zlib-stream, or
        # zstd-stream when `zstandard` is installed). zlib-stream is one deflate
        # stream over the connection, each message ending in a Z_SYNC_FLUSH. For
        # anything else we send plain text frames, which discord.py reads without
        # its decompressor.
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._send_lock = asyncio.Lock()

    async def send(self, op: int, d: Any = None, t: str | None = None) -> None:
        async with self._send_lock:
            seq = None
            if op == 0:
                self.sequence += 1
                seq = self.sequence
            raw = json.dumps({"op": op, "d": d, "s": seq, "t": t}, separators=(",", ":"))
            if self._zlib is not None:
                chunk = self._zlib.compress(raw.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(chunk)
            else:
                await self.ws.send_str(raw)


class FakeDiscord:
    """A fake Discord API and gateway on 127.0.0.1; use ``async with FakeDiscord(token=...) as fake``."""

    def __init__(
        self,
        *,
        token: str,
        heartbeat_interval_ms: int = 41_250,
        allowed_privileged_intents: int = 0,
        max_lifetime: float = 300.0,
    ) -> None:
        self.token = token
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.allowed_privileged_intents = allowed_privileged_intents
        self.max_lifetime = max_lifetime

        self.requests: list[RecordedRequest] = []
        self.unknown_requests: list[RecordedRequest] = []
        self.identifies: list[dict[str, Any]] = []  # IDENTIFY payloads, token redacted
        self.gateway_queries: list[dict[str, str]] = []
        self.gateway_closes: list[tuple[int, str]] = []  # close codes the fake server sent
        self.other_gateway_messages: list[dict[str, Any]] = []
        self.resumes: list[str] = []  # session ids the client resumed
        # Scope -> commands as last PUT: None for global, else the guild id.
        self.synced_commands: dict[int | None, list[dict[str, Any]]] = {}
        self.sync_count = 0
        self.refused_syncs = 0  # bulk overwrites refused for leaving out the entry point
        self.interactions: dict[int, SentInteraction] = {}
        self.callbacks: list[InteractionCallback] = []
        self._acknowledged: set[int] = set()
        self.webhook_messages: list[WebhookMessage] = []
        # OAuth2 for the Activity: the application's client secret, codes not yet used, tokens given.
        self.client_secret = "fake-client-secret"
        self._codes: dict[str, dict[str, Any]] = {}
        self._access_tokens: dict[str, dict[str, Any]] = {}

        self._ids = itertools.count(APPLICATION_ID + 1_000_000)
        self._command_ids: dict[tuple[int | None, str, int], int] = {}
        self._original_messages: dict[str, dict[str, Any]] = {}  # interaction token -> message
        self._sessions: list[_GatewaySession] = []
        self._ready_session: _GatewaySession | None = None
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self._watchdog: asyncio.Task[None] | None = None
        self._started_at = datetime.now(UTC)
        self.port = 0

    # -- lifecycle ---------------------------------------------------------

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}{GATEWAY_PATH}"

    async def start(self) -> None:
        app = web.Application(middlewares=[self._record_and_authorize])
        api = API_PREFIX
        app.router.add_get(GATEWAY_PATH, self._gateway)
        app.router.add_get(f"{api}/users/@me", self._get_me)
        app.router.add_get(f"{api}/oauth2/applications/@me", self._get_application)
        app.router.add_get(f"{api}/applications/@me", self._get_application)
        app.router.add_get(f"{api}/gateway", self._get_gateway)
        app.router.add_get(f"{api}/gateway/bot", self._get_gateway_bot)
        app.router.add_put(f"{api}/applications/{{app_id}}/commands", self._put_commands)
        app.router.add_get(f"{api}/applications/{{app_id}}/commands", self._get_commands)
        app.router.add_put(f"{api}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self._put_commands)
        app.router.add_get(f"{api}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self._get_commands)
        app.router.add_post(f"{api}/oauth2/token", self._oauth_token)
        app.router.add_post(f"{api}/interactions/{{interaction_id}}/{{token}}/callback", self._callback)
        app.router.add_post(f"{api}/webhooks/{{app_id}}/{{token}}", self._followup)
        app.router.add_route("*", f"{api}/webhooks/{{app_id}}/{{token}}/messages/{{message_id}}", self._webhook_message)
        self._add_routes(app, api)
        # Registered last: aiohttp tries routes in order, so this only sees what nothing above matched.
        app.router.add_route("*", "/{tail:.*}", self._unknown)

        # Bind the socket ourselves: port 0 gives a free port we can read back.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        self._watchdog = asyncio.create_task(self._stop_after(self.max_lifetime))

    def _add_routes(self, app: web.Application, api: str) -> None:
        """More routes, for a fake that serves more of the API (registered before the catch-all)."""

    async def stop(self) -> None:
        if self._watchdog is not None and self._watchdog is not asyncio.current_task():
            self._watchdog.cancel()
        self._watchdog = None
        for session in list(self._sessions):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(session.ws.close(code=1001, message=b"fake Discord stopping"), 2.0)
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await asyncio.wait_for(runner.cleanup(), 10.0)

    async def _stop_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await self.stop()

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # -- waiting -----------------------------------------------------------

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def _wait_for(self, probe: Callable[[], T | None], timeout: float, what: str) -> T:
        """Wait until ``probe()`` returns something other than None; bounded by ``timeout``."""
        try:
            async with asyncio.timeout(timeout), self._changed:
                while (result := probe()) is None:
                    await self._changed.wait()
                return result
        except TimeoutError:
            unknown = [f"{r.method} {r.path}" for r in self.unknown_requests]
            raise TimeoutError(
                f"fake Discord: no {what} within {timeout:g}s "
                f"(requests: {[f'{r.method} {r.path}' for r in self.requests]}, unknown: {unknown}, "
                f"gateway closes: {self.gateway_closes})"
            ) from None

    async def wait_for_identify(self, timeout: float = 60.0) -> dict[str, Any]:
        """The first IDENTIFY (token redacted)."""
        return await self._wait_for(lambda: self.identifies[0] if self.identifies else None, timeout, "IDENTIFY")

    async def wait_for_command_sync(
        self, guild_id: int | None = GUILD_ID, timeout: float = 60.0
    ) -> list[dict[str, Any]]:
        """The commands PUT for ``guild_id`` (None: the global list)."""
        scope = "global commands" if guild_id is None else f"command sync for guild {guild_id}"
        return await self._wait_for(lambda: self.synced_commands.get(guild_id), timeout, scope)

    async def wait_for_ready_sent(self, timeout: float = 30.0) -> None:
        """Until READY and GUILD_CREATE went out on a live connection."""
        await self._wait_for(lambda: True if self._ready_session is not None else None, timeout, "READY sent")

    async def wait_for_callback(self, interaction: SentInteraction, timeout: float = 15.0) -> InteractionCallback:
        def probe() -> InteractionCallback | None:
            return next((cb for cb in self.callbacks if cb.interaction_id == interaction.id), None)

        return await self._wait_for(probe, timeout, f"callback for interaction {interaction.id}")

    async def wait_for_webhook_message(self, interaction: SentInteraction, timeout: float = 15.0) -> WebhookMessage:
        """The first follow-up or ``@original`` edit for ``interaction`` (for deferred answers)."""

        def probe() -> WebhookMessage | None:
            return next((m for m in self.webhook_messages if m.token == interaction.token), None)

        return await self._wait_for(probe, timeout, f"webhook message for interaction {interaction.id}")

    # -- payloads ----------------------------------------------------------

    def _snowflake(self) -> int:
        return next(self._ids)

    def bot_user(self) -> dict[str, Any]:
        return {
            "id": str(BOT_USER_ID),
            "username": "Speltafel Test Bot",
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": True,
            "system": False,
            "mfa_enabled": True,
            "verified": True,
            "email": None,
            "locale": "en-US",
            "flags": 0,
            "public_flags": 0,
            "banner": None,
            "accent_color": None,
        }

    def player_user(self) -> dict[str, Any]:
        return {
            "id": str(MEMBER_ID),
            "username": "ada",
            "discriminator": "0",
            "global_name": "Ada",
            "avatar": None,
            "bot": False,
            "public_flags": 0,
        }

    def _member(self, user: dict[str, Any], *, permissions: int | None = None) -> dict[str, Any]:
        member = {
            "user": user,
            "nick": None,
            "avatar": None,
            "banner": None,
            "roles": [],
            "joined_at": self._started_at.isoformat(),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if permissions is not None:
            member["permissions"] = str(permissions)  # interactions carry the member's computed permissions
        return member

    def channel(self) -> dict[str, Any]:
        return {
            "id": str(CHANNEL_ID),
            "type": 0,  # GUILD_TEXT
            "guild_id": str(GUILD_ID),
            "name": "spelletjes",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def guild(self) -> dict[str, Any]:
        """The GUILD_CREATE payload: one text channel, the player and the bot's own member."""
        return {
            "id": str(GUILD_ID),
            "name": "Speltafel Smoke Test",
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(MEMBER_ID),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": str(CHANNEL_ID),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "preferred_locale": "en-US",
            "features": [],
            "roles": [
                {
                    "id": str(EVERYONE_ROLE_ID),
                    "name": "@everyone",
                    "color": 0,
                    "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                    "hoist": False,
                    "icon": None,
                    "unicode_emoji": None,
                    "position": 0,
                    "permissions": str(EVERYONE_PERMISSIONS),
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "joined_at": self._started_at.isoformat(),
            "large": False,
            "unavailable": False,
            "member_count": 2,
            "voice_states": [],
            "members": [self._member(self.player_user()), self._member(self.bot_user())],
            "channels": [{k: v for k, v in self.channel().items() if k != "guild_id"}],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def application(self) -> dict[str, Any]:
        return {
            "id": str(APPLICATION_ID),
            "name": "Speltafel Test",
            "icon": None,
            "description": "",
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": self.player_user(),
            "team": None,
            "verify_key": "00" * 32,
            "flags": 0,
            "summary": "",
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,  # set, discord.py would warn that it gets no interactions
            "bot": self.bot_user(),
        }

    def _message(self, data: dict[str, Any], message_id: str, *, message_type: int = 20) -> dict[str, Any]:
        """A message as Discord returns it after an interaction response or webhook send."""
        return {
            "id": message_id,
            "type": message_type,  # 20 = CHAT_INPUT_COMMAND reply, 0 = follow-up
            "channel_id": str(CHANNEL_ID),
            "guild_id": str(GUILD_ID),
            "author": self.bot_user(),
            "content": data.get("content") or "",
            "timestamp": _timestamp(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": data.get("embeds") or [],
            "components": data.get("components") or [],
            "pinned": False,
            "flags": int(data.get("flags") or 0),
            "application_id": str(APPLICATION_ID),
            "webhook_id": str(APPLICATION_ID),
        }

    def _command_id(self, scope: int | None, command: dict[str, Any]) -> int:
        # Stable per (scope, name, type) across re-syncs, as on Discord.
        key = (scope, command["name"], int(command.get("type", 1)))
        if key not in self._command_ids:
            self._command_ids[key] = self._snowflake()
        return self._command_ids[key]

    def find_command(self, name: str) -> tuple[int | None, dict[str, Any]]:
        """A synced chat-input command by name: the guild's own first, then global ones."""
        for scope in (GUILD_ID, None):
            for command in self.synced_commands.get(scope, []):
                if command["name"] == name and int(command.get("type", 1)) == 1:
                    return scope, command
        raise LookupError(f"command {name!r} was never synced; synced: {self.synced_commands}")

    # -- gateway -----------------------------------------------------------

    async def dispatch_command(
        self,
        name: str = "games",
        options: list[dict[str, Any]] | None = None,
        *,
        locale: str = "en-US",
        timeout: float = 10.0,
    ) -> SentInteraction:
        """Send an INTERACTION_CREATE for slash command ``name``, as the player in the fake channel."""
        await self.wait_for_ready_sent(timeout)
        session = self._ready_session
        assert session is not None
        scope, command = self.find_command(name)
        interaction_id = self._snowflake()
        token = f"fake-interaction-token-{interaction_id}"
        command_data: dict[str, Any] = {"id": command["id"], "name": name, "type": 1}
        if options:
            command_data["options"] = options
        if scope is not None:
            command_data["guild_id"] = str(scope)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APPLICATION_ID),
            "type": 2,  # APPLICATION_COMMAND
            "data": command_data,
            "guild": {"id": str(GUILD_ID), "locale": "en-US", "features": []},
            "guild_id": str(GUILD_ID),
            "channel": {**self.channel(), "permissions": str(EVERYONE_PERMISSIONS)},
            "channel_id": str(CHANNEL_ID),
            "member": self._member(self.player_user(), permissions=EVERYONE_PERMISSIONS),
            "token": token,
            "version": 1,
            "app_permissions": str(EVERYONE_PERMISSIONS),
            "locale": locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,  # GUILD
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        sent = SentInteraction(id=interaction_id, token=token, payload=payload)
        self.interactions[interaction_id] = sent
        await asyncio.wait_for(session.send(0, payload, "INTERACTION_CREATE"), timeout)
        return sent

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        self.gateway_queries.append(dict(request.query))
        session = _GatewaySession(ws, request.query.get("compress"))
        self._sessions.append(session)
        try:
            if request.query.get("encoding", "json") != "json":
                await self._close(ws, 4002, "Only JSON encoding in the fake")
                return ws
            await session.send(10, {"heartbeat_interval": self.heartbeat_interval_ms})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue  # discord.py sends JSON text frames only
                await self._on_gateway_message(session, json.loads(msg.data))
        finally:
            self._sessions.remove(session)
            if self._ready_session is session:
                self._ready_session = None
        return ws

    async def _on_gateway_message(self, session: _GatewaySession, message: dict[str, Any]) -> None:
        op, d = message.get("op"), message.get("d")
        if op == 1:  # HEARTBEAT
            await session.send(11)
        elif op == 2:  # IDENTIFY
            token_ok = d.get("token") == self.token
            self.identifies.append({**d, "token": "<redacted>", "token_ok": token_ok})
            await self._notify()
            if not token_ok:
                await self._close(session.ws, 4004, "Authentication failed.")
                return
            intents = int(d.get("intents", 0))
            if intents & PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
                await self._close(session.ws, 4014, "Disallowed intent(s).")
                return
            ready: dict[str, Any] = {
                "v": 10,
                "user": self.bot_user(),
                "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(APPLICATION_ID), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
                "_trace": ["fake-discord"],
            }
            if "shard" in d:  # AutoShardedClient reads it back from READY
                ready["shard"] = d["shard"]
            await session.send(0, ready, "READY")
            await session.send(0, self.guild(), "GUILD_CREATE")
            self._ready_session = session
            await self._notify()
        elif op == 6:  # RESUME: nothing was missed here, so just confirm it
            if d.get("token") != self.token:
                await self._close(session.ws, 4004, "Authentication failed.")
                return
            self.resumes.append(d.get("session_id", ""))
            await session.send(0, {}, "RESUMED")
            self._ready_session = session
            await self._notify()
        else:  # presence updates, member requests, voice: recorded, not acted on
            self.other_gateway_messages.append(message)

    async def drop_connection(self, code: int = 4000) -> None:
        """Cut the live gateway connection as a network failure would (4000 lets the client resume)."""
        session = self._ready_session
        assert session is not None, "no live gateway connection to drop"
        self._ready_session = None
        await session.ws.close(code=code, message=b"connection dropped by the test")

    async def _close(self, ws: web.WebSocketResponse, code: int, reason: str) -> None:
        self.gateway_closes.append((code, reason))
        await self._notify()
        await ws.close(code=code, message=reason.encode())

    # -- REST --------------------------------------------------------------

    @web.middleware
    async def _record_and_authorize(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if request.path == GATEWAY_PATH:
            return await handler(request)
        body: Any = None
        if request.can_read_body and not (request.content_type or "").startswith("multipart/"):
            raw = await request.read()  # cached by aiohttp, so handlers can read it again
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = raw.decode(errors="replace")
        authorized = request.headers.get("Authorization") == f"Bot {self.token}"
        record = RecordedRequest(request.method, request.path, dict(request.query), body, authorized)
        self.requests.append(record)
        _current_record.set(record)
        # Interaction callbacks and webhooks authenticate by the token in the URL, like on Discord; the
        # OAuth2 token exchange by the client secret in its form, the current user also by a Bearer token.
        token_in_url = request.path.startswith((f"{API_PREFIX}/interactions/", f"{API_PREFIX}/webhooks/"))
        oauth = request.path == f"{API_PREFIX}/oauth2/token" or (
            request.path == f"{API_PREFIX}/users/@me" and request.headers.get("Authorization", "").startswith("Bearer ")
        )
        if not authorized and not token_in_url and not oauth:
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        return await handler(request)

    async def _unknown(self, request: web.Request) -> web.Response:
        self.unknown_requests.append(_current_record.get())
        await self._notify()
        return _json(
            {"message": f"Unknown route in fake Discord: {request.method} {request.path}", "code": 0}, status=404
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        header = request.headers.get("Authorization", "")
        if header.startswith("Bearer "):
            user = self._access_tokens.get(header.removeprefix("Bearer "))
            if user is None:
                return _json({"message": "401: Unauthorized", "code": 0}, status=401)
            return _json(user)
        return _json(self.bot_user())

    def grant_code(self, user_id: int, username: str = "player", locale: str = "en-US") -> str:
        """An authorization code for this person, as the Activity's authorize() would get (used once);
        ``locale`` is the language of their Discord, as /users/@me tells it."""
        code = f"code-{self._snowflake()}"
        self._codes[code] = {
            "id": str(user_id),
            "username": username,
            "global_name": username.title(),
            "discriminator": "0",
            "avatar": None,
            "locale": locale,
        }
        return code

    async def _oauth_token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("client_id") != str(APPLICATION_ID) or form.get("client_secret") != self.client_secret:
            return _json({"error": "invalid_client"}, status=401)
        if form.get("grant_type") != "authorization_code":
            return _json({"error": "unsupported_grant_type"}, status=400)
        user = self._codes.pop(str(form.get("code", "")), None)
        if user is None:
            return _json({"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}, status=400)
        token = f"access-{self._snowflake()}"
        self._access_tokens[token] = user
        grant = {"access_token": token, "token_type": "Bearer", "expires_in": 604800, "scope": "identify"}
        return _json({**grant, "refresh_token": f"refresh-{self._snowflake()}"})

    async def _get_application(self, request: web.Request) -> web.Response:
        return _json(self.application())

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return _json({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return _json({"url": self.gateway_url, "shards": 1, "session_start_limit": limit})

    def _scope(self, request: web.Request) -> int | None:
        guild_id = request.match_info.get("guild_id")
        return int(guild_id) if guild_id is not None else None

    def _check_application(self, request: web.Request) -> web.Response | None:
        if request.match_info.get("app_id") != str(APPLICATION_ID):
            return _json({"message": "Unknown Application", "code": 10002}, status=404)
        if request.match_info.get("guild_id") not in (None, str(GUILD_ID)):
            return _json({"message": "Missing Access", "code": 50001}, status=403)
        return None

    def add_entry_point(self) -> dict[str, Any]:
        """Turn on Activities: Discord adds the application's Entry Point command (type 4) to its
        global commands and from then on refuses a bulk overwrite that leaves it out (50240)."""
        command = {"type": 4, "name": "launch", "description": "", "handler": 2, "integration_types": [0]}
        stored = {**command, "id": str(self._command_id(None, command)), "application_id": str(APPLICATION_ID)}
        stored["version"] = str(self._snowflake())
        self.synced_commands[None] = [*self.synced_commands.get(None, []), stored]
        return stored

    async def _put_commands(self, request: web.Request) -> web.Response:
        if (error := self._check_application(request)) is not None:
            return error
        payload = await request.json()
        if not isinstance(payload, list):
            return _json({"message": "Invalid Form Body", "code": 50035}, status=400)
        scope = self._scope(request)
        held = [c for c in self.synced_commands.get(scope, []) if c.get("type") == 4]
        if held and not any(c.get("type") == 4 for c in payload):
            self.refused_syncs += 1
            message = (
                "You cannot remove this app's Entry Point command in a bulk update operation. Please include "
                "the Entry Point command in your update request or delete it separately."
            )
            return _json({"message": message, "code": 50240}, status=400)
        stored = []
        for command in payload:
            item = {
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                **command,
                "id": str(self._command_id(scope, command)),
                "application_id": str(APPLICATION_ID),
                "version": str(self._snowflake()),
            }
            if scope is not None:
                item["guild_id"] = str(scope)
            stored.append(item)
        self.synced_commands[scope] = stored
        self.sync_count += 1
        await self._notify()
        return _json(stored)

    async def _get_commands(self, request: web.Request) -> web.Response:
        if (error := self._check_application(request)) is not None:
            return error
        return _json(self.synced_commands.get(self._scope(request), []))

    async def _read_message_body(self, request: web.Request) -> tuple[dict[str, Any], list[str]]:
        """The JSON body, or ``payload_json`` plus file names when discord.py sends attachments."""
        if not (request.content_type or "").startswith("multipart/"):
            return (await request.json()) or {}, []
        body: dict[str, Any] = {}
        files: list[str] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if part.name == "payload_json":
                body = json.loads(await part.text())  # type: ignore[union-attr]
            else:
                files.append(getattr(part, "filename", None) or part.name or "")
                await part.read()  # type: ignore[union-attr]
        _current_record.get().body = body
        return body, files

    async def _callback(self, request: web.Request) -> web.Response:
        interaction_id = int(request.match_info["interaction_id"])
        token = request.match_info["token"]
        sent = self.interactions.get(interaction_id)
        if sent is None or sent.token != token:
            return _json({"message": "Unknown interaction", "code": 10062}, status=404)
        if interaction_id in self._acknowledged:
            return _json({"message": "Interaction has already been acknowledged.", "code": 40060}, status=400)
        self._acknowledged.add(interaction_id)
        body, files = await self._read_message_body(request)
        callback = InteractionCallback(
            interaction_id, token, int(body.get("type", 0)), body.get("data") or {}, files, time.perf_counter()
        )
        self.callbacks.append(callback)
        await self._notify()

        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        response: dict[str, Any] = {
            "interaction": {
                "id": str(interaction_id),
                "type": sent.payload["type"],
                "response_message_loading": callback.type == 5,
                "response_message_ephemeral": callback.ephemeral,
            }
        }
        if callback.type in _MESSAGE_CALLBACK_TYPES:
            message = self._message(callback.data, str(self._snowflake()))
            self._original_messages[token] = message
            response["interaction"]["response_message_id"] = message["id"]
            response["resource"] = {"type": callback.type, "message": message}
        return _json(response)

    async def _followup(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        body, _ = await self._read_message_body(request)
        message = self._message(body, str(self._snowflake()), message_type=0)
        self.webhook_messages.append(WebhookMessage(token, request.method, message["id"], body))
        await self._notify()
        return _json(message)

    async def _webhook_message(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        message_id = request.match_info["message_id"]
        original = self._original_messages.get(token) if message_id == "@original" else None
        if request.method == "GET":
            if original is None:
                return _json({"message": "Unknown Message", "code": 10008}, status=404)
            return _json(original)
        if request.method == "DELETE":
            self._original_messages.pop(token, None)
            return web.Response(status=204)
        if request.method != "PATCH":
            return await self._unknown(request)
        body, _ = await self._read_message_body(request)
        self.webhook_messages.append(WebhookMessage(token, "PATCH", message_id, body))
        await self._notify()
        base = original or self._message({}, message_id if message_id != "@original" else str(self._snowflake()))
        message = {**self._message({**base, **body}, base["id"]), "edited_timestamp": _timestamp()}
        if message_id == "@original":
            self._original_messages[token] = message
        return _json(message)

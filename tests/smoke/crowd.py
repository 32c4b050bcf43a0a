"""The loopback fake Discord, extended to many servers, channels and people, for load over the wire.

On top of :class:`FakeDiscord` it serves several guilds (each a set of text channels and members),
shards them like Discord (``(guild_id >> 22) % shard_count``; each IDENTIFY gets its own guilds),
dispatches interactions of any member in any channel to the shard that owns the guild, and keeps the
messages the bot sends, edits and DMs (``POST``/``PATCH``/``GET`` of channel messages, DM channels,
users). It notes when each channel's table message (a message with the board picture) changed.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import defaultdict
from typing import Any

from aiohttp import web

from tests.smoke.fake_discord import (
    APPLICATION_ID,
    EVERYONE_PERMISSIONS,
    FakeDiscord,
    InteractionCallback,
    SentInteraction,
    _GatewaySession,
    _json,
    _timestamp,
)

GUILD_BASE = 1_300_000_000_000_000_000


class CrowdDiscord(FakeDiscord):
    def __init__(
        self, *, token: str, guilds: int, channels_per_guild: int, members_per_guild: int, **kwargs: Any
    ) -> None:
        super().__init__(token=token, **kwargs)
        self.shard_count = 1
        ids = itertools.count(GUILD_BASE + 10_000_000)
        # consecutive guild ids 1 << 22 apart, so they spread evenly over the shards
        self.guild_ids = [GUILD_BASE + (i << 22) for i in range(guilds)]
        self.channels: dict[int, dict[str, Any]] = {}
        self.users: dict[int, dict[str, Any]] = {}
        self.members: dict[int, list[int]] = {}
        for g in self.guild_ids:
            for c in range(channels_per_guild):
                cid = next(ids)
                self.channels[cid] = {"id": str(cid), "type": 0, "guild_id": str(g), "name": f"table-{c}"}
            self.members[g] = []
            for _ in range(members_per_guild):
                uid = next(ids)
                self.users[uid] = {
                    "id": str(uid),
                    "username": f"player{uid % 100000}",
                    "discriminator": "0",
                    "global_name": None,
                    "avatar": None,
                    "bot": False,
                    "public_flags": 0,
                }
                self.members[g].append(uid)
        self._message_ids = itertools.count(GUILD_BASE + 900_000_000)
        self.messages: dict[int, dict[str, Any]] = {}
        self.dm_of: dict[int, int] = {}  # user -> DM channel
        self.table_changes: dict[int, list[float]] = defaultdict(list)  # channel -> times the board changed
        self.shards: dict[int, _GatewaySession] = {}
        self._shard_of_session: dict[str, int] = {}
        self._answers: dict[int, asyncio.Future[InteractionCallback]] = {}
        self._board_waiters: dict[int, list[tuple[float, asyncio.Future[float]]]] = defaultdict(list)

    async def answer(self, sent: SentInteraction, timeout: float = 30.0) -> InteractionCallback:
        """The bot's first response to an interaction (the 3-second deadline is about this one)."""
        future = self._answers.setdefault(sent.id, asyncio.get_running_loop().create_future())
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            self._answers.pop(sent.id, None)

    async def board_change(self, channel_id: int, after: float, timeout: float = 30.0) -> float:
        """When the channel's table message next showed a new board after ``after``."""
        seen = [t for t in self.table_changes[channel_id] if t > after]
        if seen:
            return seen[0]
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._board_waiters[channel_id].append((after, future))
        return await asyncio.wait_for(future, timeout)

    async def _callback(self, request: web.Request) -> web.Response:
        iid = int(request.match_info["interaction_id"])
        future = self._answers.setdefault(iid, asyncio.get_running_loop().create_future())
        response = await super()._callback(request)
        if not future.done():
            found = next((cb for cb in reversed(self.callbacks) if cb.interaction_id == iid), None)
            if found is not None:
                future.set_result(found)
        return response

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.shard_count

    # -- gateway -------------------------------------------------------------------------------
    def crowd_guild(self, guild_id: int) -> dict[str, Any]:
        payload = self.guild()
        payload.update(id=str(guild_id), name=f"Load {guild_id}", system_channel_id=None, member_count=0)
        payload["roles"][0]["id"] = str(guild_id)
        payload["channels"] = [
            {k: v for k, v in ch.items() if k != "guild_id"} | {"position": 0, "permission_overwrites": []}
            for ch in self.channels.values()
            if int(ch["guild_id"]) == guild_id
        ]
        payload["members"] = [self._member(self.bot_user())]
        return payload

    async def _on_gateway_message(self, session: _GatewaySession, message: dict[str, Any]) -> None:
        op, d = message.get("op"), message.get("d") or {}
        if op == 2 and d.get("token") == self.token:
            shard_id, count = d.get("shard", [0, 1])
            self.identifies.append({**d, "token": "<redacted>", "token_ok": True})
            mine = [g for g in self.guild_ids if (g >> 22) % count == shard_id]
            ready = {
                "v": 10,
                "user": self.bot_user(),
                "guilds": [{"id": str(g), "unavailable": True} for g in mine],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(APPLICATION_ID), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "shard": [shard_id, count],
                "_trace": ["crowd"],
            }
            await session.send(0, ready, "READY")
            for g in mine:
                await session.send(0, self.crowd_guild(g), "GUILD_CREATE")
            self.shards[shard_id] = session
            self._shard_of_session[session.session_id] = shard_id
            self._ready_session = self.shards.get(0, session)
            await self._notify()
            return
        if op == 6 and d.get("token") == self.token:
            shard_id = self._shard_of_session.get(d.get("session_id", ""), 0)
            self.resumes.append(d.get("session_id", ""))
            self._shard_of_session[session.session_id] = shard_id
            self.shards[shard_id] = session
            await session.send(0, {}, "RESUMED")
            await self._notify()
            return
        await super()._on_gateway_message(session, message)

    async def wait_for_shards(self, count: int, timeout: float = 120.0) -> None:
        await self._wait_for(lambda: True if len(self.shards) >= count else None, timeout, f"{count} shards ready")

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 16}
        return _json({"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": limit})

    async def interact(
        self, user_id: int, channel_id: int, kind: int, data: dict[str, Any], message: dict[str, Any] | None = None
    ) -> SentInteraction:
        """An interaction of ``user_id`` in ``channel_id``: 2 a slash command, 3 a component, 4 autocomplete."""
        channel = self.channels[channel_id]
        guild_id = int(channel["guild_id"])
        session = self.shards[self.shard_of(guild_id)]
        interaction_id = self._snowflake()
        token = f"crowd-token-{interaction_id}"
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APPLICATION_ID),
            "type": kind,
            "data": data,
            "guild": {"id": str(guild_id), "locale": "en-US", "features": []},
            "guild_id": str(guild_id),
            "channel": {**channel, "permissions": str(EVERYONE_PERMISSIONS)},
            "channel_id": str(channel_id),
            "member": self._member(self.users[user_id], permissions=EVERYONE_PERMISSIONS),
            "token": token,
            "version": 1,
            "app_permissions": str(EVERYONE_PERMISSIONS),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild_id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if message is not None:
            payload["message"] = message
        sent = SentInteraction(interaction_id, token, payload, time.perf_counter())
        self.interactions[interaction_id] = sent
        await session.send(0, payload, "INTERACTION_CREATE")
        return sent

    def command(self, name: str) -> dict[str, Any]:
        return self.find_command(name)[1]

    # -- REST ----------------------------------------------------------------------------------
    def _add_routes(self, app: web.Application, api: str) -> None:
        app.router.add_post(f"{api}/channels/{{channel_id}}/messages", self._post_message)
        app.router.add_route("*", f"{api}/channels/{{channel_id}}/messages/{{message_id}}", self._one_message)
        app.router.add_get(f"{api}/channels/{{channel_id}}", self._get_channel)
        app.router.add_post(f"{api}/users/@me/channels", self._open_dm)
        app.router.add_get(f"{api}/users/{{user_id}}", self._get_user)

    def _stored(self, channel_id: int, message_id: int, body: dict[str, Any], files: list[str]) -> dict[str, Any]:
        channel = self.channels.get(channel_id)
        message = self._message(body, str(message_id), message_type=0)
        message["channel_id"] = str(channel_id)
        if channel is None:
            message.pop("guild_id", None)
        else:
            message["guild_id"] = channel["guild_id"]
        message["attachments"] = [
            {"id": str(self._snowflake()), "filename": f, "size": 1, "url": f"https://cdn.invalid/{f}", "proxy_url": ""}
            for f in files
        ]
        message.pop("webhook_id", None)
        message.pop("application_id", None)
        if channel is not None and any(f == "board.png" for f in files):
            now = time.perf_counter()
            self.table_changes[channel_id].append(now)
            waiting = self._board_waiters.pop(channel_id, [])
            for after, future in waiting:
                if after < now and not future.done():
                    future.set_result(now)
                elif not future.done():
                    self._board_waiters[channel_id].append((after, future))
        self.messages[message_id] = message
        return message

    async def _post_message(self, request: web.Request) -> web.Response:
        channel_id = int(request.match_info["channel_id"])
        body, files = await self._read_message_body(request)
        return _json(self._stored(channel_id, next(self._message_ids), body, files))

    async def _one_message(self, request: web.Request) -> web.StreamResponse:
        message_id = int(request.match_info["message_id"])
        old = self.messages.get(message_id)
        if old is None:
            return _json({"message": "Unknown Message", "code": 10008}, status=404)
        if request.method == "GET":
            return _json(old)
        if request.method == "DELETE":
            self.messages.pop(message_id, None)
            return web.Response(status=204)
        body, files = await self._read_message_body(request)
        merged = {**old, **body}
        message = self._stored(int(request.match_info["channel_id"]), message_id, merged, files)
        message["edited_timestamp"] = _timestamp()
        return _json(message)

    async def _get_channel(self, request: web.Request) -> web.Response:
        channel_id = int(request.match_info["channel_id"])
        channel = self.channels.get(channel_id)
        if channel is None:
            user = next((u for u, c in self.dm_of.items() if c == channel_id), None)
            if user is None:
                return _json({"message": "Unknown Channel", "code": 10003}, status=404)
            return _json({"id": str(channel_id), "type": 1, "recipients": [self.users[user]]})
        return _json({**channel, "position": 0, "permission_overwrites": []})

    async def _open_dm(self, request: web.Request) -> web.Response:
        user_id = int((await request.json())["recipient_id"])
        channel_id = self.dm_of.setdefault(user_id, self._snowflake())
        return _json({"id": str(channel_id), "type": 1, "recipients": [self.users[user_id]], "last_message_id": None})

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(int(request.match_info["user_id"]))
        if user is None:
            return _json({"message": "Unknown User", "code": 10013}, status=404)
        return _json(user)

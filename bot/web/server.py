"""The web table's aiohttp application, run inside the bot process on WEB_PORT (or by a local table,
bot/local, on this computer without Discord).

Routes: ``/board`` the page (static: it holds no game data; the link's token follows ``#``, and
``/board/<token>`` still opens older links), ``/static/*`` the bundle and the picture font,
``/api/state`` the reader's view, ``/api/picture`` the PNG board of games without a scene,
``/api/menu`` and ``/api/place`` a press (a step of the menu, or an action applied through the table
service exactly as a chat press), ``/api/takeback`` the answer's "↶ Take back" (the table service's, as
the chat's button), ``/api/vote`` a player's vote on a seat whose time ran out (the table
service's vote, as the table message's buttons), ``/ws`` live updates. Every request but static files
carries a link token (the ``X-Board-Token`` header, or the socket's protocol list: never the
address, which proxies log), passes the rate limit, and has its grant checked against the game as it
is now (see ``_lost``) before any body is read. With the Discord Activity configured, ``/`` is the
Activity's entry page (Discord maps its proxy's ``/`` there) and ``/api/activity/token`` turns the
SDK's OAuth2 code into a link token for that person and the game of the Activity's channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from bot.chat.i18n import t
from bot.service import menus
from bot.service.errors import ServiceError
from bot.service.menus import MAX_SEATS, MAX_SEQ
from bot.service.notices import Outcome, Table, Voted
from bot.service.pictures import Pictures
from bot.service.tables import TableService
from bot.service.taking_back import label as label_of
from bot.store.models import FINISHED, RUNNING
from bot.web.activity import DiscordOAuth, OAuthRefused
from bot.web.guard import Network, client_address, json_body, number, whole
from bot.web.history import History
from bot.web.hub import Client, Hub
from bot.web.limits import RateLimit
from bot.web.links import Links, Pass
from bot.web.page import path_of, payload, places_maker, scene_maker, seat_menu, step_json, with_words
from bot.web.replay import Replayed, Replays, frame, outline
from bot.web.texts import lang_of_header, lang_of_locale, texts
from games.core import Event
from games.fonts import FILES

log = logging.getLogger(__name__)

#: where `npm run build` puts the page (web/dist at the top of the checkout)
BUNDLE = Path(__file__).resolve().parents[2] / "web" / "dist"
BUILD_HINT = "the board page is not built: cd web && npm ci && npm run build"

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
ACTIVITY_PAGE = "/"
#: The socket's subprotocol; the page offers its token as the second entry of the protocol list.
PROTOCOL = "speltafel.board"
#: Seconds a client has to send a request's headers (and between requests on a kept connection),
#: and to send a body once its headers are in: half-sent requests are dropped, not kept open.
IDLE_TIMEOUT = 30.0
BODY_TIMEOUT = 10.0
#: Seconds an answer to "may this person see the channel" is trusted before it is asked again.
SEEN_FOR = 5.0


def activity_csp(client_id: str) -> str:
    """The Activity's entry page may be framed only by this application's Activity origin (Discord's
    proxy, ``<client id>.discordsays.com``) inside Discord's own clients."""
    return CSP.replace(
        "frame-ancestors 'none'",
        f"frame-ancestors https://{client_id}.discordsays.com https://discord.com "
        "https://ptb.discord.com https://canary.discord.com",
    )


STATIC_TYPES = {".js": "text/javascript", ".css": "text/css", ".map": "application/json", ".html": "text/html"}

Announce = Callable[[Outcome, int], Awaitable[None]]
#: after a vote from a page: (the vote, the seat voted on, the voter) -> the chat adapter's after_vote
AfterVote = Callable[[Voted, int, int], Awaitable[None]]
#: may this person see this channel (the chat adapter knows; a watcher of a channel must see it)
MayWatch = Callable[[int, int], Awaitable[bool]]


def _secure(request: web.Request, response: web.StreamResponse, activity_policy: str | None) -> None:
    framed = activity_policy is not None and request.path == ACTIVITY_PAGE
    response.headers["Content-Security-Policy"] = activity_policy if framed else CSP  # type: ignore[assignment]
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"  # the link is the key: never pass it on
    if not framed:
        response.headers["X-Frame-Options"] = "DENY"
    if not request.path.startswith("/static/") or response.status >= 400:
        response.headers["Cache-Control"] = "no-store"


def security_headers(activity_policy: str | None) -> Any:
    """Every answer carries the same headers, refusals and failures too; an unexpected failure is
    logged once and answered 500 without details."""

    @web.middleware
    async def secure(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        try:
            response = await handler(request)
        except web.HTTPException as refusal:
            _secure(request, refusal, activity_policy)
            raise
        except (asyncio.CancelledError, ConnectionError):
            raise
        except Exception:
            log.exception("the web table failed on %s %s", request.method, request.path)
            failed = web.Response(status=500, text="Internal error")
            _secure(request, failed, activity_policy)
            return failed
        if not response.prepared:  # a socket's handshake went out already
            _secure(request, response, activity_policy)
        return response

    return secure


async def _as_is(waiting: Awaitable[Any]) -> Any:
    return await waiting


class WebTable:
    def __init__(
        self,
        service: TableService,
        pictures: Pictures,
        links: Links,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        bundle: Path = BUNDLE,
        rate_per_minute: int = 120,
        poll: float | None = 2.0,
        now: Callable[[], float] = time.monotonic,
        activity: DiscordOAuth | None = None,
        heartbeat: float | None = 20.0,
        trusted_proxies: tuple[Network, ...] = (),
        sockets_per_link: int = 4,
        idle_timeout: float = IDLE_TIMEOUT,
        body_timeout: float = BODY_TIMEOUT,
        language: str | None = None,
    ) -> None:
        self.service = service
        self.pictures = pictures
        self.links = links
        self.host, self.port = host, port
        self.bundle = bundle
        self.limit = RateLimit(rate_per_minute, now)
        self._now = now
        self._seen: dict[tuple[int, int], tuple[bool, float]] = {}
        self._fonts_gzipped: dict[str, bytes] = {}  # weight -> the font file, compressed once
        # texts a table words its own way, by key and language: a local table says where its links
        # come from instead of naming /board
        self.own_words: dict[str, dict[str, str]] = {}
        self.poll = poll  # None: no polling (one process, or a test that calls hub.poll_once)
        self.heartbeat = heartbeat  # seconds between pings on a quiet socket (None: none)
        self.trusted_proxies = trusted_proxies  # WEB_TRUSTED_PROXIES: whose X-Forwarded-For is read
        self.idle_timeout = idle_timeout
        self.body_timeout = body_timeout
        # Every page in this language (a local table's --lang); None: each browser's own.
        self.language = language
        # Told after a web action is committed: the chat adapter's announce (table message, DMs).
        self.announce: Announce | None = None
        # Told after a vote from a page: the chat adapter tells a decision and starts the stand-in.
        self.voted: AfterVote | None = None
        # The Discord Activity (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET set), and who may watch a channel.
        self.activity = activity
        self.may_watch: MayWatch | None = None
        self.hub = Hub(
            self.service.table_by_id, self._render, History(self.service.sessions), self._lost, sockets_per_link
        )
        self.replays = Replays(self.service.sessions)
        self._runner: web.AppRunner | None = None
        self._poller: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        # How an open page's socket waits for the page: as it is, or declared by a test world as input
        # from outside (a simulated Discord waits for the bot to go quiet, and an open page never does).
        self.listen: Callable[[Awaitable[Any]], Awaitable[Any]] = _as_is

    # -- life --------------------------------------------------------------------------------
    def app(self) -> web.Application:
        policy = activity_csp(self.activity.client_id) if self.activity is not None else None
        app = web.Application(middlewares=[security_headers(policy)], client_max_size=16 * 1024)
        app.add_routes(
            [
                web.get("/board", self.page),
                web.get("/board/{token}", self.page),
                web.get("/static/fonts/{weight}.ttf", self.font_file),
                web.get("/static/{name}", self.static_file),
                web.get("/favicon.ico", self.no_icon),
                web.get("/api/state", self.state),
                web.get("/api/picture", self.picture),
                web.post("/api/menu", self.menu),
                web.post("/api/place", self.place),
                web.post("/api/vote", self.vote),
                web.post("/api/takeback", self.take_back),
                web.get("/ws", self.socket),
                web.get("/api/replay", self.replay_outline),
                web.get("/api/replay/step", self.replay_step),
            ]
        )
        if self.activity is not None:
            app.add_routes(
                [
                    web.get(ACTIVITY_PAGE, self.activity_page),
                    web.get("/api/activity/config", self.activity_config),
                    web.post("/api/activity/token", self.activity_token),
                ]
            )
        return app

    @property
    def built(self) -> bool:
        return (self.bundle / "board.js").is_file()

    async def start(self) -> None:
        if not self.built:
            log.warning(BUILD_HINT)
        # Idle connections and half-sent headers are dropped after idle_timeout (aiohttp's keep-alive
        # timer runs from the connection's start until a whole request is in).
        self._runner = web.AppRunner(self.app(), access_log=None, keepalive_timeout=self.idle_timeout)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:
            self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        if self.poll:
            self._poller = asyncio.get_running_loop().create_task(self.hub.poll_forever(self.poll))
        log.info("web table listening on %s:%s", self.host, self.port)

    async def stop(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
        await self.hub.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def changed(self, table: Table, events: list[Event]) -> None:
        """The chat adapter tells about every committed change (see Controller.announce)."""
        self.hub.changed(table, events)

    # -- who is asking -------------------------------------------------------------------------
    def _texts(self, lang: str) -> dict[str, str]:
        words = texts(lang)
        words.update({key: entry.get(lang) or entry["en"] for key, entry in self.own_words.items()})
        return words

    def _lang(self, request: web.Request, grant: Pass | None = None, table: Table | None = None) -> str:
        """The reader's language: a seat's player's own (stored with the seat, from their Discord
        locale), a named watcher's as their link carries it; the browser's (Accept-Language) only
        for a link that names no person, or before the link is known. A local table may set one
        language for every page."""
        if self.language:
            return self.language
        if grant is not None and grant.seat is not None and table is not None and grant.seat < len(table.seats):
            own = lang_of_locale(table.seats[grant.seat].locale)
            if own is not None:
                return own
        if grant is not None and grant.lang is not None:
            return grant.lang
        return lang_of_header(request.headers.get("Accept-Language"))

    def remote(self, request: web.Request) -> str:
        """The asking person's address (through WEB_TRUSTED_PROXIES' forwarded headers only)."""
        return client_address(request, self.trusted_proxies)

    def _grant(self, request: web.Request, token: str | None) -> Pass:
        """The link's signature and age, then the rate limit: per person where the link names
        one, else per address and game. Nothing of the request's body has been read yet."""
        grant = self.links.read(token or "")
        if grant is None:
            raise web.HTTPForbidden(text=self._texts(self._lang(request))["refused"])
        who = f"user:{grant.user_id}" if grant.user_id is not None else f"watch:{grant.game_id}:{self.remote(request)}"
        if not self.limit.allow(who):
            raise web.HTTPTooManyRequests(text=self._texts(self._lang(request, grant))["slow_down"])
        return grant

    async def _table(self, request: web.Request, grant: Pass) -> Table:
        table = await self.service.table_by_id(grant.game_id)
        if table is None or table.state is None:
            raise web.HTTPNotFound(text=self._texts(self._lang(request, grant))["refused"])
        why = await self._lost(grant, table, self._lang(request, grant, table))
        if why is not None:
            raise web.HTTPForbidden(text=why)
        return table

    async def _lost(self, grant: Pass, table: Table, lang: str) -> str | None:
        """Why the grant no longer holds for the game as it is now (None: it holds). Checked at
        every request and before every push to an open page: the link's age; a seat's link only
        while its person still plays the seat (not after resigning or leaving: one rule with the
        chat, ``Table.player_of``); a named watcher's only while they can see the game's channel."""
        words = self._texts(lang)
        if self.links.expired(grant):
            return words["refused"]
        if grant.seat is not None and table.status != FINISHED and table.player_of(grant.seat) != grant.user_id:
            return words["seat_lost"]  # once the game is over, every seat's view is open anyway
        if grant.bound and not await self._sees(table, grant.user_id or 0):
            return words["refused"]
        return None

    async def _sees(self, table: Table, user_id: int) -> bool:
        """May this person see the game's channel: asked of the chat adapter, and remembered for a
        few seconds (every push re-checks every named watcher's page)."""
        if self.may_watch is None:
            return False
        key, now = (table.channel_id, user_id), self._now()
        known = self._seen.get(key)
        if known is not None and now - known[1] < SEEN_FOR:
            return known[0]
        sees = await self.may_watch(table.channel_id, user_id)
        self._seen[key] = (sees, now)
        if len(self._seen) > 10_000:  # the oldest answers go first
            for stale in sorted(self._seen, key=lambda k: self._seen[k][1])[:5_000]:
                del self._seen[stale]
        return sees

    def _render(self, table: Table, client: Client, events: list[Event], shared: dict[str, Any]) -> dict[str, Any]:
        url = None
        if scene_maker(table.engine) is None:
            url = f"/api/picture?v={table.version}"  # the page fetches it with its token in a header
        return payload(table, client.grant.seat, client.lang, events, url, shared)

    # -- pages and files -----------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.StreamResponse:
        """The page holds no game data: anyone may load it; its token (after ``#``) is checked when
        the page asks for the game. An older link with the token in the path is still checked here."""
        if "token" in request.match_info:
            self._grant(request, request.match_info["token"])
        if not self.built:
            return web.Response(text=self._texts(self._lang(request))["not_built"], status=503)
        return web.FileResponse(self.bundle / "index.html", headers={"Content-Type": "text/html; charset=utf-8"})

    @staticmethod
    async def no_icon(_request: web.Request) -> web.Response:
        """Browsers ask for an icon by themselves; there is none (and a 404 would only be noise)."""
        return web.Response(status=204)

    async def activity_page(self, request: web.Request) -> web.StreamResponse:
        """The page Discord shows in the Activity (the same bundle; it starts in Activity mode)."""
        if not self.built:
            return web.Response(text=self._texts(self._lang(request))["not_built"], status=503)
        return web.FileResponse(self.bundle / "index.html", headers={"Content-Type": "text/html; charset=utf-8"})

    async def static_file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = self.bundle / name
        kind = STATIC_TYPES.get(path.suffix)
        if kind is None or "/" in name or name.startswith(".") or not path.is_file():
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers={"Content-Type": kind})

    async def font_file(self, request: web.Request) -> web.StreamResponse:
        """The picture's font, so the page sets its words as the picture does; compressed once for a
        browser that takes gzip (44% of the bytes), as the build compresses the bundle's own files
        (web/compress.mjs)."""
        weight = request.match_info["weight"]
        path = FILES.get(weight)
        if path is None:
            raise web.HTTPNotFound()
        headers = {"Content-Type": "font/ttf", "Cache-Control": "max-age=86400", "Vary": "Accept-Encoding"}
        if "gzip" not in request.headers.get("Accept-Encoding", "").lower():
            return web.FileResponse(path, headers=headers)
        body = self._fonts_gzipped.get(weight)
        if body is None:
            data = await asyncio.to_thread(Path(path).read_bytes)
            body = self._fonts_gzipped[weight] = await asyncio.to_thread(gzip.compress, data, 9, mtime=0)
        return web.Response(body=body, headers={**headers, "Content-Encoding": "gzip"})

    # -- the Discord Activity -----------------------------------------------------------------
    async def activity_config(self, request: web.Request) -> web.Response:
        assert self.activity is not None
        return web.json_response({"client_id": self.activity.client_id})

    async def activity_token(self, request: web.Request) -> web.Response:
        """The SDK's OAuth2 code and the Activity's channel in; the access token and a link token out."""
        assert self.activity is not None
        words = self._texts(self._lang(request))
        if not self.limit.allow(f"activity:{self.remote(request)}"):
            raise web.HTTPTooManyRequests(text=words["slow_down"])
        body = await json_body(request, words["malformed"], self.body_timeout)
        code, channel_id = body.get("code"), number(body.get("channel_id"))
        if not isinstance(code, str) or not 0 < len(code) <= 200 or channel_id is None:
            raise web.HTTPBadRequest(text=words["malformed"])
        try:
            found = await self.activity.identify(code)
        except OAuthRefused as err:
            log.info("an Activity sign-in was refused: %s", err)
            raise web.HTTPUnauthorized(text=words["activity_refused"]) from None
        user_id = found.person.user_id
        lang = lang_of_locale(found.person.locale)  # the person's Discord language from here on
        if lang is not None:
            words = self._texts(lang)
        if not self.limit.allow(f"user:{user_id}"):
            raise web.HTTPTooManyRequests(text=words["slow_down"])
        # "No running game here" and "not yours to see" are one answer: neither tells whether a
        # channel someone cannot see has a game.
        table = await self.service.table_in(channel_id)
        if table is None or table.status != RUNNING or table.state is None:
            raise web.HTTPForbidden(text=words["activity_no_game"])
        seat = table.seat_played_by(user_id)
        if seat is not None:
            token = self.links.token(table.game_id, seat, user_id)
        elif await self._sees(table, user_id):
            token = self.links.token(table.game_id, None, user_id, lang)  # a watcher, bound to this person
        else:
            raise web.HTTPForbidden(text=words["activity_no_game"])
        return web.json_response(
            {"access_token": found.access_token, "token": token, "game": table.game_id, "seat": seat}
        )

    # -- the game ------------------------------------------------------------------------------
    async def state(self, request: web.Request) -> web.Response:
        token = request.headers.get("X-Board-Token", "")
        grant = self._grant(request, token)
        table = await self._table(request, grant)
        client = Client(None, grant, token, self._lang(request, grant, table))  # type: ignore[arg-type]
        text = self.hub.content(table, client, await self.hub.history.events(table))
        return web.Response(text=with_words(text, client.lang), content_type="application/json")

    async def picture(self, request: web.Request) -> web.Response:
        grant = self._grant(request, request.headers.get("X-Board-Token", ""))
        table = await self._table(request, grant)
        view = table.engine.view(table.state, grant.seat)
        lang = self._lang(request, grant, table)
        png = await self.pictures.png(
            table.engine.key, table.game_id, table.version, grant.seat, lang, view, table.names
        )
        if not png:
            raise web.HTTPNotFound()
        return web.Response(body=png, content_type="image/png")

    async def _body(self, request: web.Request) -> tuple[Pass, Table, dict[str, Any]]:
        """A press: the link, the rate limit and the grant first, then the body."""
        grant = self._grant(request, request.headers.get("X-Board-Token", ""))
        if grant.seat is None:
            raise web.HTTPForbidden(text=self._texts(self._lang(request, grant))["spectator"])
        table = await self._table(request, grant)
        malformed = self._texts(self._lang(request, grant, table))["malformed"]
        return grant, table, await json_body(request, malformed, self.body_timeout)

    async def menu(self, request: web.Request) -> web.Response:
        """A press in the side panel: the next step, or the action applied (as a chat press)."""
        grant, table, body = await self._body(request)
        lang = self._lang(request, grant, table)
        seq, raw = whole(body.get("seq"), MAX_SEQ), body.get("path", "")
        if seq is None or not isinstance(raw, str) or len(raw) > 200:
            raise web.HTTPBadRequest(text=self._texts(lang)["malformed"])
        seat = grant.seat or 0
        if seat not in table.prompts or table.prompt_seqs.get(seat) != seq:
            return self._refusal(ServiceError("closed"), lang, table)
        found = seat_menu(table, seat, lang).resolve([p for p in raw.split(".") if p])
        if found is None:
            return self._refusal(ServiceError("closed"), lang, table)
        if isinstance(found, menus.Step):
            return web.json_response({"ok": True, "menu": step_json(found)})
        return await self._act(grant, table, found, seq, lang)

    async def place(self, request: web.Request) -> web.Response:
        """A click on the board. ``places`` are the places clicked so far for one action (a unit,
        then a hex): the one legal action naming them all is applied; several become a step of the
        panel, and the answer names the places that narrow the choice further (``next``)."""
        grant, table, body = await self._body(request)
        lang = self._lang(request, grant, table)
        seq, picked = whole(body.get("seq"), MAX_SEQ), body.get("places")
        if (
            seq is None
            or not isinstance(picked, list)
            or not 0 < len(picked) <= 4
            or not all(isinstance(p, str) and len(p) <= 100 for p in picked)
        ):
            raise web.HTTPBadRequest(text=self._texts(lang)["malformed"])
        seat = grant.seat or 0
        if seat not in table.prompts or table.prompt_seqs.get(seat) != seq:
            return self._refusal(ServiceError("closed"), lang, table)
        legal = table.engine.legal(table.state, seat)
        named = places_maker(table.engine)
        chosen = [a for a in legal if named is not None and set(picked) <= set(named(a))]
        if named is None or not chosen:
            return self._refusal(ServiceError("closed"), lang, table)
        if len(chosen) == 1:
            return await self._act(grant, table, chosen[0], seq, lang)
        tree = seat_menu(table, seat, lang, legal)
        options = []
        for action in chosen:
            path = path_of(tree, action)
            if path is not None:
                label = " · ".join(table.engine.action_path(tree.view, action, lang))
                options.append({"label": label[:100], "path": ".".join(path), "leaf": True})
        further = sorted({p for a in chosen for p in named(a)} - set(picked))
        return web.json_response(
            {"ok": True, "menu": {"chosen": [], "path": "", "options": options}, "picked": picked, "next": further}
        )

    async def vote(self, request: web.Request) -> web.Response:
        """A player's vote on a seat whose time ran out: the table service's vote, as the table
        message's buttons; the answer says what the chat answers (the option and the tally, or the
        decision), and a refusal is the chat's."""
        grant, table, body = await self._body(request)
        lang = self._lang(request, grant, table)
        seat, choice = whole(body.get("seat"), MAX_SEATS - 1), body.get("choice")
        if seat is None or choice not in ("stand_in", "end"):
            raise web.HTTPBadRequest(text=self._texts(lang)["malformed"])
        user_id = grant.user_id or 0
        try:
            voted = await self.service.vote(game_id=table.game_id, user_id=user_id, seat=seat, choice=choice)
        except ServiceError as err:
            return self._refusal(err, lang, table)
        self._spawn(self.voted(voted, seat, user_id) if self.voted is not None else None, voted.table)
        after, decided, ballot = voted
        name = after.seats[seat].name
        if decided is None:
            option = t(f"vote_for_{choice}", lang, name=name)
            tally = t("vote_tally", lang, stand_in=len(ballot["stand_in"]), end=len(ballot["end"]))
            return web.json_response({"ok": True, "done": t("vote_counted", lang, option=option, tally=tally)})
        seated = {s.user_id: s.name for s in after.seats if s.user_id is not None}
        who = ", ".join(seated.get(uid, f"<@{uid}>") for uid in ballot[decided])
        key = "stand_in_started" if decided == "stand_in" else "ended_by_vote"
        return web.json_response({"ok": True, "done": t(key, lang, name=name, who=who)})

    def _spawn(self, work: Awaitable[None] | None, table: Table) -> None:
        """Hand a committed change to the chat adapter (which tells the open pages too), or, without
        one, tell the pages here."""
        if work is None:
            self.changed(table, [])
            return
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _act(self, grant: Pass, table: Table, action: Any, seq: int, lang: str) -> web.Response:
        try:
            outcome = await self.service.act(game_id=table.game_id, user_id=grant.user_id or 0, action=action, seq=seq)
        except ServiceError as err:
            return self._refusal(err, lang, table)
        self._tell(outcome, grant.seat or 0)
        view = table.view(grant.seat)  # as it was when the person chose, naming seats as the chat does
        done: dict[str, Any] = {"ok": True, "done": t("chosen", lang, label=label_of(table.engine, view, action, lang))}
        return web.json_response({**done, **self._offer(outcome, lang)})

    async def take_back(self, request: web.Request) -> web.Response:
        """“↶ Take back” under an answer: ``seq`` names the action it was offered for, which must
        still be the seat's last; the table service decides, as for the chat's button."""
        grant, table, body = await self._body(request)
        lang = self._lang(request)
        seq = whole(body.get("seq"), MAX_SEQ)
        if seq is None:
            raise web.HTTPBadRequest(text=self._texts(lang)["malformed"])
        try:
            outcome = await self.service.take_back(game_id=table.game_id, user_id=grant.user_id or 0, seq=seq)
        except ServiceError as err:
            return self._refusal(err, lang, table)
        self._tell(outcome, grant.seat or 0)
        after = outcome.table
        label = label_of(after.engine, after.view(grant.seat), outcome.taken_back or {}, lang)
        return web.json_response({"ok": True, "done": t("taken_back", lang, label=label), **self._offer(outcome, lang)})

    @staticmethod
    def _offer(outcome: Outcome, lang: str) -> dict[str, Any]:
        """The answer's “↶ Take back”: the action's sequence and the button's words (none: nothing
        may be taken back)."""
        if outcome.takeback_seq is None:
            return {}
        return {"takeback": {"seq": outcome.takeback_seq, "label": t("take_back", lang)}}

    def _tell(self, outcome: Outcome, seat: int) -> None:
        """A committed change from a page: the chat adapter tells the table (and the pages), or,
        without one, the pages are told here."""
        if self.announce is not None:
            task = asyncio.get_running_loop().create_task(self.announce(outcome, seat))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        else:
            self.changed(outcome.table, outcome.events)

    @staticmethod
    def _refusal(err: ServiceError, lang: str, table: Table) -> web.Response:
        params = dict(err.params)
        refusal = params.get("refusal")
        if err.code == "illegal" and refusal is not None:
            described = table.engine.describe_refusal(refusal, lang)  # type: ignore[attr-defined]
            if described:
                params["reason"] = described
        params.pop("refusal", None)
        return web.json_response({"ok": False, "error": t(err.code, lang, **params), "refresh": True}, status=409)

    # -- a finished game's replay ------------------------------------------------------------
    async def _replayed(self, request: web.Request) -> tuple[Replayed, str]:
        """Any link of the game opens its replay once it is over: then every seat's view is open.
        With the replay, the reader's language."""
        grant = self._grant(request, request.headers.get("X-Board-Token", ""))
        table = await self._table(request, grant)
        lang = self._lang(request, grant, table)
        if table.status != FINISHED:
            raise web.HTTPConflict(text=self._texts(lang)["not_over"])
        replayed = await self.replays.of(table)
        if replayed is None:
            raise web.HTTPNotFound(text=self._texts(lang)["refused"])
        return replayed, lang

    async def replay_outline(self, request: web.Request) -> web.Response:
        replayed, lang = await self._replayed(request)
        engine = replayed.game.engine
        return web.json_response(outline(replayed, engine.names.get(lang) or engine.names["en"], lang))

    async def replay_step(self, request: web.Request) -> web.Response:
        replayed, lang = await self._replayed(request)
        malformed = self._texts(lang)["malformed"]
        step = number(request.query.get("step", "0"), replayed.last)
        seat = number(request.query["seat"], replayed.game.players - 1) if request.query.get("seat") else None
        if step is None or (request.query.get("seat") and seat is None):
            raise web.HTTPBadRequest(text=malformed)
        return web.json_response(frame(replayed, step, seat, lang))

    # -- live ----------------------------------------------------------------------------------
    @staticmethod
    def _socket_token(request: web.Request) -> str:
        """The token the page offers as the second entry of its protocol list (never in the address)."""
        offered = [p.strip() for p in request.headers.get("Sec-WebSocket-Protocol", "").split(",")]
        if len(offered) != 2 or offered[0] != PROTOCOL:
            return ""
        return offered[1]

    async def socket(self, request: web.Request) -> web.StreamResponse:
        token = self._socket_token(request)
        grant = self._grant(request, token)
        table = await self._table(request, grant)
        ws = web.WebSocketResponse(heartbeat=self.heartbeat, max_msg_size=4096, protocols=(PROTOCOL,))
        await ws.prepare(request)
        client = Client(ws, grant, token, self._lang(request, grant, table))
        for old in self.hub.add(client):  # over the link's or the person's share: the oldest page goes
            await self.hub.drop(old, self._texts(old.lang)["too_many_pages"])
        try:
            latest = await self.service.table_by_id(table.game_id) or table  # catch up on what happened meanwhile
            await self.hub.send(client, latest, await self.hub.history.events(latest), force=True)
            while True:  # the page only listens; anything it sends is ignored
                msg = await self.listen(ws.receive())
                if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
        finally:
            self.hub.remove(client)
            with contextlib.suppress(Exception):
                await ws.close()
        return ws

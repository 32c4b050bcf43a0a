"""Board links: signed, expiring, each tied to one game and to a seat's player, a named watcher or
the public.

A token is an itsdangerous signature over ``[game, seat, user]`` (or ``[game, seat, user, lang]``: a
named watcher's link carries the language of that person's Discord, so their page speaks it whatever
their browser says; tokens of three elements are still read) with the time it was made; a forged
or altered token fails the signature, and one older than the link lifetime is refused whenever it
comes back (and an open page loses it then, see ``Links.expired``). ``[game, seat, user]`` is a seat's
player; ``[game, None, user]`` a watcher bound to that person (a game in a channel not everyone
sees: the link works only while they can see the channel); ``[game, None, None]`` a bearer watch
link of a public channel's game. The secret is WEB_SECRET, or derived from the bot token so that
every process of one bot reads every other's links; changing it revokes every link at once.

The token travels after ``#`` in the address (``/board#<token>``): a fragment is never sent to the
server, so no proxy or access log records it; the page sends it in a header and the socket's
protocol list.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from itsdangerous import BadSignature, TimestampSigner, URLSafeTimedSerializer

SALT = "speltafel-board"
#: the languages a link may carry (the page's own, bot/web/texts.py)
LANGS = ("en", "nl")


@dataclass(frozen=True)
class Pass:
    """Who a valid link lets in: a seat's player, a named watcher (seat None), or anyone (both None)."""

    game_id: int
    seat: int | None
    user_id: int | None
    issued: float = field(default=0.0, compare=False)  # when the link was signed (its expiry counts from it)
    lang: str | None = None  # the person's language, where the link carries it (a named watcher's)

    @property
    def spectator(self) -> bool:
        return self.seat is None

    @property
    def bound(self) -> bool:
        """A watcher's link that names its person."""
        return self.seat is None and self.user_id is not None


def token_of(url: str) -> str:
    """The token of a board link (``…/board#<token>``, or the older ``…/board/<token>``)."""
    return url.split("#", 1)[1] if "#" in url else url.rsplit("/", 1)[-1]


def derive_secret(bot_token: str) -> str:
    """A link secret from the bot token: stable across restarts and processes, never the token itself."""
    return hmac.new(bot_token.encode(), b"speltafel web links", hashlib.sha256).hexdigest()


class Links:
    def __init__(self, secret: str, base_url: str, lifetime: float, now: Callable[[], float] = time.time) -> None:
        if not secret:
            raise ValueError("the board links need a secret")
        self.base_url = base_url.rstrip("/")
        self.lifetime = lifetime  # seconds

        class Signer(TimestampSigner):
            def get_timestamp(self) -> int:  # the injected clock, so tests move time instead of sleeping
                return int(now())

        self._now = now
        self._serializer = URLSafeTimedSerializer(secret, salt=SALT, signer=Signer)

    def token(self, game_id: int, seat: int | None = None, user_id: int | None = None, lang: str | None = None) -> str:
        if seat is not None and user_id is None:
            raise ValueError("a seat's link names its person")
        if lang is not None and (user_id is None or lang not in LANGS):
            raise ValueError("only a link that names its person carries a known language")
        data: list[int | str | None] = [game_id, seat, user_id]
        return str(self._serializer.dumps(data if lang is None else [*data, lang]))

    def url(self, token: str) -> str:
        return f"{self.base_url}/board#{token}"

    def personal(self, game_id: int, seat: int, user_id: int) -> str:
        return self.url(self.token(game_id, seat, user_id))

    def spectator(self, game_id: int) -> str:
        """A bearer watch link (a game in a channel everyone on the server can see)."""
        return self.url(self.token(game_id))

    def watcher(self, game_id: int, user_id: int, lang: str | None = None) -> str:
        """A watch link that works only for this person, while they can see the game's channel
        (in ``lang``, their language, when given)."""
        return self.url(self.token(game_id, None, user_id, lang))

    def expired(self, grant: Pass) -> bool:
        """Whether the link has outlived its lifetime since it was read (an open page's check)."""
        return self._now() - grant.issued > self.lifetime

    def read(self, token: str) -> Pass | None:
        """The pass a token grants, or None for a forged, altered, malformed or expired one."""
        if not token or len(token) > 300:
            return None
        try:
            data, signed = self._serializer.loads(token, max_age=self.lifetime, return_timestamp=True)
        except BadSignature:  # SignatureExpired is one too
            return None
        if not isinstance(data, list) or len(data) not in (3, 4):
            return None
        game_id, seat, user_id = data[:3]
        lang = data[3] if len(data) == 4 else None
        if not all(v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in (game_id, seat, user_id)):
            return None
        if game_id is None or (seat is not None and user_id is None):
            return None
        if len(data) == 4 and (lang not in LANGS or user_id is None):
            return None
        return Pass(game_id, seat, user_id, signed.timestamp(), lang)

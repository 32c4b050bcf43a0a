"""Board links: signed, expiring, each tied to one game and either one person's seat or the public.

A token is an itsdangerous signature over ``[game, seat, user]`` with the time it was made; a forged
or altered token fails the signature, and one older than the link lifetime is refused whenever it
comes back. The secret is WEB_SECRET, or derived from the bot token so that every process of one
bot reads every other's links.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass

from itsdangerous import BadSignature, TimestampSigner, URLSafeTimedSerializer

SALT = "speltafel-board"


@dataclass(frozen=True)
class Pass:
    """Who a valid link lets in: a seat's player, or a spectator (seat and user None)."""

    game_id: int
    seat: int | None
    user_id: int | None

    @property
    def spectator(self) -> bool:
        return self.seat is None


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

    def token(self, game_id: int, seat: int | None = None, user_id: int | None = None) -> str:
        if (seat is None) != (user_id is None):
            raise ValueError("a personal link names both the seat and the person")
        return str(self._serializer.dumps([game_id, seat, user_id]))

    def url(self, token: str) -> str:
        return f"{self.base_url}/board/{token}"

    def personal(self, game_id: int, seat: int, user_id: int) -> str:
        return self.url(self.token(game_id, seat, user_id))

    def spectator(self, game_id: int) -> str:
        return self.url(self.token(game_id))

    def read(self, token: str) -> Pass | None:
        """The pass a token grants, or None for a forged, altered, malformed or expired one."""
        if not token or len(token) > 300:
            return None
        try:
            data = self._serializer.loads(token, max_age=self.lifetime)
        except BadSignature:  # SignatureExpired is one too
            return None
        try:
            game_id, seat, user_id = data
        except (TypeError, ValueError):
            return None
        if not isinstance(game_id, int) or not all(v is None or isinstance(v, int) for v in (seat, user_id)):
            return None
        if (seat is None) != (user_id is None):
            return None
        return Pass(game_id, seat, user_id)

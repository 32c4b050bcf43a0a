"""The Discord Activity's way in: the page's OAuth2 code becomes a person and a board link.

Inside Discord the page asks the Embedded App SDK to authorise (scope ``identify``) and posts the
code it gets; this module exchanges it at Discord's ``POST /oauth2/token`` with the application's
client id and secret and asks ``GET /users/@me`` with the access token who the person is (and the
language of their Discord, its ``locale``, which the page then speaks). The web
table then finds the game of the channel the Activity runs in and signs a link for that person.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import aiohttp

DISCORD_API = "https://discord.com/api/v10"


class OAuthRefused(Exception):
    """Discord did not accept the code or the token (expired, forged, or Discord unreachable)."""


@dataclass(frozen=True)
class Person:
    user_id: int
    name: str
    locale: str | None = None  # the language of their Discord (``nl``, ``en-GB``...), when Discord says


@dataclass(frozen=True)
class Identified:
    access_token: str  # handed back to the page for the SDK's authenticate()
    person: Person


class DiscordOAuth:
    def __init__(self, client_id: str, client_secret: str, api_base: str | None = None, timeout: float = 10.0) -> None:
        if not client_id or not client_secret:
            raise ValueError("the Activity needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET")
        self.client_id = client_id
        self._secret = client_secret
        self.api_base = (api_base or DISCORD_API).rstrip("/")
        self._timeout = aiohttp.ClientTimeout(total=timeout)

    async def identify(self, code: str) -> Identified:
        async with aiohttp.ClientSession(timeout=self._timeout) as http:
            form = {
                "client_id": self.client_id,
                "client_secret": self._secret,
                "grant_type": "authorization_code",
                "code": code,
            }
            granted = await self._json(http.post(f"{self.api_base}/oauth2/token", data=form))
            token = granted.get("access_token")
            if not isinstance(token, str) or not token:
                raise OAuthRefused("no access token")
            me = await self._json(http.get(f"{self.api_base}/users/@me", headers={"Authorization": f"Bearer {token}"}))
        try:
            user_id = int(me["id"])
        except (KeyError, TypeError, ValueError):
            raise OAuthRefused("no user") from None
        name = me.get("global_name") or me.get("username") or str(user_id)
        locale = me.get("locale")
        return Identified(token, Person(user_id, str(name), locale if isinstance(locale, str) else None))

    @staticmethod
    async def _json(request: Any) -> dict[str, Any]:
        try:
            async with request as response:
                if response.status != 200:
                    raise OAuthRefused(f"Discord answered {response.status}")
                data = await response.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError, ValueError) as err:
            raise OAuthRefused(str(err)) from err
        if not isinstance(data, dict):
            raise OAuthRefused("not an object")
        return data

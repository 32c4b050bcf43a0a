"""Re-point discord.py at another REST base and gateway.

For tests (a fake Discord on loopback) and for proxies. discord.py 2.7.1 has no
setting for this, so the module patches the few class attributes it reads:

* ``discord.http.Route.BASE``: every REST call, webhook and interaction
  callbacks included, is built as ``Route.BASE + path`` when a Route is made.
* ``DiscordWebSocket.DEFAULT_GATEWAY``: ``Client.connect`` opens the gateway
  there (it never asks ``GET /gateway/bot``) and falls back to it after an
  INVALID_SESSION.
* ``DiscordWebSocket.from_client``: wrapped so that every connection, also a
  RESUME to the ``resume_gateway_url`` from READY and the URL an
  ``AutoShardedClient`` reads from ``GET /gateway/bot``, goes to the given
  gateway instead.

discord.py adds ``?v=10&encoding=json&compress=zlib-stream`` (``zstd-stream``
when ``zstandard`` is installed) to the gateway URL itself; the other end must
speak that compression or answer in plain text frames, which discord.py reads
uncompressed.
"""

from __future__ import annotations

from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

# The unpatched classmethod's function, kept so that point_at can be called
# more than once without wrapping the wrapper.
_original_from_client = DiscordWebSocket.from_client.__func__  # type: ignore[attr-defined]
_pinned_gateway: yarl.URL | None = None


async def _from_client_pinned(cls: type[DiscordWebSocket], client: Any, **kwargs: Any) -> DiscordWebSocket:
    if _pinned_gateway is not None:
        kwargs["gateway"] = _pinned_gateway
    return await _original_from_client(cls, client, **kwargs)


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Send discord.py's REST calls to ``api_base`` and its gateway to ``gateway_url``.

    Meant for tests and proxies; call it before the client logs in. ``api_base``
    includes the version, e.g. ``http://127.0.0.1:8080/api/v10``; ``gateway_url``
    is a ws(s) URL without query, e.g. ``ws://127.0.0.1:8080/gateway``. ``None``
    (or empty) leaves that side as it is.
    """
    global _pinned_gateway

    if api_base:
        base = yarl.URL(api_base)
        if base.scheme not in ("http", "https") or not base.host:
            raise ValueError(f"API base must be an http(s) URL, got {api_base!r}")
        Route.BASE = api_base.rstrip("/")

    if gateway_url:
        gateway = yarl.URL(gateway_url)
        if gateway.scheme not in ("ws", "wss") or not gateway.host:
            raise ValueError(f"gateway URL must be a ws(s) URL, got {gateway_url!r}")
        # discord.py sets its own query (v, encoding, compress) on this URL.
        gateway = gateway.with_query(None)
        DiscordWebSocket.DEFAULT_GATEWAY = gateway
        _pinned_gateway = gateway
        DiscordWebSocket.from_client = classmethod(_from_client_pinned)  # type: ignore[method-assign,assignment]

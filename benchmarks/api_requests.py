"""Discord API requests by kind, as the bot sends them: for the benchmarks that count them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

#: request kinds, in the order they are printed
KINDS = ("posts", "edits", "dms", "interactions", "deletes", "other")


def classify(method: str, path: str, is_dm: Callable[[int], bool]) -> str:
    """The kind of one REST request, from its method and API path (``/channels/1/messages``)."""
    parts = path.strip("/").split("/")
    if method == "DELETE":
        return "deletes"
    if parts[0] in ("interactions", "webhooks"):
        return "interactions"  # callback, followup, edit of the original response or a followup
    if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
        if len(parts) == 3 and method == "POST":
            return "dms" if is_dm(int(parts[1])) else "posts"
        if len(parts) == 4 and method == "PATCH":
            return "edits"
    return "other"


def api_path(url: str) -> str:
    """``https://discord.com/api/v10/channels/1/messages?x=1`` -> ``/channels/1/messages``."""
    path = urlsplit(url).path
    if path.startswith("/api/v"):
        path = "/" + path.split("/", 3)[3]
    return path


@dataclass
class RequestCounter:
    """Counts the bot's REST requests by kind, wrapping its HTTP client and webhook adapter."""

    is_dm: Callable[[int], bool]
    counts: Counter[str] = field(default_factory=Counter)
    log: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, method, path)

    def note(self, method: str, path: str) -> None:
        kind = classify(method, path, self.is_dm)
        self.counts[kind] += 1
        self.log.append((kind, method, path))

    def install(self, http: Any, adapter: Any) -> None:
        """Wrap ``http.request`` (bot REST) and ``adapter.request`` (interaction responses)."""
        for target in (http, adapter):
            self._wrap(target)

    def _wrap(self, target: Any) -> None:
        inner = target.request

        async def request(route: Any, *args: Any, **kwargs: Any) -> Any:
            self.note(route.method, api_path(route.url))  # before sending: refused requests count too
            return await inner(route, *args, **kwargs)

        target.request = request

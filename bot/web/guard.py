"""Boring input for the web table: who is asking (behind trusted proxies), numbers from ASCII
digits with a range, and request bodies read with a deadline and parsed without surprises.

Every refusal here is an ordinary 4xx answer; nothing a client sends reaches a lookup before it is
checked, and nothing it sends can raise past the handler (Unicode digits, deep nesting, huge ints).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterable
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network
from typing import Any

from aiohttp import web

from bot.service.menus import MAX_ID

#: How deep a JSON body may nest: the page sends flat objects with one list.
MAX_DEPTH = 8

Network = IPv4Network | IPv6Network
_DIGITS = re.compile(r"[0-9]{1,19}")


def number(text: object, limit: int = MAX_ID) -> int | None:
    """An integer written with 1-19 ASCII digits and at most ``limit``, else None."""
    if not isinstance(text, str) or not _DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if value <= limit else None


def whole(value: object, limit: int) -> int | None:
    """A JSON integer (not a bool) in 0..limit, else None."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
        return None
    return value


def networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """WEB_TRUSTED_PROXIES: addresses or networks (``10.0.0.0/8``, ``127.0.0.1``, ``::1``)."""
    return tuple(ip_network(entry.strip(), strict=False) for entry in entries if entry.strip())


def _address(text: str) -> str | None:
    text = text.strip().strip('"')
    if text.startswith("["):  # Forwarded: for="[2001:db8::1]:4711"
        text = text[1 : text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:  # an IPv4 address with a port
        text = text.split(":", 1)[0]
    try:
        return str(ip_address(text))
    except ValueError:
        return None


def _hops(request: web.Request) -> list[str | None]:
    """The addresses the proxies recorded, nearest last: X-Forwarded-For, else Forwarded's for=."""
    hops: list[str | None] = []
    for header in request.headers.getall("X-Forwarded-For", []):
        hops += [_address(part) for part in header.split(",")]
    if hops:
        return hops
    for header in request.headers.getall("Forwarded", []):
        for element in header.split(","):
            for pair in element.split(";"):
                key, _, value = pair.partition("=")
                if key.strip().lower() == "for":
                    hops.append(_address(value))
    return hops


def client_address(request: web.Request, trusted: tuple[Network, ...]) -> str:
    """The address of the person: the peer, or, when the peer is a trusted proxy, the nearest
    address in its forwarded chain that is not itself a trusted proxy. A client that writes its
    own X-Forwarded-For gains nothing: only what trusted proxies appended is read, right to left."""
    peer = request.remote or ""
    if not trusted or not _trusted(peer, trusted):
        return peer
    for hop in reversed(_hops(request)):
        if hop is None:
            return peer  # a garbled entry: nothing left of it can be trusted
        if not _trusted(hop, trusted):
            return hop
    return peer


def _trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in trusted)


def _depth(value: Any, limit: int) -> bool:
    """Whether ``value`` nests at most ``limit`` deep (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return True


async def json_body(request: web.Request, malformed: str, timeout: float) -> dict[str, Any]:
    """The request's JSON object: the body read within ``timeout`` (a half-sent body is 408), at
    most the app's client_max_size (413), and parsed as a shallow object (else 400)."""
    try:
        async with asyncio.timeout(timeout):
            raw = await request.read()
    except TimeoutError:
        raise web.HTTPRequestTimeout() from None
    if raw.count(b"[") + raw.count(b"{") > 256:
        raise web.HTTPBadRequest(text=malformed)  # nothing the page sends opens this many
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise web.HTTPBadRequest(text=malformed) from None
    if not isinstance(body, dict) or not _depth(body, MAX_DEPTH):
        raise web.HTTPBadRequest(text=malformed)
    return body

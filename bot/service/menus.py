"""Menus for Discord: the shared grouping of games/menus.py plus custom_id packing.

A component's custom_id names the game, the seat, the prompt's sequence number, the language and
the path of choices so far, so a press can be checked against the current prompt before anything
is applied, and buttons survive restarts.
"""

from __future__ import annotations

import re

from games.menus import LEAF_SELF, MAX_OPTIONS, Menu, Option, Step, Tally, find_path, matches, resolve, tally

__all__ = (
    "LEAF_SELF",
    "MAX_ID",
    "MAX_OPTIONS",
    "MAX_SEATS",
    "MAX_SEQ",
    "Menu",
    "Option",
    "Step",
    "Tally",
    "bounded",
    "find_path",
    "matches",
    "resolve",
    "tally",
    "pack",
    "unpack",
)

#: The largest id the store holds (a Discord snowflake and a game id are signed 64-bit integers).
MAX_ID = 2**63 - 1
#: Seats are numbered 0..7 at most (no game seats more than eight).
MAX_SEATS = 8
#: A prompt's sequence number is the game's version, a 32-bit integer in the store.
MAX_SEQ = 2**31 - 1

# The templates accept any run of digits, so an oversized id still reaches `unpack` (or `bounded`)
# and gets a clean refusal instead of no answer at all.
CUSTOM_ID = re.compile(r"st:(?P<game>\d+):(?P<seat>\d+):(?P<seq>\d+):(?P<lang>[a-z]{2}):(?P<path>[0-9~!.]{0,60})")


def bounded(digits: str, limit: int = MAX_ID) -> int | None:
    """The number a custom_id names, or None when it cannot be a real one (the length is checked
    before converting, so no run of digits costs more than a short string)."""
    if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(limit)):
        return None
    value = int(digits)
    return value if value <= limit else None


def pack(game_id: int, seat: int, seq: int, lang: str, path: list[str]) -> str:
    return f"st:{game_id}:{seat}:{seq}:{lang}:{'.'.join(path)}"


def unpack(custom_id: str) -> tuple[int, int, int, str, list[str]] | None:
    m = CUSTOM_ID.fullmatch(custom_id)
    if not m:
        return None
    game, seat, seq = bounded(m["game"]), bounded(m["seat"], MAX_SEATS - 1), bounded(m["seq"], MAX_SEQ)
    if game is None or seat is None or seq is None:
        return None
    path = [t for t in m["path"].split(".") if t]
    return game, seat, seq, m["lang"], path

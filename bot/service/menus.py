"""Menus for Discord: the shared grouping of games/menus.py plus custom_id packing.

A component's custom_id names the game, the seat, the prompt's sequence number, the language and
the path of choices so far, so a press can be checked against the current prompt before anything
is applied, and buttons survive restarts.
"""

from __future__ import annotations

import re

from games.menus import LEAF_SELF, MAX_OPTIONS, Menu, Option, Step, find_path, matches, resolve

__all__ = ("LEAF_SELF", "MAX_OPTIONS", "Menu", "Option", "Step", "find_path", "matches", "resolve", "pack", "unpack")

CUSTOM_ID = re.compile(r"st:(?P<game>\d+):(?P<seat>\d+):(?P<seq>\d+):(?P<lang>[a-z]{2}):(?P<path>[0-9~!.]{0,60})")


def pack(game_id: int, seat: int, seq: int, lang: str, path: list[str]) -> str:
    return f"st:{game_id}:{seat}:{seq}:{lang}:{'.'.join(path)}"


def unpack(custom_id: str) -> tuple[int, int, int, str, list[str]] | None:
    m = CUSTOM_ID.fullmatch(custom_id)
    if not m:
        return None
    path = [t for t in m["path"].split(".") if t]
    return int(m["game"]), int(m["seat"]), int(m["seq"]), m["lang"], path

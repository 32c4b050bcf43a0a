"""Board picture (placeholder until drawn)."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any], lang: str, names: list[str]) -> bytes | None:
    return None

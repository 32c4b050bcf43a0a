"""Platform-neutral text for Cities & Knights (en, nl)."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Prompt


def action_path(view: dict[str, Any], action: Action, lang: str) -> list[str]:
    return [str(action.get("type"))[:80]]


def describe_event(ev: Event, lang: str, names: list[str]) -> str | None:
    return str(ev.get("type"))


def describe_prompt(view: dict[str, Any], prompt: Prompt, lang: str) -> str:
    return prompt.kind


def status_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    return [view["phase"]]

"""Refusals the chat adapter turns into a clear, localised, ephemeral answer."""

from __future__ import annotations

from typing import Any

#: How much of a person's own input a refusal quotes back.
ECHO_LIMIT = 100


class ServiceError(Exception):
    """``code`` names the message (see bot/chat/i18n.py); ``params`` fill it in."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def echo(text: object, limit: int = ECHO_LIMIT) -> str:
    """Input quoted back in a refusal, cut to a readable length (any input fits a message)."""
    shown = " ".join(str(text).split())
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"

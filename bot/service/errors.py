"""Refusals the chat adapter turns into a clear, localised, ephemeral answer."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """``code`` names the message (see bot/chat/i18n.py); ``params`` fill it in."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

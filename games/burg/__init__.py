"""Im Schutze der Burg (De Koningsburcht): engine, data tables, text and picture."""

from __future__ import annotations

from .engine import ENGINE, BurgEngine

__all__ = ("ENGINE", "BurgEngine")

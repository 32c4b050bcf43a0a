"""The games the bot offers, by short key. Adding a game = adding one line here."""

from __future__ import annotations

from games.battles_builders.engine import ENGINE as _battles_builders
from games.burg.engine import ENGINE as _burg
from games.cities_knights.engine import ENGINE as _cities_knights
from games.core import Engine
from games.war_chest.engine import ENGINE as _war_chest

ENGINES: dict[str, Engine] = {
    _battles_builders.key: _battles_builders,
    _burg.key: _burg,
    _war_chest.key: _war_chest,
    _cities_knights.key: _cities_knights,
}


def get(key: str) -> Engine:
    """The engine registered under ``key``; KeyError if none."""
    return ENGINES[key]


def find(text: str) -> Engine | None:
    """An engine by key or by (a prefix of) its name in any language, case-insensitive."""
    t = text.strip().lower()
    if t in ENGINES:
        return ENGINES[t]
    for eng in ENGINES.values():
        names = [eng.key, *eng.names.values()]
        if any(n.lower() == t for n in names):
            return eng
    for eng in ENGINES.values():
        names = [eng.key, *eng.names.values()]
        if any(n.lower().startswith(t) for n in names if t):
            return eng
    return None

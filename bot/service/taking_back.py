"""Taking an action back, the parts that need no database: the game before it, whether the action
may go, and the line the table shows.

A person may take back their own last action while nobody else (no AI, no stand-in) has acted
since and the action revealed nothing (games/takeback.py). The state before it is rebuilt from the
seed and the log without it, exactly as a replay or a restart rebuilds a game; the table service
does the rest in one unit of work (tables.py, ``take_back``).
"""

from __future__ import annotations

from typing import Any

from games import takeback
from games.core import LANGS, Action, Engine, Event, event

#: The table's own event for a taken-back action: its seat, and the action's label per language
#: (None when the channel may not learn which action it was: a hidden pick).
TOOK_BACK = "@took_back"


def may_go(engine: Engine, before: Any, seat: int, action: Action, *, players: int, seq: int) -> bool:
    """Whether the action, made in ``before`` (never changed), showed nobody anything: the same
    answer whenever it is asked, for the generic test draws its worlds from the action's ``seq``."""
    return not takeback.reveals(engine, before, seat, action, players=players, seed=seq)


def took_back(engine: Engine, before: Any, seat: int, action: Action, names: list[str]) -> Event:
    """The table's line for an action taken back, labelled as the chat's menus name it (from the
    actor's view with the seats' names); a hidden pick is not named."""
    if not takeback.shown_publicly(engine, before, seat, action):
        return event(TOOK_BACK, seat=seat, label=None)
    view = {**engine.view(before, seat), "names": names}
    return event(TOOK_BACK, seat=seat, label={lang: label(engine, view, action, lang) for lang in LANGS})


def label(engine: Engine, view: dict[str, Any], action: Action, lang: str) -> str:
    """An action as the chat's answers name it ("Done: …"): the choice itself, not the menu's steps."""
    return engine.choice_label(view, action, lang)

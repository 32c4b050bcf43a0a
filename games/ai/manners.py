"""How AI seats treat the people at their table: offers that are few and come at a good moment.

An offer (an action that invites other seats to answer, such as a trade offer) costs an AI seat
nothing to make and nothing to answer, but each one reaching a person is a prompt that person
must read. So an AI seat
- sends people at most one offer per turn (so it never repeats one a person declined that turn),
  and
- sends them none while a person has a decision of their own open (a discard, their own turn).
Offers that reach AI seats only are not limited. Everything here is read from what every seat
sees: the invitations, the blocking prompts and the engine's record of whom this turn's offers
addressed (``invited_this_turn``); which seats are people is told by the table.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from games.core import Action, Engine, Prompt


def _people_asked(engine: Engine, state: Any, people: Collection[int]) -> dict[int, Prompt]:
    """The people an open invitation asks to answer now (optional ones, such as changing a
    hidden pick, ask nothing of anyone)."""
    invite = getattr(engine, "invitations", None)
    if invite is None:
        return {}
    return {s: p for s, p in invite(state).items() if s in people and not p.data.get("optional")}


def welcome(engine: Engine, state: Any, people: Collection[int]) -> bool:
    """Whether an offer reaching a person is welcome now: none of them is deciding something and
    no offer of this turn has reached one yet. Always, for a game without offers or people."""
    if not people or not getattr(engine, "invitation_types", None):
        return True
    if any(s in people for s in engine.pending(state)):
        return False
    asked = getattr(engine, "invited_this_turn", None)
    return asked is None or not any(s in people for s in asked(state))


def invites_people(engine: Engine, state: Any, seat: int, action: Action, people: Collection[int]) -> bool:
    """Whether ``action`` is an offer that asks a person to answer (tried on a copy of ``state``);
    the same offer made again counts again."""
    if action.get("type") not in getattr(engine, "invitation_types", ()):
        return False
    copy = engine.clone(state) if hasattr(engine, "clone") else engine.load(engine.dump(state))
    engine.apply(copy, seat, action)
    return bool(_people_asked(engine, copy, people))


def unwelcome(engine: Engine, state: Any, seat: int, actions: list[Action], people: Collection[int]) -> list[Action]:
    """Those of ``actions`` that would send a person an offer (call it when none is ``welcome``)."""
    return [a for a in actions if invites_people(engine, state, seat, a, people)]


class Without:
    """The engine as a heuristic sees it when some of the deciding seat's actions are off limits:
    ``legal`` of that one position (the same state object) leaves them out; everything else is the
    engine's own."""

    def __init__(self, engine: Engine, state: Any, seat: int, banned: list[Action]) -> None:
        self._engine = engine
        self._state = state
        self._seat = seat
        self._banned = banned

    def legal(self, state: Any, seat: int) -> list[Action]:
        actions = self._engine.legal(state, seat)
        if state is self._state and seat == self._seat:
            return [a for a in actions if a not in self._banned]
        return actions

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

"""AI players for every game, built on the engine protocol only (games/core.py).

Three levels: ``easy`` picks a random kind of action (its type), then a random legal action of
that kind; ``normal`` asks the game's own heuristic (its ``strategy`` module); ``hard`` searches
with information-set Monte Carlo tree search (:mod:`games.ai.ismcts`). A decision depends only on
what the deciding seat can see: the state is first redrawn through the engine's ``determinize``
hook, which is a function of that seat's view and the seed alone. At every level an AI's offers
to people are few (:mod:`games.ai.manners`).
"""

from __future__ import annotations

from games.ai.players import LEVELS, NAMES, decide, decide_snapshot, wants_to_act

__all__ = ("LEVELS", "NAMES", "decide", "decide_snapshot", "wants_to_act")

"""A finished game's replay in the browser, from the seed and the stored actions.

The game is replayed once and kept (a few games at a time): the state every ``EVERY`` steps, the
events of each step, who moved and where each round begins. A step is then drawn from the nearest
kept state, in any seat's view: the game is over, so nothing is hidden any more.
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bot.service.notices import Table
from bot.web.history import Sessions, StoredGame, stored_game
from bot.web.page import font_metrics, log_lines, scene_maker, wire_scene
from bot.web.texts import texts
from games.core import Event
from games.replay import Frame, steps
from games.replay import caption as frame_caption

EVERY = 25  # steps between kept states: a step is at most this many applies away
KEEP_GAMES = 8
#: where a view says which round it is in (the first key a game's public view has)
ROUND_KEYS = ("round", "turn_no")


@dataclass
class Replayed:
    game: StoredGame
    names: list[str]
    kept: dict[int, bytes]  # step -> the pickled state after it
    events: list[list[Event]]  # per step (0: the opening)
    movers: list[int | None]  # per step: whose action it was
    rounds: list[tuple[Any, int]]  # (round, its first step)

    @property
    def last(self) -> int:
        return len(self.events) - 1


def replay_game(game: StoredGame, names: list[str]) -> Replayed:
    kept: dict[int, bytes] = {}
    events: list[list[Event]] = []
    movers: list[int | None] = []
    rounds: list[tuple[Any, int]] = []
    for step in steps(game.engine, game.players, game.options, game.seed, game.actions):
        if step.index % EVERY == 0:
            kept[step.index] = pickle.dumps(step.state, protocol=pickle.HIGHEST_PROTOCOL)
        events.append(list(step.events))
        movers.append(step.seat)
        public = game.engine.view(step.state, None)
        mark = next((public[k] for k in ROUND_KEYS if k in public), None)
        if mark is not None and (not rounds or rounds[-1][0] != mark):
            rounds.append((mark, step.index))
    return Replayed(game, names, kept, events, movers, rounds)


def state_at(replayed: Replayed, index: int) -> Any:
    start = index - index % EVERY
    state = pickle.loads(replayed.kept[start])
    for seat, action in replayed.game.actions[start:index]:
        replayed.game.engine.apply(state, seat, action)
    return state


def caption(replayed: Replayed, index: int, lang: str) -> str:
    """The step's caption as a replay frame's (games/replay.py), without the ending: the page says that."""
    return frame_caption(Frame(index, replayed.movers[index], {}), replayed.last, replayed.names, lang)


def outline(replayed: Replayed, game_name: str, lang: str) -> dict[str, Any]:
    """What the replay page needs before its first step: the length, the rounds, the seats."""
    return {
        "game": game_name,
        "lang": lang,
        "texts": texts(lang),
        "names": replayed.names,
        "last": replayed.last,
        "rounds": [{"round": str(mark), "step": index} for mark, index in replayed.rounds],
    }


def frame(replayed: Replayed, index: int, seat: int | None, lang: str) -> dict[str, Any]:
    """Step ``index`` as ``seat`` (None: the public view) saw it."""
    engine, names = replayed.game.engine, replayed.names
    state = state_at(replayed, index)
    view = engine.view(state, seat)
    seen = [ev for step in replayed.events[: index + 1] for ev in step]
    out: dict[str, Any] = {
        "step": index,
        "seat": seat,
        "caption": caption(replayed, index, lang),
        "status": engine.status_lines(view, lang, names),
        "log": log_lines(engine, seen, seat, lang, names)[-30:],
    }
    make_scene = scene_maker(engine)
    out["board"] = (
        {"scene": wire_scene(make_scene(view, lang, names).to_json()), "font": font_metrics()} if make_scene else {}
    )
    return out


class Replays:
    """Replayed games, the most recently asked kept."""

    def __init__(self, sessions: Sessions, keep: int = KEEP_GAMES) -> None:
        self.sessions = sessions
        self.keep = keep
        self._games: OrderedDict[int, Replayed] = OrderedDict()

    async def of(self, table: Table) -> Replayed | None:
        found = self._games.pop(table.game_id, None)
        if found is None:
            game = await stored_game(self.sessions, table.game_id)
            if game is None:
                return None
            found = replay_game(game, table.names)
        self._games[table.game_id] = found
        while len(self._games) > self.keep:
            self._games.popitem(last=False)
        return found

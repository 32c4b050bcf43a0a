"""The last moves of a game as everyone may see them: what the board marks and the captions say.

A move is the public events that show what an action changed (the game's ``MOVE_EVENTS``: a
unit moved, a building built, the robber moved, a pick made), ``{"seat": s, "events": [...]}``,
and a state holds the latest ``KEEP`` of them. An action without such an event (ending a turn,
composing a private offer, a choice held back until an earlier seat's) is no move: nobody else
could tell it happened. Only events that every seat sees are kept, so every view hands out the
same moves (``view["moves"]``, oldest first), a hidden pick shows only that it was made, and
replaying the log rebuilds them exactly. A state keeps a move's events as the engine made them
(``remember``); they are picked out and copied when a view or a dump asks (``copy_moves``), so
playouts and searches, which never show one, pay next to nothing for them.

The newest move is what a picture marks (its scene's items carry ``"mark": "last"``, see
``Scene.mark_last``) and captions; ``since_own`` lists the moves a reader has not made
themselves since their own last one, for the web page. No Pillow here: engines import this.
"""

from __future__ import annotations

from typing import Any

from games.core import Event

__all__ = (
    "KEEP",
    "Move",
    "Noted",
    "remember",
    "newest",
    "since_own",
    "copy_moves",
    "headline",
    "chosen_caption",
    "band_text",
    "FRAME",
)

Move = dict[str, Any]
#: a move as a state holds it: as ``remember`` noted it, (seat, the action's events, the game's
#: move kinds), or as loaded
Noted = tuple[int, list[Event], frozenset[str]] | Move

#: moves a state keeps: more than a round of four players' turns, so "since your last move" fits
KEEP = 24
#: events kept of one move: enough to mark and tell it, never a whole round's bookkeeping
EVENTS_PER_MOVE = 8
#: fields of an event that say how chance was drawn, not what happened (a view never names the RNG)
_BOOKKEEPING = frozenset({"source", "scripted", "chance"})
_SCALARS = frozenset({str, int, float, bool, type(None)})

#: what a picture's caption band says before the move (both languages)
LAST_MOVE = {"en": "Last move", "nl": "Laatste zet"}
#: what the band says before the first move
NO_MOVE = {"en": "none yet", "nl": "nog geen"}
#: a hidden pick before its reveal: who chose, never what
CHOSEN = {"en": "{who} has chosen", "nl": "{who} heeft gekozen"}
#: A replay frame's view carries its own words for the band under this key (games/replay.py):
#: ``moment`` (which moment of the game it shows) stands where "Last move" stands, ``move``
#: (default true) whether the move's caption follows, ``after`` what comes last (how it ended).
FRAME = "replay_frame"


def _plain(value: Any) -> Any:
    """A copy of JSON-like event data: a move handed out never shares a list or dict with the engine."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def remember(moves: list[Noted], seat: int, events: list[Event], kinds: frozenset[str]) -> None:
    """Add the move ``seat`` just made to ``moves`` (in place), when its public events show one.
    It runs after every action, and nearly every state is never shown, so it stops at the first
    such event and keeps the events as ``apply`` returned them (nobody changes an event it was
    given, games/core.py): ``copy_moves`` picks them out and copies them when a view or a dump
    asks."""
    for ev in events:
        if ev["type"] in kinds and "to" not in ev:  # "to": for those seats only (games.core.visible)
            moves.append((seat, events, kinds))
            if len(moves) > KEEP:
                del moves[0]
            return


def _copy_event(ev: Event) -> Event:
    return {k: v if v.__class__ in _SCALARS else _plain(v) for k, v in ev.items() if k not in _BOOKKEEPING}


def _copy_move(noted: Noted) -> Move:
    if isinstance(noted, tuple):
        seat, events, kinds = noted
        events = [ev for ev in events if ev["type"] in kinds and "to" not in ev]
        return {"seat": seat, "events": [_copy_event(ev) for ev in events[:EVENTS_PER_MOVE]]}
    return {"seat": noted["seat"], "events": [_copy_event(ev) for ev in noted["events"][:EVENTS_PER_MOVE]]}


def copy_moves(moves: list[Noted]) -> list[Move]:
    """The moves for a view or a dump, the caller's to change: at most ``EVENTS_PER_MOVE`` public
    events of its kinds each, without chance bookkeeping (a loaded move went through here)."""
    return [_copy_move(m) for m in moves]


def newest(view: dict[str, Any]) -> Move | None:
    """The move a picture marks: the latest one, if any."""
    moves = view.get("moves") or []
    return moves[-1] if moves else None


def since_own(moves: list[Move], seat: int | None) -> list[Move]:
    """The moves made since ``seat``'s own last one, newest first (a spectator: every kept move)."""
    out: list[Move] = []
    for move in reversed(moves):
        if seat is not None and move.get("seat") == seat:
            break
        out.append(move)
    return out


def headline(move: Move, order: tuple[str, ...]) -> Event | None:
    """The event that tells a move in one line: the first of its kinds in ``order`` (the game's
    ranking, most telling first), else its first event."""
    events = move.get("events") or []
    for kind in order:
        for ev in events:
            if ev.get("type") == kind:
                return ev
    return events[0] if events else None


def chosen_caption(who: str, lang: str) -> str:
    return CHOSEN.get(lang, CHOSEN["en"]).format(who=who)


def band_text(caption: str | None, lang: str, frame: dict[str, Any] | None = None) -> str:
    """The caption as a picture's band shows it, after the words that name the mark (None: there
    was no move yet); in a replay's frame after the words of ``frame`` (see FRAME)."""
    if frame is not None:
        text = str(frame["moment"])
        if caption is not None and frame.get("move", True):
            text = f"{text}: {caption}"
        return f"{text.rstrip('.')} · {frame['after']}" if frame.get("after") else text
    if caption is None:
        caption = NO_MOVE.get(lang, NO_MOVE["en"])
    return f"{LAST_MOVE.get(lang, LAST_MOVE['en'])}: {caption}"

"""The engine protocol every game implements (see DESIGN.md, "The engine protocol").

An engine is a stateless object; a game in progress lives entirely in its state. Actions and
events are plain JSON dicts so the same form travels through buttons, the database log and tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Protocol, runtime_checkable

__all__ = (
    "Action",
    "Event",
    "IllegalAction",
    "InvalidOptions",
    "OptionSpec",
    "Prompt",
    "Result",
    "Engine",
    "event",
    "visible",
    "LANGS",
    "Presentation",
)

Action = dict[str, Any]
Event = dict[str, Any]

#: Languages every engine's presentation helpers speak.
LANGS = ("en", "nl")


class IllegalAction(Exception):
    """An action was refused; the state is untouched.

    ``code`` is a short machine-readable kind (``not_your_turn``, ``unknown_type``, ...);
    ``reason`` is a plain English explanation for logs and tests. ``params`` carries values the
    chat layer may interpolate into its own localised message.
    """

    def __init__(self, code: str, reason: str = "", **params: Any) -> None:
        super().__init__(f"{code}: {reason}" if reason else code)
        self.code = code
        self.reason = reason or code
        self.params = params


class InvalidOptions(ValueError):
    """The options given to ``start`` are malformed or out of range."""


def event(type_: str, *, to: list[int] | tuple[int, ...] | None = None, **fields: Any) -> Event:
    """Build an event; ``to`` restricts it to those seats (absent = public)."""
    ev: Event = {"type": type_, **fields}
    if to is not None:
        ev["to"] = sorted(set(to))
    return ev


def visible(ev: Event, seat: int | None) -> bool:
    """Whether ``seat`` (None = spectator) may see this event."""
    to = ev.get("to")
    return to is None or (seat is not None and seat in to)


@dataclass(frozen=True, slots=True)
class Prompt:
    """What a seat is asked to decide now.

    ``kind`` names the decision (``commit``, ``choose_tile`` ...); ``secret`` sends it by DM;
    ``data`` carries engine-specific details for presentation (never hidden data of others).
    """

    kind: str
    secret: bool = False
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Result:
    """Final standing.

    ``scores`` maps seat -> total; ``ranks`` seat -> rank (1 = best, ties share);
    ``winners`` the seats ranked first; ``tiebreak`` names what decided between equal scores
    (None if nothing was needed); ``details`` per seat breakdown by source; ``extra`` holds
    non-seat entries (e.g. the fictitious player of Battles & Builders).
    """

    scores: dict[int, int | float]
    ranks: dict[int, int]
    winners: list[int]
    tiebreak: str | None = None
    details: dict[int, dict[str, Any]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": {str(k): v for k, v in self.scores.items()},
            "ranks": {str(k): v for k, v in self.ranks.items()},
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
            "details": {str(k): v for k, v in self.details.items()},
            "extra": self.extra,
        }


def share_of_win(engine: Any, result: Result | None, seat: int) -> float:
    """The seat's share of the win: 1 when its side won alone, 1/k when k sides share first
    place, 0 otherwise. Teammates are one side (an engine's optional ``team_of(seat, players)``).
    What the AI benchmarks count, and what a finished game is worth to a search."""
    if result is None or seat not in result.winners:
        return 0.0
    team_of = getattr(engine, "team_of", None)
    players = len(result.ranks)
    sides = {team_of(s, players) if team_of else s for s in result.winners}
    return 1.0 / len(sides)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of ``/start``: its name, accepted values and default.

    ``kind`` is ``bool``, ``int`` or ``choice``; for ``choice`` the accepted values are
    ``choices``. ``help`` maps a language to a one-line description.
    """

    name: str
    kind: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: dict[str, str] = field(default_factory=dict)

    def parse(self, raw: str) -> Any:
        """Turn a typed value into the option's type, or raise InvalidOptions."""
        text = raw.strip().lower()
        if self.kind == "bool":
            if text in ("1", "true", "yes", "ja", "on"):
                return True
            if text in ("0", "false", "no", "nee", "off"):
                return False
            raise InvalidOptions(f"{self.name} must be true or false, not {raw!r}")
        if self.kind == "int":
            # bounded before conversion: no option needs more than nine digits
            if not re.fullmatch(r"[+-]?[0-9]{1,9}", text):
                raise InvalidOptions(f"{self.name} must be a whole number, not {raw!r}")
            return int(text)
        if self.kind == "choice":
            for choice in self.choices:
                if str(choice).lower() == text:
                    return choice
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptions(f"{self.name} must be one of {allowed}, not {raw!r}")
        raise InvalidOptions(f"{self.name}: unknown option kind {self.kind}")


@runtime_checkable
class Engine(Protocol):
    """The surface the bot, the tests and the benchmarks use; nothing else is reached into."""

    key: str  # short registry key, e.g. "battles_builders"
    names: dict[str, str]  # display name per language
    min_players: int
    max_players: int
    option_specs: tuple[OptionSpec, ...]  # options a player may set with /start

    # -- rules -----------------------------------------------------------------------------
    def start(self, players: int, options: dict[str, Any] | None = None, seed: int | None = None) -> Any:
        """A new game; raises InvalidOptions for bad options or player count."""

    def pending(self, state: Any) -> dict[int, Prompt]:
        """Who must act now; ``{}`` when the game is over.

        The dict is the caller's, but a prompt (and its ``data``) may be shared between calls and
        games, like the actions of ``legal``: nobody changes a prompt it was given."""

    def legal(self, state: Any, seat: int) -> list[Action]:
        """Every legal action of that seat in a stable order; ``[]`` when it need not act.

        The list is the caller's, but its action dicts may be shared between calls (engines build
        them once per position kind): nobody changes an action it was given, ``apply`` included."""

    def apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        """Validate then apply; raise IllegalAction leaving the state untouched.

        The events are new dicts, but the state may keep them (its latest moves, games/moves.py):
        nobody changes an event it was given."""

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What that seat (None = spectator) may see; JSON-serialisable."""

    def result(self, state: Any) -> Result | None:
        """Final scores and ranks once over, else None."""

    def dump(self, state: Any) -> dict[str, Any]:
        """Plain JSON form of the state."""

    def load(self, data: dict[str, Any]) -> Any:
        """Inverse of dump."""

    # Optional: ``opening_events(state) -> list[Event]`` for what ``start`` drew (deals, flips,
    # the first tile), since ``start`` returns only the state. The bot tells them like any events.
    # Optional: ``invitations(state) -> {seat: Prompt}`` for choices a seat may make without
    # blocking anyone (answering a trade offer, changing a hidden pick before the reveal); the
    # bot offers them like prompts.
    # Optional: ``tally(view, actions, lang) -> games.menus.Tally | None`` for decisions whose
    # actions differ only in how many of each kind of piece they take (chips to commit): a chat
    # offers the whole decision as one pick of pieces beside its step-by-step menu.
    # Optional, for engines whose actions invite answers (trade offers): ``invitation_types``, the
    # action types that may do so, and ``invited_this_turn(state) -> frozenset[int]``, the seats
    # the current turn's offers have addressed so far. With them an AI keeps its offers to people
    # few (games/ai/manners.py).
    # Optional: ``reveals(state, seat, action) -> bool | None``, whether that action of that seat
    # (``state`` is the state before it, never changed) shows anyone something they did not know:
    # a die, a draw from a bag or deck, other seats' hidden picks turned over. True or False where
    # the engine knows; None leaves it to the generic test of games/takeback.py, which redraws
    # the hidden parts with ``determinize`` and compares what each seat learns. A person may take
    # back their last action only when it revealed nothing, so an engine without the hook (and
    # without ``determinize``) offers no taking back. Each game's tests compare the hook with
    # the generic test on random positions.
    #
    # Optional hooks for search and AI players (games/ai):
    # ``clone(state) -> state``: an independent copy, cheap (no JSON round trip); applying to the
    # copy never touches the original, and ``dump(clone(s)) == dump(s)``.
    # ``determinize(state, seat, rng: random.Random) -> state``: a copy in which everything
    # ``seat`` cannot see is redrawn from ``rng`` consistently with what it can see (other hands,
    # bag contents and order, face-down coins, deck orders, other seats' uncommitted picks, and
    # the engine's own random generator, so future chance is unknown too). It is a function of
    # what the seat can see and of ``rng`` only: two states that look the same to ``seat`` give
    # equal copies for equally seeded ``rng`` (unseen things are gathered in a canonical order
    # before they are shuffled). ``seat=None`` redraws everything hidden from a spectator.
    # ``team_of(seat, players) -> int``: for games played in teams, the side a seat is on
    # (seats of one side win together; used to count wins).
    # A game's ``strategy`` module (``strategy_module = "games.<key>.strategy"``) holds its
    # ``normal`` AI: ``choose(engine, state, seat, rng) -> Action`` and ``evaluate(engine, state)
    # -> {seat: value in [0, 1]}`` (how well each seat's side stands, on one scale while the game
    # runs and once it is over: 1 for a win, also for each seat of a winning team, 0 for a loss, a
    # share for a shared end; a won game must never be worth less than a strong position). Both
    # receive a determinized state, so they cannot peek. An optional ``expert_module`` with the
    # same pair is what ``hard`` searches with (its playouts and first tries); without one it
    # searches with the ``normal`` heuristic. An optional ``search_confidence`` (standard errors)
    # keeps that policy's move unless the search's mean value for another is higher by so much:
    # for a game whose policy is strong and whose short searches are noisy. The module hard
    # searches with may also have ``guess_hidden(engine, world, seat, rng)``: in each determinized
    # world it redraws the hidden moves other seats have made as the policy would have made them
    # from what is public (the engine's ``determinize`` draws them uniformly).

    # -- platform-neutral presentation (text in the reader's language, a picture) -------------
    def action_path(self, view: dict[str, Any], action: Action, lang: str) -> list[str]:
        """Labels for choosing this action step by step (kind, then piece, then target).

        Actions sharing a prefix are grouped into one menu step; each label is short (<= 80). The
        view may carry the seats' ``names`` (a list) so labels name players ("rob bob").
        """

    def describe_event(self, ev: Event, lang: str, names: list[str], viewer: int | None = None) -> str | None:
        """One line for the channel or a DM; None for events not worth telling. ``viewer`` is the
        seat that reads it: the line names that seat in the second person ("You draw"); None for
        a line everyone reads."""

    def describe_prompt(self, view: dict[str, Any], prompt: Prompt, lang: str) -> str:
        """What the seat is asked, in a sentence (to that seat: "Choose ..."). The view may carry
        the seats' ``names`` so the sentence names players rather than numbering them."""

    def describe_move(self, move: dict[str, Any], lang: str, names: list[str]) -> str:
        """One of the view's ``moves`` (the latest public moves, oldest first, the same in every
        view: games/moves.py) in one line: the caption of the picture that marks it."""

    def status_lines(self, view: dict[str, Any], lang: str, names: list[str], viewer: int | None = None) -> list[str]:
        """Short lines summarising the public (or that seat's) view; ``viewer`` as for events."""

    def score_text(self, score: int | float, lang: str) -> str:
        """A score with its unit, for result lists: "6 locations controlled", "12 winstpunten"."""

    def rules_summary(self, lang: str) -> str:
        """The game in a paragraph (``/rules``, the terminal table), in the game's own terms."""

    def picture(self, view: dict[str, Any], lang: str, names: list[str]) -> bytes | None:
        """A PNG of the board for this view, or None if the game has none."""

    def describe_refusal(self, exc: IllegalAction, lang: str) -> str | None:
        """Why an action was refused, naming the rule, in the reader's language (None = the
        engine's plain English reason)."""

    def private_lines(self, view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
        """What only the viewing seat sees (its hand, bag, secret pick), in lines for its own
        message; ``[]`` for the public view. Everything else is the table's to show."""

    def choice_label(self, view: dict[str, Any], action: Action, lang: str) -> str:
        """The action named once, for the answer that confirms it ("Build › road › path 10-14"):
        its menu path without the steps that only lead through the menu."""

    def own_action_echo(self, ev: Event) -> bool:
        """Whether a private event only restates its reader's own action ("You chose: X"): the
        answer to that reader's press names the action already."""

    def score_parts(self, details: dict[str, Any], lang: str) -> list[tuple[str, int | float]]:
        """One seat's final score by source as the rules count them, from ``Result.details``:
        (label, points) in the rules' order, every part listed."""

    def result_notes(self, result: Result, lang: str, names: list[str]) -> list[str]:
        """How the game ended and what decided between equal scores, in sentences."""

    # Optional: ``board_lines(view, lang, names)`` and ``map_lines(view, lang)``, what stands where
    # and the board's geometry in text, for a table without pictures (Presentation reads them from
    # the game's text module when it has them); ``map_shows_pieces`` when the map draws both.


class Presentation:
    """The presentation half of the protocol, read from a game's ``text`` and ``picture`` modules.

    An engine names them (``text_module = "games.<key>.text"``); each is imported when first
    used, so Pillow is loaded only when a picture is asked for.
    """

    text_module: str
    picture_module: str

    def action_path(self, view: dict[str, Any], action: Action, lang: str) -> list[str]:
        return import_module(self.text_module).action_path(view, action, lang)

    def describe_event(self, ev: Event, lang: str, names: list[str], viewer: int | None = None) -> str | None:
        return import_module(self.text_module).describe_event(ev, lang, names, viewer)

    def describe_prompt(self, view: dict[str, Any], prompt: Prompt, lang: str) -> str:
        return import_module(self.text_module).describe_prompt(view, prompt, lang)

    def describe_move(self, move: dict[str, Any], lang: str, names: list[str]) -> str:
        """One of the view's ``moves`` (games/moves.py) in a line everyone may read: the caption
        of the picture that marks it."""
        return import_module(self.text_module).describe_move(move, lang, names)

    def status_lines(self, view: dict[str, Any], lang: str, names: list[str], viewer: int | None = None) -> list[str]:
        return import_module(self.text_module).status_lines(view, lang, names, viewer)

    def score_text(self, score: int | float, lang: str) -> str:
        return import_module(self.text_module).score_text(score, lang)

    def rules_summary(self, lang: str) -> str:
        return import_module(self.text_module).rules_summary(lang)

    def private_lines(self, view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
        return import_module(self.text_module).private_lines(view, lang, names)

    def choice_label(self, view: dict[str, Any], action: Action, lang: str) -> str:
        text = import_module(self.text_module)
        if hasattr(text, "choice_label"):
            return text.choice_label(view, action, lang)
        return " › ".join(text.action_path(view, action, lang))

    def own_action_echo(self, ev: Event) -> bool:
        return ev.get("type") in getattr(import_module(self.text_module), "OWN_ACTION_ECHOES", ())

    def score_parts(self, details: dict[str, Any], lang: str) -> list[tuple[str, int | float]]:
        return import_module(self.text_module).score_parts(details, lang)

    def result_notes(self, result: Result, lang: str, names: list[str]) -> list[str]:
        return import_module(self.text_module).result_notes(result, lang, names)

    def picture(self, view: dict[str, Any], lang: str, names: list[str]) -> bytes | None:
        return import_module(self.picture_module).render(view, lang, names)

    def picture_image(self, view: dict[str, Any], lang: str, names: list[str], *, shades: int | None = None) -> Any:
        """The same picture as a Pillow image, unencoded (a replay makes it a GIF frame); ``shades``
        as in ``games.scene_png.image``."""
        scene = import_module(self.picture_module).scene(view, lang, names)
        return import_module("games.scene_png").image(scene, shades=shades)

    def describe_refusal(self, exc: IllegalAction, lang: str) -> str | None:
        describe = getattr(import_module(self.text_module), "describe_refusal", None)
        return describe(exc, lang) if describe is not None else None

    def board_lines(self, view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
        """What stands where on the board, in text, for a table without pictures (the terminal);
        ``[]`` for a game whose status lines say it all. From the public view."""
        lines = getattr(import_module(self.text_module), "board_lines", None)
        return lines(view, lang, names) if lines is not None else []

    def map_lines(self, view: dict[str, Any], lang: str) -> list[str]:
        """The board's geometry in text (which spaces lie next to which), ``[]`` if none; the view
        may carry the seats' ``names``."""
        lines = getattr(import_module(self.text_module), "map_lines", None)
        return lines(view, lang) if lines is not None else []

    @property
    def map_shows_pieces(self) -> bool:
        """Whether ``map_lines`` draws what stands where as well, so the listing need not follow it."""
        return bool(getattr(import_module(self.text_module), "MAP_SHOWS_PIECES", False))

"""A table in the terminal: every game, AI seats, hot-seat for several people, save and resume.

    python -m games play GAME [--players N] [--ai LEVEL ...] [--seed S] [--lang nl|en] [--save FILE]
                              [--option NAME=VALUE] [--picture FILE] [--budget-ms MS]

People take the first seats, AI seats the rest. Each turn shows the public status, the seat's
own view and its legal actions numbered, grouped step by step exactly like the menus in
Discord. With several people at one keyboard, a secret choice waits until the right person has
the keyboard, and each person reads only the private lines meant for them. ``--save FILE`` keeps
the game (seed, options and the action log) after every action and resumes it when the file
exists. The I/O lives here, at the edge: the engines stay pure.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from games import ai, menus, registry
from games.ai.match import next_actor
from games.core import Action, Engine, Event, OptionSpec, visible

WORDS = {
    "en": {
        "turn": "— {name} —",
        "pass": "Pass the keyboard to {name} and press Enter.",
        "choose": "Choose a number",
        "back": "b = back, s = status, q = save and quit",
        "bad": "Type one of the numbers shown.",
        "ai": "{name} chooses: {action}",
        "over": "The game is over.",
        "score": "{rank}. {name}: {score}",
        "saved": "Saved to {path}.",
        "resumed": "Resumed {count} actions from {path}.",
        "bye": "Stopped.",
        "you": "You",
        "player": "Player {n}",
        "picture": "(board: {path})",
    },
    "nl": {
        "turn": "— {name} —",
        "pass": "Geef het toetsenbord aan {name} en druk op Enter.",
        "choose": "Kies een nummer",
        "back": "b = terug, s = stand, q = bewaren en stoppen",
        "bad": "Typ een van de getoonde nummers.",
        "ai": "{name} kiest: {action}",
        "over": "Het spel is afgelopen.",
        "score": "{rank}. {name}: {score}",
        "saved": "Bewaard in {path}.",
        "resumed": "{count} acties hervat uit {path}.",
        "bye": "Gestopt.",
        "you": "Jij",
        "player": "Speler {n}",
        "picture": "(bord: {path})",
    },
}
# the answers besides a number, as a player may type them in either language
_QUIT = {"q", "quit", "exit", "stop", "stoppen"}
_STATUS = {"s", "status", "stand"}
_BACK = {"b", "back", "terug"}


class Quit(Exception):
    """The person at the keyboard stopped (q, or the input ended)."""


@dataclass
class Setup:
    game: str
    players: int
    ai: list[str]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    lang: str = "en"
    log: list[tuple[int, Action]] = field(default_factory=list)

    @property
    def humans(self) -> int:
        return self.players - len(self.ai)

    def level(self, seat: int) -> str | None:
        return self.ai[seat - self.humans] if seat >= self.humans else None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "ai": self.ai,
            "seed": self.seed,
            "options": self.options,
            "lang": self.lang,
            "log": [[seat, action] for seat, action in self.log],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        return cls(
            data["game"],
            int(data["players"]),
            list(data["ai"]),
            int(data["seed"]),
            dict(data.get("options") or {}),
            data.get("lang", "en"),
            [(int(seat), action) for seat, action in data.get("log", [])],
        )


def parse_options(engine: Engine, pairs: list[str]) -> dict[str, Any]:
    """``name=value`` pairs checked against the game's option specs."""
    specs: dict[str, OptionSpec] = {spec.name: spec for spec in engine.option_specs}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, _, raw = pair.partition("=")
        if name not in specs:
            known = ", ".join(specs) or "none"
            raise ValueError(f"unknown option {name!r} for {engine.key} (options: {known})")
        out[name] = specs[name].parse(raw)
    return out


class Console:
    def __init__(
        self,
        setup: Setup,
        *,
        read: Callable[[], str] | None = None,
        out: IO[str] | None = None,
        save: Path | None = None,
        budget_ms: int = 1000,
        iterations: int | None = None,
        echo: bool = False,
        picture: Path | None = None,
    ) -> None:
        self.picture_to = picture
        self.setup = setup
        self.echo = echo  # print what was read (input from a pipe is not shown by a terminal)
        self.engine = registry.get(setup.game)
        self.words = WORDS[setup.lang]
        self._read = read or _stdin_line
        self.out = out or sys.stdout
        self.save_to = save
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.names = self._names()
        self.state = self.engine.start(setup.players, dict(setup.options), setup.seed)
        for seat, action in setup.log:  # resume: the log replays to the same position
            self.engine.apply(self.state, seat, action)
        self.at_keyboard: int | None = None  # the person last handed the keyboard

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the end (0) or until the person stops (1)."""
        if self.setup.log and self.save_to is not None:
            self.say(self.words["resumed"].format(count=len(self.setup.log), path=self.save_to))
        if not self.setup.log:
            opening = getattr(self.engine, "opening_events", None)
            self.tell(opening(self.state) if opening else [], actor=None)
        try:
            while (seat := next_actor(self.engine, self.state)) is not None:
                level = self.setup.level(seat)
                action = self.human(seat) if level is None else self.machine(seat, level)
                self.act(seat, action)
        except Quit:
            self.save()
            self.say(self.words["bye"])
            return 1
        self.finish()
        return 0

    def act(self, seat: int, action: Action) -> None:
        secret = self._secret(seat)
        label = " › ".join(self.engine.action_path(self._named_view(seat), action, self.setup.lang))
        events = self.engine.apply(self.state, seat, action)
        self.setup.log.append((seat, action))
        self.save()
        if not self.tell(events, actor=seat) and self.setup.level(seat) is not None and not secret:
            self.say(self.words["ai"].format(name=self.names[seat], action=label))  # nothing else tells it

    def machine(self, seat: int, level: str) -> Action:
        seed = self.setup.seed * 1_000_003 + len(self.setup.log)
        return ai.decide(
            self.engine, self.state, seat, level, seed=seed, budget_ms=self.budget_ms, iterations=self.iterations
        )

    def human(self, seat: int) -> Action:
        lang = self.setup.lang
        if self.setup.humans > 1 and self.at_keyboard != seat and self._secret(seat):
            self.say(self.words["pass"].format(name=self.names[seat]))
            self.ask()
        self.at_keyboard = seat
        self.say(self.words["turn"].format(name=self.names[seat]))
        self.show(seat)
        self.draw(seat)
        menu = menus.Menu(self.engine, self._named_view(seat), self.engine.legal(self.state, seat), lang)
        path: list[str] = []
        while True:
            step = menu.resolve(path)
            if step is None:  # cannot happen for paths built here; start over to be safe
                path = []
                continue
            if not isinstance(step, menus.Step):
                return step
            if step.chosen:
                self.say("› " + " › ".join(step.chosen))
            for n, option in enumerate(step.options, 1):
                self.say(f"  {n:>2}. {option.label}")
            answer = self.ask(f"{self.words['choose']} ({self.words['back']}): ").strip().lower()
            if answer in _QUIT:
                raise Quit
            if answer in _STATUS:
                self.show(seat)
            elif answer in _BACK:
                path = path[:-1]
            elif answer.isdigit() and 1 <= int(answer) <= len(step.options):
                path = step.options[int(answer) - 1].path
            else:
                self.say(self.words["bad"])

    # -- what is shown -------------------------------------------------------------------------
    def show(self, seat: int) -> None:
        lang = self.setup.lang
        # the person at the keyboard reads it: texts name their seat "you"
        public = self.engine.status_lines(self.engine.view(self.state, None), lang, self.names, seat)
        for line in public:
            self.say(line)
        mine = self.engine.view(self.state, seat)
        for line in self.engine.status_lines(mine, lang, self.names, seat):
            if line not in public:
                self.say("  " + line)
        prompts = {**getattr(self.engine, "invitations", lambda s: {})(self.state), **self.engine.pending(self.state)}
        if seat in prompts:
            self.say(self.engine.describe_prompt({**mine, "names": self.names}, prompts[seat], lang))

    def draw(self, seat: int) -> None:
        """The board as this seat sees it, written to ``--picture FILE`` for an image viewer."""
        if self.picture_to is None:
            return
        png = self.engine.picture(self.engine.view(self.state, seat), self.setup.lang, self.names)
        if png:
            self.picture_to.write_bytes(png)
            self.say(self.words["picture"].format(path=self.picture_to))

    def tell(self, events: list[Event], actor: int | None) -> int:
        """Public events for everybody; private ones only when one person plays, or to the person
        who just acted (at a shared keyboard nobody else should read them)."""
        person = (
            0 if self.setup.humans == 1 else (actor if actor is not None and self.setup.level(actor) is None else None)
        )
        told = 0
        for ev in events:
            if not (visible(ev, None) or (person is not None and visible(ev, person))):
                continue
            # one person at the keyboard reads every line as "you"; at a shared keyboard the public
            # lines name everyone, the private ones speak to the person they belong to
            viewer = person if self.setup.humans == 1 or not visible(ev, None) else None
            line = self.engine.describe_event(ev, self.setup.lang, self.names, viewer)
            if line:
                self.say(line)
                told += 1
        return told

    def finish(self) -> None:
        self.say(self.words["over"])
        result = self.engine.result(self.state)
        if result is None:
            return
        for seat in sorted(result.ranks, key=lambda s: (result.ranks[s], s)):
            self.say(
                self.words["score"].format(
                    rank=result.ranks[seat],
                    name=self.names[seat],
                    score=self.engine.score_text(result.scores[seat], self.setup.lang),
                )
            )

    # -- plumbing ------------------------------------------------------------------------------
    def _named_view(self, seat: int) -> dict[str, Any]:
        """The seat's view with the seats' names, so menus name players rather than number them."""
        return {**self.engine.view(self.state, seat), "names": self.names}

    def _secret(self, seat: int) -> bool:
        prompt = self.engine.pending(self.state).get(seat)
        return prompt is not None and prompt.secret

    def _names(self) -> list[str]:
        s = self.setup
        if s.humans == 1:
            people = [self.words["you"]]
        else:
            people = [self.words["player"].format(n=i + 1) for i in range(s.humans)]
        bots = [f"{ai.NAMES[i % len(ai.NAMES)]} (AI, {level})" for i, level in enumerate(s.ai)]
        return people + bots

    def save(self) -> None:
        if self.save_to is not None:
            self.save_to.write_text(json.dumps(self.setup.to_json()), encoding="utf-8")

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def ask(self, prompt: str = "") -> str:
        if prompt:
            print(prompt, end="", file=self.out, flush=True)
        line = self._read()
        if self.echo:
            print(line.rstrip("\n"), file=self.out, flush=True)
        return line


def _stdin_line() -> str:
    line = sys.stdin.readline()
    if not line:
        raise Quit
    return line

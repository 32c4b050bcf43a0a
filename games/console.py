"""A table in the terminal: every game, AI seats, hot-seat for several people, save and resume.

    python -m games play GAME [--players N] [--ai LEVEL ...] [--seed S] [--lang nl|en] [--save FILE]
                              [--option NAME=VALUE] [--picture FILE] [--budget-ms MS]

People take the first seats, AI seats the rest. Each turn shows the public status, what stands
where on the board (games with a board listing), the seat's own view and its legal actions
numbered, grouped step by step exactly like the menus in Discord. With several people at one
keyboard, every change of person is a hand-over: the screen is cleared and the picture file
redrawn to the public view before the next person is asked to sit down, so nobody reads what
was meant for someone else. ``--save FILE`` keeps the game (seed, options and the action log)
after every action and resumes it when the file exists; ``q``, Ctrl-C and the end of the input
keep it too (in a new file beside you when no ``--save`` was given) and say how to resume: the
command as it was typed, with ``--save`` added when it had none.
The I/O lives here, at the edge: the engines stay pure.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import tempfile
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from games import ai, menus, registry, save_file, takeback
from games.ai.match import next_actor
from games.core import Action, Engine, Event, IllegalAction, InvalidOptions, OptionSpec, visible
from games.json_file import DamagedFile
from games.rules_summary import SUMMARIES

WORDS = {
    "en": {
        "turn": "— {name} —",
        "pass": "Pass the keyboard to {name} and press Enter.",
        "choose": "Choose a number",
        "back": "b = back, u = take back, s = status, r = rules, q = save and quit",
        "back_map": "b = back, u = take back, s = status, m = map, r = rules, q = save and quit",
        "bad": "Type one of the numbers shown.",
        "ai": "{name} chooses: {action}",
        "over": "The game is over.",
        "score": "{rank}. {name}: {score}",
        "saved": "Saved to {path}.",
        "resume": "To go on later: {command}",
        "not_saved": "Could not save to {path}: {reason}",
        "not_kept": "Nothing is kept.",
        "resumed": "Resumed {count} actions from {path}.",
        "ignored": "{path} holds a saved game, which goes on as saved; ignored: {args}.",
        "ignored_arg": "{arg} (the saved game: {saved})",
        "ai_added": "{game} needs {players} seats: {count} more AI player joins ({level}).",
        "ai_added_many": "{game} needs {players} seats: {count} more AI players join ({level}).",
        "rules": "Rules of {game} (a summary; the rulebook has every detail):",
        "options": "Options (--option NAME=VALUE when starting):",
        "bye": "Stopped.",
        "you": "You",
        "player": "Player {n}",
        "picture": "(board: {path})",
        "took_back": "↶ {name} took back: {action}",
        "took_back_hidden": "↶ {name} took back a hidden choice.",
        "takeback_none": "You have made no move to take back.",
        "takeback_acted": "Someone else has acted since your last move, so it stands.",
        "takeback_revealed": "Your last move showed something new (a die, a draw, hidden choices), "
        "so it cannot be taken back.",
    },
    "nl": {
        "turn": "— {name} —",
        "pass": "Geef het toetsenbord aan {name} en druk op Enter.",
        "choose": "Kies een nummer",
        "back": "b = terug, u = terugnemen, s = stand, r = regels, q = bewaren en stoppen",
        "back_map": "b = terug, u = terugnemen, s = stand, m = kaart, r = regels, q = bewaren en stoppen",
        "bad": "Typ een van de getoonde nummers.",
        "ai": "{name} kiest: {action}",
        "over": "Het spel is afgelopen.",
        "score": "{rank}. {name}: {score}",
        "saved": "Bewaard in {path}.",
        "resume": "Later verder spelen: {command}",
        "not_saved": "Kon niet bewaren in {path}: {reason}",
        "not_kept": "Er wordt niets bewaard.",
        "resumed": "{count} acties hervat uit {path}.",
        "ignored": "{path} bevat een bewaard spel, dat verder gaat zoals bewaard; genegeerd: {args}.",
        "ignored_arg": "{arg} (het bewaarde spel: {saved})",
        "ai_added": "{game} heeft {players} plaatsen nodig: er komt {count} AI-speler bij ({level}).",
        "ai_added_many": "{game} heeft {players} plaatsen nodig: er komen {count} AI-spelers bij ({level}).",
        "rules": "Regels van {game} (een samenvatting; het regelboek heeft elk detail):",
        "options": "Opties (--option NAAM=WAARDE bij het starten):",
        "bye": "Gestopt.",
        "you": "Jij",
        "player": "Speler {n}",
        "picture": "(bord: {path})",
        "took_back": "↶ {name} nam terug: {action}",
        "took_back_hidden": "↶ {name} nam een geheime keuze terug.",
        "takeback_none": "Je hebt geen zet om terug te nemen.",
        "takeback_acted": "Iemand anders heeft na je laatste zet al gespeeld, dus die blijft staan.",
        "takeback_revealed": "Je laatste zet liet iets nieuws zien (een worp, een trekking, geheime keuzes), "
        "dus die kan niet worden teruggenomen.",
    },
}
# the answers besides a number, as a player may type them in either language
_QUIT = {"q", "quit", "exit", "stop", "stoppen"}
_STATUS = {"s", "status", "stand"}
_BACK = {"b", "back", "terug"}
_RULES = {"r", "rules", "regels"}
_MAP = {"m", "map", "kaart"}
_TAKE_BACK = {"u", "undo", "terugnemen"}

#: Clears the screen at a hand-over: blank lines push everything out of sight on a terminal that
#: ignores escape codes, then cursor home, clear screen, clear the scroll-back buffer.
CLEAR = "\n" * 100 + "\x1b[H\x1b[2J\x1b[3J"


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
            "format": save_file.FORMAT,
            "game": self.game,
            "players": self.players,
            "ai": self.ai,
            "seed": self.seed,
            "options": self.options,
            "lang": self.lang,
            "log": [[seat, action] for seat, action in self.log],
        }

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        """A saved game, checked against its schema (games/save_file.py): DamagedFile if not."""
        saved = save_file.parse(data)
        return cls(
            saved.game,
            saved.players,
            list(saved.ai),
            saved.seed,
            dict(saved.options),
            saved.lang,
            [(seat, dict(action)) for seat, action in saved.log],
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


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``: a crash
    or a kill leaves the old file or the new one, never half of one (nor half a picture in an
    image viewer)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # as an ordinary new file (mkstemp makes it private)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def free_save_path(folder: Path, game: str) -> Path:
    """``speltafel-GAME.json`` in ``folder``, numbered when that name is taken by an earlier game."""
    path = folder / f"speltafel-{game}.json"
    n = 2
    while path.exists():
        path = folder / f"speltafel-{game}-{n}.json"
        n += 1
    return path


class Console:
    def __init__(
        self,
        setup: Setup,
        *,
        read: Callable[[], str] | None = None,
        out: IO[str] | None = None,
        save: Path | None = None,
        keep_dir: Path | None = None,
        budget_ms: int = 1000,
        iterations: int | None = None,
        echo: bool = False,
        picture: Path | None = None,
        command: list[str] | None = None,
    ) -> None:
        """``save``: the file kept after every action (``--save``); ``keep_dir``: where a game
        stopped without ``--save`` is kept (None: nothing is kept); ``command``: the arguments
        as typed after ``python -m games``, repeated by the hint that says how to go on. A saved
        log that does not replay raises DamagedFile."""
        self.picture_to = picture
        self.command = command
        self.save_given = save is not None
        self.setup = setup
        self.echo = echo  # print what was read (input from a pipe is not shown by a terminal)
        self.engine = registry.get(setup.game)
        self.words = WORDS[setup.lang]
        self._read = read or _stdin_line
        self.out = out or sys.stdout
        self.save_to = save
        self.keep_dir = keep_dir
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.names = self._names()
        try:
            self.state = self.engine.start(setup.players, dict(setup.options), setup.seed)
        except InvalidOptions as exc:
            raise DamagedFile(f"options: {exc}") from None
        for i, (seat, action) in enumerate(setup.log):  # resume: the log replays to the same position
            try:
                self.engine.apply(self.state, seat, action)
            except IllegalAction as exc:
                raise DamagedFile(f"log[{i}] cannot be played there: {exc}") from None
        self.at_keyboard: int | None = None  # the person last handed the keyboard
        self.recent: list[str] = []  # public lines since the person at the keyboard began

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the end (0) or until the person stops (1: q, Ctrl-C or the end of input)."""
        try:
            if self.setup.log and self.save_to is not None:
                self.say(self.words["resumed"].format(count=len(self.setup.log), path=self.save_to))
            if not self.setup.log:
                opening = getattr(self.engine, "opening_events", None)
                self.tell(opening(self.state) if opening else [], actor=None)
            if self.setup.humans and getattr(self.engine, "map_lines", None):
                self.board_map(listing=False)  # the lay of the board once; m shows it again
            while (seat := next_actor(self.engine, self.state)) is not None:
                level = self.setup.level(seat)
                action = self.human(seat) if level is None else self.machine(seat, level)
                self.act(seat, action)
        except (Quit, KeyboardInterrupt) as stop:
            if isinstance(stop, KeyboardInterrupt):
                self.say("")  # Ctrl-C leaves the cursor behind "^C"
            self.keep()
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
            self.say_public(self.words["ai"].format(name=self.names[seat], action=label))  # nothing else tells it

    def machine(self, seat: int, level: str) -> Action:
        seed = self.setup.seed * 1_000_003 + len(self.setup.log)
        return ai.decide(
            self.engine,
            self.state,
            seat,
            level,
            seed=seed,
            budget_ms=self.budget_ms,
            iterations=self.iterations,
            people=range(self.setup.humans),  # the person at the keyboard gets few offers
        )

    def human(self, seat: int) -> Action:
        if self.setup.humans > 1 and self.at_keyboard != seat:
            self.hand_over(seat)
        self.at_keyboard = seat
        self.recent = []
        self.say(self.words["turn"].format(name=self.names[seat]))
        while True:
            self.show(seat)
            self.draw(seat)
            action = self.choose(seat)
            if action is not None:
                return action
            # a move was taken back: the seat decides again, on the game as it was before it

    def choose(self, seat: int) -> Action | None:
        """The seat's decision through the menus; None when it took back its last move instead."""
        lang = self.setup.lang
        menu = menus.Menu(self.engine, self._named_view(seat), self.engine.legal(self.state, seat), lang)
        keys = self.words["back_map" if self._board_lines() else "back"]
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
            answer = self.ask(f"{self.words['choose']} ({keys}): ").strip().lower()
            if answer in _QUIT:
                raise Quit
            if answer in _STATUS:
                self.show(seat)
            elif answer in _RULES:
                self.rules()
            elif answer in _MAP:
                self.board_map()
            elif answer in _BACK:
                path = path[:-1]
            elif answer in _TAKE_BACK:
                if self.take_back(seat):
                    return None
            elif answer.isdigit() and 1 <= int(answer) <= len(step.options):
                path = step.options[int(answer) - 1].path
            else:
                self.say(self.words["bad"])

    def take_back(self, seat: int) -> bool:
        """``u``: the seat's own last move is taken back, if nobody else (no AI) has acted since and
        it showed nothing new (games/takeback.py); the game goes back to just before it, and the
        saved file with it. Otherwise the person is told why not. Returns whether it went back."""
        log = self.setup.log
        if not log:
            self.say(self.words["takeback_none"])
            return False
        last, action = log[-1]
        if last != seat:
            self.say(self.words["takeback_acted"])
            return False
        s = self.setup
        before = takeback.replayed(self.engine, s.players, s.options, s.seed, log[:-1])
        if takeback.reveals(self.engine, before, seat, action, players=s.players, seed=len(log)):
            self.say(self.words["takeback_revealed"])
            return False
        name = self.names[seat]
        if takeback.shown_publicly(self.engine, before, seat, action):
            view = {**self.engine.view(before, seat), "names": self.names}
            label = " › ".join(self.engine.action_path(view, action, s.lang))
            line = self.words["took_back"].format(name=name, action=label)
        else:
            line = self.words["took_back_hidden"].format(name=name)
        self.state = before
        log.pop()
        self.save()
        self.say_public(line)
        return True

    def hand_over(self, seat: int) -> None:
        """A new person sits down: what the last one saw (their hand, their secret pick) leaves
        the screen and the picture file first; then the public lines since are told again."""
        shown = self.at_keyboard is not None
        if shown:
            self.picture(None)
            print(CLEAR, end="", file=self.out, flush=True)
        self.say(self.words["pass"].format(name=self.names[seat]))
        self.ask()
        if shown:
            for line in self.recent:
                self.say(line)

    # -- what is shown -------------------------------------------------------------------------
    def show(self, seat: int) -> None:
        lang = self.setup.lang
        # the person at the keyboard reads it: texts name their seat "you"
        public_view = self.engine.view(self.state, None)
        public = self.engine.status_lines(public_view, lang, self.names, seat)
        for line in public:
            self.say(line)
        for line in self._board_lines():
            self.say(line)
        mine = self.engine.view(self.state, seat)
        for line in self.engine.status_lines(mine, lang, self.names, seat):
            if line not in public:
                self.say("  " + line)
        prompts = {**getattr(self.engine, "invitations", lambda s: {})(self.state), **self.engine.pending(self.state)}
        if seat in prompts:
            self.say(self.engine.describe_prompt({**mine, "names": self.names}, prompts[seat], lang))

    def board_map(self, listing: bool = True) -> None:
        """The board's geometry (which spaces lie around which) and what stands where: a drawing
        that holds the pieces too is not followed by the listing."""
        mapping = getattr(self.engine, "map_lines", None)
        view = {**self.engine.view(self.state, None), "names": self.names}
        for line in mapping(view, self.setup.lang) if mapping else []:
            self.say(line)
        if listing and not getattr(self.engine, "map_shows_pieces", False):
            for line in self._board_lines():
                self.say(line)

    def rules(self) -> None:
        """The game's rules summary, the same one /rules gives in Discord, and its options."""
        lang = self.setup.lang
        name = self.engine.names.get(lang) or self.engine.names["en"]
        self.say(self.words["rules"].format(game=name))
        summary = SUMMARIES.get(self.engine.key, {}).get(lang, "")
        for line in textwrap.wrap(summary, width=96):
            self.say("  " + line)
        if self.engine.option_specs:
            self.say(self.words["options"])
            for spec in self.engine.option_specs:
                chosen = self.setup.options.get(spec.name, spec.default)
                self.say(f"  {spec.name}={chosen}: {spec.help.get(lang) or spec.help.get('en', '')}")

    def draw(self, seat: int) -> None:
        """The board as this seat sees it, written to ``--picture FILE`` for an image viewer."""
        if self.picture(seat):
            self.say(self.words["picture"].format(path=self.picture_to))

    def picture(self, seat: int | None) -> bool:
        if self.picture_to is None:
            return False
        png = self.engine.picture(self.engine.view(self.state, seat), self.setup.lang, self.names)
        if not png:
            return False
        write_atomically(self.picture_to, png)
        return True

    def tell(self, events: list[Event], actor: int | None) -> int:
        """Public events for everybody; private ones only when one person plays, or to the person
        who just acted (at a shared keyboard nobody else should read them)."""
        person = (
            0 if self.setup.humans == 1 else (actor if actor is not None and self.setup.level(actor) is None else None)
        )
        told = 0
        for ev in events:
            public = visible(ev, None)
            if not (public or (person is not None and visible(ev, person))):
                continue
            # one person at the keyboard reads every line as "you"; at a shared keyboard the public
            # lines name everyone, the private ones speak to the person they belong to
            viewer = person if self.setup.humans == 1 or not visible(ev, None) else None
            line = self.engine.describe_event(ev, self.setup.lang, self.names, viewer)
            if line:
                (self.say_public if public else self.say)(line)
                told += 1
        return told

    def finish(self) -> None:
        self.picture(0 if self.setup.humans == 1 else None)
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
    def _board_lines(self) -> list[str]:
        lines = getattr(self.engine, "board_lines", None)
        return lines(self.engine.view(self.state, None), self.setup.lang, self.names) if lines else []

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

    def save(self) -> bool:
        """Keep the game in ``--save FILE`` (after every action); False if that failed."""
        if self.save_to is None:
            return False
        try:
            write_atomically(self.save_to, json.dumps(self.setup.to_json()).encode())
        except OSError as exc:
            self.say(self.words["not_saved"].format(path=self.save_to, reason=exc.strerror or exc))
            return False
        return True

    def keep(self) -> None:
        """On stopping: the game kept in ``--save FILE``, or in a new file in ``keep_dir``, and
        the command that goes on with it."""
        if self.save_to is None and self.keep_dir is not None:
            self.save_to = free_save_path(self.keep_dir, self.setup.game)
        if self.save_to is None:
            self.say(self.words["not_kept"])
            return
        if not self.save():
            return
        self.say(self.words["saved"].format(path=self.save_to))
        self.say(self.words["resume"].format(command=self.resume_command()))

    def resume_command(self) -> str:
        """The command that goes on with the kept game: this Python and the arguments as they
        were typed, with ``--save FILE`` added when the game was kept in a new file."""
        args = list(self.command) if self.command is not None else ["play", self.setup.game]
        if self.command is None or not self.save_given:
            args += ["--save", str(self.save_to)]
        return shlex.join([sys.executable, "-m", "games", *args])

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def say_public(self, line: str) -> None:
        """A line anybody may read: told again to the next person after a hand-over."""
        if self.setup.humans > 1:
            self.recent.append(line)
        self.say(line)

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

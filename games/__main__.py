"""``python -m games play GAME ...``: a game at the terminal (see games/console.py);
``python -m games replay FILE``: an exported game played back (see games/replay.py).

Exit codes: 0 done (the replay rebuilt the export exactly), 1 stopped before the end (the replay
differs from the export), 2 a bad argument or a damaged file, told in one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from games import ai, json_file, registry
from games.console import WORDS, Console, Setup, parse_options
from games.export_file import player_counts
from games.json_file import DamagedFile

DEFAULT_SEED = 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description="Play a game at the terminal.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game: people first, then AI seats")
    play.add_argument("game", choices=sorted(registry.ENGINES), help="which game")
    play.add_argument(
        "--players",
        type=int,
        help="seats in all, people first (default: you and the AI seats, with more AI seats if the game needs them; "
        "without --ai the fewest the game allows, all people at one keyboard)",
    )
    play.add_argument(
        "--ai",
        nargs="*",
        default=[],
        choices=ai.LEVELS,
        metavar="LEVEL",
        help="one AI seat per level given: easy, normal or hard",
    )
    play.add_argument("--seed", type=int, help=f"the game's random seed (default {DEFAULT_SEED})")
    play.add_argument("--lang", choices=("en", "nl"), help="the table's language (default en)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option, repeatable")
    play.add_argument("--save", type=Path, metavar="FILE", help="keep the game in FILE; resume it when FILE exists")
    play.add_argument("--picture", type=Path, metavar="FILE", help="write the board as you see it to this PNG")
    play.add_argument("--budget-ms", type=int, default=1000, help="thinking time of a hard AI per decision")
    replay = sub.add_parser("replay", help="play back a game exported with /export")
    replay.add_argument("file", type=Path, help="the exported JSON file")
    replay.add_argument("--lang", choices=("en", "nl"), default="en")
    typed = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(typed)

    if args.command == "replay":
        return replay_file(args.file, args.lang)

    if args.save is not None and args.save.exists():
        try:
            setup = Setup.from_json(read_json(args.save))
            table = console(args, setup, typed)
        except DamagedFile as exc:
            print(f"cannot resume {args.save}: {exc}", file=sys.stderr)
            return 2
        except Exception as exc:  # an engine tripping over a hand-made action: still one line
            print(f"cannot resume {args.save}: its log cannot be played ({_one_line(exc)})", file=sys.stderr)
            return 2
        if ignored := ignored_arguments(args, setup):
            table.say(WORDS[setup.lang]["ignored"].format(path=args.save, args="; ".join(ignored)))
        return table.run()

    engine = registry.get(args.game)
    counts = player_counts(args.game)
    players, levels, added = seating(args)
    lang = args.lang or "en"
    if players not in counts:
        parser.error(f"{args.game} is played by {', '.join(map(str, counts))} players")
    if len(levels) > players:
        parser.error(f"{len(levels)} AI seats do not fit at a table of {players}")
    try:
        options = parse_options(engine, args.option)
    except ValueError as exc:
        parser.error(str(exc))
    seed = DEFAULT_SEED if args.seed is None else args.seed
    table = console(args, Setup(args.game, players, levels, seed, options, lang), typed)
    if added:
        words = WORDS[lang]
        table.say(
            words["ai_added" if added == 1 else "ai_added_many"].format(
                game=engine.names.get(lang) or engine.names["en"], players=players, count=added, level=levels[-1]
            )
        )
    return table.run()


def seating(args: argparse.Namespace) -> tuple[int, list[str], int]:
    """Seats in all, the AI seats' levels, and how many AI seats were added because the game
    needs more players than were asked for."""
    counts = player_counts(args.game)
    levels = list(args.ai)
    if args.players is not None:
        return args.players, levels, 0
    if levels:  # you and the AI seats, and more AI seats if the game needs them
        players = next((n for n in counts if n >= 1 + len(levels)), counts[-1])
        added = max(0, players - 1 - len(levels))
        return players, levels + [levels[-1]] * added, added
    return counts[0], levels, 0  # everybody at one keyboard


def console(args: argparse.Namespace, setup: Setup, typed: list[str]) -> Console:
    return Console(
        setup,
        save=args.save,
        keep_dir=Path.cwd(),
        budget_ms=args.budget_ms,
        echo=not sys.stdin.isatty(),
        picture=args.picture,
        command=typed,
    )


def read_json(path: Path) -> Any:
    """The JSON in a file a person hands us; DamagedFile (one line) for whatever is wrong."""
    try:
        with path.open("rb") as fh:
            raw = fh.read(json_file.MAX_BYTES + 1)
    except OSError as exc:
        raise DamagedFile(f"cannot read it: {exc.strerror or exc}") from None
    return json_file.decode(raw)


def ignored_arguments(args: argparse.Namespace, setup: Setup) -> list[str]:
    """The command-line arguments a resumed game does not follow, each with what the save says."""
    differ: list[tuple[str, str]] = []  # (as given, as saved)
    if args.game != setup.game:
        differ.append((args.game, setup.game))
    if args.players is not None and args.players != setup.players:
        differ.append((f"--players {args.players}", str(setup.players)))
    # AI seats the game added when the save was started are no difference
    if args.ai and seating(args)[1] != setup.ai:
        differ.append((f"--ai {' '.join(args.ai)}", " ".join(setup.ai) or "-"))
    if args.seed is not None and args.seed != setup.seed:
        differ.append((f"--seed {args.seed}", str(setup.seed)))
    if args.lang is not None and args.lang != setup.lang:
        differ.append((f"--lang {args.lang}", setup.lang))
    if args.option:
        try:
            wanted: dict[str, Any] | None = parse_options(registry.get(args.game), args.option)
        except ValueError:
            wanted = None
        if wanted != setup.options:
            saved = ", ".join(f"{k}={v}" for k, v in setup.options.items()) or "-"
            differ.append((" ".join(f"--option {o}" for o in args.option), saved))
    words = WORDS[setup.lang]
    return [words["ignored_arg"].format(arg=arg, saved=saved) for arg, saved in differ]


def replay_file(path: Path, lang: str) -> int:
    from games.replay import play_back

    try:
        lines, same = play_back(read_json(path), lang)
    except DamagedFile as exc:
        print(f"cannot replay {path}: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # an engine tripping over a hand-made action: still one line, not a traceback
        print(f"cannot replay {path}: the log cannot be played back ({_one_line(exc)})", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0 if same else 1


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text[:200]}" if text else type(exc).__name__


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # outside a table (reading a long replay): stop quietly
        sys.exit(130)

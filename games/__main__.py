"""``python -m games play GAME ...``: a game at the terminal (see games/console.py);
``python -m games replay FILE``: an exported game played back (see games/replay.py)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from games import ai, registry
from games.console import Console, Setup, parse_options
from games.core import IllegalAction


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description="Play a game at the terminal.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game: people first, then AI seats")
    play.add_argument("game", choices=sorted(registry.ENGINES), help="which game")
    play.add_argument(
        "--players", type=int, help="seats in all (default: the fewest the game allows, or more for --ai)"
    )
    play.add_argument(
        "--ai",
        nargs="*",
        default=[],
        choices=ai.LEVELS,
        metavar="LEVEL",
        help="one AI seat per level given: easy, normal or hard",
    )
    play.add_argument("--seed", type=int, default=1, help="the game's random seed (default 1)")
    play.add_argument("--lang", choices=("en", "nl"), default="en")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option, repeatable")
    play.add_argument("--save", type=Path, metavar="FILE", help="keep the game in FILE; resume it when FILE exists")
    play.add_argument("--picture", type=Path, metavar="FILE", help="write the board as you see it to this PNG")
    play.add_argument("--budget-ms", type=int, default=1000, help="thinking time of a hard AI per decision")
    replay = sub.add_parser("replay", help="play back a game exported with /export")
    replay.add_argument("file", type=Path, help="the exported JSON file")
    replay.add_argument("--lang", choices=("en", "nl"), default="en")
    args = parser.parse_args(argv)

    if args.command == "replay":
        from games.replay import play_back

        try:
            lines, same = play_back(json.loads(args.file.read_text(encoding="utf-8")), args.lang)
        except (OSError, ValueError, KeyError, IllegalAction) as exc:
            print(f"cannot replay {args.file}: {exc}", file=sys.stderr)
            return 2
        print("\n".join(lines))
        return 0 if same else 1

    if args.save is not None and args.save.exists():
        setup = Setup.from_json(json.loads(args.save.read_text(encoding="utf-8")))
    else:
        engine = registry.get(args.game)
        counts = list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))
        players = args.players or next((n for n in counts if n > len(args.ai)), counts[-1])
        if players not in counts:
            parser.error(f"{args.game} is played by {', '.join(map(str, counts))} players")
        if len(args.ai) > players:
            parser.error(f"{len(args.ai)} AI seats do not fit at a table of {players}")
        try:
            options = parse_options(engine, args.option)
        except ValueError as exc:
            parser.error(str(exc))
        setup = Setup(args.game, players, list(args.ai), args.seed, options, args.lang)
    return Console(
        setup, save=args.save, budget_ms=args.budget_ms, echo=not sys.stdin.isatty(), picture=args.picture
    ).run()


if __name__ == "__main__":
    sys.exit(main())

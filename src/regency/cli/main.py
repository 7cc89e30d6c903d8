"""The ``regency`` command: play, replay and simulate games in the terminal.

Subcommands live in their own modules (``play.py``, ``replay.py``, ``simulate.py``);
this one parses arguments and turns every error a user can cause into one clear line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import regency
from regency.agents.ladder import YARDSTICK, Level, ladder, ladders_json
from regency.cli.args import Parser, UsageError, add_game_arguments
from regency.cli.batch import add_backend_arguments
from regency.core.errors import RegencyError
from regency.core.registry import GameInfo

__all__ = ["main"]


def _version() -> str:
    """``regency 0.1.0 (compiled engine)``: the version and which engine build runs."""
    engine = "compiled engine" if regency.COMPILED else "pure-Python engine"
    return f"regency {regency.__version__} ({engine})"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = Parser(
        prog="regency",
        description="Play, replay and simulate Claim, Claim Kingdoms and Kingdoms.",
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    games = sub.add_parser("games", help="list the games and their options")
    games.add_argument("--json", action="store_true", help="print JSON for other tools")

    play = sub.add_parser(
        "play", help="play in the terminal: against the computer, or friends at one keyboard"
    )
    add_game_arguments(play, game_optional=True)
    play.add_argument(
        "--seats",
        metavar="LIST",
        help="who plays each seat, e.g. human,heuristic,human (people share the keyboard) "
        "or human,ismcts,random",
    )
    opponent = play.add_mutually_exclusive_group()
    opponent.add_argument(
        "--opponent",
        help="the computer players' agent: random, heuristic, ismcts (about a second a "
        "move), or a spec such as ismcts:iters=5000 (default: the strongest measured for "
        "the game and player count)",
    )
    opponent.add_argument(
        "--level",
        metavar="NAME",
        help="the computer players' level, by name (Beginner, Casual, ... up to Strongest, "
        "the default), from the game's ladder for the player count, ordered by measured "
        "strength; regency games lists each ladder",
    )
    play.add_argument(
        "--seat",
        type=int,
        help="your seat (default 0: you start the seating; who leads is drawn)",
    )
    play.add_argument(
        "--save", metavar="FILE", help="keep the game's record here, written after every move"
    )
    play.add_argument("--force", action="store_true", help="let --save overwrite a file")
    play.add_argument("--load", metavar="FILE", help="continue a game saved with --save")

    replay = sub.add_parser("replay", help="step through a saved game")
    replay.add_argument("file", help="a record written by --save (or a saved game)")
    replay.add_argument("--final", action="store_true", help="print only the final position")
    replay.add_argument("--all", action="store_true", help="print every position, no prompts")
    replay.add_argument("--seat", type=int, help="show what this seat saw (default: spectator)")

    from regency.cli.analyze import add_analyze_arguments

    analyze = sub.add_parser(
        "analyze",
        help="judge every move of a saved game: win chances, inaccuracies, mistakes, blunders",
        description="Judge every decision of a saved game from the deciding seat's view "
        "(what it could see), as Lichess does for chess. The default search budget is half "
        "of what the computer player uses per move, so that a game takes minutes, not more.",
    )
    add_analyze_arguments(analyze)

    sim = sub.add_parser("simulate", help="play many games between computer agents")
    add_game_arguments(sim)
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument(
        "--agents",
        help="comma-separated agent specs, one per contestant (default: heuristic against "
        "random; with an odd number of players, one random player per other seat)",
    )
    add_backend_arguments(sim)
    sim.add_argument("--json", metavar="FILE", help="also write the table as JSON ('-': stdout)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")

    arena = sub.add_parser("arena", help="a round robin between agents, with ratings")
    add_game_arguments(arena)
    arena.add_argument(
        "--agents",
        required=True,
        help="comma-separated agent specs, e.g. ismcts:2000,heuristic,random "
        "(parameters: ismcts:iters=500,rollout=heuristic)",
    )
    arena.add_argument(
        "--games",
        type=int,
        default=100,
        help="games per group of agents (default 100; whole seat rotations)",
    )
    add_backend_arguments(arena)
    arena.add_argument(
        "--json", metavar="FILE", help="also write the results as JSON ('-': stdout)"
    )
    arena.add_argument("--csv", metavar="FILE", help="also write one CSV row per agent")
    arena.add_argument("--quiet", action="store_true", help="no progress bar")

    report = sub.add_parser("report", help="run games and write a balance report (HTML)")
    add_game_arguments(report)
    report.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    report.add_argument(
        "--agents",
        default="heuristic",
        help="comma-separated agent specs, seats rotating (default heuristic: self-play)",
    )
    add_backend_arguments(report)
    report.add_argument(
        "--out", default="report.html", help="the page to write (default report.html)"
    )
    report.add_argument("--quiet", action="store_true", help="no progress bar")
    from regency.cli.serve import add_database_arguments

    serve = sub.add_parser("serve", help="run the game server (tables, invite links)")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--workers", type=int, default=1, help="processes computer seats think in (default 1)"
    )
    serve.add_argument(
        "--log-level", default="warning", choices=["debug", "info", "warning", "error"]
    )
    add_database_arguments(serve)
    from regency.cli.serve import add_limit_arguments

    add_limit_arguments(serve)
    connect = sub.add_parser("connect", help="play a seat at a server's table with an agent")
    connect.add_argument(
        "invite", help="the seat's invite link (http://HOST/play/TABLE/SEAT#token=...)"
    )
    connect.add_argument(
        "--agent", default="heuristic", help="the agent that plays: random, heuristic, ismcts..."
    )
    connect.add_argument("--seed", type=int, help="the agent's seed")
    db = sub.add_parser("db", help="manage the server's database")
    db.add_argument("action", choices=["upgrade"], help="upgrade: apply the migrations")
    add_database_arguments(db)
    return parser


def _welcome(console: Console) -> None:
    console.print("[bold]regency[/bold]: Claim, Claim Kingdoms and Kingdoms in your terminal.\n")
    list_games(console, levels=False)
    console.print(
        "\nStart with [bold]regency play claim[/bold]; "
        "[bold]regency --help[/bold] lists every command."
    )


def list_games(console: Console, as_json: bool = False, levels: bool = True) -> None:
    """Print the registered games and (with ``levels``) their computer levels, or JSON.

    The JSON is what the game server's ``GET /api/games`` answers: each game's facts, its
    default player count and its ladder of computer levels per player count.
    """
    games = regency.available_games()
    if as_json:
        described = [
            {**g.describe(), "default_players": g.default_players, "levels": ladders_json(g.name)}
            for g in games
        ]
        print(json.dumps(described, indent=2))
        return
    table = Table("game", "players", "options", "about", title="Games")
    for info in games:
        table.add_row(
            info.name,
            ", ".join(map(str, info.players)),
            "\n".join(f"{o.name}: {o.help}" for o in info.options),
            info.summary,
        )
    console.print(table)
    if levels:
        _list_levels(console, games)


def _list_levels(console: Console, games: list[GameInfo]) -> None:
    """Print every game's ladder of computer levels per player count, weakest first."""
    levels = Table(
        "game",
        "players",
        "level",
        "agent",
        "won vs heuristic",
        title="Computer levels, weakest first (regency play GAME --level NAME)",
        caption="A seat against heuristics in every other (in 4-player Claim a partnership "
        "against theirs); a fair share is 1/players (1/2 for partnerships).",
        box=box.SIMPLE,
    )
    levels.columns[3].overflow = "fold"  # a long spec wraps rather than losing its end
    for info in games:
        for players in info.players:
            steps = ladder(info.name, players)
            for i, level in enumerate(steps):
                levels.add_row(
                    info.name if i == 0 else "",
                    str(players) if i == 0 else "",
                    level.name,
                    level.agent,
                    _figure(level),
                    end_section=i == len(steps) - 1,
                )
    console.print(levels)


def _figure(level: Level) -> str:
    """A level's measured figure in a few words: ``62.0% of 200``."""
    strength = level.strength
    if strength is None:
        return "not measured"
    if level.agent == YARDSTICK:
        return "the yardstick"
    return f"{strength.won:.1%} of {strength.games}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    console = Console()
    errors = Console(stderr=True)
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            _welcome(console)
            return 0
        if args.command == "games":
            list_games(console, args.json)
            return 0
        if args.command == "play":
            from regency.cli.play import run_play

            return run_play(args, console)
        if args.command == "replay":
            from regency.cli.replay import run_replay

            return run_replay(args, console)
        if args.command == "analyze":
            from regency.cli.analyze import run_analyze

            return run_analyze(args, console)
        if args.command == "arena":
            from regency.cli.arena import run_arena

            return run_arena(args, console)
        if args.command == "report":
            from regency.cli.report import run_report

            return run_report(args, console)
        if args.command == "serve":
            from regency.cli.serve import run_serve

            return run_serve(args, console)
        if args.command == "connect":
            from regency.cli.connect import run_connect

            return run_connect(args, console)
        if args.command == "db":
            from regency.cli.serve import run_db

            return run_db(args, console)
        from regency.cli.simulate import run_simulate

        return run_simulate(args, console)
    except BrokenPipeError:
        # The reader went away (``regency games --json | head``): stop quietly, and
        # point stdout at nothing so the interpreter's last flush cannot complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except (UsageError, RegencyError, OSError) as exc:
        errors.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
        return 2
    except KeyboardInterrupt:
        errors.print("\ninterrupted")
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

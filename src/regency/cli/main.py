"""The ``regency`` command: play, replay and simulate games in the terminal.

Each subcommand lives in its own module with its arguments beside its runner
(``add_play_arguments`` and ``run_play`` in ``play/``, and so on); :data:`COMMANDS` is
the table of them. This module builds the parser from that table, runs the command
asked for, and turns every error a user can cause into one clear line.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape

import regency
from regency.cli.accounts import add_accounts_arguments, run_accounts
from regency.cli.analyze import add_analyze_arguments, run_analyze
from regency.cli.arena import add_arena_arguments, run_arena
from regency.cli.args import Parser, UsageError
from regency.cli.connect import add_connect_arguments, run_connect
from regency.cli.games import add_games_arguments, list_games, run_games
from regency.cli.i18n import add_i18n_arguments, run_i18n
from regency.cli.learn import add_learn_arguments, run_learn
from regency.cli.play import add_play_arguments, run_play
from regency.cli.puzzles import add_puzzles_arguments, run_puzzles
from regency.cli.replay import add_replay_arguments, run_replay
from regency.cli.report import add_report_arguments, run_report
from regency.cli.serve import add_db_arguments, add_serve_arguments, run_db, run_serve
from regency.cli.simulate import add_simulate_arguments, run_simulate
from regency.cli.train import add_train_arguments, run_train
from regency.core.errors import RegencyError
from regency.core.i18n import UnknownLanguageError, from_environment, using

__all__ = ["COMMANDS", "Command", "build_parser", "list_games", "main"]


@dataclass(frozen=True, slots=True)
class Command:
    """A subcommand: its name and help, how to add its arguments, and how to run it.

    Attributes:
        name: What is typed after ``regency``.
        help: One line for ``regency --help``.
        add_arguments: Adds the command's arguments to its parser.
        run: Runs the command with the parsed arguments; returns the exit status.
        description: A longer text for ``regency NAME --help`` (default: none).
        speaks: Whether the command talks to a person in their language (``--lang``,
            ``LANG``). The server does not: it will choose a language per request
            (docs/i18n.md), and a host's own ``LANG`` must not become its players'.
    """

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Console], int]
    description: str | None = None
    speaks: bool = True


COMMANDS: tuple[Command, ...] = (
    Command("games", "list the games and their options", add_games_arguments, run_games),
    Command(
        "play",
        "play in the terminal: against the computer, or friends at one keyboard",
        add_play_arguments,
        run_play,
    ),
    Command(
        "learn",
        "learn to play a game: short lessons on the real table",
        add_learn_arguments,
        run_learn,
        description="A course of short lessons per game, each one decision on the real "
        "table with a task, and the reason a move is right or wrong in the rule's words "
        "(docs/learn.md). The lessons done are kept between sessions.",
    ),
    Command("replay", "step through a saved game", add_replay_arguments, run_replay),
    Command(
        "puzzles",
        "solve puzzles from real games (find the move that keeps the game), or mine them",
        add_puzzles_arguments,
        run_puzzles,
        description="Positions from real games where one move clearly keeps the best "
        "chance to win, shown from the deciding seat's view. Your rating moves with each "
        "try (Glicko-2). 'regency puzzles mine GAME' mines a new set.",
    ),
    Command(
        "analyze",
        "judge every move of a saved game: win chances, inaccuracies, mistakes, blunders",
        add_analyze_arguments,
        run_analyze,
        description="Judge every decision of a saved game from the deciding seat's view "
        "(what it could see), as Lichess does for chess. The default search budget is half "
        "of what the computer player uses per move, so that a game takes minutes, not more.",
    ),
    Command(
        "simulate",
        "play many games between computer agents",
        add_simulate_arguments,
        run_simulate,
    ),
    Command("arena", "a round robin between agents, with ratings", add_arena_arguments, run_arena),
    Command(
        "report",
        "run games and write a balance report (HTML)",
        add_report_arguments,
        run_report,
    ),
    Command(
        "train",
        "make a game's learned evaluation from self-play (the train extra)",
        add_train_arguments,
        run_train,
    ),
    Command(
        "serve",
        "run the game server (tables, invite links)",
        add_serve_arguments,
        run_serve,
        speaks=False,
    ),
    Command(
        "connect",
        "play a seat at a server's table with an agent",
        add_connect_arguments,
        run_connect,
    ),
    Command("db", "manage the server's database", add_db_arguments, run_db),
    Command(
        "accounts",
        "a server's accounts: create, list, disable, enable, reset-password",
        add_accounts_arguments,
        run_accounts,
        description="The operator's commands for the accounts of a server's database "
        "(docs/accounts.md): for clubs without e-mail, make an account and hand its "
        "password over, disable one, or set a new password for someone who forgot theirs.",
    ),
    Command(
        "i18n",
        "keep the translations: extract the texts, update and compile the catalogs",
        add_i18n_arguments,
        run_i18n,
        description="For translators and developers working in a clone (docs/i18n.md).",
    ),
)
"""Every subcommand, in the order ``regency --help`` lists them."""

COMMAND_BY_NAME: dict[str, Command] = {command.name: command for command in COMMANDS}
"""The commands by name."""


def _version() -> str:
    """``regency 0.1.0 (compiled engine)``: the version and which engine build runs."""
    engine = "compiled engine" if regency.COMPILED else "pure-Python engine"
    return f"regency {regency.__version__} ({engine})"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand, built from :data:`COMMANDS`."""
    parser = Parser(
        prog="regency",
        description="Play, replay and simulate Claim, Claim Kingdoms and Kingdoms.",
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")
    for command in COMMANDS:
        command_parser = sub.add_parser(
            command.name, help=command.help, description=command.description
        )
        command.add_arguments(command_parser)
        if not command.speaks:
            continue
        command_parser.add_argument(
            "--lang",
            metavar="LANG",
            help="the language to speak: en, nl, de, fr or es (default: from LANGUAGE, "
            "LC_ALL, LC_MESSAGES or LANG, else English)",
        )
    return parser


def _welcome(console: Console) -> None:
    console.print("[bold]regency[/bold]: Claim, Claim Kingdoms and Kingdoms in your terminal.\n")
    list_games(console, levels=False)
    console.print(
        "\nStart with [bold]regency play claim[/bold]; "
        "[bold]regency --help[/bold] lists every command."
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    console = Console()
    errors = Console(stderr=True)
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            _welcome(console)
            return 0
        command = COMMAND_BY_NAME[args.command]
        if not command.speaks:
            return command.run(args, console)
        # For this command only: a test (or a program) calling main() keeps its own.
        with using(args.lang or from_environment()):
            return command.run(args, console)
    except BrokenPipeError:
        # The reader went away (``regency games --json | head``): stop quietly, and
        # point stdout at nothing so the interpreter's last flush cannot complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except (UsageError, RegencyError, OSError, UnknownLanguageError) as exc:
        errors.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
        return 2
    except KeyboardInterrupt:
        errors.print("\ninterrupted")
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

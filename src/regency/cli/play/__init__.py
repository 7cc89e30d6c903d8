"""``regency play``: people and computer players at one table, in the terminal.

Any seat may be a person (``--seats human,heuristic,human``: friends share the keyboard,
and a "pass the keyboard" screen hides one person's hand before the next sits down) or
a computer player, each with its own agent. Every screen is drawn from the observation
of the person it is for, never from the game itself; on a terminal it is redrawn in
place and fits 80x24.

Nothing typed at the prompt can crash the game: a wrong entry gets a sentence and a new
prompt. ``undo`` takes back the person's last move and the computer's replies,
``rules`` shows the rules in short, ``hint`` shows the search's three best moves with
their estimated win chances (judged from the person's own view), ``quit`` (or
end of input, or Ctrl-C) stops. With ``--save FILE`` the record is written at the start
(so a path that cannot be written is refused at once) and after every move, so
stopping in any way keeps the game, which ``--load FILE`` continues.

The package: ``session.py``, the game loop at the terminal (whose turn, asking a person,
undo); ``screen.py``, what is drawn around the game's own screen (the moves, hints,
refusals); ``saving.py``, ``--save`` and ``--load``; this module, the command's
arguments and setting up the table.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console

from regency.agents.defaults import default_opponent
from regency.agents.ladder import find_level
from regency.cli.args import UsageError, add_game_arguments, game_options
from regency.cli.play.saving import SaveFile, load_saved
from regency.cli.play.screen import MANY, hint_text
from regency.cli.play.session import Session
from regency.core.errors import RegencyError
from regency.core.registry import game_info
from regency.tables import PERSON, SeatSpec, TableError, TableSpec, parse_seats

__all__ = [
    "HINT_AGENT",
    "MANY",
    "SaveFile",
    "Session",
    "add_play_arguments",
    "hint_text",
    "run_play",
]

HINT_AGENT: str | None = None
"""The agent ``hint`` asks (``None``: the default computer player if it can judge moves,
else ``ismcts``, at its playing budget, about a second); :func:`run_play` gives it to the
:class:`Session`."""


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency play``'s arguments to ``parser``."""
    add_game_arguments(parser, game_optional=True)
    parser.add_argument(
        "--seats",
        metavar="LIST",
        help="who plays each seat, e.g. human,heuristic,human (people share the keyboard) "
        "or human,ismcts,random; specs with commas of their own as in --agents: "
        "'human;rollout:value=net,most=96'",
    )
    opponent = parser.add_mutually_exclusive_group()
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
    parser.add_argument(
        "--seat",
        type=int,
        help="your seat (default 0: you start the seating; who leads is drawn)",
    )
    parser.add_argument(
        "--save", metavar="FILE", help="keep the game's record here, written after every move"
    )
    parser.add_argument("--force", action="store_true", help="let --save overwrite a file")
    parser.add_argument("--load", metavar="FILE", help="continue a game saved with --save")


def _seats(
    args: argparse.Namespace, game: str, players: int, saved: list[Any] | None
) -> list[SeatSpec]:
    """The seats from ``--seats``, else the saved table, else ``--seat`` and the opponent.

    The opponent is ``--opponent`` (a spec), or ``--level`` (a level of the game's ladder,
    by name), or the default opponent.
    """
    level = getattr(args, "level", None)
    if args.seats:
        if args.seat is not None or args.opponent is not None or level is not None:
            raise UsageError("--seats names every seat: leave out --seat, --opponent and --level")
        return list(parse_seats(args.seats, players))
    usable = saved is not None and len(saved) == players and all(isinstance(s, str) for s in saved)
    chosen = args.seat is not None or args.opponent is not None or level is not None
    if saved and usable and not chosen:
        return list(parse_seats(";".join(saved), players))
    me = 0 if args.seat is None else args.seat
    if not 0 <= me < players:
        raise UsageError(f"--seat must be 0 to {players - 1}, not {me}")
    if level is not None:
        opponent = find_level(game, players, level).agent
    else:
        opponent = args.opponent or default_opponent(game, players)
    return [SeatSpec() if s == me else SeatSpec(agent=opponent) for s in range(players)]


def run_play(args: argparse.Namespace, console: Console) -> int:
    """Set up the table from the arguments, play, and return the exit status."""
    saved: list[Any] | None = None
    if args.load:
        game, saved = load_saved(args)
        if game.is_over:
            raise UsageError(f"--load {args.load}: that game is over (regency replay shows it)")
        players = game.num_players
    else:
        if not args.game:
            raise UsageError("name a game to play (regency play claim), or --load a saved one")
        info = game_info(args.game)
        players = args.players if args.players is not None else info.default_players
    seats = _seats(args, game.name if args.load else args.game, players, saved)
    if args.load:
        table = TableSpec.create(game.name, players, seats, game.options, game.seed)
    else:
        table = TableSpec.create(args.game, players, seats, game_options(args), args.seed)
        game = table.new_game()
    if not table.people:
        raise TableError(
            "--seats needs at least one human; for computer players only, use regency simulate"
        )
    save = None
    if args.save:
        first = game.record({"table": [s.agent or PERSON for s in seats]}).to_json(indent=1)
        save = SaveFile.open(args.save, args.force, args.load, first + "\n")
    live = console.is_terminal and sys.stdin.isatty()
    session = Session(console, table, game, save, live)
    if HINT_AGENT is not None:
        session.hint_agent = HINT_AGENT
    try:
        return session.run()
    except RegencyError as exc:  # pragma: no cover - a bug, kept from becoming a traceback
        raise UsageError(str(exc)) from None

"""Command-line arguments every subcommand shares, and the one error type for misuse.

Kept apart from ``main.py`` so the subcommands can use them without importing the
module that dispatches to them.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, NoReturn

import regency

__all__ = ["Parser", "UsageError", "add_game_arguments", "game_options", "parse_option"]


class UsageError(Exception):
    """A command-line mistake; printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but errors are one line (plus a hint) rather than a usage dump."""

    def error(self, message: str) -> NoReturn:
        """Raise :class:`UsageError` with argparse's message."""
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def parse_option(text: str) -> tuple[str, Any]:
    """Parse ``KEY=VALUE`` from ``--option``; the value is JSON if it parses, else text."""
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise UsageError(f"--option wants KEY=VALUE, not {text!r}")
    try:
        parsed: Any = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    return key.strip(), parsed


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given by ``--option`` and the ``--factions`` shortcut."""
    options = dict(parse_option(o) for o in args.option or [])
    if getattr(args, "factions", None):
        options["factions"] = args.factions
    return options


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments that choose a game: its name, players, seed and options."""
    parser.add_argument("game", help="the game: " + ", ".join(regency.available_games()))
    parser.add_argument("--players", type=int, help="number of players (default: the game's)")
    parser.add_argument("--seed", type=int, help="fixes the deal (default: a fresh one)")
    parser.add_argument(
        "--factions", help="the deck, for games that have one (e.g. claim, claim2, random)"
    )
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="any other game option (repeatable; the value may be JSON)",
    )

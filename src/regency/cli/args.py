"""Command-line arguments every subcommand shares, and the one error type for misuse.

Kept apart from ``main.py`` so the subcommands can use them without importing the
module that dispatches to them.
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

import regency
from regency.agents import AgentError, check_spec, split_specs
from regency.core.errors import quote

__all__ = [
    "Parser",
    "UsageError",
    "add_agents_arguments",
    "add_game_arguments",
    "agents_from_args",
    "agents_text",
    "game_options",
    "parse_option",
]


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


def add_game_arguments(parser: argparse.ArgumentParser, game_optional: bool = False) -> None:
    """Add the arguments that choose a game: its name, players, seed and options.

    Args:
        parser: The subcommand's parser.
        game_optional: Whether the game's name may be left out (``play --load``).
    """
    parser.add_argument(
        "game",
        nargs="?" if game_optional else None,
        help="the game: " + ", ".join(regency.available_games()),
    )
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


AGENTS_HELP = (
    "; specs separated by ';' (quote the list: 'rollout:value=net,most=96;heuristic'), or "
    "by commas, where a key=value piece belongs to the spec before it "
    "(rollout:value=net,most=96,heuristic)"
)


def add_agents_arguments(parser: argparse.ArgumentParser, what: str, required: bool) -> None:
    """Add ``--agents LIST`` and its alternative, a repeatable ``--agent SPEC``.

    Args:
        parser: The subcommand's parser.
        what: What the list is, for the help (``"the contestants' agent specs"``).
        required: Whether one of the two must be given.
    """
    group = parser.add_mutually_exclusive_group(required=required)
    group.add_argument("--agents", metavar="LIST", help=what + AGENTS_HELP)
    group.add_argument(
        "--agent",
        dest="agent_specs",
        action="append",
        metavar="SPEC",
        help="one agent spec, whole, commas and all (repeatable, in order: the same "
        "list as --agents)",
    )


def agents_from_args(
    args: argparse.Namespace, default: Sequence[str], game: str, players: Iterable[int]
) -> tuple[str, ...]:
    """The agent specs of ``--agents`` or ``--agent``, else ``default``, each checked.

    Every spec is built for ``game`` at each of the ``players`` counts
    (:func:`~regency.agents.check_spec`), so a bad one is refused before any game is
    played, in a message that names the whole spec.

    Raises:
        UsageError: for an empty list, a piece that belongs to no spec, or a spec
            that cannot play the game.
    """
    if args.agent_specs:
        specs = [spec.strip() for spec in args.agent_specs]
        if not all(specs):
            raise UsageError("--agent needs a spec")
    elif args.agents is not None:
        try:
            specs = split_specs(args.agents)
        except AgentError as exc:
            raise UsageError(f"--agents: {exc}") from None
        if not specs:
            raise UsageError("--agents needs at least one agent")
    else:
        specs = list(default)
    counts = tuple(players)
    for spec in specs:
        for count in counts:
            try:
                check_spec(spec, game, count)
            except AgentError as exc:
                said = str(exc)  # named by the whole spec, unless the words already do
                named = said if quote(spec) in said else f"{quote(spec)}: {said}"
                raise UsageError(named) from None
    return tuple(specs)


def agents_text(agents: Sequence[str]) -> str:
    """``agents`` as one ``--agents`` argument, quoted for a shell when it needs it."""
    joined = ";".join(agents) if any("," in spec for spec in agents) else ",".join(agents)
    return shlex.quote(joined)

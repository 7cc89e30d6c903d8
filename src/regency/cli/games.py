"""``regency games``: the games, their options and each one's ladder of computer levels."""

from __future__ import annotations

import argparse
import json

from rich import box
from rich.console import Console
from rich.table import Table

import regency
from regency.agents.ladder import YARDSTICK, Level, ladder, ladders_json
from regency.core.registry import GameInfo

__all__ = ["add_games_arguments", "list_games", "run_games"]


def add_games_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency games``' arguments to its parser."""
    parser.add_argument("--json", action="store_true", help="print JSON for other tools")


def run_games(args: argparse.Namespace, console: Console) -> int:
    """List the games (as JSON with ``--json``); return the exit status."""
    list_games(console, args.json)
    return 0


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
    """Print each game's ladder of computer levels per player count, weakest first.

    One table per game (its name is the title, not a column), and a match against
    another level names that level: both keep a row within an 80-column terminal.
    """
    console.print("Computer levels, weakest first (regency play GAME --level NAME)")
    for info in games:
        levels = Table(
            "players",
            "level",
            "agent",
            "rating",
            "won",
            title=info.title,
            box=box.SIMPLE,
            pad_edge=False,
            padding=(0, 1, 0, 0),
        )
        levels.columns[2].overflow = "fold"  # a long spec wraps rather than losing its end
        levels.columns[4].no_wrap = True  # the figure reads as one phrase
        for players in info.players:
            steps = ladder(info.name, players)
            names = {level.agent: level.name for level in steps}
            for i, level in enumerate(steps):
                levels.add_row(
                    str(players) if i == 0 else "",
                    level.name,
                    level.agent,
                    str(level.strength.rating) if level.strength else "",
                    _figure(level, names),
                    end_section=i == len(steps) - 1,
                )
        console.print(levels)
    console.print(
        "Won: a seat against heuristics in every other (in 4-player Claim a partnership "
        "against theirs; a fair share is 1/players, 1/2 for partnerships), or a 2-player "
        "match against the level named. Ratings: the heuristic's is 1500.",
        style="dim",
    )


def _figure(level: Level, names: dict[str, str]) -> str:
    """A level's measured figure in a few words: ``62.0% of 200``, ``61.5% of 400 vs Expert``.

    Args:
        level: The level.
        names: Its ladder's level names by agent spec (a match names its rival so).
    """
    strength = level.strength
    if strength is None:
        return "not measured"
    if level.agent == YARDSTICK:
        return "the yardstick"
    won = f"{strength.won:.1%} of {strength.games}"
    if strength.against == YARDSTICK:
        return won
    return f"{won} vs {names.get(strength.against, strength.against)}"

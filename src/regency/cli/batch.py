"""What the commands that run many games (``simulate``, ``arena``) share."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TimeRemainingColumn,
)

from regency.cli.args import UsageError, agents_from_args, game_options
from regency.core.registry import GameInfo, game_info
from regency.core.rng import new_seed
from regency.core.start import new_game
from regency.sim.backends import BACKENDS, make_backend
from regency.sim.runner import Backend, Matchup

__all__ = [
    "BatchSettings",
    "add_backend_arguments",
    "backend_from_args",
    "batch_settings",
    "default_agents",
    "matchup_from_args",
    "with_progress",
    "write_files",
]

T = TypeVar("T")

Progressed = Callable[[int], None]


class BatchSettings:
    """The checked common arguments: game, players, agents, seed."""

    __slots__ = ("agents", "info", "players", "seed")

    def __init__(self, info: GameInfo, players: int, agents: tuple[str, ...], seed: int) -> None:
        self.info = info
        self.players = players
        self.agents = agents
        self.seed = seed


def batch_settings(
    args: argparse.Namespace, default: tuple[str, ...] | None = None
) -> BatchSettings:
    """Check ``--games``, ``--workers`` and the agents; draw a seed if none was given.

    Without ``--agents`` (or ``--agent``), the agents are ``default``, else
    :func:`default_agents`.
    """
    info = game_info(args.game)
    players = args.players if args.players is not None else info.default_players
    # The engine judges the player count and options first, in its own words.
    new_game(info.name, players=players, seed=0, **game_options(args))
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    agents = agents_from_args(args, default or default_agents(players), info.name, [players])
    seed = args.seed if args.seed is not None else new_seed()
    return BatchSettings(info, players, agents, seed)


def matchup_from_args(args: argparse.Namespace, settings: BatchSettings) -> Matchup:
    """The matchup of ``simulate`` and ``report``: the agents around the table, seats rotating.

    Raises:
        UsageError: if the agents cannot share the seats evenly.
    """
    players, agents = settings.players, settings.agents
    if players % len(agents):
        raise UsageError(
            f"{len(agents)} agents cannot share {players} seats evenly: give one per seat, "
            "one per team (4 players), or one for self-play"
        )
    return Matchup(args.game, players, agents, game_options(args), settings.seed)


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """``--workers``, ``--backend`` and ``--ray-address``: where the games are played."""
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes to use, or the CPUs of a local Ray (default 1)",
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="local: this machine's processes (default); ray: Ray, a local one or a "
        "cluster's (pip install 'regency[ray]'; docs/scale.md)",
    )
    parser.add_argument(
        "--ray-address",
        metavar="ADDRESS",
        help="join this Ray cluster (auto, or the head's HOST:PORT) instead of "
        "starting a local Ray; needs --backend ray",
    )


def backend_from_args(args: argparse.Namespace) -> Backend:
    """The backend ``--backend``, ``--workers`` and ``--ray-address`` name (close it after).

    Raises:
        UsageError: for ``--ray-address`` without ``--backend ray``.
    """
    if args.ray_address and args.backend != "ray":
        raise UsageError("--ray-address needs --backend ray")
    return make_backend(args.backend, workers=args.workers, address=args.ray_address)


def default_agents(players: int) -> tuple[str, ...]:
    """The heuristic against random players: one each in even counts, else one per seat."""
    if players % 2 == 0:
        return ("heuristic", "random")
    return ("heuristic",) + ("random",) * (players - 1)


@contextmanager
def progress_bar(description: str, total: int | None) -> Iterator[tuple[Progress, TaskID]]:
    """A progress bar on stderr (done, total, time left) and its task; gone when done."""
    columns = (
        *Progress.get_default_columns()[:2],
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        yield bar, bar.add_task(description, total=total)


def with_progress(quiet: bool, total: int, run: Callable[[Progressed | None], T]) -> T:
    """Call ``run`` with a progress callback drawing a bar on stderr (none if ``quiet``)."""
    if quiet:
        return run(None)
    with progress_bar("playing", total) as (bar, task):
        return run(lambda done: bar.advance(task, done))


def write_files(console: Console, files: list[tuple[str | None, str]]) -> None:
    """Write each (path, text) whose path is set, saying where it went."""
    for path, text in files:
        if not path:
            continue
        try:
            Path(path).write_text(text)
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror}") from None
        console.print(f"Written to [bold]{path}[/bold].")

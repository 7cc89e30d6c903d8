"""``regency train``: make a game's learned evaluation from self-play (the ``train`` extra)."""

from __future__ import annotations

import argparse
import importlib.util
import shlex
import sys
from pathlib import Path

from rich.console import Console

from regency.cli.args import UsageError
from regency.core.registry import game_info
from regency.core.words import span

__all__ = ["add_train_arguments", "run_train"]

MAX_GAMES = 1_000_000
"""The most self-play games one run may ask for (the shipped weights took 1,500 to
40,000: about 8 minutes for 2-player Claim, 17 for 4-player Claim Kingdoms, on 2 cores
under load)."""


def add_train_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency train``'s arguments to its parser."""
    parser.add_argument("game", help="the game (claim, claim-kingdoms, kingdoms)")
    parser.add_argument("--players", type=int, default=2, help="the player count (default 2)")
    parser.add_argument("--games", type=int, help="self-play games (default: the game's own)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of everything (default 1)")
    parser.add_argument("--epochs", type=int, help="passes over the samples (default: the game's)")
    parser.add_argument(
        "--out",
        help="the folder to write the weights to (default: the package's own, "
        "regency/agents/weights, which the computer players read)",
    )


def run_train(args: argparse.Namespace, console: Console) -> int:
    """Self-play, fit and write the weights, showing progress; return the exit status."""
    info = game_info(args.game)
    if args.players not in info.players:
        raise UsageError(f"{info.title} is played by {span(info.players)} players")
    if args.games is not None and not 2 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 2 to {MAX_GAMES:,}")
    if args.epochs is not None and not 1 <= args.epochs <= 1000:
        raise UsageError("--epochs must be from 1 to 1000")
    from regency.agents.value import WEIGHTS  # numpy: only when training

    out = Path(args.out) if args.out else WEIGHTS
    if out.exists() and not out.is_dir():  # found now, not after the self-play and the fit
        raise UsageError(f"--out must name a folder, and {args.out} is a file")
    # torch is imported only for the fit, after the self-play: ask for it before starting.
    if importlib.util.find_spec("torch") is None:
        raise UsageError(
            "regency train needs torch, from the train extra: install torch's CPU build, "
            "then pip install -e '.[train]' (docs/opponents.md, \"Training it again\")"
        )
    from regency.train import train_value

    def progress(done: int, total: int, samples: int) -> None:
        if done == total or done % 50 == 0:
            line = f"self-play: {done:,}/{total:,} games, {samples:,} samples"
            console.print(line, highlight=False)

    def report(epoch: int, train: float, valid: float) -> None:
        console.print(f"epoch {epoch}: loss {train:.4f}, validation {valid:.4f}", highlight=False)

    command = "regency " + shlex.join(sys.argv[1:]) if sys.argv[1:2] == ["train"] else None
    path = train_value(
        info.name,
        args.players,
        games=args.games,
        seed=args.seed,
        epochs=args.epochs,
        out=out,
        command=command,
        progress=progress,
        report=report,
        say=lambda line: console.print(line, highlight=False),
    )
    console.print(f"wrote {path} and {path.with_suffix('.json').name}", highlight=False)
    return 0

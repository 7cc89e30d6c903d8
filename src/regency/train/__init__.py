"""Training the learned evaluations that ship with regency (``regency train``).

:func:`train_value` plays heuristic self-play through the vector environment
(:mod:`~regency.train.selfplay`), fits a small network with torch
(:mod:`~regency.train.fit`), and writes the weights for numpy with their recipe beside
them (``regency/agents/weights/<game>-<players>p.npz`` and ``.json``: the command, the
seed, the data and the fit), where :func:`regency.agents.value.learned_value` reads them.
Needs the ``train`` extra (torch, CPU build).
"""

from __future__ import annotations

import datetime as dt
import json
import platform
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from regency.agents.value import WEIGHTS
from regency.core.registry import game_info
from regency.train.fit import EpochReport, Fit, fit_value
from regency.train.selfplay import Progress, Samples, self_play

__all__ = ["DEFAULTS", "WEIGHTS", "Fit", "Samples", "fit_value", "self_play", "train_value"]

FIT: dict[str, Any] = {
    "learning_rate": 1e-3,
    "weight_decay": 1e-4,
    "dropout": 0.1,
    "batch": 512,
    "patience": 3,
    "holdout": 0.1,
}
"""The fit's settings, the same for every game (recorded in each recipe)."""

DEFAULTS: dict[str, dict[int, dict[str, Any]]] = {
    "claim": {
        2: {"games": 40000, "keep": 0.1, "explore": 0.05, "hidden": (64, 32), "epochs": 12},
        3: {"games": 20000, "keep": 0.05, "explore": 0.05, "hidden": (64, 32), "epochs": 12},
        4: {"games": 20000, "keep": 0.05, "explore": 0.05, "hidden": (64, 32), "epochs": 12},
    },
    "claim-kingdoms": {
        2: {"games": 3000, "keep": 0.3, "explore": 0.1, "hidden": (64, 32), "epochs": 30},
        3: {"games": 2000, "keep": 0.3, "explore": 0.1, "hidden": (64, 32), "epochs": 30},
        4: {"games": 1500, "keep": 0.3, "explore": 0.1, "hidden": (64, 32), "epochs": 30},
    },
    "kingdoms": {
        # 2 players: the first network, exploring among every legal move (the screens of
        # measurements.md, "The learned evaluation", were played with it)
        2: {
            "games": 3000,
            "keep": 0.25,
            "explore": 0.05,
            "ranked": False,
            "hidden": (64, 32),
            "epochs": 20,
        },
        3: {"games": 3000, "keep": 0.25, "explore": 0.1, "hidden": (64, 32), "epochs": 20},
        4: {"games": 3000, "keep": 0.25, "explore": 0.1, "hidden": (64, 32), "epochs": 20},
    },
}
"""Each game's self-play and fit settings, as used for the shipped weights: games are
cheap in Claim (a few milliseconds each) and dear in Claim Kingdoms (a heuristic move
there costs about 3 ms), and the positions of a Claim game are many and alike."""


def train_value(
    game: str,
    players: int,
    *,
    games: int | None = None,
    seed: int = 1,
    explore: float | None = None,
    keep: float | None = None,
    hidden: Sequence[int] | None = None,
    epochs: int | None = None,
    out: Path = WEIGHTS,
    command: str | None = None,
    progress: Progress | None = None,
    report: EpochReport | None = None,
    say: Callable[[str], None] = print,
) -> Path:
    """Self-play, fit, and write ``out/<game>-<players>p.npz`` and its ``.json`` recipe.

    Unset settings take :data:`DEFAULTS`. Returns the path of the weights written.

    Raises:
        GameOptionError: if a setting is out of range (see :func:`self_play`).
    """
    name = game_info(game).name
    settings = DEFAULTS.get(name, {}).get(players, DEFAULTS["kingdoms"][2])
    games = settings["games"] if games is None else games
    keep = settings["keep"] if keep is None else keep
    explore = settings["explore"] if explore is None else explore
    hidden = tuple(settings["hidden"] if hidden is None else hidden)
    epochs = settings["epochs"] if epochs is None else epochs
    ranked = settings.get("ranked", True)
    samples = self_play(
        name, players, games, seed, explore=explore, ranked=ranked, keep=keep, progress=progress
    )
    say(f"self-play: {samples.games} games, {len(samples.y)} samples in {samples.seconds:.0f} s")
    fit = fit_value(samples, hidden=hidden, epochs=epochs, seed=seed, report=report, **FIT)
    say(
        f"fit: validation loss {fit.valid_loss:.4f} (always the mean: {fit.baseline_loss:.4f}), "
        f"Brier {fit.valid_brier:.4f}, epoch {fit.best_epoch} of {fit.epochs}, {fit.seconds:.0f} s"
    )
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}-{players}p.npz"
    fit.net.save(path)
    recipe = {
        "command": command or f"regency train {name} --players {players} --seed {seed}",
        "game": name,
        "players": players,
        "seed": seed,
        "data": {
            "source": "heuristic self-play in regency.envs' vector environment (64 games)",
            "games": samples.games,
            "explore": explore,
            "explore_among": "the heuristic's 2nd and 3rd best moves"
            if ranked and game_info(name).ranking is not None
            else "every legal move",
            "keep": keep,
            "samples": len(samples.y),
            "features": int(samples.x.shape[1]),
            "seconds": round(samples.seconds, 1),
        },
        "fit": {
            "hidden": list(hidden),
            **FIT,
            "epochs_asked": epochs,
            "epochs_run": fit.epochs,
            "best_epoch": fit.best_epoch,
            "train_loss": round(fit.train_loss, 5),
            "valid_loss": round(fit.valid_loss, 5),
            "baseline_loss": round(fit.baseline_loss, 5),
            "valid_brier": round(fit.valid_brier, 5),
            "train_samples": fit.train_samples,
            "valid_samples": fit.valid_samples,
            "seconds": round(fit.seconds, 1),
        },
        "made": {
            "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d"),
            "python": sys.version.split()[0],
            "machine": platform.machine(),
        },
    }
    path.with_suffix(".json").write_text(json.dumps(recipe, indent=2) + "\n", encoding="utf-8")
    return path

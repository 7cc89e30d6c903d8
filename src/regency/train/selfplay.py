"""Positions and outcomes for a learned evaluation, from self-play in the vector environment.

The heuristic plays every seat of ``num_envs`` games side by side in
:class:`~regency.envs.vector.RegencyVectorEnv` (self-play: the environment deals, steps,
deals again when a game ends, and reports every seat's final reward). With probability
``explore`` a seat plays another of the heuristic's three best moves instead
(``GameInfo.ranking``; any legal move in a game without a ranking, or with
``ranked=False``), so that the
positions cover more than the heuristic's own line: search asks the evaluation about
exactly those moves. (Moves drawn from every legal move were tried first: in Claim
Kingdoms the blunders they make decide the games they are in, and a network fitted to
them learnt to spot blunders more than to judge play; measurements.md, "The learned
evaluation".) Each position is kept with probability ``keep`` (the
positions of one game are alike, and a game of Claim has 40-70 of them); a kept position
gives one sample per seat: the seat's features (``regency.agents.value``) and, once the
game ends, its share of the win.

Seeded: the same arguments give the same samples.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from regency.agents.value import feature_writer
from regency.core.errors import GameOptionError
from regency.core.registry import game_info
from regency.envs.vector import RegencyVectorEnv

__all__ = ["Samples", "self_play"]

Progress = Callable[[int, int, int], None]
"""Called as games end: (games finished, games asked for, samples kept)."""


@dataclass(frozen=True, slots=True)
class Samples:
    """What self-play produced.

    Attributes:
        x: Features, one row per sample (float16: the features are small counts and
            fractions, and half the memory lets a run keep twice the positions).
        y: Each sample's seat's share of the win in its game (1, 1/k for a shared win, 0).
        game: The index of the game each sample comes from (to hold whole games out
            for validation).
        games: Games played.
        seconds: Wall time taken.
    """

    x: npt.NDArray[np.float16]
    y: npt.NDArray[np.float32]
    game: npt.NDArray[np.int32]
    games: int
    seconds: float


def self_play(
    game: str,
    players: int,
    games: int,
    seed: int,
    *,
    explore: float = 0.1,
    ranked: bool = True,
    keep: float = 0.25,
    num_envs: int = 64,
    progress: Progress | None = None,
) -> Samples:
    """Play ``games`` games of heuristic self-play and return their samples (module docstring).

    With ``ranked=False`` an exploring move is any legal move, as in a game without a
    ranking (how the first networks were made; 2-player Kingdoms' ships from it).

    Raises:
        GameOptionError: if a count or a probability is out of range, or the game has no
            heuristic.
    """
    if games < 1 or num_envs < 1:
        raise GameOptionError("games and num_envs must be at least 1")
    if not (0.0 <= explore <= 1.0 and 0.0 < keep <= 1.0):
        raise GameOptionError("explore must be in [0, 1] and keep in (0, 1]")
    info = game_info(game)
    policy = info.heuristic
    if policy is None:
        raise GameOptionError(f"{game} has no heuristic to play itself")
    started = time.perf_counter()
    rng = random.Random(seed)
    env = RegencyVectorEnv(game, num_envs=min(num_envs, games), players=players)
    env.reset(seed=seed)
    writer = feature_writer(game, players)
    index = env.arrays.mapper.index
    pending: list[list[npt.NDArray[np.float16]]] = [[] for _ in env.games]
    rows: list[npt.NDArray[np.float16]] = []
    targets: list[npt.NDArray[np.float32]] = []
    origin: list[npt.NDArray[np.int32]] = []
    seats = np.arange(players)
    finished = 0
    kept = 0
    ranking = info.ranking if ranked else None
    while finished < games:
        actions = [_choose(g, policy, ranking, rng, explore) for g in env.games]
        keepers = [
            i for i, g in enumerate(env.games) if rng.random() < keep and len(g.legal_actions()) > 1
        ]
        _record(writer, env.games, keepers, players, pending)
        _, _, ended, _, infos = env.step([index(a) for a in actions])
        for i in np.flatnonzero(ended).tolist():
            if pending[i] and finished < games:
                block = np.concatenate(pending[i])
                reward = infos["final_rewards"][i]
                rows.append(block)
                targets.append(np.tile(reward[seats], len(block) // players).astype(np.float32))
                origin.append(np.full(len(block), finished, dtype=np.int32))
                kept += len(block)
            pending[i] = []
            finished += 1
            if progress is not None:
                progress(min(finished, games), games, kept)
    width = writer.size
    return Samples(
        np.concatenate(rows) if rows else np.zeros((0, width), np.float16),
        np.concatenate(targets) if targets else np.zeros(0, np.float32),
        np.concatenate(origin) if origin else np.zeros(0, np.int32),
        games,
        time.perf_counter() - started,
    )


def _choose(game: Any, policy: Any, ranking: Any, rng: random.Random, explore: float) -> Any:
    """The heuristic's move, or with probability ``explore`` another of its best three."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    view = game.view(game.current_player)
    if rng.random() < explore:
        if ranking is None:
            return rng.choice(legal)
        return rng.choice(list(dict.fromkeys(ranking(view, rng)))[1:3] or legal)
    return policy(view, rng)


def _record(
    writer: Any,
    games: list[Any],
    keepers: list[int],
    players: int,
    pending: list[list[npt.NDArray[np.float16]]],
) -> None:
    """Write every seat's features of each kept game (by index), held until it ends."""
    if not keepers:
        return
    out = np.zeros((len(keepers) * players, writer.size), dtype=np.float32)
    seats = list(range(players)) * len(keepers)
    writer.write([games[i] for i in keepers for _ in range(players)], seats, out)
    for k, i in enumerate(keepers):
        pending[i].append(out[k * players : (k + 1) * players].astype(np.float16))

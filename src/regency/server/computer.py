"""Computer seats: agents thinking in worker processes, never on the event loop.

A computer move is a pure function of the seat's view, the agent spec and a seed derived
from the deal's seed, the seat and the version, so the same table asks the same question
in every server process and after every restart, and gets the same answer.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from regency.agents import make_agent, parse_spec
from regency.agents.base import is_slow
from regency.core.rng import derive_seed
from regency.core.view import SeatView
from regency.tables import agent_seed

__all__ = ["ComputerPool", "effective_spec", "move_seed", "think"]


def effective_spec(spec: str, think_time: float) -> str:
    """The spec a computer seat runs with: a search with no budget gets ``think_time``."""
    parsed = parse_spec(spec)
    if is_slow(parsed) and not ({"iters", "time"} & parsed.params.keys()) and think_time > 0:
        extra = f"time={think_time:g}"
        return f"{parsed.text},{extra}" if ":" in parsed.text else f"{parsed.text}:{extra}"
    return parsed.text


def move_seed(seed: int, seat: int, version: int) -> int:
    """The seed of the computer move in ``seat`` at ``version`` of a game dealt from ``seed``."""
    return derive_seed(agent_seed(seed, seat), "move", version)


def think(spec: str, game: str, seed: int, view: SeatView[Any]) -> str:
    """Choose a move for ``view`` (runs in a worker process); return its notation."""
    agent = make_agent(spec, game, seed)
    return str(agent.choose(view))


class ComputerPool:
    """The worker processes computer seats think in.

    Args:
        workers: How many processes (at least one).
    """

    def __init__(self, workers: int) -> None:
        # forkserver: the workers never inherit the server's threads or sockets.
        context = multiprocessing.get_context("forkserver")
        self.executor: Executor = ProcessPoolExecutor(max(1, workers), mp_context=context)

    def close(self) -> None:
        """Stop the workers (a running search is abandoned)."""
        self.executor.shutdown(wait=False, cancel_futures=True)

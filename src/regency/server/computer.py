"""Computer seats: agents thinking in worker processes, never on the event loop.

A computer move is a pure function of the seat's view, the agent spec and a seed derived
from the deal's seed, the seat and the version, so the same table asks the same question
in every server process and after every restart, and gets the same answer.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
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


def _die_with(server: int) -> None:
    """Worker initializer: end this worker when the server process ends, even by kill -9.

    On Linux the kernel is asked to kill the worker when its parent dies
    (``PR_SET_PDEATHSIG``); a server that died before that was set is caught by the
    parent check. Elsewhere the workers end when the server closes the pool.
    """
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    if os.getppid() != server:
        os._exit(0)


class ComputerPool:
    """The worker processes computer seats think in.

    Args:
        workers: How many processes (at least one).
    """

    def __init__(self, workers: int) -> None:
        # spawn: the workers are the server's own children (so they can follow it when
        # it dies) and never inherit its threads or sockets.
        context = multiprocessing.get_context("spawn")
        self.executor: Executor = ProcessPoolExecutor(
            max(1, workers), mp_context=context, initializer=_die_with, initargs=(os.getpid(),)
        )

    def close(self) -> None:
        """Stop the workers (a running search is abandoned)."""
        self.executor.shutdown(wait=False, cancel_futures=True)

"""Computer seats: agents thinking in worker processes, never on the event loop.

A computer move is a pure function of the seat's view, the agent spec and a seed derived
from the deal's seed, the seat and the version, so the same table asks the same question
in every server process and after every restart, and gets the same answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import logging
import logging.config
import multiprocessing
import os
import signal
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from regency.agents import make_agent, parse_spec
from regency.agents.registry import agent_params, is_slow
from regency.core.errors import RegencyError
from regency.core.registry import game_info
from regency.core.rng import derive_seed
from regency.core.view import SeatView
from regency.tables import agent_seed

__all__ = [
    "WORKER_LOGS",
    "ComputerPool",
    "Thought",
    "effective_spec",
    "fallback_move",
    "move_seed",
    "think",
    "think_in",
]

WORKER_LOGS = "REGENCY_WORKER_LOGS"
"""The environment variable a server sets to its logging configuration (as JSON, for
:func:`logging.config.dictConfig`; :func:`regency.server.operations.logs.configure_logs`): its
workers write their warnings and errors as the server writes its lines."""


def effective_spec(spec: str, think_time: float) -> str:
    """The spec a computer seat runs with: a search with no budget gets ``think_time``.

    Only a search that takes a ``time`` (``ismcts``) gets one; ``rollout`` keeps its
    game's own budget of worlds.
    """
    parsed = parse_spec(spec)
    timed = is_slow(parsed) and "time" in agent_params(parsed.name)
    if timed and not ({"iters", "time"} & parsed.params.keys()) and think_time > 0:
        extra = f"time={think_time:g}"
        return f"{parsed.text},{extra}" if ":" in parsed.text else f"{parsed.text}:{extra}"
    return parsed.text


def move_seed(seed: int, seat: int, version: int) -> int:
    """The seed of the computer move in ``seat`` at ``version`` of a game dealt from ``seed``."""
    return derive_seed(agent_seed(seed, seat), "move", version)


@dataclass(frozen=True, slots=True)
class Thought:
    """A computer seat's answer: the move, and why it is the fallback's if it is.

    Attributes:
        notation: The move, in the game's notation.
        failure: ``None`` if the seat's own agent chose it; else one line saying what
            went wrong, and the move is the game's heuristic's (:func:`fallback_move`).
    """

    notation: str
    failure: str | None = None


def fallback_move(game: str, seed: int, view: SeatView[Any]) -> str:
    """The move played for a computer seat whose agent failed.

    The game's heuristic's move (a random legal move in a game with none).
    """
    name = "heuristic" if game_info(game).heuristic is not None else "random"
    return str(make_agent(name, game, seed).choose(view))


def think(
    spec: str, game: str, seed: int, view: SeatView[Any], time_limit: float | None = None
) -> Thought:
    """Choose a move for ``view`` (runs in a worker process).

    The agent stops searching after ``time_limit`` seconds whatever its own budget. An
    agent that fails (or answers with no legal move) is replaced, for this move, by
    :func:`fallback_move`, and the answer says why.
    """
    try:
        agent = make_agent(spec, game, seed, time_limit=time_limit)
        chosen = agent.choose(view)
        if chosen not in view.legal_actions:
            raise ValueError(f"it chose {str(chosen)!r}, which is not a legal move")
        return Thought(str(chosen))
    except Exception as exc:  # any failure of the agent: the seat still moves
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        return Thought(fallback_move(game, seed, view), f"{spec}: {reason}")


def _die_with(server: int, nice: int = 0) -> None:
    """Worker initializer: end this worker when the server process ends, even by kill -9.

    On Linux the kernel is asked to kill the worker when its parent dies
    (``PR_SET_PDEATHSIG``); a server that died before that was set is caught by the
    parent check. Elsewhere the workers end when the server closes the pool. The
    worker's warnings and errors are written in the server's log format
    (:data:`WORKER_LOGS`).
    """
    if config := os.environ.get(WORKER_LOGS):
        logging.config.dictConfig(json.loads(config))
        logging.captureWarnings(True)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    if os.getppid() != server:
        os._exit(0)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)


class ComputerPool:
    """The worker processes computer seats (or analyses) think in.

    Jobs run in the order they were submitted. The server submits at most one move per
    table at a time, so tables take turns: a table waits for at most one move of each
    other table ahead of it, never for a table's whole game.

    Args:
        workers: How many processes (at least one).
        nice: How much lower the workers' scheduling priority is than the server's
            (analyses run at a lower priority, so computer seats go first on a busy
            machine).
    """

    def __init__(self, workers: int, nice: int = 0) -> None:
        self.workers = max(1, workers)
        self.nice = nice
        self.executor: Executor = self._start()

    def _start(self) -> Executor:
        # spawn: the workers are the server's own children (so they can follow it when
        # it dies) and never inherit its threads or sockets.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            self.workers,
            mp_context=context,
            initializer=_die_with,
            initargs=(os.getpid(), self.nice),
        )

    def restart(self) -> None:
        """Replace a broken pool (a worker was killed) with fresh workers."""
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.executor = self._start()

    def close(self) -> None:
        """Stop the workers (a running search is abandoned) and release the pool.

        The workers are ended rather than waited for, then the pool is shut down to the
        end, so its queues' semaphores are released here: a server stopped by ``SIGTERM``
        dies by the signal right after, with no finalizers, and Python's resource tracker
        would otherwise print a warning about them to the server's log, as plain text.
        """
        executor = self.executor
        # ProcessPoolExecutor has no public way to end its workers (before Python 3.14).
        workers = getattr(executor, "_processes", None) or {}
        for process in list(workers.values()):
            with contextlib.suppress(OSError, ValueError):
                process.terminate()
        executor.shutdown(wait=True, cancel_futures=True)


async def think_in(
    pool: ComputerPool,
    spec: str,
    think_time: float,
    game: str,
    seed: int,
    view: SeatView[Any],
    max_think: float,
) -> Thought:
    """A computer seat's move, thought in one of ``pool``'s workers (:func:`think`).

    The search gets ``think_time`` seconds if its spec names no budget, and stops after
    ``max_think`` seconds whatever its budget. The move is the fallback's
    (:func:`fallback_move`) if the spec no longer parses (stored before specs were
    checked) or the worker itself died; a dead worker's pool is restarted.
    """
    loop = asyncio.get_running_loop()
    executor = pool.executor
    try:
        effective = effective_spec(spec, min(think_time, max_think))
        return await loop.run_in_executor(executor, think, effective, game, seed, view, max_think)
    except RegencyError as exc:
        failure = " ".join(str(exc).split())
    except BrokenProcessPool:
        if pool.executor is executor:  # the first of its waiting moves to notice
            pool.restart()
        failure = "its worker process stopped"
    move = await asyncio.to_thread(fallback_move, game, seed, view)
    return Thought(move, f"{spec}: {failure}")

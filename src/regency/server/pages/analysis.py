"""Move analysis of finished games, for the replay page (``regency.analysis``).

The routes (``POST`` and ``GET /api/tables/{table}/analysis``) are in
:mod:`regency.server.routes.analysis`; this module keeps the analyses.

Analyses have their own queue and their own worker processes (``analysis_workers``,
run at a lower priority than the server), apart from the computer seats' pool: starting
any number of analyses never delays a computer seat's move. Games are analysed one at a
time, in the order asked; a game is analysed once however often it is asked for, and
the finished analyses are kept in memory (the most recent :data:`KEEP`, in each server
process); asking again after a restart, or of another process, recomputes the same
figures (the analysis seed is fixed). A failed analysis is reported (500
``analysis_failed``) until someone POSTs again.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi.responses import JSONResponse

from regency.agents.ladder import computer_name, ladder
from regency.analysis import (
    Analysis,
    Decision,
    agent_spec,
    as_record,
    assemble,
    decisions_due,
    default_agent,
    judge_view,
)
from regency.server.errors import ProtocolError
from regency.server.live.computer import ComputerPool
from regency.server.live.hub import Hub

__all__ = ["AGENT", "KEEP", "RUNNING", "SEED", "Analyses", "judge_name"]

KEEP = 64
"""How many finished analyses the server keeps in memory."""

RUNNING = 1
"""How many games are analysed at once (the others wait their turn)."""

SEED = 0
"""The analysis seed: the same figures as ``regency analyze`` gives by default."""

AGENT: str | None = None
"""The judging agent's spec (``None``: ``regency.analysis.default_agent``, as the CLI)."""


ANALYSIS_NICE = 10
"""How much lower the analysis workers' priority is than the server's (``os.nice``)."""


@dataclass(eq=False, slots=True)  # jobs are told apart by identity (queue positions)
class _Job:
    total: int
    done: int = 0
    running: bool = False
    failed: str | None = None


@dataclass(slots=True)
class Analyses:
    """The analyses the server has made or is making, by table.

    Attributes:
        workers: The analysis worker processes (started when first needed).
        queue: How many analyses may wait for their turn.
        finished: The finished analyses, the most recently used last.
        jobs: The analyses waiting or running, in the order they were asked for.
    """

    workers: int = 1
    queue: int = 16
    finished: OrderedDict[str, dict[str, Any]] = field(default_factory=OrderedDict)
    jobs: dict[str, _Job] = field(default_factory=dict)
    turn: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(RUNNING))
    pool: ComputerPool | None = None

    def _pool(self) -> ComputerPool:
        if self.pool is None:
            self.pool = ComputerPool(self.workers, nice=ANALYSIS_NICE)
        return self.pool

    def close(self) -> None:
        """Stop the analysis workers."""
        if self.pool is not None:
            self.pool.close()

    def status(self, table_id: str) -> JSONResponse | None:
        """The answer for a table already analysed or being analysed (``None``: neither)."""
        if table_id in self.finished:
            self.finished.move_to_end(table_id)
            return JSONResponse(self.finished[table_id])
        job = self.jobs.get(table_id)
        if job is None:
            return None
        if job.failed is not None:
            raise ProtocolError(500, "analysis_failed", job.failed)
        if not job.running:
            waiting = [j for j in self.jobs.values() if not j.running and j.failed is None]
            return JSONResponse(
                {
                    "status": "queued",
                    "position": waiting.index(job) + 1,
                    "done": 0,
                    "total": job.total,
                },
                status_code=202,
            )
        return JSONResponse(
            {"status": "running", "done": job.done, "total": job.total}, status_code=202
        )

    async def start(self, hub: Hub, table_id: str) -> JSONResponse:
        """Start analysing a finished game (or say how far it has got); a failed one again."""
        failed = self.jobs.get(table_id)
        if failed is not None and failed.failed is not None:
            del self.jobs[table_id]
        known = self.status(table_id)
        if known is not None:
            return known
        data = await hub.record(table_id)  # 404 for no such table, 409 while it is played
        waiting = sum(not j.running for j in self.jobs.values())
        if waiting >= self.queue:
            raise ProtocolError(
                429,
                "analysis_queue_full",
                f"{waiting} analyses are waiting already; ask again in a few minutes",
                retry_after=60,
            )
        record, spec, due = await asyncio.to_thread(_prepare, data)
        if table_id in self.jobs or table_id in self.finished:  # asked twice at once
            known = self.status(table_id)
            assert known is not None
            return known
        job = _Job(total=sum(len(view.legal_actions) > 1 for view, _, _ in due))
        self.jobs[table_id] = job

        async def run() -> None:
            loop = asyncio.get_running_loop()
            decisions: list[Decision] = []
            try:
                async with self.turn:
                    job.running = True
                    pool = self._pool()
                    for view, played, number in due:
                        decision = await loop.run_in_executor(
                            pool.executor, judge_view, view, played, number, spec, SEED
                        )
                        decisions.append(decision)
                        job.done += not decision.forced
                analysis: Analysis = assemble(record, spec, SEED, range(record.players), decisions)
            except asyncio.CancelledError:
                self.jobs.pop(table_id, None)
                raise
            except Exception as exc:  # reported to whoever asks next, not lost
                job.failed = f"the analysis failed: {exc}"
                return
            self.finished[table_id] = {
                **analysis.to_dict(),
                "agent_name": judge_name(record.game, record.players, spec),
            }
            while len(self.finished) > KEEP:
                self.finished.popitem(last=False)
            self.jobs.pop(table_id, None)

        hub.spawn(run())
        known = self.status(table_id)
        assert known is not None
        return known


def judge_name(game: str, players: int, spec: str) -> str:
    """The judge as people call it: the level whose search it is (``"Strongest computer"``).

    The default judge (``regency.analysis.default_agent``) is the default opponent's
    search at a share of its budget: it is named after the top level; any other spec
    by its own level, or "Computer" (:func:`regency.agents.ladder.computer_name`).
    """
    if spec == default_agent(game, players):
        return ladder(game, players)[-1].computer
    return computer_name(game, players, spec)


def _prepare(data: dict[str, Any]) -> tuple[Any, str, list[Any]]:
    record = as_record(data)
    return record, agent_spec(record, AGENT), decisions_due(record)

"""Moves committed in groups: the moves of many tables that arrive together, in one transaction.

A move is acknowledged only once it is committed, and a commit costs a round trip to the
database (with PostgreSQL, a flush to disk too). :class:`GroupCommit` commits the moves
that reach it in one turn of the event loop (and, with PostgreSQL, while the previous
group's commit is under way) together, through
:meth:`~regency.server.storage.database.Storage.commit_moves`, and answers each with
whether it landed. Each move is still guarded by its table's version, so grouping never
lets a stale move in.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeAlias

from regency.server.storage.database import MoveCommit, Storage

__all__ = ["GroupCommit"]

Waiting: TypeAlias = list[tuple[MoveCommit, asyncio.Future[bool]]]
"""A group of moves, each with the future its sender awaits."""


class GroupCommit:
    """Commits moves in groups; each sender learns whether its own move landed.

    With SQLite (one writer, :attr:`Storage.inline_writes`) a group commits on the event
    loop, at the end of the turn that gathered it. With PostgreSQL it commits in a thread
    of its own, and the moves that arrive meanwhile form the next group.

    Args:
        storage: The database.
        spawn: Runs a background task owned by the hub (the PostgreSQL committer's
            loop), so that closing the hub cancels it.
    """

    def __init__(
        self, storage: Storage, spawn: Callable[[Coroutine[Any, Any, None]], None]
    ) -> None:
        self.storage = storage
        self._spawn = spawn
        self._batch: Waiting = []
        """Moves waiting for the next grouped commit (see :meth:`land`)."""
        self._flushing = False
        # Moves commit in a thread of their own (PostgreSQL): in the shared default
        # pool a burst of other queries (tables opened, loaded, counted) queued ahead of
        # them and held every move's acknowledgement back. One thread is enough, since
        # one group commits at a time (see :meth:`_flush_in_threads`).
        self._committer = (
            None
            if storage.inline_writes
            else ThreadPoolExecutor(1, thread_name_prefix="regency-commit")
        )

    async def land(self, move: MoveCommit) -> bool:
        """Commit ``move``, grouped with the moves of other tables that arrive with it.

        The moves that reach this point in one turn of the event loop (and, with
        PostgreSQL, while the previous group's commit is under way) are committed
        together in one transaction; each is answered once that transaction has
        committed, with whether it landed (``False``: its table's version had moved on).
        """
        loop = asyncio.get_running_loop()
        landed: asyncio.Future[bool] = loop.create_future()
        self._batch.append((move, landed))
        if not self._flushing:
            self._flushing = True
            if self.storage.inline_writes:
                loop.call_soon(self._flush_here)
            else:
                self._spawn(self._flush_in_threads())
        return await landed

    def _flush_here(self) -> None:
        batch, self._batch = self._batch, []
        self._flushing = False
        try:
            landed = self.storage.commit_moves([m for m, _ in batch])
        except Exception as exc:  # the database failed: every move of the group did
            _fail(batch, exc)
            return
        _settle(batch, landed)

    async def _flush_in_threads(self) -> None:
        try:
            while self._batch:
                batch, self._batch = self._batch, []
                try:
                    landed = await asyncio.get_running_loop().run_in_executor(
                        self._committer, self.storage.commit_moves, [m for m, _ in batch]
                    )
                except asyncio.CancelledError:
                    self._batch[:0] = batch  # answered below
                    raise
                except Exception as exc:
                    _fail(batch, exc)
                    continue
                _settle(batch, landed)
        finally:
            self._flushing = False
            for _, waiting in self._batch:
                waiting.cancel()  # the server is closing
            self._batch = []

    async def close(self) -> None:
        """Let a commit under way finish, and start none (call once the tasks are cancelled)."""
        if self._committer is not None:
            await asyncio.to_thread(self._committer.shutdown, True, cancel_futures=True)


def _settle(batch: Waiting, landed: list[bool]) -> None:
    """Tell each move of a committed group whether it landed."""
    for (_, waiting), ok in zip(batch, landed, strict=True):
        if not waiting.done():
            waiting.set_result(ok)


def _fail(batch: Waiting, exc: Exception) -> None:
    """Every move of a group whose commit failed gets the database's error."""
    for _, waiting in batch:
        if not waiting.done():
            waiting.set_exception(exc)

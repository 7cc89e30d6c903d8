"""The coach at a table set up for a first game (``"coach": true``; docs/learn.md).

A coached table's person may ask for a note on each of their moves (how the computer
would have judged it) and, on their turn, for a hint in words. Both are worked out by
:mod:`regency.learn.coach` in the server's worker pool, never on the event loop: the job
gets the game as a record's parts and replays it, and only the seat's view reaches the
judging agent. Notes are kept per table (a page that reloads asks again), the latest
:data:`KEPT` in each server process. A table asks one question at a time (another
while one is worked out is refused, 429 ``coach_busy``), so the coach costs the pool at
most one job per coached table. Every other table refuses the coach (409 ``no_coach``).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from regency.core.i18n import _, language
from regency.learn.coach import CoachError, hint, note
from regency.server.errors import ProtocolError
from regency.server.live.computer import ComputerPool
from regency.server.live.table import LiveTable

__all__ = ["KEPT", "Coach", "is_coached"]

KEPT = 512
"""How many notes a server process keeps (a note is a few hundred bytes)."""


def is_coached(live: LiveTable) -> bool:
    """Whether the table was set up with the coach."""
    return bool(live.row.settings.get("coach"))


def _record_parts(live: LiveTable) -> tuple[str, int, int, dict[str, Any], list[str]]:
    game = live.game
    return (
        live.row.game,
        live.row.players,
        live.row.seed,
        dict(live.row.options),
        [str(a) for a in game.actions],
    )


class Coach:
    """The coach of a server process: notes and hints worked out in its worker pool.

    Args:
        pool: The worker processes (the computer seats' pool).
    """

    def __init__(self, pool: ComputerPool) -> None:
        self.pool = pool
        self.notes: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
        self.busy: set[str] = set()

    def _check(self, live: LiveTable) -> None:
        if not is_coached(live):
            raise ProtocolError(
                409, "no_coach", _("this table was not set up with a coach (a first game is)")
            )

    async def _ask(self, live: LiveTable, job: Any, *args: Any) -> Any:
        """Run ``job(*args)`` in the pool, one question at a time per table."""
        if live.id in self.busy:
            raise ProtocolError(
                429,
                "coach_busy",
                _("the coach is still answering this table's last question"),
                retry_after=1,
            )
        self.busy.add(live.id)
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.pool.executor, job, *args)
        finally:
            self.busy.discard(live.id)

    async def note(self, live: LiveTable, seat: int, number: int) -> dict[str, Any]:
        """The note on move ``number``, which ``seat`` made.

        Raises:
            ProtocolError: 409 ``no_coach``; 422 ``not_your_move`` for a move that is not
                one of the seat's; 429 ``coach_busy``.
        """
        self._check(live)
        # Notes are words: kept per language (a worker process does not share the
        # request's context, so the language goes with the question).
        key = (live.id, number, language())
        if key in self.notes:
            self.notes.move_to_end(key)
            found = self.notes[key]
        else:
            name, players, seed, options, moves = _record_parts(live)
            try:
                made = await self._ask(
                    live, note, name, players, seed, options, moves, number, language()
                )
            except CoachError as exc:
                raise ProtocolError(422, "not_your_move", str(exc)) from None
            found = made.to_dict()
            self.notes[key] = found
            while len(self.notes) > KEPT:
                self.notes.popitem(last=False)
        if found["seat"] != seat:
            raise ProtocolError(
                422,
                "not_your_move",
                _("move {number} was not seat {seat}'s", number=number, seat=seat),
            )
        return found

    async def hint(self, live: LiveTable, seat: int) -> dict[str, Any]:
        """What ``seat`` should think about now, in words.

        Raises:
            ProtocolError: 409 ``no_coach``; 409 ``not_your_turn``; 429 ``coach_busy``.
        """
        self._check(live)
        if live.game.current_player != seat:
            raise ProtocolError(409, "not_your_turn", _("the coach gives hints on your turn"))
        name, players, seed, options, moves = _record_parts(live)
        try:
            text = await self._ask(
                live, hint, name, players, seed, options, moves, seat, language()
            )
        except CoachError as exc:
            raise ProtocolError(409, "not_your_turn", str(exc)) from None
        return {"version": len(moves), "text": text}

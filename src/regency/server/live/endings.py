"""How a table ends: played out, resigned or aborted; and people who leave a game.

Every table ends in one of three ways, stored in ``tables.ending`` (its values are
:data:`~regency.server.storage.database.ENDINGS`) with the details in ``tables.result``:

* ``finished``: the game was played to its end; ``result`` is the engine's.
* ``resigned``: a person resigned at a table of two sides (two players, or 4-player
  Claim's two partnerships, where one partner resigns for both); the other side won.
  ``result``: ``{"ending": "resigned", "by": SEAT, "winners": [...], "left": [...]}``.
* ``aborted``: the game ended before it started: a person aborted before their first
  move, or the first move of a person never came in time (:mod:`~regency.server.live.
  clocks`). Nobody won, and the game is never rated. ``result``: ``{"ending":
  "aborted", "aborted": true, "by": SEAT or null, "waited_for": SEAT or null,
  "winners": [], "left": [...]}`` (``by``: who aborted; ``waited_for``: whose first
  move the clock waited for).

At a table of three or more sides nobody resigns: a person **leaves** (after their
first move; before it they abort), and the computer (the table's ``takeover_agent``)
plays their seat to the end (``seats.left_at``); the game is then played out, and its
result lists the seats that left (``left``).

Everything a client is shown of it is :func:`public_ending`: the same object in the
views, the summary, the history and the record's ``meta`` (data, no words: the pages and
``regency connect`` say it in their own).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.storage.changes import end_table, leave_seat
from regency.server.storage.database import ABORTED, FINISHED, RESIGNED, TableRow

if TYPE_CHECKING:
    import regency
    from regency.server.live.hub import Hub
    from regency.server.live.table import LiveTable

__all__ = [
    "ABORT",
    "ACTS",
    "LEAVE",
    "RESIGN",
    "abort_unstarted",
    "aborted_result",
    "end_early",
    "ending_of",
    "public_ending",
    "resigned_result",
    "sides",
    "why_not",
]

ABORT = "abort"
"""End the table before your first move: nobody wins, never rated."""
RESIGN = "resign"
"""At a table of two sides, after your first move: the other side wins."""
LEAVE = "leave"
"""At a table of three or more sides, after your first move: the computer plays on."""
ACTS = (ABORT, RESIGN, LEAVE)


def sides(game: regency.Game[Any]) -> list[list[int]]:
    """The sides playing against each other: partners together, everyone else alone.

    Read from the public observation's ``teams`` (4-player Claim's partnerships), so no
    game is named here.
    """
    teams = game.observation(None).get("teams")
    if isinstance(teams, list) and teams:
        return [sorted(int(s) for s in team) for team in teams]
    return [[seat] for seat in range(game.num_players)]


def why_not(live: LiveTable, seat: int, act: str) -> str | None:
    """Why the person in ``seat`` may not ``act`` (abort, resign, leave) now; ``None``: they may.

    Before their first move a person aborts; after it, at a table of two sides they
    resign and at one of more they leave.
    """
    if live.over:
        return _("the game is over")
    row = live.row.seats[seat]
    if row.agent is not None:
        return _("seat {seat} is a computer's", seat=seat)
    if row.left_at is not None:
        return _("you left this game: the computer plays your seat to the end")
    two = len(live.sides) == 2
    instead = RESIGN if two else LEAVE
    if act == ABORT:
        if live.moved(seat):
            return _("you have moved already: {instead} instead", instead=instead)
        return None
    if not live.moved(seat):
        return _("you have not moved yet: abort instead (the table ends, nobody wins)")
    if act == RESIGN and not two:
        return _(
            "a game of {sides} sides goes on without you: leave instead (the computer plays your "
            "seat to the end)",
            sides=len(live.sides),
        )
    if act == LEAVE and two:
        return _("a game of two sides ends when one leaves it: resign instead")
    return None


def public_ending(how: str, result: dict[str, Any], left: list[int]) -> dict[str, Any]:
    """How a table ended, as every client is shown it.

    ``{"how": "finished" | "resigned" | "aborted", "by": SEAT | None, "winners": [...],
    "left": [...], "waited_for": SEAT | None}``: ``by`` resigned or aborted;
    ``waited_for`` is the seat whose first move never came (an abort by the clock).
    """
    by = result.get("by")
    waited = result.get("waited_for")
    return {
        "how": how,
        "by": by if isinstance(by, int) else None,
        "winners": [int(s) for s in result.get("winners", [])],
        "left": sorted(left),
        "waited_for": waited if isinstance(waited, int) else None,
    }


def ending_of(row: TableRow) -> dict[str, Any] | None:
    """:func:`public_ending` of a stored table (``None``: still played)."""
    if not row.finished:
        return None
    left = [s.seat for s in row.seats if s.left_at is not None]
    return public_ending(row.ending or FINISHED, row.result or {}, left)


def resigned_result(live: LiveTable, seat: int) -> dict[str, Any]:
    """The stored result of ``seat`` resigning: its side lost, the other side won."""
    side = next(s for s in live.sides if seat in s)
    winners = [s for s in range(live.row.players) if s not in side]
    return {"ending": RESIGNED, "by": seat, "winners": winners, "left": live.left()}


def aborted_result(by: int | None, waited_for: int | None, left: list[int]) -> dict[str, Any]:
    """The stored result of an aborted table (``aborted: true``: never rated)."""
    return {
        "ending": ABORTED,
        "aborted": True,
        "by": by,
        "waited_for": waited_for,
        "winners": [],
        "left": left,
    }


async def _end(hub: Hub, live: LiveTable, how: str, result: dict[str, Any]) -> bool:
    """Store the end (call with the table's lock held); ``False`` if the table moved on."""
    now = time.time()
    if not await hub.write(end_table, hub.storage, live.id, live.version, how, result, now):
        await hub.refresh(live, seats=True)
        return False
    live.row = replace(live.row, finished=True, ending=how, result=result, updated_at=now)
    if live.task is not None:
        live.task.cancel()  # a computer thinking for the table: there is nothing to play
    return True


async def end_early(
    hub: Hub, table_id: str, seat: int, token: str | None, act: str, account: int | None = None
) -> dict[str, Any]:
    """A person aborts, resigns or leaves (``act``), by their seat's token or account.

    ``account`` is the signed-in account that sits at ``seat``, when no token is given.

    Returns:
        ``{"type": "ended", "table", "ending"}`` for an abort or a resignation,
        ``{"type": "left", "table", "seat", "replaced_by"}`` for leaving.

    Raises:
        ProtocolError: 404 (table, seat), 403 (token), 409 ``cannot_abort``,
            ``cannot_resign`` or ``cannot_leave`` (:func:`why_not`'s reason), or
            ``stale_version`` (the table kept changing under the request).
    """
    live = await hub.get(table_id)
    live.check_token(seat, token, account)
    async with live.lock:
        for _attempt in range(3):  # a move landing meanwhile on another process: decide again
            reason = why_not(live, seat, act)
            if reason is not None:
                raise ProtocolError(409, f"cannot_{act}", reason, version=live.version)
            if act == LEAVE:
                if await _leave(hub, live, seat):
                    break
            elif act == RESIGN:
                if await _end(hub, live, RESIGNED, resigned_result(live, seat)):
                    break
            elif await _end(hub, live, ABORTED, aborted_result(seat, None, live.left())):
                break
        else:
            raise ProtocolError(
                409, "stale_version", _("the table kept changing: try again"), version=live.version
            )
    hub._changed(live)
    if act == LEAVE:
        agent = live.row.seats[seat].replaced_by
        return {"type": "left", "table": table_id, "seat": seat, "replaced_by": agent}
    return {"type": "ended", "table": table_id, "ending": live.ending()}


async def _leave(hub: Hub, live: LiveTable, seat: int) -> bool:
    """The person in ``seat`` leaves; the take-over agent plays it to the end."""
    agent = str(live.row.settings.get("takeover_agent") or "heuristic")
    now = time.time()
    if not await hub.write(leave_seat, hub.storage, live.id, seat, agent, now):
        await hub.refresh(live, seats=True)
        return False
    seats = list(live.row.seats)
    seats[seat] = replace(seats[seat], replaced_by=agent, left_at=now)
    live.row = replace(live.row, seats=tuple(seats))
    return True


async def abort_unstarted(hub: Hub, live: LiveTable, now: float) -> bool:
    """Abort the table if the seat to move's first move has not come in time.

    Called by the clock's check (:meth:`Hub.check_clocks`); returns whether it did.
    """
    async with live.lock:
        due = live.abort_at()
        seat = live.game.current_player
        if due is None or now < due or seat is None:
            return False  # a move (or another process's abort) came first
        if not await _end(hub, live, ABORTED, aborted_result(None, seat, live.left())):
            return False
    hub._changed(live)
    return True

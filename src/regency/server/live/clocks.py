"""Move clocks: a per-move time limit a table chooses at set-up.

A table with a clock gives the seat to move a fixed time for each move, counted from the
start of its turn or from when its person opened the table (their page or socket
connected, or their view read with their seat's token), whichever is later: a clock
waits for its people. A person who has not opened the table has no clock running.

**First moves.** Until a person has made their first move, a clock that runs out aborts
the table instead (nobody wins, as Lichess aborts a game whose first move never comes):
a computer never plays a whole game for someone who never came. A person who has not
opened the table at all is waited for the longer of the limit and the table's
``open_wait`` (:func:`open_wait`, ``--open-wait``, 10 minutes unless set) from the start
of their turn; then the table is aborted.

**After the first move**, when the clock runs out, a computer player (the table's
``takeover_agent``) takes the seat and plays that move, and the seat's following moves,
until the person takes the seat back (``POST .../return``, or simply a move of their own
on their turn): the person came back or they did not, and a player who lets one move's
clock run out has usually gone, so the others need not wait out every later move too.

The deadline is never a timer in memory: it is the start of the turn (the last move's
stored ``at``, or the table's creation) or the stored opening of the table, whichever
is later, plus the limit, so a restarted server finds the
same deadline in the database, and a clock that ran out while the server was down is
honoured as soon as the table is loaded. The one thing held in memory is the grace a
person gets by taking the seat back on their own turn (a fresh limit for that move); after
a restart the deadline is the stored one again.

The allowed limits are a fixed set (:data:`MOVE_LIMITS`); a server for tests may accept
one more, shorter limit (``ServerSettings.test_move_seconds``). ``takeover_minutes``, the
older form of the same setting, is still taken: any number of minutes up to a day.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regency.server.settings import OPEN_WAIT

__all__ = ["MOVE_LIMITS", "OPEN_WAIT", "allowed_limits", "move_limit", "open_wait"]

MOVE_LIMITS = (30, 120, 86_400)
"""The per-move limits a table may choose, in seconds: 30 s, 2 min, 24 h (slow games
played by link)."""


def allowed_limits(test_seconds: float = 0.0) -> tuple[float, ...]:
    """The limits a server accepts: :data:`MOVE_LIMITS`, and its test limit if it has one."""
    return (test_seconds, *MOVE_LIMITS) if test_seconds > 0 else tuple(map(float, MOVE_LIMITS))


def move_limit(settings: Mapping[str, Any]) -> float | None:
    """A table's per-move limit in seconds, from its stored settings (``None``: no clock).

    ``move_seconds`` if set, else the older ``takeover_minutes`` in seconds.
    """
    seconds = settings.get("move_seconds")
    if seconds is not None:
        return float(seconds)
    minutes = settings.get("takeover_minutes")
    return None if minutes is None else float(minutes) * 60


def open_wait(settings: Mapping[str, Any]) -> float:
    """How long a table waits for a person who has not opened it: stored at set-up.

    The table's ``open_wait`` setting (the server's ``--open-wait`` when it was set up),
    else :data:`OPEN_WAIT`.
    """
    stored = settings.get("open_wait")
    return float(stored) if isinstance(stored, (int, float)) and stored > 0 else OPEN_WAIT

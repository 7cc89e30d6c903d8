"""Throttled sign-in: how many failures an account and an address may have, and for how long.

Failed sign-ins are counted per user name (whether or not an account has it, so the
answer is the same for both) and per client address, over a sliding window of
:data:`WINDOW` seconds; the counts live in the database, so every server process shares
them. A name with :data:`PER_NAME` failures in the window, or an address with
:data:`PER_ADDRESS`, is refused (429, ``Retry-After``) until the oldest of them leaves the
window, before any password is checked. A successful sign-in clears its name's failures.

Example:
    >>> wait([100.0, 200.0, 300.0, 400.0, 500.0], limit=5, now=600.0)
    400.0
    >>> wait([100.0], limit=5, now=600.0)
    0.0
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["PER_ADDRESS", "PER_NAME", "WINDOW", "wait"]

WINDOW = 15 * 60.0
"""Seconds a failed sign-in counts for."""

PER_NAME = 5
"""Failed sign-ins one user name may have in the window."""

PER_ADDRESS = 20
"""Failed sign-ins one client address may have in the window (over every name)."""


def wait(failures: Sequence[float], limit: int, now: float) -> float:
    """Seconds until another try is allowed (0: allowed now).

    Args:
        failures: When the failures within the window happened (any order).
        limit: How many the window allows.
        now: The time now.
    """
    recent = sorted(t for t in failures if now - t < WINDOW)
    if len(recent) < limit:
        return 0.0
    return recent[-limit] + WINDOW - now

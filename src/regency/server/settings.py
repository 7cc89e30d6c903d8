"""How a server runs: its database, workers, and the caps on everything that costs it work.

Every cap here is documented in docs/server.md ("Limits") and has a ``regency serve`` flag.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from dataclasses import dataclass

__all__ = ["MIN_DECISION", "OPEN_WAIT", "RateLimit", "ServerSettings"]

MIN_DECISION = 0.25
"""The least seconds a computer seat's decision may search, however little of its turn's
``max_answer`` is left (a search always finishes its first world: docs/opponents.md)."""

OPEN_WAIT = 600.0
"""Seconds a table with a move clock waits, at least, for a person to open it before their
first move (``--open-wait``; :mod:`regency.server.live.clocks`)."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """How a server runs.

    Attributes:
        database: A SQLAlchemy URL (``sqlite:///...`` or ``postgresql+psycopg://...``).
        workers: Processes computer seats think in.
        migrate: Whether to apply the migrations at start.
        takeover_tick: Seconds between checks of the move clocks (fine enough for a
            30 s clock).
        max_think: The most seconds a computer seat may think about one move: a spec
            asking for more (``ismcts:time=100``) is refused, and every search is
            stopped there whatever its iterations.
        max_iterations: The largest ``iters``, ``most`` or ``infer`` an agent spec may ask for,
            and ``pimc``'s ``nodes`` and ``leaf`` (positions the solver may search).
        chat_messages: How many chat messages one seat may send in any ``chat_seconds``;
            more are refused (429). The pages learn both (``GET /api/limits``) and hold
            back what would be refused.
        chat_seconds: The window of the chat's rate limit, in seconds.
        max_answer: The most seconds a computer seat's turn takes, all its decisions
            together (Claim Kingdoms' card, its power and the card taken; Kingdoms' draw
            and the tile's square): each decision's search stops at what is left of it,
            but at :data:`MIN_DECISION` seconds at the least, so that the person waits
            about this long at most, whatever the spec's own budget.
        max_open_tables: How many unfinished tables the server keeps; setting up one
            more is refused (503) until some end or expire.
        tables_per_minute: How many tables one client (by address) may set up per
            minute; more are refused (429).
        expire_days: An unfinished table with no move for this many days is removed
            (its invite links then answer 404); ``0`` keeps tables for ever.
        expire_tick: Seconds between sweeps for expired tables.
        analysis_workers: Processes game analyses run in, apart from computer seats.
        analysis_queue: How many analyses may wait for their turn; more are refused (429).
        open_wait: Seconds a table with a move clock waits, at least, for a person who
            has not opened it (before their first move); then the table is aborted. Kept
            with each table as it is set up (:mod:`regency.server.live.clocks`).
        test_move_seconds: For tests only (no ``regency serve`` flag): one more move
            clock the server accepts besides the fixed set (``0``: none), so a test can
            watch a clock run out in seconds.
        open_tables_per_person: Open tables one person (an account, or a guest's
            browser) may have listed at once; one more is refused (429).
        waiting_per_person: Places one person may wait in at once: queues of quick
            pairing and seats at open tables, their own included (429 past it).
        pairing_per_minute: Requests to join, leave, open, sit at or close that one
            client (by address) may make per minute (429 past it).
        open_table_minutes: An open table nobody has sat down at for this long closes.
        pairing_tick: Seconds between rounds of quick pairing (and sweeps of the lobby).
        entry_stale: Seconds a place in a queue or at an open table is kept without its
            page (or its client) being seen; then it is given up.
        tournaments_per_person: Tournaments not over that one account may have set up;
            one more is refused (429).
        max_tournaments: Tournaments not over on the server; one more is refused (503).
        tournament_tick: Seconds between two turns of the tournaments' director
            (starting events, reading results, pairing rounds and arena games).
        test_arena_minutes: For tests only (no flag): the shortest arena the server
            accepts instead of :class:`regency.tournaments.Limits`' five minutes.
        test_hashing: For tests only (no flag): hash passwords with Argon2id at 1 MiB
            and one pass instead of :data:`regency.accounts.passwords.HASHER`'s 46 MiB,
            so tests that sign many people up run quickly.
        test_pseudo: For tests only (no flag; or the environment's ``REGENCY_PSEUDO=1``):
            accept the made-up ``pseudo`` language from the ``lang`` cookie
            (:mod:`regency.server.language`, docs/i18n.md), and every shipped
            language, translated whole or not.
        test_languages: For tests only (no flag): serve every shipped language, not
            only those :func:`regency.core.i18n.offered` (translated whole).
    """

    database: str
    workers: int = 1
    migrate: bool = True
    takeover_tick: float = 1.0
    max_think: float = 10.0
    max_iterations: int = 100_000
    chat_messages: int = 5
    chat_seconds: float = 10.0
    max_answer: float = 1.5
    max_open_tables: int = 2_000
    tables_per_minute: int = 30
    expire_days: float = 14.0
    expire_tick: float = 3600.0
    analysis_workers: int = 1
    analysis_queue: int = 16
    open_wait: float = OPEN_WAIT
    open_tables_per_person: int = 3
    waiting_per_person: int = 5
    pairing_per_minute: int = 60
    open_table_minutes: float = 15.0
    pairing_tick: float = 1.0
    entry_stale: float = 60.0
    test_move_seconds: float = 0.0
    tournaments_per_person: int = 5
    max_tournaments: int = 200
    tournament_tick: float = 2.0
    test_arena_minutes: float = 0.0
    test_hashing: bool = False
    test_pseudo: bool = False
    test_languages: bool = False


class RateLimit:
    """At most ``per_minute`` events per client in any sliding minute.

    Args:
        per_minute: The events allowed per client per minute.
        clients: How many clients are remembered at once (the least recently seen are
            forgotten first), so the limiter's own memory is bounded too.
    """

    def __init__(self, per_minute: int, clients: int = 10_000) -> None:
        self.per_minute = per_minute
        self.clients = clients
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def allow(self, client: str, now: float | None = None) -> float:
        """Count one event for ``client``; return 0 if allowed, else seconds to wait."""
        now = time.monotonic() if now is None else now
        times = self._seen.pop(client, None) or deque()
        while times and now - times[0] >= 60.0:
            times.popleft()
        self._seen[client] = times
        while len(self._seen) > self.clients:
            self._seen.popitem(last=False)
        if len(times) >= self.per_minute:
            return 60.0 - (now - times[0])
        times.append(now)
        return 0.0

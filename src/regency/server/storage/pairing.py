"""Storage of quick pairing and open tables (schema revision ``0005``): who waits, and where.

Beside the tables (:mod:`~regency.server.storage.database`), in the same database, so
every server process shares one queue per pool and one list of open tables, and a
restart loses nothing: ``open_tables`` and ``pairing_entries``
(:mod:`~regency.server.storage.waiting`: an open table's
:class:`~regency.server.storage.waiting.Listing`, a person's
:class:`~regency.server.storage.waiting.Entry` in a queue or at an open table).

**Nobody seated twice, no table made twice.** An entry is claimed for a table with
``UPDATE ... WHERE id = :e AND table_id IS NULL`` in the transaction that stores the
table; the same transaction withdraws every other entry of the people it seats (their
other queues, the other open tables they sat at). Of two transactions that want one
entry, in one process or two, the second finds it claimed or gone, and stores nothing
(:meth:`PairingStore.seat`, :meth:`PairingStore.start`). An open table's row is locked
(``SELECT ... FOR UPDATE`` on PostgreSQL) while someone sits down or it starts, so two
people cannot take its last seat. With PostgreSQL one process runs a matching round at a
time (:meth:`PairingStore.round_lock`: a session advisory lock); the others' people are
in the same queue and are seated by it.

**Announcements.** Each change returns the events it makes (``open:ID``, ``gone:ID:WHY``,
``seated:TABLE:ENTRY=SEAT,...``, ``left:ENTRY,...:WHY``, ``pools``); with PostgreSQL the
transaction also sends them as ``NOTIFY`` on :data:`LOBBY_CHANNEL`, delivered if and only
if it commits, to every process's lobby (``regency.server.live.lobby``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from regency.server.errors import ProtocolError
from regency.server.storage.database import Storage
from regency.server.storage.waiting import (
    Entry,
    Listing,
    Made,
    entries_t,
    entry_of,
    entry_values,
    listing_of,
    open_tables_t,
)

__all__ = ["LOBBY_CHANNEL", "ROUND_LOCK", "PairingStore"]

LOBBY_CHANNEL = "regency_lobby"
"""The PostgreSQL NOTIFY channel of the lobby's changes (open tables, queues, seatings)."""

ROUND_LOCK = 7312
"""The advisory lock key a matching round holds on PostgreSQL (the migrations hold 7311)."""


class _Taken(Exception):
    """An entry a table wanted was claimed or withdrawn first."""

    def __init__(self, made: Made) -> None:
        super().__init__(made.row.id)
        self.made = made


class PairingStore:
    """The queues and the open tables in the server's database.

    Args:
        storage: The server's database (its engine is shared, and tables are stored
            with its own insert).
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    # -- reading ---------------------------------------------------------------------

    def entry(self, entry_id: str) -> Entry | None:
        """The entry with that id, or ``None``."""
        found = self.entries([entry_id])
        return found[0] if found else None

    def entries(self, ids: Sequence[str]) -> list[Entry]:
        """The entries with these ids (those that exist)."""
        if not ids:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(entries_t.select().where(entries_t.c.id.in_(list(ids)))).all()
        return [entry_of(r) for r in rows]

    def waiting(self) -> list[Entry]:
        """Everyone waiting in a pool's queue."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                entries_t.select().where(
                    entries_t.c.table_id.is_(None), entries_t.c.pool.is_not(None)
                )
            ).all()
        return [entry_of(r) for r in rows]

    def counts(self) -> dict[tuple[str, bool], int]:
        """How many wait in each queue: (pool, rated) -> count."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(entries_t.c.pool, entries_t.c.rated, sa.func.count())
                .where(entries_t.c.table_id.is_(None), entries_t.c.pool.is_not(None))
                .group_by(entries_t.c.pool, entries_t.c.rated)
            ).all()
        return {(r[0], bool(r[1])): int(r[2]) for r in rows}

    def listing(self, open_id: str) -> Listing | None:
        """The open table with that id (listed or ended), with its people, or ``None``."""
        with self.engine.connect() as conn:
            return self._readlisting_of(conn, open_id, lock=False)

    def listings(self) -> list[Listing]:
        """Every open table still listed, oldest first, with its people."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                open_tables_t.select()
                .where(open_tables_t.c.ended.is_(None))
                .order_by(open_tables_t.c.created_at, open_tables_t.c.id)
            ).all()
            ids = [r.id for r in rows]
            seated: dict[str, list[Entry]] = {}
            for chunk in range(0, len(ids), 500):
                found = conn.execute(
                    entries_t.select()
                    .where(entries_t.c.open_id.in_(ids[chunk : chunk + 500]))
                    .order_by(entries_t.c.joined_at, entries_t.c.id)
                ).all()
                for e in found:
                    seated.setdefault(e.open_id, []).append(entry_of(e))
        return [listing_of(r, seated.get(r.id, [])) for r in rows]

    def _readlisting_of(self, conn: Connection, open_id: str, lock: bool) -> Listing | None:
        query = open_tables_t.select().where(open_tables_t.c.id == open_id)
        if lock and self.storage.is_postgres:
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None:
            return None
        found = conn.execute(
            entries_t.select()
            .where(entries_t.c.open_id == open_id)
            .order_by(entries_t.c.joined_at, entries_t.c.id)
        ).all()
        return listing_of(row, (entry_of(e) for e in found))

    # -- announcing ------------------------------------------------------------------

    def _announce(self, conn: Connection, events: Sequence[str]) -> None:
        """With PostgreSQL, ``NOTIFY`` every process's lobby of ``events`` in ``conn``."""
        if self.storage.is_postgres:
            for event in dict.fromkeys(events):  # each once, in order
                conn.execute(
                    sa.text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": LOBBY_CHANNEL, "payload": event},
                )

    @contextmanager
    def round_lock(self) -> Iterator[bool]:
        """Whether this process may run a matching round now (held until the block ends).

        PostgreSQL: a session advisory lock, tried without waiting (another process
        matching now seats this process's people too). A process that dies lets it go
        with its connection. SQLite serves one process: always.
        """
        if not self.storage.is_postgres:
            yield True
            return
        with self.engine.connect() as conn:
            key = {"k": ROUND_LOCK}
            got = bool(conn.execute(sa.text("SELECT pg_try_advisory_lock(:k)"), key).scalar())
            conn.commit()
            try:
                yield got
            finally:
                if got:
                    conn.execute(sa.text("SELECT pg_advisory_unlock(:k)"), key)
                    conn.commit()

    # -- queues ----------------------------------------------------------------------

    def _held(self, conn: Connection, person: str, most: int) -> None:
        """Refuse (429 ``too_many_entries``) a person already waiting in ``most`` places."""
        held = conn.execute(
            sa.select(sa.func.count()).where(
                entries_t.c.person == person, entries_t.c.table_id.is_(None)
            )
        ).scalar()
        if int(held or 0) >= most:
            raise ProtocolError(
                429,
                "too_many_entries",
                f"you wait in {most} places already (queues and open tables): leave one first",
                limit=most,
            )

    def join(self, entry: Entry, most: int) -> tuple[list[str], int]:
        """Put ``entry`` in its pool's queue; the events, and how many wait in that queue now.

        Raises:
            ProtocolError: 429 ``too_many_entries`` (the person waits in ``most`` places),
                409 ``already_waiting`` (in this queue already).
        """
        try:
            with self.engine.begin() as conn:
                self._held(conn, entry.person, most)
                conn.execute(entries_t.insert().values(**entry_values(entry)))
                waiting = conn.execute(
                    sa.select(sa.func.count()).where(
                        entries_t.c.pool == entry.pool,
                        entries_t.c.rated == entry.rated,
                        entries_t.c.table_id.is_(None),
                    )
                ).scalar()
                events = ["pools"]
                self._announce(conn, events)
        except IntegrityError:
            raise ProtocolError(409, "already_waiting", "you wait in this queue already") from None
        return events, int(waiting or 0)

    def leave(self, entry_id: str, person: str) -> tuple[Entry | None, list[str]]:
        """Withdraw a waiting entry of ``person``; the entry as it was, and the events.

        Leaving an open table one opened closes it. ``None`` if there is no such entry.

        Raises:
            ProtocolError: 403 ``forbidden`` (another person's), 409 ``already_seated``
                (it was seated: its table and seat come with the refusal).
        """
        with self.engine.begin() as conn:
            row = conn.execute(entries_t.select().where(entries_t.c.id == entry_id)).first()
            if row is None:
                return None, []
            entry = entry_of(row)
            if entry.person != person:
                raise ProtocolError(403, "forbidden", "that is not your place in the queue")
            if entry.open_id is not None:
                self._readlisting_of(conn, entry.open_id, lock=True)  # wait for a start under way
                row = conn.execute(entries_t.select().where(entries_t.c.id == entry_id)).first()
                if row is None:
                    return None, []
                entry = entry_of(row)
            if not entry.waiting:
                raise ProtocolError(
                    409,
                    "already_seated",
                    "you were seated already: go to your table",
                    table=entry.table_id,
                    seat=entry.seat,
                )
            events = self._withdraw(conn, [entry], "left")
            self._announce(conn, events)
        return entry, events

    def touch(self, ids: Sequence[str], now: float) -> None:
        """Note that the waiting entries ``ids`` were seen (their page is open) at ``now``."""
        if not ids:
            return
        with self.engine.begin() as conn:
            for chunk in range(0, len(ids), 500):
                conn.execute(
                    entries_t.update()
                    .where(
                        entries_t.c.id.in_(list(ids[chunk : chunk + 500])),
                        entries_t.c.table_id.is_(None),
                    )
                    .values(seen_at=now)
                )

    def _withdraw(self, conn: Connection, entries: Sequence[Entry], why: str) -> list[str]:
        """Delete waiting entries in ``conn``; an open table whose opener leaves closes."""
        if not entries:
            return []
        events: list[str] = []
        ids = [e.id for e in entries]
        conn.execute(entries_t.delete().where(entries_t.c.id.in_(ids)))
        events.append(f"left:{','.join(ids)}:{why}")
        if any(e.pool is not None for e in entries):
            events.append("pools")
        for open_id in dict.fromkeys(e.open_id for e in entries if e.open_id is not None):
            listing = self._readlisting_of(conn, open_id, lock=False)
            if listing is None or listing.ended is not None:
                continue
            gone = {e.person for e in entries if e.open_id == open_id}
            if listing.creator in gone:
                events += self._end(conn, listing, "closed" if why == "left" else why)
            else:
                events.append(f"open:{open_id}")
        return events

    def _end(
        self, conn: Connection, listing: Listing, why: str, table: str | None = None
    ) -> list[str]:
        """End a listing in ``conn`` (``why``: started, closed, stale); its people leave."""
        conn.execute(
            open_tables_t.update()
            .where(open_tables_t.c.id == listing.id)
            .values(ended=why, ended_at=time.time(), table_id=table)
        )
        events = [f"gone:{listing.id}:{why}"]
        left = [e.id for e in listing.entries if e.waiting]
        if why != "started" and left:
            conn.execute(entries_t.delete().where(entries_t.c.id.in_(left)))
            events.append(f"left:{','.join(left)}:{why}")
        return events

    # -- open tables -----------------------------------------------------------------

    def open(self, listing: Listing, entry: Entry, most: int, most_open: int) -> list[str]:
        """List an open table with its opener's seat; the events.

        Raises:
            ProtocolError: 429 ``too_many_open_tables`` (the person has ``most_open``
                listed) or ``too_many_entries``.
        """
        with self.engine.begin() as conn:
            held = conn.execute(
                sa.select(sa.func.count()).where(
                    open_tables_t.c.creator == listing.creator, open_tables_t.c.ended.is_(None)
                )
            ).scalar()
            if int(held or 0) >= most_open:
                raise ProtocolError(
                    429,
                    "too_many_open_tables",
                    f"you have {most_open} open tables listed already: close one first",
                    limit=most_open,
                )
            self._held(conn, entry.person, most)
            conn.execute(
                open_tables_t.insert().values(
                    id=listing.id,
                    game=listing.game,
                    players=listing.players,
                    options=json.dumps(listing.options),
                    move_seconds=listing.move_seconds,
                    rated=listing.rated,
                    rating_min=listing.rating_min,
                    rating_max=listing.rating_max,
                    creator=listing.creator,
                    created_at=listing.created_at,
                    updated_at=listing.updated_at,
                )
            )
            conn.execute(entries_t.insert().values(**entry_values(entry)))
            events = [f"open:{listing.id}"]
            self._announce(conn, events)
        return events

    def sit(
        self, open_id: str, entry: Entry, most: int, check: Callable[[Listing], None]
    ) -> tuple[Listing, list[str]]:
        """Sit ``entry`` at the open table ``open_id``; the table as it now is, and the events.

        The table's row is locked while the seats are counted, so two people never take
        its last seat. ``check`` may refuse the person (a rating range, a rated table).

        Raises:
            ProtocolError: 404 ``no_such_open_table``, 409 ``open_table_ended`` (started,
                closed or stale), ``already_seated_here``, ``table_full``, 429
                ``too_many_entries``; ``check``'s refusals.
        """
        with self.engine.begin() as conn:
            listing = self._readlisting_of(conn, open_id, lock=True)
            if listing is None:
                raise ProtocolError(404, "no_such_open_table", "no open table has that id")
            if listing.ended is not None:
                raise ProtocolError(
                    409,
                    "open_table_ended",
                    f"that table is no longer open ({listing.ended})",
                    ended=listing.ended,
                )
            if any(e.person == entry.person for e in listing.entries):
                raise ProtocolError(409, "already_seated_here", "you sit at this table already")
            if listing.full:
                raise ProtocolError(409, "table_full", "every seat of that table is taken")
            check(listing)
            self._held(conn, entry.person, most)
            conn.execute(entries_t.insert().values(**entry_values(entry)))
            conn.execute(
                open_tables_t.update()
                .where(open_tables_t.c.id == open_id)
                .values(updated_at=entry.joined_at)
            )
            events = [f"open:{open_id}"]
            self._announce(conn, events)
        now = replace(listing, updated_at=entry.joined_at, entries=(*listing.entries, entry))
        return now, events

    def close(self, open_id: str, person: str) -> list[str]:
        """Close an open table its opener lists; the events.

        Raises:
            ProtocolError: 404 ``no_such_open_table``, 403 ``forbidden`` (not the
                opener), 409 ``open_table_ended``.
        """
        with self.engine.begin() as conn:
            listing = self._readlisting_of(conn, open_id, lock=True)
            if listing is None:
                raise ProtocolError(404, "no_such_open_table", "no open table has that id")
            if listing.creator != person:
                raise ProtocolError(403, "forbidden", "only whoever opened a table may close it")
            if listing.ended is not None:
                raise ProtocolError(
                    409,
                    "open_table_ended",
                    f"that table is no longer open ({listing.ended})",
                    ended=listing.ended,
                )
            events = self._end(conn, listing, "closed")
            self._announce(conn, events)
        return events

    def start(
        self, open_id: str, build: Callable[[Listing], Made]
    ) -> tuple[Made | None, list[str]]:
        """Deal a full open table: its people seated, the listing ended; the table and events.

        ``build`` makes the table from the listing (inside the transaction, the listing
        locked). Nothing is stored (``None``) if the table is not listed or not full, or
        one of its people left as it filled (someone else may take the seat).
        """
        try:
            with self.engine.begin() as conn:
                listing = self._readlisting_of(conn, open_id, lock=True)
                if listing is None or listing.ended is not None or not listing.full:
                    return None, []
                made = build(listing)
                events = self._claim(conn, made)
                events += self._end(conn, listing, "started", made.row.id)
                self._announce(conn, events)
        except _Taken:
            return None, []
        return made, events

    # -- tables ----------------------------------------------------------------------

    def _claim(self, conn: Connection, made: Made) -> list[str]:
        """Seat the people of ``made`` and store its table, in ``conn``; the events.

        Raises:
            _Taken: if one of its entries was claimed or withdrawn first (roll back).
        """
        for entry_id, seat in made.seats.items():
            done = conn.execute(
                entries_t.update()
                .where(entries_t.c.id == entry_id, entries_t.c.table_id.is_(None))
                .values(table_id=made.row.id, seat=seat)
            )
            if done.rowcount != 1:
                raise _Taken(made)
        seated = conn.execute(
            sa.select(entries_t.c.person, entries_t.c.pool).where(
                entries_t.c.id.in_(list(made.seats))
            )
        ).all()
        others = conn.execute(
            entries_t.select().where(
                entries_t.c.person.in_([r.person for r in seated]),
                entries_t.c.table_id.is_(None),
            )
        ).all()
        self.storage._insert(conn, made.row)
        seats = ",".join(f"{e}={s}" for e, s in made.seats.items())
        events = [f"seated:{made.row.id}:{seats}"]
        if any(r.pool is not None for r in seated):
            events.append("pools")
        # The people's other places: queues, and seats at other open tables.
        events += self._withdraw(conn, [entry_of(r) for r in others], "seated")
        return events

    def seat(self, made: Sequence[Made]) -> tuple[list[Made], list[str]]:
        """Store a round's tables, each with its people claimed; those stored, and the events.

        All in one transaction; a table one of whose people left (or was seated at an
        open table) since the round read the queue is left out, and the others stored.
        """
        todo = list(made)
        while todo:
            try:
                with self.engine.begin() as conn:
                    events: list[str] = []
                    for m in todo:
                        events += self._claim(conn, m)
                    self._announce(conn, events)
                return todo, events
            except _Taken as taken:
                todo = [m for m in todo if m is not taken.made]
        return [], []

    # -- sweeping --------------------------------------------------------------------

    def sweep(self, stale_before: float, open_before: float, forget_before: float) -> list[str]:
        """Sweep the queues and the open tables; the events.

        Entries not seen since ``stale_before`` are withdrawn, open tables idle since
        ``open_before`` closed, and what ended before ``forget_before`` forgotten.
        """
        events: list[str] = []
        with self.engine.begin() as conn:
            stale = conn.execute(
                entries_t.select().where(
                    entries_t.c.table_id.is_(None), entries_t.c.seen_at < stale_before
                )
            ).all()
            events += self._withdraw(conn, [entry_of(r) for r in stale], "stale")
            idle = conn.execute(
                open_tables_t.select().where(
                    open_tables_t.c.ended.is_(None), open_tables_t.c.updated_at < open_before
                )
            ).all()
            for r in idle:
                listing = self._readlisting_of(conn, r.id, lock=False)
                if listing is not None and listing.ended is None:
                    events += self._end(conn, listing, "stale")
            old = [
                r.id
                for r in conn.execute(
                    sa.select(open_tables_t.c.id).where(
                        open_tables_t.c.ended.is_not(None), open_tables_t.c.ended_at < forget_before
                    )
                ).all()
            ]
            for chunk in range(0, len(old), 500):
                part = old[chunk : chunk + 500]
                conn.execute(entries_t.delete().where(entries_t.c.open_id.in_(part)))
                conn.execute(open_tables_t.delete().where(open_tables_t.c.id.in_(part)))
            conn.execute(
                entries_t.delete().where(
                    entries_t.c.table_id.is_not(None),
                    entries_t.c.open_id.is_(None),
                    entries_t.c.joined_at < forget_before,
                )
            )
            self._announce(conn, events)
        return events

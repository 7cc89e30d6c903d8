"""Storage of tournaments (schema revision ``0008``): events, entrants, rounds.

The rows are :mod:`~regency.server.storage.tournament_rows`'s; this is what the server
does with them, each change one transaction that moves the event's ``version``.

**A round is made once.** A round's games and the game tables they are dealt as go in
with ``UPDATE tournaments SET round = r + 1 ... WHERE id = :t AND round = r`` in one
transaction (:meth:`TournamentStore.make_round`): of two attempts at the same round, in
one process or two, or again after a crash, only one lands, and a round is either wholly
stored (every table dealt, every game pointing at its table) or not at all. With
PostgreSQL one process directs the tournaments at a time anyway
(:meth:`TournamentStore.directing`: a session advisory lock, released with the
connection of a process that dies).

**Entering** locks the event's row (``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite has
one writer), so two people cannot take its last place, and the unique indexes on
(event, account) and (event, guest token) refuse anyone entered twice.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from regency.server.storage.database import Storage, TableRow, seats_t, tables_t
from regency.server.storage.tournament_rows import (
    EntrantRow,
    GameRow,
    TournamentRow,
    entrant_of,
    entrant_values,
    entrants_t,
    game_of,
    game_values,
    games_t,
    tournament_of,
    tournament_values,
    tournaments_t,
)

__all__ = ["DIRECTING_LOCK", "OPEN", "Loaded", "Outcome", "TableState", "TournamentStore"]

DIRECTING_LOCK = 7314
"""The advisory lock key the process directing tournaments holds on PostgreSQL (the
migrations hold 7311, quick pairing's rounds 7312, and 7313 is the first key of each
person's lock in quick pairing)."""

OPEN = ("waiting", "playing")
"""The states of an event that is not over."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """An event with its entrants and games, read in one go."""

    row: TournamentRow
    entrants: tuple[EntrantRow, ...]
    games: tuple[GameRow, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the director learnt of one game (see :meth:`TournamentStore.record`).

    Attributes:
        round: The game's round.
        board: Its board.
        ranks: Its places, once over (``None``: still played).
        forfeited: The seats that forfeited.
        started: Whether every person at it has made a first move in time.
    """

    round: int
    board: int
    ranks: tuple[int, ...] | None
    forfeited: tuple[int, ...]
    started: bool


@dataclass(frozen=True, slots=True)
class TableState:
    """A tournament game's table as the director reads it: enough to judge a forfeit."""

    table_id: str
    finished: bool
    result: dict[str, Any] | None
    created_at: float
    move_seconds: float | None
    to_move: int | None
    people: dict[int, str | None]
    """Each person's seat, and the agent playing for them now (a clock ran out), if any."""


class TournamentStore:
    """Tournaments in the server's database.

    Args:
        storage: The server's database (its engine is shared; game tables are stored
            with its own insert).
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    # -- reading ---------------------------------------------------------------------

    def load(self, tournament_id: str) -> Loaded | None:
        """The event with that id, its entrants and games (``None``: none)."""
        with self.engine.connect() as conn:
            return self._load(conn, tournament_id)

    def _load(self, conn: Connection, tournament_id: str, lock: bool = False) -> Loaded | None:
        query = tournaments_t.select().where(tournaments_t.c.id == tournament_id)
        if lock and self.storage.is_postgres:
            query = query.with_for_update()
        elif lock:
            # SQLite: a write that changes nothing opens the transaction and takes the
            # database's write lock before the reads, so two changes of one event (two
            # people entering at once) come one after the other, the second reading what
            # the first wrote; without it both read, and both took the same number.
            conn.execute(
                tournaments_t.update()
                .where(tournaments_t.c.id == tournament_id)
                .values(version=tournaments_t.c.version)
            )
        found = conn.execute(query).first()
        if found is None:
            return None
        entrants = conn.execute(
            entrants_t.select()
            .where(entrants_t.c.tournament_id == tournament_id)
            .order_by(entrants_t.c.number)
        ).all()
        games = conn.execute(
            games_t.select()
            .where(games_t.c.tournament_id == tournament_id)
            .order_by(games_t.c.round, games_t.c.board)
        ).all()
        return Loaded(
            tournament_of(found),
            tuple(entrant_of(e) for e in entrants),
            tuple(game_of(g) for g in games),
        )

    def version(self, tournament_id: str) -> int | None:
        """The event's version (``None``: no such event)."""
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(tournaments_t.c.version).where(tournaments_t.c.id == tournament_id)
            ).scalar()
        return None if found is None else int(found)

    def listing(self, limit: int) -> list[tuple[TournamentRow, int]]:
        """Events not over (soonest first), then the latest over; each with its entrants' count."""
        count = (
            sa.select(sa.func.count())
            .where(entrants_t.c.tournament_id == tournaments_t.c.id)
            .scalar_subquery()
        )
        with self.engine.connect() as conn:
            open_rows = conn.execute(
                sa.select(tournaments_t, count.label("entered"))
                .where(tournaments_t.c.status.in_(OPEN))
                .order_by(tournaments_t.c.starts_at, tournaments_t.c.id)
                .limit(limit)
            ).all()
            over = conn.execute(
                sa.select(tournaments_t, count.label("entered"))
                .where(tournaments_t.c.status.not_in(OPEN))
                .order_by(tournaments_t.c.finished_at.desc(), tournaments_t.c.id)
                .limit(limit)
            ).all()
        return [(tournament_of(r), int(r.entered)) for r in [*open_rows, *over]]

    def open_ids(self) -> list[str]:
        """The events not over, soonest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tournaments_t.c.id)
                .where(tournaments_t.c.status.in_(OPEN))
                .order_by(tournaments_t.c.starts_at, tournaments_t.c.id)
            ).all()
        return [r.id for r in rows]

    def tables(self, table_ids: Sequence[str]) -> dict[str, TableState]:
        """The game tables of tournament games not over (a table expired is missing)."""
        found: dict[str, TableState] = {}
        if not table_ids:
            return found
        with self.engine.connect() as conn:
            for chunk in range(0, len(table_ids), 500):
                ids = list(table_ids[chunk : chunk + 500])
                rows = conn.execute(tables_t.select().where(tables_t.c.id.in_(ids))).all()
                seats = conn.execute(
                    sa.select(seats_t.c.table_id, seats_t.c.seat, seats_t.c.replaced_by).where(
                        seats_t.c.table_id.in_(ids), seats_t.c.agent.is_(None)
                    )
                ).all()
                people: dict[str, dict[int, str | None]] = {}
                for s in seats:
                    people.setdefault(s.table_id, {})[int(s.seat)] = s.replaced_by
                for r in rows:
                    found[r.id] = TableState(
                        r.id,
                        bool(r.finished),
                        None if r.result is None else json.loads(r.result),
                        float(r.created_at),
                        json.loads(r.settings).get("move_seconds"),
                        r.to_move,
                        people.get(r.id, {}),
                    )
        return found

    def playing_tables(self) -> list[str]:
        """The game tables of every tournament game not over."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(games_t.c.table_id).where(
                    games_t.c.ranks.is_(None), games_t.c.table_id.is_not(None)
                )
            ).all()
        return [r.table_id for r in rows]

    def first_moves(self, table_id: str, most: int) -> tuple[tuple[int, float], ...]:
        """The table's first ``most`` moves: (seat, when)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.text("SELECT seat, at FROM moves WHERE table_id = :t ORDER BY number LIMIT :n"),
                {"t": table_id, "n": most},
            ).all()
        return tuple((int(r.seat), float(r.at)) for r in rows)

    def count_open(self, account_id: int | None = None) -> int:
        """Events not over: all of them, or those ``account_id`` set up."""
        query = sa.select(sa.func.count()).where(tournaments_t.c.status.in_(OPEN))
        if account_id is not None:
            query = query.where(tournaments_t.c.created_by == account_id)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    # -- writing ---------------------------------------------------------------------

    @contextmanager
    def directing(self) -> Iterator[bool]:
        """Whether this process may direct the tournaments now (held until the block ends).

        PostgreSQL: a session advisory lock, tried without waiting; a process that dies
        lets it go with its connection. SQLite serves one process: always.
        """
        with self.storage.process_lock(DIRECTING_LOCK) as got:
            yield got

    def create(
        self,
        row: TournamentRow,
        entrants: Sequence[EntrantRow],
        check: Callable[[int, int], None],
    ) -> None:
        """Store a new event and its first entrants (its computer levels, say).

        ``check(open_by_organiser, open_everywhere)`` is called inside the transaction
        with the counts of events not over, and refuses by raising.
        """
        with self.engine.begin() as conn:
            mine = conn.execute(
                sa.select(sa.func.count()).where(
                    tournaments_t.c.status.in_(OPEN), tournaments_t.c.created_by == row.created_by
                )
            ).scalar()
            everywhere = conn.execute(
                sa.select(sa.func.count()).where(tournaments_t.c.status.in_(OPEN))
            ).scalar()
            check(int(mine or 0), int(everywhere or 0))
            conn.execute(tournaments_t.insert().values(**tournament_values(row)))
            for e in entrants:
                conn.execute(entrants_t.insert().values(**entrant_values(row.id, e)))

    def change(
        self,
        tournament_id: str,
        step: Callable[[Loaded], tuple[dict[str, Any] | None, Sequence[EntrantRow]]],
    ) -> Loaded | None:
        """Change an event under its row's lock: its own columns, and entrants added or changed.

        ``step`` gets the event as read in the transaction and returns the event's
        columns to set (``None``: none) and the entrants to write (a new number is
        inserted, a known one replaced); it refuses by raising, and nothing changes.
        The version moves when anything does.

        Returns:
            The event as read before the change (``None``: no such event).
        """
        with self.engine.begin() as conn:
            loaded = self._load(conn, tournament_id, lock=True)
            if loaded is None:
                return None
            values, entrants = step(loaded)
            known = {e.number for e in loaded.entrants}
            for e in entrants:
                if e.number in known:
                    conn.execute(
                        entrants_t.update()
                        .where(
                            entrants_t.c.tournament_id == tournament_id,
                            entrants_t.c.number == e.number,
                        )
                        .values(**entrant_values(tournament_id, e))
                    )
                else:
                    conn.execute(entrants_t.insert().values(**entrant_values(tournament_id, e)))
            if values is not None or entrants:
                conn.execute(
                    tournaments_t.update()
                    .where(tournaments_t.c.id == tournament_id)
                    .values(**(values or {}), version=tournaments_t.c.version + 1)
                )
        return loaded

    def make_round(
        self,
        tournament_id: str,
        seen: int,
        games: Sequence[GameRow],
        tables: Sequence[TableRow],
        values: dict[str, Any] | None = None,
    ) -> bool:
        """Store round ``seen + 1``: its games and their game tables, all or nothing.

        Guarded by the event's ``round`` still being ``seen`` (and the event not over):
        of two attempts at one round only one lands. ``values`` are more columns of the
        event to set with it (its state, when the first round starts it).

        Returns:
            Whether this call made the round.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                tournaments_t.update()
                .where(
                    tournaments_t.c.id == tournament_id,
                    tournaments_t.c.round == seen,
                    tournaments_t.c.status.in_(OPEN),
                )
                .values(**(values or {}), round=seen + 1, version=tournaments_t.c.version + 1)
            )
            if done.rowcount != 1:
                return False
            for table in tables:
                self.storage._insert(conn, table)
            for g in games:
                conn.execute(games_t.insert().values(**game_values(tournament_id, g)))
        return True

    def record(self, tournament_id: str, outcomes: Sequence[Outcome], now: float) -> None:
        """Write what the director learnt of games not over: places, forfeits, first moves.

        A game already over is never written again (``WHERE ranks IS NULL``).
        """
        if not outcomes:
            return
        with self.engine.begin() as conn:
            for o in outcomes:
                conn.execute(
                    games_t.update()
                    .where(
                        games_t.c.tournament_id == tournament_id,
                        games_t.c.round == o.round,
                        games_t.c.board == o.board,
                        games_t.c.ranks.is_(None),
                    )
                    .values(
                        ranks=None if o.ranks is None else json.dumps(list(o.ranks)),
                        forfeited=json.dumps(list(o.forfeited)),
                        started=o.started,
                        finished_at=None if o.ranks is None else now,
                    )
                )
            conn.execute(
                tournaments_t.update()
                .where(tournaments_t.c.id == tournament_id)
                .values(version=tournaments_t.c.version + 1)
            )

    def finish(self, tournament_id: str, status: str, note: str | None, now: float) -> bool:
        """End an event (``finished`` or ``cancelled``); whether this call ended it."""
        with self.engine.begin() as conn:
            done = conn.execute(
                tournaments_t.update()
                .where(tournaments_t.c.id == tournament_id, tournaments_t.c.status.in_(OPEN))
                .values(
                    status=status,
                    note=note,
                    finished_at=now,
                    version=tournaments_t.c.version + 1,
                )
            )
        return done.rowcount == 1

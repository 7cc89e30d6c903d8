"""Storage: every table, seat and move, behind one small interface.

SQLAlchemy 2.x Core over SQLite (a file in the data folder, the default) or PostgreSQL
(``postgresql+psycopg://...``). The schema belongs to the Alembic migrations shipped in
``migrations/``; :func:`upgrade` applies them.

The moves are the source of truth: a table's state is its game's options and seed (the
``tables`` row) plus its moves, replayed. A move lands with :meth:`Storage.commit_move`,
which inserts the move and advances the table's version in one transaction, guarded by
``UPDATE ... WHERE version = :seen``: of two writers that saw the same version, in one
process or several, exactly one succeeds. On PostgreSQL the same transaction sends a
``NOTIFY`` so that other server processes learn of the move when it commits.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

__all__ = [
    "ABORTED",
    "CHANNEL",
    "ENDINGS",
    "FINISHED",
    "RESIGNED",
    "TAKEBACK",
    "ChatRow",
    "MoveCommit",
    "MoveRow",
    "OpenTable",
    "SeatRow",
    "Storage",
    "TableRow",
    "default_database_url",
    "migrations_folder",
    "upgrade",
]

CHANNEL = "regency_moves"
"""The PostgreSQL NOTIFY channel on which a committed move is announced."""

TAKEBACK = "takeback"
"""The ``notation`` of a take-back's row in ``moves`` (never a move in any game)."""

FINISHED = "finished"
"""``tables.ending`` of a game played to its end (the engine's result)."""
RESIGNED = "resigned"
"""``tables.ending`` of a game a side resigned: the other side won."""
ABORTED = "aborted"
"""``tables.ending`` of a game that ended before it started: nobody won, and it is
never rated (a person aborted before their first move, or a first move never came)."""
ENDINGS = (FINISHED, RESIGNED, ABORTED)
"""Every value of ``tables.ending`` (``NULL`` while the game is played)."""

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("spectator_hash", sa.String(64), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("to_move", sa.Integer, nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("settled_at", sa.Float, nullable=True),
    sa.Column("ending", sa.String(16), nullable=True),
)

seats_t = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("agent", sa.String(200), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("replaced_by", sa.String(200), nullable=True),
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.Column("rating", sa.String(16), nullable=True),
    sa.Column("opened_at", sa.Float, nullable=True),
    sa.Column("left_at", sa.Float, nullable=True),
)

moves_t = sa.Table(
    "moves",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(200), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("undo_to", sa.Integer, nullable=True),
)

chat_t = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.String(1000), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


@dataclass(frozen=True, slots=True)
class ChatRow:
    """One message of a table's chat, as stored.

    Attributes:
        id: Its number, increasing over every table's messages (not one per table).
        seat: The seat that wrote it.
        text: What it says (checked and capped before it is stored).
        version: The table's version when it was written (the moves made before it).
        at: When it was written (seconds since the epoch).
    """

    id: int
    seat: int
    text: str
    version: int
    at: float


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat as stored.

    Attributes:
        seat: The seat number.
        name: A person's display name ("" for a computer seat).
        agent: The computer player's agent spec, or ``None`` for a person.
        token_hash: SHA-256 of the person's seat token (the token itself is never stored;
            ``None`` for a computer, or an account's seat set up without a link).
        replaced_by: The agent playing for an idle person, or ``None``.
        account_id: The account that sits here (``None``: a guest or a computer).
        rating: The rating shown beside the seat (the account's in the table's pool when
            it sat down, or a computer level's at a rated table), ``"1612"`` or
            ``"1500?"``.
        opened_at: When the person first opened the table (``None``: not yet); their
            move clock starts no earlier (:mod:`regency.server.live.clocks`).
        left_at: When the person left a game of three or more sides (``None``: they
            have not); the computer in ``replaced_by`` plays the seat to the end.
    """

    seat: int
    name: str
    agent: str | None
    token_hash: str | None
    replaced_by: str | None = None
    account_id: int | None = None
    rating: str | None = None
    opened_at: float | None = None
    left_at: float | None = None


@dataclass(frozen=True, slots=True)
class MoveCommit:
    """A move to land on version ``seen`` of a table (see :meth:`Storage.commit_moves`).

    Attributes:
        table_id: The table.
        seen: The version the move was decided on.
        seat: The seat that moved.
        notation: The move, in the game's notation.
        result: The result, if this move ended the game.
        to_move: The seat to move next (``None`` when the game is over).
    """

    table_id: str
    seen: int
    seat: int
    notation: str
    result: dict[str, Any] | None = None
    to_move: int | None = None


def announcement(move: MoveCommit, at: float) -> str:
    """The ``NOTIFY`` payload of a landed move: ``id:version:seat:at:notation``.

    The move itself travels with the announcement, so a process following the table
    applies it without reading it back (the notation is at most 200 characters, far
    under PostgreSQL's 8,000-byte payload limit). ``repr`` of the time round-trips it
    exactly.
    """
    return f"{move.table_id}:{move.seen + 1}:{move.seat}:{at!r}:{move.notation}"


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One committed move: its number (the version it made), seat and notation.

    A row with ``undo_to`` is not a move but a take-back: the game goes back to its
    first ``undo_to`` moves (``notation`` is :data:`TAKEBACK`; ``seat`` asked for it).
    """

    number: int
    seat: int
    notation: str
    at: float
    undo_to: int | None = None


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored (without its moves).

    Attributes:
        id: The table's public id.
        game: The game's registered name.
        players: Number of seats.
        seed: The deal's seed (secret until the game ends: it fixes every hidden card).
        options: The game's options.
        settings: The table's own options (think time, take-over of idle seats).
        spectator_hash: SHA-256 of the spectator token.
        version: The number of moves committed.
        finished: Whether the game has ended.
        result: The result (``Result.to_dict()``) once finished.
        created_at: When the table was created (seconds since the epoch).
        updated_at: When its last move landed.
        seats: Its seats, in order.
        to_move: The seat to move (``None`` once finished, or for a table stored before
            the server kept it).
        rated: Whether the game is rated (chosen at set-up; every person seat an account).
        settled_at: When the finished game was entered in its accounts' histories and
            ratings (``None``: not yet; :mod:`regency.server.storage.ratings`).
        ending: How the table ended (``None`` while it is played): ``finished``,
            ``resigned`` or ``aborted`` (:mod:`regency.server.live.endings`).
    """

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    settings: dict[str, Any]
    spectator_hash: str
    version: int
    finished: bool
    result: dict[str, Any] | None
    created_at: float
    updated_at: float
    seats: tuple[SeatRow, ...]
    to_move: int | None = None
    rated: bool = False
    settled_at: float | None = None
    ending: str | None = None


@dataclass(frozen=True, slots=True)
class OpenTable:
    """An unfinished table, as a restarted server sees it before loading it.

    Enough to decide whether to load it at once (see :meth:`Storage.open_tables`).

    Attributes:
        id: The table's id.
        to_move: The seat to move (``None``: not stored, load the table to find out).
        computer_to_move: Whether a computer plays that seat (its own or a take-over).
        settings: The table's stored settings (its move clock among them, which hands a
            seat whose time ran out to a computer).
    """

    id: str
    to_move: int | None
    computer_to_move: bool
    settings: dict[str, Any]


class VersionConflict(Exception):
    """The table's version moved on before this move could land."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the table is at version {current}")
        self.current = current


def default_database_url(data_dir: Path) -> str:
    """The SQLite file used when no ``--database`` is given."""
    return f"sqlite:///{data_dir / 'regency.db'}"


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:  # pragma: no cover - trivial
            # WAL: readers never wait for the writer; NORMAL is durable across a crash
            # of this process (kill -9), which is what the server promises.
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return sa.create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def migrations_folder() -> str:
    """The Alembic migrations' folder: ``migrations/`` beside this module, in a wheel too."""
    return str(resources.files("regency.server.storage") / "migrations")


def upgrade(url: str) -> None:
    """Bring the database at ``url`` to the newest schema (Alembic ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    engine = _engine(url)
    try:
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                # Several servers may start at once: one migrates, the others wait.
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(7311)"))
            cfg = Config()
            cfg.set_main_option("script_location", migrations_folder())
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    finally:
        engine.dispose()


class Storage:
    """The server's database: tables, seats and moves.

    Every method is a short blocking call; the server runs them in worker threads.
    """

    def __init__(self, url: str) -> None:
        """Connect to ``url`` (the schema must be current: see :func:`upgrade`)."""
        self.url = url
        self.engine = _engine(url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self.inline_writes = not self.is_postgres
        """Whether the server writes on its event loop's own thread (SQLite).

        SQLite has one writer at a time, and writers that collide back off by sleeping,
        so the server makes every write from one thread; a commit in WAL mode with
        ``synchronous=NORMAL`` takes about 0.1 ms, less than handing it to another
        thread costs. PostgreSQL's commits are round trips: they run in worker threads.
        """

    def close(self) -> None:
        """Close every connection."""
        self.engine.dispose()

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    @contextmanager
    def process_lock(self, key: int) -> Iterator[bool]:
        """Whether this process holds the lock ``key`` now (held until the block ends).

        For work one process does at a time (a pairing round, the tournaments'
        director). PostgreSQL: a session advisory lock, tried without waiting; a process
        that dies lets it go with its connection. SQLite serves one process: always.
        """
        if not self.is_postgres:
            yield True
            return
        with self.engine.connect() as conn:
            got = bool(
                conn.execute(sa.text("SELECT pg_try_advisory_lock(:k)"), {"k": key}).scalar()
            )
            conn.commit()
            try:
                yield got
            finally:
                if got:
                    conn.execute(sa.text("SELECT pg_advisory_unlock(:k)"), {"k": key})
                    conn.commit()

    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats (version 0, no moves)."""
        with self._tx() as conn:
            self._insert(conn, row)

    def _announce(self, conn: Connection, payload: str) -> None:
        """With PostgreSQL, ``NOTIFY`` the other processes within the transaction ``conn``.

        Delivered if and only if it commits; SQLite serves one process, with none to tell.
        """
        if self.is_postgres:
            conn.execute(
                sa.text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": payload},
            )

    def _insert(self, conn: Connection, row: TableRow) -> None:
        """Insert a table and its seats in the transaction ``conn``."""
        self._insert_many(conn, [row])

    def _insert_many(self, conn: Connection, rows: Sequence[TableRow]) -> None:
        """Insert tables and their seats in the transaction ``conn``.

        Two statements in all, whatever their number: a quick-pairing round makes
        hundreds at once, and on PostgreSQL each statement is a round trip.
        """
        if not rows:
            return
        conn.execute(
            tables_t.insert(),
            [
                {
                    "id": row.id,
                    "game": row.game,
                    "players": row.players,
                    "seed": row.seed,
                    "options": json.dumps(dict(row.options)),
                    "settings": json.dumps(dict(row.settings)),
                    "spectator_hash": row.spectator_hash,
                    "version": 0,
                    "finished": False,
                    "result": None,
                    "created_at": row.created_at,
                    "updated_at": row.updated_at,
                    "to_move": row.to_move,
                    "rated": row.rated,
                    "settled_at": row.settled_at,
                }
                for row in rows
            ],
        )
        conn.execute(
            seats_t.insert(),
            [
                {
                    "table_id": row.id,
                    "seat": s.seat,
                    "name": s.name,
                    "agent": s.agent,
                    "token_hash": s.token_hash,
                    "replaced_by": None,
                    "account_id": s.account_id,
                    "rating": s.rating,
                }
                for row in rows
                for s in row.seats
            ],
        )

    def load_table(self, table_id: str) -> TableRow | None:
        """Return the table, or ``None`` if there is none with that id."""
        with self.engine.connect() as conn:
            found = conn.execute(tables_t.select().where(tables_t.c.id == table_id)).first()
            if found is None:
                return None
            seats = conn.execute(
                seats_t.select().where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
        if len(seats) != found.players:
            return None  # removed (expired) between the two reads
        return _table_row(found, seats)

    def moves(self, table_id: str, after: int = 0) -> list[MoveRow]:
        """The table's moves numbered above ``after``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(
                    moves_t.c.number,
                    moves_t.c.seat,
                    moves_t.c.notation,
                    moves_t.c.at,
                    moves_t.c.undo_to,
                )
                .where(moves_t.c.table_id == table_id, moves_t.c.number > after)
                .order_by(moves_t.c.number)
            ).all()
        return [MoveRow(r.number, r.seat, r.notation, r.at, r.undo_to) for r in rows]

    def commit_move(
        self,
        table_id: str,
        seen: int,
        seat: int,
        notation: str,
        result: dict[str, Any] | None = None,
        to_move: int | None = None,
    ) -> int:
        """Land one move on top of version ``seen``; return the new version.

        The move row and the version go in one transaction, and the version only moves
        if it is still ``seen``, so two writers racing on one version cannot both land.
        See :meth:`commit_moves` for the arguments.

        Raises:
            VersionConflict: if the table is no longer at ``seen``.
        """
        move = MoveCommit(table_id, seen, seat, notation, result, to_move)
        if not self.commit_moves([move])[0]:
            raise VersionConflict(self.version(table_id))
        return seen + 1

    def commit_moves(self, moves: Sequence[MoveCommit]) -> list[bool]:
        """Land moves of different tables in one transaction; return which landed.

        Each move lands only if its table is still at the version it was decided on
        (``UPDATE ... WHERE version = :seen``); one that finds another version is left
        out and the others land. Nothing has landed until this returns: a move is
        acknowledged after the commit. One commit for all: under load the server groups
        the moves that arrive together, and pays for one commit (one fsync of the
        write-ahead log where the database syncs) instead of one each.
        """
        now = time.time()
        landed: list[bool] = []
        # Plain SQL through the driver: this is the hot path of every move, and the
        # statements never change (building SQLAlchemy Core statements costs 1 ms).
        with self._tx() as conn:
            for m in moves:
                landed.append(self._land(conn, m, now))
        return landed

    def _land(self, conn: Connection, m: MoveCommit, now: float) -> bool:
        if self.is_postgres:
            return self._land_postgres(conn, m, now)
        if m.result is None:
            done = conn.exec_driver_sql(
                "UPDATE tables SET version = ?, updated_at = ?, to_move = ? "
                "WHERE id = ? AND version = ? AND finished = ?",
                (m.seen + 1, now, m.to_move, m.table_id, m.seen, False),
            )
        else:
            done = conn.exec_driver_sql(
                "UPDATE tables SET version = ?, updated_at = ?, finished = ?, "
                "result = ?, to_move = NULL, ending = ? WHERE id = ? AND version = ? "
                "AND finished = ?",
                (m.seen + 1, now, True, json.dumps(m.result), FINISHED, m.table_id, m.seen, False),
            )
        if done.rowcount != 1:
            return False
        conn.exec_driver_sql(
            "INSERT INTO moves (table_id, number, seat, notation, at) VALUES (?, ?, ?, ?, ?)",
            (m.table_id, m.seen + 1, m.seat, m.notation, now),
        )
        return True

    def _land_postgres(self, conn: Connection, m: MoveCommit, now: float) -> bool:
        """The guarded update, the move's row and the NOTIFY in one statement.

        One round trip to the database server instead of three.
        """
        finished = m.result is not None
        found = conn.exec_driver_sql(
            "WITH landed AS (UPDATE tables SET version = %s, updated_at = %s, to_move = %s, "
            "finished = %s, result = %s, ending = %s "
            "WHERE id = %s AND version = %s AND NOT finished RETURNING id), "
            "added AS (INSERT INTO moves (table_id, number, seat, notation, at) "
            "SELECT id, %s, %s, %s, %s FROM landed RETURNING table_id) "
            "SELECT pg_notify(%s, %s) FROM added",
            (
                m.seen + 1, now, None if finished else m.to_move, finished,
                json.dumps(m.result) if finished else None, FINISHED if finished else None,
                m.table_id, m.seen,
                m.seen + 1, m.seat, m.notation, now,
                CHANNEL, announcement(m, now),
            ),
        ).first()  # fmt: skip
        return found is not None

    def version(self, table_id: str) -> int:
        """The table's current version (-1 if there is no such table)."""
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(tables_t.c.version).where(tables_t.c.id == table_id)
            ).scalar()
        return -1 if found is None else int(found)

    def set_replaced(self, table_id: str, seat: int, agent: str | None) -> None:
        """Record that ``agent`` plays for the idle person in ``seat`` (``None``: they're back)."""
        with self._tx() as conn:
            conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(replaced_by=agent)
            )
            self._announce(conn, f"{table_id}:seats")

    def rematch(
        self,
        table_id: str,
        step: Callable[[TableRow], tuple[dict[str, Any] | None, TableRow | None]],
    ) -> tuple[TableRow | None, TableRow | None]:
        """Change a finished table's rematch under a lock; store the rematch if one is made.

        ``step`` gets the table as read inside the transaction (on PostgreSQL with the
        row locked, ``SELECT ... FOR UPDATE``: answers from several processes queue up
        here) and returns the table's new settings (``None``: no change) and the new
        table to store. Settings and new table land together, or neither does (an
        exception from ``step`` rolls back). Other processes hear of it through the
        same ``NOTIFY`` as a change of seats.

        Returns:
            The table as it now is (``None``: there is no such table) and the new table
            if this call stored one.
        """
        with self._tx() as conn:
            query = tables_t.select().where(tables_t.c.id == table_id)
            if self.is_postgres:
                query = query.with_for_update()
            found = conn.execute(query).first()
            if found is None:
                return None, None
            seats = conn.execute(
                seats_t.select().where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).all()
            row = _table_row(found, seats)
            settings, made = step(row)
            if settings is None:
                return row, None
            if made is not None:
                self._insert(conn, made)
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id)
                .values(settings=json.dumps(settings))
            )
            self._announce(conn, f"{table_id}:seats")
        return replace(row, settings=settings), made

    def add_chat(self, table_id: str, seat: int, text: str, version: int, at: float) -> ChatRow:
        """Store one chat message of ``table_id``; return it with its id.

        On PostgreSQL the same transaction announces it (``NOTIFY``, payload
        ``table:chat``), so the other server processes push it to their sockets.
        """
        with self._tx() as conn:
            found = conn.execute(
                chat_t.insert()
                .values(table_id=table_id, seat=seat, text=text, version=version, at=at)
                .returning(chat_t.c.id)
            ).scalar_one()
            self._announce(conn, f"{table_id}:chat")
        return ChatRow(int(found), seat, text, version, at)

    def chat(self, table_id: str, last: int) -> list[ChatRow]:
        """The last ``last`` messages of the table's chat, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(chat_t)
                .where(chat_t.c.table_id == table_id)
                .order_by(chat_t.c.id.desc())
                .limit(last)
            ).all()
        return [ChatRow(int(r.id), r.seat, r.text, r.version, float(r.at)) for r in reversed(rows)]

    def unfinished(self) -> list[str]:
        """The ids of every table whose game has not ended."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t.c.id).where(tables_t.c.finished.is_(False))
            ).all()
        return [r.id for r in rows]

    def count_unfinished(self) -> int:
        """How many tables are open (their game has not ended)."""
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(sa.func.count()).where(tables_t.c.finished.is_(False))
            ).scalar()
        return int(found or 0)

    def open_tables(self) -> list[OpenTable]:
        """Every unfinished table, with whose turn it is and whether a computer plays it.

        One query, no moves read: a restarted server decides from this which tables to
        load at once (a computer to move, idle seats taken over) and which to leave until
        someone asks for them.
        """
        seat = seats_t.alias("mover")
        query = (
            sa.select(
                tables_t.c.id,
                tables_t.c.to_move,
                tables_t.c.settings,
                seat.c.agent,
                seat.c.replaced_by,
            )
            .select_from(
                tables_t.outerjoin(
                    seat,
                    sa.and_(seat.c.table_id == tables_t.c.id, seat.c.seat == tables_t.c.to_move),
                )
            )
            .where(tables_t.c.finished.is_(False))
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            OpenTable(
                r.id,
                r.to_move,
                r.agent is not None or r.replaced_by is not None,
                json.loads(r.settings),
            )
            for r in rows
        ]

    def expire(self, idle_before: float) -> list[str]:
        """Delete the unfinished tables with no move since ``idle_before``; return their ids.

        An abandoned table's seats, moves and chat go with it. Finished games are kept.
        """
        with self._tx() as conn:
            ids = [
                r.id
                for r in conn.execute(
                    sa.select(tables_t.c.id).where(
                        tables_t.c.finished.is_(False), tables_t.c.updated_at < idle_before
                    )
                ).all()
            ]
            for chunk in range(0, len(ids), 500):
                part = ids[chunk : chunk + 500]
                conn.execute(moves_t.delete().where(moves_t.c.table_id.in_(part)))
                conn.execute(chat_t.delete().where(chat_t.c.table_id.in_(part)))
                conn.execute(seats_t.delete().where(seats_t.c.table_id.in_(part)))
                conn.execute(tables_t.delete().where(tables_t.c.id.in_(part)))
        return ids

    def finished(self, limit: int, offset: int = 0) -> list[TableRow]:
        """Finished tables, the most recent first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                tables_t.select()
                .where(tables_t.c.finished.is_(True))
                .order_by(tables_t.c.updated_at.desc(), tables_t.c.id)
                .limit(limit)
                .offset(offset)
            ).all()
            ids = [r.id for r in rows]
            seats = conn.execute(
                seats_t.select().where(seats_t.c.table_id.in_(ids)).order_by(seats_t.c.seat)
            ).all()
        by_table: dict[str, list[Any]] = {}
        for s in seats:
            by_table.setdefault(s.table_id, []).append(s)
        return [_table_row(r, by_table.get(r.id, [])) for r in rows]


def _table_row(row: Any, seats: Sequence[Any]) -> TableRow:
    return TableRow(
        id=row.id,
        game=row.game,
        players=row.players,
        seed=int(row.seed),
        options=json.loads(row.options),
        settings=json.loads(row.settings),
        spectator_hash=row.spectator_hash,
        version=int(row.version),
        finished=bool(row.finished),
        result=None if row.result is None else json.loads(row.result),
        created_at=float(row.created_at),
        updated_at=float(row.updated_at),
        seats=tuple(
            SeatRow(
                s.seat,
                s.name,
                s.agent,
                s.token_hash,
                s.replaced_by,
                account_id=s.account_id,
                rating=s.rating,
                opened_at=s.opened_at,
                left_at=s.left_at,
            )
            for s in seats
        ),
        to_move=row.to_move,
        rated=bool(row.rated),
        settled_at=None if row.settled_at is None else float(row.settled_at),
        ending=row.ending,
    )

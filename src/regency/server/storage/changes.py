"""A table's changes besides its moves: a seat opened or left, the game ended early, a take-back.

Each is one short transaction guarded like a move (:meth:`Storage.commit_moves`), and on
PostgreSQL announced in it (``NOTIFY``), so other server processes follow:

* :func:`open_seat`: the first time a seat's person opens the table (stored once).
* :func:`leave_seat`: a person leaves a game of three or more sides; a computer plays the
  seat to the end.
* :func:`end_table`: the game ends before its last move (resigned, aborted), only if the
  table is still at the version the decision was made on and not over.
* :func:`take_back`: a take-back offer answered, and the take-back itself: a row in
  ``moves`` that sends the game back to its first ``undo_to`` moves. The table's version
  still only grows (the take-back is a version of its own), so a move decided before it
  can never land after it, in this process or another.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from regency.server.storage.database import (
    TAKEBACK,
    Storage,
    TableRow,
    _table_row,
    moves_t,
    seats_t,
    tables_t,
)

__all__ = ["Undo", "end_table", "leave_seat", "open_seat", "take_back"]


def open_seat(
    storage: Storage, table_id: str, seat: int, at: float, announce: bool = True
) -> float | None:
    """Store when ``seat``'s person first opened the table; return the stored time.

    Only the first opening counts (``WHERE opened_at IS NULL``): a second process's or a
    later one changes nothing, and every process reads back the same time. ``announce``:
    tell the other processes (a clock starts); else they read it with the table's row.
    """
    with storage.engine.begin() as conn:
        done = conn.execute(
            seats_t.update()
            .where(
                seats_t.c.table_id == table_id,
                seats_t.c.seat == seat,
                seats_t.c.opened_at.is_(None),
            )
            .values(opened_at=at)
        )
        if done.rowcount == 1:
            if announce:
                storage._announce(conn, f"{table_id}:seats")
            return at
        found = conn.execute(
            sa.select(seats_t.c.opened_at).where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat
            )
        ).scalar()
    return None if found is None else float(found)


def leave_seat(storage: Storage, table_id: str, seat: int, agent: str, at: float) -> bool:
    """The person in ``seat`` leaves: ``agent`` plays it to the end. ``False``: nothing changed.

    Only at a table still being played, and only once.
    """
    with storage.engine.begin() as conn:
        playing = sa.select(tables_t.c.id).where(
            tables_t.c.id == table_id, tables_t.c.finished.is_(False)
        )
        done = conn.execute(
            seats_t.update()
            .where(
                seats_t.c.table_id == table_id,
                seats_t.c.seat == seat,
                seats_t.c.left_at.is_(None),
                seats_t.c.table_id.in_(playing.scalar_subquery()),
            )
            .values(left_at=at, replaced_by=agent)
        )
        if done.rowcount != 1:
            return False
        storage._announce(conn, f"{table_id}:seats")
    return True


def end_table(
    storage: Storage, table_id: str, seen: int, ending: str, result: dict[str, Any], at: float
) -> bool:
    """End a table before its last move; ``False`` if it moved on or ended meanwhile.

    Guarded like a move: only if the table is still at version ``seen`` and not over,
    so a resignation and a move decided together never both land.
    """
    with storage.engine.begin() as conn:
        done = conn.execute(
            tables_t.update()
            .where(
                tables_t.c.id == table_id,
                tables_t.c.version == seen,
                tables_t.c.finished.is_(False),
            )
            .values(
                finished=True,
                ending=ending,
                result=json.dumps(result),
                to_move=None,
                updated_at=at,
            )
        )
        if done.rowcount != 1:
            return False
        storage._announce(conn, f"{table_id}:seats")
    return True


@dataclass(frozen=True, slots=True)
class Undo:
    """A take-back to land: back to the first ``to`` moves, asked by ``seat``.

    Attributes:
        seat: The seat whose move is taken back.
        to: How many moves the game keeps.
        to_move: The seat to move once it is taken back.
    """

    seat: int
    to: int
    to_move: int | None


Step = Callable[[TableRow], tuple[dict[str, Any] | None, Undo | None]]
"""Decides, from the table as read under the lock, its new settings and the take-back."""


def take_back(
    storage: Storage, table_id: str, step: Step, at: float
) -> tuple[TableRow | None, bool]:
    """Answer a take-back offer under the table's lock; land the take-back if it is agreed.

    ``step`` gets the table as read in the transaction (on PostgreSQL with its row
    locked, ``SELECT ... FOR UPDATE``, so answers landing together on two processes
    queue up) and returns the new settings (the offer; ``None``: no change) and the
    take-back to land, if everyone has agreed. An exception from ``step`` rolls back.
    The take-back is a row of ``moves`` at the next version (``undo_to``, notation
    :data:`TAKEBACK`, time ``at``), announced as ``TABLE:VERSION`` (other processes read
    it back); an offer alone is announced as a change of seats.

    Returns:
        The table as it now is (``None``: no such table) and whether a take-back landed.
    """
    with storage.engine.begin() as conn:
        row = _locked(storage, conn, table_id)
        if row is None:
            return None, False
        settings, undo = step(row)
        if settings is None and undo is None:
            return row, False
        settings = row.settings if settings is None else settings
        values: dict[str, Any] = {"settings": json.dumps(settings)}
        if undo is not None:
            values.update(version=row.version + 1, to_move=undo.to_move, updated_at=at)
        done = conn.execute(
            tables_t.update()
            .where(
                tables_t.c.id == table_id,
                tables_t.c.version == row.version,
                tables_t.c.finished.is_(False),
            )
            .values(**values)
        )
        if done.rowcount != 1:
            return row, False  # ended meanwhile (SQLite, which has no row lock)
        if undo is None:
            storage._announce(conn, f"{table_id}:seats")
            return replace(row, settings=settings), False
        conn.execute(
            moves_t.insert().values(
                table_id=table_id,
                number=row.version + 1,
                seat=undo.seat,
                notation=TAKEBACK,
                at=at,
                undo_to=undo.to,
            )
        )
        storage._announce(conn, f"{table_id}:{row.version + 1}")
    return replace(row, settings=settings, version=row.version + 1, to_move=undo.to_move), True


def _locked(storage: Storage, conn: Connection, table_id: str) -> TableRow | None:
    """The table and its seats, its row locked until the transaction ends (PostgreSQL)."""
    query = tables_t.select().where(tables_t.c.id == table_id)
    if storage.is_postgres:
        query = query.with_for_update()
    found = conn.execute(query).first()
    if found is None:
        return None
    seats = conn.execute(
        seats_t.select().where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
    ).all()
    return _table_row(found, seats)

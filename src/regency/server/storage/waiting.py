"""What waits in the lobby (schema revision ``0005``): its tables and their rows.

* ``open_tables``: a :class:`Listing`, a table someone set up as open, listed in the
  lobby until it is full (``table_id`` then names the table dealt), closed or stale;
* ``pairing_entries``: an :class:`Entry`, a person waiting in a pool's queue or sitting
  at an open table, until seated (``table_id``, ``seat``) or gone.

Kept apart from the store that changes them (:mod:`~regency.server.storage.pairing`), as
the accounts' tables are (:mod:`~regency.server.storage.people`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from regency.server.storage.database import TableRow, metadata

__all__ = [
    "Entry",
    "Listing",
    "Made",
    "entries_t",
    "entry_of",
    "entry_values",
    "listing_of",
    "open_tables_t",
]

open_tables_t = sa.Table(
    "open_tables",
    metadata,
    sa.Column("id", sa.String(16), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("move_seconds", sa.Float, nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("rating_min", sa.Integer, nullable=True),
    sa.Column("rating_max", sa.Integer, nullable=True),
    sa.Column("creator", sa.String(80), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("ended", sa.String(16), nullable=True),
    sa.Column("ended_at", sa.Float, nullable=True),
)

entries_t = sa.Table(
    "pairing_entries",
    metadata,
    sa.Column("id", sa.String(16), primary_key=True),
    sa.Column("person", sa.String(80), nullable=False),
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("pool", sa.String(64), nullable=True),
    sa.Column("open_id", sa.String(16), sa.ForeignKey("open_tables.id"), nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("shown", sa.String(16), nullable=True),
    sa.Column("fill_after", sa.Float, nullable=True),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.Column("seen_at", sa.Float, nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
)


@dataclass(frozen=True, slots=True)
class Entry:
    """A person waiting: in a pool's queue or at an open table.

    Attributes:
        id: Its public id (random: whoever holds it may follow it, not act for it).
        person: Who (``a:ID`` for an account, ``g:HASH`` for a guest): a person waits in
            a queue once and is seated once.
        name: The name their seat will show.
        rated: Whether it is a rated queue or table.
        rating: The rating matched on (an account's in the pool; a guest's 1500).
        joined_at: When they came.
        seen_at: When a page following the entry (or a client asking for it) was last seen.
        account_id: The account (``None``: a guest).
        token_hash: A guest's seat token's SHA-256 (the seat they get keeps it).
        pool: The pool's id, for a queue entry.
        open_id: The open table's id, for a seat taken at one.
        shown: The rating shown beside their seat (``"1500?"``), for an account.
        fill_after: Seconds after which computer levels may fill their table (a queue's).
        table_id: The table they were seated at (``None``: still waiting).
        seat: Their seat there.
    """

    id: str
    person: str
    name: str
    rated: bool
    rating: float
    joined_at: float
    seen_at: float
    account_id: int | None = None
    token_hash: str | None = None
    pool: str | None = None
    open_id: str | None = None
    shown: str | None = None
    fill_after: float | None = None
    table_id: str | None = None
    seat: int | None = None

    @property
    def waiting(self) -> bool:
        """Whether the entry waits still (not seated)."""
        return self.table_id is None


@dataclass(frozen=True, slots=True)
class Listing:
    """An open table, as the lobby lists it: its set-up and the people sitting there.

    Attributes:
        id: Its id.
        game: The game.
        players: Seats.
        options: The game's options.
        move_seconds: The move clock (``None``: none).
        rated: Rated or casual.
        rating_min: The lowest rating that may sit down (``None``: any).
        rating_max: The highest (``None``: any).
        creator: The person who opened it (who may close it).
        created_at: When it was opened.
        updated_at: When it was opened or someone last sat down (it goes stale from then).
        table_id: The table dealt once it was full.
        ended: ``None`` while listed; then ``"started"``, ``"closed"`` or ``"stale"``.
        ended_at: When it ended.
        entries: The people sitting there, in the order they sat down (the creator first).
    """

    id: str
    game: str
    players: int
    options: dict[str, Any]
    move_seconds: float | None
    rated: bool
    rating_min: int | None
    rating_max: int | None
    creator: str
    created_at: float
    updated_at: float
    table_id: str | None = None
    ended: str | None = None
    ended_at: float | None = None
    entries: tuple[Entry, ...] = field(default=())

    @property
    def full(self) -> bool:
        """Whether every seat is taken."""
        return len(self.entries) >= self.players


@dataclass(frozen=True, slots=True)
class Made:
    """A table to store, and the entries it seats (entry id -> seat)."""

    row: TableRow
    seats: Mapping[str, int]


def entry_of(row: Any) -> Entry:
    """An entry from its row."""
    return Entry(
        id=row.id,
        person=row.person,
        name=row.name,
        rated=bool(row.rated),
        rating=float(row.rating),
        joined_at=float(row.joined_at),
        seen_at=float(row.seen_at),
        account_id=row.account_id,
        token_hash=row.token_hash,
        pool=row.pool,
        open_id=row.open_id,
        shown=row.shown,
        fill_after=None if row.fill_after is None else float(row.fill_after),
        table_id=row.table_id,
        seat=row.seat,
    )


def listing_of(row: Any, entries: Iterable[Entry] = ()) -> Listing:
    """An open table from its row, with the people sitting there."""
    return Listing(
        id=row.id,
        game=row.game,
        players=int(row.players),
        options=json.loads(row.options),
        move_seconds=None if row.move_seconds is None else float(row.move_seconds),
        rated=bool(row.rated),
        rating_min=row.rating_min,
        rating_max=row.rating_max,
        creator=row.creator,
        created_at=float(row.created_at),
        updated_at=float(row.updated_at),
        table_id=row.table_id,
        ended=row.ended,
        ended_at=None if row.ended_at is None else float(row.ended_at),
        entries=tuple(entries),
    )


def entry_values(e: Entry) -> dict[str, Any]:
    """A new entry's row (not seated)."""
    return {
        "id": e.id,
        "person": e.person,
        "account_id": e.account_id,
        "token_hash": e.token_hash,
        "name": e.name,
        "pool": e.pool,
        "open_id": e.open_id,
        "rated": e.rated,
        "rating": e.rating,
        "shown": e.shown,
        "fill_after": e.fill_after,
        "joined_at": e.joined_at,
        "seen_at": e.seen_at,
        "table_id": None,
        "seat": None,
    }

"""Open tables and quick pairing: who waits for a game, and the tables listed in the lobby.

New tables (docs/server.md, "Open tables and quick pairing", says what each holds):

* ``open_tables``: a table someone set up as open (game, players, options, clock, rated
  or casual, an optional rating range), listed in the lobby until it is full (then
  ``table_id`` names the table dealt), closed or stale (``ended`` says which);
* ``pairing_entries``: a person waiting, in a quick-pairing queue (``pool``, ``rated``)
  or at an open table (``open_id``): who (``person``: an account or a guest, the guest's
  seat token only as its SHA-256), the rating matched on and shown, when they came and
  were last seen, after how long computer levels may fill their table, and once seated
  the ``table_id`` and ``seat``.

Two partial unique indexes keep a person from waiting twice in one queue, or sitting
twice at one open table, whichever server process each request reaches.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_WAITING_IN_POOL = sa.text("table_id IS NULL AND pool IS NOT NULL")
_AT_OPEN_TABLE = sa.text("open_id IS NOT NULL")


def upgrade() -> None:
    """Create ``open_tables`` and ``pairing_entries`` with their indexes."""
    op.create_table(
        "open_tables",
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
    op.create_index("ix_open_tables_ended", "open_tables", ["ended", "updated_at"])
    op.create_index("ix_open_tables_creator", "open_tables", ["creator", "ended"])
    op.create_table(
        "pairing_entries",
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
    op.create_index("ix_pairing_entries_waiting", "pairing_entries", ["table_id", "pool"])
    op.create_index("ix_pairing_entries_person", "pairing_entries", ["person", "table_id"])
    op.create_index("ix_pairing_entries_open", "pairing_entries", ["open_id"])
    op.create_index(
        "ux_pairing_entries_queue",
        "pairing_entries",
        ["person", "pool", "rated"],
        unique=True,
        sqlite_where=_WAITING_IN_POOL,
        postgresql_where=_WAITING_IN_POOL,
    )
    op.create_index(
        "ux_pairing_entries_open",
        "pairing_entries",
        ["person", "open_id"],
        unique=True,
        sqlite_where=_AT_OPEN_TABLE,
        postgresql_where=_AT_OPEN_TABLE,
    )


def downgrade() -> None:
    """Drop them."""
    for index in (
        "ux_pairing_entries_open",
        "ux_pairing_entries_queue",
        "ix_pairing_entries_open",
        "ix_pairing_entries_person",
        "ix_pairing_entries_waiting",
    ):
        op.drop_index(index, "pairing_entries")
    op.drop_table("pairing_entries")
    op.drop_index("ix_open_tables_creator", "open_tables")
    op.drop_index("ix_open_tables_ended", "open_tables")
    op.drop_table("open_tables")

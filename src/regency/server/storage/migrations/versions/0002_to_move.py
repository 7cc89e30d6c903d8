"""Whose turn it is, stored with the table.

A restarted server loads at once only the tables that need driving (a computer seat to
move, or an idle person's seat that a computer may take over); every other table is
loaded when someone first asks for it. ``to_move`` says which seat is to move without
replaying the moves; ``NULL`` (tables stored before this revision) means "not known yet",
and such a table is loaded at start as before.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.to_move``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("to_move", sa.Integer, nullable=True))


def downgrade() -> None:
    """Drop it."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("to_move")

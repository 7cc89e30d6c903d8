"""The table chat: what the seated people wrote, kept with the table.

One row per message: the table, the seat that wrote it, the text (at most
``regency.server.live.chat.MAX_CHAT`` characters), when, and the table's version at that
moment (the replay shows each message after the move it followed). ``id`` orders the
messages of every table and tells a server process which ones it has already pushed.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``chat`` and its index by table."""
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(1000), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id", "id"])


def downgrade() -> None:
    """Drop it."""
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")

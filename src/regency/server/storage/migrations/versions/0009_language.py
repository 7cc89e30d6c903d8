"""The language an account reads the pages in: ``accounts.language``.

New column: ``accounts.language``, an ISO 639-1 code of a shipped language (``de``), or
empty for none chosen (the browser's ``Accept-Language`` then decides; docs/i18n.md). Set
by ``PATCH /api/me``; every existing account starts with none.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column."""
    op.add_column(
        "accounts", sa.Column("language", sa.String(8), nullable=False, server_default="")
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_column("accounts", "language")

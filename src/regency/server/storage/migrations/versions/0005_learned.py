"""The lessons an account has done: ``accounts.learned``.

New column: ``accounts.learned``, JSON text, the ids of the lessons done per game
(``{"claim": ["win-a-trick", ...]}``; docs/learn.md), moved from the browser when its
owner signs in. Every existing account starts with none.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column."""
    op.add_column("accounts", sa.Column("learned", sa.Text, nullable=False, server_default="{}"))


def downgrade() -> None:
    """Drop it."""
    op.drop_column("accounts", "learned")

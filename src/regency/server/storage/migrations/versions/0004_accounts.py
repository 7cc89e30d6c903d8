"""Accounts, their sessions and API tokens, failed sign-ins, ratings and game histories.

New tables (docs/accounts.md says what each holds):

* ``accounts``: a user name (and its lower-case key, unique), the password's Argon2id
  hash, when it was made, whether an operator disabled it, the puzzle ratings moved from
  the browser;
* ``sessions``: the SHA-256 of each session id, its account, CSRF token and times;
* ``api_tokens``: the SHA-256 of each API token, its account and label;
* ``signin_failures``: failed sign-ins (a hashed name or address and when), counted by
  every server process;
* ``ratings``: an account's rating per game and pool (``"2"``, ``"3-4"``);
* ``account_games``: each finished game of an account: its seat, outcome and rating
  before and after (one row per table and account: a game is entered once).

New columns: ``seats.account_id`` and ``seats.rating`` (who sits there, and the rating
shown beside them); ``tables.rated`` and ``tables.settled_at`` (when a finished game was
entered in its accounts' histories). Every table finished before this revision counts as
entered (it has no account).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the accounts' tables and add the seats' and tables' columns."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(20), nullable=False),
        sa.Column("name_key", sa.String(20), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("puzzles", sa.Text, nullable=False, server_default="{}"),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account_id"])
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("label", sa.String(40), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
    )
    op.create_index("ix_api_tokens_account", "api_tokens", ["account_id"])
    op.create_table(
        "signin_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_signin_failures_key", "signin_failures", ["key", "at"])
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("pool", sa.String(8), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "pool", "rating"])
    op.create_table(
        "account_games",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("pool", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=True),
        sa.Column("rating_after", sa.Float, nullable=True),
        sa.Column("deviation_after", sa.Float, nullable=True),
    )
    op.create_index("ix_account_games_when", "account_games", ["account_id", "finished_at"])
    op.create_index("ix_account_games_game", "account_games", ["account_id", "game", "finished_at"])
    # Plain ALTER TABLE ... ADD COLUMN, in SQLite too: a batch would copy ``tables``
    # into a new one and drop the old, which the seats' foreign keys forbid.
    op.add_column("seats", sa.Column("account_id", sa.Integer, nullable=True))
    op.add_column("seats", sa.Column("rating", sa.String(16), nullable=True))
    op.create_index("ix_seats_account", "seats", ["account_id"])
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("tables", sa.Column("settled_at", sa.Float, nullable=True))
    op.execute("UPDATE tables SET settled_at = updated_at WHERE finished")
    op.create_index("ix_tables_unsettled", "tables", ["finished", "settled_at"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_tables_unsettled", "tables")
    op.drop_column("tables", "settled_at")
    op.drop_column("tables", "rated")
    op.drop_index("ix_seats_account", "seats")
    op.drop_column("seats", "rating")
    op.drop_column("seats", "account_id")
    for index, table in (
        ("ix_account_games_game", "account_games"),
        ("ix_account_games_when", "account_games"),
        ("ix_ratings_board", "ratings"),
        ("ix_signin_failures_key", "signin_failures"),
        ("ix_api_tokens_account", "api_tokens"),
        ("ix_sessions_account", "sessions"),
    ):
        op.drop_index(index, table)
    for table in ("account_games", "ratings", "signin_failures", "api_tokens", "sessions"):
        op.drop_table(table)
    op.drop_table("accounts")

"""The accounts' tables (schema revision ``0004``), on the tables' own metadata.

Kept apart from the stores that use them (:mod:`~regency.server.storage.accounts`,
:mod:`~regency.server.storage.ratings`), which each need the other's tables: deleting an
account deletes its ratings, and a leaderboard names accounts.
"""

from __future__ import annotations

import sqlalchemy as sa

from regency.server.storage.database import metadata

__all__ = [
    "account_games_t",
    "accounts_t",
    "api_tokens_t",
    "failures_t",
    "ratings_t",
    "sessions_t",
]

accounts_t = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(20), nullable=False),
    sa.Column("name_key", sa.String(20), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("puzzles", sa.Text, nullable=False, server_default="{}"),
    # The lessons done, per game (revision 0005; docs/learn.md).
    sa.Column("learned", sa.Text, nullable=False, server_default="{}"),
    # The pages' language, "" for none chosen (revision 0009; docs/i18n.md).
    sa.Column("language", sa.String(8), nullable=False, server_default=""),
)


sessions_t = sa.Table(
    "sessions",
    metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("csrf", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
)


api_tokens_t = sa.Table(
    "api_tokens",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("label", sa.String(40), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_used", sa.Float, nullable=True),
)


failures_t = sa.Table(
    "signin_failures",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(64), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


ratings_t = sa.Table(
    "ratings",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("pool", sa.String(8), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)


account_games_t = sa.Table(
    "account_games",
    metadata,
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

"""Tournaments: events, their entrants, and the tables of their rounds.

New tables (:mod:`regency.server.storage.tournament_rows` says what each column holds):

* ``tournaments``: an event's set-up and state, its organiser's account, the Argon2id
  hash of a club's password, and ``version``, moved by every change;
* ``tournament_entrants``: who entered, by number (an account, a guest's token hash or
  a computer level), each account and each guest once;
* ``tournament_games``: the tables of each round (or byes), the game table each was
  dealt as, and once over, the places and the seats that forfeited.

Nothing existing changes: a tournament's games are ordinary tables (``tables``), rated or
not as any other.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables and their indexes."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=True),
        sa.Column("minutes", sa.Float, nullable=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("late_join", sa.Boolean, nullable=False),
        sa.Column("max_entrants", sa.Integer, nullable=False),
        sa.Column("created_by", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("starts_at", sa.Float, nullable=False),
        sa.Column("ends_at", sa.Float, nullable=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("note", sa.String(300), nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status", "starts_at"])
    op.create_index("ix_tournaments_created_by", "tournaments", ["created_by", "status"])
    op.create_table(
        "tournament_entrants",
        sa.Column(
            "tournament_id", sa.String(16), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("agent", sa.String(200), nullable=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("joined_round", sa.Integer, nullable=False),
        sa.Column("withdrawn", sa.Boolean, nullable=False),
    )
    op.create_index(
        "ix_tournament_entrants_account",
        "tournament_entrants",
        ["tournament_id", "account_id"],
        unique=True,
    )
    op.create_index(
        "ix_tournament_entrants_guest",
        "tournament_entrants",
        ["tournament_id", "token_hash"],
        unique=True,
    )
    op.create_table(
        "tournament_games",
        sa.Column(
            "tournament_id", sa.String(16), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("spectator", sa.String(64), nullable=True),
        sa.Column("bye", sa.Boolean, nullable=False),
        sa.Column("ranks", sa.Text, nullable=True),
        sa.Column("forfeited", sa.Text, nullable=False),
        sa.Column("started", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_index("ix_tournament_games_table_id", "tournament_games", ["table_id"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_tournament_games_table_id", "tournament_games")
    op.drop_table("tournament_games")
    op.drop_index("ix_tournament_entrants_guest", "tournament_entrants")
    op.drop_index("ix_tournament_entrants_account", "tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index("ix_tournaments_created_by", "tournaments")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_table("tournaments")

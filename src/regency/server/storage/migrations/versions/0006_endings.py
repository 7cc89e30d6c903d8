"""How a table ended, who opened and who left each seat, and moves taken back.

* ``tables.ending``: ``NULL`` while the game is played; ``finished`` (played to the
  end), ``resigned`` (a side resigned) or ``aborted`` (ended before it started: a person
  asked before their first move, or a first move that never came in time). The details
  (who, the winners, who left) are in ``tables.result``
  (:mod:`regency.server.live.endings`). Tables finished before this revision are
  ``finished``.
* ``seats.opened_at``: when the seat's person first opened the table (their page or
  socket connected, or their view was read with their token): their move clock starts
  no earlier.
* ``seats.left_at``: when the person left a game of three or more sides (the computer
  plays the seat to the end).
* ``moves.undo_to``: a row that is not a move but a take-back, to that many moves (its
  ``notation`` is ``takeback``, which no game reads as a move, so an older release that
  meets one refuses to load the table instead of misreading it).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the four columns; mark the games finished so far as ``finished``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("ending", sa.String(16), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("opened_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("left_at", sa.Float, nullable=True))
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("undo_to", sa.Integer, nullable=True))
    tables = sa.table("tables", sa.column("ending", sa.String), sa.column("finished", sa.Boolean))
    op.execute(tables.update().where(tables.c.finished.is_(True)).values(ending="finished"))


def downgrade() -> None:
    """Drop them (take-backs stay rows of the moves table, which older releases refuse)."""
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("undo_to")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("left_at")
        batch.drop_column("opened_at")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("ending")

"""Alembic environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from alembic import context

from regency.server.storage import (
    people,  # noqa: F401  (the accounts' tables)
    waiting,  # noqa: F401  (the lobby's tables)
)
from regency.server.storage.database import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes one
    raise RuntimeError("run migrations through regency.server.storage.database.upgrade")
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()

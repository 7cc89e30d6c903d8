"""Alembic migrations of the server's schema (applied by ``regency db upgrade``)."""

"""What the server keeps: every table, seat, move and chat message.

* ``database.py``: SQLite or PostgreSQL behind one small interface (SQLAlchemy Core);
* ``migrations/``: the Alembic migrations of its schema, shipped in the package and
  applied by ``regency db upgrade`` (or at start-up).
"""

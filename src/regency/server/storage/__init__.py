"""What the server keeps: every table, seat, move and chat message, and the accounts.

* ``database.py``: SQLite or PostgreSQL behind one small interface (SQLAlchemy Core);
* ``people.py``: the accounts' tables (accounts, sessions, API tokens, failed sign-ins,
  ratings, each account's games);
* ``accounts.py``: accounts, sessions, API tokens and failed sign-ins;
* ``ratings.py``: ratings, each account's finished games, profiles and leaderboards;
* ``migrations/``: the Alembic migrations of its schema, shipped in the package and
  applied by ``regency db upgrade`` (or at start-up).
"""

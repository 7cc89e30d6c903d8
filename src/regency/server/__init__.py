"""The game server: tables, invite links, computer seats, and games that survive a crash.

``regency serve`` runs :func:`regency.server.app.create_app` on uvicorn. The layers:

* ``protocol.py``: the request and message models (the public protocol, see docs/server.md);
* ``storage.py`` and ``migrations/``: tables, seats, moves and chat in SQLite or PostgreSQL;
* ``live.py``: the tables in play, one authoritative game each, and who is listening;
* ``chat.py``: the table chat's caps and messages;
* ``computer.py``: computer seats thinking in worker processes;
* ``pages.py``, ``rulebook.py`` and ``analysis.py``: the browser pages, the rules pages
  and move analysis behind the routes;
* ``routes/``: the HTTP and WebSocket routes, one router per concern;
* ``app.py``: the application, its middleware and its start-up.

It uses only the public API, ``regency.agents``, ``regency.core`` and ``regency.tables``.
"""

"""The game server: tables, invite links, computer seats, and games that survive a crash.

``regency serve`` runs :func:`regency.server.app.create_app` on uvicorn. What it is made of:

* ``live/``: the tables in play, one authoritative game each, and who is listening: the
  hub that runs them, one table and its views, setting a table up, committing moves,
  computer seats, move clocks, the table chat, rematches;
* ``storage/``: tables, seats, moves and chat in SQLite or PostgreSQL, and the Alembic
  migrations of their schema;
* ``pages/``: what the browser pages show besides a live table: serving the pages, the
  replays of finished games and their move analysis, the puzzles, the rules;
* ``operations/``: what a host runs and watches: health and draining, Prometheus
  metrics, log lines, uvicorn with a graceful restart, security headers and tokens;
* ``routes/``: the HTTP and WebSocket routes, one router per concern;
* ``protocol.py`` (the request and message models, the public protocol of
  docs/server.md), ``errors.py`` (the server's refusal), ``settings.py`` (how a server
  runs and its caps) and ``app.py`` (the application, its middleware and its start-up,
  wiring the rest), which every part may use.

It uses only the public API, ``regency.agents``, ``regency.core``, ``regency.tables``,
``regency.analysis`` and ``regency.puzzles``.
"""

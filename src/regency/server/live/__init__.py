"""The tables in play: one authoritative game per table, and who is listening to it.

* ``hub.py``: :class:`~regency.server.live.hub.Hub` runs every table this process
  serves: loading, moves, computer seats' turns, clocks, what other processes announce;
* ``table.py``: one table in play, its seats' tokens and listeners, and the view
  message each is sent (built from ``observation(seat)`` alone);
* ``setup.py``: setting up a table (the checks on what a client asks for, its row);
* ``commits.py``: moves committed in groups, one transaction for many tables;
* ``computer.py``: computer seats thinking in worker processes;
* ``clocks.py``, ``chat.py``, ``rematch.py``: move clocks, the table chat, rematches
  and the evening's score sheet.
"""

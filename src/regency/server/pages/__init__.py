"""What the browser pages show besides a live table, behind their routes.

* ``html.py``: serving a page file with its title, and a missing game's 404;
* ``replays.py``: a finished game's views rebuilt step by step, as each seat saw them;
* ``analysis.py``: move analysis of finished games, in worker processes of its own;
* ``puzzles.py``: puzzles as their seat sees them, the next one, a try's verdict;
* ``rulebook.py``: the rules pages, with figures drawn as the table draws them.
"""

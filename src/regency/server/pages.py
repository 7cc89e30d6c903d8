"""The pages people see in the browser, served by the same application as the protocol.

The pages are plain HTML, CSS and ES modules shipped in ``regency/web`` (no build step, no
CDN, no remote fonts). They draw a table only from the seat's view message, exactly what a
program playing through the protocol receives, and send moves over the seat's WebSocket;
no game rule is repeated in JavaScript (the legal moves come from the server).

The pages' routes are in :mod:`regency.server.routes.pages` and
:mod:`regency.server.routes.replays`; this module renders the pages and rebuilds the views
of a replay.
"""

from __future__ import annotations

from collections import OrderedDict
from html import escape
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

import regency
from regency.server.live import Hub, ProtocolError, view_message
from regency.server.rulebook import player_rules_html, reference_document

__all__ = [
    "MAX_STEP",
    "WEB",
    "ReplayCache",
    "known_game",
    "no_such_game",
    "page",
    "replay_public",
    "replayed_view",
    "rules_html",
    "seat_list",
    "seat_view_after",
    "title",
    "wants_html",
]

WEB = Path(regency.__file__).parent / "web"
"""The folder of the pages' assets."""

RECENT = 12
"""How many recent moves a replayed view carries (as the live view does)."""

MAX_STEP = 100_000
"""The largest step a replay request may name (longer than any game)."""


def page(name: str, title: str, body: str = "", status: int = 200) -> HTMLResponse:
    """The page ``name`` of :data:`WEB` with its title and ``body`` filled in, not cached."""
    text = (WEB / name).read_text(encoding="utf-8")
    text = text.replace("__TITLE__", escape(title)).replace("<!--RULES-->", body)
    return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-cache"})


def wants_html(request: Request) -> bool:
    """Whether the request asks for HTML (a browser), not JSON (a program)."""
    return "text/html" in request.headers.get("accept", "")


def title(game: str) -> str:
    """The game's title (``Claim Kingdoms``), or its name if there is no such game."""
    for info in regency.available_games():
        if info.name == game:
            return info.title
    return game


class ReplayCache:
    """The records of finished games the replay page asks for, the most recent few kept.

    Args:
        size: How many records to keep.
    """

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self.records: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def record(self, hub: Hub, table_id: str) -> dict[str, Any]:
        """The table's record (409 while the game is being played, 404 if unknown)."""
        if table_id in self.records:
            self.records.move_to_end(table_id)
            return self.records[table_id]
        record = await hub.record(table_id)
        self.records[table_id] = record
        while len(self.records) > self.size:
            self.records.popitem(last=False)
        return record


def replayed_view(record: dict[str, Any], step: int, seat: int | None) -> dict[str, Any]:
    """The view message ``seat`` had after the first ``step`` moves of a finished game.

    Args:
        record: The finished game's record (as ``GET /api/tables/{id}/record`` gives it).
        step: How many moves have been made (0 to the game's length).
        seat: The seat whose view to rebuild (``None``: a spectator's).

    Returns:
        A ``view`` message like the live one, plus ``step`` and ``steps``.
    """
    out = seat_view_after(record, step, seat)
    out["legal_moves"] = []  # a replay is looked at, not played
    out["step"] = step
    out["steps"] = len(record["actions"])
    return out


def seat_view_after(record: dict[str, Any], step: int, seat: int | None) -> dict[str, Any]:
    """The live table's view message for ``seat`` after the first ``step`` moves of a record.

    What a seat at the table would have been sent then, its legal moves included: the
    replay page shows it (without the moves), a puzzle is one (:mod:`regency.server.puzzles`).
    """
    game, recent = replay_public(record, step, seat)
    return view_message(
        game,
        seat,
        table=record.get("meta", {}).get("table", ""),
        version=step,
        recent=recent[-RECENT:],
        seats=seat_list(record, game.num_players),
    )


def replay_public(
    record: dict[str, Any], step: int, seat: int | None
) -> tuple[regency.Game[Any], list[dict[str, Any]]]:
    """The game after the first ``step`` moves of ``record``, and every move as ``seat`` saw it.

    Returns:
        The game (every card in it: build only ``seat``'s view from it) and the moves
        made, each ``{"number", "seat", "move"}`` with the move as ``seat`` was shown it
        (``Game.public_action``).

    Raises:
        ValueError: if ``step`` is not from 0 to the record's length.
    """
    actions = record["actions"]
    if not 0 <= step <= len(actions):
        raise ValueError(f"step {step} is not between 0 and {len(actions)}")
    game = regency.new_game(
        record["game"], players=record["players"], seed=record["seed"], **record["options"]
    )
    recent: list[dict[str, Any]] = []
    for number, notation in enumerate(actions[:step], start=1):
        mover = game.current_player
        action = game.parse_action(notation)
        recent.append({"number": number, "seat": mover, "move": game.public_action(action, seat)})
        game.play(action)
    return game, recent


def seat_list(record: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """Who sat where in a recorded game, as the view message lists them (``Seat N`` unnamed)."""
    names = record.get("meta", {}).get("seats") or [f"Seat {s}" for s in range(players)]
    return [{"seat": s, "name": str(n), "kind": _kind(str(n))} for s, n in enumerate(names)]


def known_game(game: str) -> bool:
    """Whether ``game`` is a registered game's name."""
    return game in {info.name for info in regency.available_games()}


def _kind(name: str) -> str:
    return "computer" if name.startswith("computer (") else "person"


def rules_html(game: str) -> str | None:
    """A game's rules page for players as HTML, with the link to the reference at the end.

    ``None`` if this install has no rules for the game.
    """
    body = player_rules_html(game)
    if body is None:
        return None
    if reference_document(game).is_file():
        more = f'<a href="/rules/{escape(game)}/reference">the project\'s reference</a>'
    else:
        more = f"the project's reference, <code>docs/rules/{escape(game)}.md</code> in its source"
    return (
        body
        + '<footer class="rules-more"><p>For rule ids and edge cases: '
        + more
        + '. <a href="/">Play a game</a>.</p></footer>'
    )


def no_such_game(request: Request, game: str) -> Response:
    """404 for an unknown game: a page for a browser, the JSON refusal for a program."""
    message = f"no game called {game!r}"
    if not wants_html(request):
        raise ProtocolError(404, "no_such_game", message)
    links = " · ".join(
        f'<a href="/rules/{escape(info.name)}">{escape(info.title)}</a>'
        for info in regency.available_games()
    )
    body = (
        "<h1>No such game</h1>"
        f"<p>There is no game called <q>{escape(game)}</q> here.</p>"
        f'<p>The rules of: {links}.</p><p><a href="/">Back to the lobby</a></p>'
    )
    return page("rules.html", "No such game · regency", body, status=404)

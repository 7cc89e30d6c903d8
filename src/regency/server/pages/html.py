"""Serving the pages: a page file with its title filled in, and a missing game's 404.

The pages are plain HTML, CSS and ES modules shipped in ``regency/web`` (no build step, no
CDN, no remote fonts). They draw a table only from the seat's view message, exactly what a
program playing through the protocol receives, and send moves over the seat's WebSocket;
no game rule is repeated in JavaScript (the legal moves come from the server).

The pages' routes are in :mod:`regency.server.routes.pages` and its neighbours; what they
show besides a live table is beside this module: the replays
(:mod:`~regency.server.pages.replays`) and their analysis
(:mod:`~regency.server.pages.analysis`), the puzzles (:mod:`~regency.server.pages.puzzles`)
and the rules (:mod:`~regency.server.pages.rulebook`).
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

import regency
from regency.server.errors import ProtocolError

__all__ = [
    "WEB",
    "error_page",
    "known_game",
    "no_such_game",
    "page",
    "page_wanted",
    "title",
    "wants_html",
]

WEB = Path(regency.__file__).parent / "web"
"""The folder of the pages' assets."""


def page(name: str, title: str, body: str = "", status: int = 200) -> HTMLResponse:
    """The page ``name`` of :data:`WEB` with its title and ``body`` filled in, not cached."""
    text = (WEB / name).read_text(encoding="utf-8")
    text = text.replace("__TITLE__", escape(title)).replace("<!--RULES-->", body)
    return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-cache"})


def wants_html(request: Request) -> bool:
    """Whether the request asks for HTML (a browser), not JSON (a program)."""
    return "text/html" in request.headers.get("accept", "")


def page_wanted(request: Request) -> bool:
    """Whether a refusal should be a page: a browser (asking for HTML) following a link.

    The API's addresses (``/api/...``) and the assets (``/static/...``) always answer
    JSON (or nothing), whatever the request accepts: a program never gets a page.
    """
    path = request.url.path
    return (
        request.method in ("GET", "HEAD")
        and wants_html(request)
        and not path.startswith(("/api/", "/static/"))
    )


# What each refusal a link can meet says to a person: a heading and a sentence.
_PAGE_WORDS = {
    "no_such_table": (
        "No such table",
        "There is no table at this address: the link may be mistyped or cut short, or "
        "the table was removed after a long time without a move.",
    ),
    "no_such_seat": ("No such seat", "The table has no seat with this number."),
    "not_finished": (
        "This game is still being played",
        "Its replay opens once the game has ended.",
    ),
    "not_found": ("No such page", "There is nothing at this address."),
    "bad_request": ("This link is not right", "Part of the address is not what it should be."),
}


def error_page(status: int, code: str, message: str) -> HTMLResponse:
    """A refusal as a page a person can read, with a way back (a browser's bad link).

    The heading and sentence say what went wrong in a player's words; the server's own
    message (the API's, escaped; none for an unknown address) follows in small print,
    and a link leads to the lobby.
    """
    heading, sentence = _PAGE_WORDS.get(
        code, ("This page cannot be shown", "The server refused it.")
    )
    said = f'<p class="small muted">The server says: {escape(message)}</p>' if message else ""
    body = (
        f"<h1>{escape(heading)}</h1><p>{escape(sentence)}</p>{said}"
        '<p><a class="button primary" href="/" id="back">Back to the lobby</a></p>'
    )
    return page("message.html", f"{heading} · regency", body, status=status)


def title(game: str) -> str:
    """The game's title (``Claim Kingdoms``), or its name if there is no such game."""
    for info in regency.available_games():
        if info.name == game:
            return info.title
    return game


def known_game(game: str) -> bool:
    """Whether ``game`` is a registered game's name."""
    return game in {info.name for info in regency.available_games()}


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

"""The pages people see in the browser, served by the same application as the protocol.

The pages are plain HTML, CSS and ES modules shipped in ``regency/web`` (no build step, no
CDN, no remote fonts). They draw a table only from the seat's view message, exactly what a
program playing through the protocol receives, and send moves over the seat's WebSocket;
no game rule is repeated in JavaScript (the legal moves come from the server).

Routes added here:

* ``GET /``: the lobby for a browser (a request that asks for HTML); the server's JSON
  summary for any other client.
* ``GET /play/{table}/{seat}#token=...``: a seat's table page (the invite link; the token
  stays in the browser, and the page sends it in a header).
* ``GET /watch/{table}#token=...``: the spectator's table page.
* ``GET /replay/{table}?seat=N&step=K``: a finished game, step by step.
* ``GET /rules/{game}``: the game's rules for players (``regency/web/rules/{game}.md``,
  with figures drawn by the table's own modules; ``regency.server.rulebook``).
* ``GET /rules/{game}/reference``: the project's reference rules (``docs/rules/``, with
  the rulings' ids), when the install has them.
* ``GET /static/...``: the assets.
* ``GET /api/tables/{table}/replay/{step}?seat=N``: the view message ``seat`` (omitted:
  a spectator) had after ``step`` moves of a finished game.
* ``GET|POST /api/tables/{table}/analysis``: a finished game's move analysis
  (``regency.server.analysis``).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from html import escape
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

import regency
from regency.server.analysis import install_analysis
from regency.server.live import Hub, ProtocolError, view_message
from regency.server.rulebook import player_rules_html, reference_document, reference_rules_html

__all__ = ["WEB", "ReplayCache", "install_pages", "rules_html"]

WEB = Path(regency.__file__).parent / "web"
"""The folder of the pages' assets."""

RECENT = 12
"""How many recent moves a replayed view carries (as the live view does)."""

MAX_STEP = 100_000
"""The largest step a replay request may name (longer than any game)."""


def _page(name: str, title: str, body: str = "", status: int = 200) -> HTMLResponse:
    text = (WEB / name).read_text(encoding="utf-8")
    text = text.replace("__TITLE__", escape(title)).replace("<!--RULES-->", body)
    return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-cache"})


def _wants_html(request: Request) -> bool:
    return "text/html" in request.headers.get("accept", "")


def _title(game: str) -> str:
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
    names = record.get("meta", {}).get("seats") or [f"Seat {s}" for s in range(game.num_players)]
    seats = [{"seat": s, "name": str(n), "kind": _kind(str(n))} for s, n in enumerate(names)]
    out = view_message(
        game,
        seat,
        table=record.get("meta", {}).get("table", ""),
        version=step,
        recent=recent[-RECENT:],
        seats=seats,
    )
    out["legal_moves"] = []  # a replay is looked at, not played
    out["step"] = step
    out["steps"] = len(actions)
    return out


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


def _no_such_game(request: Request, game: str) -> Response:
    """404 for an unknown game: a page for a browser, the JSON refusal for a program."""
    message = f"no game called {game!r}"
    if not _wants_html(request):
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
    return _page("rules.html", "No such game · regency", body, status=404)


def install_pages(app: FastAPI) -> None:
    """Add the pages' routes and the static assets to ``app`` (before its other routes)."""
    replays = ReplayCache()

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.get("/", summary="The lobby (a browser) or what this server is (any other client)")
    async def index(request: Request) -> Response:
        if "text/html" in request.headers.get("accept", ""):
            return _page("index.html", "regency: play Claim, Claim Kingdoms and Kingdoms")
        root = str(request.base_url).rstrip("/")
        return JSONResponse(
            {
                "server": "regency",
                "version": regency.__version__,
                "api": f"{root}/openapi.json",
                "games": f"{root}/api/games",
                "history": f"{root}/api/history",
            }
        )

    @app.get("/play/{table_id}/{seat}", response_class=HTMLResponse, include_in_schema=False)
    async def play_page(table_id: str, seat: int, request: Request) -> HTMLResponse:
        live = await hub_of(request).get(table_id)
        live.check_seat(seat)
        name = live.row.seats[seat].name or f"Seat {seat}"
        return _page("table.html", f"{_title(live.row.game)}: {name} (seat {seat}) · regency")

    @app.get("/watch/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def watch_page(table_id: str, request: Request) -> HTMLResponse:
        live = await hub_of(request).get(table_id)
        return _page("table.html", f"{_title(live.row.game)}: watching · regency")

    @app.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(table_id: str, request: Request) -> HTMLResponse:
        record = await replays.record(hub_of(request), table_id)
        return _page("replay.html", f"{_title(record['game'])}: replay · regency")

    def known(game: str) -> bool:
        return game in {info.name for info in regency.available_games()}

    @app.get("/rules/{game}", response_class=HTMLResponse, include_in_schema=False)
    async def rules_page(game: str, request: Request) -> Response:
        if not known(game):
            return _no_such_game(request, game)
        body = await asyncio.to_thread(rules_html, game)
        if body is None:
            body = (
                f"<h1>{escape(_title(game))}</h1><p>This installation does not include "
                "the rules pages.</p>"
            )
        return _page("rules.html", f"{_title(game)}: rules · regency", body)

    @app.get("/rules/{game}/reference", response_class=HTMLResponse, include_in_schema=False)
    async def rules_reference_page(game: str, request: Request) -> Response:
        if not known(game):
            return _no_such_game(request, game)
        body = await asyncio.to_thread(reference_rules_html, game)
        if body is None:
            if _wants_html(request):
                return _page(
                    "rules.html",
                    f"{_title(game)}: reference rules · regency",
                    f"<h1>{escape(_title(game))}: the reference</h1><p>This installation "
                    "does not include the reference rules; they are in the project's "
                    f"source, <code>docs/rules/{escape(game)}.md</code>. The "
                    f'<a href="/rules/{escape(game)}">rules for players</a> are here.</p>',
                    status=404,
                )
            raise ProtocolError(404, "no_reference", f"this install has no reference for {game}")
        back = f'<p class="small"><a href="/rules/{escape(game)}">The rules for players</a></p>'
        return _page("rules.html", f"{_title(game)}: reference rules · regency", back + body)

    @app.get(
        "/api/tables/{table_id}/replay/{step}",
        summary="What a seat (or a spectator) saw after some moves of a finished game",
    )
    async def replay_view(
        table_id: str,
        step: Annotated[int, PathParam(ge=0, le=MAX_STEP)],
        request: Request,
        seat: Annotated[int | None, Query(ge=0, le=15)] = None,
    ) -> dict[str, Any]:
        record = await replays.record(hub_of(request), table_id)
        if seat is not None and seat >= record["players"]:
            raise ProtocolError(404, "no_such_seat", f"table {table_id} has no seat {seat}")
        steps = len(record["actions"])
        if step > steps:
            raise ProtocolError(
                404,
                "no_such_step",
                f"the game has {steps} moves: ask for a step from 0 to {steps}",
                steps=steps,
            )
        return await asyncio.to_thread(replayed_view, record, step, seat)

    settings = app.state.settings
    app.state.analyses = install_analysis(app, settings.analysis_workers, settings.analysis_queue)
    app.mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static")

"""The pages people see in the browser (rendered by :mod:`regency.server.pages.html`).

* ``GET /``: the lobby for a browser (a request that asks for HTML); the server's JSON
  summary for any other client.
* ``GET /play/{table}/{seat}#token=...``: a seat's table page (the invite link; the token
  stays in the browser, and the page sends it in a header).
* ``GET /watch/{table}#token=...``: the spectator's table page.
* ``GET /rules/{game}``: the game's rules for players (``regency/web/rules/{game}.md``,
  with figures drawn by the table's own modules; ``regency.server.pages.rulebook``).
* ``GET /rules/{game}/reference``: the project's reference rules (``docs/rules/``, with
  the rulings' ids), when the install has them.
* ``GET /offline``: the page the service worker shows when a page cannot be loaded;
  ``GET /sw.js``, ``GET /manifest.webmanifest``: the service worker and the web app
  manifest (:mod:`regency.server.pages.install`); ``GET /robots.txt``.

The replay page is in :mod:`regency.server.routes.replays`; the assets (``/static/...``)
are mounted by :func:`regency.server.app.create_app`.
"""

from __future__ import annotations

import asyncio
from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response

import regency
from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.pages.html import known_game, no_such_game, page, title, wants_html
from regency.server.pages.install import OFFLINE, ROBOTS, manifest, service_worker
from regency.server.pages.rulebook import reference_rules_html, rules_html
from regency.server.routes.common import base_url, hub_of
from regency.server.routes.tables import games

LOBBY_HISTORY = "/api/history?limit=20"
"""The finished games the lobby lists (its first view has them: no round trip)."""

__all__ = ["router"]

router = APIRouter()


@router.get("/", summary="The lobby (a browser) or what this server is (any other client)")
async def index(request: Request) -> Response:
    if wants_html(request):
        # The lobby's first view is in the page: the games and the latest finished ones,
        # the answers its script would ask for at once (public, the same for everyone).
        finished = await hub_of(request).history(20, 0)
        return page(
            "index.html",
            _("regency: play Claim, Claim Kingdoms and Kingdoms"),
            preload={"/api/games": await games(), LOBBY_HISTORY: finished},
        )
    root = base_url(request)
    return JSONResponse(
        {
            "server": "regency",
            "version": regency.__version__,
            "api": f"{root}/openapi.json",
            "games": f"{root}/api/games",
            "history": f"{root}/api/history",
        }
    )


@router.get("/play/{table_id}/{seat}", response_class=HTMLResponse, include_in_schema=False)
async def play_page(table_id: str, seat: int, request: Request) -> HTMLResponse:
    live = await hub_of(request).get(table_id)
    live.check_seat(seat)
    game = title(live.row.game)
    name = live.row.seats[seat].name or _("Seat {seat}", seat=seat)
    return _table_page(
        table_id,
        _("{game}: {name} (seat {seat}) · regency", game=game, name=name, seat=seat),
        _("A game of {game} at regency: {name} (seat {seat}).", game=game, name=name, seat=seat),
        _("{game} · seat {seat}", game=game, seat=seat),
    )


@router.get("/watch/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def watch_page(table_id: str, request: Request) -> HTMLResponse:
    live = await hub_of(request).get(table_id)
    game = title(live.row.game)
    return _table_page(
        table_id,
        _("{game}: watching · regency", game=game),
        _("A game of {game} at regency: watching.", game=game),
        _("{game} · watching", game=game),
    )


def _table_page(table_id: str, page_title: str, description: str, heading: str) -> HTMLResponse:
    """A table's page: its header says the game and the seat before the view arrives."""
    table = _("table {table}", table=table_id)
    return page(
        "table.html",
        page_title,
        description=description,
        fill={"WHERE": f'{escape(heading)}<span class="tid"> · {escape(table)}</span>'},
    )


@router.get("/rules/{game}", response_class=HTMLResponse, include_in_schema=False)
async def rules_page(game: str, request: Request) -> Response:
    if not known_game(game):
        return no_such_game(request, game)
    body = await asyncio.to_thread(rules_html, game)
    if body is None:
        missing = _("This installation does not include the rules pages.")
        body = f"<h1>{escape(title(game))}</h1><p>{escape(missing)}</p>"
    return page(
        "rules.html",
        _("{game}: rules · regency", game=title(game)),
        body,
        description=_(
            "The rules of {game} for players, with pictures drawn as the table draws them.",
            game=title(game),
        ),
    )


@router.get("/rules/{game}/reference", response_class=HTMLResponse, include_in_schema=False)
async def rules_reference_page(game: str, request: Request) -> Response:
    if not known_game(game):
        return no_such_game(request, game)
    body = await asyncio.to_thread(reference_rules_html, game)
    if body is None:
        if wants_html(request):
            heading = _("{game}: the reference", game=title(game))
            # The placeholders are markup: filled after the text is escaped.
            missing = escape(
                _(
                    "This installation does not include the reference rules; they are in "
                    "the project's source, {path}. The {link_start}rules for "
                    "players{link_end} are here."
                ),
                quote=False,
            ).format(
                path=f"<code>docs/rules/{escape(game)}.md</code>",
                link_start=f'<a href="/rules/{escape(game)}">',
                link_end="</a>",
            )
            return page(
                "rules.html",
                _("{game}: reference rules · regency", game=title(game)),
                f"<h1>{escape(heading)}</h1><p>{missing}</p>",
                status=404,
            )
        raise ProtocolError(
            404, "no_reference", _("this install has no reference for {game}", game=game)
        )
    players = escape(_("The rules for players"))
    back = f'<p class="small"><a href="/rules/{escape(game)}">{players}</a></p>'
    return page(
        "rules.html",
        _("{game}: reference rules · regency", game=title(game)),
        back + body,
        description=_(
            "The reference rules of {game}: every case, with the rulings' ids.", game=title(game)
        ),
    )


@router.get(OFFLINE, response_class=HTMLResponse, include_in_schema=False)
async def offline_page() -> HTMLResponse:
    return page(
        "offline.html",
        _("You are offline · regency"),
        description=_("regency cannot reach its server: you are offline."),
    )


@router.get("/sw.js", include_in_schema=False)
async def service_worker_script() -> Response:
    # Asked again at every visit (no-cache): a release's new names reach the browser.
    return Response(
        service_worker(),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/manifest.webmanifest", include_in_schema=False)
async def web_app_manifest() -> Response:
    return JSONResponse(
        manifest(),
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/robots.txt", include_in_schema=False)
async def robots() -> Response:
    return PlainTextResponse(ROBOTS, headers={"Cache-Control": "public, max-age=86400"})

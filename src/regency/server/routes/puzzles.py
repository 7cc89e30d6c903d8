"""Puzzles from real games: the pages and the API (:mod:`regency.server.pages.puzzles`).

* ``GET /puzzles``, ``/puzzles/{game}``, ``/puzzles/{game}/{id}``: the puzzles page (pick
  a game; solve that game's puzzles one after another; one puzzle, for a link).
* ``GET /api/puzzles``: the games with puzzles and a new solver's rating.
* ``GET /api/puzzles/{game}/next?rating=R&seen=id,...``: a puzzle near the rating, not
  one of those seen (at most :data:`~regency.server.pages.puzzles.MAX_SEEN` ids).
* ``GET /api/puzzles/{game}/{id}``: that puzzle, as its seat sees it.
* ``POST /api/puzzles/{game}/{id}/attempt``: try a move; the verdict, every move's win
  chance and the solver's new rating. Signed in (with the page's CSRF token), the
  rating is the account's, and a try that ``counts`` stores the new one there.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from regency.core.i18n import N_, _
from regency.server.errors import ProtocolError
from regency.server.pages.html import known_game, no_such_game, page, title
from regency.server.pages.puzzles import (
    attempt,
    find,
    listing,
    next_puzzle,
    parse_seen,
    puzzle_payload,
    puzzle_set,
)
from regency.server.protocol import AttemptRequest
from regency.server.routes.identity import accounts_of, caller, may_change

__all__ = ["router"]

router = APIRouter()


ABOUT = N_(
    "Puzzles from real games of Claim, Claim Kingdoms and Kingdoms: find the move that wins."
)
"""The puzzles page's description (translated as it is served)."""


@router.get("/puzzles", response_class=HTMLResponse, include_in_schema=False)
async def puzzles_page() -> HTMLResponse:
    return page(
        "puzzles.html",
        _("Puzzles: find the move that wins · regency"),
        description=_(ABOUT),
        preload={"/api/puzzles": await games_with_puzzles()},
    )


@router.get("/puzzles/{game}", response_class=HTMLResponse, include_in_schema=False)
async def game_puzzles_page(game: str, request: Request) -> Response:
    if not known_game(game):
        return no_such_game(request, game)
    found = await games_with_puzzles()
    preload: dict[str, Any] = {"/api/puzzles": found}
    if any(g["game"] == game for g in found["games"]):
        # A new solver's first puzzle (the page asks for it with the starting rating
        # and nothing seen); a solver with a rating in this browser asks for their own.
        start = min(5000.0, max(0.0, float(found["start"]["rating"])))
        query = f"rating={_js_number(start)}&seen="
        preload[f"/api/puzzles/{game}/next?{query}"] = await next_one(game, start, "")
    return page(
        "puzzles.html",
        _("{game} puzzles · regency", game=title(game)),
        description=_(
            "Puzzles from real games of {game}: find the move that wins.", game=title(game)
        ),
        preload=preload,
    )


@router.get("/puzzles/{game}/{puzzle_id}", response_class=HTMLResponse, include_in_schema=False)
async def one_puzzle_page(game: str, puzzle_id: str, request: Request) -> Response:
    if not known_game(game):
        return no_such_game(request, game)
    preload: dict[str, Any] = {"/api/puzzles": await games_with_puzzles()}
    # No such puzzle: the page asks, and shows the server's words and where to go instead.
    with contextlib.suppress(ProtocolError):
        preload[f"/api/puzzles/{game}/{quote(puzzle_id, safe='')}"] = await one_puzzle(
            game, puzzle_id
        )
    return page(
        "puzzles.html",
        _("{game} puzzle {puzzle} · regency", game=title(game), puzzle=puzzle_id),
        description=_(
            "A puzzle from a real game of {game}: find the move that wins.", game=title(game)
        ),
        preload=preload,
    )


def _js_number(x: float) -> str:
    """``x`` as JavaScript's ``String(x)`` writes it (``1500``, ``1512.5``)."""
    return str(int(x)) if x.is_integer() else repr(x)


@router.get("/api/puzzles", summary="The games with puzzles, and a new solver's rating")
async def games_with_puzzles() -> dict[str, Any]:
    return await asyncio.to_thread(listing)


@router.get("/api/puzzles/{game}/next", summary="A puzzle near the solver's rating, not yet seen")
async def next_one(
    game: str,
    rating: Annotated[float, Query(ge=0, le=5000)] = 1500.0,
    seen: Annotated[str, Query(max_length=20_000)] = "",
) -> dict[str, Any]:
    ids = parse_seen(seen)
    puzzles = await asyncio.to_thread(puzzle_set, game)
    return await asyncio.to_thread(puzzle_payload, next_puzzle(puzzles, rating, ids))


@router.get("/api/puzzles/{game}/{puzzle_id}", summary="A puzzle, as its seat sees it")
async def one_puzzle(game: str, puzzle_id: str) -> dict[str, Any]:
    puzzle = await asyncio.to_thread(find, game, puzzle_id)
    return await asyncio.to_thread(puzzle_payload, puzzle)


@router.post(
    "/api/puzzles/{game}/{puzzle_id}/attempt",
    summary="Try a move: right or wrong, every move's win chance, the new rating",
)
async def try_move(
    game: str, puzzle_id: str, body: AttemptRequest, request: Request
) -> dict[str, Any]:
    puzzle = await asyncio.to_thread(find, game, puzzle_id)
    who = await caller(request)
    if not may_change(request, who) or who.account is None:
        return await asyncio.to_thread(attempt, puzzle, body.move, body.rating)
    # Signed in: the account's rating is the solver's, and a try that counts moves it.
    account = who.account
    answer = await asyncio.to_thread(attempt, puzzle, body.move, account.puzzles.get(game))
    if body.counts:
        stored = {**account.puzzles, game: answer["rating"]}
        await asyncio.to_thread(accounts_of(request).set_puzzles, account.id, stored)
    answer["stored"] = body.counts
    return answer

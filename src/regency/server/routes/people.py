"""What the site shows of its players: profiles, leaderboards, and a player's own games.

* ``GET /api/players/{name}``: a profile: ratings per game and pool with their history
  and place on the computer ladder, games played and won, puzzle ratings (public);
* ``GET /api/players/{name}/games?game=&result=&page=``: the player's finished games,
  newest first, 20 a page (public: a finished game's record is public too);
* ``GET /api/leaderboard?game=&pool=``: the top 50 of each game and pool with a
  non-provisional rating and a rated game in the last 30 days;
* ``GET /api/account/games``: the signed-in player's open tables (their turn first) and
  latest finished games;
* ``GET /api/account/records``: every finished game's record in one JSON file;
* the pages: ``/@/NAME`` (a profile), ``/leaderboard``, ``/games`` ("My games") and
  ``/account`` (signing in and up; the account's settings), drawn by their scripts in
  ``regency/web`` from the answers above.

Only public facts leave here: names, ratings, results, table ids of finished games and
the signed-in player's own open tables; never a token, a session or another player's
open table.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, StreamingResponse

import regency
from regency.core.i18n import _
from regency.core.record import RECORD_FORMAT, RECORD_VERSION
from regency.puzzles.rating import Rating, RatingError
from regency.ratings import PlayerRating, place_on_ladder
from regency.server.errors import ProtocolError
from regency.server.live.names import seat_name
from regency.server.pages.html import page, title
from regency.server.routes.identity import accounts_of, caller, ratings_of, require
from regency.server.storage.accounts import Account
from regency.server.storage.database import TableRow

__all__ = ["BOARD_DAYS", "BOARD_SIZE", "MAX_RECORDS", "PER_PAGE", "router"]

router = APIRouter()

PER_PAGE = 20
"""Finished games per page of a player's list."""

BOARD_SIZE = 50
"""Players on a leaderboard."""

BOARD_DAYS = 30
"""A leaderboard counts players with a rated game in this many days."""

MAX_RECORDS = 10_000
"""The most records one download holds (the newest)."""

Outcome = Literal["won", "lost", "drawn", "aborted"]
Pool = Literal["2", "3-4"]


def _seats(row: TableRow) -> list[dict[str, Any]]:
    """Who sat where, as anyone may read it."""
    return [
        {
            "seat": s.seat,
            "name": seat_name(row, s),
            "account": s.name if s.account_id is not None else None,
            "computer": s.agent is not None,
            "agent": s.agent,
            "rating": s.rating,
        }
        for s in row.seats
    ]


def _finished_entry(row: TableRow, entry: Any) -> dict[str, Any]:
    result = row.result or {}
    return {
        "table": row.id,
        "game": row.game,
        "title": title(row.game),
        "players": row.players,
        "seat": int(entry.seat),
        "rated": bool(entry.rated),
        "outcome": entry.outcome,
        "finished_at": float(entry.finished_at),
        "seats": _seats(row),
        "winners": list(result.get("winners", [])),
        "scores": list(result.get("scores", [])),
        "moves": row.version,
        "rating_before": None if entry.rating_before is None else round(entry.rating_before),
        "rating_after": None if entry.rating_after is None else round(entry.rating_after),
        "replay": f"/replay/{row.id}?seat={int(entry.seat)}",
    }


async def _player(request: Request, name: str) -> Account:
    found = None
    if 0 < len(name) <= 40:
        found = await asyncio.to_thread(accounts_of(request).by_name, name)
    if found is None:
        raise ProtocolError(404, "no_such_player", _("no player is called {name}", name=repr(name)))
    return found[0]


def _ratings(
    ratings: dict[tuple[str, str], PlayerRating], history: dict[tuple[str, str], list[Any]]
) -> list[dict[str, Any]]:
    out = []
    for (game, pool), rating in sorted(ratings.items()):
        counts = [2] if pool == "2" else [n for n in (3, 4) if n in regency.game_info(game).players]
        out.append(
            {
                "game": game,
                "title": title(game),
                "pool": pool,
                **rating.to_json(),
                "history": history.get((game, pool), []),
                "ladder": {str(n): place_on_ladder(game, n, rating.rating) for n in counts},
            }
        )
    return out


def _puzzles(account: Account) -> dict[str, Any]:
    out = {}
    for game, data in account.puzzles.items():
        try:
            rating = Rating.from_dict(data)
        except RatingError:
            continue
        shown = PlayerRating(rating.rating, rating.deviation, rating.volatility, rating.tries)
        out[game] = {**shown.to_json(), "tries": rating.tries}
    return out


@router.get("/api/players/{name}", summary="A player's profile")
async def profile(name: str, request: Request) -> dict[str, Any]:
    account = await _player(request, name)
    store = ratings_of(request)
    ratings, history, summary = await asyncio.gather(
        asyncio.to_thread(store.ratings, account.id),
        asyncio.to_thread(store.history, account.id),
        asyncio.to_thread(store.summary, account.id),
    )
    return {
        "name": account.name,
        "since": account.created_at,
        "disabled": account.disabled,
        "ratings": _ratings(ratings, history),
        "games": [{**g, "title": title(g["game"])} for g in summary],
        "puzzles": _puzzles(account),
    }


@router.get("/api/players/{name}/games", summary="A player's finished games, newest first")
async def player_games(
    name: str,
    request: Request,
    game: Annotated[str | None, Query(max_length=64)] = None,
    result: Outcome | None = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
) -> dict[str, Any]:
    account = await _player(request, name)
    total, rows, entries = await asyncio.to_thread(
        ratings_of(request).games,
        account.id,
        game or None,
        result,
        PER_PAGE,
        (page - 1) * PER_PAGE,
    )
    return {
        "name": account.name,
        "game": game,
        "result": result,
        "total": total,
        "page": page,
        "pages": max(1, math.ceil(total / PER_PAGE)),
        "per_page": PER_PAGE,
        "games": [_finished_entry(r, e) for r, e in zip(rows, entries, strict=True)],
    }


@router.get("/api/leaderboard", summary="The best rated players of each game and pool")
async def leaderboard(
    request: Request,
    game: Annotated[str | None, Query(max_length=64)] = None,
    pool: Pool | None = None,
) -> dict[str, Any]:
    names = [info.name for info in regency.available_games()]
    if game is not None and game not in names:
        raise ProtocolError(404, "no_such_game", _("no game called {game}", game=repr(game)))
    since = time.time() - BOARD_DAYS * 86400
    store = ratings_of(request)
    boards = []
    for g in [game] if game else names:
        counts = regency.game_info(g).players
        for p in [pool] if pool else ["2", "3-4"]:
            if (p == "2" and 2 not in counts) or (p == "3-4" and not {3, 4} & set(counts)):
                continue
            rows = await asyncio.to_thread(store.leaderboard, g, p, since, BOARD_SIZE)
            boards.append(
                {
                    "game": g,
                    "title": title(g),
                    "pool": p,
                    "players": [
                        {"place": i + 1, "name": n, **r.to_json()} for i, (n, r) in enumerate(rows)
                    ],
                }
            )
    return {"days": BOARD_DAYS, "size": BOARD_SIZE, "boards": boards}


@router.get("/api/account/games", summary="Your open tables and finished games")
async def my_games(
    request: Request, page: Annotated[int, Query(ge=1, le=100_000)] = 1
) -> dict[str, Any]:
    account = require(await caller(request))
    store = ratings_of(request)
    tables = await asyncio.to_thread(store.open_tables, account.id)
    total, rows, entries = await asyncio.to_thread(
        store.games, account.id, None, None, PER_PAGE, (page - 1) * PER_PAGE
    )
    return {
        "name": account.name,
        "open": [
            {
                "table": row.id,
                "game": row.game,
                "title": title(row.game),
                "players": row.players,
                "seat": seat,
                "your_turn": row.to_move == seat,
                "rated": row.rated,
                "seats": _seats(row),
                "moves": row.version,
                "updated_at": row.updated_at,
                "url": f"/play/{row.id}/{seat}",
            }
            for row, seat in tables
        ],
        "finished": {
            "total": total,
            "page": page,
            "pages": max(1, math.ceil(total / PER_PAGE)),
            "games": [_finished_entry(r, e) for r, e in zip(rows, entries, strict=True)],
        },
    }


def _records(name: str, found: Iterator[tuple[TableRow, list[str]]]) -> Iterator[bytes]:
    """The download, written as it is read: a JSON object with the list of records."""
    yield json.dumps({"format": "regency-records", "account": name})[:-1].encode()
    yield b', "records": ['
    first = True
    for row, moves in found:
        record = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": row.game,
            "players": row.players,
            "seed": row.seed,
            "options": row.options,
            "actions": moves,
            "meta": {
                "table": row.id,
                "seats": [s["name"] for s in _seats(row)],
                "result": row.result,
                "rated": row.rated,
                "finished_at": row.updated_at,
            },
        }
        yield (b"" if first else b",\n") + json.dumps(record).encode()
        first = False
    yield b"]}\n"


@router.get("/api/account/records", summary="Every record of your finished games, one file")
async def my_records(request: Request) -> StreamingResponse:
    account = require(await caller(request))
    found = await asyncio.to_thread(
        lambda: list(ratings_of(request).records(account.id, MAX_RECORDS))
    )
    return StreamingResponse(
        _records(account.name, iter(found)),
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="regency-{account.name}-games.json"'
        },
    )


@router.get("/@/{name}", response_class=HTMLResponse, include_in_schema=False)
async def profile_page(name: str, request: Request) -> HTMLResponse:
    found = None
    if 0 < len(name) <= 40:
        found = await asyncio.to_thread(accounts_of(request).by_name, name)
    if found is None:
        return page("profile.html", _("No such player · regency"), status=404)
    return page("profile.html", _("{name} · regency", name=found[0].name))


@router.get("/leaderboard", response_class=HTMLResponse, include_in_schema=False)
async def leaderboard_page() -> HTMLResponse:
    return page("leaderboard.html", _("Leaderboards · regency"))


@router.get("/games", response_class=HTMLResponse, include_in_schema=False)
async def my_games_page() -> HTMLResponse:
    return page("games.html", _("My games · regency"))


@router.get("/account", response_class=HTMLResponse, include_in_schema=False)
async def account_page() -> HTMLResponse:
    return page("account.html", _("Your account · regency"))

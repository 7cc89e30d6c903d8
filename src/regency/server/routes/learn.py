"""Learning to play: the lessons' pages and API, and the coach of a first game.

* ``GET /learn``, ``/learn/{game}``, ``/learn/{game}/{lesson}``: the lessons page (the
  courses; a course; one lesson on the real table).
* ``GET /api/learn``: every course, the pages' words, and (signed in) the lessons the
  account has done.
* ``GET /api/learn/{game}``: a course.
* ``GET /api/learn/{game}/{lesson}``: a lesson as its learner sees it.
* ``POST /api/learn/{game}/{lesson}/attempt``: try a move; solved or not, the words that
  say why, a hint after a miss, the view after it. Signed in (with the page's CSRF
  token), a solved lesson is stored in the account.
* ``GET /api/learn/{game}/{lesson}/answer``: the answer, for a learner who asks.
* ``PUT /api/learn/progress``: the lessons a browser kept, added to the account's.
* ``POST /api/tables/{table}/seats/{seat}/coach``: at a table set up with the coach, a
  note on one of the seat's moves (``{"ask": "note", "number": N}``) or a hint on its
  turn (``{"ask": "hint"}``), with the seat's token or its account.

docs/learn.md describes the lessons and the coach; docs/server.md the JSON.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.live.coach import Coach
from regency.server.pages.html import known_game, no_such_game, page, title
from regency.server.pages.learn import (
    answer_payload,
    attempt_payload,
    course_of,
    course_payload,
    find,
    head_marks,
    learned_after,
    lesson_payload,
    listing,
    merge_learned,
)
from regency.server.protocol import CoachRequest, LessonAttempt
from regency.server.routes.common import TableId, hub_of, token_of
from regency.server.routes.identity import accounts_of, caller, may_change, require
from regency.server.routes.seats import account_for

__all__ = ["router"]

router = APIRouter()


def coach_of(request: Request) -> Coach:
    """The server's coach (started with the application)."""
    coach: Coach = request.app.state.coach
    return coach


@router.get("/learn", response_class=HTMLResponse, include_in_schema=False)
async def learn_page() -> HTMLResponse:
    return page("learn.html", _("Learn to play · regency"), fill=head_marks())


@router.get("/learn/{game}", response_class=HTMLResponse, include_in_schema=False)
async def course_page(game: str, request: Request) -> Response:
    if not known_game(game):
        return no_such_game(request, game)
    return page(
        "learn.html", _("Learn to play {game} · regency", game=title(game)), fill=head_marks()
    )


@router.get("/learn/{game}/{lesson_id}", response_class=HTMLResponse, include_in_schema=False)
async def lesson_page(game: str, lesson_id: str, request: Request) -> Response:
    if not known_game(game):
        return no_such_game(request, game)
    try:
        course, lesson = await asyncio.to_thread(find, game, lesson_id)
    except ProtocolError:  # the page says so, as it does for a lesson the API refuses
        return page(
            "learn.html", _("Learn to play {game} · regency", game=title(game)), fill=head_marks()
        )
    # The head as learn.js draws it once the lesson has loaded, so nothing moves then.
    marks = head_marks(course, lesson)
    return page(
        "learn.html",
        _("{lesson}: learn to play {game} · regency", lesson=lesson.title, game=title(game)),
        fill=marks,
    )


@router.get("/api/learn", summary="The courses, the pages' words, the account's progress")
async def courses(request: Request) -> dict[str, Any]:
    who = await caller(request)
    learned = None if who.account is None else who.account.learned
    return await asyncio.to_thread(listing, learned)


@router.put("/api/learn/progress", summary="Add the browser's lessons done to the account's")
async def move_progress(body: dict[str, Any], request: Request) -> dict[str, Any]:
    account = require(await caller(request, changing=True))
    merged = await asyncio.to_thread(merge_learned, account.learned, body)
    await asyncio.to_thread(accounts_of(request).set_learned, account.id, merged)
    return {"learned": merged}


@router.get("/api/learn/{game}", summary="A course: its lessons")
async def course(game: str) -> dict[str, Any]:
    return course_payload(await asyncio.to_thread(course_of, game))


@router.get("/api/learn/{game}/{lesson_id}", summary="A lesson, as its learner sees it")
async def lesson(game: str, lesson_id: str) -> dict[str, Any]:
    found, one = await asyncio.to_thread(find, game, lesson_id)
    return await asyncio.to_thread(lesson_payload, found, one)


@router.post(
    "/api/learn/{game}/{lesson_id}/attempt",
    summary="Try a move: solved or not, why, a hint after a miss, the view after it",
)
async def attempt(
    game: str, lesson_id: str, body: LessonAttempt, request: Request
) -> dict[str, Any]:
    _course, one = await asyncio.to_thread(find, game, lesson_id)
    answer = await asyncio.to_thread(attempt_payload, one, body.move)
    who = await caller(request)
    answer["stored"] = False
    if answer["solved"] and who.account is not None and may_change(request, who):
        learned = learned_after(who.account.learned, game, lesson_id)
        await asyncio.to_thread(accounts_of(request).set_learned, who.account.id, learned)
        answer["stored"] = True
        answer["learned"] = learned
    return answer


@router.get("/api/learn/{game}/{lesson_id}/answer", summary="A lesson's answer, in words")
async def answer(game: str, lesson_id: str) -> dict[str, Any]:
    _course, one = await asyncio.to_thread(find, game, lesson_id)
    return await asyncio.to_thread(answer_payload, one)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/coach",
    summary="At a coached table: a note on one of the seat's moves, or a hint",
)
async def coach(
    table_id: TableId, seat: int, body: CoachRequest, request: Request
) -> dict[str, Any]:
    token = token_of(request)
    live = await hub_of(request).get(table_id)
    live.check_token(seat, token, await account_for(request, token, changing=False))
    if body.ask == "hint":
        return await coach_of(request).hint(live, seat)
    return await coach_of(request).note(live, seat, body.number or 0)

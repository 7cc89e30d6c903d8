"""The protocol's request and message models.

Requests are checked strictly (``extra="forbid"``, bounded sizes) so that anything a
client sends is either understood or refused with a clear 4xx. The messages the server
sends are plain JSON dicts built in ``live/table.py``; docs/server.md describes both.
"""

from __future__ import annotations

from typing import Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "MAX_BODY",
    "MAX_WS_MESSAGE",
    "ActionRequest",
    "AttemptRequest",
    "ChatRequest",
    "CreateTable",
    "RematchRequest",
    "SeatRequest",
    "TakebackRequest",
    "WsAction",
    "WsChat",
    "WsEnd",
    "WsTakeback",
    "encode",
]

MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes (a bigger one is refused with 413)."""

MAX_WS_MESSAGE = 16 * 1024
"""The largest WebSocket message accepted, in bytes."""


def encode(message: Any) -> str:
    """A message as JSON text, the way every WebSocket message is sent.

    orjson: a view encodes in about a seventh of the time ``json.dumps`` takes (6 µs
    against 48 µs for a 2 kB Claim view), and views are encoded after every move. Keys
    that are not strings (an observation's seat numbers) become strings, as
    ``json.dumps`` makes them.
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


MAX_OPTIONS = 32
"""The most game options a table may set."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatRequest(_Strict):
    """One seat of a new table: a person (``name``) or a computer (``agent``).

    Attributes:
        name: The person's display name (ignored for a computer seat).
        agent: An agent spec (``random``, ``heuristic``, ``ismcts:iters=500``); omit it
            for a person.
    """

    name: str = Field(default="", max_length=40)
    agent: str | None = Field(default=None, min_length=1, max_length=200)


class CreateTable(_Strict):
    """``POST /api/tables``: a game, its options and who sits where.

    Attributes:
        game: A registered game (``GET /api/games`` lists them).
        players: Number of seats (the game's default when omitted).
        options: The game's options, as ``new_game`` takes them.
        seats: One entry per seat (default: a person in seat 0, the heuristic elsewhere).
        seed: Fixes the deal (default: a fresh one).
        think_time: Seconds a computer seat takes per move, at least: a search with no
            budget of its own searches that long, a quicker player waits it out.
        move_seconds: The move clock: seconds each person has for a move, one of 30,
            120 and 86400 (24 h, for slow games by link), or ``None`` (no clock). When it
            runs out a computer player takes the seat and plays for the person, until
            they take it back (see :mod:`regency.server.live.clocks`).
        takeover_minutes: The older form of ``move_seconds``: any number of minutes up
            to a day (set one of the two).
        takeover_agent: The agent that plays when a clock runs out (default
            ``heuristic``).
    """

    game: str = Field(min_length=1, max_length=64)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] | None = Field(default=None, min_length=1, max_length=16)
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    think_time: float = Field(default=0.5, ge=0, le=60)
    move_seconds: float | None = Field(default=None, gt=0, le=24 * 60 * 60)
    takeover_minutes: float | None = Field(default=None, gt=0, le=24 * 60)
    takeover_agent: str = Field(default="heuristic", min_length=1, max_length=200)

    @field_validator("options")
    @classmethod
    def _few_options(cls, value: dict[str, Any]) -> dict[str, Any]:
        if len(value) > MAX_OPTIONS:
            raise ValueError(f"at most {MAX_OPTIONS} options")
        return value


class ActionRequest(_Strict):
    """``POST .../actions``: a move and the version it was decided on.

    Attributes:
        action: The move in the game's notation (a legal move's text from the view).
        version: The view's ``version`` when the move was chosen.
    """

    action: str = Field(min_length=1, max_length=200)
    version: int = Field(ge=0, le=2**31)


class WsAction(_Strict):
    """A move sent over a seat's WebSocket: ``{"type": "action", ...}``.

    Attributes:
        type: Always ``"action"``.
        action: The move in the game's notation.
        version: The version it was decided on.
    """

    type: Literal["action"]
    action: str = Field(min_length=1, max_length=200)
    version: int = Field(ge=0, le=2**31)


class RematchRequest(_Strict):
    """A person's answer at a finished table: offer or accept a rematch, or decline it."""

    accept: bool = True


class TakebackRequest(_Strict):
    """``POST .../takeback``: ask to take back your last move, accept it or decline it.

    Attributes:
        accept: ``True`` (the default): ask, or accept the take-back another person
            asked for; ``False``: decline it (the one who asked withdraws it).
        version: The version of the view the answer was decided on (optional): refused
            with ``stale_version`` if the table has moved on (an offer a move cancelled).
    """

    accept: bool = True
    version: int | None = Field(default=None, ge=0, le=2**31)


class WsEnd(_Strict):
    """Ending your part of a game over a seat's WebSocket: ``{"type": "resign"}``.

    Attributes:
        type: ``"abort"`` (before your first move), ``"resign"`` (two sides) or
            ``"leave"`` (three or more sides); docs/server.md says which applies.
    """

    type: Literal["abort", "resign", "leave"]


class WsTakeback(_Strict):
    """A take-back asked, accepted or declined over a seat's WebSocket.

    Attributes:
        type: Always ``"takeback"``.
        accept: As :class:`TakebackRequest`'s.
        version: As :class:`TakebackRequest`'s.
    """

    type: Literal["takeback"]
    accept: bool = True
    version: int | None = Field(default=None, ge=0, le=2**31)


MAX_CHAT_REQUEST = 1000
"""The longest chat text a request may carry before it is folded (the message itself is
held to ``regency.server.live.chat.MAX_CHAT`` characters, refused with a clear message)."""


class ChatRequest(_Strict):
    """``POST .../chat``: a chat message from the seat whose token the request carries.

    Attributes:
        text: What it says (folded to one line, at most 200 characters once folded).
    """

    text: str = Field(max_length=MAX_CHAT_REQUEST)


class WsChat(_Strict):
    """A chat message sent over a seat's WebSocket: ``{"type": "chat", "text": ...}``.

    Attributes:
        type: Always ``"chat"``.
        text: What it says (see :class:`ChatRequest`).
    """

    type: Literal["chat"]
    text: str = Field(max_length=MAX_CHAT_REQUEST)


class AttemptRequest(_Strict):
    """``POST /api/puzzles/{game}/{id}/attempt``: a move tried, and the solver's rating.

    Attributes:
        move: The move, in the game's notation (one of the puzzle view's legal moves).
        rating: The solver's rating as the last answer gave it (``None``: a new solver's;
            checked by :meth:`regency.puzzles.Rating.from_dict`).
    """

    move: str = Field(min_length=1, max_length=200)
    rating: dict[str, Any] | None = Field(default=None, max_length=8)

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
    "CoachRequest",
    "CreateTable",
    "DeleteAccount",
    "JoinPool",
    "LessonAttempt",
    "NewPassword",
    "NewToken",
    "OpenTableRequest",
    "RematchRequest",
    "SeatRequest",
    "SignIn",
    "SitRequest",
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
    me: bool | None = None
    """Whether the signed-in person setting up the table sits here, as their account.

    Unsaid on every seat: the first person's seat is theirs. ``true`` on one seat: that
    one. ``false`` on every person's seat: none (an organiser's table)."""


class CreateTable(_Strict):
    """``POST /api/tables``: a game, its options and who sits where.

    Attributes:
        game: A registered game (``GET /api/games`` lists them).
        players: Number of seats (the game's default when omitted); the game judges it,
            and refuses a count it is not played by in its own words ("Claim is played
            by 2-4 players, not 99").
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
        rated: Whether the game is rated (docs/accounts.md): set up by a signed-in
            person, every person's seat an account (the others join by their invite
            links), every computer seat a level of the game's ladder.
        coach: A first game with a coach (docs/learn.md): its person may ask for a note
            on each of their moves and for hints. One person's seat, the others the
            computer; never rated.
    """

    game: str = Field(min_length=1, max_length=64)
    players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] | None = Field(default=None, min_length=1, max_length=16)
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    think_time: float = Field(default=0.5, ge=0, le=60)
    move_seconds: float | None = Field(default=None, gt=0, le=24 * 60 * 60)
    takeover_minutes: float | None = Field(default=None, gt=0, le=24 * 60)
    takeover_agent: str = Field(default="heuristic", min_length=1, max_length=200)
    rated: bool = False
    coach: bool = False

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
            checked by :meth:`regency.puzzles.Rating.from_dict`). A signed-in solver's
            is the account's, whatever is sent.
    """

    move: str = Field(min_length=1, max_length=200)
    rating: dict[str, Any] | None = Field(default=None, max_length=8)
    counts: bool = True
    """Whether the try counts for a signed-in solver's stored rating (a puzzle's first
    try does; "Try again" does not)."""


class LessonAttempt(_Strict):
    """``POST /api/learn/{game}/{lesson}/attempt``: a move tried in a lesson.

    Attributes:
        move: The move, in the game's notation (one of the lesson view's legal moves; any
            other is answered with the game's refusal).
    """

    move: str = Field(min_length=1, max_length=200)


class CoachRequest(_Strict):
    """``POST /api/tables/{table}/seats/{seat}/coach``: a question to a table's coach.

    Attributes:
        ask: ``"note"`` (how the computer would have judged move ``number``, one of the
            seat's) or ``"hint"`` (what to think about now, on the seat's turn).
        number: The move a note is about (1 is the game's first move).
    """

    ask: Literal["note", "hint"]
    number: int | None = Field(default=None, ge=1, le=100_000)


MAX_SECRET_FIELD = 256
"""The longest password a request may carry (``regency.accounts.passwords.MAX_PASSWORD``):
anything longer is refused before it is hashed, and a body over
:data:`MAX_BODY` before it is read."""


class SignIn(_Strict):
    """``POST /api/account/signup`` and ``/signin``: a user name and a password.

    Attributes:
        name: The user name (checked by ``regency.accounts.names``).
        password: The password.
    """

    name: str = Field(max_length=100)
    password: str = Field(max_length=MAX_SECRET_FIELD)


class NewPassword(_Strict):
    """``POST /api/account/password``: the password now and the new one."""

    current: str = Field(max_length=MAX_SECRET_FIELD)
    new: str = Field(max_length=MAX_SECRET_FIELD)


class DeleteAccount(_Strict):
    """``POST /api/account/delete``: the password, to be sure."""

    password: str = Field(max_length=MAX_SECRET_FIELD)


class NewToken(_Strict):
    """``POST /api/account/tokens``: a label for the API token (what it is for)."""

    label: str = Field(default="", max_length=40)


MAX_FILL_AFTER = 600.0
"""The longest wait a person may choose before computer levels fill their table (s)."""


class JoinPool(_Strict):
    """``POST /api/pools/{pool}/join``: a place in a pool's queue.

    Attributes:
        rated: The rated queue (signed in only) or the casual one.
        fill_after: Seconds of waiting after which computer levels of a similar rating
            may fill the table's other seats (``None``: people only; 0 to 600).
        name: A guest's name at the table (an account's is its own).
    """

    rated: bool = False
    fill_after: float | None = Field(default=None, ge=0, le=MAX_FILL_AFTER)
    name: str = Field(default="", max_length=40)


class OpenTableRequest(_Strict):
    """``POST /api/open-tables``: a table listed in the lobby for anyone to sit down at.

    Attributes:
        game: A registered game.
        players: Seats (the game's default when omitted).
        options: The game's options (none that fixes hidden cards).
        move_seconds: The move clock, as for a table set up from the lobby.
        rated: Rated (signed in, every person an account) or casual.
        rating_min: The lowest rating that may sit down (``None``: any).
        rating_max: The highest (``None``: any).
        name: A guest's name at the table (an account's is its own).
    """

    game: str = Field(min_length=1, max_length=64)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    move_seconds: float | None = Field(default=None, gt=0, le=24 * 60 * 60)
    rated: bool = False
    rating_min: int | None = Field(default=None, ge=0, le=4000)
    rating_max: int | None = Field(default=None, ge=0, le=4000)
    name: str = Field(default="", max_length=40)

    @field_validator("options")
    @classmethod
    def _few_options(cls, value: dict[str, Any]) -> dict[str, Any]:
        if len(value) > MAX_OPTIONS:
            raise ValueError(f"at most {MAX_OPTIONS} options")
        return value


class SitRequest(_Strict):
    """``POST /api/open-tables/{id}/join``: sit down (a guest may give a name)."""

    name: str = Field(default="", max_length=40)

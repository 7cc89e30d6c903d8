"""The table chat: short messages from the seated people, for everyone at the table.

A seat writes with its own token (over its WebSocket, ``{"type": "chat", "text": ...}``,
or ``POST /api/tables/{table}/seats/{seat}/chat``); the message is stored with the table
and pushed to every socket of the table, seats and spectators alike, as
``{"type": "chat", "messages": [...]}``. Spectators read the chat; they cannot write in
it. A message names its seat and that seat's name as the table stores them: nothing the
writer sends can change who it is attributed to.

The caps (docs/server.md, "Table chat"):

* :data:`MAX_CHAT` characters a message, once its white space is folded (a line break or
  a run of spaces becomes one space); an empty message is refused;
* the server's ``chat_messages`` per seat in any ``chat_seconds`` (5 in 10 unless the
  host sets other figures; counted by each server process);
* :data:`CHAT_HISTORY` messages kept in memory, sent to a socket when it connects and
  answered by ``GET /api/tables/{table}/chat``.

``GET /api/limits`` gives the first two (:func:`chat_limits`), so that a page holds back
a message the server would refuse rather than send it.
"""

from __future__ import annotations

import math
import unicodedata
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from regency.core.i18n import _
from regency.core.words import count
from regency.server.errors import ProtocolError
from regency.server.live.table import CHAT_HISTORY
from regency.server.storage.database import ChatRow, SeatRow

if TYPE_CHECKING:
    from regency.server.live.table import LiveTable

__all__ = [
    "CHAT_HISTORY",
    "MAX_CHAT",
    "chat_entry",
    "chat_history",
    "chat_limits",
    "chat_message",
    "check_rate",
    "clean_chat",
]

MAX_CHAT = 200
"""The most characters a chat message may hold (after its white space is folded)."""


def clean_chat(text: str) -> str:
    """The message as stored: white space folded, control characters dropped.

    Raises:
        ProtocolError: 422 ``empty_chat`` (nothing left) or ``chat_too_long`` (more
            than :data:`MAX_CHAT` characters).
    """
    # Control and format characters (a bidirectional override that would turn the
    # rest of a line around, a zero-width joiner) are dropped; white space of any kind
    # becomes one space, so a message is one line.
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    folded = " ".join(kept.split())
    if not folded:
        raise ProtocolError(422, "empty_chat", _("a chat message needs some text"), about="chat")
    if len(folded) > MAX_CHAT:
        raise ProtocolError(
            422,
            "chat_too_long",
            _(
                "a chat message may hold at most {MAX_CHAT} characters (this one has {folded})",
                MAX_CHAT=MAX_CHAT,
                folded=len(folded),
            ),
            about="chat",
            limit=MAX_CHAT,
        )
    return folded


def check_rate(
    sent: dict[int, deque[float]], seat: int, now: float, messages: int, seconds: float
) -> None:
    """Count a message from ``seat`` at ``now`` in ``sent``, or refuse it.

    Args:
        sent: When each seat's recent messages were sent (the table's own: see
            :attr:`regency.server.live.table.LiveTable.chat_sent`); updated.
        seat: The seat writing.
        now: The time now.
        messages: How many messages a seat may send in any ``seconds`` (the server's
            ``chat_messages`` and ``chat_seconds`` settings).
        seconds: The window, in seconds.

    Raises:
        ProtocolError: 429 ``chat_too_fast`` past ``messages`` messages in ``seconds``
            seconds, with ``retry_after`` (whole seconds).
    """
    times = sent.setdefault(seat, deque())
    while times and times[0] <= now - seconds:
        times.popleft()
    if len(times) >= messages:
        wait = max(1, math.ceil(times[0] + seconds - now))
        raise ProtocolError(
            429,
            "chat_too_fast",
            _(
                "you may send {messages} every {seconds:g} seconds; wait {wait} s",
                messages=count(messages, "chat message"),
                seconds=seconds,
                wait=wait,
            ),
            about="chat",
            retry_after=wait,
        )
    times.append(now)


def chat_limits(messages: int, seconds: float) -> dict[str, Any]:
    """What the chat refuses, for a client to hold back (``GET /api/limits``).

    ``characters``: the longest message; ``messages`` in any ``seconds``: how fast one
    seat may write.
    """
    return {"characters": MAX_CHAT, "messages": messages, "seconds": seconds}


def chat_message(
    table: str, rows: Iterable[ChatRow], seats: tuple[SeatRow, ...], history: bool = False
) -> dict[str, Any]:
    """The ``chat`` message: new messages, or (``history``) the latest ones on connecting."""
    return {
        "type": "chat",
        "table": table,
        "history": history,
        "messages": [chat_entry(r, seats) for r in rows],
    }


def chat_entry(row: ChatRow, seats: tuple[SeatRow, ...]) -> dict[str, Any]:
    """One message as sent to everyone at the table: public facts and the text only.

    The name is the seat's as the table stores it (what the lobby showed), so a message
    cannot pass itself off as another seat's.
    """
    name = seats[row.seat].name if 0 <= row.seat < len(seats) else f"Seat {row.seat}"
    return {
        "id": row.id,
        "seat": row.seat,
        "name": name,
        "text": row.text,
        "version": row.version,
        "at": round(row.at, 3),
    }


def chat_history(live: LiveTable) -> dict[str, Any]:
    """The table's latest chat messages (:data:`CHAT_HISTORY`), oldest first.

    Sent to a socket right after its first view, and answered by ``GET .../chat``.
    """
    return chat_message(live.id, list(live.chat), live.row.seats, history=True)

"""One table in play: its game, its seats' tokens, its listeners, and what each is shown.

A :class:`LiveTable` holds the game rebuilt from the stored moves, its version (the number
of moves), and for every seat the recent moves as that seat saw them
(``Game.public_action``). Everything sent to a seat is built by :meth:`LiveTable.message`
from ``game.observation(seat)``, the seat's legal moves and public facts, so a seat is
never shown anything its observation does not hold; a spectator gets
``game.observation(None)``. The tables are run by :class:`regency.server.live.hub.Hub`.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import regency
from regency.core.i18n import _, language
from regency.server.errors import ProtocolError
from regency.server.live.clocks import move_limit, open_wait
from regency.server.live.endings import ACTS, ending_of, public_ending, sides, why_not
from regency.server.live.names import seat_name, stand_in_name
from regency.server.live.rematch import evening_after, public_rematch
from regency.server.live.takebacks import public_takeback, takeback_refusal
from regency.server.protocol import encode
from regency.server.storage.database import ABORTED, FINISHED, ChatRow, SeatRow, TableRow

__all__ = [
    "CHAT_HISTORY",
    "MAX_LISTENERS",
    "NOTICES",
    "QUEUE",
    "RECENT",
    "Listener",
    "LiveTable",
    "Seen",
    "hash_token",
    "new_token",
    "view_message",
]


RECENT = 12
"""How many recent moves a view carries."""

MAX_LISTENERS = 16
"""WebSockets one seat (or the spectators of one table) may hold open at once."""

QUEUE = 256
"""Messages a listener may fall behind by before it is disconnected."""

NOTICES = 5
"""How many notices (a computer seat that failed, say) a view carries."""

CHAT_HISTORY = 100
"""How many of a table's latest chat messages are kept in memory: sent to a socket when
it connects, and answered by ``GET /api/tables/{table}/chat`` (see
:mod:`regency.server.live.chat`)."""


def hash_token(token: str) -> str:
    """The SHA-256 of a token, as stored (the tokens themselves are never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh secret token: 192 random bits from :mod:`secrets`."""
    return secrets.token_urlsafe(24)


@dataclass(eq=False, slots=True)
class Listener:
    """One WebSocket's queue of outgoing messages (JSON text)."""

    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE))

    def push(self, text: str | None) -> None:
        """Queue a message; a listener that has fallen too far behind is cut off."""
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)


@dataclass(frozen=True, slots=True)
class Seen:
    """One move as each seat saw it."""

    number: int
    seat: int
    texts: tuple[str, ...]
    public: str


class LiveTable:
    """A table in play: its stored row, its authoritative game and its listeners."""

    def __init__(self, row: TableRow) -> None:
        """Deal the table's game (no moves yet: see :meth:`apply_stored`)."""
        self._views: dict[tuple[int | None, str], str] = {}  # by seat and language
        """Each seat's encoded view (``None``: the spectators') at ``_views_at``."""
        self._views_at: tuple[int, int] = (-1, 0)
        self._notices_made = 0
        self._record: dict[str, Any] | None = None
        self.row = row
        self.game: regency.Game[Any] = regency.new_game(
            row.game, players=row.players, seed=row.seed, **row.options
        )
        self.version = 0
        """The table's version: how many changes it has seen (moves and take-backs)."""
        self.played: list[tuple[int, float]] = []
        """Each move of the game (``game.actions``): the seat that made it, and when."""
        self.sides = sides(self.game)
        """The sides playing against each other (partners together): a resignation is
        a side's (:mod:`regency.server.live.endings`)."""
        self.recent: deque[Seen] = deque(maxlen=RECENT)
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.turn_since = row.updated_at
        self.active: dict[int, float] = {}
        self.task: asyncio.Task[None] | None = None
        self.task_version = -1
        self.answer_since = 0.0
        """When the computer's turn under way began (the event loop's clock): its
        decisions share one time budget (``ServerSettings.max_answer``)."""
        self.ahead: tuple[int, asyncio.Task[Any]] | None = None
        """The computer's next decision, thought while its previous one waited out the
        table's pace: (the version it is for, the thinking)."""
        self.notices: deque[dict[str, Any]] = deque(maxlen=NOTICES)
        self.chat: deque[ChatRow] = deque(maxlen=CHAT_HISTORY)
        """The latest chat messages, oldest first (:mod:`regency.server.live.chat`)."""
        self.chat_sent: dict[int, deque[float]] = {}
        """When each seat's recent chat messages were sent (the chat's rate limit)."""

    @property
    def row(self) -> TableRow:
        """The table as stored: its seats and settings."""
        return self._row

    @row.setter
    def row(self, row: TableRow) -> None:
        self._row = row
        self._views = {}  # who sits where is in every view

    def notice(self, notice: dict[str, Any]) -> None:
        """Add a notice for the table's people (it is in every view from now on).

        Its ``text`` is a message (marked with ``N_``) filled from its ``names`` (a dict)
        and translated when each view is made, in that view's reader's language.
        """
        self.notices.append(notice)
        self._notices_made += 1

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id

    def check_seat(self, seat: int) -> SeatRow:
        """Return the seat's row; 404 if the table has no such seat."""
        if not 0 <= seat < self.row.players:
            raise ProtocolError(
                404, "no_such_seat", _("table {id} has no seat {seat}", id=self.id, seat=seat)
            )
        return self.row.seats[seat]

    def check_token(self, seat: int, token: str | None, account: int | None = None) -> None:
        """403 unless ``token`` is the seat's own token, or ``account`` sits there.

        Computer seats have neither; an account's seat is played by its account signed in
        (a session, or an API token), and by the seat's token if it has one (a guest's
        link that an account joined by).
        """
        row = self.check_seat(seat)
        if account is not None and row.account_id == account:
            return
        if row.token_hash is None or not token:
            if row.account_id is not None and row.token_hash is None:
                raise ProtocolError(
                    403,
                    "forbidden",
                    _("seat {seat} is played by its account, signed in", seat=seat),
                )
            raise ProtocolError(
                403, "forbidden", _("seat {seat} needs its own seat token", seat=seat)
            )
        if not hmac.compare_digest(hash_token(token), row.token_hash):
            raise ProtocolError(
                403, "forbidden", _("that token does not belong to seat {seat}", seat=seat)
            )

    def waiting(self) -> list[int]:
        """The person seats a rated table still waits for (none at a casual table).

        A rated table needs an account in every person's seat: until each invited person
        has joined with theirs, no move is made there (not even a computer's).
        """
        if not self.row.rated:
            return []
        return [s.seat for s in self.row.seats if s.agent is None and s.account_id is None]

    def seat_of(self, account: int) -> int | None:
        """The seat ``account`` sits at here, if any."""
        for s in self.row.seats:
            if s.account_id == account:
                return s.seat
        return None

    def check_spectator(self, token: str | None) -> None:
        """403 unless ``token`` is the table's spectator token."""
        if not token or not hmac.compare_digest(hash_token(token), self.row.spectator_hash):
            raise ProtocolError(403, "forbidden", _("watching needs the table's spectator token"))

    def computer_for(self, seat: int) -> str | None:
        """The agent spec that plays ``seat`` now (``None``: a person plays it)."""
        row = self.row.seats[seat]
        return row.agent or row.replaced_by

    @property
    def over(self) -> bool:
        """Whether the table has ended: its game played out, resigned or aborted."""
        return self.game.is_over or self.row.ending not in (None, FINISHED)

    def moved(self, seat: int) -> bool:
        """Whether ``seat`` has a move in the game (a move taken back does not count)."""
        return any(s == seat for s, _ in self.played)

    def opened_at(self, seat: int) -> float | None:
        """When ``seat``'s person opened the table: stored, or their first move's time.

        (A table stored before openings were kept still runs its clocks.)
        """
        stored = self.row.seats[seat].opened_at
        if stored is not None:
            return stored
        return next((at for s, at in self.played if s == seat), None)

    def _waiting_seat(self) -> tuple[int, float] | None:
        """The person to move at a table with a clock, and the limit (``None``: no clock runs)."""
        limit = move_limit(self.row.settings)
        seat = self.game.current_player
        if limit is None or seat is None or self.over or self.computer_for(seat) is not None:
            return None
        return seat, limit

    def deadline(self) -> float | None:
        """When the seat to move runs out of time (seconds since the epoch).

        ``None`` when the table has no clock, the game is over, a computer plays the
        seat to move, or its person has not opened the table yet (their clock waits for
        them: :meth:`abort_at`). Derived from stored times, the start of the turn (the
        last move's ``at``, or the table's creation) or the person's opening of the
        table, whichever is later, plus the limit, so a restarted server finds the same
        deadline; the one exception is the fresh limit of a person who took their seat
        back on their own turn (``active``, held in memory).
        """
        waiting = self._waiting_seat()
        if waiting is None:
            return None
        seat, limit = waiting
        opened = self.opened_at(seat)
        if opened is None:
            return None
        return max(self.turn_since, opened, self.active.get(seat, 0.0)) + limit

    def abort_at(self) -> float | None:
        """When the table is aborted if the seat to move's first move has not come.

        Only while that seat (a person) has made no move: its deadline once its person
        has opened the table, else the start of the turn plus the table's wait for
        people to open it (the longer of the limit and ``open_wait``:
        :func:`~regency.server.live.clocks.open_wait`). ``None`` otherwise.
        """
        waiting = self._waiting_seat()
        if waiting is None or self.moved(waiting[0]):
            return None
        seat, limit = waiting
        if self.opened_at(seat) is not None:
            return self.deadline()
        return self.turn_since + max(limit, open_wait(self.row.settings))

    def clock(self) -> dict[str, Any] | None:
        """The table's move clock, public to every seat and spectator (``None``: none).

        ``seconds`` per move; ``seat``, the seat whose clock runs (the seat to move);
        ``deadline``, when it runs out (``None`` while a computer plays that seat, before
        its person has opened the table, or once the game is over); ``abort_at``, when
        the table is aborted if that seat's first move has not come (``None`` once it
        has moved).
        """
        limit = move_limit(self.row.settings)
        if limit is None:
            return None
        deadline = self.deadline()
        abort_at = self.abort_at()
        return {
            "seconds": limit,
            "seat": None if self.over else self.game.current_player,
            "deadline": None if deadline is None else round(deadline, 3),
            "abort_at": None if abort_at is None else round(abort_at, 3),
        }

    def apply(self, game: regency.Game[Any], seat: int, action: Any, at: float) -> None:
        """Adopt ``game``, which is this table's game with ``action`` (by ``seat``) taken."""
        self._advance(game, seat, action, at)
        self.version += 1

    def _advance(self, game: regency.Game[Any], seat: int, action: Any, at: float) -> None:
        texts = tuple(self.game.public_action(action, s) for s in range(self.row.players))
        self.recent.append(
            Seen(len(self.played) + 1, seat, texts, self.game.public_action(action, None))
        )
        self.game = game
        self.played.append((seat, at))
        self.turn_since = at

    def apply_stored(self, seat: int, notation: str, at: float, undo_to: int | None = None) -> None:
        """Replay one stored change: a move, or a take-back to the first ``undo_to`` moves.

        A move is checked by the engine like any other.
        """
        if undo_to is not None:
            self.undo(undo_to, at)
            return
        game = self.game.clone()
        action = game.play(notation)
        self.apply(game, seat, action, at)

    def undo(self, to: int, at: float) -> None:
        """Take the game back to its first ``to`` moves (a take-back landed at ``at``).

        The game is dealt again and the moves kept are replayed, each with its seat and
        time, so what every seat was shown of them is rebuilt too; the version still
        grows by one (a take-back is a change of its own).
        """
        if not 0 <= to <= len(self.played):
            raise ValueError(f"cannot take the game back to move {to} of {len(self.played)}")
        kept = [str(a) for a in self.game.actions[:to]]
        played = self.played[:to]
        row = self.row
        self.game = regency.new_game(row.game, players=row.players, seed=row.seed, **row.options)
        self.played = []
        self.recent.clear()
        for (seat, when), notation in zip(played, kept, strict=True):
            game = self.game.clone()
            action = game.play(notation)
            self._advance(game, seat, action, when)
        self.version += 1
        self.turn_since = at
        self._record = None

    def left(self) -> list[int]:
        """The seats whose people left the game (the computer plays them to the end)."""
        return [s.seat for s in self.row.seats if s.left_at is not None]

    def ending(self) -> dict[str, Any] | None:
        """How the table ended (``None`` while it is played): :func:`public_ending`."""
        if not self.over:
            return None
        if self.row.ending in (None, FINISHED):  # the last move may not be in ``row`` yet
            result = {"winners": self.game.result().winners}
            return public_ending(FINISHED, result, self.left())
        return ending_of(self.row)

    def winners(self) -> list[int] | None:
        """The seats that won (``None``: still played, or aborted and won by nobody)."""
        ending = self.ending()
        if ending is None or ending["how"] == ABORTED:
            return None
        return list(ending["winners"])

    def can(self, seat: int) -> dict[str, bool]:
        """What the person in ``seat`` may do now besides moving: public to that seat.

        ``abort``, ``resign``, ``leave`` (:func:`~regency.server.live.endings.why_not`)
        and ``takeback`` (:func:`~regency.server.live.takebacks.takeback_refusal`).
        """
        out = {act: why_not(self, seat, act) is None for act in ACTS}
        out["takeback"] = takeback_refusal(self, seat) is None
        return out

    def seats_info(self) -> list[dict[str, Any]]:
        """Who sits where: public to every seat and spectator.

        ``opened``: whether a person has opened the table; ``left``: whether they left
        the game (the computer in ``replaced_by`` plays it to the end).
        """
        return [
            {
                "seat": s.seat,
                "name": seat_name(self.row, s),
                "kind": "person" if s.agent is None else "computer",
                "agent": s.agent,
                "replaced_by": s.replaced_by,
                "replaced_by_name": stand_in_name(self.row, s),
                "account": s.name if s.account_id is not None else None,
                "rating": s.rating,
                "opened": s.agent is None and self.opened_at(s.seat) is not None,
                "left": s.left_at is not None,
            }
            for s in self.row.seats
        ]

    def message(self, seat: int | None, stamped: bool = True) -> dict[str, Any]:
        """The view pushed to ``seat`` (``None``: a spectator); see :func:`view_message`.

        A table with a clock also gets the clock and, when ``stamped``, the server's
        time now (``now``), so a page can count down against its own clock corrected for
        the difference.
        """
        recent = [
            {
                "number": m.number,
                "seat": m.seat,
                "move": m.public if seat is None else m.texts[seat],
            }
            for m in self.recent
        ]
        out = view_message(
            self.game,
            seat,
            table=self.id,
            version=self.version,
            recent=recent,
            seats=self.seats_info(),
            notices=[_notice_words(n) for n in self.notices],
        )
        if self.row.settings.get("coach"):  # a first game: the seat may ask the coach
            out["coach"] = True
        if self.row.rated:  # public: whose account the table still waits for
            out["rated"] = True
            out["waiting"] = self.waiting()
        clock = self.clock()
        if clock is not None:
            out["clock"] = clock
            if stamped:
                out["now"] = round(time.time(), 3)
        if self.over:
            # Played out, resigned or aborted: nobody is to move, and the record (the
            # deal's seed) is published.
            out.update(finished=True, to_move=None, legal_moves=[], ending=self.ending())
            if self._record is None:  # the same for every seat: built once
                self._record = self.record()
            out["record"] = self._record
        else:
            out["takeback"] = public_takeback(self.row, self.version)
            if seat is not None and self.row.seats[seat].agent is None:
                out["can"] = self.can(seat)
        out.update(self.evening_fields())
        return out

    def evening_fields(self) -> dict[str, Any]:
        """The rematch and the evening's score, public and the same for every seat.

        ``rematch`` (once the game has ended): the offer, who accepted and the new table
        (``None`` before anyone offers); ``evening`` (once the game has ended, or at a
        rematch's table): the games so far and each seat's wins
        (:mod:`regency.server.live.rematch`). They name seats and tables, never a token.
        """
        out: dict[str, Any] = {}
        over = self.over
        if over:
            out["rematch"] = public_rematch(self.row)
        evening = evening_after(self.row, self.winners())
        if over or evening["games"]:
            out["evening"] = evening
        return out

    def view_text(self, seat: int | None) -> str:
        """:meth:`message` for ``seat``, encoded: built once per version and seat.

        Every socket of a seat (and every spectator) is sent the same text, until a move,
        a change of seats or a notice makes a new one; at a table with a clock, with the
        server's time at sending (``now``) in front.
        """
        at = (self.version, self._notices_made)
        if at != self._views_at:
            self._views = {}
            self._views_at = at
        key = (seat, language())  # a view's words (names, notices) are its reader's
        text = self._views.get(key)
        if text is None:
            text = self._views[key] = encode(self.message(seat, stamped=False))
        if move_limit(self.row.settings) is not None:
            # The server's time is stamped on each sending, not cached with the view: the
            # encoded view is an object, so the field goes in after its opening brace.
            return f'{{"now":{time.time():.3f},{text[1:]}'
        return text

    def summary(self) -> dict[str, Any]:
        """The table's public summary: anyone may ask, so nothing hidden is in it.

        The options that fix hidden cards (a stacked ``deck``), like the seed, are left
        out until the game ends; the finished game's record publishes them.
        """
        options = self.row.options
        over = self.over
        if not over:
            options = regency.game_info(self.row.game).public_options(options)
        return {
            "table": self.id,
            "game": self.row.game,
            "players": self.row.players,
            "options": options,
            "settings": self.row.settings,
            "seats": self.seats_info(),
            "version": self.version,
            "moves": len(self.played),
            "to_move": None if over else self.game.current_player,
            "finished": over,
            "ending": self.ending(),
            "rated": self.row.rated,
            "waiting": self.waiting(),
        }

    def record(self) -> dict[str, Any]:
        """The game's record (only ever sent once the game has ended: it holds the seed).

        Its ``meta`` names the seats as the table did (``seats``: a person's name, a
        computer's level), gives each computer seat's agent spec (``agents``, ``None``
        for a person), ``ending`` (how the table ended, as
        :func:`~regency.server.live.endings.public_ending` writes it: data, no words)
        and, for a game played to its end, ``result``.
        """
        meta: dict[str, Any] = {
            "table": self.id,
            "seats": [s["name"] for s in self.seats_info()],
            "agents": [s.agent for s in self.row.seats],
        }
        if self.game.is_over:
            meta["result"] = self.game.result().to_dict()
        ending = self.ending()
        if ending is not None:
            meta["ending"] = ending
        return self.game.record(meta).to_dict()

    def check_reader(self, token: str | None, account: int | None = None) -> None:
        """403 unless ``token`` is a seat's or the spectator token, or ``account`` sits here."""
        if account is not None and self.seat_of(account) is not None:
            return
        if token:
            hashed = hash_token(token)
            for s in self.row.seats:
                if s.token_hash is not None and hmac.compare_digest(hashed, s.token_hash):
                    return
            if hmac.compare_digest(hashed, self.row.spectator_hash):
                return
        raise ProtocolError(
            403, "forbidden", _("the chat of a table in play needs a seat's or the spectator token")
        )

    def push_all(self, text: str) -> None:
        """Push one message (the same text) to every listener, seats and spectators."""
        for listener in list(self.listeners):
            listener.push(text)

    def broadcast(self) -> None:
        """Push the current view to every listener, each seat its own."""
        for listener in list(self.listeners):
            listener.push(self.view_text(listener.seat))


def _notice_words(notice: dict[str, Any]) -> dict[str, Any]:
    """A notice as its reader reads it: its ``text`` translated, its ``names`` filled in."""
    names = notice.get("names")
    if not isinstance(names, dict):
        return notice
    out = {k: v for k, v in notice.items() if k != "names"}
    out["text"] = _(notice["text"], **names)
    return out


def view_message(
    game: regency.Game[Any],
    seat: int | None,
    *,
    table: str,
    version: int,
    recent: list[dict[str, Any]],
    seats: list[dict[str, Any]],
    notices: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """What a seat is shown: built only from what that seat may see.

    Args:
        game: The table's game.
        seat: The seat (``None``: a spectator).
        table: The table's id.
        version: The number of moves made.
        recent: The latest moves as this seat saw them (``Game.public_action``).
        seats: Who sits where (public).
        notices: What the table's people should know (public): a computer seat whose
            agent failed, and the move played for it.

    Returns:
        The ``view`` message: the seat's observation, its legal moves when it is to
        move, whose turn it is, and the result once the game is over.
    """
    to_move = game.current_player
    mine = seat is not None and seat == to_move
    out: dict[str, Any] = {
        "type": "view",
        "table": table,
        "game": game.name,
        "players": game.num_players,
        "seat": seat,
        "version": version,
        "to_move": to_move,
        "finished": game.is_over,
        "seats": seats,
        "observation": game.observation(seat),
        "legal_moves": [str(a) for a in game.legal_actions()] if mine else [],
        "recent": recent,
        "notices": notices or [],
    }
    if game.is_over:
        out["result"] = game.result().to_dict()
    return out

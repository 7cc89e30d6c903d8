"""Rematches and the evening's score: the same table again, and a score sheet to share.

A finished table may be played again: a person seated there offers a rematch, every other
person accepts (computer seats accept at once) and a new table is dealt with the same
seats, the same people's token hashes (so each person's invite link and token work at the
new table: no new token is made, sent or shown), the same options and computer players, a
fresh seed, and the next seat starting (:func:`next_options`).

Everything about it lives in the finished table's ``settings`` (a JSON column): its
``rematch`` (the offer, who accepted, the new table's id) and, on every table of a chain,
its ``evening`` (the games before it and each seat's wins). Both are public: they name
seats and tables, never a token. The pure functions here build them; the
:class:`~regency.server.live.hub.Hub` commits them (:meth:`~regency.server.storage.database.Storage.
rematch`) and the views carry them (:func:`public_rematch`, :func:`evening_after`).
"""

from __future__ import annotations

import asyncio
import functools
import secrets
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import regency
from regency.core.i18n import _
from regency.core.rng import new_seed
from regency.server.errors import ProtocolError
from regency.server.live.names import seat_name
from regency.server.live.setup import server_full
from regency.server.storage.database import SeatRow, TableRow

if TYPE_CHECKING:
    from regency.server.live.hub import Hub

__all__ = [
    "MAX_EVENING",
    "UNITS",
    "answer_rematch",
    "evening_after",
    "evening_before",
    "next_options",
    "offer_step",
    "public_rematch",
    "rematch_table",
    "scoresheet",
    "starting_seat",
    "table_scoresheet",
]

MAX_EVENING = 500
"""The most games one chain of rematches may hold (``409 evening_over`` after that)."""

UNITS = {"claim": "factions", "claim-kingdoms": "points", "kingdoms": "gold"}
"""What each game's scores count, for the score sheet."""


def starting_seat(row: TableRow) -> int:
    """The seat that started this table's game (the ``first`` option, or the seed's draw).

    Dealing the game again (no moves) is how the seed's draw is read back: in every game
    the seat to move before any move is the one that starts (Claim's first leader,
    Claim Kingdoms' start player, Kingdoms' start player of epoch 1).
    """
    first = row.options.get("first")
    if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < row.players:
        return first
    dealt = regency.new_game(row.game, players=row.players, seed=row.seed, **row.options)
    seat = dealt.current_player
    return 0 if seat is None else seat


def next_options(row: TableRow) -> dict[str, Any]:
    """The rematch's options: the same options, the next seat starting, no stacked deal.

    Every game here takes a ``first`` option (the seat that starts); a rematch sets it to
    the seat after the one that started this game, as the deal passes round the table
    from one game to the next. A stacked deal (a secret option such as ``deck``) is left
    out: it would deal the same hidden cards again, and every rematch deals afresh.
    """
    public = regency.game_info(row.game).public_options(row.options)
    return {**public, "first": (starting_seat(row) + 1) % row.players}


def evening_before(row: TableRow) -> dict[str, Any]:
    """The evening before this table's game: ``{"games", "wins", "previous"}``."""
    stored = row.settings.get("evening")
    if isinstance(stored, dict) and len(stored.get("wins", [])) == row.players:
        return {
            "games": int(stored.get("games", 0)),
            "wins": [int(w) for w in stored["wins"]],
            "previous": stored.get("previous"),
        }
    return {"games": 0, "wins": [0] * row.players, "previous": None}


def evening_after(row: TableRow, winners: Sequence[int] | None) -> dict[str, Any]:
    """The evening counting this table's game if it has ended (``winners`` not ``None``).

    A shared win counts as a win for each of its winners.
    """
    evening = evening_before(row)
    if winners is not None:
        evening["games"] += 1
        for seat in winners:
            if 0 <= seat < row.players:
                evening["wins"][seat] += 1
    return evening


def public_rematch(row: TableRow) -> dict[str, Any] | None:
    """The rematch as every seat and spectator sees it (``None``: nobody offered one).

    ``{"status": "offered" | "declined" | "accepted", "offered_by", "accepted",
    "waiting", "declined_by", "table"}``: seats and a table id, nothing secret.
    """
    state = row.settings.get("rematch")
    if not isinstance(state, dict):
        return None
    accepted = sorted(int(s) for s in state.get("accepted", []))
    return {
        "status": state.get("status"),
        "offered_by": state.get("offered_by"),
        "accepted": accepted,
        "waiting": [s for s in range(row.players) if s not in accepted]
        if state.get("status") == "offered"
        else [],
        "declined_by": state.get("declined_by"),
        "table": state.get("table"),
    }


def offer_step(
    row: TableRow, seat: int, accept: bool, new_table: TableRow | None
) -> tuple[dict[str, Any] | None, TableRow | None]:
    """Apply one person's answer to the finished table ``row``.

    Run inside the transaction that holds the table's row (see
    :meth:`~regency.server.storage.database.Storage.rematch`), so two answers never both see
    "everyone but me has accepted" and deal two tables.

    Args:
        row: The finished table, as just read under the lock.
        seat: The person's seat (their token was checked).
        accept: ``True``: offer, or accept the offer; ``False``: decline it.
        new_table: The table to deal if this answer completes the offer (its seats'
            token hashes are replaced here by ``row``'s, read under the lock); ``None``
            for a decline.

    Returns:
        The table's new settings (``None``: unchanged) and the new table to store (if
        everyone has now accepted).

    Raises:
        ProtocolError: 409 ``no_offer`` (declining when nothing is offered).
    """
    state = row.settings.get("rematch")
    state = dict(state) if isinstance(state, dict) else None
    if state is not None and state.get("table"):
        return None, None  # made already: every answer from now on changes nothing
    computers = [s.seat for s in row.seats if s.agent is not None]
    if not accept:
        if state is None or state.get("status") != "offered":
            raise ProtocolError(409, "no_offer", _("no rematch is on offer to decline"))
        state.update(status="declined", declined_by=seat)
        return {**row.settings, "rematch": state}, None
    if state is None or state.get("status") != "offered":
        state = {"status": "offered", "offered_by": seat, "accepted": sorted({*computers, seat})}
    elif seat in state.get("accepted", []):
        return None, None  # the same offer (or acceptance) again: nothing changes
    else:
        state["accepted"] = sorted({*state["accepted"], seat})
    state["declined_by"] = None
    made = None
    if len(state["accepted"]) == row.players and new_table is not None:
        made = _with_hashes(new_table, row.seats)
        state.update(status="accepted", table=made.id)
    return {**row.settings, "rematch": state}, made


def _with_hashes(new_table: TableRow, seats: Sequence[SeatRow]) -> TableRow:
    """The new table with each person's token hash from their seat at the old one."""
    now = time.time()
    return TableRow(
        id=new_table.id,
        game=new_table.game,
        players=new_table.players,
        seed=new_table.seed,
        options=new_table.options,
        settings=new_table.settings,
        spectator_hash=new_table.spectator_hash,
        version=0,
        finished=False,
        result=None,
        created_at=now,
        updated_at=now,
        seats=tuple(
            SeatRow(
                s.seat,
                s.name,
                s.agent,
                s.token_hash if s.agent is None else None,
                account_id=s.account_id,
                rating=s.rating,
            )
            for s in seats
        ),
        to_move=new_table.to_move,
        rated=new_table.rated,
    )


def _plain(text: str) -> str:
    """A name on one line: control characters (a newline, say) become spaces."""
    return "".join(c if c.isprintable() else " " for c in text).strip()


def _person(name: str, seat: int) -> str:
    """A person's name as others read it, as the pages name them.

    "Seat N" for no name, or for "You" (the lobby's name for whoever plays the computer,
    which would read as the reader).
    """
    text = _plain(name)
    return text if text and text.lower() != "you" else f"Seat {seat}"


def scoresheet(
    row: TableRow,
    result: dict[str, Any],
    moves: int,
    ended: float,
    replay: str,
    ending: dict[str, Any] | None = None,
) -> str:
    """A finished game in a few lines of plain text, to paste into a message.

    The game, the date it ended, each seat with its name and score, the winners (or who
    resigned, or why it was aborted), who left, the number of moves, and the evening's
    wins when the game is part of a chain of rematches.

    Args:
        row: The finished table.
        result: Its result (``Result.to_dict()``; a game that ended early has only
            ``winners``).
        moves: The number of moves made.
        ended: When it ended (seconds since the epoch).
        replay: The address of the game's replay page.
        ending: How it ended (:func:`~regency.server.live.endings.public_ending`;
            ``None``: played to its end).
    """
    info = regency.game_info(row.game)
    unit = UNITS.get(row.game, "points")
    names = [_person(s.name, s.seat) if s.agent is None else seat_name(row, s) for s in row.seats]
    how = "finished" if ending is None else str(ending["how"])
    played_out = how == "finished"
    scores = list(result.get("scores", []))
    winners = [int(w) for w in result.get("winners", [])]
    left = [] if ending is None else [int(s) for s in ending.get("left", [])]
    lines = [
        f"{info.title}, {row.players} players, table {row.id}",
        f"{how.capitalize()} {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(ended))}",
    ]
    for seat, name in enumerate(names):
        mark = "  (winner)" if seat in winners else ""
        mark += "  (left; the computer played on)" if seat in left else ""
        who = f"Seat {seat}" if name == f"Seat {seat}" else f"Seat {seat}: {name}"
        if played_out:
            score = scores[seat] if seat < len(scores) else "?"
            lines.append(f"{who}: {score} {unit}{mark}")
        else:
            lines.append(f"{who}{mark}")
    lines.append(f"Result: {_result_words(how, names, winners, ending)}")
    lines.append(f"Moves: {moves}")
    evening = evening_after(row, None if how == "aborted" else winners)
    if evening["games"] > 1:
        tally = ", ".join(f"{names[s]} {w}" for s, w in enumerate(evening["wins"]))
        lines.append(f"Evening: {evening['games']} games; wins: {tally}")
    lines.append(f"Replay: {replay}")
    return "\n".join(lines) + "\n"


def _result_words(
    how: str, names: list[str], winners: list[int], ending: dict[str, Any] | None
) -> str:
    """The score sheet's result line: who won, who resigned, or why it was aborted."""
    won = " and ".join(names[w] for w in winners if w < len(names)) or "nobody"
    verb = "won" if len(winners) <= 1 else "shared the win"
    by = None if ending is None else ending.get("by")
    if how == "resigned" and isinstance(by, int) and by < len(names):
        return f"{names[by]} resigned; {won} {verb}"
    if how == "aborted":
        waited = None if ending is None else ending.get("waited_for")
        if isinstance(by, int) and by < len(names):
            return f"aborted by {names[by]} before their first move; nobody won"
        if isinstance(waited, int) and waited < len(names):
            return f"aborted: {names[waited]} did not make a first move in time; nobody won"
        return "aborted; nobody won"
    return f"{won} {verb}"


def rematch_table(row: TableRow, evening: dict[str, Any]) -> TableRow:
    """The table a rematch of ``row`` deals (its seats' token hashes are filled in later).

    The same game, players, seats, settings and spectator link; the next seat starts
    (:func:`~regency.server.live.rematch.next_options`); a fresh seed. Dealt once here, so a
    refusal of the engine's shows before anything is stored.
    """
    options = next_options(row)
    game = regency.new_game(row.game, players=row.players, seed=new_seed(), **options)
    # The coach is for a first game only (docs/learn.md): a rematch plays without it; nor
    # does it inherit the take-backs agreed in the game before.
    dropped = ("rematch", "evening", "coach", "takebacks")
    settings = {k: v for k, v in row.settings.items() if k not in dropped}
    settings["evening"] = {**evening, "previous": row.id}
    now = time.time()
    return replace(
        row,
        id=secrets.token_urlsafe(12),
        seed=game.seed,
        options=dict(game.options),
        settings=settings,
        version=0,
        finished=False,
        result=None,
        created_at=now,
        updated_at=now,
        to_move=game.current_player,
        settled_at=None,
    )


async def answer_rematch(
    hub: Hub,
    table_id: str,
    seat: int,
    token: str | None,
    accept: bool,
    account: int | None = None,
) -> dict[str, Any]:
    """A person at a finished table offers a rematch, accepts it or declines it.

    The person is the seat's token's holder, or the account seated there (``account``).
    The first ``accept`` offers; each other person's ``accept`` accepts (an answer
    given already changes nothing); computer seats accept at once. When every seat
    has accepted the new table is stored in the same transaction as the answer that
    completed the offer (:meth:`Storage.rematch`), and every view of the finished
    table names it from then on.

    Raises:
        ProtocolError: 404 (table, seat), 403 (not this seat's token: a spectator or
            a stranger), 409 ``not_finished`` (the game is still being played),
            ``no_offer`` (declining when nothing is offered), ``evening_over``
            (:data:`~regency.server.live.rematch.MAX_EVENING` games in the chain), 503
            ``server_full``.
    """
    live = await hub.get(table_id)
    live.check_token(seat, token, account)
    if not live.over:
        raise ProtocolError(
            409, "not_finished", _("a rematch can be offered once the game has ended")
        )
    evening = evening_after(live.row, live.winners())
    if accept and evening["games"] >= MAX_EVENING:
        raise ProtocolError(
            409,
            "evening_over",
            _("a chain of rematches holds at most {MAX_EVENING} games", MAX_EVENING=MAX_EVENING),
        )
    if accept and await asyncio.to_thread(hub.storage.count_unfinished) >= (
        hub.settings.max_open_tables
    ):
        raise server_full(hub.settings)
    # The table an acceptance may complete, dealt before the transaction (a decline
    # deals nothing).
    candidate = await asyncio.to_thread(rematch_table, live.row, evening) if accept else None
    step = functools.partial(offer_step, seat=seat, accept=accept, new_table=candidate)
    async with live.lock:
        row, made = await hub.write(hub.storage.rematch, live.id, step)
        if row is None:
            raise ProtocolError(
                404, "no_such_table", _("no table has the id {table_id}", table_id=repr(table_id))
            )
        live.row = replace(live.row, settings=row.settings)
    if made is not None:
        hub.adopt(made)
    live.broadcast()
    return {"type": "rematch", "table": table_id, "rematch": public_rematch(live.row)}


async def table_scoresheet(hub: Hub, table_id: str, root: str) -> str:
    """A finished game's score sheet, in plain text (409 while it is being played).

    ``root`` is the server's address as the client used it (for the replay's link).
    """
    live = hub.tables.get(table_id)
    if live is None:
        live = await hub.load(table_id)
    ending = live.ending()
    if ending is None:
        raise ProtocolError(
            409, "not_finished", _("the score sheet is made when the game has ended")
        )
    result = live.game.result().to_dict() if live.game.is_over else {"winners": ending["winners"]}
    ended = live.turn_since if live.game.is_over else live.row.updated_at
    replay = f"{root}/replay/{live.id}"
    return scoresheet(live.row, result, len(live.played), ended, replay, ending)

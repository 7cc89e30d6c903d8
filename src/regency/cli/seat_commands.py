"""``regency connect INVITE --resign`` and the rest: one thing done for a seat, confirmed.

``--abort`` (before your first move: the table ends, nobody wins), ``--resign`` (two
sides: the other side wins), ``--leave`` (three or more sides: the computer plays your
seat to the end) and ``--takeback`` (your last move and the moves since; at a table with
other people, a request they accept or decline). Each says what it will do and asks for
a confirmation first (``--yes`` skips it), sends the command on the seat's WebSocket
(docs/server.md) and prints how it went. :func:`ending_words` is also how ``regency
connect`` says how a game ended.
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape

from regency.agents.ladder import COMPUTER, computer_name
from regency.cli.args import UsageError
from regency.core.i18n import N_, _

__all__ = ["COMMANDS", "ending_words", "run_command", "seat_name"]

COMMANDS = {
    "abort": "abort the game before your first move (it ends, nobody wins), after a confirmation",
    "resign": "resign the game (two sides: the other side wins), after a confirmation",
    "leave": "leave a game of three or more sides (the computer plays your seat to the end), "
    "after a confirmation",
    "takeback": "take back your last move and the moves since (with other people: ask them), "
    "after a confirmation",
}
"""The one-shot commands, by flag, and what each does (their --help, kept in English)."""

_CANNOT = {
    "abort": N_("you cannot abort now"),
    "resign": N_("you cannot resign now"),
    "leave": N_("you cannot leave now"),
}
"""Why not, when the view gives no better reason: per command, a whole sentence."""

_CANNOT_AT = {
    "abort": N_("cannot abort at table {table}: {why}"),
    "resign": N_("cannot resign at table {table}: {why}"),
    "leave": N_("cannot leave at table {table}: {why}"),
    "takeback": N_("cannot take back a move at table {table}: {why}"),
}
"""The refusal of a command the seat cannot do now, per command."""


def seat_name(view: dict[str, Any], seat: int) -> str:
    """How ``view``'s reader calls ``seat``: ``you``, or its name and number."""
    if seat == view.get("seat"):
        return _("you")
    seats = view.get("seats") or []
    name = seats[seat]["name"] if 0 <= seat < len(seats) else ""
    return _("{name} (seat {seat})", name=name, seat=seat) if name else _("seat {seat}", seat=seat)


def _stand_in(view: dict[str, Any], spec: str, invite: Any) -> str:
    """The line after leaving: which computer now plays the seat ("the Casual computer")."""
    name = computer_name(view["game"], view["players"], spec)
    if name == _(COMPUTER):
        return _(
            "you left table {table}: the computer plays seat {seat} to the end",
            table=invite.table,
            seat=invite.seat,
        )
    return _(
        "you left table {table}: the {computer} plays seat {seat} to the end",
        table=invite.table,
        computer=name,
        seat=invite.seat,
    )


def _names(view: dict[str, Any], seats: list[int]) -> str:
    """The seats named in a list: ``Ann (seat 0), seat 2 and you``; ``nobody`` for none."""
    names = [seat_name(view, s) for s in seats]
    if not names:
        return _("nobody")
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _won(view: dict[str, Any], seats: list[int]) -> str:
    """Who won, as a clause whose verb agrees: ``you won``, ``Ann and Ben won``."""
    if not seats:
        return _("nobody won")
    if seats == [view.get("seat")]:
        return _("you won")
    if len(seats) == 1:
        return _("{seat} won", seat=seat_name(view, seats[0]))
    return _("{seats} won", seats=_names(view, seats))


def _left(view: dict[str, Any], seats: list[int]) -> str:
    """Who left a finished game, as a clause whose verb agrees."""
    if seats == [view.get("seat")]:
        return _("you left (the computer played on)")
    if len(seats) == 1:
        return _("{seat} left (the computer played on)", seat=seat_name(view, seats[0]))
    return _("{seats} left (the computer played on)", seats=_names(view, seats))


def ending_words(view: dict[str, Any]) -> str:
    """How a finished table ended, in one line: the result, a resignation, an abort."""
    ending = view.get("ending") or {"how": "finished", "winners": [], "left": []}
    how, by = ending["how"], ending.get("by")
    me = view.get("seat")
    if how == "aborted":
        waited = ending.get("waited_for")
        if isinstance(by, int):
            if by == me:
                return _("the table was aborted by you; nobody won")
            return _("the table was aborted by {seat}; nobody won", seat=seat_name(view, by))
        if isinstance(waited, int):
            if waited == me:
                return _("the table was aborted: you did not make a first move in time; nobody won")
            return _(
                "the table was aborted: {seat} did not make a first move in time; nobody won",
                seat=seat_name(view, waited),
            )
        return _("the table was aborted; nobody won")
    won = _won(view, ending.get("winners", []))
    if how == "resigned" and isinstance(by, int):
        if by == me:
            return _("game over: you resigned; {won}", won=won)
        return _("game over: {seat} resigned; {won}", seat=seat_name(view, by), won=won)
    result = view.get("result") or {}
    scores = result.get("scores")
    winners = _names(view, ending.get("winners", []))
    if ending.get("left"):
        return _(
            "game over: scores {scores}, winners {winners}; {left}",
            scores=scores,
            winners=winners,
            left=_left(view, ending["left"]),
        )
    return _("game over: scores {scores}, winners {winners}", scores=scores, winners=winners)


def _question(command: str, view: dict[str, Any]) -> str:
    """What the command will do, asked before it is done."""
    table = view["table"]
    if command == "abort":
        return _("Abort the game at table {table}? It ends now and nobody wins.", table=table)
    if command == "resign":
        me = view["seat"]
        others = [s["seat"] for s in view["seats"] if s["seat"] != me]
        partners = {int(s) for t in (view["observation"].get("teams") or []) if me in t for s in t}
        winners = [s for s in others if s not in partners]
        if not winners:
            outcome = _("Nobody wins.")
        elif len(winners) == 1:
            outcome = _("{seat} wins.", seat=seat_name(view, winners[0]))
        else:
            outcome = _("{seats} win.", seats=_names(view, winners))
        # Two sentences, each a message: the second begins with a capital once filled.
        return _("Resign the game at table {table}?", table=table) + " " + _capital(outcome)
    if command == "leave":
        return _(
            "Leave the game at table {table}? The computer plays your seat to the end.",
            table=table,
        )
    people = [
        s["seat"]
        for s in view["seats"]
        if s["kind"] == "person" and not s.get("left") and s["seat"] != view["seat"]
    ]
    if people:
        return _("Ask {seats} to let you take back your last move?", seats=_names(view, people))
    return _(
        "Take back your last move at table {table}, and the computer's replies since?",
        table=table,
    )


def _capital(text: str) -> str:
    """``text`` with a capital first letter, to begin a sentence (``seat 2`` -> ``Seat 2``)."""
    return text[:1].upper() + text[1:]


def _cannot(command: str, can: dict[str, bool]) -> str:
    """Why the view says the seat cannot do ``command`` now, and what it can do instead."""
    if command == "abort" and (can.get("resign") or can.get("leave")):
        return _("you have moved already: --resign or --leave instead")
    if command in ("resign", "leave") and can.get("abort"):
        return _("you have not moved yet: --abort instead (the table ends, nobody wins)")
    if command == "resign" and can.get("leave"):
        return _("a game of three or more sides goes on: --leave instead")
    if command == "leave" and can.get("resign"):
        return _("a game of two sides ends when one leaves: --resign instead")
    if command == "takeback":
        return _(
            "you have no move to take back now (or your request was declined: ask again "
            "after the next move)"
        )
    return _(_CANNOT[command])


def _next(socket: Any, timeout: float | None = 60) -> dict[str, Any]:
    """The next message (``timeout``: seconds to wait for it, ``None``: as long as it takes)."""
    try:
        message: dict[str, Any] = json.loads(socket.recv(timeout=timeout))
    except TimeoutError:
        seconds = format(timeout, "g")
        raise UsageError(_("the server did not answer in {seconds} s", seconds=seconds)) from None
    return message


def _confirm(console: Console, question: str) -> bool:
    try:
        answer = console.input(escape(f"{question} [y/N] "))  # names are text, not markup
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")


def run_command(command: str, socket: Any, invite: Any, console: Console, yes: bool) -> int:
    """Do ``command`` for the invite's seat on its open socket; return the exit status.

    Raises:
        UsageError: the game is over, the seat cannot do it now, or the server refused.
    """
    view = _next(socket)
    while view.get("type") != "view":
        view = _next(socket)
    if view["finished"]:
        raise UsageError(
            _(
                "the game at table {table} is over ({ending})",
                table=invite.table,
                ending=ending_words(view),
            )
        )
    can = view.get("can") or {}
    if not can.get(command):
        raise UsageError(_(_CANNOT_AT[command], table=invite.table, why=_cannot(command, can)))
    if not yes and not _confirm(console, _question(command, view)):
        console.print(_("Nothing was done."))
        return 1
    # A request to take back carries no version: it is about your last move, whatever
    # the computer answered meanwhile.
    socket.send(json.dumps({"type": command}))
    while True:
        message = _next(socket)
        kind = message.get("type")
        if kind == "error" and message.get("about") == command:
            raise UsageError(_("the server refused: {reason}", reason=message.get("message")))
        if kind == "ended":
            console.print(
                ending_words({**view, **message, "finished": True}), highlight=False, markup=False
            )
            return 0
        if kind == "left":
            console.print(
                _stand_in(view, message["replaced_by"], invite),
                highlight=False,
                markup=False,
            )
            return 0
        if kind == "takeback":
            return _follow_takeback(message, view, socket, console)


def _follow_takeback(
    answer: dict[str, Any], view: dict[str, Any], socket: Any, console: Console
) -> int:
    """Say how a take-back went; wait for the others' answers to a request."""
    offer = answer["takeback"] or {}
    if offer.get("status") == "offered":
        console.print(
            _(
                "asked {seats} to let you take back your last move; waiting for their answer",
                seats=_names(view, offer["waiting"]),
            ),
            highlight=False,
            markup=False,
        )
    while offer.get("status") == "offered":  # until they answer, or a move cancels it
        message = _next(socket, None)
        if message.get("type") != "view":
            continue
        if message["finished"] or message.get("takeback") is None:
            console.print(_("the request lapsed: the game moved on"))
            return 1
        offer = message["takeback"]
        view = message
    if offer.get("status") == "declined":
        console.print(
            _capital(_("{seat} declined.", seat=seat_name(view, offer["declined_by"]))),
            highlight=False,
            markup=False,
        )
        return 1
    moves = offer["to"]
    console.print(
        _(
            "taken back: the game is back to move {number}, and it is your turn",
            number=moves + 1,
        ),
        highlight=False,
    )
    return 0

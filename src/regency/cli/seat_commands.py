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

from regency.agents.ladder import computer_name
from regency.cli.args import UsageError
from regency.core.words import says, the_computer

__all__ = ["COMMANDS", "ending_words", "run_command", "seat_name"]

COMMANDS = {
    "abort": "abort the game before your first move (it ends, nobody wins), after a confirmation",
    "resign": "resign the game (two sides: the other side wins), after a confirmation",
    "leave": "leave a game of three or more sides (the computer plays your seat to the end), "
    "after a confirmation",
    "takeback": "take back your last move and the moves since (with other people: ask them), "
    "after a confirmation",
}
"""The one-shot commands, by flag, and what each does."""


def seat_name(view: dict[str, Any], seat: int) -> str:
    """How ``view``'s reader calls ``seat``: ``you``, or its name and number."""
    if seat == view.get("seat"):
        return "you"
    seats = view.get("seats") or []
    name = seats[seat]["name"] if 0 <= seat < len(seats) else ""
    return f"{name} (seat {seat})" if name else f"seat {seat}"


def _stand_in(view: dict[str, Any], spec: str) -> str:
    """The computer that takes a seat, by its level: "the Casual computer"."""
    return the_computer(computer_name(view["game"], view["players"], spec))


def _names(view: dict[str, Any], seats: list[int]) -> str:
    return " and ".join(seat_name(view, s) for s in seats) or "nobody"


def ending_words(view: dict[str, Any]) -> str:
    """How a finished table ended, in one line: the result, a resignation, an abort."""
    ending = view.get("ending") or {"how": "finished", "winners": [], "left": []}
    how, by = ending["how"], ending.get("by")
    winners = _names(view, ending.get("winners", []))
    if how == "aborted":
        waited = ending.get("waited_for")
        if isinstance(by, int):
            return f"the table was aborted by {seat_name(view, by)}; nobody won"
        if isinstance(waited, int):
            return (
                f"the table was aborted: {seat_name(view, waited)} did not make a first move "
                "in time; nobody won"
            )
        return "the table was aborted; nobody won"
    if how == "resigned" and isinstance(by, int):
        return f"game over: {seat_name(view, by)} resigned; {winners} won"
    result = view.get("result") or {}
    line = f"game over: scores {result.get('scores')}, winners {winners}"
    if ending.get("left"):
        line += f"; {_names(view, ending['left'])} left (the computer played on)"
    return line


def _question(command: str, view: dict[str, Any]) -> str:
    """What the command will do, asked before it is done."""
    table = view["table"]
    if command == "abort":
        return f"Abort the game at table {table}? It ends now and nobody wins."
    if command == "resign":
        me = view["seat"]
        others = [s["seat"] for s in view["seats"] if s["seat"] != me]
        partners = {int(s) for t in (view["observation"].get("teams") or []) if me in t for s in t}
        winners = [s for s in others if s not in partners]
        names = [seat_name(view, s) for s in winners] or ["nobody"]
        said = says(names, "win")
        return f"Resign the game at table {table}? {said[0].upper()}{said[1:]}."
    if command == "leave":
        return f"Leave the game at table {table}? The computer plays your seat to the end."
    people = [
        s["seat"]
        for s in view["seats"]
        if s["kind"] == "person" and not s.get("left") and s["seat"] != view["seat"]
    ]
    if people:
        return f"Ask {_names(view, people)} to let you take back your last move?"
    return f"Take back your last move at table {table}, and the computer's replies since?"


def _cannot(command: str, can: dict[str, bool]) -> str:
    """Why the view says the seat cannot do ``command`` now, and what it can do instead."""
    if command == "abort" and (can.get("resign") or can.get("leave")):
        return "you have moved already: --resign or --leave instead"
    if command in ("resign", "leave") and can.get("abort"):
        return "you have not moved yet: --abort instead (the table ends, nobody wins)"
    if command == "resign" and can.get("leave"):
        return "a game of three or more sides goes on: --leave instead"
    if command == "leave" and can.get("resign"):
        return "a game of two sides ends when one leaves: --resign instead"
    if command == "takeback":
        return (
            "you have no move to take back now (or your request was declined: ask again "
            "after the next move)"
        )
    return f"you cannot {command} now"


def _next(socket: Any, timeout: float | None = 60) -> dict[str, Any]:
    """The next message (``timeout``: seconds to wait for it, ``None``: as long as it takes)."""
    try:
        message: dict[str, Any] = json.loads(socket.recv(timeout=timeout))
    except TimeoutError:
        raise UsageError(f"the server did not answer in {timeout:g} s") from None
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
        raise UsageError(f"the game at table {invite.table} is over ({ending_words(view)})")
    can = view.get("can") or {}
    if not can.get(command):
        raise UsageError(f"cannot {command} at table {invite.table}: {_cannot(command, can)}")
    if not yes and not _confirm(console, _question(command, view)):
        console.print("Nothing was done.")
        return 1
    # A request to take back carries no version: it is about your last move, whatever
    # the computer answered meanwhile.
    socket.send(json.dumps({"type": command}))
    while True:
        message = _next(socket)
        kind = message.get("type")
        if kind == "error" and message.get("about") == command:
            raise UsageError(f"the server refused: {message.get('message')}")
        if kind == "ended":
            console.print(
                ending_words({**view, **message, "finished": True}), highlight=False, markup=False
            )
            return 0
        if kind == "left":
            console.print(
                f"you left table {invite.table}: {_stand_in(view, message['replaced_by'])} "
                f"plays seat {invite.seat} to the end",
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
            f"asked {_names(view, offer['waiting'])} to let you take back your last move; "
            "waiting for their answer",
            highlight=False,
            markup=False,
        )
    while offer.get("status") == "offered":  # until they answer, or a move cancels it
        message = _next(socket, None)
        if message.get("type") != "view":
            continue
        if message["finished"] or message.get("takeback") is None:
            console.print("the request lapsed: the game moved on")
            return 1
        offer = message["takeback"]
        view = message
    if offer.get("status") == "declined":
        console.print(
            f"{seat_name(view, offer['declined_by']).capitalize()} declined.",
            highlight=False,
            markup=False,
        )
        return 1
    moves = offer["to"]
    console.print(
        f"taken back: the game is back to move {moves + 1}, and it is your turn", highlight=False
    )
    return 0

"""``regency connect INVITE_URL --agent ismcts``: play a seat at a server's table.

The client speaks only the public protocol (docs/server.md): it opens the seat's
WebSocket, and whenever a view lists legal moves it asks the agent, which sees exactly
what the view holds (the observation and the legal moves, as a ``SeatView``). Another
person's request to take back a move is declined (``--accept-takebacks`` accepts it).

A seat of an account (docs/accounts.md) is played with one of the account's API tokens,
``--api-token TOKEN`` or ``$REGENCY_API_TOKEN``, and the seat's link, which then needs
no ``#token=`` (``http://HOST/play/TABLE/SEAT``).

With ``--abort``, ``--resign``, ``--leave`` or ``--takeback`` it does that one thing for
the seat instead, after a confirmation (``--yes`` skips it), and says how it went
(:mod:`regency.cli.seat_commands`).

Given the server's address instead of a link, it finds a seat first
(:mod:`regency.cli.finding`): ``--pool POOL`` waits in a quick-pairing queue,
``--open-table ID`` sits down at an open table, ``--tournament ID`` enters a tournament
and plays each of its tables as the rounds come.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

from rich.console import Console

from regency.agents import make_agent, parse_spec
from regency.cli.args import UsageError
from regency.cli.finding import Finder, server_base
from regency.cli.seat_commands import COMMANDS, ending_words, run_command, seat_name
from regency.core.errors import NotationError, RegencyError
from regency.core.i18n import _
from regency.core.registry import game_class
from regency.core.view import SeatView

__all__ = ["Invite", "add_connect_arguments", "parse_invite", "run_connect", "seat_view"]


class Invite:
    """What an invite link names: the server, the table, the seat and its token."""

    def __init__(self, base: str, table: str, seat: int, token: str) -> None:
        self.base = base
        self.table = table
        self.seat = seat
        self.token = token

    @property
    def socket_url(self) -> str:
        """The seat's WebSocket address."""
        scheme = "wss" if self.base.startswith("https") else "ws"
        host = self.base.split("://", 1)[1]
        return f"{scheme}://{host}/api/tables/{self.table}/seats/{self.seat}/ws"


def parse_invite(url: str, api_token: str | None = None) -> Invite:
    """Read ``http(s)://HOST/play/TABLE/SEAT#token=TOKEN``.

    The token follows ``#`` in the server's invite links; the older ``?token=TOKEN``
    form is read too. With an account's ``api_token`` the link needs no token of its
    own: the API token stands for the account seated there.

    Raises:
        UsageError: if the link is not an invite link.
    """
    parts = urlsplit(url.strip())
    segments = [s for s in parts.path.split("/") if s]
    token = api_token or (
        parse_qs(parts.fragment).get("token", [""])[0]
        or parse_qs(parts.query).get("token", [""])[0]
    )
    if (
        parts.scheme not in ("http", "https")
        or len(segments) != 3
        or segments[0] != "play"
        or not segments[2].isdigit()
        or not token
    ):
        raise UsageError(
            _(
                "not an invite link: {url} (expected http://HOST/play/TABLE/SEAT#token=...)",
                url=repr(url),
            )
        )
    return Invite(f"{parts.scheme}://{parts.netloc}", segments[1], int(segments[2]), token)


def seat_view(message: dict[str, Any]) -> SeatView[Any]:
    """Turn a ``view`` message into the ``SeatView`` an agent decides from.

    The legal moves arrive as notation; the game's stateless codec
    (``Game.action_from_notation``) reads them back into action objects, with no game
    in progress and no hidden card dealt.
    """
    game, seat, players = message["game"], message["seat"], message["players"]
    read = game_class(game).action_from_notation
    legal = []
    for move in message["legal_moves"]:
        try:
            legal.append(read(move))
        except NotationError:
            raise RegencyError(
                _("the server offered a move this client cannot read: {move}", move=repr(move))
            ) from None
    return SeatView(game, seat, players, message["observation"], tuple(legal))


def add_connect_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency connect``'s arguments to its parser."""
    parser.add_argument(
        "invite",
        help="the seat's invite link (http://HOST/play/TABLE/SEAT#token=...), or the "
        "server's address (http://HOST) with --pool, --open-table or --tournament",
    )
    finding = parser.add_mutually_exclusive_group()
    finding.add_argument(
        "--pool", help="wait in this quick-pairing pool's queue (claim-2-120: GET /api/pools)"
    )
    finding.add_argument("--open-table", metavar="ID", help="sit down at this open table")
    finding.add_argument(
        "--tournament", metavar="ID", help="enter this tournament and play its tables"
    )
    parser.add_argument("--name", default="", help="the name a guest plays under")
    parser.add_argument("--rated", action="store_true", help="the pool's rated queue (accounts)")
    parser.add_argument(
        "--fill-after",
        type=float,
        metavar="SECONDS",
        help="let computer levels fill the table after this long in the queue",
    )
    parser.add_argument("--password", help="a club tournament's password")
    parser.add_argument(
        "--agent", default="heuristic", help="the agent that plays: random, heuristic, ismcts..."
    )
    parser.add_argument("--seed", type=int, help="the agent's seed")
    parser.add_argument(
        "--api-token",
        metavar="TOKEN",
        help="play an account's seat with one of its API tokens (made on its profile page; "
        "default $REGENCY_API_TOKEN); the link then needs no #token=",
    )
    parser.add_argument(
        "--accept-takebacks",
        action="store_true",
        help="accept other people's requests to take back a move (default: decline them)",
    )
    command = parser.add_mutually_exclusive_group()
    for name, text in COMMANDS.items():
        command.add_argument(
            f"--{name}", dest="seat_command", action="store_const", const=name, help=text
        )
    parser.add_argument(
        "--yes", action="store_true", help="do it without asking for a confirmation"
    )


RESTART_CODE = 1012
"""The close code of a server that is restarting (docs/deploy.md): reconnect."""

RECONNECT_FOR = 60.0
"""Seconds ``regency connect`` keeps trying to reconnect after a restart."""


def _open(invite: Invite, patience: float = 0.0) -> Any:
    """The seat's WebSocket; tried again for ``patience`` seconds while nothing answers."""
    from websockets.exceptions import InvalidStatus, WebSocketException
    from websockets.sync.client import connect

    deadline = time.monotonic() + patience
    delay = 0.5
    while True:
        try:
            return connect(
                invite.socket_url,
                additional_headers={"Authorization": f"Bearer {invite.token}"},
                open_timeout=15,
                max_size=2**22,
            )
        except InvalidStatus as exc:
            status = exc.response.status_code
            if status < 500 or not patience:  # a process shutting down answers 503
                if invite.token.startswith("rga_"):
                    refused = _(
                        "the server refused seat {seat} of table {table} (HTTP {status}): "
                        "is the API token's account right?",
                        seat=invite.seat,
                        table=invite.table,
                        status=status,
                    )
                else:
                    refused = _(
                        "the server refused seat {seat} of table {table} (HTTP {status}): "
                        "is the link right?",
                        seat=invite.seat,
                        table=invite.table,
                        status=status,
                    )
                raise UsageError(refused) from None
            failure: Exception = exc
        except (OSError, WebSocketException, TimeoutError) as exc:
            failure = exc
        if time.monotonic() + delay > deadline:
            raise UsageError(
                _("cannot reach {server}: {reason}", server=invite.base, reason=failure)
            ) from None
        time.sleep(delay)
        delay = min(delay * 2, 8.0)


def run_connect(args: argparse.Namespace, console: Console) -> int:
    """Play the invite's seat with an agent until the game ends; return the exit status.

    With ``--pool``, ``--open-table`` or ``--tournament`` the seat (or, in a tournament,
    each seat in turn) is found first. When the server restarts (it closes the socket
    with 1012) the client reconnects, to whichever process answers, for up to
    :data:`RECONNECT_FOR` seconds.
    """
    api_token = getattr(args, "api_token", None) or os.environ.get("REGENCY_API_TOKEN") or None
    finding = [getattr(args, k, None) for k in ("pool", "open_table", "tournament")]
    if any(finding):
        parse_spec(args.agent)  # a bad spec is refused before waiting for a seat
        return _find_and_play(args, console, api_token)
    invite = parse_invite(args.invite, api_token)
    if getattr(args, "seat_command", None):
        with _open(invite) as socket:
            return run_command(args.seat_command, socket, invite, console, args.yes)
    parse_spec(args.agent)  # a bad spec is refused before connecting
    return _play(args, console, invite)


def _find_and_play(args: argparse.Namespace, console: Console, api_token: str | None) -> int:
    """Find the seats ``--pool``, ``--open-table`` or ``--tournament`` name; play each."""
    base = server_base(args.invite)
    if getattr(args, "seat_command", None):
        raise UsageError(
            _(
                "--{command} needs a seat's invite link, not a server",
                command=args.seat_command,
            )
        )
    finder = Finder(base, args.name, api_token, console)
    try:
        if args.tournament:
            seats = finder.tournament(args.tournament, args.password)
        elif args.pool:
            seats = iter([finder.pool(args.pool, args.rated, args.fill_after)])
        else:
            seats = iter([finder.open_table(args.open_table)])
        for table, seat in seats:
            if finder.token is None:  # a guest's place always comes with its token
                raise UsageError(_("the server gave no token for the seat"))
            _play(args, console, Invite(base, table, seat, finder.token))
    finally:
        finder.close()
    return 0


def _play(args: argparse.Namespace, console: Console, invite: Invite) -> int:
    """Play the seat with the agent until the game ends."""
    from websockets.exceptions import ConnectionClosed

    player = _Player(args, console, invite)
    socket = _open(invite)
    while True:
        with socket:
            try:
                for text in socket:
                    if player.take(json.loads(text), socket):
                        return 0
            except ConnectionClosed as exc:
                if exc.rcvd is None or exc.rcvd.code != RESTART_CODE:
                    raise UsageError(
                        _("the server closed the connection: {reason}", reason=exc)
                    ) from None
            if socket.close_code != RESTART_CODE:
                raise UsageError(_("the server closed the connection before the game ended"))
        console.print("  " + _("the server is restarting: reconnecting"))
        player.acted = -1  # a move refused by the old process is sent again
        socket = _open(invite, RECONNECT_FOR)


class _Player:
    """The agent at the seat: answers each view with its move."""

    def __init__(self, args: argparse.Namespace, console: Console, invite: Invite) -> None:
        self.args = args
        self.console = console
        self.invite = invite
        self.agent: Any = None
        self.acted = -1
        self.shown = 0
        self.answered: tuple[int, int] | None = None

    def take(self, message: dict[str, Any], socket: Any) -> bool:
        """Act on one message from the server; return whether the game is over."""
        kind = message.get("type")
        if kind == "error":
            if message.get("about") == "takeback":
                return False  # an answer to an offer a move had already cancelled
            if message.get("error") not in ("stale_version", "not_your_turn", "shutting_down"):
                raise UsageError(
                    _("the server refused a move: {reason}", reason=message.get("message"))
                )
            return False
        if kind != "view":
            return False
        if self.agent is None:
            self.agent = make_agent(self.args.agent, message["game"], self.args.seed or 0)
            names = ", ".join(s["name"] for s in message["seats"])
            where = _(
                "seat {seat} at table {table} ({game}: {names})",
                seat=self.invite.seat,
                table=self.invite.table,
                game=message["game"],
                names=names,
            )
            # People's names are text, never markup.
            self.console.print(where, markup=False)
        self.show_moves(message)
        if message["finished"]:
            self.console.print(ending_words(message), highlight=False, markup=False)
            return True
        self.answer_takeback(message, socket)
        if message["legal_moves"] and message["version"] > self.acted:
            self.acted = message["version"]
            choice = self.agent.choose(seat_view(message))
            socket.send(
                json.dumps({"type": "action", "action": str(choice), "version": self.acted})
            )
        return False

    def show_moves(self, message: dict[str, Any]) -> None:
        """Print the moves made since the last view (and say so when some were taken back)."""
        recent = message["recent"]
        last = recent[-1]["number"] if recent else 0
        if last < self.shown:
            if self.shown == last + 1:
                taken = _("move {number} was taken back", number=self.shown)
            else:
                taken = _("moves {first}-{last} were taken back", first=last + 1, last=self.shown)
            self.console.print("  " + taken)
            self.shown = last
        for move in recent:
            if move["number"] > self.shown:
                self.shown = move["number"]
                number = str(move["number"]).rjust(3)
                said = _(
                    "{number}. seat {seat}: {move}",
                    number=number,
                    seat=move["seat"],
                    move=move["move"],
                )
                self.console.print("  " + said, highlight=False)

    def answer_takeback(self, message: dict[str, Any], socket: Any) -> None:
        """Answer another person's request to take back a move (once per request)."""
        offer = message.get("takeback")
        if not offer or offer["status"] != "offered" or self.invite.seat not in offer["waiting"]:
            return
        key = (message["version"], offer["by"])
        if key == self.answered:
            return
        self.answered = key
        accept = bool(self.args.accept_takebacks)
        name = seat_name(message, offer["by"])
        if accept:
            said = _("{seat} asks to take back a move: accepted", seat=name)
        else:
            said = _(
                "{seat} asks to take back a move: declined (--accept-takebacks accepts)",
                seat=name,
            )
        self.console.print("  " + said, highlight=False, markup=False)
        socket.send(
            json.dumps({"type": "takeback", "accept": accept, "version": message["version"]})
        )

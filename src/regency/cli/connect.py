"""``regency connect INVITE_URL --agent ismcts``: play a seat at a server's table.

The client speaks only the public protocol (docs/server.md): it opens the seat's
WebSocket, and whenever a view lists legal moves it asks the agent, which sees exactly
what the view holds (the observation and the legal moves, as a ``SeatView``).
"""

from __future__ import annotations

import argparse
import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from rich.console import Console

from regency.agents import make_agent, parse_spec
from regency.cli.args import UsageError
from regency.core.errors import NotationError, RegencyError
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


def parse_invite(url: str) -> Invite:
    """Read ``http(s)://HOST/play/TABLE/SEAT#token=TOKEN``.

    The token follows ``#`` in the server's invite links; the older ``?token=TOKEN``
    form is read too.

    Raises:
        UsageError: if the link is not an invite link.
    """
    parts = urlsplit(url.strip())
    segments = [s for s in parts.path.split("/") if s]
    token = (
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
            f"not an invite link: {url!r} (expected http://HOST/play/TABLE/SEAT#token=...)"
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
                f"the server offered a move this client cannot read: {move!r}"
            ) from None
    return SeatView(game, seat, players, message["observation"], tuple(legal))


def add_connect_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency connect``'s arguments to its parser."""
    parser.add_argument(
        "invite", help="the seat's invite link (http://HOST/play/TABLE/SEAT#token=...)"
    )
    parser.add_argument(
        "--agent", default="heuristic", help="the agent that plays: random, heuristic, ismcts..."
    )
    parser.add_argument("--seed", type=int, help="the agent's seed")


def run_connect(args: argparse.Namespace, console: Console) -> int:
    """Play the invite's seat with an agent until the game ends; return the exit status."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException
    from websockets.sync.client import connect

    invite = parse_invite(args.invite)
    parse_spec(args.agent)  # a bad spec is refused before connecting
    agent = None
    try:
        socket = connect(
            invite.socket_url,
            additional_headers={"Authorization": f"Bearer {invite.token}"},
            open_timeout=15,
            max_size=2**22,
        )
    except InvalidStatus as exc:
        raise UsageError(
            f"the server refused seat {invite.seat} of table {invite.table} "
            f"(HTTP {exc.response.status_code}): is the link right?"
        ) from None
    except (OSError, WebSocketException, TimeoutError) as exc:
        raise UsageError(f"cannot reach {invite.base}: {exc}") from None
    acted = -1
    with socket:
        try:
            for text in socket:
                message = json.loads(text)
                kind = message.get("type")
                if kind == "error":
                    if message.get("error") not in ("stale_version", "not_your_turn"):
                        raise UsageError(f"the server refused a move: {message.get('message')}")
                    continue
                if kind != "view":
                    continue
                if agent is None:
                    agent = make_agent(args.agent, message["game"], args.seed or 0)
                    names = ", ".join(s["name"] for s in message["seats"])
                    console.print(
                        f"seat {invite.seat} at table {invite.table} ({message['game']}: {names})"
                    )
                for move in message["recent"]:
                    if move["number"] > acted and move["number"] == message["version"]:
                        console.print(f"  {move['number']:>3}. seat {move['seat']}: {move['move']}")
                if message["finished"]:
                    result = message["result"]
                    console.print(
                        f"game over: scores {result['scores']}, winners {result['winners']}"
                    )
                    return 0
                if message["legal_moves"] and message["version"] > acted:
                    acted = message["version"]
                    choice = agent.choose(seat_view(message))
                    socket.send(
                        json.dumps({"type": "action", "action": str(choice), "version": acted})
                    )
        except ConnectionClosed as exc:
            raise UsageError(f"the server closed the connection: {exc}") from None
    raise UsageError("the server closed the connection before the game ended")

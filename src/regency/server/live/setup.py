"""Setting up a table at the server: what a client may ask for, and the row that is stored.

:meth:`regency.server.live.hub.Hub.create` runs these in order: the game is dealt from
the request (:func:`deal`: the engine's own checks of the game and its options, through
:class:`regency.tables.TableSpec`), the move clock is checked (:func:`check_clock`), and
so is every agent that may play a move there (:func:`check_agent`, held to the server's
caps), before anything is stored (:func:`table_row`).
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import regency
from regency.agents import AgentError, check_spec
from regency.core.errors import RegencyError
from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.live.clocks import allowed_limits
from regency.server.protocol import CreateTable
from regency.server.settings import ServerSettings
from regency.server.storage.database import SeatRow, TableRow
from regency.tables import SeatSpec, TableSpec

__all__ = [
    "SERVER_AGENTS",
    "agents_to_check",
    "check_agent",
    "check_clock",
    "check_coach",
    "deal",
    "server_full",
    "table_row",
]

SERVER_AGENTS = ("random", "heuristic", "ismcts", "rollout", "pimc")
"""The agents a client may seat at a table. Others (``policy`` loads a file the spec
names) are for the command line, where the person running them chose the file."""


def deal(req: CreateTable) -> tuple[TableSpec, regency.Game[Any]]:
    """The table the request sets up, and its game dealt.

    Raises:
        ProtocolError: 400 ``bad_table`` (the engine refused the game or its options),
            422 ``bad_agent`` (a seat's agent spec is not one).
    """
    seats = None
    if req.seats is not None:
        seats = [SeatSpec(agent=s.agent, name=s.name.strip()) for s in req.seats]
    try:
        spec = TableSpec.create(req.game, req.players, seats, req.options, req.seed)
        return spec, spec.new_game()
    except AgentError as exc:
        raise ProtocolError(422, "bad_agent", " ".join(str(exc).split())) from None
    except (RegencyError, TypeError, ValueError, KeyError, AttributeError) as exc:
        # The engine's own refusal (a RegencyError); the others are options of a
        # type the game never expected (a list where it wants a name, say).
        message = str(exc) if isinstance(exc, RegencyError) else f"bad options: {exc}"
        raise ProtocolError(400, "bad_table", message) from None


def check_clock(req: CreateTable, settings: ServerSettings) -> None:
    """Refuse (422 ``bad_clock``) a move clock outside the allowed set, or two clocks."""
    if req.move_seconds is None:
        return
    if req.takeover_minutes is not None:
        raise ProtocolError(
            422,
            "bad_clock",
            _("set move_seconds or the older takeover_minutes, not both"),
        )
    allowed = allowed_limits(settings.test_move_seconds)
    if req.move_seconds not in allowed:
        raise ProtocolError(
            422,
            "bad_clock",
            _(
                "move_seconds must be one of {choices} (or null for no clock), not "
                "{move_seconds:g}",
                choices=", ".join(f"{a:g}" for a in allowed),
                move_seconds=req.move_seconds,
            ),
            allowed=list(allowed),
        )


def check_coach(req: CreateTable, spec: TableSpec) -> None:
    """Refuse (422 ``bad_coach``) a coached table that is not a first game.

    The coach coaches one person against the computer (docs/learn.md): one person's
    seat, every other seat a computer, and the game not rated.
    """
    if not req.coach:
        return
    if len(spec.people) != 1:
        raise ProtocolError(
            422,
            "bad_coach",
            _(
                "a coached table has one person's seat and the computer in the others, not "
                "{people} people",
                people=len(spec.people),
            ),
        )
    if req.rated:
        raise ProtocolError(422, "bad_coach", _("a coached game is not rated"))


def agents_to_check(req: CreateTable, spec: TableSpec) -> list[str]:
    """Every agent spec that may play a move at the table.

    Its computer seats', and the take-over's if the table has a clock (a person's time
    runs out) or three players or more (a person may leave the game:
    :mod:`regency.server.live.endings`).
    """
    agents = [s.agent for s in spec.seats if s.agent is not None]
    clock = req.takeover_minutes is not None or req.move_seconds is not None
    if clock or spec.players >= 3:
        agents.append(req.takeover_agent)
    return agents


def check_agent(text: str, game: str, players: int, settings: ServerSettings) -> None:
    """Refuse (422 ``bad_agent``) an agent spec that could not play a move here.

    The spec is built for the game and player count, as its seat will be, and its
    budget is held to the server's caps (``max_think``, ``max_iterations``).
    """
    try:
        name = regency.agents.parse_spec(text).name
        if name not in SERVER_AGENTS:
            raise AgentError(
                f"agent {name!r} cannot sit at a server's table "
                f"(agents here: {', '.join(SERVER_AGENTS)})"
            )
        check_spec(
            text,
            game,
            players,
            max_seconds=settings.max_think,
            max_iterations=settings.max_iterations,
        )
    except RegencyError as exc:
        raise ProtocolError(422, "bad_agent", " ".join(str(exc).split())) from None


def server_full(settings: ServerSettings) -> ProtocolError:
    """The refusal (503 ``server_full``) of a new table when the cap on open tables is reached."""
    return ProtocolError(
        503,
        "server_full",
        _(
            "this server keeps at most {max_open_tables} unfinished tables; try again when "
            "some have ended",
            max_open_tables=settings.max_open_tables,
        ),
    )


def table_row(
    req: CreateTable,
    spec: TableSpec,
    game: regency.Game[Any],
    token_hashes: dict[int, str],
    spectator_hash: str,
    open_wait: float | None = None,
) -> TableRow:
    """The row of a new table (no moves yet), with a fresh id.

    Args:
        req: The request (its clock, take-over and thinking time are kept).
        spec: The table :func:`deal` set up.
        game: Its game, dealt (the seed and options as the engine settled them).
        token_hashes: The hash of each person's seat token, by seat (the tokens
            themselves are never stored).
        spectator_hash: The hash of the spectators' token.
        open_wait: How long the table waits for a person to open it before their first
            move, if it has a clock (the server's ``open_wait``).
    """
    now = time.time()
    return TableRow(
        id=secrets.token_urlsafe(12),
        game=spec.game,
        players=spec.players,
        seed=game.seed,
        options=dict(game.options),
        settings={
            "think_time": req.think_time,
            "move_seconds": req.move_seconds,
            "takeover_minutes": req.takeover_minutes,
            "takeover_agent": req.takeover_agent,
            # Only a coached table says so: every other row stays as it was.
            **({"coach": True} if req.coach else {}),
            **({"open_wait": open_wait} if open_wait is not None else {}),
        },
        spectator_hash=spectator_hash,
        version=0,
        finished=False,
        result=None,
        created_at=now,
        updated_at=now,
        to_move=game.current_player,
        seats=tuple(
            SeatRow(
                seat,
                s.name or (f"Seat {seat}" if s.is_person else ""),
                s.agent,
                token_hashes.get(seat),
            )
            for seat, s in enumerate(spec.seats)
        ),
    )

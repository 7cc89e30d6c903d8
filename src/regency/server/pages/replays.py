"""Replays: a finished game's views rebuilt step by step, as each seat was shown them.

The replay page asks for the view a seat had after some moves of a finished game
(``GET /api/tables/{id}/replay/{step}?seat=N``, :mod:`regency.server.routes.replays`); it is
rebuilt here from the game's record with the live table's own
:func:`~regency.server.live.table.view_message`, so a replay shows a seat exactly what
the table showed it, and no more. A puzzle is such a view too
(:mod:`regency.server.pages.puzzles`).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import regency
from regency.core.i18n import _
from regency.server.live.hub import Hub
from regency.server.live.table import view_message

__all__ = [
    "MAX_STEP",
    "RECENT",
    "ReplayCache",
    "replay_public",
    "replayed_view",
    "seat_list",
    "seat_view_after",
]

RECENT = 12
"""How many recent moves a replayed view carries (as the live view does)."""


MAX_STEP = 100_000
"""The largest step a replay request may name (longer than any game)."""


class ReplayCache:
    """The records of finished games the replay page asks for, the most recent few kept.

    Args:
        size: How many records to keep.
    """

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self.records: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def record(self, hub: Hub, table_id: str) -> dict[str, Any]:
        """The table's record (409 while the game is being played, 404 if unknown)."""
        if table_id in self.records:
            self.records.move_to_end(table_id)
            return self.records[table_id]
        record = await hub.record(table_id)
        self.records[table_id] = record
        while len(self.records) > self.size:
            self.records.popitem(last=False)
        return record


def replayed_view(record: dict[str, Any], step: int, seat: int | None) -> dict[str, Any]:
    """The view message ``seat`` had after the first ``step`` moves of a finished game.

    Args:
        record: The finished game's record (as ``GET /api/tables/{id}/record`` gives it).
        step: How many moves have been made (0 to the game's length).
        seat: The seat whose view to rebuild (``None``: a spectator's).

    Returns:
        A ``view`` message like the live one, plus ``step`` and ``steps``; the last step
        also carries how the table ended (``ending``, from the record's ``meta``), and is
        ``finished`` even when a side resigned or the table was aborted.
    """
    out = seat_view_after(record, step, seat)
    out["legal_moves"] = []  # a replay is looked at, not played
    out["step"] = step
    out["steps"] = len(record["actions"])
    ending = record.get("meta", {}).get("ending")
    if step == out["steps"] and isinstance(ending, dict):
        out.update(ending=ending, finished=True, to_move=None)
    return out


def seat_view_after(record: dict[str, Any], step: int, seat: int | None) -> dict[str, Any]:
    """The live table's view message for ``seat`` after the first ``step`` moves of a record.

    What a seat at the table would have been sent then, its legal moves included: the
    replay page shows it (without the moves), a puzzle is one (:mod:`regency.server.pages.puzzles`).
    """
    game, recent = replay_public(record, step, seat)
    return view_message(
        game,
        seat,
        table=record.get("meta", {}).get("table", ""),
        version=step,
        recent=recent[-RECENT:],
        seats=seat_list(record, game.num_players),
    )


def replay_public(
    record: dict[str, Any], step: int, seat: int | None
) -> tuple[regency.Game[Any], list[dict[str, Any]]]:
    """The game after the first ``step`` moves of ``record``, and every move as ``seat`` saw it.

    Returns:
        The game (every card in it: build only ``seat``'s view from it) and the moves
        made, each ``{"number", "seat", "move"}`` with the move as ``seat`` was shown it
        (``Game.public_action``).

    Raises:
        ValueError: if ``step`` is not from 0 to the record's length.
    """
    actions = record["actions"]
    if not 0 <= step <= len(actions):
        raise ValueError(f"step {step} is not between 0 and {len(actions)}")
    game = regency.new_game(
        record["game"], players=record["players"], seed=record["seed"], **record["options"]
    )
    recent: list[dict[str, Any]] = []
    for number, notation in enumerate(actions[:step], start=1):
        mover = game.current_player
        action = game.parse_action(notation)
        recent.append({"number": number, "seat": mover, "move": game.public_action(action, seat)})
        game.play(action)
    return game, recent


def seat_list(record: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """Who sat where in a recorded game, as the view message lists them (``Seat N`` unnamed).

    The record's ``meta`` names the seats (``seats``) and gives each computer seat's
    agent (``agents``).
    """
    meta = record.get("meta", {})
    names = meta.get("seats") or [_("Seat {seat}", seat=s) for s in range(players)]
    agents = meta.get("agents") or [None] * len(names)
    out = []
    for s, name in enumerate(names):
        agent = agents[s] if s < len(agents) else None
        kind = "person" if agent is None else "computer"
        out.append({"seat": s, "name": str(name), "kind": kind, "agent": agent})
    return out

"""Why a table cannot take a person's move now: the 409s a move gets before the engine sees it.

Each refusal is a :class:`~regency.server.errors.ProtocolError` with a code the API keeps
and words in the reader's language (:mod:`regency.core.i18n`).
"""

from __future__ import annotations

from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.live.table import LiveTable

__all__ = ["refuse_move", "refuse_waiting"]


def refuse_waiting(live: LiveTable) -> None:
    """Refuse any move at a rated table still waiting for its invited people.

    Raises:
        ProtocolError: 409 ``waiting_for_players``.
    """
    if live.waiting():
        raise ProtocolError(
            409,
            "waiting_for_players",
            _(
                "this rated table waits for every invited person to join with their "
                "account (seats {seats})",
                seats=", ".join(map(str, live.waiting())),
            ),
            waiting=live.waiting(),
        )


def refuse_move(live: LiveTable, seat: int, version: int) -> None:
    """Refuse ``seat``'s move made at ``version`` if the table cannot take it now.

    Raises:
        ProtocolError: 409 ``stale_version``, ``game_over``, ``left_table`` or
            ``not_your_turn``.
    """
    if version != live.version:
        raise ProtocolError(
            409,
            "stale_version",
            _("the table is at version {version}, not {sent}", version=live.version, sent=version),
            version=live.version,
        )
    if live.over:
        raise ProtocolError(409, "game_over", _("the game is over"), version=live.version)
    if live.row.seats[seat].left_at is not None:
        raise ProtocolError(
            409,
            "left_table",
            _("you left this game: the computer plays your seat to the end"),
            version=live.version,
        )
    if live.game.current_player != seat:
        raise ProtocolError(
            409,
            "not_your_turn",
            _(
                "it is seat {current_player}'s turn, not seat {seat}'s",
                current_player=live.game.current_player,
                seat=seat,
            ),
            version=live.version,
            to_move=live.game.current_player,
        )

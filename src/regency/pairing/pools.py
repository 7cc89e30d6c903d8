"""The quick-pairing pools: one game, player count and move clock each, a documented list.

A pool is what a person clicks ("Claim, 2 players, 2 min a move"); each has two queues,
casual and rated, and people in one queue are seated together
(:mod:`regency.pairing.matching`). The list is fixed here and nowhere else: the server
hands it out (``GET /api/pools``) and the lobby draws it.

Example:
    >>> find_pool("kingdoms-3-30").title
    'Kingdoms, 3 players, 30 s a move'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regency.core.i18n import _, ngettext
from regency.core.registry import game_info

__all__ = ["POOLS", "Pool", "PoolError", "find_pool"]


class PoolError(LookupError):
    """No pool has that id."""


def _clock_words(seconds: int) -> str:
    if seconds % 60 == 0:
        return ngettext("{count} min a move", "{count} min a move", seconds // 60)
    return ngettext("{count} s a move", "{count} s a move", seconds)


@dataclass(frozen=True, slots=True)
class Pool:
    """One pool: a game, its player count and the move clock its tables get.

    Attributes:
        game: The registered game.
        players: The seats at each table.
        move_seconds: The move clock of its tables (one of the server's clocks, 30 or 120).
    """

    game: str
    players: int
    move_seconds: int

    @property
    def id(self) -> str:
        """The pool's id in the API: ``game-players-seconds`` (``"claim-2-120"``)."""
        return f"{self.game}-{self.players}-{self.move_seconds}"

    @property
    def title(self) -> str:
        """The pool as people read it: ``"Claim, 2 players, 2 min a move"``."""
        return _(
            "{game}, {players}, {clock}",
            game=game_info(self.game).title,
            players=self.players_words,
            clock=self.clock_words,
        )

    @property
    def players_words(self) -> str:
        """``"2 players"``, in the reader's language."""
        return ngettext("{count} player", "{count} players", self.players)

    @property
    def clock_words(self) -> str:
        """``"2 min a move"``, in the reader's language."""
        return _clock_words(self.move_seconds)

    def to_json(self) -> dict[str, Any]:
        """The pool as the API lists it (its queues' counts are the server's)."""
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "move_seconds": self.move_seconds,
            "title": self.title,
            "game_title": game_info(self.game).title,
            "players_words": self.players_words,
            "clock_words": self.clock_words,
        }


POOLS: tuple[Pool, ...] = (
    Pool("claim", 2, 30),
    Pool("claim", 2, 120),
    Pool("claim", 3, 120),
    Pool("claim", 4, 120),
    Pool("claim-kingdoms", 2, 120),
    Pool("claim-kingdoms", 3, 120),
    Pool("claim-kingdoms", 4, 120),
    Pool("kingdoms", 2, 120),
    Pool("kingdoms", 3, 30),
    Pool("kingdoms", 3, 120),
    Pool("kingdoms", 4, 120),
)
"""Every pool, in the order the lobby shows them: each game at every player count with a
2-minute clock, and a quicker 30-second pool for two of them (docs/web.md lists them)."""

_BY_ID = {pool.id: pool for pool in POOLS}


def find_pool(pool_id: str) -> Pool:
    """The pool with that id.

    Raises:
        PoolError: if there is none (the message lists them).
    """
    found = _BY_ID.get(pool_id)
    if found is None:
        raise PoolError(f"no pool {pool_id[:80]!r}; the pools: {', '.join(_BY_ID)}")
    return found

"""The seat-limited view: all an agent ever receives.

An agent deciding for a seat gets a :class:`SeatView`: the seat's observation, its
legal actions and a way to sample complete worlds consistent with that observation
(determinizations, for search). The view is built from the observation alone and keeps
no reference to the real game, so an agent cannot read an opponent's hand even by
accident, whether it runs in this process, another, or behind a server.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from regency.core.notation import normalize_notation
from regency.core.registry import game_class

if TYPE_CHECKING:
    from regency.core.game import Game

__all__ = ["SeatView"]

A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True, slots=True)
class SeatView(Generic[A]):
    """What one seat knows when it is asked to decide.

    Attributes:
        game: The registered game name.
        seat: The seat deciding.
        players: Number of seats.
        observation: The seat's observation (``Game.observation(seat)``).
        legal_actions: The actions the seat may take now (empty if not its turn).
    """

    game: str
    seat: int
    players: int
    observation: dict[str, Any]
    legal_actions: tuple[A, ...]

    def sample_world(self, rng: random.Random) -> Game[A]:
        """Deal a complete game that agrees with everything this seat has seen.

        The hidden cards are re-dealt at random from ``rng``; the seat's observation
        and legal actions in the returned game are the same as in this view.
        """
        return game_class(self.game).sample_world(self.observation, rng)

    def world_sampler(self) -> Callable[[random.Random], Game[A]]:
        """Return a function dealing worlds for this view, one per call (for search)."""
        return game_class(self.game).world_sampler(self.observation)

    def find(self, notation: str) -> A:
        """Return the legal action whose notation is ``notation`` (case-insensitive).

        Raises:
            KeyError: if no legal action is written that way.
        """
        wanted = normalize_notation(notation)
        for action in self.legal_actions:
            if normalize_notation(str(action)) == wanted:
                return action
        raise KeyError(notation)

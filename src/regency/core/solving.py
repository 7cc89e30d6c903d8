"""Exact solvers: what a game offers agents for positions where every card's place is known.

Some positions of a hidden-information game hide nothing: 2-player Claim's phase two, and
any *world* a search deals (a complete game agreeing with a seat's view). A game that can
solve such positions exactly registers a :data:`SolverFactory` (``GameInfo.solver``);
agents, analysis and puzzles ask it through :class:`Solver` and never import the game.

Values are rewards, as ``Game.rewards()`` gives them (a seat's share of the win), under
best play by every seat.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable
from typing import Any, Protocol

from regency.core.said import Part

__all__ = ["Solver", "SolverFactory"]


class Solver(Protocol):
    """A game's exact solver. Keep one per player: it may keep what it learnt between calls."""

    nodes: int
    """Positions searched by the last question (for budgets, benchmarks and tests)."""

    def applies(self, game: Any) -> bool:
        """Whether the solver can answer about ``game`` (a state whose every card is placed)."""
        ...

    def sees_all(self, game: Any) -> bool:
        """Whether the seat to move in ``game`` knows where every card is.

        Then every world dealt from its view is ``game`` itself, and a solved value is
        the position's exact value, not an estimate (2-player Claim's phase two).
        """
        ...

    def value(self, game: Any, limit: int = 0) -> list[float] | None:
        """Each seat's reward under best play from ``game``, or ``None`` past ``limit`` nodes.

        Args:
            game: A position the solver :meth:`applies` to.
            limit: The most positions to search (0: no limit).

        Raises:
            ValueError: if the solver does not apply to ``game``.
        """
        ...

    def move_values(self, game: Any, limit: int = 0) -> dict[Any, float] | None:
        """Each legal action's reward for the seat to move, or ``None`` past ``limit`` nodes.

        Raises:
            ValueError: if the solver does not apply to ``game``.
        """
        ...

    def why_others_lose(self, game: Any, answers: Collection[Hashable]) -> Part | None:
        """In the game's words, what every legal move but ``answers`` gives away.

        For puzzles' explanations: best play is followed from each move to the end, and
        what the seat to move keeps after the first answer and gives up after every other
        move is named (Claim: ``"every other card loses the Undead's vote"``); ``None`` if
        the other moves give up nothing in common.

        Raises:
            ValueError: if the solver does not apply to ``game``.
        """
        ...


SolverFactory = Callable[[], Solver]
"""Makes a game's solver (``GameInfo.solver``): a fresh one per player."""

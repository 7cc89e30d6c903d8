"""Perfect-information Monte Carlo over solved worlds, and the tree search where none is.

Bridge programs were made strong this way (Ginsberg's GIB; Long, Sturtevant, Buro and
Furtak, "Understanding the success of perfect information Monte Carlo sampling in game
tree search", AAAI 2010): deal the hidden cards many ways, solve each deal exactly, and
play the move that does best over them. For a decision whose worlds the game's exact
solver can solve (``GameInfo.solver``; in Claim, a card to play in phase two), the
agent

1. deals ``worlds`` worlds consistent with the seat's view (``SeatView.world_sampler``:
   never the real hidden cards), or just one when the seat sees every card's place
   (``Solver.sees_all``: 2-player Claim's phase two, where that one world is the game);
2. solves each: every legal move's exact reward in it, all worlds within a budget of
   ``nodes`` positions for the decision;
3. plays the move with the best mean reward over the worlds solved.

Moves of equal value are told apart by the tree search (``ismcts``), unless they win in
every world: against best play they are then all as good, and the solver keeps the win
on the next decisions. A lost (or shared) position is where a perfect player's moves all
look alike while a fallible rival's are not: the tree search, which plays against rivals
that err, picks among the moves that keep the most.

A decision no world of which is solvable within the budget (Claim's phase one, or the
first tricks of a large phase two, whose positions the solver's table then keeps for the
next decision) is the tree search's alone: ``ismcts`` with ``iters`` or ``time``, and
``leaf``: leaves solved within that many positions each instead of played out at random
(``ismcts:solve``).

Spec: ``pimc`` with ``worlds`` (16, at most :data:`MAX_WORLDS`), ``nodes`` (the solver's
budget a decision, :data:`DEFAULT_NODES`, at most :data:`MAX_NODES`), ``iters`` and
``time`` (the tree search's budget, as ``ismcts``'s), ``leaf`` (0: off, at most
:data:`MAX_LEAF`).

Seeded and reproducible: every budget is counted in worlds, positions and iterations
(unless ``time`` is given), so the same seed and position give the same move on any
machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Hashable
from typing import Any

from regency.agents.base import (
    AgentError,
    MoveEstimate,
    check_number,
    number_param,
)
from regency.agents.ismcts import ISMCTSAgent
from regency.core.game import Game, state_digest
from regency.core.registry import game_info
from regency.core.solving import Solver
from regency.core.view import SeatView

__all__ = [
    "DEFAULT_NODES",
    "DEFAULT_WORLDS",
    "MAX_LEAF",
    "MAX_NODES",
    "MAX_WORLDS",
    "PIMCAgent",
    "exact_estimates",
    "solved_world",
]

DEFAULT_WORLDS = 16
"""Worlds a decision deals where cards are hidden."""
MAX_WORLDS = 256
DEFAULT_NODES = 100_000
"""The solver's budget for a decision, in positions: about 0.6 s of a core in pure
Python for 2-player Claim, a fifth of that compiled (docs/measurements.md)."""
MAX_NODES = 5_000_000
MAX_LEAF = 1_000_000


class PIMCAgent:
    """Solved worlds where the solver reaches, the tree search elsewhere (module docstring).

    Raises:
        AgentError: if the game has no exact solver, or a setting is out of range.
    """

    def __init__(
        self,
        game: str,
        rng: random.Random,
        worlds: int = DEFAULT_WORLDS,
        nodes: int = DEFAULT_NODES,
        iterations: int | None = None,
        seconds: float | None = None,
        leaf: int = 0,
        time_limit: float | None = None,
    ) -> None:
        factory = game_info(game).solver
        if factory is None:
            raise AgentError(f"pimc: {game} has no exact solver")
        check_number("pimc", "worlds", worlds, 1, MAX_WORLDS)
        check_number("pimc", "nodes", nodes, 1, MAX_NODES)
        check_number("pimc", "leaf", leaf, 0, MAX_LEAF)
        self.name = "pimc"
        self.game = game
        self.worlds = worlds
        self.nodes = nodes
        self.leaf = leaf
        self._rng = rng
        self._solver: Solver = factory()
        self._search = ISMCTSAgent(
            game, rng, iterations=iterations, seconds=seconds, solve=leaf or None
        )
        self.time_limit = time_limit
        self.last_solved = 0
        """Worlds solved for the last decision (0: the tree search decided alone)."""

    @property
    def iterations(self) -> int | None:
        """The tree search's iterations a decision (``iters``; ``None`` when timed).

        The playing budget that analysis and the coach take a share of, as they do of
        ``ismcts``'s (``regency.analysis.default_agent``).
        """
        return self._search.iterations

    @iterations.setter
    def iterations(self, value: int | None) -> None:
        self._search.iterations = value

    @property
    def time_limit(self) -> float | None:
        """A hard limit on each decision's tree search (``TimeLimited``); ``None``: none.

        The solver's budget is counted in positions and is not cut by it.
        """
        return self._search.time_limit

    @time_limit.setter
    def time_limit(self, value: float | None) -> None:
        self._search.time_limit = value

    @classmethod
    def from_params(cls, game: str, rng: random.Random, params: dict[str, str]) -> PIMCAgent:
        """Build from spec parameters (``worlds``, ``nodes``, ``iters``, ``time``, ``leaf``).

        Raises:
            AgentError: if a parameter is not a number of its kind or out of range.
        """
        return cls(
            game,
            rng,
            worlds=number_param(
                "pimc", params, "worlds", int, 1, DEFAULT_WORLDS, maximum=MAX_WORLDS
            ),
            nodes=number_param("pimc", params, "nodes", int, 1, DEFAULT_NODES, maximum=MAX_NODES),
            iterations=number_param("pimc", params, "iters", int, 1),
            seconds=number_param("pimc", params, "time", float, 0.001),
            leaf=number_param("pimc", params, "leaf", int, 0, 0, maximum=MAX_LEAF),
        )

    def choose(self, view: SeatView[Any]) -> Hashable:
        """The move of best mean over the solved worlds, or the tree search's."""
        legal = view.legal_actions
        if len(legal) == 1:
            self.last_solved = 0
            only: Hashable = legal[0]
            return only
        started = time.perf_counter()
        solved = self._solve(view)
        if solved is None:
            return self._search.choose(view)
        means, _, _ = solved
        best = max(means.values())
        ties = [a for a in legal if means[a] >= best - 1e-9]
        if len(ties) == 1 or best >= self._most(view) - 1e-9:
            first: Hashable = ties[0]
            return first
        root = self._search.search(view, started=started)
        chosen: Hashable = max(ties, key=lambda a: _visits(root.children.get(a)))
        return chosen

    def evaluate(
        self, view: SeatView[Any], include: Collection[Hashable] = ()
    ) -> list[MoveEstimate]:
        """Judge every legal move: by its mean over the solved worlds, else by the search.

        A move's ``win`` is its mean reward over the worlds solved (``visits`` of them),
        ``exact`` when the seat sees every card's place (its value under best play); the
        order is the one :meth:`choose` picks by, ties in the view's order. Where no
        world is solved within the budget, the tree search judges (``include`` is
        passed to it).
        """
        legal = view.legal_actions
        if len(legal) == 1:
            self.last_solved = 0
            return [MoveEstimate(legal[0], str(legal[0]), None, 0)]
        solved = self._solve(view)
        if solved is None:
            return self._search.evaluate(view, include)
        means, count, exact = solved
        ranked = sorted(legal, key=lambda a: -means[a])  # stable: ties keep legal's order
        return [MoveEstimate(a, str(a), means[a], count, exact) for a in ranked]

    def _most(self, view: SeatView[Any]) -> float:
        """The most a seat can win: the whole win, or its half of a partnership's."""
        return 0.5 if view.players == 4 else 1.0

    def _solve(self, view: SeatView[Any]) -> tuple[dict[Hashable, float], int, bool] | None:
        """Each legal move's mean reward over the worlds solved, their number, exactness.

        ``None`` when the solver does not apply, or no world is solved within the budget.
        """
        self.last_solved = 0
        solver = self._solver
        sampler = view.world_sampler()
        first: Game[Any] = sampler(self._rng)
        if not solver.applies(first):
            return None
        exact = solver.sees_all(first)
        counts: dict[str, int] = {}
        dealt: dict[str, Game[Any]] = {}
        for i in range(1 if exact else self.worlds):
            world = first if i == 0 else sampler(self._rng)
            digest = state_digest(world.state_dict())  # the same deal twice: one solve
            counts[digest] = counts.get(digest, 0) + 1
            dealt.setdefault(digest, world)
        totals = {a: 0.0 for a in view.legal_actions}
        budget = self.nodes
        solved = 0
        left = len(dealt)
        for digest, world in dealt.items():
            values = solver.move_values(world, limit=max(1, budget // left))
            left -= 1
            budget -= solver.nodes
            if values is None:
                continue
            for action in totals:
                totals[action] += counts[digest] * values[action]
            solved += counts[digest]
        if not solved:
            return None
        self.last_solved = solved
        return {a: total / solved for a, total in totals.items()}, solved, exact


def exact_estimates(view: SeatView[Any], limit: int) -> list[MoveEstimate] | None:
    """Every legal move's exact value, where the seat sees every card's place.

    For analysis, hints and puzzles: when the game has an exact solver
    (``GameInfo.solver``) that answers for the view's position and the seat knows where
    every card is (``Solver.sees_all``: 2-player Claim's phase two), each legal move's
    value under best play, best first (ties in the view's order), ``exact`` and with one
    world behind it. ``None`` otherwise, or past ``limit`` positions searched.

    A fresh solver each time, so the answer (and whether it comes within ``limit``)
    depends on the view alone.
    """
    found = solved_world(view)
    legal = view.legal_actions
    if found is None or not legal:
        return None
    solver, world = found
    values = solver.move_values(world, limit=limit)
    if values is None:
        return None
    ranked = sorted(legal, key=lambda a: -values[a])
    return [MoveEstimate(a, str(a), values[a], 1, True) for a in ranked]


def solved_world(view: SeatView[Any]) -> tuple[Solver, Game[Any]] | None:
    """A fresh solver and the one world the view allows, if the seat sees every card.

    ``None`` when the game has no exact solver, or it does not answer for the view's
    position, or the seat does not know where every card is (``Solver.sees_all``).
    """
    factory = game_info(view.game).solver
    if factory is None:
        return None
    solver = factory()
    world = view.world_sampler()(random.Random(0))
    if not (solver.applies(world) and solver.sees_all(world)):
        return None
    return solver, world


def _visits(node: Any) -> tuple[int, float]:
    """A root child's place in the tree search's order: visits, then total reward."""
    if node is None:
        return (0, 0.0)
    return (int(node.visits), float(node.reward))

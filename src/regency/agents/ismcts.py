"""Information-set Monte Carlo tree search, single observer (SO-ISMCTS).

After Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
TCIAIG, 2012). One tree is grown over the *searching seat's* information sets: a node is
reached by a sequence of moves as that seat sees them, whatever the hidden cards are.
Each iteration:

1. deals a new *world* (a determinization) consistent with the seat's observation
   (``SeatView.world_sampler``), so the search never reads the real hidden cards;
2. descends the tree with moves legal in that world, choosing by UCB1 where every move
   is tried, and counting for each child how often it was *available* (legal in the
   world) — the availability-aware UCB of the paper, since a move exists in some worlds
   and not others;
3. adds one new node, plays the rest of the game out (uniformly random, or the game's
   heuristic), and
4. backs the result up: each node keeps the reward of the seat that made the move
   leading to it, so in 3-4 player and partnership games every seat is modelled as
   pursuing its own result.

Opponents' moves are keyed by how the searching seat sees them (``Game.public_action``),
so a move that hides something (a card kept in secret) does not split the tree on what
the seat cannot know.

Spec: ``ismcts`` with parameters ``iters`` (iterations per move), ``time`` (seconds per
move, instead of iterations: not reproducible across machines), ``c`` (exploration,
default 0.7) and ``rollout`` (``random`` or ``heuristic``). ``ismcts:2000`` is 2000
iterations. Seeded: the same seed and position give the same move for an iteration budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from typing import Any

from regency.agents.base import AgentError, HeuristicAgent
from regency.core.game import Game
from regency.core.registry import game_class, game_info
from regency.core.view import SeatView

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSAgent", "Node"]

DEFAULT_ITERATIONS = 1000
"""Iterations per move when a game sets no ``search_iterations`` and no budget is given."""


class Node:
    """A node of the tree: the information set reached by a sequence of moves.

    Attributes:
        parent: The node above (``None`` for the root).
        mover: The seat whose move led here (its reward is kept).
        children: Child nodes by move key.
        visits: Times this node was selected.
        reward: Total reward of ``mover`` over those visits.
        available: Times this node's move was legal when its parent was visited.
    """

    __slots__ = ("available", "children", "mover", "parent", "reward", "visits")

    def __init__(self, parent: Node | None, mover: int) -> None:
        self.parent = parent
        self.mover = mover
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1


def _number(params: dict[str, str], key: str, cast: type, minimum: float) -> Any:
    if key not in params:
        return None
    try:
        value = cast(params[key])
    except ValueError:
        raise AgentError(f"ismcts: {key} must be a number, not {params[key]!r}") from None
    if value < minimum:
        raise AgentError(f"ismcts: {key} must be at least {minimum}")
    return value


class ISMCTSAgent:
    """The SO-ISMCTS player (see the module docstring)."""

    def __init__(
        self,
        game: str,
        rng: random.Random,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str = "random",
    ) -> None:
        info = game_info(game)
        if iterations is None and seconds is None:
            iterations = info.search_iterations or DEFAULT_ITERATIONS
        if rollout not in ("random", "heuristic"):
            raise AgentError(f"ismcts: rollout must be random or heuristic, not {rollout!r}")
        self.name = "ismcts"
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self._rng = rng
        self._hides = game_class(game).public_action is not Game.public_action
        self._heuristic = HeuristicAgent(game, rng) if rollout == "heuristic" else None
        self.last_iterations = 0
        """Iterations run for the last decision (for benchmarks and tests)."""

    @classmethod
    def from_params(cls, game: str, rng: random.Random, params: dict[str, str]) -> ISMCTSAgent:
        """Build from spec parameters (``iters``, ``time``, ``c``, ``rollout``)."""
        iterations = _number(params, "iters", int, 1)
        seconds = _number(params, "time", float, 0.001)
        c = _number(params, "c", float, 0.0)
        return cls(
            game,
            rng,
            iterations=iterations,
            seconds=seconds,
            exploration=0.7 if c is None else c,
            rollout=params.get("rollout", "random"),
        )

    def choose(self, view: SeatView[Any]) -> Hashable:
        """Search from the view and return the most visited legal move."""
        legal = view.legal_actions
        if len(legal) == 1:
            only: Hashable = legal[0]
            self.last_iterations = 0
            return only
        root = self.search(view)
        best: Hashable = max(
            (a for a in legal if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].reward),
        )
        return best

    def search(self, view: SeatView[Any]) -> Node:
        """Grow a tree from ``view`` within the budget and return its root."""
        me = view.seat
        sampler = view.world_sampler()
        rng = self._rng
        root = Node(None, me)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        budget = self.iterations or 0
        done = 0
        while (done < budget) if deadline is None else (time.perf_counter() < deadline):
            self._iterate(root, sampler(rng), me, rng)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, root: Node, world: Game[Any], me: int, rng: random.Random) -> None:
        node = root
        c = self.exploration
        # Selection and expansion, with moves legal in this world.
        while not world.is_over:
            mover = world.current_player
            assert mover is not None
            moves = self._keyed_moves(world, mover, me)
            children = node.children
            untried = [key for key in moves if key not in children]
            for key in moves:
                child = children.get(key)
                if child is not None:
                    child.available += 1
            if untried:
                key = rng.choice(untried)
                world.apply(rng.choice(moves[key]))
                child = Node(node, mover)
                children[key] = child
                node = child
                break
            log_total = {key: math.log(children[key].available) for key in moves}
            key = max(
                moves,
                key=lambda k: (
                    children[k].reward / children[k].visits
                    + c * math.sqrt(log_total[k] / children[k].visits)
                ),
            )
            world.apply(rng.choice(moves[key]))
            node = children[key]
        # Simulation.
        if not world.is_over:
            if self._heuristic is None:
                world.playout(rng)
            else:
                self._heuristic_playout(world)
        rewards = world.rewards()
        # Backpropagation: each node scores the result for the seat that moved into it.
        while node is not root:
            node.visits += 1
            node.reward += rewards[node.mover]
            parent = node.parent
            assert parent is not None
            node = parent
        root.visits += 1

    def _keyed_moves(self, world: Game[Any], mover: int, me: int) -> dict[Hashable, list[Any]]:
        """The legal moves by tree key: the move itself, or how ``me`` sees it."""
        legal = world.legal_actions()
        if mover == me or not self._hides:
            return {action: [action] for action in legal}
        keyed: dict[Hashable, list[Any]] = {}
        for action in legal:
            keyed.setdefault(world.public_action(action, me), []).append(action)
        return keyed

    def _heuristic_playout(self, world: Game[Any]) -> None:
        assert self._heuristic is not None
        while not world.is_over:
            seat = world.current_player
            assert seat is not None
            world.apply(self._heuristic.choose(world.view(seat)))

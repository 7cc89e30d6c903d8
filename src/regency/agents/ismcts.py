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

Where a game reports what a seat learns by chance (``Game.chance_key``: a tile drawn, a
card turned up), a move's node branches on it, so different draws are not merged.

Spec: ``ismcts`` with parameters

* ``iters``: iterations per move (``ismcts:2000`` is 2000); the game's
  ``search_iterations`` (about a second a move) by default;
* ``time``: seconds per move instead (not reproducible across machines);
* ``c``: the UCB exploration constant (default 0.7);
* ``rollout``: ``random`` (default; the game's ``playout``), ``heuristic``, or
  ``greedy`` (the game's cheap rule of thumb, ``greedy_playout``, where it has one);
* ``depth``: stop playouts after this many moves and judge the position by the game's
  ``estimate`` (its running score) instead of playing to the end;
* ``reward``: ``win`` (default: the share of the win) or ``score`` (half that, half the
  score's place between the lowest and highest);
* ``prior``: ``heuristic`` tries the heuristic's move first at every node and gives it a
  fading bonus (progressive bias).
* ``widen``: progressive widening: a node visited ``n`` times grows at most
  ``n ** widen`` children (``widen=0.5``; 0 to 1), so search deepens before it
  broadens; with ``prior=heuristic`` the heuristic's move comes first.
* ``top``: the root's moves are the heuristic's best ``top`` only (games with a ranking);
* ``infer``: policy-based inference: deal this many worlds per decision, weigh each by
  how likely the game's model of play makes the rivals' moves so far in it, and search
  worlds drawn from them in proportion (:mod:`~regency.agents.inference`; games with a
  ``world_weigher`` only; at most ``MAX_POOL``);
* ``eval``: ``heuristic`` judges a playout's cut-off by the game's heuristic judgement,
  ``net`` by its learned evaluation (:mod:`~regency.agents.value`; weights for the
  player count must ship).
* ``solve``: a playout that reaches a position the game's exact solver answers for
  (``GameInfo.solver``: in Claim, the first card of phase two) stops there, and the
  world is solved within this many positions instead of played out; a world the solver
  does not finish within them is played out as usual (games with a solver only; at most
  ``MAX_SOLVE``).

A hard ``time_limit`` (:func:`~regency.agents.registry.make_agent`) bounds a decision as
well: the search stops at its budget or at the limit, whichever comes first, and always
runs at least one iteration, so it can answer.

Choosing a move (not judging moves) stops an iteration budget early once its move is
decided: the most visited move leads every other by more visits than the iterations
left, so no later iteration could change it. It plays the move the whole budget would,
for less (about a tenth less in 2-player Claim, a sixth at 3 players).

Seeded: the same seed and position give the same move for an iteration budget (one
that the time limit does not cut short).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Collection, Hashable, Sequence
from inspect import getattr_static
from typing import Any

from regency.agents.base import (
    AgentError,
    HeuristicAgent,
    MoveEstimate,
    check_number,
    number_param,
    root_estimates,
)
from regency.agents.inference import MAX_POOL, WeightedWorlds
from regency.agents.tree import Node
from regency.core.errors import quote
from regency.core.game import Game
from regency.core.registry import game_class, game_info
from regency.core.solving import Solver
from regency.core.view import SeatView

__all__ = ["DEFAULT_ITERATIONS", "MAX_SOLVE", "PRIOR_WEIGHT", "ISMCTSAgent", "Node", "decided"]

DECIDED_EVERY = 50
"""Iterations between checks of whether the move is decided (:func:`decided`): a check
reads each root move's visits once, a small cost beside 50 iterations."""

DEFAULT_ITERATIONS = 1000
"""Iterations per move when a game sets no ``search_iterations`` and no budget is given."""
PRIOR_WEIGHT = 1.0
"""The progressive-bias bonus of the heuristic's move (``prior=heuristic``), in reward units."""
MAX_SOLVE = 1_000_000
"""The most positions ``solve`` may give each leaf's solve (docs/opponents.md)."""


class ISMCTSAgent:
    """The SO-ISMCTS player (see the module docstring).

    Raises:
        AgentError: if a setting is out of range (each named by its spec parameter), or
            the game lacks what a setting needs (a heuristic, a ranking, a judgement).
    """

    def __init__(
        self,
        game: str,
        rng: random.Random,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str = "random",
        reward: str = "win",
        depth: int | None = None,
        prior: str | None = None,
        widen: float | None = None,
        top: int | None = None,
        evaluation: str | None = None,
        time_limit: float | None = None,
        infer: int | None = None,
        solve: int | None = None,
    ) -> None:
        info = game_info(game)
        for key, value, minimum in (
            ("iters", iterations, 1),
            ("time", seconds, 0.001),
            ("c", exploration, 0.0),
            ("depth", depth, 0),
            ("top", top, 1),
            ("time_limit", time_limit, 0.001),
        ):
            if value is not None:
                check_number("ismcts", key, value, minimum)
        if infer is not None:
            check_number("ismcts", "infer", infer, 1, MAX_POOL)
            if not _offers(game, "world_weigher"):
                raise AgentError(f"ismcts: {game} has no model of play to weigh worlds by (infer)")
        self.infer = infer
        self._solver: Solver | None = None
        self.solve = solve
        """The node budget of each solved leaf (``None``: leaves are played out)."""
        if solve is not None:
            check_number("ismcts", "solve", solve, 1, MAX_SOLVE)
            if info.solver is None:
                raise AgentError(f"ismcts: {game} has no exact solver (solve)")
            self._solver = info.solver()
        if widen is not None:  # above 1 it limits nothing (and n ** widen overflows)
            check_number("ismcts", "widen", widen, 0.0, 1.0)
        if iterations is None and seconds is None:
            iterations = info.search_iterations or DEFAULT_ITERATIONS
        if rollout not in ("random", "heuristic", "greedy"):
            raise AgentError(
                f"ismcts: rollout must be random, heuristic or greedy, not {quote(rollout)}"
            )
        if rollout == "greedy" and not _offers(game, "greedy_playout"):
            raise AgentError(f"ismcts: {game} has no greedy playout (rollout)")
        if reward not in ("win", "score"):
            raise AgentError(f"ismcts: reward must be win or score, not {quote(reward)}")
        self.reward = reward
        self.depth = depth
        if prior not in (None, "heuristic"):
            raise AgentError(f"ismcts: prior must be heuristic, not {quote(prior)}")
        self.prior = prior
        self.widen = widen
        if evaluation not in (None, "heuristic", "net"):
            raise AgentError(f"ismcts: eval must be heuristic or net, not {quote(evaluation)}")
        self._judge = info.judge if evaluation == "heuristic" else None
        self._learned = evaluation == "net"
        """Judge cut-offs by the learned evaluation of the player count searched."""
        if evaluation == "heuristic" and self._judge is None:
            raise AgentError(f"ismcts: {game} has no heuristic judgement (eval)")
        if evaluation is not None and depth is None:
            self.depth = depth = 0
        self._ranking = info.ranking if top is not None else None
        if top is not None and self._ranking is None:
            raise AgentError(f"ismcts: {game} has no heuristic ranking (top)")
        self.top = top
        if (rollout == "heuristic" or prior == "heuristic") and info.heuristic is None:
            raise AgentError(f"ismcts: {game} has no heuristic (rollout, prior)")
        self.name = "ismcts"
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self._rng = rng
        cls = game_class(game)
        self._hides = cls.public_action is not Game.public_action
        self._chance = cls.chance_key is not Game.chance_key
        needs_policy = rollout == "heuristic" or prior == "heuristic"
        self._policy = HeuristicAgent(game, rng) if needs_policy else None
        self._heuristic = self._policy if rollout == "heuristic" else None
        self._greedy = rollout == "greedy"
        self.time_limit = time_limit
        """Seconds after which a decision stops searching, whatever the budget says
        (:class:`~regency.agents.base.TimeLimited`); ``None``: no limit."""
        self.last_iterations = 0
        """Iterations run for the last decision (for benchmarks and tests)."""

    @classmethod
    def from_params(cls, game: str, rng: random.Random, params: dict[str, str]) -> ISMCTSAgent:
        """Build from spec parameters (``iters``, ``time``, ``c``, ``rollout``, ...).

        Raises:
            AgentError: if a parameter is not a number of its kind or out of range.
        """
        iterations = number_param("ismcts", params, "iters", int, 1)
        seconds = number_param("ismcts", params, "time", float, 0.001)
        c = number_param("ismcts", params, "c", float, 0.0)
        return cls(
            game,
            rng,
            iterations=iterations,
            seconds=seconds,
            exploration=0.7 if c is None else c,
            rollout=params.get("rollout", "random"),
            reward=params.get("reward", "win"),
            depth=number_param("ismcts", params, "depth", int, 0),
            prior=params.get("prior"),
            widen=number_param("ismcts", params, "widen", float, 0.0, maximum=1.0),
            top=number_param("ismcts", params, "top", int, 1),
            evaluation=params.get("eval"),
            infer=number_param("ismcts", params, "infer", int, 1, maximum=MAX_POOL),
            solve=number_param("ismcts", params, "solve", int, 1, maximum=MAX_SOLVE),
        )

    def choose(self, view: SeatView[Any]) -> Hashable:
        """Search from the view and return the most visited legal move."""
        started = time.perf_counter()
        legal = view.legal_actions
        if len(legal) == 1:
            only: Hashable = legal[0]
            self.last_iterations = 0
            return only
        root = self.search(view, started=started, until_decided=True)
        best: Hashable = max(
            (a for a in legal if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].reward),
        )
        return best

    def evaluate(
        self, view: SeatView[Any], include: Collection[Hashable] = ()
    ) -> list[MoveEstimate]:
        """Search from the view; judge every legal move by the root's statistics.

        A move's win chance is the mean reward of the iterations through it (the share
        of the win, or the blend ``reward=score`` asks for); the order is the one
        :meth:`choose` picks by, most visited first. A forced move is not searched.
        With ``top``, the root is kept to the heuristic's best moves and ``include``
        (analysis: the move played); the others get no estimate.
        """
        started = time.perf_counter()
        legal = view.legal_actions
        if len(legal) == 1:
            self.last_iterations = 0
            return [MoveEstimate(legal[0], str(legal[0]), None, 0)]
        return root_estimates(legal, self.search(view, include, started=started).children)

    def search(
        self,
        view: SeatView[Any],
        include: Collection[Hashable] = (),
        *,
        started: float | None = None,
        until_decided: bool = False,
    ) -> Node:
        """Grow a tree from ``view`` within the budget and return its root.

        The budget is ``iters`` iterations, or ``time`` seconds instead; a ``time_limit``
        stops the search sooner if it is reached first. At least one iteration is run.
        With ``top``, the root's moves are the heuristic's best ``top`` and ``include``.

        Args:
            view: The deciding seat's view.
            include: Moves the root must consider, with ``top`` (analysis).
            started: When the decision began (``time.perf_counter()``), from which
                ``time`` and ``time_limit`` count; now by default.
            until_decided: Stop an iteration budget once the most visited move can no
                longer be overtaken (:meth:`choose`); the other moves' figures are then
                those of fewer iterations.
        """
        if started is None:
            started = time.perf_counter()
        me = view.seat
        if self._learned:  # numpy, and the weights, only for an agent that uses them
            from regency.agents.value import learned_value

            self._judge = learned_value(self.game, view.players).judge
        sampler = view.world_sampler()
        rng = self._rng
        if self.infer:
            weigh = game_class(self.game).world_weigher(view.observation)
            if weigh is not None:  # no rival has shown anything yet: every world counts
                sampler = WeightedWorlds(sampler, weigh, self.infer, rng)
        root = Node(None, me)
        allowed = None
        if self._ranking is not None and self.top is not None:
            allowed = set(self._ranking(view, rng)[: self.top]) | set(include)
        limits = [s for s in (self.seconds, self.time_limit) if s is not None]
        deadline = started + min(limits) if limits else None
        # ``time`` replaces the iteration budget; ``time_limit`` only bounds it.
        budget = None if self.seconds is not None else (self.iterations or 1)
        clock = time.perf_counter
        done = 0
        check = DECIDED_EVERY if until_decided and budget is not None else 0
        while done == 0 or (
            (budget is None or done < budget) and (deadline is None or clock() < deadline)
        ):
            self._iterate(root, sampler(rng), me, rng, allowed)
            done += 1
            if check and done % check == 0 and budget is not None and decided(root, budget - done):
                break
        self.last_iterations = done
        return root

    def _iterate(
        self,
        root: Node,
        world: Game[Any],
        me: int,
        rng: random.Random,
        allowed: set[Hashable] | None = None,
    ) -> None:
        node = root
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        hides = self._hides
        widen = self.widen
        # Selection and expansion, with moves legal in this world. The loop touches each
        # child once per visit (action hashes are not free: Kingdoms has ~30 moves a node).
        while not world.is_over:
            mover = world.current_player
            assert mover is not None
            legal = world.legal_actions()
            groups: dict[Hashable, list[Any]] | None = None
            keys: Sequence[Hashable] = legal
            if hides and mover != me:
                groups = {}
                for action in legal:
                    groups.setdefault(world.public_action(action, me), []).append(action)
                keys = list(groups)
            if allowed is not None and node is root:
                # Root moves among the heuristic's top ones only (``top``).
                keys = [key for key in keys if key in allowed] or keys
            children = node.children
            untried: list[Hashable] = []
            tried: list[tuple[Hashable, Node]] = []
            for key in keys:
                child = children.get(key)
                if child is None:
                    untried.append(key)
                else:
                    child.available += 1
                    tried.append((key, child))
            # Progressive widening: a node visited n times may have n**widen children.
            if untried and widen is not None and len(tried) >= max(1.0, (node.visits + 1) ** widen):
                untried = []
            if untried:
                key = rng.choice(untried)
                if self.prior is not None:
                    if node.hint is None:
                        node.hint = self._hint(world, mover, me)
                    if node.hint in untried:
                        key = node.hint  # try the heuristic's move first
                world.apply(key if groups is None else rng.choice(groups[key]))
                child = Node(node, mover)
                children[key] = child
                node = self._after_chance(child, world, me)
                break
            hint = node.hint
            best_key: Hashable = None
            best: Node | None = None
            best_value = -math.inf
            for key, child in tried:
                visits = child.visits
                value = child.reward / visits + c * sqrt(log(child.available) / visits)
                if hint is not None and key == hint:
                    # Progressive bias: the heuristic's move gets a bonus that fades.
                    value += PRIOR_WEIGHT / (visits + 1)
                if value > best_value:
                    best_key, best, best_value = key, child, value
            assert best is not None
            world.apply(best_key if groups is None else rng.choice(groups[best_key]))
            node = self._after_chance(best, world, me)
            if node.visits == 0 and node is not best:
                break  # a chance outcome seen for the first time: a new node
        # Simulation, to the end or (depth) to a cut-off judged by the game's estimate.
        solved = self._solved(world, rng) if self._solver is not None else None
        if solved is None and not world.is_over:
            if self._greedy:
                world.greedy_playout(rng, self.depth)
            elif self._heuristic is None:
                world.playout(rng, self.depth)
            else:
                self._heuristic_playout(world, self.depth)
        judge = self._judge
        if solved is not None:
            rewards = solved
        else:
            rewards = judge(world) if judge is not None else self._rewards(world, rng)
        # Backpropagation: each node scores the result for the seat that moved into it.
        while node is not root:
            node.visits += 1
            node.reward += rewards[node.mover]
            parent = node.parent
            assert parent is not None
            node = parent
        root.visits += 1

    def _solved(self, world: Game[Any], rng: random.Random) -> list[float] | None:
        """Play ``world`` out at random until the solver applies, then solve it (``solve``).

        ``None``: the game ended first, or the solve did not finish within its budget
        (the world is then where the solver took over, ready to be played out).
        """
        solver = self._solver
        assert solver is not None and self.solve is not None
        while not world.is_over and not solver.applies(world):
            world.playout(rng, 1)
        if world.is_over:
            return None
        return solver.value(world, limit=self.solve)

    def _rewards(self, world: Game[Any], rng: random.Random) -> list[float]:
        """Each seat's reward for a played-out world (its estimate at a cut-off)."""
        estimate = None if world.is_over else world.estimate()
        if estimate is None and not world.is_over:
            world.playout(rng)
        if estimate is not None:
            rewards = _blend(estimate)
        elif self.reward == "win":
            rewards = world.rewards()
        else:
            rewards = _blend(world.result().scores, world.rewards())
        return rewards

    def _after_chance(self, node: Node, world: Game[Any], me: int) -> Node:
        """The node for what ``me`` learned by chance after the move into ``node``.

        Where the game reports chance outcomes (``Game.chance_key``), a move's node has
        one child per outcome seen, so different draws are not merged.
        """
        if not self._chance:
            return node
        outcome = world.chance_key(me)
        if outcome is None:
            return node
        key = ("chance", outcome)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node(node, node.mover)
        return child

    def _hint(self, world: Game[Any], mover: int, me: int) -> Hashable:
        """The key of the heuristic's move for ``mover`` in ``world``."""
        assert self._policy is not None
        action = self._policy.choose(world.view(mover))
        return action if mover == me or not self._hides else world.public_action(action, me)

    def _heuristic_playout(self, world: Game[Any], moves: int | None) -> None:
        assert self._heuristic is not None
        left = -1 if moves is None else moves
        while left and not world.is_over:
            left -= 1
            seat = world.current_player
            assert seat is not None
            world.apply(self._heuristic.choose(world.view(seat)))


def _offers(game: str, hook: str) -> bool:
    """Whether ``game`` has a ``hook`` of its own, not the contract's default.

    Read statically: the hook may be a classmethod (``world_weigher``), which attribute
    access would bind to a new object each time.
    """
    return getattr_static(game_class(game), hook) is not vars(Game)[hook]


def _blend(scores: list[Any], shares: list[float] | None = None) -> list[float]:
    """Half the share of the win, half the score's place between the lowest and highest.

    ``shares`` defaults to the win shared by the highest scores. Win or lose, a playout
    that ends with a better score says more about a move than the bare result, which
    matters where random playouts rarely decide a game.
    """
    low, high = min(scores), max(scores)
    if shares is None:
        top = [seat for seat, score in enumerate(scores) if score == high]
        shares = [1.0 / len(top) if seat in top else 0.0 for seat in range(len(scores))]
    spread = high - low
    return [
        0.5 * share + 0.5 * ((score - low) / spread if spread else 0.5)
        for share, score in zip(shares, scores, strict=True)
    ]


def decided(root: Node, left: int) -> bool:
    """Whether the root's most visited move stays so with ``left`` iterations to come.

    Each iteration adds one visit to one of the root's moves (a move not tried yet has
    none), so the leader keeps its place if it leads the next move by more than ``left``.
    """
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first > second + left

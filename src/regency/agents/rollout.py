"""Policy rollouts: the heuristic's best few moves, each tried on the same dealt worlds.

A rollout algorithm (Bertsekas; Tesauro & Galperin's backgammon rollouts) improves on a
base policy by looking ahead with it. For a decision, the agent

1. takes the heuristic's ``top`` moves (``GameInfo.ranking``),
2. deals ``iters`` worlds consistent with what the seat sees (``SeatView.world_sampler``:
   it never reads the real hidden cards),
3. in each world plays each candidate, then lets the heuristic play every seat for
   ``depth`` more moves, and judges the position reached by the heuristic's judgement
   (``GameInfo.judge``: each seat's chance to win),
4. keeps the heuristic's favourite unless another candidate is surely better: its
   advantage over the favourite, paired world by world (every candidate meets the same
   worlds and the same tie-breaks: common random numbers), must stay positive ``z``
   standard errors below its mean. Rollouts are noisy (a whole Kingdoms game played out
   swings a move's win chance by about 0.5 from world to world, while the gaps between
   the heuristic's best moves are a few hundredths), and acting on noise is worse than
   the heuristic's own choice. With ``z=0`` the best mean wins; ``bias`` is then added
   to the favourite's mean, so that the agent leaves it only for a move that did better
   by that margin.

A candidate that falls clearly behind the favourite is dropped: from the ``drop``-th
world on, one whose mean advantage is below minus one standard error (:data:`DROP_Z`) is
rolled out in no later world and can no longer be chosen, and once every candidate but
the favourite is dropped the decision ends. Such a candidate would almost never have
ended surely ahead: most decisions keep the favourite, and their rivals' rollouts were
the waste. Measured (``benchmarks/drop_candidates.py``; docs/measurements.md,
"Dropping the moves behind"), dropping changed the full budget's choice in 2 of 700
positions, for 52-70% of its rollouts; most decisions end after 4 worlds.

With ``most`` above ``iters``, a decision that is still open after ``iters`` worlds (a
candidate ahead on average, but not yet surely) gets more worlds, eight at a time, up to
``most``: the worlds go where a better move than the heuristic's may be, and a decision
the heuristic clearly has right stops at ``iters``.

Spec: ``rollout`` with ``iters`` (worlds per decision), ``most`` (default: no more than
``iters``), ``top`` (3; 0 for every legal move), ``depth`` (moves of look-ahead), ``z``
(2), ``bias`` (0), ``drop`` (4; 0 never drops a candidate), ``limit`` (a hard limit in
seconds per decision, as below) and ``value`` (``judge``, the heuristic's judgement at
the end of a rollout; ``net``, the learned evaluation of :mod:`~regency.agents.value`,
which judges a position a few moves ahead well enough that rollouts can stop there: each
world then costs a fraction of a long rollout, and its value varies far less from world
to world).
``iters`` and ``depth`` default to the game's ``rollout_budget``, the settings measured
strongest there (docs/measurements.md, "The ladder"): 32 worlds and 40 moves in
Kingdoms, about 0.4 s of a core a decision at 2 players with the compiled engine (1.1 s
in pure Python); 24 worlds and 16 moves in Claim Kingdoms, whose heuristic costs more a
move (0.5 s compiled, 1.0 s pure). A game without one gets 32 and 40.
:meth:`RolloutAgent.search` returns the same :class:`~regency.agents.tree.Node` root as
the tree search (a child per candidate with its visits and total reward), and
:meth:`RolloutAgent.evaluate` judges the candidates, for a hint, and in a game's analysis
also the move played (on the same worlds, so the comparison stays paired).

A hard ``time_limit`` (:func:`~regency.agents.registry.make_agent`) stops a decision once
that many seconds have passed since it started: no more worlds are dealt, a world the
limit cuts short counts for nothing, and the candidates judged on the worlds completed
decide, by the same rule. The first world is always dealt and the favourite always
rolled out in it, so there is a move to play; should the limit pass within that world
(every legal move a candidate, ``top=0``, and a long look-ahead), the moves not rolled
out in it are left unjudged. So a decision runs past its limit by at most one rollout.

Seeded: the same seed and position give the same move (for a decision that the time
limit does not cut short).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Collection, Hashable
from typing import Any

from regency.agents.base import AgentError, MoveEstimate, check_number, number_param
from regency.agents.tree import Node
from regency.core.errors import quote
from regency.core.game import Game
from regency.core.registry import game_info
from regency.core.view import SeatView

__all__ = ["DEFAULT_BUDGET", "DROP_Z", "RolloutAgent"]

DEFAULT_BUDGET = (32, 40)
"""Worlds per decision and moves of look-ahead for a game with no ``rollout_budget``."""

DROP_Z = 1.0
"""Standard errors below an even score at which a candidate is dropped (``drop``).

One, not the two of the choice's ``z``: a candidate is dropped when it is *likely* behind
the favourite, which is all that matters when to be played it must end *surely* ahead.
Chosen by replaying rollouts recorded on 1,600 positions (docs/measurements.md,
"Dropping the moves behind"): from the fourth world at one standard error, one choice
of the full budget's changed; at half of one, 11."""


class RolloutAgent:
    """The heuristic improved by paired rollouts of its best moves (module docstring).

    Raises:
        AgentError: if a setting is out of range (each named by its spec parameter), or
            the game has no heuristic ranking and judgement.
    """

    def __init__(
        self,
        game: str,
        rng: random.Random,
        iterations: int | None = None,
        top: int = 3,
        depth: int | None = None,
        bias: float = 0.0,
        z: float = 2.0,
        most: int | None = None,
        time_limit: float | None = None,
        evaluation: str = "judge",
        drop: int = 4,
    ) -> None:
        info = game_info(game)
        if evaluation not in ("judge", "net"):
            raise AgentError(f"rollout: value must be judge or net, not {quote(evaluation)}")
        for key, value, minimum in (
            ("iters", iterations, 1),
            ("top", top, 0),
            ("depth", depth, 0),
            ("bias", bias, 0.0),
            ("z", z, 0.0),
            ("most", most, 1),
            ("drop", drop, 0),
            ("time_limit", time_limit, 0.001),
        ):
            if value is not None:
                check_number("rollout", key, value, minimum)
        if info.ranking is None or info.judge is None or info.heuristic is None:
            raise AgentError(f"rollout: {game} has no heuristic ranking and judgement")
        self.name = "rollout"
        self.game = game
        budget = info.rollout_budget or DEFAULT_BUDGET
        self.iterations = budget[0] if iterations is None else iterations
        self.top = top
        self.depth = budget[1] if depth is None else depth
        self.bias = bias
        self.z = z
        self.most = max(self.iterations, most or self.iterations)
        self.drop = drop
        """From this many worlds on, drop a candidate clearly behind the favourite (0:
        never; module docstring)."""
        self._candidates: frozenset[Hashable] = frozenset()
        """The moves the last search chose among (the heuristic's best ``top``)."""
        self._paired: dict[Hashable, tuple[float, float]] = {}
        """Per candidate, the sum and the sum of squares of its advantage over the
        favourite in each world of the last search."""
        self._rng = rng
        self._ranking = info.ranking
        self._judge = info.judge
        self.evaluation = evaluation
        """The spec's ``value``. ``judge``: the heuristic's judgement ends each rollout;
        ``net``: the learned evaluation (:mod:`~regency.agents.value`), read when the
        first decision shows the player count."""
        self._learned: Any = None
        self._policy = info.heuristic
        self.time_limit = time_limit
        """Seconds after which a decision deals no more worlds, whatever ``iters`` and
        ``most`` say (:class:`~regency.agents.base.TimeLimited`); ``None``: no limit."""
        self.last_iterations = 0
        """Worlds dealt for the last decision (for benchmarks and tests)."""
        self.last_rollouts = 0
        """Rollouts played for the last decision (one per move judged in each world)."""

    @classmethod
    def from_params(cls, game: str, rng: random.Random, params: dict[str, str]) -> RolloutAgent:
        """Build from spec parameters (``iters``, ``most``, ``top``, ``depth``, ``bias``, ``z``).

        And ``drop``, the world from which a candidate clearly behind is dropped (0:
        never), ``value``, the end of a rollout's judge (``judge`` or ``net``), and ``limit``,
        a hard limit in seconds on each decision (as ``make_agent``'s ``time_limit``). It
        is not called ``time``: a tree search's ``time`` is its budget, which a server
        gives a search that has none (:func:`regency.server.live.computer.effective_spec`),
        whereas a rollout always has its budget of worlds.

        Raises:
            AgentError: if a parameter is not a number of its kind or out of range.
        """
        return cls(  # unset iters, depth and most: the constructor's game defaults
            game,
            rng,
            iterations=number_param("rollout", params, "iters", int, 1),
            top=number_param("rollout", params, "top", int, 0, 3),
            depth=number_param("rollout", params, "depth", int, 0),
            bias=number_param("rollout", params, "bias", float, 0.0, 0.0),
            z=number_param("rollout", params, "z", float, 0.0, 2.0),
            most=number_param("rollout", params, "most", int, 1),
            evaluation=params.get("value", "judge"),
            drop=number_param("rollout", params, "drop", int, 0, 4),
            time_limit=number_param("rollout", params, "limit", float, 0.001),
        )

    def choose(self, view: SeatView[Any]) -> Hashable:
        """The heuristic's favourite, unless a candidate is surely better (module docstring).

        With ``z=0``, the candidate with the best mean (the favourite's raised by ``bias``).
        """
        started = time.perf_counter()
        legal = view.legal_actions
        if len(legal) == 1:
            self.last_iterations = self.last_rollouts = 0
            only: Hashable = legal[0]
            return only
        return self._pick(self.search(view, started=started))

    def evaluate(
        self, view: SeatView[Any], include: Collection[Hashable] = ()
    ) -> list[MoveEstimate]:
        """Judge the heuristic's best moves, and ``include``, by their rollouts.

        The candidates come first, the one :meth:`choose` would play leading (the same
        move, for the same seed), then the others by their mean judgement; then the moves
        of ``include`` that are no candidates (analysis: the move played), judged on the
        same worlds but never preferred; then every other legal move, unjudged (``win``
        is ``None``). With ``top=0`` every legal move is a candidate. A candidate dropped
        for falling behind is judged on the worlds it was rolled out in (fewer
        ``visits``).

        Raises:
            AgentError: if a move of ``include`` is not legal in the view.
        """
        started = time.perf_counter()
        legal = view.legal_actions
        if len(legal) == 1:
            self.last_iterations = self.last_rollouts = 0
            return [MoveEstimate(legal[0], str(legal[0]), None, 0)]
        root = self.search(view, include, started=started)
        pick = self._pick(root)
        children = root.children
        tried = sorted(
            children,
            key=lambda a: (
                a != pick,
                a not in self._candidates,
                -children[a].reward / max(1, children[a].visits),
            ),
        )
        out = [
            MoveEstimate(a, str(a), children[a].reward / children[a].visits, children[a].visits)
            for a in tried
        ]
        return out + [MoveEstimate(a, str(a), None, 0) for a in legal if a not in children]

    def _pick(self, root: Node) -> Hashable:
        """The candidate to play, from a search's root."""
        favourite = root.hint
        if self.z > 0:
            return self._confident_choice(favourite, root.visits)
        best: Hashable = max(  # the favourite, or a candidate not dropped
            (a for a in root.children if a == favourite or a in self._paired),
            key=lambda a: (
                root.children[a].reward / root.children[a].visits
                + (self.bias if a == favourite else 0.0)
            ),
        )
        return best

    def _confident_choice(self, favourite: Hashable, worlds: int) -> Hashable:
        """The candidate whose advantage over the favourite is surely positive, if any.

        Each candidate's advantage is paired world by world (the same deal and seed for
        every candidate); its lower bound is the mean less ``z`` standard errors. The
        candidate with the highest positive lower bound wins; without one, the favourite.
        """
        best, best_bound = favourite, 0.0
        for action, bound in self._lower_bounds(self._paired, worlds).items():
            if bound > best_bound:
                best, best_bound = action, bound
        return best

    def _lower_bounds(
        self, paired: dict[Hashable, tuple[float, float]], worlds: int
    ) -> dict[Hashable, float]:
        """Each candidate's mean advantage over the favourite, less ``z`` standard errors."""
        if worlds < 2:
            return {action: -math.inf for action in paired}
        out = {}
        for action, sums in paired.items():
            mean, error = _mean_and_error(sums, worlds)
            out[action] = mean - self.z * error
        return out

    @staticmethod
    def _behind(paired: dict[Hashable, tuple[float, float]], worlds: int) -> set[Hashable]:
        """The candidates whose mean advantage is below minus :data:`DROP_Z` standard errors.

        ``worlds`` is at least 2.
        """
        out = set()
        for action, sums in paired.items():
            mean, error = _mean_and_error(sums, worlds)
            if mean + DROP_Z * error < 0.0:
                out.add(action)
        return out

    def _settled(self, paired: dict[Hashable, tuple[float, float]], worlds: int) -> bool:
        """Whether more worlds would hardly change the choice.

        So it is when a candidate is surely ahead of the favourite, or none is ahead even
        on average.
        """
        if any(bound > 0.0 for bound in self._lower_bounds(paired, worlds).values()):
            return True
        return all(total <= 0.0 for total, _ in paired.values())

    def search(
        self,
        view: SeatView[Any],
        include: Collection[Hashable] = (),
        *,
        started: float | None = None,
    ) -> Node:
        """Roll out the heuristic's best moves; return a root with a child per candidate.

        The root's ``hint`` is the heuristic's favourite. Each move of ``include`` that is
        no candidate gets a child too, rolled out on the same worlds, but it takes no
        part in the choice (nor in ``most``'s stopping rule), so the move chosen is the
        same with or without it. It is never dropped, so it and the favourite get every
        world; the other candidates' figures are the same with or without it, and so is
        the favourite's unless dropping left it alone (without ``include`` the search
        then ends). A dropped candidate keeps its figures from the worlds it was rolled
        out in (its child's ``visits``). With a ``time_limit``, no
        rollout starts after the limit has passed and a world cut short is dropped, but
        the first world is always dealt, with at least the favourite rolled out in it (a
        move not rolled out in it then gets no child).

        Args:
            view: The deciding seat's view.
            include: Moves to judge on the same worlds besides the candidates.
            started: When the decision began (``time.perf_counter()``), from which
                ``time_limit`` counts; now by default.

        Raises:
            AgentError: if a move of ``include`` is not legal in the view.
        """
        if started is None:
            started = time.perf_counter()
        deadline = None if self.time_limit is None else started + self.time_limit
        candidates, others = self._candidates_and_others(view, include)
        self._candidates = frozenset(candidates)
        root = _root_with_children(view.seat, candidates + others)
        root.hint = candidates[0]
        self._load_learned(view.players)
        if len(candidates) + len(others) == 1:
            return self._only_move(root)
        paired, worlds, rollouts = self._compare_on_worlds(
            view, root, candidates + others, candidates, deadline
        )
        self._paired = paired
        self.last_iterations = worlds
        self.last_rollouts = rollouts
        return root

    def _candidates_and_others(
        self, view: SeatView[Any], include: Collection[Hashable]
    ) -> tuple[list[Hashable], list[Hashable]]:
        """The candidates (the heuristic's best moves, its favourite first), and the others.

        The others are the moves of ``include`` that are no candidate.

        Raises:
            AgentError: if a move of ``include`` is not legal in the view.
        """
        ranked = list(dict.fromkeys(self._ranking(view, self._rng)))
        candidates = ranked[: self.top] if self.top else ranked
        legal = set(view.legal_actions)
        others = [a for a in dict.fromkeys(include) if a not in candidates]
        for action in others:
            if action not in legal:
                raise AgentError(f"rollout: {quote(str(action))} is not a legal move here")
        return candidates, others

    def _load_learned(self, players: int) -> None:
        """With ``value=net``: load the learned evaluation for ``players`` if not loaded."""
        learned = self._learned
        if self.evaluation == "net" and (learned is None or learned.players != players):
            from regency.agents.value import learned_value  # numpy: only when asked for

            self._learned = learned_value(self.game, players)

    def _only_move(self, root: Node) -> Node:
        """The search of a decision with one move to judge: nothing is rolled out."""
        child = root.children[root.hint]
        child.visits, child.reward = 1, 0.5
        root.visits = 1
        self._paired = {}
        self.last_iterations = self.last_rollouts = 0
        return root

    def _compare_on_worlds(
        self,
        view: SeatView[Any],
        root: Node,
        moves: list[Hashable],
        candidates: list[Hashable],
        deadline: float | None,
    ) -> tuple[dict[Hashable, tuple[float, float]], int, int]:
        """Roll ``moves`` out on worlds dealt one by one until the search may stop.

        It stops at ``most`` worlds, once ``iters`` worlds have settled the choice
        (:meth:`_settled`, asked every 8 worlds), past the ``deadline``, or when dropping
        the candidates surely behind (``drop``) leaves the favourite alone. Each world's
        values go into ``root``'s children (:func:`_add_world`).

        Returns:
            Each candidate still compared with the favourite, with the sum and the sum
            of squares of its advantage over it, world by world; the worlds dealt; and
            the rollouts played.
        """
        me = view.seat
        rng = self._rng
        clock = time.perf_counter
        sampler = view.world_sampler()
        paired = {action: (0.0, 0.0) for action in candidates[1:]}
        worlds = rollouts = 0
        while worlds < self.most:
            if worlds and deadline is not None and clock() >= deadline:
                break  # out of time: the worlds dealt so far decide
            extra = worlds - self.iterations
            if extra >= 0 and extra % 8 == 0 and self._settled(paired, worlds):
                break
            world = sampler(rng)
            values = self._roll_out(world, moves, rng.getrandbits(64), me, deadline)
            rollouts += len(values)
            if len(values) < len(moves):
                if worlds:
                    break  # a later world cut short counts for nothing
                # The first world cut short: the moves rolled out in it are the judged ones.
                moves, candidates = self._drop_unjudged(root, moves, len(values))
                paired = {action: paired[action] for action in candidates[1:]}
            _add_world(root, moves, values, paired)
            worlds += 1
            if self.drop and worlds >= max(2, self.drop) and paired:
                behind = self._behind(paired, worlds)
                if behind:
                    paired = {a: sums for a, sums in paired.items() if a not in behind}
                    moves = [a for a in moves if a not in behind]
                    if len(moves) == 1:
                        break  # the favourite alone is left: nothing more to compare
        return paired, worlds, rollouts

    def _roll_out(
        self,
        world: Game[Any],
        moves: list[Hashable],
        seed: int,
        me: int,
        deadline: float | None,
    ) -> list[float]:
        """``me``'s value after each of ``moves`` in ``world``, each rolled out from ``seed``.

        Past the ``deadline``, the moves not yet rolled out are left out (the first one
        always is rolled out), so the list may be shorter than ``moves``.
        """
        trials: list[Game[Any]] = []
        for action in moves:
            if trials and deadline is not None and time.perf_counter() >= deadline:
                break  # out of time within this world
            trial = world.clone()
            trial.apply(action)
            self._play_on(trial, random.Random(seed))
            trials.append(trial)
        return self._values(trials, me)

    def _values(self, trials: list[Game[Any]], me: int) -> list[float]:
        """``me``'s value at the end of each rollout: the judgement, or the network's.

        The network judges the unfinished positions of a world in one batch; a finished
        game is judged by its result either way.
        """
        if self._learned is None:
            judge = self._judge
            return [judge(trial)[me] for trial in trials]
        out = [trial.result().reward(me) if trial.is_over else -1.0 for trial in trials]
        open_ = [i for i, trial in enumerate(trials) if not trial.is_over]
        if open_:
            judged = self._learned.values([trials[i] for i in open_], me)
            for i, v in zip(open_, judged.tolist(), strict=True):
                out[i] = v
        return out

    def _drop_unjudged(
        self, root: Node, moves: list[Hashable], judged: int
    ) -> tuple[list[Hashable], list[Hashable]]:
        """Keep only the first ``judged`` of ``moves`` (the time limit cut the first world).

        Returns:
            The moves and the candidates left; the others lose their child, so they count
            as not judged.
        """
        for action in moves[judged:]:
            del root.children[action]
        kept = moves[:judged]
        candidates = [action for action in kept if action in self._candidates]
        self._candidates = frozenset(candidates)
        return kept, candidates

    def _play_on(self, world: Game[Any], rng: random.Random) -> None:
        """The heuristic plays every seat for ``depth`` moves (forced moves free)."""
        policy = self._policy
        left = self.depth
        while left and not world.is_over:
            seat = world.current_player
            assert seat is not None
            legal = world.legal_actions()
            if len(legal) == 1:
                world.apply(legal[0])
                continue
            left -= 1
            world.apply(policy(world.view(seat), rng))


def _mean_and_error(sums: tuple[float, float], worlds: int) -> tuple[float, float]:
    """The mean of ``worlds`` numbers and its standard error, from their sum and sum of squares.

    ``worlds`` is at least 2 (the sample variance needs two).
    """
    total, squares = sums
    mean = total / worlds
    variance = max(0.0, (squares - worlds * mean * mean) / (worlds - 1))
    return mean, math.sqrt(variance / worlds)


def _root_with_children(me: int, moves: list[Hashable]) -> Node:
    """A search root for ``me`` with an empty child per move, in order."""
    root = Node(None, me)
    for action in moves:
        root.children[action] = Node(root, me)
    return root


def _add_world(
    root: Node,
    moves: list[Hashable],
    values: list[float],
    paired: dict[Hashable, tuple[float, float]],
) -> None:
    """Count one world's ``values``, one per move of ``moves``.

    Each goes into its move's child, and each paired candidate's advantage over the
    favourite (``moves[0]``) into ``paired``.
    """
    for action, value in zip(moves, values, strict=True):
        child = root.children[action]
        child.visits += 1
        child.reward += value
        if action in paired:
            total, squares = paired[action]
            advantage = value - values[0]
            paired[action] = (total + advantage, squares + advantage * advantage)
    root.visits += 1

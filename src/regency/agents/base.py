"""The agent protocol, what agents share, and the two simplest agents.

Every agent module builds on this one; specs, and the registry that builds an agent from
one, are :mod:`regency.agents.registry`, which imports the agents (never the reverse).
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from regency.core.errors import RegencyError, quote
from regency.core.registry import game_info
from regency.core.view import SeatView

__all__ = [
    "Agent",
    "AgentError",
    "HeuristicAgent",
    "MoveEstimate",
    "MoveEvaluator",
    "PlayerCountCheck",
    "RandomAgent",
    "TimeLimited",
    "check_number",
    "number_param",
    "root_estimates",
]


class AgentError(RegencyError, ValueError):
    """A bad agent spec, or an agent that cannot play the game it is asked to.

    The spec names no agent, gives it parameters it does not take or values out of
    range, or the agent cannot play the game (or its player count).
    """


@runtime_checkable
class Agent(Protocol):
    """Anything that picks one of a seat's legal actions from the seat's view."""

    name: str

    def choose(self, view: SeatView[Any]) -> Hashable:
        """Return one of ``view.legal_actions``."""
        ...


@runtime_checkable
class TimeLimited(Protocol):
    """An agent whose thinking a hard time limit bounds (the searching agents).

    :func:`~regency.agents.registry.make_agent` sets ``time_limit`` when it is given one;
    agents without the attribute decide quickly anyway and ignore the limit.
    """

    time_limit: float | None
    """Seconds from the start of ``choose`` (or ``evaluate``) after which the agent stops
    searching and decides with what it has, whatever its own budget says; ``None``: no
    limit."""


@runtime_checkable
class PlayerCountCheck(Protocol):
    """An agent that cannot play every player count of its game.

    :func:`~regency.agents.registry.check_spec` asks it before seating it at a table.
    """

    def check_players(self, players: int) -> None:
        """Refuse a game of ``players`` seats this agent cannot play.

        Raises:
            AgentError: if the agent cannot play a game of that many seats.
        """
        ...


@dataclass(frozen=True, slots=True)
class MoveEstimate:
    """An agent's judgement of one legal move, for the seat deciding.

    Attributes:
        action: The legal action (one of ``view.legal_actions``).
        notation: Its notation (``str(action)``).
        win: The estimated win chance of the deciding seat after this move, 0 to 1 (the
            mean reward of the searches through it; ``None`` when it was never tried).
        visits: How many searches (samples) went through the move.
        exact: Whether ``win`` is the move's exact value under best play by every
            seat (an exact solver's, on the one world the seat's view allows), not an
            estimate.
    """

    action: Hashable
    notation: str
    win: float | None
    visits: int
    exact: bool = False


@runtime_checkable
class MoveEvaluator(Protocol):
    """An agent that can judge legal moves, not only pick one (for analysis, hints)."""

    def evaluate(
        self, view: SeatView[Any], include: Collection[Hashable] = ()
    ) -> list[MoveEstimate]:
        """Judge the legal moves of ``view`` from the view alone.

        Args:
            view: The deciding seat's view.
            include: Legal moves that must be judged whatever the agent thinks of them
                (analysis passes the move played), even by an agent that looks only
                at a few moves (``rollout``, ``ismcts:top=k``).

        Returns:
            One estimate per legal move, the move the agent prefers first (the order in
            which it would choose them); a move it did not judge has ``win`` ``None``.
        """
        ...


def root_estimates(
    legal: Sequence[Hashable], children: Mapping[Hashable, Any]
) -> list[MoveEstimate]:
    """Judge ``legal`` moves by a search root's children, best first (for ``evaluate``).

    Args:
        legal: The view's legal actions.
        children: The root's children by action: anything with ``visits`` and ``reward``
            (the total reward of the deciding seat); a move without a child was never tried.

    Returns:
        One estimate per legal move, most visited first, ties by total reward, then in
        the order of ``legal`` (the order a search's ``choose`` picks by).
    """
    ranked: list[tuple[tuple[int, float], MoveEstimate]] = []
    for action in legal:
        child = children.get(action)
        visits, reward = (int(child.visits), float(child.reward)) if child else (0, 0.0)
        win = reward / visits if visits else None
        ranked.append(((visits, reward), MoveEstimate(action, str(action), win, visits)))
    ranked.sort(key=lambda pair: pair[0], reverse=True)  # stable: ties keep legal's order
    return [estimate for _, estimate in ranked]


def check_number(
    agent: str, key: str, value: float, minimum: float, maximum: float | None = None
) -> None:
    """Refuse a numeric setting of an agent that is not finite or is out of range.

    Agents' constructors check their settings with it, so an agent built in code is held
    to the same ranges as one built from a spec.

    Args:
        agent: The agent's name, for the error message.
        key: The setting's spec parameter (``"iters"``), for the error message.
        value: The value.
        minimum: The smallest value allowed.
        maximum: The largest value allowed, if there is one.

    Raises:
        AgentError: if ``value`` is infinite, not a number, or out of range.
    """
    if isinstance(value, float) and not math.isfinite(value):
        raise AgentError(f"{agent}: {key} must be a number, not {quote(str(value))}")
    if value < minimum:
        raise AgentError(f"{agent}: {key} must be at least {minimum:g}")
    if maximum is not None and value > maximum:
        raise AgentError(f"{agent}: {key} must be at most {maximum:g}")


def number_param(
    agent: str,
    params: dict[str, str],
    key: str,
    cast: type,
    minimum: float,
    default: Any = None,
    *,
    maximum: float | None = None,
) -> Any:
    """Read the numeric parameter ``key`` of an agent spec (``ismcts:iters=500``).

    Args:
        agent: The agent's name, for the error message.
        params: The spec's parameters.
        key: The parameter.
        cast: ``int`` or ``float``.
        minimum: The smallest value allowed.
        default: The value when the spec does not set it.
        maximum: The largest value allowed, if there is one.

    Raises:
        AgentError: if the value is not a number of that kind (or is infinite or NaN),
            or out of range.
    """
    if key not in params:
        return default
    try:
        value = cast(params[key])
    except ValueError:
        kind = "a whole number" if cast is int else "a number"
        raise AgentError(f"{agent}: {key} must be {kind}, not {quote(params[key])}") from None
    check_number(agent, key, value, minimum, maximum)
    return value


class RandomAgent:
    """Picks a legal action uniformly at random."""

    def __init__(self, rng: random.Random) -> None:
        self.name = "random"
        self._rng = rng

    def choose(self, view: SeatView[Any]) -> Hashable:
        """Return a uniformly random legal action."""
        action: Hashable = self._rng.choice(view.legal_actions)
        return action


class HeuristicAgent:
    """Plays the game's own rule-based policy (``GameInfo.heuristic``)."""

    def __init__(self, game: str, rng: random.Random) -> None:
        policy = game_info(game).heuristic
        if policy is None:
            raise AgentError(f"heuristic: {game} has no heuristic")
        self.name = "heuristic"
        self._policy = policy
        self._rng = rng

    def choose(self, view: SeatView[Any]) -> Hashable:
        """Return the policy's choice."""
        if len(view.legal_actions) == 1:
            only: Hashable = view.legal_actions[0]
            return only
        return self._policy(view, self._rng)

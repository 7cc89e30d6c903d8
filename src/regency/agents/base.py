"""The agent protocol, agent specs and the factory.

A spec names an agent and its parameters: ``"random"``, ``"heuristic"``, or with
parameters ``"name:key=value,key=value"``; a bare value is the agent's first parameter
(``"ismcts:2000"``). Specs are what the command line, simulations and arenas pass around,
so an agent can be rebuilt in another process from its spec and a seed.

Agents from other layers or packages plug in through the entry-point group
``regency.agents``: each entry names a function returning ``(factory, params)``, loaded
the first time a spec names the agent (so the trained-policy agent of
``regency.envs.policy``, which needs numpy and torch, costs nothing until it is used,
and this module imports nothing above it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Protocol, runtime_checkable

from regency.core.errors import RegencyError, quote
from regency.core.registry import GameInfo, game_info
from regency.core.view import SeatView

__all__ = [
    "Agent",
    "AgentError",
    "AgentSpec",
    "HeuristicAgent",
    "MoveEstimate",
    "MoveEvaluator",
    "PlayerCountCheck",
    "RandomAgent",
    "TimeLimited",
    "agent_names",
    "agent_params",
    "check_number",
    "check_spec",
    "make_agent",
    "number_param",
    "parse_spec",
    "register_agent",
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

    :func:`make_agent` sets ``time_limit`` when it is given one; agents without the
    attribute decide quickly anyway and ignore the limit.
    """

    time_limit: float | None
    """Seconds from the start of ``choose`` (or ``evaluate``) after which the agent stops
    searching and decides with what it has, whatever its own budget says; ``None``: no
    limit."""


@runtime_checkable
class PlayerCountCheck(Protocol):
    """An agent that cannot play every player count of its game (:func:`check_spec`)."""

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
    """

    action: Hashable
    notation: str
    win: float | None
    visits: int


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


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """A parsed agent spec.

    Attributes:
        name: The agent's registered name (``"heuristic"``).
        params: Its parameters, as strings (``{"iters": "500"}``).
        text: The spec as written, used as the agent's label.
    """

    name: str
    params: dict[str, str] = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.name


Factory = Callable[[str, random.Random, dict[str, str]], Agent]
"""Builds an agent from (game name, its random source, its parameters)."""

_FACTORIES: dict[str, tuple[Factory, tuple[str, ...]]] = {}
_SLOW: set[str] = set()
_PLUGINS: dict[str, EntryPoint] = {}
"""Agents named by the ``regency.agents`` entry points, not loaded yet."""

PLUGIN_GROUP = "regency.agents"
"""The entry-point group through which other packages add agents."""


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


def register_agent(
    name: str, factory: Factory, params: tuple[str, ...] = (), slow: bool = False
) -> None:
    """Make an agent available by ``name``.

    Args:
        name: The spec name.
        factory: Builds the agent from (game, rng, parameters).
        params: The parameters it takes, the first one also positional.
        slow: Whether it thinks for a noticeable time per move (searching agents).
    """
    _FACTORIES[name] = (factory, params)
    if slow:
        _SLOW.add(name)


def is_slow(spec: str | AgentSpec) -> bool:
    """Whether the agent ``spec`` names takes a noticeable time per move."""
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    return parsed.name in _SLOW


def agent_params(name: str) -> tuple[str, ...]:
    """The parameters the agent called ``name`` takes (the first one also positional).

    Raises:
        AgentError: if no agent has that name.
    """
    return _FACTORIES[parse_spec(name).name][1]


def agent_names() -> list[str]:
    """The names of every registered agent."""
    _load_builtin()
    return sorted({*_FACTORIES, *_PLUGINS})


def parse_spec(text: str) -> AgentSpec:
    """Parse ``"name"`` or ``"name:key=value,..."`` (a bare value is the first parameter).

    Raises:
        AgentError: if the agent is unknown, a parameter is unknown or given twice.
    """
    _load_builtin()
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    _load_plugin(name)
    if name not in _FACTORIES:
        raise AgentError(f"unknown agent {quote(name)}; agents: {', '.join(agent_names())}")
    _, accepted = _FACTORIES[name]
    params: dict[str, str] = {}
    for i, part in enumerate(p.strip() for p in rest.split(",") if p.strip()):
        key, eq, value = part.partition("=")
        if not eq:
            if i > 0 or not accepted:
                raise AgentError(
                    f"agent {quote(name)}: write parameters as key=value, not {quote(part)}"
                )
            key, value = accepted[0], part
        key = key.strip().lower()
        if key not in accepted:
            takes = ", ".join(accepted) if accepted else "no parameters"
            raise AgentError(
                f"agent {quote(name)} has no parameter {quote(key)} (it takes {takes})"
            )
        if key in params:
            raise AgentError(f"agent {quote(name)}: parameter {quote(key)} given twice")
        params[key] = value.strip()
    return AgentSpec(name, params, text.strip())


def make_agent(
    spec: str | AgentSpec, game: str, seed: int, *, time_limit: float | None = None
) -> Agent:
    """Build the agent ``spec`` describes, to play ``game``, seeded with ``seed``.

    Args:
        spec: The agent spec (``"ismcts:iters=500"``), as text or parsed.
        game: The registered game it plays.
        seed: Its random source's seed: the same seed and position give the same move.
        time_limit: A hard limit, in seconds, on each decision of a searching agent
            (:class:`TimeLimited`): it stops searching that long after ``choose`` (or
            ``evaluate``) started, whatever its own ``iters``, ``most`` or ``time``
            say, and decides by what it has judged so far (a search always completes
            at least one iteration, so it can always answer). A decision that ends
            within its own budget is the same with or without the limit; one cut short
            depends on the machine's speed. Fast agents ignore it.

    Raises:
        AgentError: if the spec is bad, the agent cannot play that game, or
            ``time_limit`` is not a positive number of seconds.
    """
    if time_limit is not None and not (math.isfinite(time_limit) and time_limit > 0):
        raise AgentError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    _load_builtin()
    _load_plugin(parsed.name)
    factory, _ = _FACTORIES[parsed.name]
    agent = factory(game, random.Random(seed), dict(parsed.params))
    agent.name = str(parsed)
    if time_limit is not None and isinstance(agent, TimeLimited):
        agent.time_limit = time_limit
    return agent


CAPPED_TIME = ("time",)
"""The spec parameters :func:`check_spec` holds to ``max_seconds``."""
CAPPED_ITERATIONS = ("iters", "most")
"""The spec parameters :func:`check_spec` holds to ``max_iterations``."""


def check_spec(
    spec: str,
    game: str,
    players: int,
    *,
    max_seconds: float | None = None,
    max_iterations: int | None = None,
) -> AgentSpec:
    """Check that ``spec`` names an agent that can play ``game`` at ``players`` seats.

    For specs from outside (a table's computer seats): the agent is built for the game
    (with a fixed seed), so every parameter is checked for its type and range and the
    agent for whether it can play the game at all (``rollout`` needs a heuristic ranking,
    ``ismcts:top`` too) and at that player count. With caps, a ``time`` parameter above
    ``max_seconds`` and an ``iters`` or ``most`` parameter above ``max_iterations`` are
    refused (an agent's own defaults are not: they are about a second a move).

    Args:
        spec: The agent spec, as written (``"ismcts:iters=500"``).
        game: The registered game the agent would play.
        players: The number of seats of that game.
        max_seconds: The longest ``time`` per move allowed, if any.
        max_iterations: The largest ``iters`` and ``most`` allowed, if any.

    Returns:
        The parsed spec.

    Raises:
        AgentError: with a one-line message, in the agent's words
            (``"ismcts: iters must be at least 1"``), if anything is wrong.
    """
    try:
        parsed = parse_spec(spec)
        info = _game_for(parsed.name, game)
        if players not in info.players:
            *rest, last = (str(n) for n in info.players)
            counts = f"{', '.join(rest)} or {last}" if rest else last
            raise AgentError(
                f"{parsed.name}: {info.name} is played by {counts} players, not {quote(players)}"
            )
        agent = make_agent(parsed, info.name, 0)
        if isinstance(agent, PlayerCountCheck):
            agent.check_players(players)
        for key in CAPPED_TIME:
            _check_cap(parsed, key, max_seconds, " s")
        for key in CAPPED_ITERATIONS:
            _check_cap(parsed, key, max_iterations, "")
    except AgentError as exc:
        raise AgentError(_one_line(str(exc))) from None
    except Exception as exc:  # an agent (a plugin, say) refusing with another error
        name = str(spec).strip().partition(":")[0].strip().lower() or "agent"
        raise AgentError(_one_line(f"{name}: cannot play {game}: {exc}")) from exc
    return parsed


def _game_for(agent: str, game: str) -> GameInfo:
    """The registered game ``game``, or an :class:`AgentError` in the agent's words."""
    try:
        return game_info(game)
    except RegencyError:
        raise AgentError(f"{agent}: there is no game {quote(game)}") from None


def _check_cap(spec: AgentSpec, key: str, cap: float | None, unit: str) -> None:
    """Refuse the parameter ``key`` of ``spec`` if it is above ``cap``."""
    if cap is None or key not in spec.params:
        return
    try:
        value = float(spec.params[key])
    except ValueError:  # the agent took it, but it is no number: no cap to compare
        return
    if value > cap:
        limit = str(int(cap)) if float(cap).is_integer() else f"{cap:g}"
        raise AgentError(f"{spec.name}: {key} must be at most {limit}{unit} on this server")


def _one_line(message: str) -> str:
    """``message`` on one line (an error from deeper down may span several)."""
    return " ".join(message.split())


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


_loaded = False


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from regency.agents.ismcts import ISMCTSAgent

    register_agent("random", lambda game, rng, params: RandomAgent(rng))
    register_agent("heuristic", lambda game, rng, params: HeuristicAgent(game, rng))
    register_agent(
        "ismcts",
        ISMCTSAgent.from_params,
        ("iters", "time", "c", "rollout", "reward", "depth", "prior", "widen", "top", "eval"),
        slow=True,
    )
    from regency.agents.rollout import RolloutAgent

    register_agent(
        "rollout",
        RolloutAgent.from_params,
        ("iters", "most", "top", "depth", "bias", "z"),
        slow=True,
    )
    for entry in entry_points(group=PLUGIN_GROUP):
        if entry.name not in _FACTORIES:
            _PLUGINS[entry.name] = entry


def _load_plugin(name: str) -> None:
    """Load the entry point of the agent ``name`` if it is a plugin not loaded yet.

    Raises:
        AgentError: if the plugin cannot be imported (an optional extra is missing).
    """
    entry = _PLUGINS.get(name)
    if entry is None:
        return
    try:
        factory, params = entry.load()()
    except ImportError as exc:
        raise AgentError(
            f"agent {quote(name)} needs packages that are not installed "
            f"({exc.name or exc}): see the README for the extra it comes with"
        ) from None
    del _PLUGINS[name]
    register_agent(name, factory, params)

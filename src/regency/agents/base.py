"""The agent protocol, agent specs and the factory.

A spec names an agent and its parameters: ``"random"``, ``"heuristic"``, or with
parameters ``"name:key=value,key=value"``; a bare value is the agent's first parameter
(``"ismcts:2000"``). Specs are what the command line, simulations and arenas pass around,
so an agent can be rebuilt in another process from its spec and a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from regency.core.errors import RegencyError, quote
from regency.core.registry import game_info
from regency.core.view import SeatView

__all__ = [
    "Agent",
    "AgentError",
    "AgentSpec",
    "HeuristicAgent",
    "RandomAgent",
    "agent_names",
    "make_agent",
    "parse_spec",
    "register_agent",
]


class AgentError(RegencyError, ValueError):
    """An agent spec that names no agent or gives it parameters it does not take."""


@runtime_checkable
class Agent(Protocol):
    """Anything that picks one of a seat's legal actions from the seat's view."""

    name: str

    def choose(self, view: SeatView[Any]) -> Hashable:
        """Return one of ``view.legal_actions``."""
        ...


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


def agent_names() -> list[str]:
    """The names of every registered agent."""
    _load_builtin()
    return sorted(_FACTORIES)


def parse_spec(text: str) -> AgentSpec:
    """Parse ``"name"`` or ``"name:key=value,..."`` (a bare value is the first parameter).

    Raises:
        AgentError: if the agent is unknown, a parameter is unknown or given twice.
    """
    _load_builtin()
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
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


def make_agent(spec: str | AgentSpec, game: str, seed: int) -> Agent:
    """Build the agent ``spec`` describes, to play ``game``, seeded with ``seed``.

    Raises:
        AgentError: if the spec is bad or the agent cannot play that game.
    """
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    factory, _ = _FACTORIES[parsed.name]
    agent = factory(game, random.Random(seed), dict(parsed.params))
    agent.name = str(parsed)
    return agent


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
            raise AgentError(f"{game} has no heuristic agent")
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
    register_agent("policy", _policy_agent, ("path", "sample"))
    from regency.agents.rollout import RolloutAgent

    register_agent(
        "rollout", RolloutAgent.from_params, ("iters", "top", "depth", "bias"), slow=True
    )


def _policy_agent(game: str, rng: random.Random, params: dict[str, str]) -> Agent:
    """Build a trained policy's agent (``regency.envs.policy``; needs the rl extra)."""
    try:
        from regency.envs.policy import PolicyAgent
    except ImportError:
        raise AgentError(
            "the policy agent needs the rl and train extras (see the README)"
        ) from None
    return PolicyAgent(game, rng, params)

"""Agent specs and the registry of agents: parse a spec, check it, build its agent.

A spec names an agent and its parameters: ``"random"``, ``"heuristic"``, or with
parameters ``"name:key=value,key=value"``; a bare value is the agent's first parameter
(``"ismcts:2000"``). Specs are what the command line, simulations and arenas pass around,
so an agent can be rebuilt in another process from its spec and a seed. A list of specs
on one line (``--agents``, ``--seats``) is split by :func:`split_specs`, the one reader
of such lists.

The built-in agents are registered the first time a spec is read. Agents from other
layers or packages plug in through the entry-point group ``regency.agents``: each entry
names a function returning ``(factory, params)``, loaded the first time a spec names the
agent (so the trained-policy agent of ``regency.envs.policy``, which needs numpy and
torch, costs nothing until it is used, and this module imports nothing above it).

The agents themselves (:mod:`~regency.agents.base`, :mod:`~regency.agents.ismcts`,
:mod:`~regency.agents.rollout`) know nothing of specs' registry: this module imports
them, never the reverse.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points

from regency.agents.base import (
    Agent,
    AgentError,
    HeuristicAgent,
    PlayerCountCheck,
    RandomAgent,
    TimeLimited,
)
from regency.core.errors import RegencyError, quote
from regency.core.registry import GameInfo, game_info
from regency.core.words import span

__all__ = [
    "CAPPED_ITERATIONS",
    "CAPPED_TIME",
    "PLUGIN_GROUP",
    "AgentSpec",
    "Factory",
    "agent_names",
    "agent_params",
    "check_spec",
    "is_slow",
    "make_agent",
    "parse_spec",
    "register_agent",
    "split_specs",
]


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


def split_specs(text: str) -> list[str]:
    """Split a list of agent specs written on one line into the specs, as written.

    Specs are separated by ``;`` when the text has one (``"rollout:value=net,most=96;
    heuristic"``): each piece is then one whole spec, commas and all. Otherwise by
    commas, and a piece that is a parameter, ``key=value`` with no ``:`` before its
    ``=``, belongs to the spec before it: ``"rollout:value=net,most=96,heuristic"`` is
    ``rollout:value=net,most=96`` and ``heuristic``.

    The comma form cannot be misread: a spec starts with its agent's name, which has no
    ``=``, and its parameters come after a ``:``; so a piece with an ``=`` and no ``:``
    before it cannot start a spec. A bare value (``ismcts:2000``) is only ever a spec's
    first parameter, right after its ``:``, in the same piece as the name. Entries that
    are no agents (``human`` in a seat list) split the same way.

    Raises:
        AgentError: for a parameter with no spec before it, or after a spec that has no
            ``:`` (``"ismcts,iters=500"``: ``ismcts:iters=500`` was meant).
    """
    if ";" in text:
        return [piece.strip() for piece in text.split(";") if piece.strip()]
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        key, eq, _ = piece.partition("=")
        if not (eq and ":" not in key):
            specs.append(piece)
        elif not specs:
            raise AgentError(f"{quote(piece)} is a parameter, with no agent before it")
        elif ":" not in specs[-1]:
            raise AgentError(
                f"{quote(piece)} is a parameter, but {quote(specs[-1])} before it has no "
                f"':' (write {quote(specs[-1] + ':' + piece)})"
            )
        else:
            specs[-1] += f",{piece}"
    return specs


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


CAPPED_TIME = ("time", "limit")
"""The spec parameters :func:`check_spec` holds to ``max_seconds``."""
CAPPED_ITERATIONS = ("iters", "most", "infer", "nodes", "leaf")
"""The spec parameters :func:`check_spec` holds to ``max_iterations`` (``pimc``'s solver
budgets, ``nodes`` and ``leaf``, are counted in positions, 100,000 about 0.6 s of a core)."""


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
    ``max_seconds`` and an ``iters``, ``most``, ``infer``, ``nodes`` or ``leaf`` parameter
    above ``max_iterations`` are refused (an agent's own defaults are not: they are about a
    second a move).

    Args:
        spec: The agent spec, as written (``"ismcts:iters=500"``).
        game: The registered game the agent would play.
        players: The number of seats of that game.
        max_seconds: The longest ``time`` per move allowed, if any.
        max_iterations: The largest ``iters``, ``most``, ``infer``, ``nodes`` and ``leaf``
            allowed, if any.

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
            raise AgentError(
                f"{parsed.name}: {info.name} is played by {span(info.players)} players, "
                f"not {quote(players)}"
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


_loaded = False
_loading = threading.RLock()
"""Held while the built-in agents register: a thread asking meanwhile waits for them
(two ``regency connect`` clients in one process once found no agent at all)."""
_registering = False


def _load_builtin() -> None:
    global _loaded, _registering
    if _loaded:
        return
    with _loading:
        if _loaded or _registering:  # done meanwhile, or this thread is doing it
            return
        _registering = True
        try:
            _register_builtin()
        finally:
            _registering = False
        _loaded = True


def _register_builtin() -> None:
    from regency.agents.ismcts import ISMCTSAgent

    register_agent("random", lambda game, rng, params: RandomAgent(rng))
    register_agent("heuristic", lambda game, rng, params: HeuristicAgent(game, rng))
    register_agent(
        "ismcts",
        ISMCTSAgent.from_params,
        (
            "iters",
            "time",
            "c",
            "rollout",
            "reward",
            "depth",
            "prior",
            "widen",
            "top",
            "eval",
            "infer",
            "solve",
        ),
        slow=True,
    )
    from regency.agents.pimc import PIMCAgent

    register_agent(
        "pimc", PIMCAgent.from_params, ("worlds", "nodes", "iters", "time", "leaf"), slow=True
    )
    from regency.agents.rollout import RolloutAgent

    register_agent(
        "rollout",
        RolloutAgent.from_params,
        ("iters", "most", "top", "depth", "bias", "z", "drop", "value", "limit"),
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
            f"({exc.name or exc}): see docs/opponents.md for the extra it comes with"
        ) from None
    del _PLUGINS[name]
    register_agent(name, factory, params)

"""Computer players, which decide from a seat's view alone.

Every agent decides from a :class:`~regency.core.view.SeatView`, so none can see more
than the seat it plays for.

Agents are named by a spec string, ``name`` or ``name:parameters`` (``"random"``,
``"heuristic"``); :func:`make_agent` builds one for a game and a seed (with a hard
``time_limit`` per move, if wanted), and :func:`check_spec` checks a spec from outside
(a table's computer seat) against a game, a player count and a server's caps.
"""

from regency.agents.base import Agent, AgentError
from regency.agents.registry import (
    AgentSpec,
    agent_names,
    check_spec,
    make_agent,
    parse_spec,
    split_specs,
)

__all__ = [
    "Agent",
    "AgentError",
    "AgentSpec",
    "agent_names",
    "check_spec",
    "make_agent",
    "parse_spec",
    "split_specs",
]

"""Computer players, which decide from a seat's view alone.

Every agent decides from a :class:`~regency.core.view.SeatView`, so none can see more
than the seat it plays for.

Agents are named by a spec string, ``name`` or ``name:parameters`` (``"random"``,
``"heuristic"``); :func:`make_agent` builds one for a game and a seed.
"""

from regency.agents.base import Agent, AgentSpec, agent_names, make_agent, parse_spec

__all__ = ["Agent", "AgentSpec", "agent_names", "make_agent", "parse_spec"]

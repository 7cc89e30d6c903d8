"""Playing many games between agents: seat rotation, backends (processes, Ray), statistics."""

from regency.sim.runner import GameOutcome, Matchup, lineup, play_match, run_games
from regency.sim.stats import AgentStats, summarize, wilson_interval

__all__ = [
    "AgentStats",
    "GameOutcome",
    "Matchup",
    "lineup",
    "play_match",
    "run_games",
    "summarize",
    "wilson_interval",
]

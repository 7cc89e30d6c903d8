"""The default computer opponent: the strongest agent we have, per game and player count.

One table, read by ``regency play`` and by table set-up (:mod:`regency.tables`, which the
server uses too), so the default follows the measurements in ``docs/measurements.md``
("Strength"): change it here when a stronger agent is measured.
"""

from __future__ import annotations

from regency.core.registry import game_info

__all__ = ["STRONGEST", "default_opponent"]

STRONGEST: dict[str, dict[int, str]] = {
    "claim": {2: "ismcts", 3: "ismcts", 4: "ismcts"},
    # 2 players: rollout wins 62% (Claim Kingdoms) and 70% (Kingdoms) of 200 games against
    # the heuristic (the ladder). Against two heuristics (fair share 33%) it wins 45.6% of
    # 102 games in Claim Kingdoms and 43% of 102 in Kingdoms; against three (fair share
    # 25%) 33.5% of 100 in Kingdoms and 34.0% of 100 in Claim Kingdoms. In 3-player
    # Kingdoms, up to 96 worlds for a decision still open after 32 (most=96) won 53.4% of
    # the same 102 deals, at 1.4 to 3.7 times the time a move (two rough measures).
    "claim-kingdoms": {2: "rollout", 3: "rollout", 4: "rollout"},
    "kingdoms": {2: "rollout", 3: "rollout:most=96", 4: "rollout"},
}
"""Game -> player count -> the spec of the strongest agent measured there."""


def default_opponent(game: str, players: int) -> str:
    """The spec of the default computer player for ``game`` at ``players`` seats.

    Games not in :data:`STRONGEST` get their heuristic, or the search if they have none.

    Raises:
        UnknownGameError: if no game has that name.
    """
    info = game_info(game)
    spec = STRONGEST.get(info.name, {}).get(players)
    if spec is not None:
        return spec
    return "heuristic" if info.heuristic is not None else "ismcts"

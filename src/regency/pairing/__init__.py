"""Finding people to play: the quick-pairing pools and who sits with whom (docs/server.md).

What is pure about pairing lives here, below the server: the documented list of pools
(:mod:`~regency.pairing.pools`: a game, a player count and a move clock each) and the
matching of a queue into tables by nearest rating, within a reach that widens with
waiting, filled by computer levels for those who asked (:mod:`~regency.pairing.matching`).
The server keeps the queues and the open tables in its database
(``regency.server.storage.pairing``), runs the rounds (``regency.server.live.lobby``) and
answers through its routes; nothing here imports the server.
"""

from regency.pairing.matching import (
    ComputerLevel,
    Member,
    Queue,
    Table,
    fits,
    match,
    match_queues,
    next_chance,
    reach_after,
)
from regency.pairing.pools import POOLS, Pool, PoolError, find_pool

__all__ = [
    "POOLS",
    "ComputerLevel",
    "Member",
    "Pool",
    "PoolError",
    "Queue",
    "Table",
    "find_pool",
    "fits",
    "match",
    "match_queues",
    "next_chance",
    "reach_after",
]

"""Tournaments: Swiss, round robin and arena events over any game of two to four players.

The pure part of tournaments (docs/tournaments.md), below the server: what an event is
made of and what a game is worth (:mod:`~regency.tournaments.model`), its set-up and
caps (:mod:`~regency.tournaments.setup`), the pairing of a round
(:mod:`~regency.tournaments.rounds`: the Dutch system through py4swiss at two players,
:mod:`~regency.tournaments.swiss`; tables of leaders without rematches at three or four,
:mod:`~regency.tournaments.groups`; Berger's tables, :mod:`~regency.tournaments.robin`),
an arena's tables (:mod:`~regency.tournaments.arena`), the standings and their
tie-breaks (:mod:`~regency.tournaments.standings`) and the results for a notice board
(:mod:`~regency.tournaments.export`). The server stores events and seats their tables
(``regency.server.live.tournaments``); nothing here imports the server, a database or a
clock.
"""

from regency.tournaments.arena import arena_tables, last_opponents
from regency.tournaments.export import results_csv, results_text
from regency.tournaments.model import (
    ARENA,
    FORMATS,
    ROUND_ROBIN,
    SWISS,
    Entrant,
    Event,
    Game,
    NoPairing,
    TournamentError,
    bye_points,
    place_points,
    table_ranks,
)
from regency.tournaments.rounds import Round, next_round, total_rounds
from regency.tournaments.setup import EventSpec, Limits
from regency.tournaments.standings import TIEBREAKS, Standing, standings

__all__ = [
    "ARENA",
    "FORMATS",
    "ROUND_ROBIN",
    "SWISS",
    "TIEBREAKS",
    "Entrant",
    "Event",
    "EventSpec",
    "Game",
    "Limits",
    "NoPairing",
    "Round",
    "Standing",
    "TournamentError",
    "arena_tables",
    "bye_points",
    "last_opponents",
    "next_round",
    "place_points",
    "results_csv",
    "results_text",
    "standings",
    "table_ranks",
    "total_rounds",
]

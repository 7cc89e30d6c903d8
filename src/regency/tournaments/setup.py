"""Setting up a tournament: what may be asked for, and the caps on it.

:meth:`EventSpec.create` checks a tournament's set-up against :class:`Limits` and
refuses anything outside them with a :class:`~regency.tournaments.model.TournamentError`
that says what was wrong, before anything is stored. The game, its player count and its
options are the engine's to judge (the server deals a table from them first).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from regency.tournaments.model import (
    ARENA,
    FORMATS,
    ROUND_ROBIN,
    SWISS,
    TournamentError,
)
from regency.tournaments.robin import MAX_ROUND_ROBIN, check_round_robin

__all__ = ["MAX_NAME", "EventSpec", "Limits"]

MAX_NAME: Final = 60
"""The longest name a tournament may have."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The caps on a tournament's set-up (docs/tournaments.md, "Limits").

    Attributes:
        max_rounds: The most rounds of a Swiss.
        max_entrants: The most entrants of any event.
        min_minutes: The shortest arena.
        max_minutes: The longest arena.
        max_start_days: How far ahead an event may be set to start.
    """

    max_rounds: int = 50
    max_entrants: int = 128
    min_minutes: float = 5.0
    max_minutes: float = 720.0
    max_start_days: float = 30.0


@dataclass(frozen=True, slots=True)
class EventSpec:
    """A tournament's set-up, checked: build one with :meth:`create`.

    Attributes:
        name: What it is called.
        game: The game.
        players: Players at each table.
        format: One of :data:`~regency.tournaments.model.FORMATS`.
        rounds: A Swiss's rounds (``None``: a round robin's follow from its entrants;
            an arena has none).
        minutes: An arena's length.
        starts_at: When it starts (seconds since 1970).
        max_entrants: The most entrants it takes.
        late_join: Whether people may enter once it has started.
    """

    name: str
    game: str
    players: int
    format: str
    rounds: int | None
    minutes: float | None
    starts_at: float
    max_entrants: int
    late_join: bool

    @classmethod
    def create(
        cls,
        *,
        name: str,
        game: str,
        players: int,
        format: str,
        rounds: int | None,
        minutes: float | None,
        starts_at: float,
        now: float,
        max_entrants: int | None = None,
        late_join: bool | None = None,
        limits: Limits | None = None,
    ) -> EventSpec:
        """Check a set-up and return it.

        Raises:
            TournamentError: the first thing wrong, in words.
        """
        limits = limits or Limits()
        name = " ".join(name.split())
        if not name or len(name) > MAX_NAME or not name.isprintable():
            raise TournamentError(f"a tournament's name is 1 to {MAX_NAME} printable characters")
        if format not in FORMATS:
            raise TournamentError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
        if not 2 <= players <= 4:
            raise TournamentError(f"a tournament's tables seat 2 to 4 players, not {players}")
        cap = limits.max_entrants
        if format == SWISS:
            if rounds is None or not 1 <= rounds <= limits.max_rounds:
                raise TournamentError(
                    f"a Swiss is played over 1 to {limits.max_rounds} rounds, not {rounds}"
                )
            if minutes is not None:
                raise TournamentError("a Swiss is played in rounds: give rounds, not minutes")
        elif format == ROUND_ROBIN:
            check_round_robin(players)
            if rounds is not None or minutes is not None:
                raise TournamentError(
                    "a round robin's rounds follow from its entrants (one fewer than them, "
                    "or as many when odd): give neither rounds nor minutes"
                )
            if late_join:
                raise TournamentError("a round robin takes no late entrants: its rounds are fixed")
            late_join = False
            cap = min(cap, MAX_ROUND_ROBIN)
        elif format == ARENA:
            if rounds is not None:
                raise TournamentError(
                    "an arena lasts a number of minutes: give minutes, not rounds"
                )
            if minutes is None or not (
                math.isfinite(minutes) and limits.min_minutes <= minutes <= limits.max_minutes
            ):
                raise TournamentError(
                    f"an arena lasts {limits.min_minutes:g} to {limits.max_minutes:g} minutes, "
                    f"not {minutes}"
                )
        if max_entrants is None:
            max_entrants = cap
        if not players <= max_entrants <= cap:
            raise TournamentError(
                f"a {format.replace('_', ' ')} of {players}-player tables takes {players} to "
                f"{cap} entrants at most; max_entrants {max_entrants} is outside that"
            )
        if not math.isfinite(starts_at) or starts_at < now - 60:
            raise TournamentError("the start time is in the past")
        if starts_at > now + limits.max_start_days * 86400:
            raise TournamentError(
                f"a tournament starts within {limits.max_start_days:g} days of being set up"
            )
        return cls(
            name=name,
            game=game,
            players=players,
            format=format,
            rounds=rounds,
            minutes=minutes,
            starts_at=starts_at,
            max_entrants=max_entrants,
            late_join=True if late_join is None else late_join,
        )

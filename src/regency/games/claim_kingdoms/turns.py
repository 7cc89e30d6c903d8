"""Claim Kingdoms' record of each turn, as the table remembers it.

A :class:`Turn` is appended when a card is placed (or a seat is skipped) and rebuilt as
the turn goes on: each power decision (:func:`with_power`) and the take
(:func:`with_take`). ``views.py`` shows turns to each seat; ``worlds.py`` reads them back.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Turn", "make_turn", "placed", "skipped", "with_power", "with_take"]


class Turn(NamedTuple):
    """One player's turn, as remembered.

    Attributes:
        seat: Whose turn it was.
        card: The faction placed; -1 if the seat was skipped (it had no card).
        at: The square it was placed on.
        power: The power decisions taken, in notation (``copy trolls``, ``score row``).
        points: Points the power scored.
        take: How the seat took its new card: ``take goblins``, ``draw``, ``look``, or
            ``""`` (nothing was left, or the game ended first).
        got: The faction drawn or kept; only the seat saw it (-1: none, or not known).
        looked: The factions a Seer looked at; only the seat saw them.
        refill: The factions turned up into the display after the take.
    """

    seat: int
    card: int
    at: int = 0
    power: tuple[str, ...] = ()
    points: int = 0
    take: str = ""
    got: int = -1
    looked: tuple[int, ...] = ()
    refill: tuple[int, ...] = ()


def make_turn(
    seat: int,
    card: int,
    at: int,
    power: tuple[str, ...],
    points: int,
    take: str,
    got: int,
    looked: tuple[int, ...],
    refill: tuple[int, ...],
) -> Turn:
    """``Turn(...)`` with every field given, built without namedtuple's ``__new__``.

    That ``__new__`` (and ``_replace``) is Python code, and a turn's record is rebuilt a
    few times a turn, in every game and every search playout: building the tuple
    directly is a C call.
    """
    return tuple.__new__(Turn, (seat, card, at, power, points, take, got, looked, refill))


def placed(seat: int, card: int, at: int) -> Turn:
    """A turn just begun: ``seat`` placed ``card`` on square ``at``."""
    return make_turn(seat, card, at, (), 0, "", -1, (), ())


def skipped(seat: int) -> Turn:
    """The turn of a seat skipped because it held no card."""
    return make_turn(seat, -1, 0, (), 0, "", -1, (), ())


def with_power(t: Turn, used: str, gained: int) -> Turn:
    """``t`` with one more power decision taken (``used``, in notation), scoring ``gained``."""
    return make_turn(
        t.seat, t.card, t.at, (*t.power, used), t.points + gained, t.take, t.got, t.looked, t.refill
    )


def with_take(
    t: Turn, take: str, got: int, looked: tuple[int, ...], refill: tuple[int, ...]
) -> Turn:
    """``t`` with its take: how the card was taken, what came, what was looked at, the refill."""
    return make_turn(t.seat, t.card, t.at, t.power, t.points, take, got, looked, refill)

"""Claim's record of finished tricks, as everyone at the table saw them.

A :class:`Trick` is appended when a trick ends; in phase one the cards handed out after
it are added to it one by one (:func:`with_take`); in phase two its cards are given out
at once (:func:`give_out_phase_two`). Observations, results and saves show tricks
through :func:`trick_to_dict`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from regency.games.claim import rules
from regency.games.claim.cards import (
    CARD_CODE,
    CARD_FACTION,
    CARD_VALUE,
    FACTION_MASK,
    Faction,
    ids,
)
from regency.games.claim.deck import HAND_SIZE

if TYPE_CHECKING:
    from regency.games.claim.state import ClaimState

__all__ = [
    "Trick",
    "give_out_phase_two",
    "make_trick",
    "opponents",
    "trick_to_dict",
    "with_take",
]

_DWARVES: Final = FACTION_MASK[Faction.DWARVES]
_GNOMES: Final = FACTION_MASK[Faction.GNOMES]
_TROLLS: Final = FACTION_MASK[Faction.TROLLS]
_GIANTS: Final = Faction.GIANTS

_GNOMES_OF_VALUE: Final = tuple(
    sum(1 << c for c in ids(_GNOMES) if CARD_VALUE[c] == v) for v in range(10)
)
"""Value -> the mask of Gnomes of that value (what a Giant of that value smashes)."""


class Trick(NamedTuple):
    """A finished trick, as everyone at the table saw it.

    Attributes:
        phase: 1 or 2.
        leader: The seat that led.
        plays: Card ids in play order.
        winner: The seat that won.
        next_leader: The seat leading the next trick (the last Dragon's, R-CLAIM-12).
        revealed: Phase one: the face-up cards played for.
        takes: Phase one: ``(seat, card)`` for each card taken, in placing order;
            card is -1 where only the taker (and perhaps a Seer) saw it.
        smashed: Phase two: Gnome ids smashed by Giants (R-CLAIM-11).
    """

    phase: int
    leader: int
    plays: tuple[int, ...]
    winner: int
    next_leader: int
    revealed: tuple[int, ...]
    takes: tuple[tuple[int, int], ...]
    smashed: tuple[int, ...]


def make_trick(
    phase: int,
    leader: int,
    plays: tuple[int, ...],
    winner: int,
    next_leader: int,
    revealed: tuple[int, ...],
    takes: tuple[tuple[int, int], ...],
    smashed: tuple[int, ...],
) -> Trick:
    """``Trick(...)``, built without namedtuple's ``__new__`` (or ``_replace``).

    Those are Python code, and a trick's record is built when it ends and again for
    every card handed out after it, in every game and search playout: building the
    tuple directly is a C call.
    """
    fields = (phase, leader, plays, winner, next_leader, revealed, takes, smashed)
    return tuple.__new__(Trick, fields)


def with_take(trick: Trick, taker: int, shown: int) -> Trick:
    """``trick`` with one more card handed out: ``taker`` took ``shown`` (-1: unseen)."""
    return make_trick(
        trick.phase,
        trick.leader,
        trick.plays,
        trick.winner,
        trick.next_leader,
        trick.revealed,
        (*trick.takes, (taker, shown)),
        trick.smashed,
    )


def trick_to_dict(trick: Trick) -> dict[str, Any]:
    """A finished trick as everyone saw it, JSON-ready."""
    entry: dict[str, Any] = {
        "phase": trick.phase,
        "leader": trick.leader,
        "plays": [CARD_CODE[c] for c in trick.plays],
        "winner": trick.winner,
        "next_leader": trick.next_leader,
    }
    if trick.phase == 1:
        entry["revealed"] = [CARD_CODE[c] for c in trick.revealed]
        entry["takes"] = [[seat, CARD_CODE[c] if c >= 0 else None] for seat, c in trick.takes]
    else:
        entry["smashed"] = [CARD_CODE[c] for c in trick.smashed]
    return entry


def opponents(seat: int, players: int) -> list[int]:
    """The seats playing against ``seat`` (partners sit opposite in 4 players)."""
    if players == 4:
        return [(seat + 1) % 4, (seat + 3) % 4]
    return [s for s in range(players) if s != seat]


def _smash_gnomes(state: ClaimState, plays: list[int], winner: int) -> tuple[int, ...]:
    """Each Giant played smashes a winner's opponent's face-up Gnome of its value.

    One Gnome per opponent per Giant (R-CLAIM-11); return the Gnomes smashed.
    """
    smashed: list[int] = []
    for card in plays:
        if CARD_FACTION[card] == _GIANTS:
            victims = _GNOMES_OF_VALUE[CARD_VALUE[card]]
            for other in opponents(winner, state.num_players):
                target = state._gnomes[other] & victims
                if target:
                    low = target & -target
                    state._gnomes[other] ^= low
                    state._smashed |= low
                    smashed.append(low.bit_length() - 1)
    return tuple(smashed)


def give_out_phase_two(state: ClaimState, plays: list[int], w: int, winner: int) -> tuple[int, ...]:
    """Give out the cards of a phase-two trick won by ``winner`` (the ``w``-th to play).

    Dwarves go to the lowest Dwarf's player (R-CLAIM-9); Trolls wait, the highest going
    to the winner (all of them after the last trick, R-CLAIM-13); Gnomes are laid face up
    before the winner (R-CLAIM-10); the rest join the winner's score pile.

    Returns:
        The Gnomes smashed by Giants (R-CLAIM-11).
    """
    n = state.num_players
    played = 0
    for card in plays:
        played |= 1 << card
    dwarves = played & _DWARVES
    if dwarves:
        taker = (state._leader + rules.dwarf_taker(plays, w)) % n
        state._scores[taker] |= dwarves
        played ^= dwarves
    trolls = played & _TROLLS
    if trolls or state._trolls:
        pool = trolls | state._trolls
        # The highest (ids rise with value); the last trick's winner takes them all.
        last_trick = state._trick == HAND_SIZE[n] - 1
        taken = pool if last_trick else 1 << (pool.bit_length() - 1)
        played = (played ^ trolls) | taken
        state._trolls = pool ^ taken
    smashed = _smash_gnomes(state, plays, winner)
    gnomes = played & _GNOMES
    state._gnomes[winner] |= gnomes
    state._scores[winner] |= played ^ gnomes
    return smashed

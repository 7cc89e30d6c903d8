"""Setting up a Claim position by hand: for teaching, puzzles and rule tests.

A position names where each card is; cards not named anywhere are taken to have been
discarded earlier. Sizes are checked against the rules (a hand holds one card fewer
once its owner has played to the trick; the draw pile holds exactly what the rest of
phase one will turn up and draw), so a position can always be played to the end.
A position has no record: it was set up, not dealt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from regency.core.errors import GameOptionError
from regency.games.claim.cards import CARD_FACTION, CardPool, Faction, cards_of
from regency.games.claim.deck import HAND_SIZE, parse_factions

if TYPE_CHECKING:
    from regency.games.claim.state import ClaimState

__all__ = ["build_position"]

S = TypeVar("S", bound="ClaimState")

Codes = Sequence[str]


def _table(n: int, phase: int, leader: int, hands: int, factions: Any) -> tuple[Faction, ...]:
    """Check the players, phase, leader and number of hands; return the factions."""
    if n not in HAND_SIZE:
        raise GameOptionError(f"Claim is for 2, 3 or 4 players, not {n!r}")
    if phase not in (1, 2):
        raise GameOptionError(f"phase must be 1 or 2, not {phase!r}")
    if not 0 <= leader < n:
        raise GameOptionError(f"leader must be a seat from 0 to {n - 1}")
    if hands != n:
        raise GameOptionError(f"give one hand per player ({n}), not {hands}")
    if factions is None:
        factions = "claim" if n == 2 else None
        if factions is None:
            raise GameOptionError("name the factions of a 3-4 player position")
    return parse_factions(factions, n, random.Random(0))


def _trick_number(n: int, leader: int, hand_masks: list[int], play_ids: list[int]) -> int:
    """The trick being played (from 0), read off the hands' sizes, which must agree."""
    size = HAND_SIZE[n]
    if len(play_ids) >= n:
        raise GameOptionError(f"at most {n - 1} cards can be on the table mid-trick")
    trick = size - hand_masks[leader].bit_count() - (1 if play_ids else 0)
    if not 0 <= trick < size:
        raise GameOptionError(f"the leader's hand must hold 1 to {size} cards")
    for seat in range(n):
        played_already = (seat - leader) % n < len(play_ids)
        expected = size - trick - (1 if played_already else 0)
        if hand_masks[seat].bit_count() != expected:
            raise GameOptionError(
                f"seat {seat} should hold {expected} cards at trick {trick + 1}, "
                f"not {hand_masks[seat].bit_count()}"
            )
    return trick


def _check_phase(
    n: int,
    phase: int,
    trick: int,
    face_ids: list[int],
    pile_ids: list[int],
    follower_masks: list[int],
) -> None:
    """Phase one: the face-up cards and the draw pile must fit the trick; phase two has none."""
    if phase == 1:
        shown = 1 if n == 2 else 2
        if len(face_ids) != shown:
            raise GameOptionError(f"phase one shows {shown} face-up card(s) each trick")
        draws_per_trick = n - shown
        expected_pile = draws_per_trick + (HAND_SIZE[n] - trick - 1) * n
        if len(pile_ids) != expected_pile:
            raise GameOptionError(
                f"the draw pile must hold {expected_pile} cards at trick {trick + 1} "
                f"(the rest of phase one), not {len(pile_ids)}"
            )
    elif face_ids or pile_ids or any(follower_masks):
        raise GameOptionError("phase two has no face-up cards, draw pile or follower decks")


def build_position(
    cls: type[S],
    *,
    hands: Sequence[Codes],
    players: int = 2,
    factions: Any = None,
    phase: int = 1,
    leader: int = 0,
    played: Codes = (),
    face_up: Codes = (),
    pile: Codes = (),
    followers: Sequence[Codes] | None = None,
    score_piles: Sequence[Codes] | None = None,
    gnomes: Sequence[Codes] | None = None,
    trolls_waiting: Codes = (),
) -> S:
    """Build a position (see :meth:`ClaimState.from_position`).

    Raises:
        GameOptionError: if a card is unknown or used twice, or sizes break the rules.
    """
    n = players
    chosen = _table(n, phase, leader, len(hands), factions)
    pool = CardPool(cards_of(chosen))

    def masks(groups: Sequence[Codes] | None, what: str) -> list[int]:
        if groups is None:
            return [0] * n
        if len(groups) != n:
            raise GameOptionError(f"give {what} for each of the {n} players")
        return [pool.mask(list(g)) for g in groups]

    try:
        hand_masks = masks(hands, "a hand")
        play_ids = pool.cards(list(played))
        face_ids = pool.cards(list(face_up))
        pile_ids = pool.cards(list(pile))
        follower_masks = masks(followers, "a follower deck")
        score_masks = masks(score_piles, "a score pile")
        gnome_masks = masks(gnomes, "face-up Gnomes")
        troll_mask = pool.mask(list(trolls_waiting))
    except ValueError as exc:
        raise GameOptionError(str(exc)) from None

    trick = _trick_number(n, leader, hand_masks, play_ids)
    _check_phase(n, phase, trick, face_ids, pile_ids, follower_masks)

    state = cls.__new__(cls)
    state._empty(n, 0, {"factions": [f.option_name for f in chosen]}, chosen, leader)
    state._unrecorded = True
    state._hands = hand_masks
    state._followers = follower_masks
    state._scores = score_masks
    state._gnomes = gnome_masks
    state._trolls = troll_mask
    state._pile = pile_ids[::-1]
    state._face_up = face_ids
    state._phase = phase
    state._trick = trick
    state._leader = leader
    state._plays = play_ids
    state._lead = CARD_FACTION[play_ids[0]] if play_ids else 0
    for i, card in enumerate(play_ids[1:], start=1):
        if CARD_FACTION[card] not in (state._lead, Faction.DOPPELGANGERS):
            state._voids[(leader + i) % n] |= 1 << state._lead  # did not follow (R-CLAIM-5)
    state._turn = (leader + len(play_ids)) % n
    state._discards = 0
    rest = pool.rest()
    for card in rest:
        state._discards |= 1 << card
    return state

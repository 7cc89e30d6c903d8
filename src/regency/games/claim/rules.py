"""Claim's rules as small pure functions over card ids and bitmasks.

Each function is one rule a player would name; ``state.py`` strings them together. A
trick is the tuple of card ids in play order (``plays[0]`` is the lead); the seat of
``plays[i]`` is ``(leader + i) % players``. Rulings are cited as in ``RULINGS.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from regency.games.claim.cards import (
    CARD_FACTION,
    CARD_VALUE,
    FACTION_MASK,
    Faction,
    ids,
)

__all__ = [
    "Vote",
    "counts_as_lead",
    "deciding_factions",
    "dwarf_taker",
    "faction_vote",
    "final_ranking",
    "follow_mask",
    "last_dragon",
    "placing_order",
    "trick_winner",
]

_GOBLINS: Final = Faction.GOBLINS
_KNIGHTS: Final = Faction.KNIGHTS
_DOPPEL: Final = Faction.DOPPELGANGERS
_DRAGONS: Final = Faction.DRAGONS
_DOPPEL_MASK: Final = FACTION_MASK[_DOPPEL]


def follow_mask(hand: int, lead: int) -> int:
    """Return the cards of ``hand`` that may be played to a trick led in ``lead`` (R-CLAIM-5).

    A player must follow the lead faction if they can; a Doppelganger may always be
    played instead. When Doppelgangers are led, only a Doppelganger follows.
    """
    same = hand & FACTION_MASK[lead]
    if not same:
        return hand
    if lead == _DOPPEL:
        return same
    return same | (hand & _DOPPEL_MASK)


def counts_as_lead(card: int, lead: int) -> bool:
    """Whether ``card`` counts as the lead faction: it is one, or a Doppelganger (R-CLAIM-5)."""
    faction = CARD_FACTION[card]
    return faction in (lead, _DOPPEL)


def trick_winner(plays: Sequence[int]) -> int:
    """Return the index in ``plays`` of the card that wins the trick (R-CLAIM-5, R-CLAIM-6).

    The highest card of the lead faction wins, a Doppelganger counting as that faction
    with its own value; equal values go to the card played first. When Goblins are led,
    a Knight played to the trick wins it instead: the highest Knight, ties to the first.
    """
    lead = CARD_FACTION[plays[0]]
    if lead == _GOBLINS:
        best_knight = -1
        winner = -1
        for i, card in enumerate(plays):
            if CARD_FACTION[card] == _KNIGHTS and CARD_VALUE[card] > best_knight:
                best_knight = CARD_VALUE[card]
                winner = i
        if winner >= 0:
            return winner
    winner = 0
    best = CARD_VALUE[plays[0]]
    for i in range(1, len(plays)):
        card = plays[i]
        faction = CARD_FACTION[card]
        if (faction == lead or faction == _DOPPEL) and CARD_VALUE[card] > best:  # noqa: SIM109
            best = CARD_VALUE[card]
            winner = i
    return winner


def placing_order(plays: Sequence[int], winner: int) -> tuple[int, ...]:
    """Return the play indices in the order they pick up cards in phase one (R-CLAIM-7).

    The winner first; then the others who played the lead faction (Doppelgangers
    counting), highest to lowest; then the rest, highest to lowest whatever the faction.
    Ties go to the card played earlier.
    """
    lead = CARD_FACTION[plays[0]]
    followed: list[int] = []
    others: list[int] = []
    for i, card in enumerate(plays):
        if i == winner:
            continue
        (followed if counts_as_lead(card, lead) else others).append(i)
    # sorted() is stable, so equal values keep play order: ties go to the earlier card.
    followed.sort(key=lambda i: -CARD_VALUE[plays[i]])
    others.sort(key=lambda i: -CARD_VALUE[plays[i]])
    return (winner, *followed, *others)


def dwarf_taker(plays: Sequence[int], winner: int) -> int:
    """Return the play index of who takes the trick's Dwarves in phase two (R-CLAIM-9).

    With two players, the loser. With more, whoever played the lowest card of any
    faction, ties to the one who played last.
    """
    if len(plays) == 2:
        return 1 - winner
    lowest = 0
    for i in range(1, len(plays)):
        if CARD_VALUE[plays[i]] <= CARD_VALUE[plays[lowest]]:
            lowest = i
    return lowest


def last_dragon(plays: Sequence[int]) -> int:
    """Return the play index of the last Dragon in the trick, or -1 (R-CLAIM-12).

    A Doppelganger following a Dragon is not a Dragon (R-CLAIM-5).
    """
    for i in range(len(plays) - 1, -1, -1):
        if CARD_FACTION[plays[i]] == _DRAGONS:
            return i
    return -1


@dataclass(frozen=True, slots=True)
class Vote:
    """How one faction voted at the end (R-CLAIM-15).

    Attributes:
        faction: The faction voting.
        side: The side (player, or team in 4 players) it votes for, or ``None``.
        counts: Cards of the faction in each side's score pile.
        highest: Each side's highest card value of the faction (-1: none).
        values: Each side's total value of its cards of the faction.
        reason: ``"most cards"``, ``"highest card"``, ``"tie"`` or ``"nobody holds it"``.
    """

    faction: Faction
    side: int | None
    counts: tuple[int, ...]
    highest: tuple[int, ...]
    values: tuple[int, ...]
    reason: str


def faction_vote(faction: Faction, piles: Sequence[int]) -> Vote:
    """Return how ``faction`` votes given each side's score pile (R-CLAIM-15).

    The side with the most cards of it; among tied sides the one holding the highest
    card of it; if that ties too, or nobody holds any, it votes for nobody.
    """
    mask = FACTION_MASK[faction]
    held = [pile & mask for pile in piles]
    counts = tuple(h.bit_count() for h in held)
    # Ids rise with value within a faction, so the highest card is the highest bit.
    highest = tuple(CARD_VALUE[h.bit_length() - 1] if h else -1 for h in held)
    values = tuple(sum(CARD_VALUE[c] for c in ids(h)) for h in held)

    def vote(side: int | None, reason: str) -> Vote:
        return Vote(faction, side, counts, highest, values, reason)

    most = max(counts)
    if most == 0:
        return vote(None, "nobody holds it")
    tied = [s for s, n in enumerate(counts) if n == most]
    if len(tied) == 1:
        return vote(tied[0], "most cards")
    top = max(highest[s] for s in tied)
    holders = [s for s in tied if highest[s] == top]
    if len(holders) == 1:
        return vote(holders[0], "highest card")
    return vote(None, "tie")


def final_ranking(votes: Sequence[Vote], players: int) -> tuple[list[int], str]:
    """Return the winning sides and the rule that decided it (R-CLAIM-16).

    In 2 players three factions win outright. Otherwise, and always in 3-4 players:
    most factions; then most cards in the factions that voted for the side; then the
    highest total value of those cards; then a shared win.
    """
    sides = len(votes[0].counts)
    won = [0] * sides
    cards = [0] * sides
    total = [0] * sides
    for v in votes:
        if v.side is not None:
            won[v.side] += 1
            cards[v.side] += v.counts[v.side]
            total[v.side] += v.values[v.side]
    if players == 2:
        for s in range(sides):
            if won[s] >= 3:
                return [s], "three factions"
    contenders = list(range(sides))
    for measure, reason in (
        (won, "most factions"),
        (cards, "most cards in the factions won"),
        (total, "highest value of those cards"),
    ):
        best = max(measure[s] for s in contenders)
        contenders = [s for s in contenders if measure[s] == best]
        if len(contenders) == 1:
            return contenders, reason
    return contenders, "shared win"


def deciding_factions(votes: Sequence[Vote], players: int) -> list[Faction]:
    """The factions whose vote decided the game.

    A faction decided it when, had it voted for nobody, the winners would have differed.
    """
    winners, _ = final_ranking(votes, players)
    decisive = []
    for i, v in enumerate(votes):
        if v.side is None:
            continue
        without = [*votes[:i], replace(v, side=None), *votes[i + 1 :]]
        if final_ranking(without, players)[0] != winners:
            decisive.append(v.faction)
    return decisive

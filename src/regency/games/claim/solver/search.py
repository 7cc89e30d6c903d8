"""The solver's search: alpha-beta over a :class:`~.board.Board`, any number of players.

One card a node; a trick's cards are given out when its last card is played, and the
search goes on from the next trick. At each trick's start the transposition table is
read and written (entries keep lower and upper bounds and the best lead, so the
null-window searches that decide a move's value share them) and the bounds of
:meth:`Board.bounds` may settle the position without playing on. Two players without
tie-breaks take the faster path of :mod:`.duel`; this one serves everything else
(three players, partnerships, and positions where a tie-break can still count).
"""

from __future__ import annotations

from typing import Final

from regency.games.claim.solver.board import (
    DOPPEL,
    DWARVES,
    GIANTS,
    GNOMES,
    WIN,
    Board,
)

__all__ = ["BEST", "HIGH", "LOW", "OutOfNodes", "Search"]

LOW: Final = 0
"""An entry's lower bound on the value (a table entry is ``[low, high, best]``)."""
HIGH: Final = 1
BEST: Final = 2
"""An entry's best lead found (a local id, -1: none)."""


class OutOfNodes(Exception):
    """The search reached its node budget (:attr:`Search.limit`) before an answer."""


class Search(Board):
    """Alpha-beta with a transposition table over the board (see the module docstring).

    Args:
        max_entries: The most positions the table keeps; past that it starts again
            empty (a cap on memory: a few hundred bytes an entry).
    """

    def __init__(self, max_entries: int) -> None:
        super().__init__()
        self.max_entries = max_entries
        self.table: dict[int, list[int]] = {}
        self.nodes = 0
        """Positions searched since the question began."""
        self.limit = 0
        """The most positions a question may search (0: no limit); past it the search
        stops with :class:`OutOfNodes`. The table stays valid (an entry is written only
        once its position is searched); the board does not, until the next ``load``."""

    def count(self) -> None:
        """Count a node, stopping the search once it is over budget."""
        self.nodes += 1
        if self.limit and self.nodes > self.limit:
            raise OutOfNodes

    def store(self, key: int, entry: list[int]) -> None:
        """Keep ``entry`` for ``key``, emptying a full table first."""
        table = self.table
        if len(table) >= self.max_entries and key not in table:
            table.clear()
        table[key] = entry

    def key(self) -> int:
        """The position at a trick's start, as one number: where every card is, who leads."""
        width = self.width
        key = self.leader
        for group in (self.hands, self.gnomes, self.piles):
            for mask in group:
                key = key << width | mask
        return key << width | self.trolls

    def moves(self, seat: int, groups: list[list[int]] | None = None) -> list[int]:
        """The cards ``seat`` may play now, one per set of equivalent cards, in the order to try.

        Copies of a code are one card. When no tie-break can count (:attr:`votes_only`),
        so are two cards of one faction in one hand with no other card that could come
        between them in a trick (of that faction or a Doppelganger, or of any faction
        for Doppelgangers) in another hand, on the table or waiting (Trolls): they win
        and lose the same tricks, and swapping them between two score piles changes no
        count. Not the faction's highest card (it breaks ties on the count), nor Gnomes
        and Giants (a Giant smashes by value), nor any card while a Dwarf is in play
        with more than two players (the lowest card takes the Dwarves).

        A leader tries its highest cards first; a follower its cheapest winning card,
        then its cheapest loser.

        Args:
            seat: The seat to play.
            groups: If given, filled with each move's equivalent cards, the move first.
        """
        hands = self.hands
        hand = hands[seat]
        plays = self.plays
        fac = self.fac
        val = self.val
        fmask = self.fmask
        if plays:
            lead = fac[plays[0]]
            same = hand & fmask[lead]
            if same:
                hand = same if lead == DOPPEL else same | (hand & fmask[DOPPEL])
        merge = self.votes_only
        others = self.trolls
        for s in range(self.players):
            if s != seat:
                others |= hands[s]
        for card in plays:
            others |= 1 << card
        if self.players > 2 and (others | hand) & fmask[DWARVES]:
            merge = False
        cards = self.merged(hand, others, merge, groups)
        if not plays:
            cards.sort(key=lambda c: -val[c])
            return cards
        winners: list[int] = []
        losers: list[int] = []
        for card in cards:
            plays.append(card)
            if self.trick_winner(plays) == len(plays) - 1:
                winners.append(card)
            else:
                losers.append(card)
            plays.pop()
        winners.sort(key=lambda c: val[c])
        losers.sort(key=lambda c: val[c])
        return winners + losers

    def merged(
        self, hand: int, others: int, merge: bool, groups: list[list[int]] | None = None
    ) -> list[int]:
        """One card of ``hand`` per set of equivalent ones (:meth:`moves`), lowest id first.

        Args:
            hand: The cards that may be played.
            others: The cards that could come between two of them in a trick.
            merge: Whether cards other than copies may be merged.
            groups: If given, filled with each card's set, the card kept first.
        """
        fac = self.fac
        val = self.val
        kind = self.kind
        fmask = self.fmask
        between = self.between
        top = self.top
        cards: list[int] = []
        first = -1
        while hand:
            low = hand & -hand
            card = low.bit_length() - 1
            hand ^= low
            f = fac[card]
            if first >= 0 and fac[first] == f:
                same = kind[card] == kind[first]
                if not same and merge and f != GNOMES and f != GIANTS and low != top[f]:
                    rivals = others if f == DOPPEL else others & (fmask[f] | fmask[DOPPEL])
                    same = not rivals & between[10 * val[first] + val[card]]
                if same:
                    if groups is not None:
                        groups[-1].append(card)
                    continue
            first = card
            cards.append(card)
            if groups is not None:
                groups.append([card])
        return cards

    def search(self, alpha: int, beta: int) -> int:
        """The position's value for the maximising side (fail-soft alpha-beta).

        Raises:
            OutOfNodes: past the node budget.
        """
        plays = self.plays
        n = self.players
        entry: list[int] | None = None
        key = 0
        if not plays:
            self.count()
            if not self.hands[self.leader]:
                return self.outcome_of(self.final_piles())
            key = self.key()
            entry = self.table.get(key)
            if entry is None:
                low, high = self.bounds()
                entry = [low, high, -1]
                if low == high:
                    self.store(key, entry)
                    return low
            low, high = entry[LOW], entry[HIGH]
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha = max(alpha, low)
            beta = min(beta, high)
        start_alpha, start_beta = alpha, beta
        seat = (self.leader + len(plays)) % n
        maximising = self.side[seat] == self.me
        moves = self.moves(seat)
        if entry is not None and entry[BEST] in moves:
            moves.remove(entry[BEST])
            moves.insert(0, entry[BEST])
        best = -1 if maximising else WIN + 1
        best_card = -1
        hands = self.hands
        for card in moves:
            bit = 1 << card
            hands[seat] ^= bit
            plays.append(card)
            value = self.finish(alpha, beta) if len(plays) == n else self.search(alpha, beta)
            plays.pop()
            hands[seat] ^= bit
            if maximising:
                if value > best:
                    best, best_card = value, card
                    alpha = max(alpha, value)
            elif value < best:
                best, best_card = value, card
                beta = min(beta, value)
            if alpha >= beta:
                break
        if entry is not None:
            if best <= start_alpha:
                entry[HIGH] = best
            elif best >= start_beta:
                entry[LOW] = best
            else:
                entry[LOW] = entry[HIGH] = best
            entry[BEST] = best_card
            self.store(key, entry)
        return best

    def finish(self, alpha: int, beta: int) -> int:
        """Give out the full trick on the table, search on, and take it back."""
        plays = self.plays
        w = self.trick_winner(plays)
        saved_piles = self.piles.copy()
        saved_gnomes = self.gnomes.copy()
        saved_trolls = self.trolls
        saved_leader = self.leader
        self.give_out(plays, w, not any(self.hands))
        self.leader = self.next_leader(plays, w)
        self.plays = []
        value = self.search(alpha, beta)
        self.plays = plays
        self.leader = saved_leader
        self.piles = saved_piles
        self.gnomes = saved_gnomes
        self.trolls = saved_trolls
        return value

"""The solver's fast path: two players, when no tie-break can count.

Most 2-player positions are such (:attr:`Board.votes_only`: each faction's highest card
in play is unique, so every faction votes for a side and one side has three votes), and
then a score pile matters only by how many cards of each faction it holds beyond the
other's and whether it holds the faction's highest card. The position is passed from
call to call as a handful of integers (two hands, two piles, two rows of face-up Gnomes,
the waiting Trolls, the leader) instead of being changed and restored on the board, a
trick is one loop over the leader's cards and one over the follower's, and the bounds
and the table's key are read in one pass over the factions (:meth:`Duel.duel_settle`).
It gives the values :mod:`.search` gives (the tests compare them); it is about five
times as fast.
"""

from __future__ import annotations

from regency.games.claim.solver.board import (
    DOPPEL,
    DRAGONS,
    DWARVES,
    GIANTS,
    GNOMES,
    GOBLINS,
    KNIGHTS,
    TROLLS,
    WIN,
)
from regency.games.claim.solver.search import BEST, HIGH, LOW, Search

__all__ = ["Duel"]


class Duel(Search):
    """The two-player search without tie-breaks (see the module docstring).

    Values are side 0's (seat 0's) share of the win in sixths: :data:`WIN` or 0.
    """

    def duel_settle(
        self, h0: int, h1: int, p0: int, p1: int, g0: int, g1: int, trolls: int, leader: int
    ) -> tuple[int, int, int]:
        """Bounds on side 0's value at a trick's start, and the score piles' part of its key.

        Two players and no tie-break (:attr:`Board.votes_only`): each faction votes for the side
        with more of its cards, a tie for the side holding its highest card, and the side
        with most votes wins. The bounds are :meth:`Board.bounds`' (every card left going one
        way), read per faction, after the leader has cashed its sure tricks
        (:meth:`sure_tricks`): whatever else happens, a leader may lead them first and
        keep their cards, so they count for it in both bounds. A faction whose vote no
        card left can change is settled, and the key keeps only its vote; an open faction
        keeps the count by which side 0 leads and, where a tie can still come, whether
        side 0 holds the highest card.
        """
        hands = h0 | h1
        live = hands | trolls
        fmask = self.fmask
        top = self.top
        sure = self.sure_tricks(h0, h1) if leader == 0 else self.sure_tricks(h1, h0)
        high = low = 0
        summary = 0
        for f in self.faction_list:
            mask = fmask[f]
            lead = (p0 & mask).bit_count() - (p1 & mask).bit_count()
            left = (live & mask).bit_count()
            mine = p0 & top[f]
            if lead - left > 0 or (lead == left and mine):
                low += 1
                high += 1
                summary = summary << 7 | 127
                continue
            if lead + left < 0 or (lead + left == 0 and not (mine or live & top[f])):
                summary = summary << 7 | 0
                continue
            tie = (lead + left) % 2 == 0 and mine
            summary = summary << 7 | (2 * lead + (65 if tie else 64))
            cashed = (sure & mask).bit_count()
            if leader == 0:
                high += 1
                lowest = lead + cashed - (left - cashed)
                if lowest > 0 or (lowest == 0 and (mine or sure & top[f])):
                    low += 1
            else:
                highest = lead - cashed + (left - cashed)
                if highest > 0 or (highest == 0 and (mine or live & top[f] & ~sure)):
                    high += 1
        if self.gnome_vote:
            mask = fmask[GNOMES]
            left = (hands & mask).bit_count()
            smashable = 0
            giant_of = self.giant_of
            gnome_of = self.gnome_of
            for v in (1, 3, 5, 7, 9):
                if giant_of[v] & hands:
                    smashable |= gnome_of[v]
            mine = g0 & top[GNOMES]
            best = g0.bit_count() + left - (g1 & ~smashable).bit_count()
            if best > 0 or (best == 0 and (mine or hands & top[GNOMES])):
                high += 1
            worst = (g0 & ~smashable).bit_count() - g1.bit_count() - left
            if worst > 0 or (worst == 0 and mine):
                low += 1
        need = self.majority
        return (WIN if low >= need else 0), (WIN if high >= need else 0), summary

    def sure_tricks(self, leading: int, other: int) -> int:
        """The cards the leader can lead one after the other, winning each trick.

        A card is sure when the other hand holds nothing that beats it: no higher card of
        its faction or Doppelganger, no Knight against a Goblin (R-CLAIM-5, R-CLAIM-6).
        Winning keeps the lead unless the other plays a Dragon (R-CLAIM-12), so a chain is
        counted only against a hand with no Dragon (against one, no card is counted).
        Dwarves go to the loser (R-CLAIM-9), a won Troll may be another one (R-CLAIM-13)
        and a won Gnome may be smashed (R-CLAIM-11): those are not counted either.
        """
        fmask = self.fmask
        if other & fmask[DRAGONS]:
            return 0
        val = self.val
        fac = self.fac
        above = self.above
        doppel = other & fmask[DOPPEL]
        knights = other & fmask[KNIGHTS]
        sure = 0
        hand = leading & self.cashable
        while hand:
            low = hand & -hand
            card = low.bit_length() - 1
            hand ^= low
            f = fac[card]
            threat = (other & fmask[f] | doppel) & above[val[card]]
            if f == GOBLINS:
                threat |= knights
            if not threat:
                sure |= low
        return sure

    def duel(
        self,
        h0: int,
        h1: int,
        p0: int,
        p1: int,
        g0: int,
        g1: int,
        trolls: int,
        leader: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Side 0's value at a trick's start (fail-soft alpha-beta), two players."""
        self.count()
        low, high, summary = self.duel_settle(h0, h1, p0, p1, g0, g1, trolls, leader)
        if low == high:
            return low
        width = self.width
        key = (
            ((((leader << width | h0) << width | h1) << width | g0) << width | g1) << width | trolls
        ) << self.summary_bits | summary
        table = self.table
        entry = table.get(key)
        best_lead = -1
        if entry is not None:
            if entry[LOW] > low:
                low = entry[LOW]
            if entry[HIGH] < high:
                high = entry[HIGH]
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            best_lead = entry[BEST]
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
        start_alpha, start_beta = alpha, beta
        hand, other = (h0, h1) if leader == 0 else (h1, h0)
        leads = self.duel_moves(hand, other | trolls, -1)
        if best_lead >= 0 and best_lead in leads:
            leads.remove(best_lead)
            leads.insert(0, best_lead)
        maximising = leader == 0
        best = -1 if maximising else WIN + 1
        best_card = -1
        for lead in leads:
            bit = 1 << lead
            if maximising:
                value = self.duel_follow(lead, h0 ^ bit, h1, p0, p1, g0, g1, trolls, 0, alpha, beta)
                if value > best:
                    best, best_card = value, lead
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            else:
                value = self.duel_follow(lead, h0, h1 ^ bit, p0, p1, g0, g1, trolls, 1, alpha, beta)
                if value < best:
                    best, best_card = value, lead
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            break
        if entry is None:
            entry = [low, high, -1]
            if len(table) >= self.max_entries:
                table.clear()
            table[key] = entry
        if best <= start_alpha:
            entry[HIGH] = best
        elif best >= start_beta:
            entry[LOW] = best
        else:
            entry[LOW] = entry[HIGH] = best
        entry[BEST] = best_card
        return best

    def duel_follow(
        self,
        lead: int,
        h0: int,
        h1: int,
        p0: int,
        p1: int,
        g0: int,
        g1: int,
        trolls: int,
        leader: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Side 0's value once ``leader`` has led ``lead`` (no longer in its hand)."""
        hand, other = (h1, h0) if leader == 0 else (h0, h1)
        follows = self.duel_moves(hand, other | trolls | 1 << lead, lead)
        maximising = leader == 1
        best = -1 if maximising else WIN + 1
        for card in follows:
            value = self.duel_trick(lead, card, h0, h1, p0, p1, g0, g1, trolls, leader, alpha, beta)
            if maximising:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif value < best:
                best = value
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        return best

    def duel_trick(
        self,
        lead: int,
        follow: int,
        h0: int,
        h1: int,
        p0: int,
        p1: int,
        g0: int,
        g1: int,
        trolls: int,
        leader: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Side 0's value after the trick ``lead``, ``follow`` (both out of the hands)."""
        fac = self.fac
        val = self.val
        fmask = self.fmask
        if leader == 0:
            h1 ^= 1 << follow
        else:
            h0 ^= 1 << follow
        led = fac[lead]
        followed = fac[follow]
        if followed == KNIGHTS and led == GOBLINS:
            winner = 1 - leader  # R-CLAIM-6: a Knight takes a Goblin lead
        elif (followed == led or followed == DOPPEL) and val[follow] > val[lead]:  # noqa: SIM109
            winner = 1 - leader
        else:
            winner = leader
        if followed == DRAGONS:  # R-CLAIM-12: the last Dragon's player leads next
            next_leader = 1 - leader
        elif led == DRAGONS:
            next_leader = leader
        else:
            next_leader = winner
        played = 1 << lead | 1 << follow
        dwarves = played & fmask[DWARVES]
        if dwarves:  # R-CLAIM-9: the loser takes them
            if winner == 0:
                p1 |= dwarves
            else:
                p0 |= dwarves
            played ^= dwarves
        played_trolls = played & fmask[TROLLS]
        if played_trolls or trolls:  # R-CLAIM-13
            pool = played_trolls | trolls
            taken = pool if not (h0 or h1) else 1 << (pool.bit_length() - 1)
            played = (played ^ played_trolls) | taken
            trolls = pool ^ taken
        if played & fmask[GIANTS]:  # R-CLAIM-11: each Giant smashes a loser's Gnome
            for card in (lead, follow):
                if fac[card] == GIANTS:
                    victims = self.gnome_of[val[card]]
                    if winner == 0:
                        g1 ^= g1 & victims & -(g1 & victims)
                    else:
                        g0 ^= g0 & victims & -(g0 & victims)
        gnomes = played & fmask[GNOMES]  # R-CLAIM-10
        if winner == 0:
            g0 |= gnomes
            p0 |= played ^ gnomes
        else:
            g1 |= gnomes
            p1 |= played ^ gnomes
        return self.duel(h0, h1, p0, p1, g0, g1, trolls, next_leader, alpha, beta)

    def duel_moves(self, hand: int, others: int, lead: int) -> list[int]:
        """The cards ``hand`` may play, equivalent ones merged (:meth:`Search.moves`), in order.

        ``lead`` is the card led (-1: ``hand`` leads); ``others`` the cards that could
        come between two of the hand's in a trick (the other hand, the card led, the
        waiting Trolls).
        """
        fac = self.fac
        val = self.val
        fmask = self.fmask
        if lead >= 0:
            led = fac[lead]
            same = hand & fmask[led]
            if same:
                hand = same if led == DOPPEL else same | (hand & fmask[DOPPEL])
        cards = self.merged(hand, others, True)
        if lead < 0:
            cards.sort(key=lambda c: -val[c])
            return cards
        winners: list[int] = []
        losers: list[int] = []
        led = fac[lead]
        for card in cards:
            f = fac[card]
            if (f == KNIGHTS and led == GOBLINS) or (
                (f == led or f == DOPPEL) and val[card] > val[lead]  # noqa: SIM109
            ):
                winners.append(card)
            else:
                losers.append(card)
        winners.sort(key=lambda c: val[c])
        losers.sort(key=lambda c: val[c])
        return winners + losers

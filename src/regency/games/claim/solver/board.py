"""The solver's board: a phase-two position in small masks, its votes and its tricks.

The cards that can still matter (in hands, on the table, in score piles, face-up Gnomes,
waiting Trolls) get *local* ids, in the engine's order (faction, then value), so that a
position's masks fit in a machine word (the compiled build's fast path), every faction
is a contiguous run of bits and a faction's highest bit is its highest card. Copies of
a code get consecutive local ids. :class:`Board` holds the position and its tables, and
the rules the search needs: who wins a trick, where its cards go, how the factions vote
at the end. They repeat ``rules.py`` and ``tricks.give_out_phase_two`` on local masks
(the engine's work on lists and records would cost most of a search); the tests play
every solved line out on the engine, so the two cannot drift apart unseen.

Rulings: R-CLAIM-5 and R-CLAIM-6 (tricks), R-CLAIM-9 to R-CLAIM-13 (the phase-two
powers), R-CLAIM-15 and R-CLAIM-16 (the votes and the tie-breaks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regency.games.claim.cards import CARD_FACTION, CARD_VALUE, KIND, Faction, ids

if TYPE_CHECKING:
    from regency.games.claim.state import ClaimState

__all__ = ["MAX_CARDS", "WIN", "Board"]

WIN: Final = 6
"""A win, in the solver's units: sixths of a win, so that shares of 1, 1/2 and 1/3 are whole."""

MAX_CARDS: Final = 62
"""The most cards a position may have in play (hands, table, piles): a machine word's bits.

Phase two never holds more: 26 cards in hands at 2 players and 36 at 3-4, with at most
the 10 Undead scored in phase one."""

GOBLINS: Final = int(Faction.GOBLINS)
KNIGHTS: Final = int(Faction.KNIGHTS)
DWARVES: Final = int(Faction.DWARVES)
DOPPEL: Final = int(Faction.DOPPELGANGERS)
GNOMES: Final = int(Faction.GNOMES)
GIANTS: Final = int(Faction.GIANTS)
DRAGONS: Final = int(Faction.DRAGONS)
TROLLS: Final = int(Faction.TROLLS)


class Board:
    """A phase-two position in local masks, with the tables and rules the search reads.

    :meth:`load` reads an engine state into it. The position is kept as each seat's hand
    and face-up Gnomes, each *side*'s score pile (partners pool theirs, R-CLAIM-7), the
    waiting Trolls, the cards on the table and the leader. Values are a side's share of
    the win in sixths (:data:`WIN`), for the *maximising* side: side 0 with two sides (the
    game is zero-sum), else the seat that asked (three players: what that seat can make
    sure of whatever the other two do).
    """

    def __init__(self) -> None:
        self.universe: list[int] = []
        """Local id -> the engine's card id (for the kinds: copies are interchangeable)."""
        self.players = 0
        self.factions: tuple[int, ...] = ()
        self.me = 0
        """The maximising side."""
        self.side: list[int] = []
        """Seat -> its side (partners share one in 4 players)."""
        self.sides = 2
        self.width = 0
        """Bits in a mask: the number of local ids."""
        # the position
        self.hands: list[int] = []
        self.piles: list[int] = []
        self.gnomes: list[int] = []
        self.trolls = 0
        self.plays: list[int] = []
        self.leader = 0
        # per local card
        self.fac: list[int] = []
        self.val: list[int] = []
        self.kind: list[int] = []
        # per faction, per value
        self.fmask: list[int] = [0] * 10
        self.of_value: list[int] = [0] * 10
        self.gnome_of: list[int] = [0] * 10
        self.giant_of: list[int] = [0] * 10
        self.between: list[int] = [0] * 100
        """``10 * low + high`` -> the cards whose value is from ``low`` to ``high``."""
        self.above: list[int] = [0] * 10
        """Value -> the cards of a higher value."""
        self.cashable = 0
        """The cards whose trick's winner surely keeps them: not Dwarves (the loser takes
        them), Trolls (the highest waiting may be taken instead) or Gnomes (smashable)."""
        self.top: list[int] = [0] * 10
        """Faction -> the bit of its highest card in play, when it is the only one of that
        value (only set when :attr:`votes_only`)."""
        self.votes_only = False
        """Whether every faction must vote for a side, so no tie-break can count."""
        self.faction_list: list[int] = []
        """The voting factions but Gnomes (never in a score pile in phase two)."""
        self.gnome_vote = False
        self.majority = 0
        self.summary_bits = 0

    # -- loading ------------------------------------------------------------------------

    def load(self, state: ClaimState, seat: int) -> bool:
        """Read ``state`` (``seat`` asking); return whether the cards in play are new.

        The local ids of the last position are kept while they cover every card in play
        (a later position of the same game): then the search's table stays valid.

        Raises:
            ValueError: if more than :data:`MAX_CARDS` cards are in play.
        """
        n = state.num_players
        held = state._trolls
        for group in (state._hands, state._scores, state._gnomes):
            for mask in group:
                held |= mask
        for card in state._plays:
            held |= 1 << card
        side = [s % 2 for s in range(n)] if n == 4 else list(range(n))
        sides = 2 if n == 4 else n
        me = side[seat] if sides > 2 else 0
        factions = tuple(int(f) for f in state.factions)
        pool = self._copies(held)
        fresh = not (n == self.players and factions == self.factions and me == self.me)
        fresh = fresh or pool is None
        if fresh:
            self.universe = ids(held)
            if len(self.universe) > MAX_CARDS:
                raise ValueError(f"the solver takes at most {MAX_CARDS} cards in play")
            self.players = n
            self.factions = factions
            self.me = me
            self.side = side
            self.sides = sides
            self._tables()
            pool = self._copies(held)
        assert pool is not None

        def local(mask: int) -> int:
            out = 0
            for card in ids(mask):
                bits = pool[KIND[card]]
                out |= bits & -bits
                pool[KIND[card]] = bits & (bits - 1)
            return out

        self.hands = [local(m) for m in state._hands]
        piles = [0] * sides
        for s in range(n):
            piles[side[s]] |= local(state._scores[s])
        self.piles = piles
        self.gnomes = [local(m) for m in state._gnomes]
        self.trolls = local(state._trolls)
        plays: list[int] = []
        for card in state._plays:
            plays.append(local(1 << card).bit_length() - 1)
        self.plays = plays
        self.leader = state._leader
        self.votes_only = self._no_ties()
        return fresh

    def _copies(self, held: int) -> dict[int, int] | None:
        """Kind -> the local ids of its copies, if they are enough for ``held``'s cards."""
        pool: dict[int, int] = {}
        kind = self.kind
        for i in range(self.width):
            pool[kind[i]] = pool.get(kind[i], 0) | 1 << i
        need: dict[int, int] = {}
        for card in ids(held):
            need[KIND[card]] = need.get(KIND[card], 0) + 1
        for k, count in need.items():
            if pool.get(k, 0).bit_count() < count:
                return None
        return pool

    def _tables(self) -> None:
        """The per-card, per-faction and per-value tables of the local ids."""
        universe = self.universe
        self.width = len(universe)
        self.fac = [int(CARD_FACTION[c]) for c in universe]
        self.val = [CARD_VALUE[c] for c in universe]
        self.kind = [KIND[c] for c in universe]
        fmask = [0] * 10
        of_value = [0] * 10
        gnome_of = [0] * 10
        giant_of = [0] * 10
        for i in range(len(universe)):
            f = self.fac[i]
            v = self.val[i]
            fmask[f] |= 1 << i
            of_value[v] |= 1 << i
            if f == GNOMES:
                gnome_of[v] |= 1 << i
            elif f == GIANTS:
                giant_of[v] |= 1 << i
        self.fmask = fmask
        self.of_value = of_value
        self.gnome_of = gnome_of
        self.giant_of = giant_of
        between = [0] * 100
        for low in range(10):
            mask = 0
            for high in range(low, 10):
                mask |= of_value[high]
                between[10 * low + high] = mask
        self.between = between
        self.above = [between[10 * v + 9] ^ of_value[v] for v in range(10)]
        uncounted = fmask[DWARVES] | fmask[TROLLS] | fmask[GNOMES]
        self.cashable = ((1 << len(universe)) - 1) & ~uncounted
        self.faction_list = [f for f in self.factions if f != GNOMES]
        self.gnome_vote = GNOMES in self.factions
        self.majority = len(self.factions) // 2 + 1
        self.summary_bits = 7 * len(self.faction_list)

    def _no_ties(self) -> bool:
        """Whether every faction must vote for a side, and no tie-break can count.

        So it is with two sides and an odd number of factions (5 at two players, 7 in
        partnerships), when each faction's highest card in play is its only card of that
        value and no Giant still in play can smash it: whoever ends with it wins a tie on
        the count (R-CLAIM-15), so every faction votes for a side and one side has most
        votes; R-CLAIM-16's tie-breaks never come into it. Then only each faction's count
        and who holds its highest card matter: what merges equivalent cards and positions.
        """
        top = [0] * 10
        self.top = top
        if self.sides != 2 or len(self.factions) % 2 == 0:
            return False
        live = self.trolls
        for hand in self.hands:
            live |= hand
        for card in self.plays:
            live |= 1 << card
        held = live
        for mask in self.piles:
            held |= mask
        for mask in self.gnomes:
            held |= mask
        val = self.val
        for f in self.factions:
            mask = held & self.fmask[f]
            if not mask:
                return False
            highest = mask.bit_length() - 1
            if (mask & self.of_value[val[highest]]).bit_count() > 1:
                return False
            if f == GNOMES and self.giant_of[val[highest]] & live:
                return False
            top[f] = 1 << highest
        return True

    # -- the end: votes and tie-breaks ------------------------------------------------

    def final_piles(self) -> list[int]:
        """Each side's score pile with its face-up Gnomes (they join it at the end)."""
        piles = self.piles.copy()
        side = self.side
        gnomes = self.gnomes
        for seat in range(self.players):
            piles[side[seat]] |= gnomes[seat]
        return piles

    def outcome_of(self, piles: list[int]) -> int:
        """The maximising side's share of the win, in sixths, for final score piles.

        R-CLAIM-15: each faction votes for the side with the most of its cards, a tie to
        the tied side holding the highest of them, else nobody. R-CLAIM-16: most factions
        wins; then most cards in the factions won; then their highest total value; then
        the win is shared. (In 2 players three factions win outright: the other side then
        has two at most, so "most factions" says the same.)
        """
        sides = self.sides
        fmask = self.fmask
        val = self.val
        won = [0] * sides
        cards = [0] * sides
        winning = [0] * sides  # the cards of the factions each side won
        for f in self.factions:
            mask = fmask[f]
            best = -1
            best_count = 0
            best_high = -1
            tied = False
            for s in range(sides):
                held = piles[s] & mask
                if not held:
                    continue
                count = held.bit_count()
                high = val[held.bit_length() - 1]
                if count > best_count or (count == best_count and high > best_high):
                    best, best_count, best_high, tied = s, count, high, False
                elif count == best_count and high == best_high:
                    tied = True
            if best >= 0 and not tied:
                won[best] += 1
                cards[best] += best_count
                winning[best] |= piles[best] & mask
        contenders = list(range(sides))
        for measure in (won, cards):
            most = max(measure[s] for s in contenders)
            contenders = [s for s in contenders if measure[s] == most]
            if len(contenders) == 1:
                break
        if len(contenders) > 1:
            totals = [0] * sides
            for s in contenders:
                mask = winning[s]
                while mask:
                    low = mask & -mask
                    totals[s] += val[low.bit_length() - 1]
                    mask ^= low
            most = max(totals[s] for s in contenders)
            contenders = [s for s in contenders if totals[s] == most]
        if self.me not in contenders:
            return 0
        return WIN // len(contenders)

    def bounds(self) -> tuple[int, int]:
        """Bounds on the value at a trick's start: every card left going one way.

        More cards of a faction never hurt a side's vote on it, nor its count of cards in
        the factions it wins, nor their value; fewer never help the others. So the value
        if the maximising side took every card still in play (and kept its face-up
        Gnomes, while the others lost every Gnome a Giant still in play could smash) is
        an upper bound, and with two sides the value if the other took them all is a
        lower bound.
        """
        piles = self.final_piles()
        hands = 0
        for hand in self.hands:
            hands |= hand
        live = hands | self.trolls
        smashable = self.smashable(hands)
        me = self.me
        if self.sides > 2:
            return self._settled_bounds(piles, live, smashable)
        best = [pile & ~smashable for pile in piles]
        best[me] = piles[me] | live
        high = self.outcome_of(best)
        if high == 0:
            return 0, 0
        worst = [pile | live for pile in piles]
        worst[me] = piles[me] & ~smashable
        return self.outcome_of(worst), high

    def _settled_bounds(self, piles: list[int], live: int, smashable: int) -> tuple[int, int]:
        """Bounds with three sides, from the votes no card left can change.

        With a third side, every card going one way bounds nothing: a card the third
        side takes may cost the strongest rival a vote, which the maximising side taking
        it would not. So a faction counts as settled for a side only when the fewest
        cards of it the side can end with (its smashable Gnomes gone) is more than any
        other side could reach (its cards and every card of the faction still in play);
        a side sure of more factions than the others can reach wins, and one that another
        side is sure to pass loses.
        """
        sides = self.sides
        fmask = self.fmask
        settled = [0] * sides
        open_votes = 0
        for f in self.factions:
            mask = fmask[f]
            left = (live & mask).bit_count()
            lows = [(p & mask & ~smashable).bit_count() for p in piles]
            highs = [(p & mask).bit_count() + left for p in piles]
            for s in range(sides):
                if all(lows[s] > highs[t] for t in range(sides) if t != s):
                    settled[s] += 1
                    break
            else:
                open_votes += 1
        me = self.me
        mine = settled[me]
        if all(mine > settled[t] + open_votes for t in range(sides) if t != me):
            return WIN, WIN
        if any(settled[t] > mine + open_votes for t in range(sides) if t != me):
            return 0, 0
        return 0, WIN

    def smashable(self, hands: int) -> int:
        """The Gnomes a Giant in ``hands`` could still smash (those of its value)."""
        smashable = 0
        giant_of = self.giant_of
        gnome_of = self.gnome_of
        for v in (1, 3, 5, 7, 9):
            if giant_of[v] & hands:
                smashable |= gnome_of[v]
        return smashable

    # -- a trick ------------------------------------------------------------------------

    def trick_winner(self, plays: list[int]) -> int:
        """The index in ``plays`` of the winning card (R-CLAIM-5, R-CLAIM-6)."""
        fac = self.fac
        val = self.val
        lead = fac[plays[0]]
        if lead == GOBLINS:
            winner = -1
            best = -1
            for i in range(1, len(plays)):
                card = plays[i]
                if fac[card] == KNIGHTS and val[card] > best:
                    best = val[card]
                    winner = i
            if winner >= 0:
                return winner
        winner = 0
        best = val[plays[0]]
        for i in range(1, len(plays)):
            card = plays[i]
            f = fac[card]
            if (f == lead or f == DOPPEL) and val[card] > best:  # noqa: SIM109 (no tuple)
                best = val[card]
                winner = i
        return winner

    def give_out(self, plays: list[int], w: int, last: bool) -> None:
        """Give out a finished trick's cards, as ``tricks.give_out_phase_two`` does."""
        n = self.players
        leader = self.leader
        fac = self.fac
        val = self.val
        fmask = self.fmask
        side = self.side
        winner = (leader + w) % n
        played = 0
        for card in plays:
            played |= 1 << card
        dwarves = played & fmask[DWARVES]
        if dwarves:  # R-CLAIM-9: to the loser, or (3-4 players) the lowest card's player
            if n == 2:
                taker = 1 - w
            else:
                taker = 0
                for i in range(1, n):
                    if val[plays[i]] <= val[plays[taker]]:
                        taker = i
            self.piles[side[(leader + taker) % n]] |= dwarves
            played ^= dwarves
        trolls = played & fmask[TROLLS]
        waiting = self.trolls
        if trolls or waiting:  # R-CLAIM-13: the highest, or all of them after the last trick
            pool = trolls | waiting
            taken = pool if last else 1 << (pool.bit_length() - 1)
            played = (played ^ trolls) | taken
            self.trolls = pool ^ taken
        gnomes = self.gnomes
        if played & fmask[GIANTS]:
            for card in plays:  # R-CLAIM-11: each Giant smashes a Gnome of its value
                if fac[card] == GIANTS:
                    victims = self.gnome_of[val[card]]
                    for other in range(n):
                        if side[other] != side[winner]:
                            target = gnomes[other] & victims
                            if target:
                                gnomes[other] ^= target & -target
        won_gnomes = played & fmask[GNOMES]  # R-CLAIM-10: laid face up
        gnomes[winner] |= won_gnomes
        self.piles[side[winner]] |= played ^ won_gnomes

    def next_leader(self, plays: list[int], w: int) -> int:
        """Who leads next: the last Dragon's player, else the winner (R-CLAIM-12)."""
        fac = self.fac
        for i in range(len(plays) - 1, -1, -1):
            if fac[plays[i]] == DRAGONS:
                return (self.leader + i) % self.players
        return (self.leader + w) % self.players

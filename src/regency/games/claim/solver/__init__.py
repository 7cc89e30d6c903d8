"""An exact solver for Claim positions where every card's place is known.

At two players Claim's phase two hides nothing (docs/rules/claim.md, "Phase one": the
cards a seat has not seen are exactly its rival's blind draws), so from its first trick
the game is one of perfect information; at three and four players a search deals worlds
(every hidden card placed), and each of those is such a game too. :class:`ClaimSolver`
finds the value of such a position under best play by every seat, and the value of each
legal card, with the game's real objective: the factions' votes (R-CLAIM-15), then the
tie-breaks of R-CLAIM-16, with every phase-two power on the way (Dwarves R-CLAIM-9,
Gnomes R-CLAIM-10, Giants R-CLAIM-11, Dragons R-CLAIM-12, Trolls R-CLAIM-13).

A value is a seat's share of the win, as ``Game.rewards()`` gives it: 1 for a win, 1/2
for a win shared by two, 0 for a loss (in four players each partner's half of the
partnership's). With two sides (two players, or two partnerships) the game is zero-sum
and the search is alpha-beta on the result. At three players each seat plays for itself;
the solver then answers the *paranoid* question, what the seat to move can make sure of
whatever the other two do, which keeps alpha-beta exact for that question.

How it is made fast (each in the module that does it):

* **Small masks** (:mod:`.board`): the cards in play get local ids in the engine's order,
  so a position fits in a few machine words and a faction's highest bit is its highest
  card.
* **Alpha-beta with a transposition table** at every trick's start (:mod:`.search`),
  entries holding lower and upper bounds; the table outlives a question, so the next
  decision of the same game finds most of its positions there.
* **Votes settled early**: at each trick's start, the value if every card left went one
  way bounds the position's, and a leader's sure tricks count for it (:mod:`.duel`); a
  position whose bounds meet is not searched.
* **Equivalent cards merged**: copies of a code are one move; where no tie-break can count,
  so are two cards of one faction in one hand that no other card in play can come
  between (:meth:`~.search.Search.moves` says exactly when).
* **Move ordering**: the table's best lead first; a leader's highest cards, a follower's
  cheapest winning card, then its cheapest loser.
* **Two players without tie-breaks** (most 2-player positions) take a path of their own
  (:mod:`.duel`) that keeps only what the votes can still depend on: about five times as
  fast.

``benchmarks/solve_time.py`` measures it (docs/measurements.md); the tests prove it
against plain minimax over the engine (``tests/games/claim/test_solver.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from typing import TYPE_CHECKING

from regency.core.said import Said
from regency.games.claim.actions import PLAY, ClaimAction
from regency.games.claim.cards import KIND, Faction
from regency.games.claim.solver.board import WIN
from regency.games.claim.solver.duel import Duel
from regency.games.claim.solver.search import OutOfNodes
from regency.games.claim.story import lost_votes, votes_for

if TYPE_CHECKING:
    from regency.games.claim.state import ClaimState

__all__ = ["DEFAULT_ENTRIES", "WIN", "ClaimSolver"]

DEFAULT_ENTRIES = 500_000
"""The transposition table's default size: about 150 MB at most."""


class ClaimSolver(Duel):
    """Exact values of Claim's phase-two positions (see the package docstring).

    Keep one per player and game: its transposition table carries from one decision to
    the next (it is emptied when a position with other cards comes).

    Args:
        max_entries: The most positions the table keeps; past that it starts again
            empty (a cap on memory: a few hundred bytes an entry).
    """

    def __init__(self, max_entries: int = DEFAULT_ENTRIES) -> None:
        super().__init__(max_entries)
        self._fast = False
        """Whether the table holds the fast path's keys (:mod:`.duel`), not the other's."""

    def applies(self, state: ClaimState) -> bool:
        """Whether ``state`` is a card to play in phase two: what the solver solves."""
        return state._phase == 2 and state._turn >= 0 and state._decision == state.PLAY_DECISION

    def sees_all(self, state: ClaimState) -> bool:
        """Whether the seat to move knows where every card is: phase two at 2 players.

        The cards it has not seen are then exactly its rival's blind draws, now in the
        rival's hand (docs/rules/claim.md, "Phase one").
        """
        return state.num_players == 2 and state._phase == 2

    def value(self, state: ClaimState, limit: int = 0) -> list[float] | None:
        """Each seat's reward under best play from ``state``, or ``None`` past ``limit``.

        At three players only the seat to move's figure is exact (paranoid: what it can
        make sure of); the others' are left at 0.

        Args:
            state: A card to play in phase two, every card's place known (a dealt world).
            limit: The most positions to search (0: no limit).

        Raises:
            ValueError: if the position is not a card to play in phase two.
        """
        seat = self._start(state, limit)
        try:
            value = self._root(-1)
        except OutOfNodes:
            return None
        if self.sides > 2:
            return [value / WIN if s == seat else 0.0 for s in range(state.num_players)]
        return [self._reward(value, s) for s in range(state.num_players)]

    def move_values(self, state: ClaimState, limit: int = 0) -> dict[ClaimAction, float] | None:
        """Each legal card's value for the seat to move, or ``None`` past ``limit``.

        A card's value is the seat's reward (``rewards()``) under best play after it;
        cards that play alike (two copies of a code, or cards nothing can come between)
        get one search.

        Args:
            state: A card to play in phase two, every card's place known (a dealt world).
            limit: The most positions to search for all the cards together (0: none).

        Raises:
            ValueError: if the position is not a card to play in phase two.
        """
        seat = self._start(state, limit)
        groups: list[list[int]] = []
        self.moves(seat, groups)
        out: dict[ClaimAction, float] = {}
        try:
            for group in groups:
                reward = self._reward(self._root(group[0]), seat)
                for card in group:
                    out[PLAY[KIND[self.universe[card]]]] = reward
        except OutOfNodes:
            return None
        return out

    def why_others_lose(self, state: ClaimState, answers: Collection[Hashable]) -> Said | None:
        """What every legal card but ``answers`` loses: the votes the seat then gives up.

        From each card, best play is followed to the end (each seat in turn plays the
        first card, in the hand's order, of best value for it); a faction voting for the
        seat's side after the first answer but not after a card is a vote that card
        loses. The votes every other card loses are named (``"every other card loses the
        Undead's vote"``, :func:`~regency.games.claim.story.lost_votes`); ``None`` when
        they share none.

        Raises:
            ValueError: if the position is not a card to play in phase two.
        """
        if not self.applies(state):
            raise ValueError("the solver solves the cards played in phase two only")
        wanted = {str(a) for a in answers}
        legal = state.legal_actions()
        firsts = [a for a in legal if str(a) in wanted]
        others = [a for a in legal if str(a) not in wanted]
        if not firsts or not others:
            return None
        seat = state._turn
        kept = self._votes_after(state, firsts[0], seat)
        lost = set(kept)
        for action in others:
            lost &= kept - self._votes_after(state, action, seat)
        return lost_votes(lost, len(others)) if lost else None

    def _votes_after(self, state: ClaimState, action: ClaimAction, seat: int) -> set[Faction]:
        """The factions voting for ``seat``'s side at the end of best play after ``action``."""
        game = state.clone()
        game.apply(action)
        while not game.is_over:
            values = self.move_values(game)
            if values is None:  # no budget was given, so it always answers
                raise RuntimeError("the solver gave no values without a budget")
            best = max(values.values())
            game.apply(next(a for a in game.legal_actions() if values[a] == best))
        return votes_for(game, seat)

    def _start(self, state: ClaimState, limit: int) -> int:
        """Load ``state`` for a question with a budget of ``limit`` nodes; its seat to move."""
        if not self.applies(state):
            raise ValueError("the solver solves the cards played in phase two only")
        seat = state._turn
        fresh = self.load(state, seat)
        fast = self.players == 2 and self.votes_only
        if fresh or fast != self._fast:
            self.table.clear()  # the two paths' keys do not mean the same
        self._fast = fast
        self.nodes = 0
        self.limit = limit
        return seat

    def _reward(self, value: int, seat: int) -> float:
        """A value (sixths, the maximising side's) as ``seat``'s reward (``rewards()``)."""
        if self.sides == 2:
            mine = value if self.side[seat] == 0 else WIN - value
            return mine / WIN / (2 if self.players == 4 else 1)
        return value / WIN

    def _root(self, card: int) -> int:
        """The loaded position's value, after the seat to move plays ``card`` if >= 0."""
        plays = self.plays
        seat = (self.leader + len(plays)) % self.players
        if self._fast:
            h0, h1 = self.hands
            p0, p1 = self.piles
            g0, g1 = self.gnomes
            trolls, leader = self.trolls, self.leader
            if not plays and card < 0:
                return self.duel(h0, h1, p0, p1, g0, g1, trolls, leader, 0, WIN)
            if not plays:
                h0, h1 = (h0 ^ 1 << card, h1) if seat == 0 else (h0, h1 ^ 1 << card)
                return self.duel_follow(card, h0, h1, p0, p1, g0, g1, trolls, leader, 0, WIN)
            if card < 0:
                return self.duel_follow(plays[0], h0, h1, p0, p1, g0, g1, trolls, leader, 0, WIN)
            return self.duel_trick(plays[0], card, h0, h1, p0, p1, g0, g1, trolls, leader, 0, WIN)
        if card < 0:
            return self.search(0, WIN)
        hands = self.hands
        hands[seat] ^= 1 << card
        plays.append(card)
        value = self.finish(0, WIN) if len(plays) == self.players else self.search(0, WIN)
        plays.pop()
        hands[seat] ^= 1 << card
        return value

"""Claim, Claim 2 and the combined 2-4 player variants: the game state.

The game (rules in ``docs/rules/claim.md``): two phases of tricks. In phase one each
trick is played for face-up cards from the draw pile, and what players win forms their
follower deck; in phase two those followers are played for the factions' votes. Most
factions wins (R-CLAIM-15, R-CLAIM-16).

Notation (``docs/notation.md``): a card is played by its code, ``KN9``; a choice of
card to take in phase one is ``take UN3`` or ``take deck``.

Representation: cards are ids 0-103 and every group of cards (hand, follower deck,
score pile) is an ``int`` bitmask (see ``cards.py``); the draw pile is a list with its
top card last, so drawing is ``pop()``. The state is mutable and ``clone()`` copies a
handful of small lists. Rule logic lives in ``rules.py``; this module sequences it.

Beside this module: ``deck.py`` (decks and dealing), ``tricks.py`` (the record of each
trick, and giving out a phase-two trick's cards), ``views.py`` (what each seat sees),
``refusals.py`` (why a move is refused, a move in words), ``worlds.py`` (hidden-card
worlds), ``positions.py`` (positions set up by hand).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self, cast

from regency.core.errors import (
    GameOverError,
    IllegalActionError,
    RegencyError,
    quote,
)
from regency.core.game import (
    Game,
    GameViews,
    GameWorlds,
    Result,
    check_notation,
    normalize_notation,
    win_shares,
)
from regency.core.rng import choice, randbelow
from regency.games.claim import refusals, rules, views, worlds
from regency.games.claim.actions import (
    PLAY,
    TAKE,
    TAKE_DECK,
    ClaimAction,
    action_from_notation,
)
from regency.games.claim.cards import (
    CARD_CODE,
    CARD_FACTION,
    CARD_VALUE,
    CODE_TO_KIND,
    FACTION_MASK,
    KIND,
    KIND_MASK,
    Faction,
    add_copy,
    cards_of,
    remove_copy,
)
from regency.games.claim.deck import HAND_SIZE, deal
from regency.games.claim.tricks import Trick, give_out_phase_two, make_trick, with_take

if TYPE_CHECKING:
    pass

__all__ = ["ClaimState", "Trick"]

_PLAY: Final = 0
_TAKE: Final = 1

_UNDEAD: Final = FACTION_MASK[Faction.UNDEAD]
_SEERS: Final = Faction.SEERS
_DOPPEL: Final = Faction.DOPPELGANGERS


def _actions_of(mask: int, table: tuple[ClaimAction, ...]) -> list[ClaimAction]:
    """Return one action per code among the cards in ``mask``, lowest id first.

    Here, not in ``actions.py``: that module is not compiled (an ``int`` subclass), and
    this runs for every decision.

    Cards of one code have consecutive ids, so a repeat is always the previous entry.
    """
    out: list[ClaimAction] = []
    last = None
    while mask:
        low = mask & -mask
        action = table[low.bit_length() - 1]
        if action is not last:
            out.append(action)
            last = action
        mask ^= low
    return out


class ClaimState(Game[ClaimAction]):
    """A game of Claim for 2-4 players with any legal deck.

    Create it with ``regency.new_game("claim", players=2, seed=42)``; options:
    ``factions`` (a preset, ``"random"`` or a list), ``deck`` and ``first`` (a stacked
    deal: every card by code, seat 0's hand first, then the draw pile top first; and
    the seat leading the first trick).
    """

    name = "claim"
    title = "Claim"
    views: ClassVar[GameViews] = views  # observation, state_dict: what each seat sees
    worlds: ClassVar[GameWorlds] = worlds  # sample_world, world_sampler, resample_hidden

    __slots__ = (
        "_decision",
        "_deck",
        "_discards",
        "_face_up",
        "_followers",
        "_gnomes",
        "_hands",
        "_history",
        "_lead",
        "_leader",
        "_peek_by",
        "_phase",
        "_picking",
        "_pile",
        "_plays",
        "_public",
        "_scores",
        "_seen",
        "_seer",
        "_smashed",
        "_trick",
        "_trolls",
        "_turn",
        "_voids",
        "factions",
    )

    factions: tuple[Faction, ...]
    """The factions in the deck, in :class:`Faction` order."""

    PLAY_DECISION: ClassVar[int] = _PLAY
    TAKE_DECISION: ClassVar[int] = _TAKE

    # -- setting up ---------------------------------------------------------------------

    @classmethod
    def create(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Deal a new game (see the class docstring for the options; ``deck.deal``)."""
        factions, order, first, normalized = deal(players, seed, options)
        state = cls.__new__(cls)
        state._setup(players, seed, normalized, factions, order, first)
        return state

    def _setup(
        self,
        players: int,
        seed: int,
        options: dict[str, Any],
        factions: tuple[Faction, ...],
        order: list[int],
        first: int,
    ) -> None:
        """Deal ``order`` (top of the deal first) and turn up the first trick's card(s)."""
        self._empty(players, seed, options, factions, first)
        size = HAND_SIZE[players]
        self._hands = [
            sum(1 << c for c in order[s * size : (s + 1) * size]) for s in range(players)
        ]
        self._pile = order[players * size :][::-1]  # top card last, so drawing is pop()
        self._reveal()

    def _empty(
        self,
        players: int,
        seed: int,
        options: dict[str, Any],
        factions: tuple[Faction, ...],
        first: int,
    ) -> None:
        """Set every field for a game with no card anywhere yet, ``first`` to lead."""
        self._init_common(players, seed, options)
        self.factions = factions
        self._deck = cards_of(factions)
        self._hands = [0] * players
        self._pile = []
        self._followers = [0] * players
        self._scores = [0] * players
        self._gnomes = [0] * players
        self._public = [0] * players
        self._seen = (0,) * (players * players)
        self._peek_by = -1
        self._voids = [0] * players
        self._face_up: list[int] = []
        self._trolls = 0
        self._discards = 0
        self._smashed = 0
        self._phase = 1
        self._trick = 0
        self._leader = first
        self._turn = first
        self._decision = _PLAY
        self._lead = 0
        self._plays: list[int] = []
        self._picking: list[int] = []
        self._seer = False
        self._history: list[Trick] = []

    @classmethod
    def from_position(cls, **position: Any) -> Self:
        """Set up a position by hand, for teaching, puzzles and rule tests.

        Args:
            **position: The position, by keyword: ``hands`` (each seat's hand, as codes;
                required), ``players`` (2, 3 or 4; default 2), ``factions`` (as the
                option; default ``"claim"`` for 2 players), ``phase`` (1 or 2), ``leader``
                (the seat that led or leads the current trick), ``played`` (cards already
                played to it, from the leader on), ``face_up`` and ``pile`` (phase one:
                the card(s) played for and the draw pile, top first), ``followers``
                (phase one), ``score_piles``, ``gnomes`` and ``trolls_waiting``.

        Cards named nowhere count as discarded. The position has no record.

        Raises:
            GameOptionError: if a card is unknown or used twice, or sizes break the rules.
        """
        from regency.games.claim.positions import build_position

        return build_position(cls, **position)

    # -- the Game contract ----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to decide, or ``None`` once the game is over."""
        return self._turn if self._turn >= 0 else None

    @property
    def is_over(self) -> bool:
        """Whether both phases have been played."""
        return self._turn < 0

    def is_choosing_take(self) -> bool:
        """Whether the current decision is which card to take (not which to play)."""
        return self._decision == _TAKE and self._turn >= 0

    @property
    def phase(self) -> int | None:
        """1 or 2, or ``None`` once the game is over."""
        return self._phase or None

    def legal_actions(self) -> list[ClaimAction]:
        """The cards the current player may play, or the cards they may take."""
        if self._turn < 0:
            return []
        if self._decision == _PLAY:
            hand = self._hands[self._turn]
            if self._plays:
                hand = rules.follow_mask(hand, self._lead)
            return _actions_of(hand, PLAY)
        options = _actions_of(sum(1 << c for c in self._face_up), TAKE)
        if self._seer and len(self._picking) == self.num_players:
            options.append(TAKE_DECK)  # R-CLAIM-14: the Seer may take the card it peeked at
        return options

    def _apply(self, action: ClaimAction) -> None:
        if self._decision == _PLAY:
            mine = self._hands[self._turn] & KIND_MASK[action]  # a play is its card's kind
            self._play(mine & -mine)  # any copy of the code: copies are interchangeable
        else:
            self._take(action.card)
            self._continue_picking()

    def playout(self, rng: random.Random, moves: int | None = None) -> None:
        """Play random legal moves to the end, straight on the bitmasks (search rollouts).

        Faster than choosing among ``legal_actions()``: no action lists are built. It
        picks uniformly among legal *cards*, so a code held twice (two Goblin 0s) is
        twice as likely as under ``rng.choice(legal_actions())``; rollouts do not mind.
        """
        self._play_out(rng, moves, greedy=False)

    def greedy_playout(self, rng: random.Random, moves: int | None = None) -> None:
        """Play to the end by a rule of thumb, on the bitmasks (ISMCTS ``rollout=greedy``).

        A leader plays a random card. A follower takes a trick worth having (in phase
        one, for a face-up card of 5 or more; in phase two, any) with its cheapest card
        that wins it, unless its partner is winning already; otherwise it throws its
        lowest card. Takes are random, as in :meth:`playout`.
        """
        self._play_out(rng, moves, greedy=True)

    def _play_out(self, rng: random.Random, moves: int | None, greedy: bool) -> None:
        left = -1 if moves is None else moves
        while left and self._turn >= 0:
            left -= 1
            if self._decision != _PLAY:
                self._take(choice(rng, self.legal_actions()).card)
                self._continue_picking()
                continue
            mask = self._hands[self._turn]
            if self._plays:
                mask = rules.follow_mask(mask, self._lead)
                if greedy:
                    self._play(self._greedy_follow(mask))
                    continue
            for _ in range(randbelow(rng, mask.bit_count())):
                mask &= mask - 1  # drop the lowest card: skip to the chosen one
            self._play(mask & -mask)

    def _greedy_follow(self, mask: int) -> int:
        """The bit of the card a greedy follower plays from ``mask`` (its legal cards)."""
        plays = self._plays
        n = len(plays)
        players = self.num_players
        worth = self._phase == 2 or max((CARD_VALUE[c] for c in self._face_up), default=0) >= 5
        if worth and players == 4:
            winner = (self._leader + rules.trick_winner(plays)) % players
            worth = winner != (self._turn + 2) % players  # a partner's trick stands
        low = win = 0
        low_value = win_value = 99
        while mask:
            bit = mask & -mask
            mask ^= bit
            card = bit.bit_length() - 1
            value = CARD_VALUE[card]
            if value < low_value:
                low, low_value = bit, value
            if worth and value < win_value:
                plays.append(card)  # as if played: does it take the trick?
                if rules.trick_winner(plays) == n:
                    win, win_value = bit, value
                plays.pop()
        return win or low

    def _new_instance(self) -> Self:
        return cast(Self, ClaimState())  # see Game._new_instance

    def clone(self) -> Self:
        """Return an independent copy (copies a few small lists; cards are ints)."""
        new = self._copy_common()
        new.factions = self.factions
        new._deck = self._deck
        new._hands = self._hands.copy()
        new._pile = self._pile.copy()
        new._followers = self._followers.copy()
        new._scores = self._scores.copy()
        new._gnomes = self._gnomes.copy()
        new._public = self._public.copy()
        new._seen = self._seen  # a tuple, replaced (never changed) when a Seer learns
        new._peek_by = self._peek_by
        new._voids = self._voids.copy()
        new._face_up = self._face_up.copy()
        new._trolls = self._trolls
        new._discards = self._discards
        new._smashed = self._smashed
        new._phase = self._phase
        new._trick = self._trick
        new._leader = self._leader
        new._turn = self._turn
        new._decision = self._decision
        new._lead = self._lead
        new._plays = self._plays.copy()
        new._picking = self._picking.copy()
        new._seer = self._seer
        new._history = self._history  # shared, like the log (Game._own_records)
        return new

    def _own_records(self) -> None:
        super()._own_records()
        self._history = self._history.copy()

    # -- playing a card -------------------------------------------------------------------

    def _play(self, bit: int) -> None:
        """The current player plays the card whose bit is ``bit``."""
        seat = self._turn
        self._hands[seat] ^= bit
        card = bit.bit_length() - 1
        if self._phase == 2:
            self._forget(seat, card)
        plays = self._plays
        if plays:
            faction = CARD_FACTION[card]
            if faction != self._lead and faction != _DOPPEL:
                # Not following shows the hand holds no card of the lead faction
                # (R-CLAIM-5): public knowledge, valid until the phase's hand is played.
                self._voids[seat] |= 1 << self._lead
        else:
            self._lead = CARD_FACTION[card]
        plays.append(card)
        if len(plays) < self.num_players:
            self._turn = (seat + 1) % self.num_players
        else:
            self._finish_trick()

    def _forget(self, seat: int, card: int) -> None:
        """``seat`` played a copy of ``card``'s code: others know of one copy fewer.

        Knowledge is a count of copies per code, whichever copy the engine moved: public
        knowledge first (everyone knew of that copy), else each Seer's private knowledge.
        """
        public = self._public[seat]
        if public & KIND_MASK[card]:
            self._public[seat] = remove_copy(public, card)
            return
        seen = self._seen
        if any(seen):
            n = self.num_players
            self._seen = tuple(
                remove_copy(m, card) if i % n == seat else m for i, m in enumerate(seen)
            )

    def _finish_trick(self) -> None:
        plays = self._plays
        n = self.num_players
        leader = self._leader
        w = rules.trick_winner(plays)
        winner = (leader + w) % n
        dragon = rules.last_dragon(plays)
        next_leader = winner if dragon < 0 else (leader + dragon) % n  # R-CLAIM-12
        if self._records_shared:
            self._own_records()
        if self._phase == 1:
            played = 0
            for card in plays:
                played |= 1 << card
            undead = played & _UNDEAD  # R-CLAIM-8: played Undead score for the winner
            self._scores[winner] |= undead
            self._discards |= played ^ undead
            order = rules.placing_order(plays, w) if n > 2 else (w, 1 - w)
            self._picking = [(leader + i) % n for i in order]
            self._seer = CARD_FACTION[plays[w]] == _SEERS  # R-CLAIM-14
            self._history.append(
                make_trick(
                    1, leader, tuple(plays), winner, next_leader, tuple(self._face_up), (), ()
                )
            )
            self._leader = next_leader
            self._plays = []  # the played cards are now in the discards and score pile
            self._continue_picking()
        else:
            smashed = give_out_phase_two(self, plays, w, winner)
            self._history.append(
                make_trick(2, leader, tuple(plays), winner, next_leader, (), (), smashed)
            )
            self._leader = next_leader
            self._next_trick()

    # -- phase one: taking cards ------------------------------------------------------------

    def _continue_picking(self) -> None:
        """Hand out phase-one cards in placing order until someone has a real choice."""
        picking = self._picking
        while picking:
            taker = picking[0]
            first = len(picking) == self.num_players
            if first and self._seer:
                self._turn = taker
                self._decision = _TAKE
                return
            face_up = self._face_up
            if face_up:
                if len(face_up) > 1 and CARD_CODE[face_up[0]] != CARD_CODE[face_up[1]]:
                    self._turn = taker
                    self._decision = _TAKE
                    return
                self._take(KIND[face_up[0]])
            else:
                self._take(-2)
        self._next_trick()

    def _take(self, kind: int) -> None:
        """The next seat in placing order takes a card.

        ``kind`` >= 0 is the face-up card of that kind; < 0 the top card of the pile.
        """
        taker = self._picking.pop(0)
        if kind >= 0:
            face_up = self._face_up
            index = 0
            while KIND[face_up[index]] != kind:
                index += 1
            card = face_up.pop(index)
            self._public[taker] = add_copy(self._public[taker], card)
            if self._seer and len(self._picking) == self.num_players - 1:
                # A Seer that takes a face-up card has seen the top card of the pile,
                # which the next player to draw gets, later in this same handing out
                # (R-CLAIM-14).
                self._peek_by = taker
            shown = card
        else:
            card = self._pile.pop()
            shown = -1  # only the taker sees a drawn card
            seer = self._peek_by
            if seer >= 0:
                self._peek_by = -1
                if seer != taker:
                    i = seer * self.num_players + taker
                    self._seen = (
                        *self._seen[:i],
                        add_copy(self._seen[i], card),
                        *self._seen[i + 1 :],
                    )
        self._followers[taker] |= 1 << card
        if self._records_shared:
            self._own_records()
        self._history[-1] = with_take(self._history[-1], taker, shown)

    def _next_trick(self) -> None:
        """Start the next trick, the next phase, or end the game."""
        self._plays = []
        self._seer = False
        self._trick += 1
        self._decision = _PLAY
        n = self.num_players
        if self._trick == HAND_SIZE[n]:
            if self._phase == 2:
                self._end()
                return
            # Phase two: the follower decks become the hands.
            self._phase = 2
            self._trick = 0
            self._hands = self._followers
            self._followers = [0] * n
            self._voids = [0] * n
        self._turn = self._leader
        if self._phase == 1:
            self._reveal()

    def _reveal(self) -> None:
        """Turn up the card(s) the next phase-one trick is played for (R-CLAIM-7)."""
        count = 1 if self.num_players == 2 else 2
        pile = self._pile
        self._face_up = [pile.pop() for _ in range(count)]

    def _end(self) -> None:
        self._phase = 0
        self._turn = -1
        for seat in range(self.num_players):
            # R-CLAIM-10: Gnomes still face up join the score pile at the end.
            self._scores[seat] |= self._gnomes[seat]
            self._gnomes[seat] = 0

    # -- the end ---------------------------------------------------------------------------

    def sides(self) -> list[list[int]]:
        """The scoring sides: each player alone, or the two partnerships in 4 players."""
        if self.num_players == 4:
            return [[0, 2], [1, 3]]
        return [[s] for s in range(self.num_players)]

    def votes(self) -> list[rules.Vote]:
        """How each faction votes on the score piles as they stand (R-CLAIM-15)."""
        piles = [0] * len(self.sides())
        for index, side in enumerate(self.sides()):
            for seat in side:
                piles[index] |= self._scores[seat] | self._gnomes[seat]
        return [rules.faction_vote(f, piles) for f in self.factions]

    def estimate(self) -> list[float]:
        """Factions each seat (its team) would win if the game ended now."""
        sides = self.sides()
        won = [0.0] * self.num_players
        for vote in self.votes():
            if vote.side is not None:
                for seat in sides[vote.side]:
                    won[seat] += 1
        return won

    def rewards(self) -> list[float]:
        """Each seat's share of the win, without the breakdown (for search)."""
        if not self.is_over:
            raise RegencyError("the game is not over yet")
        sides = self.sides()
        winning, _ = rules.final_ranking(self.votes(), self.num_players)
        return win_shares([seat for i in winning for seat in sides[i]], self.num_players)

    def result(self) -> Result:
        """Factions won per seat (a team's count for each partner), and the winners."""
        if not self.is_over:
            raise RegencyError("the game is not over yet")
        return views.result(self)

    # -- notation and checks ------------------------------------------------------------

    def parse_action(self, text: str, *, list_legal: bool = True) -> ClaimAction:
        """Read a play (``KN9``) or a take (``take UN3``, ``take deck``; ``take`` optional).

        Raises:
            IllegalActionError: saying why the text is not a legal action now.
        """
        if self._turn < 0:
            raise GameOverError(f"the game is over; {quote(text)} cannot be played")
        words = normalize_notation(check_notation(text)).split()
        if self._decision == _TAKE:
            if words[:1] == ["TAKE"]:
                words = words[1:]
            if len(words) == 1:
                if words[0] == "DECK" and TAKE_DECK in self.legal_actions():
                    return TAKE_DECK
                kind = CODE_TO_KIND.get(words[0])
                if kind is not None and TAKE[kind] in self.legal_actions():
                    return TAKE[kind]
        elif len(words) == 1:
            kind = CODE_TO_KIND.get(words[0])
            if kind is not None and PLAY[kind] in self.legal_actions():
                return PLAY[kind]
        raise IllegalActionError(self.why_illegal(text, list_legal=list_legal))

    @classmethod
    def action_from_notation(cls, text: object) -> ClaimAction:
        """Read a move with no game in progress (see ``actions.action_from_notation``)."""
        return action_from_notation(text)

    def why_illegal(self, action: ClaimAction | str, *, list_legal: bool = True) -> str:
        """Explain, in a player's terms, why ``action`` cannot be taken now.

        Cards are named in words (``Doppelganger 7``), as the table shows them. With
        ``list_legal`` the message lists the legal moves, which name cards in the
        mover's hand: relay such a message to the mover alone (``refusals.py``).
        """
        return refusals.reason(self, action, list_legal)

    def _describe(self, action: ClaimAction) -> str:
        """A play is the card's name (``Doppelganger 7``); a take says what is taken."""
        return refusals.describe(action)

    # -- hidden worlds ----------------------------------------------------------------------

    @classmethod
    def world_weigher(cls, observation: dict[str, Any]) -> Callable[[Self], float] | None:
        """How likely a world makes the rivals' plays this phase (see ``inference.py``)."""
        from regency.games.claim.inference import world_weigher

        return world_weigher(observation)

    def relabelled(self, rng: random.Random) -> Self:
        """A copy with the copies of each code swapped among their card ids."""
        from regency.games.claim.worlds import relabel

        return relabel(self, rng)

"""Claim Kingdoms for 2-4 players: the game state.

The game (rules in ``docs/rules/claim-kingdoms.md``): players take turns placing their
one card on the grid next to another card, putting a marker on it, using its faction's
power, and taking a new card from the display or the deck. When a supply of markers
runs out, or every card is placed, each faction scores its points for the players with
the most markers on its face-up cards (R-CK-9, R-CK-10).

Notation (``actions.py``): ``place 1,0``, ``score row``, ``flip 0,1``, ``take goblins``...
Squares are ``x,y`` relative to the first card at ``0,0``, with ``y`` counting up.

Representation: a card is its faction (an int); the grid is a dict square -> card and a
dict square -> marker bit mask (``rules.py``); the draw deck is a list with its top card
last, so drawing is ``pop()``. The empty squares next to a card are kept up to date, so
placing is cheap (as a sorted list of the shared place actions: the legal places are
that list). ``clone()`` copies a handful of small dicts and lists. Each decision
has a ``_begin_<step>`` that works out its options and resolves it outright when there
is nothing to choose, and an ``_apply_<step>``.

Beside this module: ``rules.py`` (the rules as pure functions), ``powers.py`` (using a
power), ``turns.py`` (the record of each turn), ``setup.py`` (factions and dealing),
``views.py`` (what each seat sees), ``worlds.py`` (deck knowledge and hidden-card
worlds), ``refusals.py`` (why a move is refused), ``positions.py`` (positions set up by
hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, Self, cast

from regency.core.errors import GameOverError, IllegalActionError, RegencyError, quote
from regency.core.game import Game, GameViews, GameWorlds, Result, check_notation, win_shares
from regency.core.rng import shuffle, stream
from regency.games.claim_kingdoms import effects, powers, rules, views, worlds
from regency.games.claim_kingdoms.actions import (
    COPY,
    DRAW,
    KEEP,
    KEEP_STEP,
    MARK,
    OVER,
    PASS,
    PASS_ACTION,
    PLACE_STEP,
    POWER_STEP,
    REMOVE,
    STEP_NAMES,
    TAKE,
    TAKE_STEP,
    Action,
    NotationError,
    action_from_notation,
    copy_action,
    extend_frontier,
    keep_action,
    places,
    read_action,
    take_options,
)
from regency.games.claim_kingdoms.factions import MARKERS, Faction
from regency.games.claim_kingdoms.grid import square
from regency.games.claim_kingdoms.refusals import explain, with_legal
from regency.games.claim_kingdoms.setup import deal
from regency.games.claim_kingdoms.turns import Turn, placed, skipped, with_power, with_take
from regency.games.claim_kingdoms.worlds import Group, put_back, revealed, saw_refill, took_blind

if TYPE_CHECKING:
    pass

__all__ = ["ClaimKingdomsState", "Turn"]

DISPLAY_SIZE: Final = 3
LOOK_SIZE: Final = 3

_SEERS: Final = Faction.SEERS
_KNIGHTS: Final = Faction.KNIGHTS


class ClaimKingdomsState(Game[Action]):
    """A game of Claim Kingdoms for 2-4 players.

    Create it with ``regency.new_game("claim-kingdoms", players=2, seed=42)``; options:
    ``factions`` (a list of 7/8/9 faction names, or ``"random"``: drawn from the seed),
    ``deck`` (a stacked deal: the faction of every card, the middle card first, then the
    display left to right, one card per seat, then the draw deck top first) and
    ``first`` (the seat that starts; drawn from the seed when not given).
    """

    name = "claim-kingdoms"
    title = "Claim Kingdoms"
    views: ClassVar[GameViews] = views  # observation, state_dict: what each seat sees
    worlds: ClassVar[GameWorlds] = worlds  # sample_world, world_sampler, resample_hidden

    __slots__ = (
        "_at",
        "_cards",
        "_copied",
        "_deck",
        "_display",
        "_end",
        "_ended_by",
        "_frontier",
        "_hands",
        "_known",
        "_looking",
        "_looks",
        "_marks",
        "_options",
        "_points",
        "_power",
        "_public_hands",
        "_removed",
        "_seer",
        "_step",
        "_supply",
        "_turn",
        "_turns",
        "factions",
        "first",
    )

    factions: tuple[Faction, ...]
    """The factions in play, in :class:`Faction` order."""
    first: int
    """The seat that started the game."""

    _cards: dict[int, int]  # square -> faction (+ DOWN when face down), in placing order
    _marks: dict[int, int]  # square -> marker bits (1 << seat), face-up cards only
    _frontier: list[Action]  # placing on each empty square next to a card, by square
    _supply: list[int]
    _points: list[int]  # points from powers
    _hands: list[int]  # faction, or -1 for no card
    _public_hands: int  # bits of the seats whose card everyone saw taken from the display
    _deck: list[int]  # top card last
    # Short sequences written once or twice a turn are tuples, replaced when they
    # change, so that clone() shares them instead of copying them.
    _display: tuple[int, ...]
    _looking: tuple[int, ...]  # what a Seer is looking at
    _known: list[tuple[Group, ...]]  # each seat's deck knowledge (worlds.py)
    _turns: list[Turn]
    _looks: int  # Seer shuffles so far: each draws its own seeded stream
    _turn: int  # the seat to decide, -1 once over
    _step: int
    _options: tuple[Action, ...]  # the legal actions now
    _at: int  # the square of the card placed this turn
    _power: int  # the faction whose power is being used (a copy's, for Doppelgangers)
    _copied: bool
    _removed: int  # markers a Knight removed so far this turn
    _seer: bool  # whether the take may be a Seer's look
    _end: str  # "", "supply" or "cards"
    _ended_by: int  # the seat whose supply ran out

    # -- setting up ---------------------------------------------------------------------

    @classmethod
    def create(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Deal a new game (see the class docstring for the options; ``setup.deal``)."""
        factions, order, first, normalized = deal(players, seed, options)
        state = cls.__new__(cls)
        state._blank(players, seed, normalized, factions, first)
        state._cards[square(0, 0)] = order[0]  # R-CK-1: face up, no marker
        state._frontier = places(rules.open_squares(state._cards))
        state._display = tuple(order[1 : 1 + DISPLAY_SIZE])
        state._hands = order[1 + DISPLAY_SIZE : 1 + DISPLAY_SIZE + players]
        state._deck = order[1 + DISPLAY_SIZE + players :][::-1]  # top card last
        state._begin_turn(first)
        return state

    def _blank(
        self,
        players: int,
        seed: int,
        options: dict[str, Any],
        factions: tuple[Faction, ...],
        first: int,
    ) -> None:
        """Set every field for a game with no card anywhere yet."""
        self._init_common(players, seed, options)
        self.factions = factions
        self.first = first
        self._cards = {}
        self._marks = {}
        self._frontier = []
        self._supply = [MARKERS] * players
        self._points = [0] * players
        self._hands = [-1] * players
        self._public_hands = 0
        self._deck = []
        self._display = ()
        self._looking = ()
        self._known = [()] * players
        self._turns = []
        self._looks = 0
        self._turn = first
        self._step = PLACE_STEP
        self._options = ()
        self._at = -1
        self._power = -1
        self._copied = False
        self._removed = 0
        self._seer = False
        self._end = ""
        self._ended_by = -1

    @classmethod
    def from_position(cls, **position: Any) -> Self:
        """Set up a position by hand, for teaching, puzzles and rule tests.

        See :func:`regency.games.claim_kingdoms.positions.build_position` for the
        keywords. The position has no record.

        Raises:
            GameOptionError: if a card is unknown, cards are missing or repeated, or the
                grid breaks the rules.
        """
        from regency.games.claim_kingdoms.positions import build_position

        return build_position(cls, **position)

    # -- the Game contract ----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to decide, or ``None`` once the game is over."""
        return self._turn if self._turn >= 0 else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._turn < 0

    @property
    def decision(self) -> str | None:
        """What the player to move decides: ``place``, ``power``, ``take`` or ``keep``."""
        return STEP_NAMES.get(self._step)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take now (empty once the game is over)."""
        return self._options

    def _apply(self, action: Action) -> None:
        step = self._step
        if step == PLACE_STEP:
            self._apply_place(action.square)
        elif step == POWER_STEP:
            self._apply_power(action)
        elif step == TAKE_STEP:
            self._apply_take(action)
        else:
            self._apply_keep(action.arg)

    def _new_instance(self) -> Self:
        return cast(Self, ClaimKingdomsState())  # see Game._new_instance

    def clone(self) -> Self:
        """Return an independent copy (a few small dicts and lists; cards are ints)."""
        new = self._copy_common()
        new.factions = self.factions
        new.first = self.first
        new._cards = self._cards.copy()
        new._marks = self._marks.copy()
        new._frontier = self._frontier.copy()
        new._supply = self._supply.copy()
        new._points = self._points.copy()
        new._hands = self._hands.copy()
        new._public_hands = self._public_hands
        new._deck = self._deck.copy()
        new._display = self._display  # tuples: replaced, never changed
        new._looking = self._looking
        new._known = self._known.copy()  # groups are immutable tuples
        new._turns = self._turns  # shared, like the log (Game._own_records)
        new._looks = self._looks
        new._turn = self._turn
        new._step = self._step
        new._options = self._options  # an immutable tuple
        new._at = self._at
        new._power = self._power
        new._copied = self._copied
        new._removed = self._removed
        new._seer = self._seer
        new._end = self._end
        new._ended_by = self._ended_by
        return new

    def _own_records(self) -> None:
        super()._own_records()
        self._turns = self._turns.copy()

    # -- a turn: placing ------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self._turn = seat
        self._step = PLACE_STEP
        self._at = -1
        self._power = -1
        self._copied = False
        self._removed = 0
        self._seer = False
        self._options = self._place_options()

    def _place_options(self) -> tuple[Action, ...]:
        return tuple(self._frontier)

    def _apply_place(self, sq: int) -> None:
        seat = self._turn
        card = self._hands[seat]
        self._hands[seat] = -1
        self._public_hands &= ~(1 << seat)
        cards = self._cards
        cards[sq] = card
        self._marks[sq] = 1 << seat
        self._supply[seat] -= 1
        extend_frontier(self._frontier, cards, sq)
        known = self._known
        for other in range(self.num_players):
            if known[other] and other != seat:
                known[other] = revealed(known[other], seat, card)
        if self._records_shared:
            self._own_records()
        self._turns.append(placed(seat, card, sq))
        self._at = sq
        if self._supply[seat] == 0:  # R-CK-9: the game ends at once, no power resolves
            self._finish("supply")
            return
        self._power = card
        self._seer = card == _SEERS  # R-CK-8: the Seer's power comes at the take
        self._begin_power()

    # -- a turn: the power ----------------------------------------------------------------

    def _begin_power(self) -> None:
        """Offer the placed card's power; skip it when it could do nothing."""
        uses = powers.uses(self, self._power)
        if not uses:
            self._begin_take()
            return
        self._step = POWER_STEP
        self._options = (*uses, PASS_ACTION)

    def _power_options(self) -> tuple[Action, ...]:
        """The options of the power decision in progress (for rebuilt worlds)."""
        uses = powers.uses(self, self._power)
        if self._copied and not self._removed:
            return uses  # having copied a power, the player uses it
        return (*uses, PASS_ACTION)

    def _apply_power(self, action: Action) -> None:
        kind = action.kind
        if kind == PASS:
            self._begin_take()
            return
        if kind == COPY:
            self._copy(action.arg)
            return
        seat = self._turn
        gained = powers.use_power(self, action)
        self._points[seat] += gained
        if self._records_shared:
            self._own_records()
        self._turns[-1] = with_power(self._turns[-1], str(action), gained)
        if kind == MARK and self._supply[seat] == 0:
            self._finish("supply")  # R-CK-9, even in the middle of a turn
            return
        if kind == REMOVE and self._removed < 2:  # R-CK-4: up to two markers
            more = powers.uses(self, _KNIGHTS)
            if more:
                self._step = POWER_STEP
                self._options = (*more, PASS_ACTION)
                return
        self._begin_take()

    def _copy(self, faction: int) -> None:
        """A Doppelganger takes on an adjacent card's power (the seed's list)."""
        if self._records_shared:
            self._own_records()
        self._turns[-1] = with_power(self._turns[-1], str(copy_action(faction)), 0)
        self._power = faction
        self._copied = True
        if faction == _SEERS:
            self._seer = True
            self._begin_take()
            return
        uses = powers.uses(self, faction)
        if len(uses) == 1:
            self._apply_power(uses[0])  # nothing to choose: use it
            return
        self._step = POWER_STEP
        self._options = uses

    # -- a turn: taking a card ------------------------------------------------------------

    def _take_options(self) -> tuple[Action, ...]:
        return take_options(self._display, bool(self._deck), self._seer)

    def _begin_take(self) -> None:
        self._step = TAKE_STEP
        options = self._take_options()
        if not options:
            self._end_turn()  # nothing left to take
        elif len(options) == 1:
            self._apply_take(options[0])  # nothing to choose
        else:
            self._options = options

    def _apply_take(self, action: Action) -> None:
        seat = self._turn
        kind = action.kind
        if kind == TAKE:
            display = list(self._display)
            slot = display.index(action.arg)
            self._hands[seat] = action.arg
            self._public_hands |= 1 << seat
            refill = []
            if self._deck:
                card = self._deck.pop()
                display[slot] = card  # the refill goes in the emptied slot
                saw_refill(self._known, card)
                refill.append(card)
            else:
                del display[slot]
            self._display = tuple(display)
            self._note_take(str(action), -1, (), refill)
            self._end_turn()
        elif kind == DRAW:
            card = self._deck.pop()
            self._hands[seat] = card
            took_blind(self._known, seat, (card,))
            self._note_take("draw", card, (), self._refill())
            self._end_turn()
        else:  # LOOK
            deck = self._deck
            looked = [deck.pop() for _ in range(min(LOOK_SIZE, len(deck)))]
            self._looking = tuple(looked)
            took_blind(self._known, seat, looked)
            self._note_take("look", -1, tuple(looked), [])
            options = tuple(keep_action(f) for f in sorted(set(looked)))
            if len(options) == 1:
                self._apply_keep(looked[0])
            else:
                self._step = KEEP_STEP
                self._options = options

    def _apply_keep(self, faction: int) -> None:
        """The Seer keeps one card of ``faction`` and shuffles the rest back (R-CK-8)."""
        seat = self._turn
        looked = list(self._looking)
        looked.remove(faction)
        self._hands[seat] = faction
        if looked:
            self._known[seat] = put_back(self._known[seat], looked)
            self._deck.extend(looked)
            shuffle(stream(self.seed, "seer", self._looks), self._deck)  # R-ALL-1
        self._looks += 1
        self._looking = ()
        self._note_take("look", faction, self._turns[-1].looked, self._refill())
        self._end_turn()

    def estimate(self) -> list[float]:
        """Each seat's points if the game ended now (R-CK-10)."""
        return [float(total) for total in self.scores()[0]]

    def chance_key(self, seat: int) -> tuple[int, ...]:
        """What ``seat`` has seen come out of the deck: its card, the display, a Seer's look.

        Search keeps positions apart by these, since the next decisions depend on them.
        """
        looking = tuple(sorted(self._looking)) if self._turn == seat else ()
        return (self._hands[seat], *self._display, -1, *looking)

    def _refill(self) -> list[int]:
        """Fill the display up to three from the deck; return what was turned up."""
        turned: list[int] = []
        while len(self._display) + len(turned) < DISPLAY_SIZE and self._deck:
            card = self._deck.pop()
            saw_refill(self._known, card)
            turned.append(card)
        if turned:
            self._display = (*self._display, *turned)
        return turned

    def _note_take(self, take: str, got: int, looked: tuple[int, ...], refill: list[int]) -> None:
        if self._records_shared:
            self._own_records()
        self._turns[-1] = with_take(self._turns[-1], take, got, looked, tuple(refill))

    # -- between turns and the end ------------------------------------------------------

    def _end_turn(self) -> None:
        """Pass the turn on, skipping players without a card; or end the game (R-CK-9)."""
        hands = self._hands
        if not self._deck and not self._display and max(hands) < 0:
            self._finish("cards")
            return
        n = self.num_players
        for step in range(1, n + 1):
            seat = (self._turn + step) % n
            if hands[seat] >= 0:
                self._begin_turn(seat)
                return
            if self._records_shared:
                self._own_records()
            self._turns.append(skipped(seat))  # no card
        raise RegencyError("no player holds a card but cards remain")  # unreachable

    def _finish(self, reason: str) -> None:
        self._end = reason
        self._ended_by = self._turn if reason == "supply" else -1
        self._turn = -1
        self._step = OVER
        self._options = ()

    # -- scoring --------------------------------------------------------------------------

    def marker_counts(self) -> list[list[int]]:
        """Markers per faction in play per seat, on face-up cards, in ``factions`` order."""
        counts = rules.marker_counts(self._cards, self._marks, self.num_players)
        return [counts[f] for f in self.factions]

    def scores(self) -> tuple[list[int], list[int], list[list[int]]]:
        """Each seat's score as things stand, with its breakdown (R-CK-10).

        Returns:
            The totals per seat, the points from factions per seat, and each faction's
            controllers (in ``factions`` order).
        """
        return rules.score_table(self.factions, self.marker_counts(), self._points)

    def rewards(self) -> list[float]:
        """Each seat's share of the win, without the breakdown (for search)."""
        if not self.is_over:
            raise RegencyError("the game is not over yet")
        winners, _ = rules.final_ranking(self.scores()[0], self._supply)
        return win_shares(winners, self.num_players)

    def result(self) -> Result:
        """Final points per seat, the winners and the breakdown (R-CK-10; ``views.py``)."""
        if not self.is_over:
            raise RegencyError("the game is not over yet")
        return views.result(self)

    # -- notation and checks ------------------------------------------------------------

    def parse_action(self, text: str, *, list_legal: bool = True) -> Action:
        """Read an action in notation (``place 1,0``, ``score row``, ``take goblins``...).

        Raises:
            IllegalActionError: saying why the text is not a legal action now.
        """
        if self._turn < 0:
            raise GameOverError(f"the game is over; {quote(text)} cannot be played")
        try:
            action = read_action(check_notation(text), self.num_players)
        except NotationError as exc:
            raise IllegalActionError(self._with_legal(str(exc), list_legal)) from None
        if action in self._options:
            return action
        raise IllegalActionError(self.why_illegal(action, list_legal=list_legal))

    @classmethod
    def action_from_notation(cls, text: object) -> Action:
        """Read a move with no game in progress (see ``actions.action_from_notation``)."""
        return action_from_notation(text)

    def public_action(self, action: Action, seat: int | None) -> str:
        """How ``seat`` sees ``action``: which card a Seer keeps is the Seer's secret."""
        if action.kind == KEEP and seat != self._turn:
            return "keep ?"
        return str(action)

    def _describe(self, action: Action) -> str:
        """The move in words, in this position (``place Giants at 0,-2``; ``effects.py``)."""
        return effects.describe(self, action)

    def _with_legal(self, reason: str, list_legal: bool) -> str:
        """``reason``, followed by the legal moves when they may be listed."""
        return with_legal(self, reason, list_legal)

    def why_illegal(self, action: Action | str, *, list_legal: bool = True) -> str:
        """Explain, in a player's terms, why ``action`` cannot be taken now (``refusals.py``)."""
        return explain(self, action, list_legal)

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

Beside this module: ``rules.py`` (the rules as pure functions), ``views.py`` (what each
seat sees), ``worlds.py`` (deck knowledge and hidden-card worlds), ``refusals.py`` (why a
move is refused), ``positions.py`` (positions set up by hand).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Self, cast

from regency.core.errors import GameOverError, IllegalActionError, RegencyError, quote
from regency.core.game import Game, Result, check_notation, win_shares
from regency.core.rng import randbelow, shuffle, stream
from regency.games.claim_kingdoms import effects, rules, views
from regency.games.claim_kingdoms.actions import (
    COPY,
    DRAW,
    DRAW_ACTION,
    FLIP,
    KEEP,
    KEEP_STEP,
    LOOK_ACTION,
    MARK,
    OVER,
    PASS,
    PASS_ACTION,
    PLACE_ACTIONS,
    PLACE_STEP,
    POWER_STEP,
    REMOVE,
    SCORE,
    SCORE_ACTION,
    SCORE_COLUMN,
    SCORE_ROW,
    STEP_NAMES,
    SWAP,
    TAKE,
    TAKE_STEP,
    Action,
    NotationError,
    action_from_notation,
    copy_action,
    is_well_formed,
    keep_action,
    new_action,
    places,
    read_action,
    take_action,
)
from regency.games.claim_kingdoms.factions import (
    CARDS_PER_FACTION,
    COLOURS,
    MARKERS,
    Faction,
    names_of,
)
from regency.games.claim_kingdoms.grid import COLUMN, ORTHOGONAL, ROW, square
from regency.games.claim_kingdoms.refusals import reason
from regency.games.claim_kingdoms.rules import DOWN
from regency.games.claim_kingdoms.setup import (
    parse_factions,
    parse_first,
    random_factions,
    stacked_deck,
)
from regency.games.claim_kingdoms.worlds import (
    Group,
    link,
    revealed,
    seen_leaving,
)

if TYPE_CHECKING:
    from regency.core.arrays import ArraySpec, ArrayWriter

__all__ = ["ClaimKingdomsState", "Turn"]

DISPLAY_SIZE: Final = 3
LOOK_SIZE: Final = 3

_GOBLINS: Final = Faction.GOBLINS
_DWARVES: Final = Faction.DWARVES
_GNOMES: Final = Faction.GNOMES
_TROLLS: Final = Faction.TROLLS
_UNDEAD: Final = Faction.UNDEAD
_DRAGONS: Final = Faction.DRAGONS
_DOPPEL: Final = Faction.DOPPELGANGERS
_SEERS: Final = Faction.SEERS
_GIANTS: Final = Faction.GIANTS
_KNIGHTS: Final = Faction.KNIGHTS


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


def _turn(
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
        """Deal a new game (see the class docstring for the options)."""
        spec = options.get("factions")
        names = options.get("deck")
        first = parse_first(options.get("first"), players)
        factions: tuple[Faction, ...] | None = None
        if spec is not None:
            factions = parse_factions(spec, players, stream(seed, "factions"))
        rng = random.Random(seed)
        if names is not None:
            factions, order = stacked_deck(names, players, factions)
        else:
            if factions is None:  # R-CK-11: drawn from the seed
                factions = random_factions(players, stream(seed, "factions"))
            order = [int(f) for f in factions for _ in range(CARDS_PER_FACTION)]
            shuffle(rng, order)
        if first is None:
            first = randbelow(rng, players)  # the rulebook's "choose who starts"
        normalized: dict[str, Any] = {"factions": names_of(factions)}
        if names is not None:
            normalized["deck"] = names_of(order)
        if options.get("first") is not None:
            normalized["first"] = first
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
        frontier = self._frontier
        # Kept sorted with bisect (actions compare as (PLACE, square, 0) tuples): the
        # legal places are then the list itself, where sorting a set of squares every
        # turn was a tenth of a game.
        del frontier[bisect_left(frontier, PLACE_ACTIONS[sq])]
        for d in ORTHOGONAL:
            if sq + d not in cards:
                place = PLACE_ACTIONS[sq + d]
                at = bisect_left(frontier, place)
                if at == len(frontier) or frontier[at] is not place:
                    frontier.insert(at, place)
        known = self._known
        for other in range(self.num_players):
            if known[other] and other != seat:
                known[other] = revealed(known[other], seat, card)
        if self._records_shared:
            self._own_records()
        self._turns.append(_turn(seat, card, sq, (), 0, "", -1, (), ()))
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
        uses = self._uses(self._power)
        if not uses:
            self._begin_take()
            return
        self._step = POWER_STEP
        self._options = (*uses, PASS_ACTION)

    def _power_options(self) -> tuple[Action, ...]:
        """The options of the power decision in progress (for rebuilt worlds)."""
        uses = self._uses(self._power)
        if self._copied and not self._removed:
            return uses  # having copied a power, the player uses it
        return (*uses, PASS_ACTION)

    def _uses(self, faction: int) -> tuple[Action, ...]:
        """Every way of using ``faction``'s power from the card just placed.

        Only ways that do something; empty when the power could do nothing.
        """
        cards = self._cards
        marks = self._marks
        at = self._at
        seat = self._turn
        if faction == _GOBLINS:
            return (SCORE_ACTION,) if rules.goblin_points(cards, marks, seat) else ()
        if faction == _DWARVES:
            return (SCORE_ACTION,) if rules.dwarf_points(cards, at) else ()
        if faction == _DRAGONS:
            return (SCORE_ACTION,) if rules.dragon_points(cards, at) else ()
        if faction == _TROLLS:
            return (SCORE_ROW, SCORE_COLUMN)
        if faction == _GNOMES:  # R-CK-6: the point, then the marker if it can go anywhere
            targets = rules.gnome_targets(cards, marks, at, seat)
            return tuple(new_action(MARK, t) for t in targets) if targets else (SCORE_ACTION,)
        if faction == _KNIGHTS:
            knights = rules.knight_targets(cards, marks, at)
            return tuple(new_action(REMOVE, t, s) for t, s in knights)
        if faction == _UNDEAD:
            return tuple(
                new_action(SWAP, t, s) for t, s in rules.undead_targets(cards, marks, at, seat)
            )
        if faction == _GIANTS:
            return tuple(new_action(FLIP, t) for t in rules.giant_targets(cards, at))
        if faction == _DOPPEL and not self._copied:
            return tuple(
                copy_action(f)
                for f in rules.copyable(cards, at)
                if (self._deck if f == _SEERS else self._uses(f))
            )
        return ()  # Seers act at the take; a Doppelganger's copy of a Doppelganger is void

    def _apply_power(self, action: Action) -> None:
        kind = action.kind
        if kind == PASS:
            self._begin_take()
            return
        if kind == COPY:
            self._copy(action.arg)
            return
        seat = self._turn
        cards = self._cards
        marks = self._marks
        at = self._at
        gained = 0
        if kind == SCORE:
            power = self._power
            if power == _GOBLINS:
                gained = rules.goblin_points(cards, marks, seat)
            elif power == _DWARVES:
                gained = rules.dwarf_points(cards, at)
            elif power == _DRAGONS:
                gained = rules.dragon_points(cards, at)
            elif power == _TROLLS:
                gained = rules.troll_points(cards, at, ROW if action.arg == 1 else COLUMN)
            else:
                gained = 1  # a Gnome with nowhere to put its marker
        elif kind == MARK:
            gained = 1
            marks[action.square] = marks.get(action.square, 0) | 1 << seat
            self._supply[seat] -= 1
        elif kind == REMOVE:
            left = marks[action.square] & ~(1 << action.arg)
            if left:
                marks[action.square] = left
            else:
                del marks[action.square]
            self._supply[action.arg] += 1
            self._removed += 1
        elif kind == SWAP:
            mine, theirs = 1 << seat, 1 << action.arg
            marks[at] = marks[at] ^ mine | theirs
            marks[action.square] = marks[action.square] ^ theirs | mine
        else:  # FLIP, R-CK-7
            for owner in rules.seats_of(marks.pop(action.square, 0)):
                self._supply[owner] += 1
            cards[action.square] += DOWN
        self._points[seat] += gained
        if self._records_shared:
            self._own_records()
        t = self._turns[-1]
        used = (*t.power, str(action))
        self._turns[-1] = _turn(
            t.seat, t.card, t.at, used, t.points + gained, t.take, t.got, t.looked, t.refill
        )
        if kind == MARK and self._supply[seat] == 0:
            self._finish("supply")  # R-CK-9, even in the middle of a turn
            return
        if kind == REMOVE and self._removed < 2:  # R-CK-4: up to two markers
            more = self._uses(_KNIGHTS)
            if more:
                self._step = POWER_STEP
                self._options = (*more, PASS_ACTION)
                return
        self._begin_take()

    def _copy(self, faction: int) -> None:
        """A Doppelganger takes on an adjacent card's power (the seed's list)."""
        if self._records_shared:
            self._own_records()
        t = self._turns[-1]
        power = (*t.power, str(copy_action(faction)))
        self._turns[-1] = _turn(
            t.seat, t.card, t.at, power, t.points, t.take, t.got, t.looked, t.refill
        )
        self._power = faction
        self._copied = True
        if faction == _SEERS:
            self._seer = True
            self._begin_take()
            return
        uses = self._uses(faction)
        if len(uses) == 1:
            self._apply_power(uses[0])  # nothing to choose: use it
            return
        self._step = POWER_STEP
        self._options = uses

    # -- a turn: taking a card ------------------------------------------------------------

    def _take_options(self) -> tuple[Action, ...]:
        seen = 0
        options = []
        for f in self._display:
            if not seen >> f & 1:
                seen |= 1 << f
                options.append(take_action(f))
        if self._deck:
            options.append(DRAW_ACTION)
            if self._seer:
                options.append(LOOK_ACTION)  # R-CK-8
        return tuple(options)

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
                self._saw_refill(card)
                refill.append(card)
            else:
                del display[slot]
            self._display = tuple(display)
            self._note_take(str(action), -1, (), refill)
            self._end_turn()
        elif kind == DRAW:
            card = self._deck.pop()
            self._hands[seat] = card
            self._took_blind(seat, (card,))
            self._note_take("draw", card, (), self._refill())
            self._end_turn()
        else:  # LOOK
            deck = self._deck
            looked = [deck.pop() for _ in range(min(LOOK_SIZE, len(deck)))]
            self._looking = tuple(looked)
            self._took_blind(seat, looked)
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
            counts = [0] * len(Faction)
            for f in looked:
                counts[f] += 1
            self._known[seat] = (*self._known[seat], (tuple(counts), 0))
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
            self._saw_refill(card)
            turned.append(card)
        if turned:
            self._display = (*self._display, *turned)
        return turned

    def _note_take(self, take: str, got: int, looked: tuple[int, ...], refill: list[int]) -> None:
        if self._records_shared:
            self._own_records()
        t = self._turns[-1]
        self._turns[-1] = _turn(
            t.seat, t.card, t.at, t.power, t.points, take, got, looked, tuple(refill)
        )

    def _saw_refill(self, card: int) -> None:
        """Everyone saw ``card`` leave the deck (a refill)."""
        known = self._known
        for seat in range(self.num_players):
            if known[seat]:
                known[seat] = seen_leaving(known[seat], card)

    def _took_blind(self, taker: int, cards: Any) -> None:
        """``taker`` took ``cards`` from the deck, seen by nobody else."""
        known = self._known
        for seat in range(self.num_players):
            if known[seat]:
                if seat == taker:
                    for card in cards:
                        known[seat] = seen_leaving(known[seat], card)
                else:
                    known[seat] = link(known[seat], taker)

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
            self._turns.append(_turn(seat, -1, 0, (), 0, "", -1, (), ()))  # skipped: no card
        raise RegencyError("no player holds a card but cards remain")  # unreachable

    def _finish(self, reason: str) -> None:
        self._end = reason
        self._ended_by = self._turn if reason == "supply" else -1
        self._turn = -1
        self._step = OVER
        self._options = ()

    def _refresh_options(self) -> None:
        """Work out the options of the decision in progress (after a re-deal)."""
        step = self._step
        if step == PLACE_STEP:
            self._options = self._place_options()
        elif step == POWER_STEP:
            self._options = self._power_options()
        elif step == TAKE_STEP:
            self._options = self._take_options()
        elif step == KEEP_STEP:
            self._options = tuple(keep_action(f) for f in sorted(set(self._looking)))
        else:
            self._options = ()

    def _forget_others(self, seat: int) -> None:
        """Drop what seats other than ``seat`` privately remember (after a re-deal)."""
        for other in range(self.num_players):
            if other != seat:
                self._known[other] = ()
        self._turns = [
            t if t.seat == seat or (t.got < 0 and not t.looked) else t._replace(got=-1, looked=())
            for t in self._turns
        ]

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
        from_factions = [0] * self.num_players
        owners = []
        for faction, counts in zip(self.factions, self.marker_counts(), strict=True):
            seats = rules.controllers(counts)
            owners.append(seats)
            for seat in seats:
                from_factions[seat] += faction.points
        totals = [p + f for p, f in zip(self._points, from_factions, strict=True)]
        return totals, from_factions, owners

    def rewards(self) -> list[float]:
        """Each seat's share of the win, without the breakdown (for search)."""
        if not self.is_over:
            raise RegencyError("the game is not over yet")
        winners, _ = rules.final_ranking(self.scores()[0], self._supply)
        return win_shares(winners, self.num_players)

    def result(self) -> Result:
        """Final points per seat, the winners and the breakdown (R-CK-10)."""
        if not self.is_over:
            raise RegencyError("the game is not over yet")
        totals, from_factions, _ = self.scores()
        winners, reason = rules.final_ranking(totals, self._supply)
        details = {
            "decided_by": reason,
            "end": self._end,
            "ended_by": self._ended_by if self._ended_by >= 0 else None,
            "colours": list(COLOURS[: self.num_players]),
            "power_points": list(self._points),
            "faction_points": from_factions,
            "supplies": list(self._supply),
            "factions": views.standing(self),
        }
        return Result(scores=totals, winners=winners, details=details)

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
    def action_from_notation(cls, text: str) -> Action:
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
        if not list_legal:
            return reason
        return f"{reason} (legal now: {', '.join(str(a) for a in self._options)})"

    def why_illegal(self, action: Action | str, *, list_legal: bool = True) -> str:
        """Explain, in a player's terms, why ``action`` cannot be taken now."""
        if self._turn < 0:
            return "the game is over"
        if isinstance(action, str):
            try:
                action = read_action(check_notation(action), self.num_players)
            except (NotationError, IllegalActionError) as exc:
                return self._with_legal(str(exc), list_legal)
        if not isinstance(action, Action) or not is_well_formed(action, self.num_players):
            # A malformed Action is shown by its fields: its repr may write a legal move's
            # notation (``Action(PLACE, sq, 3)`` prints ``place 0,1``) that it is not.
            shown = tuple(action) if isinstance(action, Action) else action
            return self._with_legal(f"{quote(shown)} is not a Claim Kingdoms action", list_legal)
        return self._with_legal(reason(self, action), list_legal)

    # -- what each seat sees ---------------------------------------------------------------

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Exactly what ``seat`` may see (``None``: a spectator), JSON-ready.

        The one place hidden information is decided: see ``views.py``.
        """
        self._check_seat(seat)
        return views.observation(self, seat)

    def state_dict(self) -> dict[str, Any]:
        """The full state, hidden cards included, JSON-ready (used by saves)."""
        return views.state_dict(self)

    # -- hidden worlds ----------------------------------------------------------------------

    @classmethod
    def sample_world(cls, observation: dict[str, Any], rng: random.Random) -> Self:
        """Deal a full game that agrees with ``observation`` (see ``worlds.py``)."""
        from regency.games.claim_kingdoms.worlds import world_from_observation

        return world_from_observation(cls, observation, rng)

    @classmethod
    def array_writer(cls, spec: ArraySpec) -> ArrayWriter[Action]:
        """The RL environments' fast path to this game's arrays (see ``tensor.py``)."""
        from regency.games.claim_kingdoms.tensor import ClaimKingdomsArrayWriter

        return ClaimKingdomsArrayWriter(spec)

    @classmethod
    def world_sampler(cls, observation: dict[str, Any]) -> Callable[[random.Random], Self]:
        """Read ``observation`` once; deal a fresh consistent world per call."""
        from regency.games.claim_kingdoms.worlds import world_sampler

        return world_sampler(cls, observation)

    def resample_hidden(self, seat: int, rng: random.Random) -> Self:
        """Re-deal what ``seat`` cannot see, from the true state (see ``worlds.py``)."""
        from regency.games.claim_kingdoms.worlds import resample

        self._check_seat(seat)
        return resample(self, seat, rng)

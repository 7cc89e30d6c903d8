"""A rule-based Claim Kingdoms player that a casual player finds sensible.

It reads only its seat's view (observation and legal actions), like every agent, and
looks one decision ahead on a light copy of the grid built from the observation.

How it judges a position: each player's expected score is their points from powers
plus, for each faction, its points times a *share* that grows with the player's lead in
markers on it (a clear lead is nearly worth the faction, a tie is worth a good part of
it since tied players all score, trailing is worth little); the position's value is its
own expected score less its strongest rival's (and a little of the others'). Near the end
(a supply almost empty) the shares harden into who controls what now.

* Placing: every open square is tried with the best use of the card's power there.
* The power: every legal option is tried and the best kept (``pass`` when all hurt).
* Taking: a display card is worth the best placement it would have now; a blind draw
  the average over the cards it cannot see; a Seer's look the expected best of three.
* Keeping (after a look): the card with the best placement.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from regency.core.view import SeatView
from regency.games.claim_kingdoms import rules
from regency.games.claim_kingdoms.actions import (
    COPY,
    DRAW,
    FLIP,
    MARK,
    PASS,
    PLACE,
    REMOVE,
    SCORE,
    SWAP,
    TAKE,
    Action,
)
from regency.games.claim_kingdoms.factions import CARDS_PER_FACTION, Faction
from regency.games.claim_kingdoms.grid import COLUMN, ROW, square

__all__ = ["Board", "choose", "expected_points", "judge", "ranked", "win_chances"]

_SEER_LOOK = 1.0
"""What the chance to pick from three cards adds to placing a Seer (roughly)."""

_LOOK_SAMPLES = 40
"""Draws of three sampled to value a Seer's look."""

_POINTS = tuple(f.points for f in Faction)

_SCORERS = frozenset((Faction.GOBLINS, Faction.DWARVES, Faction.DRAGONS))
"""The factions whose one use of the power is to score (when it makes a point)."""


def _share(margin: int) -> float:
    """A player's expected share of a faction's points given its lead in markers."""
    if margin > 0:
        return 1.0 - 0.5 * 0.5**margin  # +1: 0.75, +2: 0.875
    if margin == 0:
        return 0.6  # tied players all score, but a tie is easily broken
    return 0.5 * 0.5 ** (-margin)  # -1: 0.25, -2: 0.125


def _faction_gains(row: Sequence[int], points: int, hard: bool) -> tuple[tuple[int, float], ...]:
    """What each seat with markers on a faction expects from it: ``(seat, points)`` pairs.

    Args:
        row: Each seat's markers on the faction's face-up cards.
        points: What the faction is worth to the seats that control it.
        hard: Judge control as it stands (the end is near): the leaders score it all.
            Otherwise a seat expects its share (:func:`_share`) by its lead over its
            strongest rival.
    """
    top = max(row)
    if top == 0:
        return ()
    gains: list[tuple[int, float]] = []
    for seat, mine in enumerate(row):
        if not mine:
            continue
        if hard:
            if mine == top:
                gains.append((seat, float(points)))
            continue
        rival = max(c for s, c in enumerate(row) if s != seat)
        gains.append((seat, points * _share(mine - rival)))
    return tuple(gains)


_GAINS: dict[tuple[int, bool, tuple[int, ...]], tuple[tuple[int, float], ...]] = {}
""":func:`_faction_gains` by ``(faction, hard, row)``: at most 2 x 10 factions x 8**4
rows of 0-7 markers (four seats), a few thousand in practice."""


_VALUES: dict[tuple[Any, ...], float] = {}
""":meth:`Board.value` by what it reads: the seat judging, ``hard``, each seat's points
and each faction's row of markers. (The factions in play are always summed in
:class:`Faction` order, so equal keys give equal values to the last bit.)"""

_VALUES_KEPT = 50_000
"""At most this many values are kept (about 12 MB; a late 4-player decision of
``rollout`` judges some 8,000 different boards)."""


class Board:
    """The grid, markers and points as a seat sees them, cheap to copy and change.

    Attributes:
        cards: Square -> faction (+ ``rules.DOWN`` face down).
        marks: Square -> marker bits.
        points: Points from powers per seat.
        counts: Markers per faction (all ten) per seat, on face-up cards.
        me: The seat judging.
        factions: The factions in play.
        hard: Whether to judge by control as it stands (the end is near).
    """

    __slots__ = ("cards", "counts", "factions", "hard", "marks", "me", "points")

    def __init__(
        self,
        cards: dict[int, int],
        marks: dict[int, int],
        points: list[int],
        me: int,
        factions: Sequence[int],
        hard: bool,
        counts: list[tuple[int, ...]] | None = None,
    ) -> None:
        self.cards = cards
        self.marks = marks
        self.points = points
        self.me = me
        self.factions = factions
        self.hard = hard
        if counts is None:
            counts = [tuple(row) for row in rules.marker_counts(cards, marks, len(points))]
        # Rows are tuples, replaced when they change: a copy (search makes hundreds of
        # thousands) copies the list of ten rows, not each row.
        self.counts = counts

    @classmethod
    def from_observation(cls, obs: dict[str, Any], me: int) -> Board:
        """The board of an observation, judged for seat ``me``."""
        cards: dict[int, int] = {}
        marks: dict[int, int] = {}
        for entry in obs["grid"]:
            sq = square(entry["x"], entry["y"])
            faction = Faction[entry["faction"].upper()]
            cards[sq] = faction if entry["face_up"] else faction + rules.DOWN
            if entry["markers"]:
                marks[sq] = sum(1 << s for s in entry["markers"])
        factions = [Faction[name.upper()] for name in obs["factions"]]
        hard = min(obs["supplies"]) <= 2
        return cls(cards, marks, list(obs["power_points"]), me, factions, hard)

    def copy(self) -> Board:
        """An independent copy (the counts copied, not counted again)."""
        return Board(
            self.cards.copy(),
            self.marks.copy(),
            self.points.copy(),
            self.me,
            self.factions,
            self.hard,
            self.counts.copy(),
        )

    def _count(self, faction: int, seat: int, change: int) -> None:
        """Add ``change`` to ``seat``'s markers on ``faction``."""
        row = list(self.counts[faction])
        row[seat] += change
        self.counts[faction] = tuple(row)

    # -- changes ----------------------------------------------------------------------

    def place(self, sq: int, faction: int, seat: int) -> None:
        """Put ``seat``'s card of ``faction`` on ``sq`` with its marker."""
        self.cards[sq] = faction
        self.marks[sq] = 1 << seat
        self._count(faction, seat, 1)

    def add_marker(self, sq: int, seat: int) -> None:
        """Put ``seat``'s marker on the card at ``sq``."""
        self.marks[sq] = self.marks.get(sq, 0) | 1 << seat
        self._count(self.cards[sq], seat, 1)

    def remove_marker(self, sq: int, seat: int) -> None:
        """Take ``seat``'s marker off the card at ``sq``."""
        self.marks[sq] &= ~(1 << seat)
        self._count(self.cards[sq], seat, -1)

    def flip(self, sq: int) -> None:
        """Turn the card at ``sq`` face down; its markers go home."""
        faction = self.cards[sq]
        for seat in rules.seats_of(self.marks.pop(sq, 0)):
            self._count(faction, seat, -1)
        self.cards[sq] = faction + rules.DOWN

    # -- judging ------------------------------------------------------------------------

    def value(self) -> float:
        """How good the position is for ``me``: expected score less the rivals'."""
        # Search judges the same boards again and again (in a late 4-player decision, 9
        # calls in 10 meet a board judged before), so values are kept by everything they
        # read. The same computation, kept: the figures are the same to the last bit.
        # Every faction's row is in the key: a faction not in play has none of its cards
        # on the grid, so its row is all zeros and adds nothing.
        key = (self.me, self.hard, *self.points, *self.counts)
        value = _VALUES.get(key)
        if value is None:
            if len(_VALUES) >= _VALUES_KEPT:
                _VALUES.clear()  # a bound on memory; a new decision soon fills it again
            est = self.expected()
            me = self.me
            others = [est[s] for s in range(len(est)) if s != me]
            value = _VALUES[key] = est[me] - 0.75 * max(others) - 0.25 * sum(others) / len(others)
        return value

    def expected(self) -> list[float]:
        """Each seat's expected score: its points and its likely share of each faction."""
        est = [float(p) for p in self.points]
        hard = self.hard
        counts = self.counts
        for faction in self.factions:
            row = counts[faction]
            # A faction's shares depend on its row of markers alone, and rollouts judge
            # the same few rows again and again (about 80% of a rollout's time went here):
            # each row is worked out once. Added in the same order as before, the sums are
            # the same to the last bit, so no move changes.
            key = (faction, hard, row)
            gains = _GAINS.get(key)
            if gains is None:
                gains = _GAINS[key] = _faction_gains(row, _POINTS[faction], hard)
            for seat, gain in gains:
                est[seat] += gain
        return est

    # -- powers ---------------------------------------------------------------------------

    def uses(self, faction: int, sq: int, deck: int, copied: bool = False) -> list[Action]:
        """The ways to use ``faction``'s power from ``sq`` that do something.

        The same as the game offers, ``pass`` aside.
        """
        cards, marks, me = self.cards, self.marks, self.me
        if faction in (Faction.GOBLINS, Faction.DWARVES, Faction.DRAGONS):
            return [Action(SCORE)] if self.score(faction, sq, 0) else []
        if faction == Faction.TROLLS:
            return [Action(SCORE, 0, 1), Action(SCORE, 0, 2)]
        if faction == Faction.GNOMES:
            targets = rules.gnome_targets(cards, marks, sq, me)
            return [Action(MARK, t) for t in targets] if targets else [Action(SCORE)]
        if faction == Faction.KNIGHTS:
            return [Action(REMOVE, t, s) for t, s in rules.knight_targets(cards, marks, sq)]
        if faction == Faction.UNDEAD:
            return [Action(SWAP, t, s) for t, s in rules.undead_targets(cards, marks, sq, me)]
        if faction == Faction.GIANTS:
            return [Action(FLIP, t) for t in rules.giant_targets(cards, sq)]
        if faction == Faction.DOPPELGANGERS and not copied:
            return [
                Action(COPY, 0, f)
                for f in rules.copyable(cards, sq)
                if (deck if f == Faction.SEERS else self.uses(f, sq, deck, copied=True))
            ]
        return []

    def score(self, faction: int, sq: int, line: int) -> int:
        """Points the scoring power of ``faction`` makes from ``sq``."""
        if faction == Faction.GOBLINS:
            return rules.goblin_points(self.cards, self.marks, self.me)
        if faction == Faction.DWARVES:
            return rules.dwarf_points(self.cards, sq)
        if faction == Faction.DRAGONS:
            return rules.dragon_points(self.cards, sq)
        if faction == Faction.TROLLS:
            return rules.troll_points(self.cards, sq, ROW if line == 1 else COLUMN)
        return 1  # a Gnome's point

    def after(self, action: Action, power: int, sq: int) -> Board:
        """The board after ``action``, a power decision for the card on ``sq``.

        After a score it shares this board's grid and markers, which a score leaves as
        they are (search judges hundreds of thousands of these boards, and copying the
        grid was a fifth of the time): change such a board only through :meth:`after`
        or a :meth:`copy`, as the search does.
        """
        kind = action.kind
        if kind == SCORE:
            return self._scored(self.score(power, sq, action.arg))
        board = self.copy()
        if kind == MARK:
            board.points[self.me] += 1
            board.add_marker(action.square, self.me)
        elif kind == REMOVE:
            board.remove_marker(action.square, action.arg)
        elif kind == SWAP:
            board.remove_marker(sq, self.me)
            board.add_marker(sq, action.arg)
            board.remove_marker(action.square, action.arg)
            board.add_marker(action.square, self.me)
        elif kind == FLIP:
            board.flip(action.square)
        return board

    def _scored(self, points: int) -> Board:
        """This board after ``me`` scores ``points``, sharing its grid (see :meth:`after`)."""
        mine = self.points.copy()
        mine[self.me] += points
        return Board(self.cards, self.marks, mine, self.me, self.factions, self.hard, self.counts)

    def best_power(
        self,
        faction: int,
        sq: int,
        deck: int,
        removed: int = 0,
        copied: bool = False,
        must: bool = False,
    ) -> float:
        """The value after the best use of ``faction``'s power from ``sq``.

        Passing counts as a use unless ``must`` (a Doppelganger that chose to copy).
        """
        now = self.value()
        if faction == Faction.SEERS:
            return now + (_SEER_LOOK if deck else 0.0)
        if faction in _SCORERS:  # the one use (:meth:`uses`), its points worked out once
            points = self.score(faction, sq, 0)
            if not points:
                return now
            value = self._scored(points).value()
            return value if must else max(now, value)
        best = float("-inf") if must else now
        for action in self.uses(faction, sq, deck, copied):
            if action.kind == COPY:
                if action.arg == Faction.SEERS:
                    value = now + _SEER_LOOK
                else:
                    value = self.best_power(action.arg, sq, deck, copied=True, must=True)
            else:
                board = self.after(action, faction, sq)
                if action.kind == REMOVE and removed == 0:
                    value = board.best_power(faction, sq, deck, removed=1, copied=True)
                else:
                    value = board.value()
            best = max(best, value)
        return now if best == float("-inf") else best


def _placement_values(
    board: Board, faction: int, squares: list[int], deck: int, supply: int
) -> list[float]:
    """The value of placing a card of ``faction`` on each of ``squares``."""
    me = board.me
    out = []
    undead_value: float | None = None
    for sq in squares:
        after = board.copy()
        after.place(sq, faction, me)
        if supply <= 1:
            after.hard = True  # the last marker ends the game at once: no power (R-CK-9)
            out.append(after.value())
            continue
        if faction == Faction.UNDEAD:
            # Where the Undead lies does not change what it can swap with, so judge the
            # exchange once.
            if undead_value is None:
                undead_value = after.best_power(faction, sq, deck)
            out.append(undead_value)
            continue
        out.append(after.best_power(faction, sq, deck))
    return out


def _open_squares(obs: dict[str, Any]) -> list[int]:
    return [square(x, y) for x, y in obs["open_squares"]]


def _unseen(obs: dict[str, Any]) -> Counter[int]:
    """The cards this seat cannot see (deck and hidden hands), by faction."""
    left: Counter[int] = Counter(
        {int(Faction[name.upper()]): CARDS_PER_FACTION for name in obs["factions"]}
    )
    for entry in obs["grid"]:
        left[Faction[entry["faction"].upper()]] -= 1
    for name in obs["display"]:
        left[Faction[name.upper()]] -= 1
    for entry in obs["hands"]:
        if entry["card"] is not None:
            left[Faction[entry["card"].upper()]] -= 1
    looking = obs["looking"]
    if looking is not None and looking["cards"] is not None:
        for name in looking["cards"]:
            left[Faction[name.upper()]] -= 1
    return +left


def _card_values(obs: dict[str, Any], board: Board, factions: set[int]) -> dict[int, float]:
    """The best placement value of a card of each of ``factions`` on the board as it is."""
    squares = _open_squares(obs)
    supply = obs["supplies"][board.me]
    return {f: max(_placement_values(board, f, squares, obs["deck"], supply)) for f in factions}


def _choose_place(obs: dict[str, Any], board: Board, rng: random.Random) -> Action:
    me = board.me
    hand = Faction[obs["hand"].upper()]
    squares = _open_squares(obs)
    values = _placement_values(board, hand, squares, obs["deck"], obs["supplies"][me])
    best = max(values)
    choices = [sq for sq, v in zip(squares, values, strict=True) if v >= best - 1e-9]
    return Action(PLACE, rng.choice(choices))


def _choose_power(obs: dict[str, Any], board: Board, legal: Sequence[Action]) -> Action:
    sq = square(*obs["placed"])
    power = Faction[obs["power"].upper()]
    deck = obs["deck"]

    def worth(action: Action) -> float:
        if action.kind == PASS:
            return board.value()
        if action.kind == COPY:
            if action.arg == Faction.SEERS:
                return board.value() + _SEER_LOOK
            return board.best_power(action.arg, sq, deck, copied=True, must=True)
        after = board.after(action, power, sq)
        if action.kind == REMOVE and obs["removed"] == 0:
            return after.best_power(power, sq, deck, removed=1, copied=True)
        return after.value()

    # Prefer using the power over passing when it makes no difference.
    return max(legal, key=lambda a: (worth(a), a.kind != PASS))


def _choose_take(
    obs: dict[str, Any], board: Board, legal: Sequence[Action], rng: random.Random
) -> Action:
    unseen = _unseen(obs)
    wanted = {a.arg for a in legal if a.kind == TAKE} | set(unseen)
    values = _card_values(obs, board, wanted)
    pool = [f for f, c in unseen.items() for _ in range(c)]

    def worth(action: Action) -> float:
        if action.kind == TAKE:
            return values[action.arg]
        if not pool:
            return float("-inf")
        if action.kind == DRAW:
            return sum(values[f] for f in pool) / len(pool)
        k = min(3, len(pool))
        return sum(max(values[f] for f in rng.sample(pool, k)) for _ in range(_LOOK_SAMPLES)) / (
            _LOOK_SAMPLES
        )

    return max(legal, key=worth)


def _choose_keep(obs: dict[str, Any], board: Board, legal: Sequence[Action]) -> Action:
    values = _card_values(obs, board, {a.arg for a in legal})
    return max(legal, key=lambda a: values[a.arg])


def choose(view: SeatView[Any], rng: random.Random) -> Hashable:
    """Pick an action for the seat in ``view``; ``rng`` breaks ties between squares."""
    legal: tuple[Action, ...] = tuple(view.legal_actions)
    if len(legal) == 1:
        return legal[0]
    obs = view.observation
    board = Board.from_observation(obs, view.seat)
    decision = obs["decision"]
    if decision == "place":
        choice = _choose_place(obs, board, rng)
    elif decision == "power":
        choice = _choose_power(obs, board, legal)
    elif decision == "take":
        choice = _choose_take(obs, board, legal, rng)
    else:
        choice = _choose_keep(obs, board, legal)
    # Hand back the game's own action object (equal tuples, shared instance).
    return legal[legal.index(choice)]


def ranked(view: SeatView[Any], rng: random.Random) -> list[Hashable]:
    """Every legal action, the heuristic's favourite first (for search to focus on).

    The same judgement as :func:`choose`; ``rng`` breaks ties and samples a Seer's look.
    """
    legal: tuple[Action, ...] = tuple(view.legal_actions)
    if len(legal) == 1:
        return [legal[0]]
    obs = view.observation
    board = Board.from_observation(obs, view.seat)
    decision = obs["decision"]
    worth: dict[Action, float]
    if decision == "place":
        hand = Faction[obs["hand"].upper()]
        squares = _open_squares(obs)
        values = _placement_values(board, hand, squares, obs["deck"], obs["supplies"][board.me])
        by_square = dict(zip(squares, values, strict=True))
        worth = {a: by_square.get(a.square, float("-inf")) + rng.random() * 1e-9 for a in legal}
    elif decision == "power":
        worth = _power_worths(obs, board, legal)
    elif decision == "take":
        worth = _take_worths(obs, board, legal, rng)
    else:
        cards = _card_values(obs, board, {a.arg for a in legal})
        worth = {a: cards[a.arg] for a in legal}
    ordered: list[Action] = sorted(legal, key=lambda a: -worth[a])
    return list[Hashable](ordered)


def _power_worths(
    obs: dict[str, Any], board: Board, legal: Sequence[Action]
) -> dict[Action, float]:
    sq = square(*obs["placed"])
    power = Faction[obs["power"].upper()]
    deck = obs["deck"]
    out = {}
    for action in legal:
        if action.kind == PASS:
            value = board.value() - 1e-9  # using the power wins ties, as in choose
        elif action.kind == COPY:
            if action.arg == Faction.SEERS:
                value = board.value() + _SEER_LOOK
            else:
                value = board.best_power(action.arg, sq, deck, copied=True, must=True)
        else:
            after = board.after(action, power, sq)
            if action.kind == REMOVE and obs["removed"] == 0:
                value = after.best_power(power, sq, deck, removed=1, copied=True)
            else:
                value = after.value()
        out[action] = value
    return out


def _take_worths(
    obs: dict[str, Any], board: Board, legal: Sequence[Action], rng: random.Random
) -> dict[Action, float]:
    unseen = _unseen(obs)
    wanted = {a.arg for a in legal if a.kind == TAKE} | set(unseen)
    values = _card_values(obs, board, wanted)
    pool = [f for f, c in unseen.items() for _ in range(c)]
    out = {}
    for action in legal:
        if action.kind == TAKE:
            out[action] = values[action.arg]
        elif not pool:
            out[action] = float("-inf")
        elif action.kind == DRAW:
            out[action] = sum(values[f] for f in pool) / len(pool)
        else:
            k = min(3, len(pool))
            draws = [max(values[f] for f in rng.sample(pool, k)) for _ in range(_LOOK_SAMPLES)]
            out[action] = sum(draws) / _LOOK_SAMPLES
    return out


_JUDGE_SCALE = 4.0
"""Points of lead that make a win about 73% likely (the logistic's scale) in :func:`judge`."""


def judge(state: Any) -> list[float]:
    """Each seat's chance to win, judged from the position as the heuristic sees it.

    For search (ISMCTS ``eval=heuristic``): each seat's expected score (its points and
    its likely share of each faction, :meth:`Board.expected`) becomes a win chance
    through a logistic on its lead over the best rival. A finished game is judged by its
    result (each seat's share of the win), so that a rollout that reaches the end knows
    a win by one point is a win. Reads the dealt world's grid.
    """
    if state._turn < 0:
        finished: list[float] = state.rewards()
        return finished
    return win_chances(expected_points(state))


def expected_points(state: Any) -> list[float]:
    """Each seat's expected points at the end as :func:`judge` reckons them (public facts).

    Its points from powers and its likely share of each faction (:meth:`Board.expected`),
    from the grid, the markers, the points and the supplies: all public.
    """
    points: list[int] = state._points  # a dealt world's fields, read for speed
    hard = min(state._supply) <= 2
    board = Board(state._cards, state._marks, list(points), 0, state.factions, hard)
    return board.expected()


def win_chances(expected: list[float]) -> list[float]:
    """The judge's win chances: a logistic of each seat's expected lead over its best rival."""
    out = []
    for seat, mine in enumerate(expected):
        rival = max(e for s, e in enumerate(expected) if s != seat)
        out.append(1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (rival - mine) / _JUDGE_SCALE)))))
    return out

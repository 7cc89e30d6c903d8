"""Claim Kingdoms' RL arrays straight from the state: the fast path of ``regency.envs``.

``GameInfo.array_writer`` returns a :class:`ClaimKingdomsArrayWriter`; the
environments use it instead of encoding ``observation(seat)`` (``views.observation``),
and ``tests/envs/test_fast_path.py`` checks at every step of many games that both give
the same arrays (``docs/envs.md``, "The fast path"). It reads only what the observation
reads, in the same way; this module restates those rules for arrays and must change
with them.

How: the array is large (17 planes over the 7,813-square frame) and nearly all zero, so
the writer collects the flat indices of its few hundred non-zero entries for the whole
batch and sets them in one numpy assignment. ``write`` needs the output zero-filled.
The vector environment instead keeps its batch of arrays and asks :meth:`gather` for
the entries (a ``SparseArrayWriter``): it clears those it set at the previous step and
sets the new ones, as a fresh ``numpy.zeros`` of 64 such arrays (34 MB) costs a page
fault for every page written, at every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regency.core.arrays import ArraySpec
from regency.games.claim_kingdoms.actions import (
    KEEP_STEP,
    OVER,
    POWER_STEP,
    STEP_NAMES,
    TAKE_STEP,
    Action,
)
from regency.games.claim_kingdoms.factions import Faction
from regency.games.claim_kingdoms.grid import square
from regency.games.claim_kingdoms.rules import DOWN
from regency.games.claim_kingdoms.state import ClaimKingdomsState
from regency.games.claim_kingdoms.worlds import Group

__all__ = ["FRAME_RADIUS", "ClaimKingdomsArrayWriter"]

FRAME_RADIUS = 62
"""The arrays' frame: every square within this many steps of the first card (the
encoder's ``RADIUS``, where ``docs/envs.md`` says why it holds every reachable square)."""

_FRAME = {
    square(x, y): i
    for i, (x, y) in enumerate(
        (x, y)
        for y in range(FRAME_RADIUS, -FRAME_RADIUS - 1, -1)
        for x in range(-FRAME_RADIUS, FRAME_RADIUS + 1)
        if abs(x) + abs(y) <= FRAME_RADIUS
    )
}
"""Engine square -> its index in the frame (reading order: top row first)."""
_Q = len(_FRAME)
_F = len(Faction)
_PLACES = 4  # seat-relative channels are laid out for 4 places
_DECISIONS = ("place", "power", "take", "keep")
_DECISION = {step: _DECISIONS.index(name) for step, name in STEP_NAMES.items()}
_PLACED = (POWER_STEP, TAKE_STEP, KEEP_STEP)


class ClaimKingdomsArrayWriter:
    """Writes Claim Kingdoms' arrays and masks (``regency.games.claim_kingdoms.encoder``).

    Args:
        spec: The layout to write (the Claim Kingdoms encoder for the same player count).

    Raises:
        ValueError: if the layout's frame is not this module's frame.
    """

    def __init__(self, spec: ArraySpec) -> None:
        n = self.players = spec.players
        self.size = spec.size
        self.num_actions = spec.num_actions
        self._spec = spec
        off = spec.offset
        if off("grid_face_down") - off("grid_faction") != _F * _Q:
            raise ValueError("the encoder's frame is not the writer's frame")
        self._cards = off("grid_faction")
        self._down = off("grid_face_down")
        self._marks = off("grid_markers")
        self._open = off("grid_open")
        self._placed = off("grid_placed")
        self._power = off("power")
        self._copied = off("copied")
        self._removed = off("removed")
        self._can_look = off("can_look")
        self._display = off("display")
        self._deck = off("deck")
        self._hand = off("hand")
        self._hands_public = off("hand_public")
        self._hand_count = off("hand_count")
        self._supplies = off("supplies")
        self._points = off("power_points")
        self._looking = off("looking")
        self._looking_count = off("looking_count")
        self._known = off("deck_known")
        self._known_held = off("deck_known_or_held")
        self._in_play = off("factions")
        self._to_move = off("to_move")
        self._first = off("first")
        self._players_col = off("players") + n - 2
        self._decision = off("decision")
        self._rel = [[(s - v) % n for s in range(n)] for v in range(n)]
        self._index: dict[Action, int] = {}
        self._by_index: dict[int, Action] = {}

    def write(self, games: Sequence[Any], seats: Sequence[int], out: Any) -> None:
        """Write each game's array for its seat into ``out``, which must be all zeros.

        (Unlike the other games' writers, which write every entry: see the module
        docstring.) The entries come from :meth:`gather`, written in two numpy
        assignments.
        """
        ones, where, values = self.gather(games, seats)
        flat = out.reshape(-1)
        flat[ones] = 1.0
        flat[where] = values

    def gather(
        self, games: Sequence[Any], seats: Sequence[int]
    ) -> tuple[list[int], list[int], list[float]]:
        """The entries of each game's array for its seat (``SparseArrayWriter.gather``).

        Each part of a row is gathered by a helper into ``ones`` (flat indices set to 1)
        and ``where``/``values`` (other entries).
        """
        size = self.size
        ones: list[int] = []
        where: list[int] = []
        values: list[float] = []
        for r, (g, v) in enumerate(zip(games, seats, strict=True)):
            state: ClaimKingdomsState = g
            at = r * size
            rel = self._rel[v]
            self._gather_grid(state, rel, at, ones)
            self._gather_decision(state, at, ones, where, values)
            self._gather_cards(state, v, rel, at, ones, where, values)
            groups = state._known[v]
            if groups:
                self._gather_knowledge(groups, rel, at, where, values)
            base = at + self._in_play
            for f in state.factions:
                ones.append(base + f)
            step = state._step
            if step != OVER:
                ones.append(at + self._to_move + rel[state._turn])
                ones.append(at + self._decision + _DECISION[step])
            ones.append(at + self._first + rel[state.first])
            ones.append(at + self._players_col)
        return ones, where, values

    def _gather_grid(
        self, state: ClaimKingdomsState, rel: list[int], at: int, ones: list[int]
    ) -> None:
        """The grid planes of the row at ``at``: factions, face down, markers, open squares."""
        frame = _FRAME
        one = ones.append  # bound once: this loop runs for every card of every row
        cards = at + self._cards
        down = at + self._down
        marks_at = at + self._marks
        for sq, card in state._cards.items():
            i = frame[sq]
            if card >= DOWN:
                one(cards + (card - DOWN) * _Q + i)
                one(down + i)
            else:
                one(cards + card * _Q + i)
        # The marked squares apart: a look-up per marked card, not per card.
        for sq, bits in state._marks.items():
            i = frame[sq]
            while bits:
                low = bits & -bits
                one(marks_at + rel[low.bit_length() - 1] * _Q + i)
                bits ^= low
        base = at + self._open
        for place in state._frontier:
            # Only once all 63 cards lie on the grid, when no card is left to place,
            # can an open square lie beyond the frame: not shown.
            i = frame.get(place.square, -1)
            if i >= 0:
                one(base + i)

    def _gather_decision(
        self,
        state: ClaimKingdomsState,
        at: int,
        ones: list[int],
        where: list[int],
        values: list[float],
    ) -> None:
        """The turn in progress: the card placed, the power in use, whether a Seer may look."""
        step = state._step
        if step in _PLACED:
            ones.append(at + self._placed + _FRAME[state._at])
        if step == POWER_STEP:
            ones.append(at + self._power + state._power)
            if state._copied:
                ones.append(at + self._copied)
            if state._removed:
                where.append(at + self._removed)
                values.append(state._removed)
        elif step == TAKE_STEP and state._seer:
            ones.append(at + self._can_look)

    def _gather_cards(
        self,
        state: ClaimKingdomsState,
        v: int,
        rel: list[int],
        at: int,
        ones: list[int],
        where: list[int],
        values: list[float],
    ) -> None:
        """The display, the deck, the hands, supplies and points, and what a Seer looks at."""
        counts = [0] * _F
        for f in state._display:
            counts[f] += 1
        for f, c in enumerate(counts):
            if c:
                where.append(at + self._display + f)
                values.append(c)
        where.append(at + self._deck)
        values.append(len(state._deck))
        hands = state._hands
        own = hands[v]
        if own >= 0:
            ones.append(at + self._hand + own)
        public = state._public_hands
        supply = state._supply
        points = state._points
        for s in range(self.players):
            p = rel[s]
            if hands[s] >= 0:
                ones.append(at + self._hand_count + p)
                if public >> s & 1:
                    ones.append(at + self._hands_public + p * _F + hands[s])
            where.append(at + self._supplies + p)
            values.append(supply[s])
            where.append(at + self._points + p)
            values.append(points[s])
        looking = state._looking
        if looking:
            where.append(at + self._looking_count)
            values.append(len(looking))
            if v == state._turn:
                counts = [0] * _F
                for f in looking:
                    counts[f] += 1
                for f, c in enumerate(counts):
                    if c:
                        where.append(at + self._looking + f)
                        values.append(c)

    def _gather_knowledge(
        self,
        groups: tuple[Group, ...],
        rel: list[int],
        at: int,
        where: list[int],
        values: list[float],
    ) -> None:
        """What the seat knows of the deck, and which seats may hold those cards."""
        n = self.players
        known = [0] * _F
        held = [0] * (_PLACES * _F)
        for group_counts, linked in groups:
            seats_linked = [s for s in range(n) if linked >> s & 1]
            for f, c in enumerate(group_counts):
                if c:
                    known[f] += c
                    for s in seats_linked:
                        held[rel[s] * _F + f] += c
        for f, c in enumerate(known):
            if c:
                where.append(at + self._known + f)
                values.append(c)
        for j, c in enumerate(held):
            if c:
                where.append(at + self._known_held + j)
                values.append(c)

    def write_masks(self, games: Sequence[Any], out: Any) -> None:
        """Write each game's legal actions (see ``ArrayWriter.write_masks``)."""
        at = self.gather_masks(games)
        out.fill(0)
        out.reshape(-1)[at] = 1

    def gather_masks(self, games: Sequence[Any]) -> list[int]:
        """The flat indices of each game's legal actions (``SparseArrayWriter.gather_masks``).

        A row is 85,979 actions wide and holds a few dozen legal ones.
        """
        width = self.num_actions
        index = self._index
        at: list[int] = []
        for r, g in enumerate(games):
            state: ClaimKingdomsState = g
            base = r * width
            for action in state._options if state._step != OVER else ():
                i = index.get(action)
                if i is None:
                    i = index[action] = self._spec.action_index(str(action))
                    self._by_index[i] = action
                at.append(base + i)
        return at

    def action(self, game: Any, index: int) -> Action:
        """The action at ``index`` (see ``ArrayWriter.action``)."""
        found = self._by_index.get(index)
        if found is None:  # a mask written elsewhere: look among the legal actions
            state: ClaimKingdomsState = game
            for action in state._options:
                if self._spec.action_index(str(action)) == index:
                    return action
            raise IndexError(f"action index {index} is not legal in this position")
        return found

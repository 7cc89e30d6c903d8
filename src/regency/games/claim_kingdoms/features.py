"""Claim Kingdoms' features for a learned evaluation (``regency.agents.value``).

The observation array (``tensor.py``) lays 17 planes over a frame of 7,813 squares:
133k numbers, nearly all zero, far too many for a small network's input. What decides
the game is who controls each faction at the end and the points already scored, so a
seat's features summarise the grid by faction instead, as the seat sees it:

* per faction: whether it is in play, its points, its face-up and face-down cards on the
  grid, its cards in the display, the seat's own card in hand, and the cards of it the
  seat has not seen (the deck and the other hands, less the hands everyone saw taken);
* per faction and place (the seat itself first, then the next in turn order): the
  markers on its face-up cards, whether that place controls it (ties included) and
  whether it controls it alone, and each place's card in hand when everyone saw it taken;
* per place: markers in supply, points from powers, the score if the game ended now
  (R-CK-10), its lead over the best other place, cards in hand; whose decision it is and
  who started; the heuristic's expected points at the end (``heuristic.expected_points``,
  from public facts only), their lead over the best other place, and the heuristic
  judgement's win chance (a network given the judgement learns where it is wrong);
* the deck's size, the decision (place, power, take, keep) and the power being used.

It reads only what ``views.observation`` shows the seat (``tests/agents/test_value.py``
re-deals what the seat cannot see and checks that no feature changes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regency.games.claim_kingdoms.actions import STEP_NAMES
from regency.games.claim_kingdoms.factions import CARDS_PER_FACTION, MARKERS, Faction
from regency.games.claim_kingdoms.heuristic import expected_points, win_chances
from regency.games.claim_kingdoms.rules import DOWN, score_table
from regency.games.claim_kingdoms.state import ClaimKingdomsState

__all__ = ["ClaimKingdomsFeatures"]

_F = len(Faction)
_POINTS = tuple(f.points for f in Faction)
_DECISIONS = ("place", "power", "take", "keep")
_DECISION = {step: _DECISIONS.index(name) for step, name in STEP_NAMES.items()}
_PER_FACTION = 7  # in play, points, face up, face down, display, own hand, unseen
_PER_PLACE_FACTION = 4  # markers, controls, controls alone, card in hand seen taken
_PER_PLACE = 10  # supply, power points, score now, lead, hand count, to move, first,
# the heuristic's expected points, their lead, and its win chance


class ClaimKingdomsFeatures:
    """Writes a seat's features (module docstring) for a batch of games of ``players``.

    Attributes:
        players: The player count of the games written.
        size: The length of one row.
    """

    __slots__ = ("_place_faction", "_places", "_tail", "players", "size")

    def __init__(self, players: int) -> None:
        self.players = players
        self._place_faction = _F * _PER_FACTION
        self._places = self._place_faction + _F * players * _PER_PLACE_FACTION
        self._tail = self._places + players * _PER_PLACE
        self.size = self._tail + 1 + len(_DECISIONS) + _F

    def write(self, games: Sequence[Any], seats: Sequence[int], out: Any) -> None:
        """Write ``games[i]``'s features for ``seats[i]`` into row ``i`` of ``out`` (zeros)."""
        for i, (state, seat) in enumerate(zip(games, seats, strict=True)):
            out[i, : self.size] = self.row(state, seat)

    def row(self, state: ClaimKingdomsState, seat: int) -> list[float]:
        """One seat's features of one game, as a list of ``size`` numbers."""
        n = self.players
        row = [0.0] * self.size
        rel = [(s - seat) % n for s in range(n)]
        up = [0] * _F
        down = [0] * _F
        for card in state._cards.values():  # a dealt world's fields, read for speed
            if card >= DOWN:
                down[card - DOWN] += 1
            else:
                up[card] += 1
        display = [0] * _F
        for f in state._display:
            display[f] += 1
        hands = state._hands
        public = state._public_hands
        seen_in_hands = [0] * _F
        for s in range(n):
            if hands[s] >= 0 and (s == seat or public >> s & 1):
                seen_in_hands[hands[s]] += 1
        in_play = {int(f) for f in state.factions}
        for f in range(_F):
            if f not in in_play:
                continue
            base = f * _PER_FACTION
            unseen = CARDS_PER_FACTION - up[f] - down[f] - display[f] - seen_in_hands[f]
            row[base : base + _PER_FACTION] = [
                1.0,
                _POINTS[f] / 9,
                up[f] / CARDS_PER_FACTION,
                down[f] / CARDS_PER_FACTION,
                display[f] / 3,
                1.0 if hands[seat] == f else 0.0,
                unseen / CARDS_PER_FACTION,
            ]
        by_faction = state.marker_counts()
        # The score if the game ended now (R-CK-10), and who controls each faction.
        totals, _, owners_by = score_table(state.factions, by_faction, state._points)
        for faction, counts, owners in zip(state.factions, by_faction, owners_by, strict=True):
            for s in range(n):
                at = self._place_faction + (faction * n + rel[s]) * _PER_PLACE_FACTION
                row[at] = counts[s] / 4
                row[at + 1] = 1.0 if s in owners else 0.0
                row[at + 2] = 1.0 if owners == [s] else 0.0
        for s in range(n):
            if s != seat and hands[s] >= 0 and public >> s & 1:
                at = self._place_faction + (hands[s] * n + rel[s]) * _PER_PLACE_FACTION
                row[at + 3] = 1.0
        to_move = state._turn
        expected = expected_points(state)
        chances = win_chances(expected)
        for s in range(n):
            best_other = max(t for o, t in enumerate(totals) if o != s)
            at = self._places + rel[s] * _PER_PLACE
            row[at : at + _PER_PLACE] = [
                state._supply[s] / MARKERS,
                state._points[s] / 10,
                totals[s] / 30,
                (totals[s] - best_other) / 10,
                1.0 if hands[s] >= 0 else 0.0,
                1.0 if s == to_move else 0.0,
                1.0 if s == state.first else 0.0,
                expected[s] / 30,
                (expected[s] - max(e for o, e in enumerate(expected) if o != s)) / 10,
                chances[s],
            ]
        tail = self._tail
        row[tail] = len(state._deck) / 40
        decision = _DECISION.get(state._step)
        if decision is not None:
            row[tail + 1 + decision] = 1.0
            if state._power >= 0 and decision == 1:
                row[tail + 1 + len(_DECISIONS) + state._power] = 1.0
        return row

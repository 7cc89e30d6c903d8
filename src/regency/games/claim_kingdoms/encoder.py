"""Claim Kingdoms' observation array and action table (``docs/envs.md``).

**The frame.** The grid has no edge, so the arrays use a bounded frame fixed to the
first card: every square ``x,y`` with ``|x| + |y| <= RADIUS`` (62), numbered in reading
order (the top row first, each row left to right). It holds every square a game can
reach: the first card sits at ``0,0`` and each later card is placed on a square sharing
a side with a card already there, so the ``k``-th card placed after the first is at most
``k`` steps (in ``|x| + |y|``) from ``0,0``. A game has at most 9 factions of 7 cards,
63 cards, hence at most 62 placed after the first: no card, open square or power target
lies outside the frame. An open square is next to a card, so it lies at most one step
further out than the cards: beyond 62 steps only when all 63 cards are on the grid, and
then no card is left to place there, so such open squares are left out of the array.
(A card's square never moves, so an index means the same square for the whole game, and
in every game.)

**Actions** name squares of this frame: ``place``, ``mark`` and ``flip`` one index per
square, ``remove`` and ``swap`` one per square and colour; then the actions without a
square. :data:`ENCODER` ``.actions`` lists them all (``to_index``, ``to_notation``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from regency.core.encoding import ActionTable, Encoder, relative_seats
from regency.games.claim_kingdoms.factions import COLOURS, Faction

__all__ = ["ENCODER", "RADIUS", "SQUARES", "ClaimKingdomsEncoder", "square_index"]

RADIUS = 62
"""The frame holds every square within this many steps (``|x| + |y|``) of the first card."""

SQUARES: tuple[tuple[int, int], ...] = tuple(
    (x, y)
    for y in range(RADIUS, -RADIUS - 1, -1)
    for x in range(-RADIUS, RADIUS + 1)
    if abs(x) + abs(y) <= RADIUS
)
"""Square index -> its ``(x, y)``: the frame in reading order (7,813 squares)."""

_SQUARE = {xy: i for i, xy in enumerate(SQUARES)}
_FACTIONS = tuple(f.option_name for f in Faction)
_FACTION = {name: i for i, name in enumerate(_FACTIONS)}
_DECISIONS = ("place", "power", "take", "keep")


def square_index(x: int, y: int) -> int:
    """Return the frame index of square ``x,y``.

    Raises:
        KeyError: if the square is outside the frame (no game reaches it).
    """
    return _SQUARE[(x, y)]


def _action_notations() -> list[str]:
    names = [f"{x},{y}" for x, y in SQUARES]
    out = [f"place {s}" for s in names]
    out += [f"mark {s}" for s in names]
    out += [f"flip {s}" for s in names]
    out += [f"remove {s} {c}" for s in names for c in COLOURS]
    out += [f"swap {s} {c}" for s in names for c in COLOURS]
    out += ["pass", "score", "score row", "score column", "draw", "look"]
    out += [f"copy {f}" for f in _FACTIONS]
    out += [f"take {f}" for f in _FACTIONS]
    out += [f"keep {f}" for f in _FACTIONS]
    return out


class ClaimKingdomsEncoder(Encoder):
    """Claim Kingdoms (2-4 players): 17 planes over the frame, then the rest."""

    game = "claim-kingdoms"
    actions = ActionTable(_action_notations())

    def __init__(self, players: int) -> None:
        super().__init__(players)
        add = self.layout.add
        q, s, f = len(SQUARES), self.MAX_SEATS, len(_FACTIONS)
        self._cards = add("grid_faction", f * q, "planes by faction: 1 where a card of it lies")
        self._down = add("grid_face_down", q, "1 where the card lies face down")
        self._marks = add("grid_markers", s * q, "planes by place: 1 where it has a marker")
        self._open = add("grid_open", q, "1 on each open square (where a card may go)")
        self._placed = add("grid_placed", q, "1 on the card placed this turn")
        self._power = add("power", f, "the power being used (power decision)")
        self._copied = add("copied", 1, "1 when a Doppelganger copied that power")
        self._removed = add("removed", 1, "Knights: markers removed so far this turn")
        self._can_look = add("can_look", 1, "1 when the take may be a Seer's look")
        self._display = add("display", f, "cards of each faction in the display")
        self._deck = add("deck", 1, "cards in the draw deck")
        self._hand = add("hand", f, "the seat's own card in hand")
        self._hands_public = add(
            "hand_public", s * f, "each place's card in hand when everyone saw it taken"
        )
        self._hand_count = add("hand_count", s, "cards in each place's hand (0 or 1)")
        self._supplies = add("supplies", s, "markers left in each place's supply")
        self._points = add("power_points", s, "points each place scored with powers")
        self._looking = add("looking", f, "the cards the seat looks at with a Seer")
        self._looking_count = add("looking_count", 1, "how many cards a Seer looks at")
        self._known = add(
            "deck_known", f, "cards the seat put back in the deck after a look (still there)"
        )
        self._known_held = add(
            "deck_known_or_held", s * f, "of those, the ones each place may have drawn"
        )
        self._in_play = add("factions", f, "1 for each faction in play")
        self._to_move = add("to_move", s, "1 at the place that decides now")
        self._first = add("first", s, "1 at the place that started")
        self._players = add("players", 3, "one-hot: 2, 3 or 4 players")
        self._decision = add("decision", len(_DECISIONS), "one-hot: place, power, take, keep")

    def entries(self, observation: dict[str, Any]) -> tuple[list[int], Iterable[tuple[int, float]]]:
        """Return the counts and values of the array (see :meth:`Encoder.entries`)."""
        o = observation
        n = o["players"]
        rel = relative_seats(o["seat"], n)
        q = len(SQUARES)
        sq = _SQUARE
        fa = _FACTION
        index: list[int] = []
        append = index.append
        cards, down, marks = self._cards, self._down, self._marks
        for card in o["grid"]:
            i = sq[(card["x"], card["y"])]
            append(cards + fa[card["faction"]] * q + i)
            if not card["face_up"]:
                append(down + i)
            for seat in card["markers"]:
                append(marks + rel[seat] * q + i)
        base = self._open
        for x, y in o["open_squares"]:
            # Only once all 63 cards lie on the grid, when no card is left to place, can
            # an open square lie beyond the frame (see the module docstring): not shown.
            i = sq.get((x, y), -1)
            if i >= 0:
                append(base + i)
        if o["placed"] is not None:
            append(self._placed + sq[tuple(o["placed"])])
        if o["power"] is not None:
            append(self._power + fa[o["power"]])
        if o["copied"]:
            append(self._copied)
        if o["can_look"]:
            append(self._can_look)
        base = self._display
        index.extend(base + fa[name] for name in o["display"])
        if o["hand"] is not None:
            append(self._hand + fa[o["hand"]])
        for s, entry in enumerate(o["hands"]):
            if entry["public"] and entry["card"] is not None:
                append(self._hands_public + rel[s] * len(_FACTIONS) + fa[entry["card"]])
        looking = o["looking"]
        if looking is not None and looking["cards"] is not None:
            base = self._looking
            index.extend(base + fa[name] for name in looking["cards"])
        for group in o["deck_knowledge"]:
            known = [fa[name] for name in group["cards"]]
            index.extend(self._known + f for f in known)
            for s in group["or_held_by"]:
                base = self._known_held + rel[s] * len(_FACTIONS)
                index.extend(base + f for f in known)
        base = self._in_play
        index.extend(base + fa[name] for name in o["factions"])
        if o["to_move"] is not None:
            append(self._to_move + rel[o["to_move"]])
        append(self._first + rel[o["first"]])
        append(self._players + n - 2)
        if o["decision"] is not None:
            append(self._decision + _DECISIONS.index(o["decision"]))
        values: list[tuple[int, float]] = [
            (self._removed, o["removed"]),
            (self._deck, o["deck"]),
            (self._looking_count, looking["count"] if looking is not None else 0),
        ]
        for s in range(n):
            r = rel[s]
            values.append((self._hand_count + r, o["hands"][s]["count"]))
            values.append((self._supplies + r, o["supplies"][s]))
            values.append((self._points + r, o["power_points"][s]))
        return index, values


ENCODER = ClaimKingdomsEncoder

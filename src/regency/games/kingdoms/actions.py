"""Kingdoms' actions and their notation.

A turn is one of (R-K-3):

* ``castle 3 C4``: place one of your castles of rank 3 on the empty square C4
  (castles of one rank are interchangeable, so an action names the rank, never a piece);
* ``draw``: draw a random tile from the supply. You then see it (so does everyone: it
  is placed face up) and make a second decision, ``tile C4``: the square it goes on;
* ``start C4``: place your secret starting tile on C4;
* ``pass``: only when none of the above is possible.

Squares are a row letter A-E (top to bottom) and a column number 1-6 (left to right).
Notation is case- and spacing-insensitive (``Castle 3  c4``). Every action object is
made once at import and shared, so legal-action lists allocate nothing but the list.
Actions are small named tuples, so search hashes and compares them in C (a dataclass's
generated ``__hash__`` is Python, and search hashes an action per child per visit).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from regency.core.errors import NotationError, quote
from regency.core.notation import notation_words
from regency.games.kingdoms.board import SQUARE_NAME, SQUARES, square_from_name

__all__ = [
    "CASTLE",
    "CASTLE_VERB",
    "DRAW",
    "DRAW_VERB",
    "PASS",
    "PASS_VERB",
    "START",
    "START_VERB",
    "TILE",
    "TILE_VERB",
    "VERBS",
    "KingdomsAction",
    "action_from_notation",
    "action_from_words",
    "canonical",
    "is_well_formed",
]

CASTLE_VERB: Final = 0
DRAW_VERB: Final = 1
TILE_VERB: Final = 2
START_VERB: Final = 3
PASS_VERB: Final = 4

VERBS: Final = ("castle", "draw", "tile", "start", "pass")
"""Verb number -> the word that opens its notation."""


class KingdomsAction(NamedTuple):
    """A decision in Kingdoms. ``str(action)`` is its notation.

    Attributes:
        verb: One of the ``*_VERB`` numbers (castle, draw, tile, start, pass).
        square: The square placed on (0-29), or -1 for ``draw`` and ``pass``.
        rank: The castle's rank (1-4) for ``castle``, else 0.
    """

    verb: int
    square: int = -1
    rank: int = 0

    def __str__(self) -> str:
        try:
            return self._notation()
        except (IndexError, TypeError):  # made by hand, malformed
            return f"<not a Kingdoms action: {(self.verb, self.square, self.rank)}>"

    def _notation(self) -> str:
        verb = self.verb
        if verb == CASTLE_VERB:
            return f"castle {self.rank} {SQUARE_NAME[self.square]}"
        if verb in (TILE_VERB, START_VERB):
            return f"{VERBS[verb]} {SQUARE_NAME[self.square]}"
        return VERBS[verb]

    def __repr__(self) -> str:
        return f"KingdomsAction({str(self)!r})"


CASTLE: Final[tuple[tuple[KingdomsAction, ...], ...]] = (
    (),
    *(tuple(KingdomsAction(CASTLE_VERB, sq, r) for sq in range(SQUARES)) for r in range(1, 5)),
)
"""``CASTLE[rank][square]``: place a castle of that rank there."""

TILE: Final[tuple[KingdomsAction, ...]] = tuple(
    KingdomsAction(TILE_VERB, sq) for sq in range(SQUARES)
)
"""``TILE[square]``: place the tile just drawn there."""

START: Final[tuple[KingdomsAction, ...]] = tuple(
    KingdomsAction(START_VERB, sq) for sq in range(SQUARES)
)
"""``START[square]``: place your starting tile there."""

DRAW: Final = KingdomsAction(DRAW_VERB)
"""Draw a tile from the supply."""

PASS: Final = KingdomsAction(PASS_VERB)
"""Pass: allowed only when no other action is (R-K-3)."""


def action_from_words(words: list[str]) -> KingdomsAction | None:
    """The action normalised notation's ``words`` spell (``["CASTLE", "3", "C4"]``), or ``None``.

    Only the written forms: a bare square (the tile just drawn) depends on the position
    and is read by ``KingdomsState.parse_action``.
    """
    if len(words) == 1:
        if words[0] == "DRAW":
            return DRAW
        if words[0] == "PASS":
            return PASS
        return None
    verb = words[0] if words else ""
    if verb == "CASTLE" and len(words) == 3:
        sq = square_from_name(words[2])
        if words[1] in ("1", "2", "3", "4") and sq is not None:
            return CASTLE[int(words[1])][sq]
        return None
    if verb in ("TILE", "START") and len(words) == 2:
        sq = square_from_name(words[1])
        if sq is None:
            return None
        return TILE[sq] if verb == "TILE" else START[sq]
    return None


def action_from_notation(text: object) -> KingdomsAction:
    """Read ``castle 3 C4``, ``draw``, ``tile C4``, ``start C4`` or ``pass``, with no game.

    Raises:
        NotationError: if ``text`` is none of these.
    """
    action = action_from_words(notation_words(text))
    if action is None:
        raise NotationError(
            f"{quote(text)} is not a Kingdoms move: write 'castle 3 C4', 'draw', "
            "'tile C4', 'start C4' or 'pass'"
        )
    return action


def is_well_formed(action: KingdomsAction) -> bool:
    """Whether an action object (perhaps built by hand) names a real move.

    Every field must be the move's own: ``draw`` and ``pass`` have square -1 and rank 0,
    tiles and starts rank 0. An object with stray fields may still write a move's
    notation (``KingdomsAction(DRAW_VERB, 5, 5)`` prints ``draw``) but equals none.
    """
    verb, sq, rank = action.verb, action.square, action.rank
    if verb in (DRAW_VERB, PASS_VERB):
        return sq == -1 and rank == 0
    if not 0 <= sq < SQUARES:
        return False
    if verb == CASTLE_VERB:
        return 1 <= rank <= 4
    return verb in (TILE_VERB, START_VERB) and rank == 0


def canonical(action: KingdomsAction) -> KingdomsAction | None:
    """The shared action object equal to a well-formed ``action``, if its fields are ints.

    ``None`` otherwise: a ``1.0`` square equals ``1`` but cannot index the tables.
    """
    verb, sq, rank = action.verb, action.square, action.rank
    if type(verb) is not int or type(sq) is not int or type(rank) is not int:
        return None
    if verb == CASTLE_VERB:
        return CASTLE[rank][sq]
    if verb == TILE_VERB:
        return TILE[sq]
    if verb == START_VERB:
        return START[sq]
    return DRAW if verb == DRAW_VERB else PASS

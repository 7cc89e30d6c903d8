"""Claim Kingdoms' decisions and their notation.

A turn is a short series of decisions, each written as a verb and its arguments
(squares as in ``grid.py``, colours as in ``factions.COLOURS``, factions by name):

========================  =================================================================
``place 1,0``             put the card in hand on square 1,0 (``1,0`` alone also works)
``pass``                  decline the power (or, for Knights, a second marker)
``score``                 Goblins, Dwarves, Dragons: take the points (a Gnome with
                          nowhere to put its marker: take its point)
``score row``             Trolls: score the row (``score column``: the column)
``mark 0,1``              Gnomes: 1 point and a marker on the card at 0,1
``remove 0,1 blue``       Knights: remove blue's marker from the card at 0,1
``swap 2,-1 yellow``      Undead: exchange your marker here with yellow's at 2,-1
``flip 0,1``              Giants: flip the card at 0,1 face down
``copy trolls``           Doppelgangers: copy the power of an adjacent Troll
``take goblins``          take a Goblin from the display
``draw``                  draw the top card of the deck
``look``                  Seers: look at the top three cards of the deck
``keep trolls``           Seers: keep the Troll among the cards looked at
========================  =================================================================

Action objects are small named tuples, compared and hashed as tuples; the common ones
are made once and shared.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping
from typing import Final, NamedTuple

from regency.core.errors import IllegalActionError, NotationError
from regency.core.game import check_notation
from regency.core.i18n import _
from regency.games.claim_kingdoms.factions import COLOURS, Faction, colour_by_name, faction_by_name
from regency.games.claim_kingdoms.grid import (
    LIMIT,
    ORTHOGONAL,
    WIDTH,
    coords,
    parse_square,
    square_name,
)

__all__ = [
    "COPY",
    "DRAW",
    "FLIP",
    "KEEP",
    "KEEP_STEP",
    "LOOK",
    "MARK",
    "OVER",
    "PASS",
    "PLACE",
    "PLACE_ACTIONS",
    "PLACE_STEP",
    "POWER_STEP",
    "REMOVE",
    "SCORE",
    "SCORE_COLUMN",
    "SCORE_ROW",
    "STEP_BY_NAME",
    "STEP_NAMES",
    "SWAP",
    "TAKE",
    "TAKE_STEP",
    "Action",
    "NotationError",
    "action_from_notation",
    "copy_action",
    "extend_frontier",
    "is_well_formed",
    "keep_action",
    "new_action",
    "place_action",
    "places",
    "read_action",
    "take_action",
    "take_options",
]

PLACE: Final = 0
PASS: Final = 1
SCORE: Final = 2
MARK: Final = 3
REMOVE: Final = 4
SWAP: Final = 5
FLIP: Final = 6
COPY: Final = 7
TAKE: Final = 8
DRAW: Final = 9
LOOK: Final = 10
KEEP: Final = 11

PLACE_STEP: Final = 0
POWER_STEP: Final = 1
TAKE_STEP: Final = 2
KEEP_STEP: Final = 3
OVER: Final = -1
"""The decisions of a turn, in order (``OVER``: the game has ended)."""

STEP_NAMES: Final = {PLACE_STEP: "place", POWER_STEP: "power", TAKE_STEP: "take", KEEP_STEP: "keep"}
"""Decision -> its name in observations."""

STEP_BY_NAME: Final = {name: step for step, name in STEP_NAMES.items()}

VERBS: Final = {
    PLACE: "place",
    PASS: "pass",
    SCORE: "score",
    MARK: "mark",
    REMOVE: "remove",
    SWAP: "swap",
    FLIP: "flip",
    COPY: "copy",
    TAKE: "take",
    DRAW: "draw",
    LOOK: "look",
    KEEP: "keep",
}
"""Kind -> the verb that starts its notation."""

_LINES: Final = {0: "", 1: " row", 2: " column"}

_NOTATION: Final[dict[Action, str]] = {}
"""Action -> its notation, for actions already written once (see ``Action.__str__``)."""
_NOTATION_CACHE_SIZE: Final = 100_000


class Action(NamedTuple):
    """A decision in Claim Kingdoms. ``str(action)`` is its notation.

    Attributes:
        kind: What is decided (:data:`PLACE`, :data:`FLIP`...).
        square: The square it names (0 when it names none).
        arg: A seat (``remove``, ``swap``), a faction (``copy``, ``take``, ``keep``) or,
            for ``score``, 1 for the row and 2 for the column.
    """

    kind: int
    square: int = 0
    arg: int = 0

    def __str__(self) -> str:
        # Each turn's history keeps its power moves in notation, so playing a game
        # formats actions all the time: remember each action's text (there are a few
        # thousand different actions in a game at most; the cache is bounded anyway).
        try:
            return _NOTATION[self]
        except (KeyError, TypeError):  # not met yet, or holding something unhashable
            pass
        try:
            text = self._notation()
        except (KeyError, IndexError, ValueError, TypeError):  # made by hand, malformed
            return f"<not a Claim Kingdoms action: {tuple(self)}>"
        if len(_NOTATION) < _NOTATION_CACHE_SIZE:
            _NOTATION[self] = text
        return text

    def _notation(self) -> str:
        kind = self.kind
        verb = VERBS[kind]
        if kind in (PLACE, MARK, FLIP):
            return f"{verb} {square_name(self.square)}"
        if kind in (REMOVE, SWAP):
            return f"{verb} {square_name(self.square)} {COLOURS[self.arg]}"
        if kind in (COPY, TAKE, KEEP):
            return f"{verb} {Faction(self.arg).option_name}"
        if kind == SCORE:
            return verb + _LINES[self.arg]
        return verb

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


PASS_ACTION: Final = Action(PASS)
SCORE_ACTION: Final = Action(SCORE)
SCORE_ROW: Final = Action(SCORE, 0, 1)
SCORE_COLUMN: Final = Action(SCORE, 0, 2)
DRAW_ACTION: Final = Action(DRAW)
LOOK_ACTION: Final = Action(LOOK)

_COPY: Final = tuple(Action(COPY, 0, f) for f in Faction)
_TAKE: Final = tuple(Action(TAKE, 0, f) for f in Faction)
_KEEP: Final = tuple(Action(KEEP, 0, f) for f in Faction)


class _PlaceActions(dict[int, Action]):
    """Square -> the shared action placing a card there, made on first use.

    Looked up with ``map(PLACE_ACTIONS.__getitem__, squares)``: listing the squares where
    a card may go is the commonest decision, and this keeps it in C.
    """

    def __missing__(self, sq: int) -> Action:
        action = self[sq] = Action(PLACE, sq)
        return action


PLACE_ACTIONS: Final = _PlaceActions()


def new_action(kind: int, sq: int = 0, arg: int = 0) -> Action:
    """``Action(kind, sq, arg)``, built without namedtuple's Python-level ``__new__``.

    Power moves are built afresh each turn, in every game and search playout; building
    the tuple directly is a C call.
    """
    return tuple.__new__(Action, (kind, sq, arg))


def places(squares: Iterable[int]) -> list[Action]:
    """The (shared) actions placing the card on each of ``squares``, in square order."""
    return [PLACE_ACTIONS[sq] for sq in sorted(squares)]


def place_action(sq: int) -> Action:
    """The (shared) action placing the card on ``sq``."""
    return PLACE_ACTIONS[sq]


def extend_frontier(frontier: list[Action], cards: Mapping[int, int], sq: int) -> None:
    """A card went on ``sq``: update ``frontier``, the places next to a card, in place.

    Kept sorted with bisect (actions compare as ``(PLACE, square, 0)`` tuples): the legal
    places are then the list itself, where sorting a set of squares every turn was a
    tenth of a game.
    """
    del frontier[bisect_left(frontier, PLACE_ACTIONS[sq])]
    for d in ORTHOGONAL:
        if sq + d not in cards:
            place = PLACE_ACTIONS[sq + d]
            at = bisect_left(frontier, place)
            if at == len(frontier) or frontier[at] is not place:
                frontier.insert(at, place)


def take_options(display: Iterable[int], has_deck: bool, seer: bool) -> tuple[Action, ...]:
    """The ways to take a card: each faction in the display, the deck, a Seer's look."""
    seen = 0
    options = []
    for f in display:
        if not seen >> f & 1:
            seen |= 1 << f
            options.append(_TAKE[f])
    if has_deck:
        options.append(DRAW_ACTION)
        if seer:
            options.append(LOOK_ACTION)  # R-CK-8
    return tuple(options)


def copy_action(faction: int) -> Action:
    """The (shared) action copying ``faction``'s power."""
    return _COPY[faction]


def take_action(faction: int) -> Action:
    """The (shared) action taking a card of ``faction`` from the display."""
    return _TAKE[faction]


def keep_action(faction: int) -> Action:
    """The (shared) action keeping a card of ``faction`` after a Seer's look."""
    return _KEEP[faction]


def _is_int(value: object) -> bool:
    # Ints and IntEnums (factions), not bools, floats or anything else.
    return isinstance(value, int) and not isinstance(value, bool)


def is_well_formed(action: Action, players: int) -> bool:
    """Whether an action object (perhaps built by hand) names a move of the game at all.

    It need not be legal now; it must only be something :func:`str` and the refusal
    messages can read: a known kind, a square inside the grid, a seat or faction that
    exists.
    """
    kind, sq, arg = action
    if not (_is_int(kind) and _is_int(sq) and _is_int(arg)) or kind not in VERBS:
        return False
    on_square = kind in (PLACE, MARK, FLIP, REMOVE, SWAP)
    if on_square:
        x, y = coords(sq)
        if not 0 <= sq < WIDTH * WIDTH or abs(x) > LIMIT or abs(y) > LIMIT:
            return False
    elif sq != 0:
        return False
    if kind in (REMOVE, SWAP):
        return 0 <= arg < players
    if kind in (COPY, TAKE, KEEP):
        return arg in _FACTION_VALUES
    if kind == SCORE:
        return arg in _LINES
    return arg == 0


_FACTION_VALUES: Final = frozenset(int(f) for f in Faction)


def _usage() -> str:
    """How the moves are written, in the reader's language (the notation stays as typed)."""
    return _(
        "write a square to place on (place 1,0), or pass, score, score row, score column, "
        "mark x,y, remove x,y colour, swap x,y colour, flip x,y, copy faction, "
        "take faction, draw, look or keep faction"
    )


def read_action(text: str, players: int) -> Action:
    """Read ``text`` as an action, whatever the position (case and spacing are ignored).

    Raises:
        NotationError: if ``text`` is not the notation of any action, saying why.
    """
    words = " ".join(text.replace(",", " , ").split()).replace(" , ", ",").lower().split()
    if not words:
        raise NotationError(_("an empty move; {usage}", usage=_usage()))
    verb, args = words[0], words[1:]
    if parse_square(verb) is not None and not args:
        verb, args = "place", words
    if verb == "take" and args == ["deck"]:
        verb, args = "draw", []
    if verb in ("pass", "draw", "look"):
        if args:
            raise NotationError(_("{verb} takes nothing after it", verb=repr(verb)))
        return {"pass": PASS_ACTION, "draw": DRAW_ACTION, "look": LOOK_ACTION}[verb]
    if verb == "score":
        if not args:
            return SCORE_ACTION
        if args in (["row"], ["column"], ["col"]):
            return SCORE_ROW if args == ["row"] else SCORE_COLUMN
        raise NotationError(_("write 'score', 'score row' or 'score column'"))
    if verb in ("place", "mark", "flip"):
        at = parse_square(args[0]) if len(args) == 1 else None
        if at is None:
            raise NotationError(_("write {verb} and a square, like '{verb} 1,0'", verb=verb))
        if verb == "place":
            return place_action(at)
        return Action(MARK if verb == "mark" else FLIP, at)
    if verb in ("remove", "swap"):
        sq = parse_square(args[0]) if len(args) == 2 else None
        seat = colour_by_name(args[1], players) if len(args) == 2 else None
        if sq is None or seat is None:
            colours = ", ".join(COLOURS[:players])
            raise NotationError(
                _(
                    "write {verb}, a square and a colour ({colours}), like '{verb} 0,1 {colour}'",
                    verb=verb,
                    colours=colours,
                    colour=COLOURS[1],
                )
            )
        return Action(REMOVE if verb == "remove" else SWAP, sq, seat)
    if verb in ("copy", "take", "keep"):
        faction = faction_by_name(args[0]) if len(args) == 1 else None
        if faction is None:
            known = ", ".join(f.option_name for f in Faction)
            raise NotationError(
                _(
                    "write {verb} and a faction ({known}), like '{verb} trolls'",
                    verb=verb,
                    known=known,
                )
            )
        table = {"copy": _COPY, "take": _TAKE, "keep": _KEEP}[verb]
        return table[faction]
    raise NotationError(_("{move} is not a move; {usage}", move=repr(text.strip()), usage=_usage()))


def action_from_notation(text: object) -> Action:
    """Read ``text`` as an action with no game in progress (see :func:`read_action`).

    Colours are read for the largest table (red, blue, yellow, green): which of them
    sit at a given table is for the game to check when the move is played.

    Raises:
        NotationError: if ``text`` is not the notation of any action, saying why.
    """
    try:
        checked = check_notation(text)
    except IllegalActionError as exc:
        raise NotationError(str(exc)) from None
    return read_action(checked, len(COLOURS))

"""What a move would do, worked out before it is made: for the screens and for words.

A power decision is easier to take when the screen says what each choice would change:
``score`` with a Dwarf is "3 points: the Dwarves at 0,0, 0,1 and 1,0", a Knight's
``remove 0,1 blue`` takes blue's marker off the Trolls and with it blue's control of the
Trolls. :func:`power_effects` lists that for every legal move of the power decision in
progress (the observation's ``power_effects``), and :func:`describe` says any move in
words (``Game.describe``).

Everything here follows from the grid, its markers, the card just placed and whose turn
it is, which every seat sees: the figures are public facts, the same in every seat's
observation and in any world dealt from one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regency.core.i18n import N_, _, ngettext
from regency.games.claim_kingdoms import powers, rules
from regency.games.claim_kingdoms.actions import (
    COPY,
    DRAW,
    FLIP,
    KEEP,
    LOOK,
    MARK,
    PASS,
    PLACE,
    POWER_STEP,
    REMOVE,
    SCORE,
    SWAP,
    TAKE,
    Action,
)
from regency.games.claim_kingdoms.factions import COLOURS, Faction
from regency.games.claim_kingdoms.grid import COLUMN, ORTHOGONAL, ROW, SURROUNDING, coords
from regency.games.claim_kingdoms.rules import DOWN

if TYPE_CHECKING:
    from regency.games.claim_kingdoms.state import ClaimKingdomsState

__all__ = ["colour_words", "counted", "describe", "effect", "faction_words", "power_effects"]

# The players' colours, for the catalogs; the factions' names are the same messages as
# Claim's (games/claim/refusals.py lists them), one entry in each language's catalog.
_NAMES = (N_("red"), N_("blue"), N_("yellow"), N_("green"))


def faction_words(faction: int) -> str:
    """The faction's name in the reader's language (``Trolls``, ``Trollen``)."""
    return _(Faction(faction).title)


def colour_words(seat: int) -> str:
    """The colour of ``seat``'s markers in the reader's language (``red``, ``rood``)."""
    return _(COLOURS[seat])


_GOBLINS = Faction.GOBLINS
_DWARVES = Faction.DWARVES
_TROLLS = Faction.TROLLS
_DRAGONS = Faction.DRAGONS


def counted(state: ClaimKingdomsState, action: Action) -> list[int]:
    """The squares of the cards a power move counts or acts on, in reading order.

    ``score``: the cards that make its points (your Goblins, the Dwarves in the lines,
    the cards around a Dragon, a Troll's line); ``mark``, ``remove``, ``swap``,
    ``flip``: the card chosen; ``copy``: the cards next to the Doppelganger whose power
    it copies; ``pass`` and a Gnome's lone point: none.
    """
    kind = action.kind
    cards = state._cards
    at = state._at
    if kind in (MARK, REMOVE, SWAP, FLIP):
        return [action.square]
    if kind == COPY:
        return sorted(at + d for d in ORTHOGONAL if cards.get(at + d, -1) == action.arg)
    if kind != SCORE:
        return []
    power = state._power
    if power == _GOBLINS:
        bit = 1 << state._turn
        return sorted(s for s, m in state._marks.items() if m & bit and cards[s] == _GOBLINS)
    if power == _DWARVES:
        lines = set(rules.line(cards, at, ROW)) | set(rules.line(cards, at, COLUMN))
        return sorted(s for s in lines if cards[s] == _DWARVES)
    if power == _DRAGONS:
        return sorted(at + d for d in SURROUNDING if cards.get(at + d, DOWN) < DOWN)
    if power == _TROLLS:
        return sorted(rules.line(cards, at, ROW if action.arg == 1 else COLUMN))
    return []  # a Gnome with nowhere to put its marker: its point alone


def points(state: ClaimKingdomsState, action: Action) -> int:
    """The points a power move scores now (R-CK-2 to R-CK-6); 0 for moves that score none."""
    kind = action.kind
    if kind == MARK:
        return 1  # a Gnome's point, with its marker
    if kind != SCORE:
        return 0
    return powers.score_points(state, action)  # what playing it will score, the same way


def _control(
    state: ClaimKingdomsState, cards: dict[int, int], marks: dict[int, int]
) -> list[list[int]]:
    """Each faction in play's controllers on a grid (R-CK-10), in ``factions`` order."""
    counts = rules.marker_counts(cards, marks, state.num_players)
    return [rules.controllers(counts[f]) for f in state.factions]


def control_changes(state: ClaimKingdomsState, action: Action) -> list[dict[str, Any]]:
    """The factions whose controllers a marker move would change, before and after.

    ``mark``, ``remove``, ``swap`` and ``flip`` move markers (a flip sends the card's
    markers home and takes the card out of the count); other moves change none.
    """
    kind = action.kind
    if kind not in (MARK, REMOVE, SWAP, FLIP):
        return []
    cards = state._cards
    marks = dict(state._marks)
    t = action.square
    seat = state._turn
    if kind == MARK:
        marks[t] = marks.get(t, 0) | 1 << seat
    elif kind == REMOVE:
        marks[t] = marks[t] & ~(1 << action.arg)
    elif kind == SWAP:
        mine, theirs = 1 << seat, 1 << action.arg
        at = state._at
        marks[at] = marks[at] ^ mine | theirs
        marks[t] = marks[t] ^ theirs | mine
    else:
        marks.pop(t, None)
        cards = dict(cards)
        cards[t] += DOWN
    before = _control(state, state._cards, state._marks)
    after = _control(state, cards, marks)
    return [
        {"faction": faction.option_name, "before": was, "after": now}
        for faction, was, now in zip(state.factions, before, after, strict=True)
        if was != now
    ]


def effect(state: ClaimKingdomsState, action: Action) -> dict[str, Any]:
    """What a legal move of the power decision would do, JSON-ready.

    ``move`` (its notation), ``points`` (scored now), ``cards`` (the ``[x, y]`` of the
    cards it counts or acts on, :func:`counted`) and ``control`` (the factions whose
    controllers it changes, each with ``before`` and ``after``). A copy whose power has
    one way to be used is used at once: its figures are that use's.
    """
    if action.kind == COPY and action.arg != Faction.SEERS:
        copying = state.clone()
        copying._power = action.arg
        copying._copied = True
        uses = powers.uses(copying, action.arg)
        if len(uses) == 1:
            return {**effect(copying, uses[0]), "move": str(action)}
    return {
        "move": str(action),
        "points": points(state, action),
        "cards": [list(coords(sq)) for sq in counted(state, action)],
        "control": control_changes(state, action),
    }


def power_effects(state: ClaimKingdomsState) -> list[dict[str, Any]]:
    """:func:`effect` of every legal move of the power decision in progress, else ``[]``."""
    if state._step != POWER_STEP:
        return []
    return [effect(state, action) for action in state._options]


def _at(state: ClaimKingdomsState, sq: int) -> str:
    """The card on ``sq`` and where it is: ``the Trolls at 0,1``."""
    x, y = coords(sq)
    faction = faction_words(state._cards[sq] % DOWN)
    square = f"{x},{y}"
    return _("the {faction} at {square}", faction=faction, square=square)


def describe(state: ClaimKingdomsState, action: Action) -> str:
    """A legal move in words, in the position it is taken in (``Game.describe``).

    ``place Giants at 0,-2``, ``score 3 points with the Dwarves``, ``remove the blue
    marker from the Trolls at 0,1``. Nothing hidden: the card placed is the mover's own
    and is seen by all once placed, and a draw or a look names no card.
    """
    kind = action.kind
    if kind == PLACE:
        x, y = coords(action.square)
        hand = state._hands[state._turn]
        square = f"{x},{y}"
        if hand < 0:
            return _("place your card at {square}", square=square)
        return _("place {faction} at {square}", faction=faction_words(hand), square=square)
    if kind == TAKE:
        return _("take {faction} from the display", faction=faction_words(action.arg))
    if kind == DRAW:
        return _("draw the top card of the deck")
    if kind == LOOK:
        return _("look at the top three cards of the deck (Seer)")
    if kind == KEEP:
        return _("keep {faction}", faction=faction_words(action.arg))
    power = faction_words(state._power) if state._power >= 0 else ""
    if kind == PASS:
        if state._removed:
            return _("remove no second marker")
        return _("pass: do not use the {faction} power", faction=power)
    if kind == COPY:
        return _("copy the {faction} power", faction=faction_words(action.arg))
    if kind == SCORE:
        gained = points(state, action)
        if action.arg == 1:
            return ngettext("score the row: {count} point", "score the row: {count} points", gained)
        if action.arg:
            return ngettext(
                "score the column: {count} point", "score the column: {count} points", gained
            )
        return ngettext(
            "score {count} point with the {faction}",
            "score {count} points with the {faction}",
            gained,
            faction=power,
        )
    target = _at(state, action.square)
    if kind == MARK:
        return _("score 1 point and put a marker on {card}", card=target)
    if kind == REMOVE:
        colour = colour_words(action.arg)
        return _("remove the {colour} marker from {card}", colour=colour, card=target)
    if kind == SWAP:
        colour = colour_words(action.arg)
        return _("swap your marker with the {colour} one on {card}", colour=colour, card=target)
    return _("flip {card} face down", card=target)  # FLIP

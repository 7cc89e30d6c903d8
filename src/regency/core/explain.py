"""How a game says what a move did: the facts of a move played out, in the game's words.

A puzzle's explanation (:mod:`regency.puzzles.story`) says *why* its answer is the
answer: which trick it wins, which faction's vote or control it decides, which row pays.
Only the game knows those words, so each game may register an :class:`Explainer` with
its :class:`~regency.core.registry.GameInfo` (``explainer``), and the puzzles code asks
it without importing any game:

1. worlds are dealt from the deciding seat's view (never the real hidden cards); in each,
   every move compared is played and the game is played out to its end by the game's
   heuristic, the same play-out the puzzles' judge uses;
2. :attr:`Explainer.facts` reads one played-out world: a number per *topic* ("this
   trick", "the Goblins' vote", "row B"), 1 or 0 for something that happened or not, or
   an amount in the game's own unit scaled so that 1 is a difference worth a sentence
   (Kingdoms: tens of gold), oriented so that more is better for the mover where that
   is clear (the others' gold counts negative);
3. the topics whose mean differs most between the answer and the next best move are
   said by :attr:`Explainer.say`, a phrase that follows "it" (``wins this trick``,
   ``usually wins you the Dwarves' vote``), kept as messages of the catalogs
   (:mod:`regency.core.said`) so that the explanation reads in every language; the
   topics themselves are language-free keys.

:attr:`Explainer.group` sorts the moves that play alike into kinds ("swaps with the blue
marker") and :attr:`Explainer.name` says a count of them, so a long list of
near-identical moves is said once, with their count.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from regency.core.said import Part, said

if TYPE_CHECKING:
    from regency.core.game import Game

__all__ = ["Explainer", "Facts", "Grouper", "Namer", "Sayer", "often"]

Facts = Callable[["Game[Any]", "Game[Any]", int], dict[str, float]]
"""``facts(before, after, seat)``: what the move did for ``seat`` in one world.

``before`` is the world just before the move (not to be changed); ``after`` is the same
world with the move and the play that followed it applied, to the end of the game
(``after.actions[len(before.actions):]`` are the move and the moves after it). Returns
topic -> value; a topic left out counts 0 in that world."""

Sayer = Callable[[str, float], "Part | None"]
"""``say(topic, mean)``: the topic's mean value over the worlds, as a phrase that
follows "it" (``wins this trick``), or ``None`` when there is nothing to say."""

Grouper = Callable[["Game[Any]", Hashable], "str | None"]
"""``group(position, move)``: the kind of move ``move`` is, a language-free key shared
by moves that play alike (``swap 1``: swaps with the blue marker), or ``None`` for a
move that stands alone."""

Namer = Callable[[str, int, bool], "Part"]
"""``name(kind, count, other)``: ``count`` moves of a kind of :data:`Grouper`, in words
("12 other swaps with the blue marker" with ``other``, "12 swaps ..." without)."""


@dataclass(frozen=True, slots=True)
class Explainer:
    """How a game says what a move did (see the module docstring).

    Attributes:
        facts: What a move did in one played-out world (:data:`Facts`).
        say: A topic's mean in words (:data:`Sayer`).
        group: The kind of move, for grouping near-identical ones (:data:`Grouper`).
        name: A count of moves of one kind, in words (:data:`Namer`).
    """

    facts: Facts
    say: Sayer
    group: Grouper
    name: Namer


def often(share: float, yes: Part, no: Part) -> Part:
    """A yes-or-no fact seen in ``share`` of the worlds, in words.

    ``yes`` when it nearly always happened (0.9 and up), ``usually`` + ``yes`` from
    0.65, ``often`` + ``yes`` above 0.35 (about half the deals), ``sometimes`` +
    ``yes`` above 0.1, else ``no``.
    """
    if share >= 0.9:
        return yes
    if share >= 0.65:
        return said("usually {fact}", fact=yes)
    if share > 0.35:
        return said("often {fact}", fact=yes)
    if share > 0.1:
        return said("sometimes {fact}", fact=yes)
    return no

"""What a Claim Kingdoms move did, in its words: the power it sets up, the control it decides.

Claim Kingdoms' :class:`~regency.core.explain.Explainer` (puzzle explanations). In a
world played out to the end after the move it reads:

* the power moves the mover made next in the same turn (a card placed, then ``copy the
  Knights power`` and ``remove the blue marker from the Goblins at 1,0``): what the
  placement set up;
* whether the move ended the game at once (the mover's last marker placed);
* which factions the mover controls at the end, with their points.

The topics are language-free keys (:func:`facts`) and :func:`say` makes their words,
messages of the catalogs. Everything said is on the grid, which every seat sees.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any, cast

from regency.core.explain import Explainer, often
from regency.core.game import Game
from regency.core.said import Part, Texts, part_from_json, part_to_json, said, said_n
from regency.games.claim_kingdoms.actions import (
    COPY,
    FLIP,
    MARK,
    PLACE,
    REMOVE,
    SCORE,
    SWAP,
    Action,
)
from regency.games.claim_kingdoms.factions import COLOURS, Faction
from regency.games.claim_kingdoms.state import ClaimKingdomsState

__all__ = ["EXPLAINER", "facts", "group", "name", "say"]

POWER_MOVES = (SCORE, MARK, REMOVE, SWAP, FLIP, COPY)
"""The moves that use a power (a pass uses none)."""


def _set_up(before: ClaimKingdomsState, line: tuple[Action, ...], seat: int) -> Part | None:
    """The power moves ``seat`` made after the move, in the same turn, in words.

    Each move is described in every language on the spot (:class:`Texts`): it is said
    of the world it was played in, which no later reader has.
    """
    game = before.clone()
    game.apply(line[0])
    moves: list[Part] = []
    for action in line[1:]:
        if game.is_over or game.current_player != seat or action.kind not in POWER_MOVES:
            break
        moves.append(Texts.of(lambda: game.describe(action)))  # noqa: B023 (called at once)
        game.apply(action)
    if not moves:
        return None
    said_ = moves[-1]
    for move in reversed(moves[:-1]):
        said_ = said("{first} and then {second}", first=move, second=said_)
    return said_


def facts(before: Game[Any], after: Game[Any], seat: int) -> dict[str, float]:
    """The power the move set up, whether it ended the game, and control at the end.

    Topics: ``then|WORDS`` (the power moves that followed in the same turn, as JSON
    words), ``end`` (the move ended the game), ``control|F`` (the mover controls
    faction ``F`` at the end).
    """
    start = cast(ClaimKingdomsState, before)
    end = cast(ClaimKingdomsState, after)
    line = end.actions[len(start.actions) :]
    out: dict[str, float] = {}
    then = _set_up(start, line, seat)
    if then is not None:
        out["then|" + json.dumps(part_to_json(then), sort_keys=True)] = 1.0
    if len(line) == 1:
        out["end"] = 1.0
    _, _, owners = end.scores()
    for faction, seats in zip(end.factions, owners, strict=True):
        out[f"control|{int(faction)}"] = float(seat in seats)
    return out


def say(topic: str, share: float) -> Part | None:
    """A topic of :func:`facts` seen in ``share`` of the worlds, in words."""
    kind, _sep, rest = topic.partition("|")
    if kind == "then":
        moves = part_from_json(json.loads(rest))
        return said("lets you {moves} next", moves=moves) if share >= 0.5 else None
    if kind == "end":
        return often(share, said("ends the game at once"), "") or None
    faction = Faction(int(rest))
    name = said("the {faction}", faction=said(faction.title))
    return often(
        share,
        said(
            "gives you control of {faction} ({points} points)", faction=name, points=faction.points
        ),
        said("leaves you without {faction}", faction=name),
    )


def group(position: Game[Any], move: Hashable) -> str | None:
    """Moves that play alike: the squares for the card, swaps with one colour, and so on.

    Kinds: ``place F`` (the squares for a card of faction ``F``; ``place`` unseen),
    ``swap C`` / ``remove C`` (with the marker of colour ``C``), ``mark``, ``flip``,
    ``copy``.
    """
    state = cast(ClaimKingdomsState, position)
    action = cast(Action, move)
    kind = action.kind
    if kind == PLACE:
        card = state._hands[state._turn]
        return f"place {int(Faction(card))}" if card >= 0 else "place"
    if kind == SWAP:
        return f"swap {action.arg}"
    if kind == REMOVE:
        return f"remove {action.arg}"
    return {MARK: "mark", FLIP: "flip", COPY: "copy"}.get(kind)


def name(kind: str, count: int, other: bool) -> Part:
    """``count`` moves of ``kind`` (:func:`group`): "12 other swaps with the blue marker"."""
    verb, _sep, arg = kind.partition(" ")
    if verb == "place" and arg:
        faction = said(Faction(int(arg)).title)
        if other:
            return said_n(
                "{count} other square for the {faction}",
                "{count} other squares for the {faction}",
                count,
                faction=faction,
            )
        return said_n(
            "{count} square for the {faction}",
            "{count} squares for the {faction}",
            count,
            faction=faction,
        )
    if verb == "place":
        if other:
            return said_n("{count} other square", "{count} other squares", count)
        return said_n("{count} square", "{count} squares", count)
    if verb in ("swap", "remove"):
        colour = said(COLOURS[int(arg)])
        if verb == "swap" and other:
            return said_n(
                "{count} other swap with the {colour} marker",
                "{count} other swaps with the {colour} marker",
                count,
                colour=colour,
            )
        if verb == "swap":
            return said_n(
                "{count} swap with the {colour} marker",
                "{count} swaps with the {colour} marker",
                count,
                colour=colour,
            )
        if other:
            return said_n(
                "{count} other removal of a {colour} marker",
                "{count} other removals of a {colour} marker",
                count,
                colour=colour,
            )
        return said_n(
            "{count} removal of a {colour} marker",
            "{count} removals of a {colour} marker",
            count,
            colour=colour,
        )
    if verb == "mark":
        if other:
            return said_n("{count} other card to mark", "{count} other cards to mark", count)
        return said_n("{count} card to mark", "{count} cards to mark", count)
    if verb == "flip":
        if other:
            return said_n("{count} other card to flip", "{count} other cards to flip", count)
        return said_n("{count} card to flip", "{count} cards to flip", count)
    if other:
        return said_n("{count} other power to copy", "{count} other powers to copy", count)
    return said_n("{count} power to copy", "{count} powers to copy", count)


EXPLAINER = Explainer(facts=facts, say=say, group=group, name=name)
"""Claim Kingdoms' explainer, registered with the game (``GameInfo.explainer``)."""

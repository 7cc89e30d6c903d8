"""What a Claim Kingdoms move did, in its words: the power it sets up, the control it decides.

Claim Kingdoms' :class:`~regency.core.explain.Explainer` (puzzle explanations). In a
world played out to the end after the move it reads:

* the power moves the mover made next in the same turn (a card placed, then ``copy the
  Knights power`` and ``remove the blue marker from the Goblins at 1,0``): what the
  placement set up;
* whether the move ended the game at once (the mover's last marker placed);
* which factions the mover controls at the end, with their points.

Yes-or-no topics are written ``yes|no``, the two phrases that follow "it"; a power set
up is ``then|words``. Everything said is on the grid, which every seat sees.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from regency.core.explain import Explainer, often
from regency.core.game import Game
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

__all__ = ["EXPLAINER", "facts", "group", "say"]

POWER_MOVES = (SCORE, MARK, REMOVE, SWAP, FLIP, COPY)
"""The moves that use a power (a pass uses none)."""


def _set_up(before: ClaimKingdomsState, line: tuple[Action, ...], seat: int) -> list[str]:
    """The power moves ``seat`` made after the move, in the same turn, in words."""
    game = before.clone()
    game.apply(line[0])
    said = []
    for action in line[1:]:
        if game.is_over or game.current_player != seat or action.kind not in POWER_MOVES:
            break
        said.append(game.describe(action))
        game.apply(action)
    return said


def facts(before: Game[Any], after: Game[Any], seat: int) -> dict[str, float]:
    """The power the move set up, whether it ended the game, and control at the end."""
    start = cast(ClaimKingdomsState, before)
    end = cast(ClaimKingdomsState, after)
    line = end.actions[len(start.actions) :]
    out: dict[str, float] = {}
    then = _set_up(start, line, seat)
    if then:
        out["then|" + " and then ".join(then)] = 1.0
    if len(line) == 1:
        out["ends the game at once|"] = 1.0
    _, _, owners = end.scores()
    for faction, seats in zip(end.factions, owners, strict=True):
        name = f"the {faction.title}"
        topic = f"gives you control of {name} ({faction.points} points)|leaves you without {name}"
        out[topic] = float(seat in seats)
    return out


def say(topic: str, share: float) -> str | None:
    """A topic of :func:`facts` seen in ``share`` of the worlds, in words."""
    yes, _, no = topic.partition("|")
    if yes == "then":
        return f"lets you {no} next" if share >= 0.5 else None
    return often(share, yes, no) or None


def group(position: Game[Any], move: Hashable) -> str | None:
    """Moves that play alike: the squares for the card, swaps with one colour, and so on."""
    state = cast(ClaimKingdomsState, position)
    action = cast(Action, move)
    kind = action.kind
    if kind == PLACE:
        card = state._hands[state._turn]
        return f"squares for the {Faction(card).title}" if card >= 0 else "squares"
    if kind == SWAP:
        return f"swaps with the {COLOURS[action.arg]} marker"
    if kind == REMOVE:
        return f"removals of a {COLOURS[action.arg]} marker"
    if kind == MARK:
        return "cards to mark"
    if kind == FLIP:
        return "cards to flip"
    if kind == COPY:
        return "powers to copy"
    return None


EXPLAINER = Explainer(facts=facts, say=say, group=group)
"""Claim Kingdoms' explainer, registered with the game (``GameInfo.explainer``)."""

"""What a Kingdoms move did, in the game's words: the gold each row and column paid.

Kingdoms' :class:`~regency.core.explain.Explainer` (puzzle explanations). In a world
played out after the move, the epoch the move was made in is scored line by line; the
facts are the gold each row and column brought the mover, and the other players, in
tens of gold (so that 1 is a difference worth a sentence; the others' gold counts
negative, as it is bad for the mover). A castle's or a tile's worth
is decided in its row and its column: the lines where the answer and the next best move
differ most are the ones said.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from regency.core.explain import Explainer
from regency.core.game import Game
from regency.games.kingdoms.actions import CASTLE_VERB, START_VERB, TILE_VERB, KingdomsAction
from regency.games.kingdoms.state import KingdomsState
from regency.games.kingdoms.tiles import TILE_NAME

__all__ = ["EXPLAINER", "TENS", "facts", "group", "say"]

TENS = 10.0
"""The facts' unit: ten gold."""


def facts(before: Game[Any], after: Game[Any], seat: int) -> dict[str, float]:
    """Gold (in tens) from each line of the move's epoch: ``you|row B``, ``others|row B|...``."""
    start = cast(KingdomsState, before)
    end = cast(KingdomsState, after)
    scored = end.scoring[start.epoch - 1]
    others = "your opponent" if end.num_players == 2 else "the other players"
    out: dict[str, float] = {}
    for part in scored.parts:
        mine = f"you|{part.line}"
        theirs = f"others|{part.line}|{others}"
        rest = sum(g for s, g in enumerate(part.gold) if s != seat)
        out[mine] = out.get(mine, 0.0) + part.gold[seat] / TENS
        out[theirs] = out.get(theirs, 0.0) - rest / TENS  # oriented: their gold is bad
    return out


def say(topic: str, mean: float) -> str | None:
    """The mean gold of a line (in tens) in words; ``None`` below one gold."""
    who, line, *rest = topic.split("|")
    gold = round(mean * TENS) if who == "you" else -round(mean * TENS)
    if not gold:
        return None
    whom = "you" if who == "you" else rest[0]
    if gold > 0:
        return f"brings {whom} about {gold} gold from {line}"
    return f"costs {whom} about {-gold} gold in {line}"


def group(position: Game[Any], move: Hashable) -> str | None:
    """Moves that play alike: the squares for a castle of one rank, or for the tile."""
    state = cast(KingdomsState, position)
    action = cast(KingdomsAction, move)
    if action.verb == CASTLE_VERB:
        return f"squares for a rank-{action.rank} castle"
    if action.verb == TILE_VERB:
        return f"squares for the {TILE_NAME[state._drawn]}"
    if action.verb == START_VERB:
        return "squares for your starting tile"
    return None


EXPLAINER = Explainer(facts=facts, say=say, group=group)
"""Kingdoms' explainer, registered with the game (``GameInfo.explainer``)."""

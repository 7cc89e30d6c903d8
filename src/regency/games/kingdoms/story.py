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
from regency.core.said import Part, Said, Texts, said, said_n
from regency.games.kingdoms.actions import CASTLE_VERB, START_VERB, TILE_VERB, KingdomsAction
from regency.games.kingdoms.refusals import tile_words
from regency.games.kingdoms.state import KingdomsState

__all__ = ["EXPLAINER", "TENS", "facts", "group", "name", "say"]

TENS = 10.0
"""The facts' unit: ten gold."""


def facts(before: Game[Any], after: Game[Any], seat: int) -> dict[str, float]:
    """Gold (in tens) from each line of the move's epoch: ``you|row B``, ``others|row B|2``.

    ``others`` carries the player count (your opponent, or the other players).
    """
    start = cast(KingdomsState, before)
    end = cast(KingdomsState, after)
    scored = end.scoring[start.epoch - 1]
    out: dict[str, float] = {}
    for part in scored.parts:
        mine = f"you|{part.line}"
        theirs = f"others|{part.line}|{end.num_players}"
        rest = sum(g for s, g in enumerate(part.gold) if s != seat)
        out[mine] = out.get(mine, 0.0) + part.gold[seat] / TENS
        out[theirs] = out.get(theirs, 0.0) - rest / TENS  # oriented: their gold is bad
    return out


def _line(line: str) -> Said:
    """``row B`` / ``column 3`` (the scoring's names) in words."""
    kind, _sep, name = line.partition(" ")
    return said("row {row}", row=name) if kind == "row" else said("column {column}", column=name)


def say(topic: str, mean: float) -> Part | None:
    """The mean gold of a line (in tens) in words; ``None`` below one gold."""
    who, line, *rest = topic.split("|")
    gold = round(mean * TENS) if who == "you" else -round(mean * TENS)
    if not gold:
        return None
    where = _line(line)
    if who == "you":
        if gold > 0:
            return said("brings you about {gold} gold from {line}", gold=gold, line=where)
        return said("costs you about {gold} gold in {line}", gold=-gold, line=where)
    if rest[0] == "2":
        if gold > 0:
            return said("brings your opponent about {gold} gold from {line}", gold=gold, line=where)
        return said("costs your opponent about {gold} gold in {line}", gold=-gold, line=where)
    if gold > 0:
        return said("brings the other players about {gold} gold from {line}", gold=gold, line=where)
    return said("costs the other players about {gold} gold in {line}", gold=-gold, line=where)


def group(position: Game[Any], move: Hashable) -> str | None:
    """Moves that play alike: the squares for a castle of one rank, or for the tile.

    Kinds: ``castle N`` (rank ``N``), ``tile T`` (the drawn tile ``T``), ``start``.
    """
    state = cast(KingdomsState, position)
    action = cast(KingdomsAction, move)
    if action.verb == CASTLE_VERB:
        return f"castle {action.rank}"
    if action.verb == TILE_VERB:
        return f"tile {state._drawn}"
    if action.verb == START_VERB:
        return "start"
    return None


def name(kind: str, count: int, other: bool) -> Part:
    """``count`` moves of ``kind`` (:func:`group`): "12 other squares for a rank-2 castle"."""
    verb, _sep, arg = kind.partition(" ")
    if verb == "castle":
        if other:
            return said_n(
                "{count} other square for a rank-{rank} castle",
                "{count} other squares for a rank-{rank} castle",
                count,
                rank=int(arg),
            )
        return said_n(
            "{count} square for a rank-{rank} castle",
            "{count} squares for a rank-{rank} castle",
            count,
            rank=int(arg),
        )
    if verb == "tile":
        tile = Texts.of(lambda: tile_words(int(arg)))
        if other:
            return said_n(
                "{count} other square for the {tile}",
                "{count} other squares for the {tile}",
                count,
                tile=tile,
            )
        return said_n(
            "{count} square for the {tile}", "{count} squares for the {tile}", count, tile=tile
        )
    if other:
        return said_n(
            "{count} other square for your starting tile",
            "{count} other squares for your starting tile",
            count,
        )
    return said_n(
        "{count} square for your starting tile", "{count} squares for your starting tile", count
    )


EXPLAINER = Explainer(facts=facts, say=say, group=group, name=name)
"""Kingdoms' explainer, registered with the game (``GameInfo.explainer``)."""

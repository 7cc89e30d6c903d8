"""Kingdoms' lessons and coach: the measures a lesson's task names, and a move's ideas.

The course itself is data, ``lessons.json`` beside this module (docs/learn.md). Each
measure reads the learner's observation after the move (and what follows it):

* ``gold_now``: the learner's gold if the board were scored as it stands
  (``gold_if_ended_now``; the gold itself once the game is over);
* ``margin_now``: that, less the most any other player would have;
* ``gold``: the learner's gold (after an epoch's scoring);
* ``starts_next``: 1 if a new epoch began and the learner starts it (R-K-8);
* ``wins``: 1 if the game is over and the learner is among the winners (R-K-9).

The coach's topics (:func:`topics`) say what a move does from the seat's view alone:
the kind of piece and what the lines through its square are worth.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regency.core.teaching import Measure, Teaching, Topic

if TYPE_CHECKING:
    from regency.core.game import Game
    from regency.core.view import SeatView

__all__ = ["MEASURES", "TEACHING", "topics"]


def _now(obs: Mapping[str, Any]) -> list[int]:
    now = obs["gold_if_ended_now"]
    return list(obs["gold"] if now is None else now)


def gold_now(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """The learner's gold if the board were scored as it stands."""
    return float(_now(after.observation(seat))[seat])


def margin_now(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """The learner's gold if scored now, less the most any other player would have."""
    now = _now(after.observation(seat))
    return float(now[seat] - max(g for s, g in enumerate(now) if s != seat))


def gold(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """The learner's gold."""
    return float(after.observation(seat)["gold"][seat])


def starts_next(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """1 if a new epoch began after the move and the learner starts it (R-K-8)."""
    obs = after.observation(seat)
    began = obs["epoch"] > before.observation(seat)["epoch"]
    return float(began and obs["start_player"] == seat)


def wins(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """1 if the game is over and the learner is among the winners (R-K-9)."""
    return float(after.is_over and seat in after.result().winners)


MEASURES: dict[str, Measure] = {
    "gold_now": gold_now,
    "margin_now": margin_now,
    "gold": gold,
    "starts_next": starts_next,
    "wins": wins,
}
"""Kingdoms' measures, by the name a lesson's goal gives."""

_SPECIAL = {
    "MTN": "tile_mountain",
    "DRG": "tile_dragon",
    "GLD": "tile_gold_mine",
    "WIZ": "tile_wizard",
}


def topics(view: SeatView[Any], move: str) -> list[Topic]:
    """The ideas behind ``move`` in ``view``, most telling first (for the coach).

    A castle is about the lines through its square and its rank; a drawn tile about
    whose castles share its lines; drawing and the starting tile about what they keep
    open.
    """
    obs = view.observation
    words = move.split()
    if words[0] == "castle":
        rank = int(words[1])
        found: list[Topic] = [("castle_lines", {})]
        found.append(("castle_high", {}) if rank >= 3 else ("castle_low", {}))
        if obs["wizard_neighbours"]:
            found.append(("wizard_near", {}))
        return found
    if words[0] == "draw":
        return [("draw", {})]
    if words[0] == "start":
        return [("starting_tile", {})]
    if words[0] == "pass":
        return [("pass", {})]
    tile = obs["drawn"] or ""
    if tile in _SPECIAL:
        return [(_SPECIAL[tile], {})]
    if tile.startswith("-"):
        return [("tile_hazard", {})]
    return [("tile_resource", {})]


TEACHING = Teaching("regency.games.kingdoms", MEASURES, topics)
"""Kingdoms' course (``lessons.json``), measures and coach topics."""

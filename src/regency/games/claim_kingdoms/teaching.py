"""Claim Kingdoms' lessons and coach: the measures a lesson's task names, and a move's ideas.

The course itself is data, ``lessons.json`` beside this module (docs/learn.md). Each
measure reads the learner's observation after the move (and what follows it):

* ``can_score``: the most points the learner's power could score now (its
  ``power_effects``; 0 when the learner is not deciding a power);
* ``points``: the learner's points from powers so far;
* ``controls``: 1 if the learner controls ``faction`` (R-CK-10);
* ``others_control``: how many other players control ``faction``;
* ``looked``: 1 if the learner is looking at cards of the deck with a Seer, or just
  did (R-CK-8);
* ``wins``: 1 if the game is over and the learner is among the winners.

The coach's topics (:func:`topics`) say what a move does from the seat's view alone
(the observation's ``power_effects`` and ``standing``), never its notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regency.core.teaching import Measure, Teaching, Topic

if TYPE_CHECKING:
    from regency.core.game import Game
    from regency.core.view import SeatView

__all__ = ["MEASURES", "TEACHING", "topics"]


def _standing(obs: Mapping[str, Any], faction: str) -> Mapping[str, Any]:
    entry: Mapping[str, Any]
    for entry in obs["standing"]:
        if entry["faction"] == faction:
            return entry
    raise KeyError(f"{faction!r} is not in play")


def can_score(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """The most points the learner's power could score now (0 if not deciding a power)."""
    obs = after.observation(seat)
    if obs["to_move"] != seat or obs["decision"] != "power":
        return 0.0
    return float(max((e["points"] for e in obs["power_effects"]), default=0))


def points(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """The learner's points from powers."""
    return float(after.observation(seat)["power_points"][seat])


def controls(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """1 if the learner controls ``faction`` (R-CK-10)."""
    obs = after.observation(seat)
    return float(seat in _standing(obs, str(goal["faction"]))["controllers"])


def others_control(
    before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]
) -> float:
    """How many players other than the learner control ``faction``."""
    obs = after.observation(seat)
    return float(sum(s != seat for s in _standing(obs, str(goal["faction"]))["controllers"]))


def looked(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """1 if the learner is looking at cards of the deck with a Seer, or just did (R-CK-8).

    When the cards looked at are all of one faction the keep is made at once, so the
    learner's last turn may already show the look.
    """
    obs = after.observation(seat)
    if obs["looking"] is not None:
        return 1.0
    mine = [turn for turn in obs["history"] if turn["seat"] == seat]
    return float(bool(mine) and mine[-1].get("take") == "look")


def wins(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """1 if the game is over and the learner is among the winners."""
    return float(after.is_over and seat in after.result().winners)


MEASURES: dict[str, Measure] = {
    "can_score": can_score,
    "points": points,
    "controls": controls,
    "others_control": others_control,
    "looked": looked,
    "wins": wins,
}
"""Claim Kingdoms' measures, by the name a lesson's goal gives."""


def topics(view: SeatView[Any], move: str) -> list[Topic]:
    """The ideas behind ``move`` in ``view``, most telling first (for the coach).

    Placing is about the card's power; a power's use about the points it scores or the
    control it changes (the observation's ``power_effects``); a take about the display
    or the deck.
    """
    obs = view.observation
    decision = obs["decision"]
    words = move.split()
    if decision == "place":
        return [(f"place_{obs['hand']}", {}), ("control", {})]
    if decision == "power":
        effect = next((e for e in obs["power_effects"] if e["move"] == move), None)
        if words[0] == "pass":
            return [("pass_power", {})]
        if words[0] == "copy":
            return [("copy", {})]
        found: list[Topic] = []
        if effect is not None:
            for change in effect["control"]:
                found.append(("power_control", {"faction": change["faction"].capitalize()}))
            if effect["points"]:
                found.append(("power_points", {"points": str(effect["points"])}))
        return found or [("use_power", {})]
    if decision == "take":
        if words[0] == "look":
            return [("take_look", {})]
        if words[0] in ("draw",) or move == "take deck":
            return [("take_draw", {})]
        return [("take_display", {})]
    return [("keep", {})]


TEACHING = Teaching("regency.games.claim_kingdoms", MEASURES, topics)
"""Claim Kingdoms' course (``lessons.json``), measures and coach topics."""

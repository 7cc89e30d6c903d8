"""Claim's lessons and coach: the measures a lesson's task names, and the ideas behind a move.

The course itself is data, ``lessons.json`` beside this module (docs/learn.md). Each
measure reads the learner's observation after the move (and the replies and forced moves
that follow it), so a lesson is judged by what the table shows:

* ``wins_trick``: 1 if the learner (``"team": true``: the learner's side) won the last
  finished trick;
* ``leads_next``: 1 if the learner leads the trick now being played (R-CLAIM-12);
* ``pile``: how many cards of ``faction`` lie in the learner's score pile (``"side":
  "opponents"``: in the opponents' piles; ``"team": true``: the learner's side's);
* ``followers``: how many copies of ``card`` are in the learner's follower deck;
* ``took_face_up``: 1 if the learner took a face-up card after the last trick;
* ``smashed``: how many Gnomes have been smashed (R-CLAIM-11);
* ``wins_game``: 1 if the game is over and the learner is among the winners.

The coach's topics (:func:`topics`) say what a move does from the seat's view alone:
whether it follows, whether it would win the trick as it stands, the power it plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regency.core.teaching import Measure, Teaching, Topic
from regency.games.claim import rules
from regency.games.claim.cards import CARD_CODE, CARD_FACTION, CARD_VALUE, Faction

if TYPE_CHECKING:
    from regency.core.game import Game
    from regency.core.view import SeatView

__all__ = ["MEASURES", "TEACHING", "topics"]

_CODE_ID = {code: card for card, code in enumerate(CARD_CODE)}


def _side(obs: Mapping[str, Any], seat: int) -> list[int]:
    for team in obs.get("teams") or []:
        if seat in team:
            return list(team)
    return [seat]


def _finished(before: Game[Any], after: Game[Any], seat: int) -> Mapping[str, Any] | None:
    """The trick the learner's move finished (the first one finished after ``before``)."""
    done = len(before.observation(seat)["tricks"])
    tricks = after.observation(seat)["tricks"]
    return tricks[done] if len(tricks) > done else None


def wins_trick(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """1 if the learner (or the learner's side) won the trick the move finished."""
    trick = _finished(before, after, seat)
    if trick is None:
        return 0.0
    winners = _side(after.observation(seat), seat) if goal.get("team") else [seat]
    return float(trick["winner"] in winners)


def leads_next(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """1 if the learner leads the trick after the one the move finished (R-CLAIM-12)."""
    trick = _finished(before, after, seat)
    return float(trick is not None and trick["next_leader"] == seat)


def pile(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """How many cards of ``faction`` the learner's (or the opponents') score piles hold."""
    obs = after.observation(seat)
    prefix = Faction[str(goal["faction"]).upper()]
    mine = _side(obs, seat) if goal.get("team") else [seat]
    if goal.get("side") == "opponents":
        mine = [s for s in range(obs["players"]) if s not in _side(obs, seat)]
    return float(
        sum(
            CARD_FACTION[_CODE_ID[code]] == prefix
            for s in mine
            for code in obs["score_piles"][s] + obs["gnomes"][s]
        )
    )


def followers(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """How many copies of ``card`` the learner's follower deck holds."""
    return float(after.observation(seat)["followers"][seat]["known"].count(goal["card"]))


def took_face_up(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """1 if the learner took one of the face-up cards after the trick the move finished."""
    trick = _finished(before, after, seat)
    if trick is None:
        return 0.0
    return float(any(s == seat and code for s, code in trick.get("takes") or []))


def smashed(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """How many Gnomes have been smashed so far (R-CLAIM-11)."""
    return float(len(after.observation(seat)["smashed"]))


def wins_game(before: Game[Any], after: Game[Any], seat: int, goal: Mapping[str, Any]) -> float:
    """1 if the game is over and the learner (or the learner's side) won it."""
    return float(after.is_over and seat in after.result().winners)


MEASURES: dict[str, Measure] = {
    "wins_trick": wins_trick,
    "leads_next": leads_next,
    "pile": pile,
    "followers": followers,
    "took_face_up": took_face_up,
    "smashed": smashed,
    "wins_game": wins_game,
}
"""Claim's measures, by the name a lesson's goal gives."""


def _name(code: str) -> str:
    """A card as the table names it (``Undead 7``)."""
    return f"{Faction(CARD_FACTION[_CODE_ID[code]]).singular} {code[2:]}"


def topics(view: SeatView[Any], move: str) -> list[Topic]:
    """The ideas behind ``move`` in ``view``, most telling first (for the coach).

    A take (phase one's choice of card) is about the card taken; a card played is about
    the trick: whether it follows, whether it beats the cards played so far (and then
    whether others are still to play), and the power its faction has in this phase.
    """
    obs = view.observation
    words = move.split()
    if words[0] == "take":
        if words[1] == "deck":
            return [("take_peeked", {})]
        return [("take_card", {"card": _name(words[1])})]
    card = _CODE_ID[move]
    faction = Faction(CARD_FACTION[card])
    found: list[Topic] = []
    played = [_CODE_ID[c] for c in obs["played"]]
    n = obs["players"]
    if not played:
        found.append(("lead", {"faction": faction.title}))
    else:
        plays = [*played, card]
        lead = CARD_FACTION[played[0]]
        follows = rules.counts_as_lead(card, lead)
        last = len(plays) == n
        ahead = rules.trick_winner(plays) == len(played)
        if ahead:
            found.append(("win_trick" if last else "take_lead", {}))
        elif follows:
            found.append(("follow_low", {}))
        else:
            found.append(("discard", {"faction": faction.title}))
        if ahead and last and obs["face_up"]:
            found.append(("worth", {"card": ", ".join(_name(c) for c in obs["face_up"])}))
    power = _power(faction, obs["phase"])
    if power:
        found.append((power, {}))
    if CARD_VALUE[card] >= 7 and not found[0][0].startswith("win"):
        found.append(("keep_high", {}))
    return found


def _power(faction: Faction, phase: int | None) -> str | None:
    """The topic of ``faction``'s power in ``phase`` (None: no power there)."""
    if faction is Faction.DRAGONS:
        return "power_dragons"
    if phase == 1:
        return {Faction.UNDEAD: "power_undead", Faction.SEERS: "power_seers"}.get(faction)
    return {
        Faction.DWARVES: "power_dwarves",
        Faction.GNOMES: "power_gnomes",
        Faction.GIANTS: "power_giants",
        Faction.TROLLS: "power_trolls",
    }.get(faction)


TEACHING = Teaching("regency.games.claim", MEASURES, topics)
"""Claim's course (``lessons.json``), measures and coach topics."""

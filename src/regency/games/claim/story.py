"""What a Claim move did, in Claim's words: the trick it wins or loses, the votes it decides.

Claim's :class:`~regency.core.explain.Explainer` (puzzle explanations): in a world played
out to the end after the move, did the mover's side win the trick the card was played
to (and, in phase one, the face-up card it was played for), and which factions' votes
did it win at the end? Each topic is a yes-or-no fact written as ``yes|no``, the two
phrases that follow "it", so :func:`say` needs nothing but the topic.

Nothing hidden is named: the face-up cards are on the table for everyone, and the
phrases never say which cards the others held.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from typing import Any, cast

from regency.core.explain import Explainer, often
from regency.core.game import Game
from regency.games.claim.actions import ClaimAction
from regency.games.claim.cards import CARD_FACTION, CARD_NAME, Faction
from regency.games.claim.state import ClaimState

__all__ = ["EXPLAINER", "facts", "group", "lost_votes", "say", "votes_for"]


def _possessive(name: str) -> str:
    """``Goblins'``, ``Undead's``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _prize(state: ClaimState) -> str:
    """What the trick in progress is played for, in words (phase one: the face-up cards)."""
    cards = [CARD_NAME[c] for c in state._face_up]
    if state._phase != 1 or not cards:
        return ""
    if len(cards) == 1:
        return f", and {cards[0]} with it"
    return f", and first pick of {cards[0]} and {cards[1]}"


def _side(state: ClaimState, seat: int) -> int:
    return next(i for i, side in enumerate(state.sides()) if seat in side)


def facts(before: Game[Any], after: Game[Any], seat: int) -> dict[str, float]:
    """The trick the move went to and the votes at the end, for ``seat``'s side (1: won)."""
    start = cast(ClaimState, before)
    end = cast(ClaimState, after)
    move = end.actions[len(start.actions)]
    team = end.num_players == 4
    out: dict[str, float] = {}
    if move.verb == "play":
        trick = end._history[len(start._history)]
        prize = _prize(start)
        whose = " for your side" if team else ""
        topic = f"wins this trick{whose}{prize}|loses this trick{prize}"
        out[topic] = float(_side(end, trick.winner) == _side(end, seat))
    mine = _side(end, seat)
    you = "your side" if team else "you"
    other = "another player"
    if team or end.num_players == 2:
        other = "the other side" if team else "your opponent"
    for vote in end.votes():
        name = f"the {_possessive(vote.faction.title)} vote"
        out[f"wins {you} {name}|leaves {name} to {other}"] = float(vote.side == mine)
    return out


def votes_for(state: ClaimState, seat: int) -> set[Faction]:
    """The factions whose votes go to ``seat``'s side in ``state`` (over: the final votes)."""
    mine = _side(state, seat)
    return {vote.faction for vote in state.votes() if vote.side == mine}


def lost_votes(factions: Collection[Faction], others: int) -> str:
    """What every move but the answer loses, in words (a proven puzzle's explanation).

    ``"every other card loses the Undead's vote"``; ``"the other card loses the Goblins'
    and the Dwarves' votes"`` when ``others`` is 1 and two votes are lost.
    """
    names = [f"the {_possessive(f.title)}" for f in sorted(factions)]
    said = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)
    votes = "vote" if len(names) == 1 else "votes"
    return f"{'the other card' if others == 1 else 'every other card'} loses {said} {votes}"


def say(topic: str, share: float) -> str | None:
    """A topic of :func:`facts` (``yes|no``) seen in ``share`` of the worlds, in words."""
    yes, _, no = topic.partition("|")
    return often(share, yes, no)


def group(position: Game[Any], move: Hashable) -> str | None:
    """Cards of one faction play alike enough to be listed together (``Goblins``)."""
    del position
    action = cast(ClaimAction, move)
    if action.verb != "play":
        return None
    return CARD_FACTION[action.card].title


EXPLAINER = Explainer(facts=facts, say=say, group=group)
"""Claim's explainer, registered with the game (``GameInfo.explainer``)."""

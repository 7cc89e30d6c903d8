"""What a Claim move did, in Claim's words: the trick it wins or loses, the votes it decides.

Claim's :class:`~regency.core.explain.Explainer` (puzzle explanations): in a world played
out to the end after the move, did the mover's side win the trick the card was played
to (and, in phase one, the face-up card it was played for), and which factions' votes
did it win at the end? Each topic is a yes-or-no fact under a language-free key
(``trick|1|40,17``: the trick, for a side of two, played for two face-up cards;
``vote|0|2|UN``: the Undead's vote, one seat a side, two players), and :func:`say`
makes its words, messages of the catalogs (:mod:`regency.core.said`), so a puzzle's
explanation reads in every language.

Nothing hidden is named: the face-up cards are on the table for everyone, and the
phrases never say which cards the others held.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from typing import Any, cast

from regency.core.explain import Explainer, often
from regency.core.game import Game
from regency.core.i18n import N_
from regency.core.said import Part, Said, said, said_n
from regency.games.claim.actions import ClaimAction
from regency.games.claim.cards import CARD_FACTION, CARD_VALUE, Faction
from regency.games.claim.state import ClaimState

__all__ = ["EXPLAINER", "VOTES", "facts", "group", "lost_votes", "say", "votes_for"]


VOTES: dict[str, str] = {
    "GB": N_("the Goblins' vote"),
    "KN": N_("the Knights' vote"),
    "UN": N_("the Undead's vote"),
    "DW": N_("the Dwarves' vote"),
    "DO": N_("the Doppelgangers' vote"),
    "GN": N_("the Gnomes' vote"),
    "GI": N_("the Giants' vote"),
    "DR": N_("the Dragons' vote"),
    "TR": N_("the Trolls' vote"),
    "SE": N_("the Seers' vote"),
}
"""A faction's vote by its code, one message each (the possessive is the language's)."""


def _card(card: int) -> Said:
    """A card's name in words (``Knight 9``)."""
    return said(
        "{faction} {value}", faction=said(CARD_FACTION[card].singular), value=CARD_VALUE[card]
    )


def _prize(state: ClaimState) -> str:
    """The face-up cards the trick in progress is played for, their ids (phase one only)."""
    if state._phase != 1:
        return ""
    return ",".join(str(c) for c in state._face_up)


def _side(state: ClaimState, seat: int) -> int:
    return next(i for i, side in enumerate(state.sides()) if seat in side)


def facts(before: Game[Any], after: Game[Any], seat: int) -> dict[str, float]:
    """The trick the move went to and the votes at the end, for ``seat``'s side (1: won)."""
    start = cast(ClaimState, before)
    end = cast(ClaimState, after)
    move = end.actions[len(start.actions)]
    team = int(end.num_players == 4)
    out: dict[str, float] = {}
    if move.verb == "play":
        trick = end._history[len(start._history)]
        out[f"trick|{team}|{_prize(start)}"] = float(_side(end, trick.winner) == _side(end, seat))
    mine = _side(end, seat)
    for vote in end.votes():
        key = f"vote|{team}|{end.num_players}|{vote.faction.code}"
        out[key] = float(vote.side == mine)
    return out


def _trick(team: bool, prize: list[int], won: bool) -> Said:
    """Winning or losing the trick, and the face-up cards it is played for, in words."""
    if not prize:
        if won:
            return said("wins this trick for your side") if team else said("wins this trick")
        return said("loses this trick")
    if len(prize) == 1:
        card = _card(prize[0])
        if won and team:
            return said("wins this trick for your side, and {card} with it", card=card)
        if won:
            return said("wins this trick, and {card} with it", card=card)
        return said("loses this trick, and {card} with it", card=card)
    first, second = _card(prize[0]), _card(prize[1])
    if won and team:
        return said(
            "wins this trick for your side, and first pick of {first} and {second}",
            first=first,
            second=second,
        )
    if won:
        return said(
            "wins this trick, and first pick of {first} and {second}", first=first, second=second
        )
    return said(
        "loses this trick, and first pick of {first} and {second}", first=first, second=second
    )


def _vote(team: bool, players: int, code: str, won: bool) -> Said:
    """Winning a faction's vote, or leaving it to the others, in words."""
    vote = said(VOTES[code])
    if won:
        return (
            said("wins your side {vote}", vote=vote) if team else said("wins you {vote}", vote=vote)
        )
    if team:
        return said("leaves {vote} to the other side", vote=vote)
    if players == 2:
        return said("leaves {vote} to your opponent", vote=vote)
    return said("leaves {vote} to another player", vote=vote)


def votes_for(state: ClaimState, seat: int) -> set[Faction]:
    """The factions whose votes go to ``seat``'s side in ``state`` (over: the final votes)."""
    mine = _side(state, seat)
    return {vote.faction for vote in state.votes() if vote.side == mine}


def lost_votes(factions: Collection[Faction], others: int) -> Said:
    """What every move but the answer loses, in words (a proven puzzle's explanation).

    ``"every other card loses the Undead's vote"``; ``"the other card loses the votes of
    the Goblins and the Dwarves"`` when ``others`` is 1 and two votes are lost.
    """
    ordered = sorted(factions)
    if len(ordered) == 1:
        vote = said(VOTES[ordered[0].code])
        if others == 1:
            return said("the other card loses {vote}", vote=vote)
        return said("every other card loses {vote}", vote=vote)
    names: list[Part] = [said("the {faction}", faction=said(f.title)) for f in ordered]
    listed = names[-1]
    for name in reversed(names[:-1]):
        if listed is names[-1]:
            listed = said("{first} and {second}", first=name, second=listed)
        else:
            listed = said("{first}, {second}", first=name, second=listed)
    if others == 1:
        return said("the other card loses the votes of {factions}", factions=listed)
    return said("every other card loses the votes of {factions}", factions=listed)


def say(topic: str, share: float) -> Part | None:
    """A topic of :func:`facts` seen in ``share`` of the worlds, in words."""
    kind, team, *rest = topic.split("|")
    if kind == "trick":
        prize = [int(c) for c in rest[0].split(",") if c]
        return often(share, _trick(team == "1", prize, True), _trick(team == "1", prize, False))
    players, code = rest
    return often(
        share,
        _vote(team == "1", int(players), code, True),
        _vote(team == "1", int(players), code, False),
    )


def group(position: Game[Any], move: Hashable) -> str | None:
    """Cards of one faction play alike enough to be listed together (``faction 0``)."""
    del position
    action = cast(ClaimAction, move)
    if action.verb != "play":
        return None
    return f"faction {int(CARD_FACTION[action.card])}"


def name(kind: str, count: int, other: bool) -> Part:
    """``count`` cards of the faction of ``kind`` (``faction 0``: Goblins), in words."""
    faction = said(Faction(int(kind.split()[1])).singular)
    if other:
        return said_n(
            "{count} other {faction} card", "{count} other {faction} cards", count, faction=faction
        )
    return said_n("{count} {faction} card", "{count} {faction} cards", count, faction=faction)


EXPLAINER = Explainer(facts=facts, say=say, group=group, name=name)
"""Claim's explainer, registered with the game (``GameInfo.explainer``)."""

"""A rule-based Claim player that a casual player finds sensible.

It reads only its seat's view (observation and legal actions), like every agent.

Phase one: the hand is spent, not kept, so it bids high cards for face-up cards worth
more than a blind draw, and throws its lowest card at the rest. Phase two: it fights
for factions still in doubt, wins tricks with the cheapest card that wins, lets a
partner's winning card stand, and when it must lose it gives away cards of factions
that are already decided.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from regency.core.view import SeatView
from regency.games.claim.cards import CODE_TO_KIND
from regency.games.claim.rules import trick_winner

__all__ = ["AVERAGE_DRAW", "choose", "faction_stakes", "follower_worth", "wins_over"]

AVERAGE_DRAW = 4.5
"""What a blind draw from the pile is worth on average (values run 0-9)."""


def _faction(code: str) -> str:
    return code[:2]


def _value(code: str) -> int:
    return int(code[2:])


def follower_worth(code: str) -> float:
    """How much a card helps in phase two.

    High cards win tricks; Doppelgangers follow anything and Knights beat Goblins, so
    they carry a little more; Dwarves are a burden (the loser takes them).
    """
    bonus = {"DO": 1.0, "KN": 1.0, "DW": -1.0}.get(_faction(code), 0.0)
    return _value(code) + bonus


def wins_over(card: str, played: list[str]) -> bool:
    """Whether ``card``, played after ``played``, would win the trick (R-CLAIM-6)."""
    return trick_winner([CODE_TO_KIND[c] for c in [*played, card]]) == len(played)


def _winning_index(played: list[str]) -> int:
    """Index of the card currently winning ``played``."""
    return trick_winner([CODE_TO_KIND[c] for c in played])


def _teammates(obs: dict[str, Any], seat: int) -> set[int]:
    teams = obs.get("teams")
    if not teams:
        return {seat}
    return next(set(t) for t in teams if seat in t)


def faction_stakes(obs: dict[str, Any], seat: int) -> dict[str, float]:
    """How much each faction's vote is still in play for us (low: decided either way)."""
    mates = _teammates(obs, seat)
    mine: dict[str, int] = {}
    theirs: dict[str, int] = {}
    gone: dict[str, int] = {}
    for s, pile in enumerate(obs["score_piles"]):
        target = mine if s in mates else theirs
        for code in [*pile, *obs["gnomes"][s]]:
            target[_faction(code)] = target.get(_faction(code), 0) + 1
    for code in [*obs["discards"], *obs["smashed"]]:
        gone[_faction(code)] = gone.get(_faction(code), 0) + 1
    stakes = {}
    for name in obs["factions"]:
        code = _FACTION_CODES[name]
        m, o = mine.get(code, 0), theirs.get(code, 0)
        left = _FACTION_SIZE.get(code, 10) - m - o - gone.get(code, 0)
        if m > o + left or o > m + left:
            stakes[code] = 0.2
        else:
            stakes[code] = 1.0 + 1.0 / (1 + abs(m - o))
    return stakes


_FACTION_SIZE = {"GB": 14, "KN": 8, "GN": 13, "GI": 9}
"""Cards per faction where it is not 10 (R-CLAIM-1, R-CLAIM-2)."""

_FACTION_CODES = {
    "goblins": "GB",
    "knights": "KN",
    "undead": "UN",
    "dwarves": "DW",
    "doppelgangers": "DO",
    "gnomes": "GN",
    "giants": "GI",
    "dragons": "DR",
    "trolls": "TR",
    "seers": "SE",
}


def _play_phase_one(obs: dict[str, Any], legal: list[str], seat: int) -> str:
    prize = max((follower_worth(c) for c in obs["face_up"]), default=0.0)
    undead_played = sum(1 for c in obs["played"] if _faction(c) == "UN")
    want = prize - AVERAGE_DRAW + 2.0 * undead_played
    by_value = sorted(legal, key=lambda c: (_value(c), _faction(c) == "DO"))
    if not obs["played"]:
        # Leading: bid with our strongest card for a good prize, else lead our weakest.
        if want > 0:
            return by_value[-1]
        return by_value[0]
    mates = _teammates(obs, seat)
    leader = obs["leader"]
    current = _winning_index(obs["played"])
    if (leader + current) % obs["players"] in mates:
        return by_value[0]  # a partner is winning: let it stand
    winners = [c for c in by_value if wins_over(c, obs["played"])]
    if winners and want > 0:
        return winners[0]  # the cheapest card that wins
    losers = [c for c in by_value if c not in winners] or by_value
    return losers[0]


def _play_phase_two(obs: dict[str, Any], legal: list[str], seat: int) -> str:
    stakes = faction_stakes(obs, seat)
    played = obs["played"]
    by_value = sorted(legal, key=lambda c: (_value(c), stakes.get(_faction(c), 1.0)))

    def trick_worth(cards: list[str]) -> float:
        # Dwarves go to the loser (R-CLAIM-9): winning them is worth nothing.
        return sum(stakes.get(_faction(c), 1.0) for c in cards if _faction(c) != "DW")

    def give_away_cost(card: str) -> float:
        return stakes.get(_faction(card), 1.0) * (1 + _value(card) / 10)

    if not played:
        # Lead the card most likely to hold: our highest in the faction we care about.
        best = max(legal, key=lambda c: _value(c) + 2 * stakes.get(_faction(c), 1.0))
        if _value(best) >= 7:
            return best
        return min(legal, key=give_away_cost)
    mates = _teammates(obs, seat)
    current = _winning_index(played)
    if (obs["leader"] + current) % obs["players"] in mates:
        return min(legal, key=give_away_cost)
    winners = [c for c in by_value if wins_over(c, played)]
    if winners and trick_worth(played) + 0.5 > 0.6:
        return winners[0]
    losers = [c for c in legal if c not in winners] or legal
    return min(losers, key=give_away_cost)


def _take(obs: dict[str, Any], legal: list[str]) -> str:
    options = {}
    for notation in legal:
        card = notation.split()[-1]
        if card.lower() == "deck":
            peek = obs.get("peek")
            options[notation] = follower_worth(peek) if peek else AVERAGE_DRAW
        else:
            options[notation] = follower_worth(card.upper())
    return max(legal, key=lambda n: options[n])


def choose(view: SeatView[Any], rng: random.Random) -> Hashable:
    """Pick an action for the seat in ``view`` (``rng`` breaks nothing: it is unused)."""
    del rng
    obs = view.observation
    by_notation: dict[str, Hashable] = {str(a): a for a in view.legal_actions}
    legal = list(by_notation)
    if len(legal) == 1:
        return by_notation[legal[0]]
    if obs["decision"] == "take":
        return by_notation[_take(obs, legal)]
    if obs["phase"] == 1:
        return by_notation[_play_phase_one(obs, legal, view.seat)]
    return by_notation[_play_phase_two(obs, legal, view.seat)]

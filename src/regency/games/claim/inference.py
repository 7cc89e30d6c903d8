"""Claim's model of play: how likely a world makes the rivals' cards so far.

For ISMCTS's ``infer`` (:mod:`regency.agents.inference`, after Solinas, Rebstock and
Buro, AAAI 2019). Within a phase a hand only shrinks (what a trick brings goes to the
follower deck or the score pile), so in a dealt world a rival's hand when they played a
card of this phase is their hand now and every card they have played since. Given that
hand, the trick so far and what it was played for, :func:`play_probability` says how
likely the card they played was, by a small conditional-logit policy (a softmax over a
few features of each card they could have played). A world's weight is the product
over the rivals' plays of this phase.

The policy's weights ship beside this module, in ``play_model.json`` with the command,
seed and games that made them (:func:`weights`). They were fitted by maximum likelihood
to the default search player's own moves (``benchmarks/fit_claim_play.py``, which
records how much better than a uniform guess they predict moves it did not see). A
kind of play no feature predicts better than a uniform guess is not modelled.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regency.games.claim.cards import CODE_TO_KIND, Faction, add_copy, codes, copies_of
from regency.games.claim.heuristic import AVERAGE_DRAW, faction_stakes, follower_worth, wins_over
from regency.games.claim.rules import follow_mask

if TYPE_CHECKING:
    from regency.games.claim.state import ClaimState

__all__ = [
    "FEATURES",
    "MODEL",
    "Play",
    "features",
    "kind_name",
    "may_follow",
    "play_probability",
    "rival_plays",
    "want_of",
    "weights",
    "world_weigher",
]

FEATURES = (
    "rank",  # the card's place among those it could play, lowest 0, highest 1
    "value",  # its value / 9
    "wins",  # it would win the trick as it stands (a follower only)
    "want x rank",  # how much the trick is worth having, times the rank
    "want x wins",
    "cheapest",  # the cheapest card that would win
    "want x cheapest",
    "doppelganger",
    "stake",  # in phase two, how much its faction's vote is still in play
    "stake x rank",
    "lowest",  # the lowest card it could play
    "highest",
    "want x lowest",
    "want x highest",
)
"""What the policy sees of each card a player could have played."""

MODEL = Path(__file__).resolve().parent / "play_model.json"
"""The fitted policy and its recipe (``benchmarks/fit_claim_play.py`` writes it)."""


def kind_name(phase: int, leading: bool) -> str:
    """The name of a kind of play in ``play_model.json``: ``"phase 1 lead"``."""
    return f"phase {phase} {'lead' if leading else 'follow'}"


@functools.cache
def weights() -> dict[tuple[int, bool], tuple[float, ...]]:
    """(phase, leading) -> a weight per feature (:data:`FEATURES`), as shipped.

    A kind of play not listed is not modelled: every card it could be is as likely.
    """
    model = json.loads(MODEL.read_text())
    if model["features"] != list(FEATURES):
        raise ValueError(f"{MODEL.name} was fitted to other features: {model['features']}")
    return {
        (phase, leading): tuple(model["weights"][kind_name(phase, leading)])
        for phase in (1, 2)
        for leading in (True, False)
        if kind_name(phase, leading) in model["weights"]
    }


@dataclass(frozen=True, slots=True)
class Play:
    """One card a rival played this phase, with what they could see when they did.

    Attributes:
        seat: Who played it.
        card: Its code.
        played: The trick's cards before it (codes), empty for a lead.
        want: How much winning the trick was worth, in the heuristic's terms.
        stakes: Each faction's stake in phase two (codes to weights), else empty.
        weights: The policy's weights for this kind of play.
    """

    seat: int
    card: str
    played: tuple[str, ...]
    want: float
    stakes: dict[str, float]
    weights: tuple[float, ...]


def _value(code: str) -> int:
    return int(code[2:])


_FACTION_OF_CODE = {faction.code: faction for faction in Faction}
"""A faction's two-letter code (``"KN"``) -> the faction."""


def may_follow(hand: list[str], lead: str) -> list[str]:
    """The cards of ``hand`` (codes) that may follow a lead in ``lead`` (R-CLAIM-5).

    The engine's rule (``rules.follow_mask``) on the hand's copies, in id order.
    """
    return codes(follow_mask(copies_of(hand), _FACTION_OF_CODE[lead]))


def features(
    legal: list[str], played: tuple[str, ...] | list[str], want: float, stakes: dict[str, float]
) -> list[list[float]]:
    """Each card's features (:data:`FEATURES`), in the order of ``legal`` (codes)."""
    n = len(legal)
    order = sorted(range(n), key=lambda i: (_value(legal[i]), legal[i][:2] == "DO"))
    rank = [0.5] * n
    if n > 1:
        for place, i in enumerate(order):
            rank[i] = place / (n - 1)
    wins = [float(bool(played) and wins_over(c, list(played))) for c in legal]
    winning = [_value(c) for c, w in zip(legal, wins, strict=True) if w]
    low = min(winning, default=-1)
    out = []
    for i, card in enumerate(legal):
        cheapest = float(wins[i] > 0 and _value(card) == low)
        stake = stakes.get(card[:2], 0.0)
        out.append(
            [
                rank[i],
                _value(card) / 9,
                wins[i],
                want * rank[i],
                want * wins[i],
                cheapest,
                want * cheapest,
                float(card[:2] == "DO"),
                stake,
                stake * rank[i],
                float(order[0] == i),
                float(order[-1] == i),
                want * (order[0] == i),
                want * (order[-1] == i),
            ]
        )
    return out


def want_of(
    phase: int, played: list[str] | tuple[str, ...], face_up: list[str], stakes: dict[str, float]
) -> float:
    """How much winning the trick is worth to the player about to play to it.

    Phase one: the best face-up card's worth above a blind draw, with the Undead already
    played (they go to the winner's score pile), scaled to about one. Phase two: the
    stakes of the factions on the table (Dwarves go to the loser), 0 for a lead.
    """
    if phase == 1:
        prize = max((follower_worth(c) for c in face_up), default=0.0)
        undead = sum(1 for c in played if c[:2] == "UN")
        return (prize - AVERAGE_DRAW + 2 * undead) / 5
    if not played:
        return 0.0
    return sum(stakes.get(c[:2], 1.0) for c in played if c[:2] != "DW") - 0.1


def play_probability(play: Play, legal: list[str]) -> float:
    """How likely the policy makes ``play.card`` among ``legal`` (codes; it is one)."""
    if len(legal) < 2:
        return 1.0
    coefficients = play.weights
    logits = [
        sum(w * x for w, x in zip(coefficients, row, strict=True))
        for row in features(legal, play.played, play.want, play.stakes)
    ]
    top = max(logits)
    total = sum(math.exp(z - top) for z in logits)
    return math.exp(logits[legal.index(play.card)] - top) / total


def rival_plays(observation: dict[str, Any]) -> list[Play]:
    """The other seats' cards of this phase, latest first, with what they knew then."""
    phase = observation["phase"]
    me = observation["seat"]
    n = observation["players"]
    stakes: dict[int, dict[str, float]] = {}  # each rival's own (partners count as theirs)
    tricks = [
        (t["leader"], t["plays"], t.get("revealed", []))
        for t in observation["tricks"]
        if t["phase"] == phase
    ]
    if observation["played"]:
        tricks.append((observation["leader"], observation["played"], observation["face_up"]))
    out: list[Play] = []
    model = weights()
    for leader, cards, face_up in tricks:
        for i, card in enumerate(cards):
            seat = (leader + i) % n
            kind = model.get((phase, i == 0))
            if seat == me or kind is None:
                continue
            own = {}
            if phase == 2:
                if seat not in stakes:
                    stakes[seat] = faction_stakes(observation, seat)
                own = stakes[seat]
            played = tuple(cards[:i])
            out.append(Play(seat, card, played, want_of(phase, played, face_up, own), own, kind))
    out.reverse()
    return out


def world_weigher(observation: dict[str, Any]) -> Callable[[ClaimState], float] | None:
    """The weight of a world dealt from ``observation``: how likely the rivals' plays were.

    ``None`` when no rival has played a modelled card this phase (every world counts
    the same).
    """
    plays = rival_plays(observation)
    if not plays:
        return None
    seats = sorted({p.seat for p in plays})
    # Many worlds give a rival the same choice at a play (the same cards to follow
    # with): each (play, choice) is worked out once per decision.
    known: dict[tuple[int, tuple[str, ...]], float] = {}

    # Each play's card and lead faction, looked up once: the hands stay bitmasks.
    cards = [CODE_TO_KIND[play.card] for play in plays]
    leads = [_FACTION_OF_CODE[play.played[0][:2]] if play.played else None for play in plays]

    def weigh(world: ClaimState) -> float:
        hands = {s: world._hands[s] for s in seats}
        weight = 1.0
        for k, play in enumerate(plays):
            # Before this card, the hand held it and every card played since.
            hand = hands[play.seat] = add_copy(hands[play.seat], cards[k])
            lead = leads[k]
            legal = sorted(codes(hand if lead is None else follow_mask(hand, lead)))
            key = (k, tuple(legal))
            p = known.get(key)
            if p is None:
                p = known[key] = play_probability(play, legal)
            weight *= p
        return weight

    return weigh

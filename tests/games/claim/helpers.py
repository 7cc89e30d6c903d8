"""Small helpers to set up Claim scenarios by hand through the public API."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import regency
from regency.games.claim.cards import CARD_CODE, Faction, cards_of, ids
from regency.games.claim.deck import PRESETS


def deck_codes(factions: Sequence[Faction] = PRESETS["claim"]) -> list[str]:
    """Every card code of a deck, in id order (faction, then value)."""
    return [CARD_CODE[c] for c in ids(cards_of(tuple(factions)))]


def deal(
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    *,
    first: int = 0,
    fill: dict[int, Sequence[str]] | None = None,
    factions: Any = None,
    players: int = 2,
) -> regency.Game[Any]:
    """A stacked deal: the hands, padded to full size, then ``pile`` on top of the rest.

    ``fill`` maps a seat to the faction codes its hand is padded from (``{1: ["DW"]}``),
    so a scenario can say "seat 1 holds no Goblins" without naming 13 cards. Those seats
    are padded first; the others get whatever is left, in a fixed order. The rest of the
    deck goes under ``pile``.
    """
    chosen = PRESETS["claim"] if factions is None else factions
    if isinstance(chosen, str):
        chosen = PRESETS[chosen]
    size = {2: 13, 3: 12, 4: 9}[players]
    fill = fill or {}
    left = Counter(deck_codes(chosen)) - Counter([c for h in hands for c in h]) - Counter(pile)
    full_hands = [list(h) for h in hands]
    for seat in sorted(range(len(hands)), key=lambda s: s not in fill):
        allowed = fill.get(seat)
        for code in sorted(left.elements()):
            if len(full_hands[seat]) == size:
                break
            if allowed is None or code[:2] in allowed:
                full_hands[seat].append(code)
                left[code] -= 1
        assert len(full_hands[seat]) == size, f"could not pad seat {seat} from {allowed}"
    deck = [c for h in full_hands for c in h] + list(pile) + sorted((+left).elements())
    options: dict[str, Any] = {"deck": deck, "first": first}
    if factions is not None:
        options["factions"] = factions
    return regency.new_game("claim", players=players, seed=0, **options)


def hand(game: regency.Game[Any], seat: int) -> list[str]:
    """The seat's hand as its owner sees it."""
    return list(game.observation(seat)["hand"])


def legal(game: regency.Game[Any]) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def followers(game: regency.Game[Any], seat: int) -> list[str]:
    """The seat's follower deck as its owner sees it."""
    return list(game.observation(seat)["followers"][seat]["known"])


def score_pile(game: regency.Game[Any], seat: int) -> list[str]:
    return list(game.observation(None)["score_piles"][seat])


def play(game: regency.Game[Any], *moves: str) -> regency.Game[Any]:
    for move in moves:
        game.play(move)
    return game

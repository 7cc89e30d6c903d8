"""Building a Claim deck: presets, the pairs-and-singles rule, stacked deals.

Rulings: R-CLAIM-3 (one pair plus 3 singles for 2 players, 5 singles for 3-4).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from regency.core.errors import GameOptionError, quote
from regency.core.rng import randbelow, shuffle, stream
from regency.games.claim.cards import (
    CARD_CODE,
    CARD_FACTION,
    CODE_TO_KIND,
    KIND,
    PAIRS,
    SINGLES,
    Faction,
    cards_of,
    faction_by_name,
    ids,
)

__all__ = [
    "HAND_SIZE",
    "PRESETS",
    "SINGLES_NEEDED",
    "check_factions",
    "deal",
    "parse_factions",
    "random_factions",
    "stacked_deal",
]

PRESETS: Final[dict[str, tuple[Faction, ...]]] = {
    "claim": (
        Faction.GOBLINS,
        Faction.KNIGHTS,
        Faction.UNDEAD,
        Faction.DWARVES,
        Faction.DOPPELGANGERS,
    ),
    "claim2": (Faction.GNOMES, Faction.GIANTS, Faction.DRAGONS, Faction.TROLLS, Faction.SEERS),
}
"""The two published boxes (R-CLAIM-3)."""

SINGLES_NEEDED: Final = {2: 3, 3: 5, 4: 5}
"""How many single factions join the pair, by player count (R-CLAIM-3)."""

HAND_SIZE: Final = {2: 13, 3: 12, 4: 9}
"""Cards dealt to each player, and tricks per phase (R-CLAIM-7)."""


def _names(factions: Iterable[Faction]) -> str:
    return ", ".join(f.option_name for f in factions)


def check_factions(factions: tuple[Faction, ...], players: int) -> None:
    """Refuse a faction choice that breaks R-CLAIM-3, saying which part it breaks.

    Raises:
        GameOptionError: if the choice is not one pair plus the right number of singles.
    """
    counts = Counter(factions)
    twice = [f for f, n in counts.items() if n > 1]
    if twice:
        raise GameOptionError(f"a faction can be in the deck only once: {_names(twice)}")
    chosen = set(factions)
    for a, b in PAIRS:
        if (a in chosen) != (b in chosen):
            have, missing = (a, b) if a in chosen else (b, a)
            raise GameOptionError(
                f"{have.title} and {missing.title} come as a pair: "
                f"add {missing.option_name} or remove {have.option_name} (R-CLAIM-3)"
            )
    pairs = [p for p in PAIRS if p[0] in chosen]
    if len(pairs) > 1:
        raise GameOptionError(
            "a deck uses one pair, Knights & Goblins or Gnomes & Giants, not both (R-CLAIM-3)"
        )
    if not pairs:
        raise GameOptionError(
            "a deck needs one pair: Knights & Goblins or Gnomes & Giants (R-CLAIM-3)"
        )
    singles = [f for f in factions if f in SINGLES]
    need = SINGLES_NEEDED[players]
    if len(singles) != need:
        raise GameOptionError(
            f"{players} players use one pair and {need} single factions, not {len(singles)} "
            f"(singles: {_names(SINGLES)}) (R-CLAIM-3)"
        )


def parse_factions(spec: Any, players: int, rng: random.Random) -> tuple[Faction, ...]:
    """Turn the ``factions`` option into a checked faction tuple, in :class:`Faction` order.

    Args:
        spec: A preset (``"claim"``, ``"claim2"``), ``"random"``, a comma-separated
            string or a list of faction names (``"knights"``, ``"KN"``...).
        players: The player count (it sets how many singles are needed).
        rng: The source for ``"random"``.

    Raises:
        GameOptionError: naming the faction or rule at fault.
    """
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key in PRESETS:
            if players != 2:
                raise GameOptionError(
                    f"the {key!r} preset is the 2-player deck; {players} players need "
                    f"one pair and 5 singles (R-CLAIM-3)"
                )
            return PRESETS[key]
        if key == "random":
            return random_factions(players, rng)
        spec = [part for part in key.split(",") if part.strip()]
    if not isinstance(spec, (list, tuple)) or not all(isinstance(s, str) for s in spec):
        raise GameOptionError(
            "factions must be 'claim', 'claim2', 'random' or a list of faction names"
        )
    factions = []
    for name in spec:
        faction = faction_by_name(name)
        if faction is None:
            known = ", ".join(f.option_name for f in Faction)
            raise GameOptionError(f"unknown faction {quote(name)}; factions: {known}")
        factions.append(faction)
    result = tuple(factions)
    check_factions(result, players)
    return tuple(sorted(result))


def random_factions(players: int, rng: random.Random) -> tuple[Faction, ...]:
    """Draw a legal deck at random: a pair and the right number of singles (R-CLAIM-3)."""
    pair = rng.choice(PAIRS)
    singles = rng.sample(SINGLES, SINGLES_NEEDED[players])
    return tuple(sorted((*pair, *singles)))


def stacked_deal(
    codes: Any, players: int, factions: tuple[Faction, ...] | None
) -> tuple[tuple[Faction, ...], list[int]]:
    """Check a stacked deck (every card by code, top of the deal first).

    Args:
        codes: The ``deck`` option: a list of card codes.
        players: The player count.
        factions: The factions chosen, or ``None`` to take them from the deck itself.

    Returns:
        The factions and the card ids in the order given.

    Raises:
        GameOptionError: if a code is unknown or the cards are not exactly the deck's.
    """
    if isinstance(codes, str):
        codes = codes.replace(",", " ").split()
    if not isinstance(codes, (list, tuple)) or not all(isinstance(c, str) for c in codes):
        raise GameOptionError("deck must be a list of card codes such as 'KN9'")
    kinds = []
    for code in codes:
        kind = CODE_TO_KIND.get(code.strip().upper())
        if kind is None:
            raise GameOptionError(
                f"deck: {quote(code)} is not a card code (a faction code and a value, like KN9)"
            )
        kinds.append(kind)
    if factions is None:
        factions = tuple(sorted({CARD_FACTION[k] for k in kinds}))
        check_factions(factions, players)
    wanted = Counter(KIND[c] for c in ids(cards_of(factions)))
    given = Counter(kinds)
    if given != wanted:
        missing = sorted((wanted - given).elements())
        extra = sorted((given - wanted).elements())
        parts = []
        if missing:
            parts.append("missing " + " ".join(CARD_CODE[k] for k in missing))
        if extra:
            parts.append("not in this deck or too many: " + " ".join(CARD_CODE[k] for k in extra))
        raise GameOptionError(
            f"deck must hold exactly the {sum(wanted.values())} cards of "
            f"{_names(factions)}; {'; '.join(parts)}"
        )
    # Give each copy of a repeated code its own id (the five Goblin 0s are ids 0-4).
    next_id: dict[int, int] = {}
    order = []
    for kind in kinds:
        card = next_id.get(kind, kind)
        order.append(card)
        next_id[kind] = card + 1
    return factions, order


_DECK_ORDERS: Final[dict[tuple[Faction, ...], list[int]]] = {}


def _deck_order(factions: tuple[Faction, ...]) -> list[int]:
    """A new list of the ids of ``factions``' cards, lowest first, ready to shuffle.

    Remembered per deck: listing 52 to 104 ids bit by bit cost a tenth of a game.
    """
    order = _DECK_ORDERS.get(factions)
    if order is None:
        order = _DECK_ORDERS[factions] = ids(cards_of(factions))
    return order.copy()


def _first_option(first: Any, players: int) -> int | None:
    """The ``first`` option checked: a seat, or ``None`` to draw the first leader."""
    if first is not None and (
        isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
    ):
        raise GameOptionError(f"first must be a seat from 0 to {players - 1}, not {quote(first)}")
    return first


def deal(
    players: int, seed: int, options: dict[str, Any]
) -> tuple[tuple[Faction, ...], list[int], int, dict[str, Any]]:
    """Deal a new game's cards from its seed and options (see ``ClaimState``).

    Returns:
        The factions, every card in dealing order (seat 0's hand first, then the draw
        pile top first), the seat leading the first trick, and the options as the
        record keeps them.

    Raises:
        GameOptionError: if an option is refused.
    """
    spec = options.get("factions")
    deck_codes = options.get("deck")
    first = _first_option(options.get("first"), players)
    factions: tuple[Faction, ...] | None = None
    if spec is None and deck_codes is None:
        spec = "claim" if players == 2 else "random"
    if spec is not None:
        factions = parse_factions(spec, players, stream(seed, "factions"))
    rng = random.Random(seed)
    if deck_codes is not None:
        factions, order = stacked_deal(deck_codes, players, factions)
    else:
        assert factions is not None  # a spec is set whenever no deck is given
        order = _deck_order(factions)
        shuffle(rng, order)
    normalized: dict[str, Any] = {"factions": [f.option_name for f in factions]}
    if deck_codes is not None:
        normalized["deck"] = [CARD_CODE[c] for c in order]
    if first is not None:
        normalized["first"] = first
    else:
        first = randbelow(rng, players)  # R-CLAIM-4: the first leader is drawn
    return factions, order, first, normalized

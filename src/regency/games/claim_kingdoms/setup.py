"""Setting up a game of Claim Kingdoms: the factions in play and stacked decks.

Rulings: R-CK-11 (7/8/9 factions for 2/3/4 players, drawn from the seed unless chosen).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from regency.core.errors import GameOptionError, quote
from regency.core.rng import randbelow, shuffle, stream
from regency.games.claim_kingdoms.factions import (
    CARDS_PER_FACTION,
    FACTIONS_FOR,
    Faction,
    faction_by_name,
    names_of,
)

__all__ = ["deal", "parse_factions", "parse_first", "random_factions", "stacked_deck"]

_KNOWN = ", ".join(f.option_name for f in Faction)


def _names(factions: Any) -> str:
    return ", ".join(Faction(f).option_name for f in factions)


def _faction(name: Any, what: str) -> Faction:
    faction = faction_by_name(name) if isinstance(name, str) else None
    if faction is None:
        raise GameOptionError(f"{what}: {quote(name)} is not a faction; factions: {_KNOWN}")
    return faction


def random_factions(players: int, rng: random.Random) -> tuple[Faction, ...]:
    """Draw the factions in play (R-CK-11), in :class:`Faction` order."""
    return tuple(sorted(rng.sample(list(Faction), FACTIONS_FOR[players])))


def parse_factions(spec: Any, players: int, rng: random.Random) -> tuple[Faction, ...]:
    """Turn the ``factions`` option into the factions in play, in :class:`Faction` order.

    Args:
        spec: ``"random"``, a comma-separated string or a list of faction names
            (``"knights"``, ``"knight"``, ``"KN"``).
        players: The player count (it fixes how many factions: 7, 8 or 9).
        rng: The source for ``"random"``.

    Raises:
        GameOptionError: naming the faction or count at fault.
    """
    need = FACTIONS_FOR[players]
    if isinstance(spec, str):
        if spec.strip().lower() == "random":
            return random_factions(players, rng)
        spec = [part for part in spec.split(",") if part.strip()]
    if not isinstance(spec, (list, tuple)):
        raise GameOptionError(
            f"factions must be 'random' or a list of {need} faction names ({_KNOWN})"
        )
    chosen = [_faction(name, "factions") for name in spec]
    twice = sorted({f for f, n in Counter(chosen).items() if n > 1})
    if twice:
        raise GameOptionError(f"factions: each faction can be chosen once: {_names(twice)}")
    if len(chosen) != need:
        raise GameOptionError(f"{players} players use {need} factions, not {len(chosen)} (R-CK-11)")
    return tuple(sorted(chosen))


def parse_first(first: Any, players: int) -> int | None:
    """Check the ``first`` option (the seat that starts); ``None`` when not given."""
    if first is None:
        return None
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise GameOptionError(f"first must be a seat from 0 to {players - 1}, not {quote(first)}")
    return first


def stacked_deck(
    names: Any, players: int, factions: tuple[Faction, ...] | None
) -> tuple[tuple[Faction, ...], list[int]]:
    """Check a stacked deck: the faction of every card, in the order they are dealt.

    The first card goes in the middle, the next three to the display (left to right),
    then one to each seat in turn, and the rest form the draw deck, top first.

    Args:
        names: The ``deck`` option: a list of faction names (or one string of them).
        players: The player count.
        factions: The factions chosen, or ``None`` to take them from the deck itself.

    Returns:
        The factions in play and the cards (factions) in the order given.

    Raises:
        GameOptionError: if a name is unknown or the cards are not exactly 7 of each
            faction in play.
    """
    if isinstance(names, str):
        names = names.replace(",", " ").split()
    if not isinstance(names, (list, tuple)):
        raise GameOptionError("deck must be a list of faction names, one per card")
    cards = [_faction(name, "deck") for name in names]
    given = Counter(cards)
    if factions is None:
        factions = tuple(sorted(given))
        need = FACTIONS_FOR[players]
        if len(factions) != need:
            raise GameOptionError(
                f"deck: {players} players use {need} factions of {CARDS_PER_FACTION} cards "
                f"each, but the deck holds {len(factions)} factions ({_names(factions)})"
            )
    wanted = Counter({f: CARDS_PER_FACTION for f in factions})
    if given != wanted:
        parts = []
        missing = wanted - given
        extra = given - wanted
        if missing:
            parts.append(
                "missing " + ", ".join(f"{n} {f.option_name}" for f, n in sorted(missing.items()))
            )
        if extra:
            parts.append(
                "too many or not in play: "
                + ", ".join(f"{n} {f.option_name}" for f, n in sorted(extra.items()))
            )
        raise GameOptionError(
            f"deck must hold exactly {CARDS_PER_FACTION} cards of each of "
            f"{_names(factions)} ({CARDS_PER_FACTION * len(factions)} cards); " + "; ".join(parts)
        )
    return factions, [int(f) for f in cards]


def deal(
    players: int, seed: int, options: dict[str, Any]
) -> tuple[tuple[Faction, ...], list[int], int, dict[str, Any]]:
    """Deal a new game's cards from its seed and options (see ``ClaimKingdomsState``).

    Returns:
        The factions in play, every card in dealing order (the middle card, the display
        left to right, one card per seat, then the deck top first), the seat that
        starts, and the options as the record keeps them.

    Raises:
        GameOptionError: if an option is refused.
    """
    spec = options.get("factions")
    names = options.get("deck")
    first = parse_first(options.get("first"), players)
    factions: tuple[Faction, ...] | None = None
    if spec is not None:
        factions = parse_factions(spec, players, stream(seed, "factions"))
    rng = random.Random(seed)
    if names is not None:
        factions, order = stacked_deck(names, players, factions)
    else:
        if factions is None:  # R-CK-11: drawn from the seed
            factions = random_factions(players, stream(seed, "factions"))
        order = [int(f) for f in factions for _ in range(CARDS_PER_FACTION)]
        shuffle(rng, order)
    normalized: dict[str, Any] = {"factions": names_of(factions)}
    if names is not None:
        normalized["deck"] = names_of(order)
    if first is not None:
        normalized["first"] = first
    else:
        first = randbelow(rng, players)  # the rulebook's "choose who starts"
    return factions, order, first, normalized

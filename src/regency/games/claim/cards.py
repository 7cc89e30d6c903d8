"""Claim's factions and cards, as small integers and bitmasks.

Every card of both boxes (Claim and Claim 2, 104 cards) has a fixed id from 0 to 103, so
a hand, a pile or a deck is a Python ``int`` used as a bitmask: following a faction is
``hand & FACTION_MASK[lead]``. Ids run faction by faction in :class:`Faction` order and
by value within a faction, so Claim's own 52 cards are ids 0-51.

Readable codes exist only at the edges (notation, display, JSON): two letters for the
faction and the value, ``KN9`` for the Knight 9. Cards that share a code (Claim has five
Goblin 0s) are interchangeable under every rule, so actions name the code, never the id.

Rulings: R-CLAIM-1 (Claim's cards), R-CLAIM-2 (Claim 2's cards), R-CLAIM-3 (pairs and
singles).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

__all__ = [
    "ALL_CARDS",
    "CARD_CODE",
    "CARD_FACTION",
    "CARD_NAME",
    "CARD_VALUE",
    "CODE_TO_KIND",
    "FACTION_MASK",
    "KIND",
    "KIND_MASK",
    "PAIRS",
    "SINGLES",
    "CardPool",
    "Faction",
    "add_copies",
    "add_copy",
    "card_name",
    "cards_of",
    "code_of",
    "codes",
    "copies_of",
    "faction_by_name",
    "ids",
    "remove_copy",
]


class Faction(IntEnum):
    """The ten factions. The order fixes card ids; do not reorder."""

    GOBLINS = 0
    KNIGHTS = 1
    UNDEAD = 2
    DWARVES = 3
    DOPPELGANGERS = 4
    GNOMES = 5
    GIANTS = 6
    DRAGONS = 7
    TROLLS = 8
    SEERS = 9

    @property
    def code(self) -> str:
        """The two-letter code used in card codes (``KN``)."""
        return _FACTION_CODES[self]

    @property
    def option_name(self) -> str:
        """The lowercase plural used in options (``knights``)."""
        return self.name.lower()

    @property
    def title(self) -> str:
        """The name people read (``Knights``)."""
        return self.name.capitalize()

    @property
    def singular(self) -> str:
        """The name of one card of the faction, as the table writes it (``Knight``)."""
        return _SINGULAR[self]

    @property
    def values(self) -> tuple[int, ...]:
        """The values of the faction's cards, with repeats (R-CLAIM-1, R-CLAIM-2)."""
        return _FACTION_VALUES[self]


_FACTION_CODES: Final = ("GB", "KN", "UN", "DW", "DO", "GN", "GI", "DR", "TR", "SE")
_SINGULAR: Final = (
    "Goblin",
    "Knight",
    "Undead",
    "Dwarf",
    "Doppelganger",
    "Gnome",
    "Giant",
    "Dragon",
    "Troll",
    "Seer",
)

_TEN: Final = tuple(range(10))
_FACTION_VALUES: Final[dict[Faction, tuple[int, ...]]] = {
    Faction.GOBLINS: (0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9),  # five 0s, 14 cards
    Faction.KNIGHTS: (2, 3, 4, 5, 6, 7, 8, 9),  # 8 cards
    Faction.UNDEAD: _TEN,
    Faction.DWARVES: _TEN,
    Faction.DOPPELGANGERS: _TEN,
    Faction.GNOMES: (1, 1, 1, 3, 3, 3, 5, 5, 5, 7, 7, 7, 9),  # 13 cards
    Faction.GIANTS: (1, 1, 3, 3, 5, 5, 7, 7, 9),  # 9 cards
    Faction.DRAGONS: _TEN,
    Faction.TROLLS: _TEN,
    Faction.SEERS: _TEN,
}

PAIRS: Final[tuple[tuple[Faction, Faction], ...]] = (
    (Faction.KNIGHTS, Faction.GOBLINS),
    (Faction.GNOMES, Faction.GIANTS),
)
"""The factions that only come together (R-CLAIM-3): Knights & Goblins, Gnomes & Giants."""

SINGLES: Final[tuple[Faction, ...]] = (
    Faction.UNDEAD,
    Faction.DWARVES,
    Faction.DOPPELGANGERS,
    Faction.DRAGONS,
    Faction.TROLLS,
    Faction.SEERS,
)
"""The factions chosen one by one (R-CLAIM-3)."""

# -- the card tables, built once at import ------------------------------------------------

_faction: list[Faction] = []
_value: list[int] = []
for _f in Faction:
    for _v in _FACTION_VALUES[_f]:
        _faction.append(_f)
        _value.append(_v)

CARD_FACTION: Final[tuple[Faction, ...]] = tuple(_faction)
"""Card id -> its faction."""
CARD_VALUE: Final[tuple[int, ...]] = tuple(_value)
"""Card id -> its value."""
CARD_CODE: Final[tuple[str, ...]] = tuple(
    f"{f.code}{v}" for f, v in zip(_faction, _value, strict=True)
)
"""Card id -> its code (``KN9``)."""
CARD_NAME: Final[tuple[str, ...]] = tuple(
    f"{f.singular} {v}" for f, v in zip(_faction, _value, strict=True)
)
"""Card id -> its name in words, as the table shows it (``Knight 9``)."""
ALL_CARDS: Final[int] = (1 << len(CARD_FACTION)) - 1
"""The mask of all 104 cards."""

FACTION_MASK: Final[tuple[int, ...]] = tuple(
    sum(1 << c for c, f in enumerate(CARD_FACTION) if f == faction) for faction in Faction
)
"""Faction -> the mask of all its cards."""

KIND: Final[tuple[int, ...]] = tuple(CARD_CODE.index(code) for code in CARD_CODE)
"""Card id -> the lowest id with the same code (the card's *kind*)."""

KIND_MASK: Final[tuple[int, ...]] = tuple(
    sum(1 << c for c, code in enumerate(CARD_CODE) if code == CARD_CODE[card])
    for card in range(len(CARD_CODE))
)
"""Card id -> the mask of every card with the same code."""

CODE_TO_KIND: Final[dict[str, int]] = {code: KIND[c] for c, code in enumerate(CARD_CODE)}
"""Card code -> its kind (the lowest id with that code)."""

_FACTION_BY_NAME: Final[dict[str, Faction]] = {}
for _f in Faction:
    _FACTION_BY_NAME[_f.option_name] = _f
    _FACTION_BY_NAME[_f.code.lower()] = _f
_FACTION_BY_NAME["doppelgänger"] = _FACTION_BY_NAME["doppelgängers"] = Faction.DOPPELGANGERS


def faction_by_name(name: str) -> Faction | None:
    """Return the faction called ``name`` (``"knights"``, ``"knight"``, ``"KN"``), or ``None``."""
    key = name.strip().lower()
    found = _FACTION_BY_NAME.get(key)
    return found if found is not None else _FACTION_BY_NAME.get(key + "s")


def cards_of(factions: tuple[Faction, ...] | list[Faction]) -> int:
    """Return the mask of every card of ``factions``."""
    mask = 0
    for f in factions:
        mask |= FACTION_MASK[f]
    return mask


def ids(mask: int) -> list[int]:
    """Return the card ids in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes(mask: int) -> list[str]:
    """Return the codes of the cards in ``mask``, in id order (faction, then value)."""
    return [CARD_CODE[c] for c in ids(mask)]


def add_copy(copies: int, card: int) -> int:
    """Add one copy of ``card``'s code to ``copies``, a multiset of codes.

    What a seat knows of another's hand is a number of copies per code, never which
    copy (which card id) it is: copies are interchangeable, and the engine's choice of
    id must not show through. A multiset is a mask holding, for each code, as many of
    that code's ids as there are copies; which ids they are means nothing.
    """
    free = KIND_MASK[card] & ~copies
    return copies | (free & -free)


def remove_copy(copies: int, card: int) -> int:
    """Remove one copy of ``card``'s code from the multiset ``copies``, if it holds one."""
    held = copies & KIND_MASK[card]
    return copies ^ (held & -held)


def add_copies(copies: int, more: int) -> int:
    """Return the multiset sum of two multisets of codes."""
    for card in ids(more):
        copies = add_copy(copies, card)
    return copies


def copies_of(code_list: list[str]) -> int:
    """Return the multiset of codes listing ``code_list`` (one copy per entry)."""
    copies = 0
    for code in code_list:
        copies = add_copy(copies, CODE_TO_KIND[code])
    return copies


def card_name(code: str) -> str:
    """The card written ``code`` in words (``"DO7"`` -> ``"Doppelganger 7"``).

    Player-facing text names cards this way; codes stay in notation, records and JSON.
    Text that is no card code comes back unchanged.
    """
    kind = CODE_TO_KIND.get(code.strip().upper())
    return code if kind is None else CARD_NAME[kind]


def code_of(card: int) -> str:
    """Return the code of card id ``card``."""
    return CARD_CODE[card]


class CardPool:
    """Hands out the cards of a deck by code, each card once.

    Used wherever cards are named by code and need ids: positions set up by hand and
    worlds rebuilt from an observation. Copies of a code are interchangeable, so which
    id a code gets does not matter, only that no id is used twice.
    """

    __slots__ = ("_free",)

    def __init__(self, deck: int) -> None:
        self._free: dict[int, list[int]] = {}
        for card in ids(deck):
            self._free.setdefault(KIND[card], []).append(card)

    def take(self, code: str) -> int:
        """Return an unused card of ``code``.

        Raises:
            ValueError: if the code is unknown or every card of it is already used.
        """
        kind = CODE_TO_KIND.get(code.strip().upper())
        if kind is None:
            raise ValueError(f"{code!r} is not a card code (a faction code and a value, like KN9)")
        cards = self._free.get(kind)
        if not cards:
            raise ValueError(f"{code} is used more often than this deck holds it")
        return cards.pop()

    def mask(self, codes: list[str] | tuple[str, ...]) -> int:
        """Take one card per code and return them as a mask."""
        mask = 0
        for code in codes:
            mask |= 1 << self.take(code)
        return mask

    def cards(self, codes: list[str] | tuple[str, ...]) -> list[int]:
        """Take one card per code and return their ids in the same order."""
        return [self.take(code) for code in codes]

    def rest(self) -> list[int]:
        """The ids not taken yet, lowest first."""
        return sorted(c for cards in self._free.values() for c in cards)

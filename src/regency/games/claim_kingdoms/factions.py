"""Claim Kingdoms' ten factions, their points, names and the player colours.

Every card of a faction is the same as every other (the cards carry no value), so a card
is just its faction: a small int. Seven cards of each faction are in the box; a game
uses 7, 8 or 9 factions for 2, 3 or 4 players (R-CK-11).

Readable names exist only at the edges (notation, options, JSON): the lowercase plural
(``"goblins"``). People may also type the singular (``"dwarf"``) or the two-letter code
used across regency (``"GB"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

__all__ = [
    "CARDS_PER_FACTION",
    "COLOURS",
    "FACTIONS_FOR",
    "MARKERS",
    "Faction",
    "colour_by_name",
    "faction_by_name",
    "name_of",
    "names_of",
]


class Faction(IntEnum):
    """The ten factions, in the order of the published points table. Do not reorder."""

    GOBLINS = 0
    DWARVES = 1
    GNOMES = 2
    TROLLS = 3
    UNDEAD = 4
    DRAGONS = 5
    DOPPELGANGERS = 6
    SEERS = 7
    GIANTS = 8
    KNIGHTS = 9

    @property
    def points(self) -> int:
        """What controlling the faction is worth at the end (the published table)."""
        return _POINTS[self]

    @property
    def option_name(self) -> str:
        """The lowercase plural used in options and notation (``knights``)."""
        return self.name.lower()

    @property
    def title(self) -> str:
        """The name people read (``Knights``)."""
        return self.name.capitalize()

    @property
    def code(self) -> str:
        """The two-letter code (``KN``), as in Claim."""
        return _CODES[self]


_POINTS: Final = (4, 5, 5, 6, 6, 7, 7, 7, 8, 9)
_CODES: Final = ("GB", "DW", "GN", "TR", "UN", "DR", "DO", "SE", "GI", "KN")

CARDS_PER_FACTION: Final = 7
"""Cards of each faction in the box and in a game."""

MARKERS: Final = 15
"""Markers each player starts with."""

FACTIONS_FOR: Final = {2: 7, 3: 8, 4: 9}
"""Factions in play by player count (R-CK-11)."""

COLOURS: Final = ("red", "blue", "yellow", "green")
"""Player colours by seat: seat 0 plays red, seat 1 blue, and so on."""

_SINGULAR: Final = {
    Faction.GOBLINS: "goblin",
    Faction.DWARVES: "dwarf",
    Faction.GNOMES: "gnome",
    Faction.TROLLS: "troll",
    Faction.UNDEAD: "undead",
    Faction.DRAGONS: "dragon",
    Faction.DOPPELGANGERS: "doppelganger",
    Faction.SEERS: "seer",
    Faction.GIANTS: "giant",
    Faction.KNIGHTS: "knight",
}

_BY_NAME: Final[dict[str, Faction]] = {}
for _f in Faction:
    _BY_NAME[_f.option_name] = _f
    _BY_NAME[_SINGULAR[_f]] = _f
    _BY_NAME[_f.code.lower()] = _f
_BY_NAME["dwarfs"] = Faction.DWARVES
_BY_NAME["doppelgänger"] = _BY_NAME["doppelgängers"] = Faction.DOPPELGANGERS

_OPTION_NAMES: Final = tuple(f.option_name for f in Faction)


def name_of(faction: int) -> str:
    """The option name of ``faction``, given as an int (``"knights"``)."""
    if faction < 0:
        raise ValueError(f"{faction} is not a faction")
    return _OPTION_NAMES[faction]


def names_of(factions: Iterable[int]) -> list[str]:
    """The option names of ``factions``, in order (cards are kept as plain ints)."""
    return [name_of(f) for f in factions]


_COLOUR_BY_NAME: Final = {name: seat for seat, name in enumerate(COLOURS)}
_COLOUR_BY_NAME.update({name[0]: seat for seat, name in enumerate(COLOURS)})


def faction_by_name(name: str) -> Faction | None:
    """Return the faction called ``name`` (``"knights"``, ``"knight"``, ``"KN"``), or ``None``."""
    return _BY_NAME.get(name.strip().lower())


def colour_by_name(name: str, players: int) -> int | None:
    """Return the seat playing colour ``name`` (``"blue"`` or ``"b"``), or ``None``."""
    seat = _COLOUR_BY_NAME.get(name.strip().lower())
    return seat if seat is not None and seat < players else None

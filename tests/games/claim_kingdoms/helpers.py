"""Small helpers to set up Claim Kingdoms scenarios through the public API.

Scenarios are stacked deals: :func:`deal` takes the cards each seat will place, in
order, and builds the ``deck`` option so that every player who draws the top card each
turn gets exactly those cards. :func:`turn` plays one turn in notation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import regency
from regency.games.claim_kingdoms import ClaimKingdomsState

Game = regency.Game[Any]

TWO = ["goblins", "dwarves", "gnomes", "trolls", "dragons", "giants", "knights"]
"""A 2-player choice of factions used where a scenario needs no others."""


def deal(
    middle: str,
    plays: Sequence[Sequence[str]],
    *,
    factions: Sequence[str] = TWO,
    display: Sequence[str] | None = None,
    first: int = 0,
) -> Game:
    """A stacked game in which seat ``s`` places ``plays[s][0]``, ``plays[s][1]``, ...

    Each seat's first card is its starting hand; the rest come off the top of the deck
    as long as every player draws each turn, in turn order from ``first``. When one
    seat's list is used up while others go on, it draws filler. The display and the
    rest of the deck are the remaining cards (the display the last three of them in
    faction order unless given).
    """
    players = len(plays)
    left = Counter({f: 7 for f in factions})
    used = [middle, *(display or []), *(c for p in plays for c in p)]
    left.subtract(used)
    assert min(left.values()) >= 0, f"a scenario uses too many cards: {+left}"
    rest = sorted(left.elements(), key=lambda f: (factions.index(f), f))
    shown = list(display) if display is not None else [rest.pop() for _ in range(3)]
    draws: list[str] = []
    rounds = max(len(p) for p in plays)
    order = [(first + i) % players for i in range(players)]
    for r in range(1, rounds):
        for seat in order:
            draws.append(plays[seat][r] if r < len(plays[seat]) else rest.pop(0))
    hands = [plays[s][0] for s in range(players)]
    deck = [middle, *shown, *hands, *draws, *rest]
    return regency.new_game(
        "claim-kingdoms",
        players=players,
        seed=7,
        factions=list(factions),
        deck=deck,
        first=first,
    )


def turn(game: Game, square: str, *power: str, take: str = "draw") -> Game:
    """Place the card in hand on ``square``, make the ``power`` decisions (``pass`` if
    none are given and one is asked for), then ``take`` if a take is asked for."""
    seat = game.current_player
    game.play(f"place {square}")
    for decision in power:
        game.play(decision)
    if not power and decision_of(game) == "power" and game.current_player == seat:
        game.play("pass")
    if decision_of(game) == "take" and game.current_player == seat:
        game.play(take)
    return game


def decision_of(game: Game) -> str | None:
    """What the player to move decides now (``place``, ``power``, ``take``, ``keep``)."""
    return game.observation(None)["decision"]  # type: ignore[no-any-return]


def legal(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def card_at(game: Game, x: int, y: int) -> dict[str, Any]:
    """The grid entry at ``x, y`` as everyone sees it."""
    for card in game.observation(None)["grid"]:
        if (card["x"], card["y"]) == (x, y):
            return card  # type: ignore[no-any-return]
    raise KeyError((x, y))


def points(game: Game) -> list[int]:
    """Points from powers so far."""
    return list(game.observation(None)["power_points"])


def supplies(game: Game) -> list[int]:
    return list(game.observation(None)["supplies"])


def controllers(game: Game, faction: str) -> list[int]:
    """Who controls ``faction`` as things stand."""
    for entry in game.observation(None)["standing"]:
        if entry["faction"] == faction:
            return list(entry["controllers"])
    raise KeyError(faction)


def column(names: Sequence[str], x: int = 0, top: int = -1) -> list[tuple[int, int, str]]:
    """Unmarked cards in a column going down from ``x, top``: filler for positions."""
    return [(x, top - i, name) for i, name in enumerate(names)]


def position(**kwargs: Any) -> ClaimKingdomsState:
    return ClaimKingdomsState.from_position(**kwargs)


def rest_of(factions: Sequence[str], *used: Sequence[str] | str) -> list[str]:
    """The cards of ``factions`` not named in ``used``, in faction order."""
    left = Counter({f: 7 for f in factions})
    for group in used:
        left.subtract([group] if isinstance(group, str) else group)
    assert min(left.values()) >= 0, +left
    return sorted(left.elements(), key=factions.index)

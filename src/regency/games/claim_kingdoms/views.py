"""What each seat sees of a Claim Kingdoms game, and the full state, as JSON.

:func:`observation` is the one place hidden information is decided: everything that shows
a seat anything (agents' views, screens, servers) is built on it. ``worlds.py`` reads an
observation back into a game.

Public: the grid with its markers (and the factions of face-down cards, which everyone
saw before they were flipped), the open squares, the display, the deck's size, supplies,
points from powers, the cards players took from the display, how many cards a Seer is
looking at, and every turn so far. Private: the seat's own hand, what it drew, looked
at and kept, and what it knows of the deck. Never: other hands drawn blind, the deck's
order, another Seer's cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regency.core.game import Result
from regency.games.claim_kingdoms import effects, rules
from regency.games.claim_kingdoms.actions import (
    KEEP_STEP,
    OVER,
    POWER_STEP,
    STEP_NAMES,
    TAKE_STEP,
)
from regency.games.claim_kingdoms.factions import COLOURS, name_of, names_of
from regency.games.claim_kingdoms.grid import coords
from regency.games.claim_kingdoms.rules import DOWN
from regency.games.claim_kingdoms.worlds import group_to_dict

if TYPE_CHECKING:
    from regency.games.claim_kingdoms.state import ClaimKingdomsState
    from regency.games.claim_kingdoms.turns import Turn

__all__ = ["grid", "observation", "result", "standing", "state_dict", "turn_to_dict"]


def grid(state: ClaimKingdomsState) -> list[dict[str, Any]]:
    """The grid as everyone sees it, in placing order."""
    out = []
    for sq, card in state._cards.items():
        x, y = coords(sq)
        out.append(
            {
                "x": x,
                "y": y,
                "faction": name_of(card % DOWN),
                "face_up": card < DOWN,
                "markers": rules.seats_of(state._marks.get(sq, 0)),
            }
        )
    return out


def standing(state: ClaimKingdomsState) -> list[dict[str, Any]]:
    """Each faction's markers per seat and who controls it as things stand."""
    _, _, owners = state.scores()
    return [
        {
            "faction": faction.option_name,
            "points": faction.points,
            "markers": counts,
            "controllers": seats,
        }
        for faction, counts, seats in zip(
            state.factions, state.marker_counts(), owners, strict=True
        )
    ]


def turn_to_dict(turn: Turn, viewer: int | None) -> dict[str, Any]:
    """A turn as ``viewer`` remembers it (``None``: a spectator)."""
    if turn.card < 0:
        return {"seat": turn.seat, "skipped": True}
    x, y = coords(turn.at)
    mine = viewer == turn.seat
    return {
        "seat": turn.seat,
        "skipped": False,
        "card": name_of(turn.card),
        "at": [x, y],
        "power": list(turn.power),
        "points": turn.points,
        "take": turn.take,
        "got": name_of(turn.got) if mine and turn.got >= 0 else None,
        "looked": names_of(turn.looked) if mine else None,
        "refill": names_of(turn.refill),
    }


def observation(state: ClaimKingdomsState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may see (``None``: a spectator), JSON-ready.

    Public: the grid with its markers (and the factions of face-down cards, which
    everyone saw before they were flipped), the open squares, the display, the
    deck's size, supplies, points from powers, hands taken from the display, how
    many cards a Seer is looking at, and every turn so far. Private: the seat's own
    hand, what it drew, looked at and kept, and what it knows of the deck. Never:
    other hands drawn blind, the deck's order, another Seer's cards.
    """
    state._check_seat(seat)
    n = state.num_players
    step = state._step
    over = step == OVER
    public = state._public_hands
    looking = None
    if state._looking:
        looking = {
            "seat": state._turn,
            "count": len(state._looking),
            "cards": names_of(state._looking) if seat == state._turn else None,
        }
    at = None
    if step in (POWER_STEP, TAKE_STEP, KEEP_STEP):
        x, y = coords(state._at)
        at = [x, y]
    return {
        "game": state.name,
        "seat": seat,
        "players": n,
        "colours": list(COLOURS[:n]),
        "factions": [f.option_name for f in state.factions],
        "first": state.first,
        "to_move": state.current_player,
        "decision": None if over else STEP_NAMES[step],
        "placed": at,
        "power": name_of(state._power) if step == POWER_STEP else None,
        "copied": state._copied if step == POWER_STEP else False,
        "removed": state._removed if step == POWER_STEP else 0,
        "power_effects": effects.power_effects(state),
        "can_look": state._seer if step == TAKE_STEP else False,
        "grid": grid(state),
        "open_squares": [list(coords(place.square)) for place in state._frontier],
        "display": names_of(state._display),
        "deck": len(state._deck),
        "supplies": list(state._supply),
        "power_points": list(state._points),
        "standing": standing(state),
        "hand": (
            name_of(state._hands[seat]) if seat is not None and state._hands[seat] >= 0 else None
        ),
        "hands": [
            {
                "count": 1 if state._hands[s] >= 0 else 0,
                "card": (
                    name_of(state._hands[s])
                    if state._hands[s] >= 0 and (s == seat or public >> s & 1)
                    else None
                ),
                "public": bool(public >> s & 1),
            }
            for s in range(n)
        ],
        "looking": looking,
        "deck_knowledge": (
            [group_to_dict(g) for g in state._known[seat]] if seat is not None else []
        ),
        "history": [turn_to_dict(t, seat) for t in state._turns],
        "end": state._end or None,
        "ended_by": state._ended_by if state._ended_by >= 0 else None,
    }


def state_dict(state: ClaimKingdomsState) -> dict[str, Any]:
    """The full state, hidden cards included, JSON-ready (used by saves)."""
    return {
        "factions": [f.option_name for f in state.factions],
        "first": state.first,
        "turn": state._turn,
        "step": STEP_NAMES.get(state._step),
        "placed": list(coords(state._at)) if state._at >= 0 else None,
        "power": name_of(state._power) if state._power >= 0 else None,
        "copied": state._copied,
        "removed": state._removed,
        "seer": state._seer,
        "grid": grid(state),
        "display": names_of(state._display),
        "deck": names_of(reversed(state._deck)),
        "hands": [name_of(h) if h >= 0 else None for h in state._hands],
        "public_hands": [s for s in range(state.num_players) if state._public_hands >> s & 1],
        "looking": names_of(state._looking),
        "supplies": list(state._supply),
        "power_points": list(state._points),
        "deck_knowledge": [[group_to_dict(g) for g in k] for k in state._known],
        "looks": state._looks,
        "turns": [
            {**turn_to_dict(t, t.seat), "got": name_of(t.got) if t.got >= 0 else None}
            for t in state._turns
        ],
        "end": state._end or None,
        "ended_by": state._ended_by if state._ended_by >= 0 else None,
    }


def result(state: ClaimKingdomsState) -> Result:
    """A finished game's points per seat, its winners and the breakdown (R-CK-10)."""
    totals, from_factions, _ = state.scores()
    winners, reason = rules.final_ranking(totals, state._supply)
    details = {
        "decided_by": reason,
        "end": state._end,
        "ended_by": state._ended_by if state._ended_by >= 0 else None,
        "colours": list(COLOURS[: state.num_players]),
        "power_points": list(state._points),
        "faction_points": from_factions,
        "supplies": list(state._supply),
        "factions": standing(state),
    }
    return Result(scores=totals, winners=winners, details=details)

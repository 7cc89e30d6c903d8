"""What each seat sees of a Claim game, and the full state, as JSON.

:func:`observation` is the one place hidden information is decided: everything that shows
a seat anything (agents' views, screens, servers) is built on it. ``worlds.py`` reads an
observation back into a game.

Public: the cards on the table, every score pile, face-up Gnomes, waiting Trolls, the
discards, each trick so far, who failed to follow what, and the cards each player took
face up. Private: the seat's own hand and follower deck, and any card it saw with a
Seer. Never: other hands, drawn cards, the pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regency.core.game import Result
from regency.games.claim import rules
from regency.games.claim.cards import CARD_CODE, Faction, add_copies, codes
from regency.games.claim.deck import HAND_SIZE
from regency.games.claim.tricks import trick_to_dict

if TYPE_CHECKING:
    from regency.games.claim.state import ClaimState

__all__ = ["known", "observation", "result", "state_dict"]


def known(state: ClaimState, viewer: int | None, seat: int) -> int:
    """The copies (a multiset of codes) ``viewer`` knows ``seat`` holds, not its own.

    All of them came to ``seat`` as followers: taken face up (everyone saw) or drawn
    after a Seer ``viewer`` had seen the card. They are in the follower deck in phase
    one and in the hand in phase two.
    """
    copies = state._public[seat]
    if viewer is not None:
        copies = add_copies(copies, state._seen[viewer * state.num_players + seat])
    return copies


def _known_in(state: ClaimState, viewer: int | None, seat: int, hand: bool) -> list[str]:
    """The codes ``viewer`` knows in ``seat``'s hand (``hand``) or follower deck."""
    if viewer == seat:
        return codes(state._hands[seat] if hand else state._followers[seat])
    if hand != (state._phase != 1):
        return []
    return codes(known(state, viewer, seat))


def _leader_because(state: ClaimState) -> str:
    """Why the current (or next) leader leads (R-CLAIM-4, R-CLAIM-12)."""
    if not state._history:
        return "drawn to start"
    last = state._history[-1]
    return "won the last trick" if last.next_leader == last.winner else "played the last Dragon"


def _voids(state: ClaimState) -> list[list[str]]:
    """The factions each seat has shown it holds none of (it failed to follow them)."""
    return [
        [f.option_name for f in Faction if state._voids[s] >> f & 1]
        for s in range(state.num_players)
    ]


def _holdings(state: ClaimState, seat: int | None, hand: bool) -> list[dict[str, Any]]:
    """Each seat's hand (``hand``) or follower deck: its size and what ``seat`` knows in it."""
    groups = state._hands if hand else state._followers
    return [
        {"count": groups[s].bit_count(), "known": _known_in(state, seat, s, hand=hand)}
        for s in range(state.num_players)
    ]


def observation(state: ClaimState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may see (``None``: a spectator), JSON-ready."""
    n = state.num_players
    picking = state._decision == state.TAKE_DECISION and state._turn >= 0
    seer_pick = picking and state._seer and len(state._picking) == n
    return {
        "game": state.name,
        "seat": seat,
        "players": n,
        "teams": state.sides() if n == 4 else None,
        "factions": [f.option_name for f in state.factions],
        "phase": state._phase or None,
        "trick": min(state._trick + 1, HAND_SIZE[n]) if state._phase else None,
        "tricks_per_phase": HAND_SIZE[n],
        "leader": state._leader,
        "leader_because": _leader_because(state),
        "to_move": state.current_player,
        "decision": None if state._turn < 0 else ("take" if picking else "play"),
        "lead_faction": Faction(state._lead).option_name if state._plays else None,
        "played": [CARD_CODE[c] for c in state._plays],
        "face_up": [CARD_CODE[c] for c in state._face_up],
        "draw_pile": len(state._pile),
        "hand": codes(state._hands[seat]) if seat is not None else None,
        "hands": _holdings(state, seat, hand=True),
        "followers": _holdings(state, seat, hand=False),
        "public": [codes(state._public[s]) for s in range(n)],
        "score_piles": [codes(state._scores[s]) for s in range(n)],
        "gnomes": [codes(state._gnomes[s]) for s in range(n)],
        "trolls_waiting": codes(state._trolls),
        "discards": codes(state._discards),
        "smashed": codes(state._smashed),
        "voids": _voids(state),
        "picking": list(state._picking) if picking else [],
        "seer_pick": seer_pick,
        "peek": CARD_CODE[state._pile[-1]] if seer_pick and seat == state._turn else None,
        "tricks": [trick_to_dict(t) for t in state._history],
    }


def state_dict(state: ClaimState) -> dict[str, Any]:
    """The full state, hidden cards included, JSON-ready (used by saves)."""
    n = state.num_players
    return {
        "factions": [f.option_name for f in state.factions],
        "phase": state._phase,
        "trick": state._trick,
        "leader": state._leader,
        "turn": state._turn,
        "decision": "take" if state._decision == state.TAKE_DECISION else "play",
        "lead": Faction(state._lead).option_name,
        "plays": [CARD_CODE[c] for c in state._plays],
        "face_up": [CARD_CODE[c] for c in state._face_up],
        "draw_pile": [CARD_CODE[c] for c in reversed(state._pile)],
        "hands": [codes(h) for h in state._hands],
        "followers": [codes(f) for f in state._followers],
        "score_piles": [codes(s) for s in state._scores],
        "gnomes": [codes(g) for g in state._gnomes],
        "trolls_waiting": codes(state._trolls),
        "discards": codes(state._discards),
        "smashed": codes(state._smashed),
        "public": [codes(p) for p in state._public],
        "seen": [[codes(state._seen[v * n + s]) for s in range(n)] for v in range(n)],
        "voids": _voids(state),
        "picking": list(state._picking),
        "seer": state._seer,
        "tricks": [trick_to_dict(t) for t in state._history],
    }


def _vote_to_dict(vote: rules.Vote, sides: list[list[int]]) -> dict[str, Any]:
    """How one faction voted, JSON-ready (R-CLAIM-15)."""
    return {
        "faction": vote.faction.option_name,
        "side": vote.side,
        "seats": sides[vote.side] if vote.side is not None else [],
        "counts": list(vote.counts),
        "highest": list(vote.highest),
        "values": list(vote.values),
        "reason": vote.reason,
    }


def result(state: ClaimState) -> Result:
    """A finished game's result: factions won per seat, the winners and every vote.

    In 4 players each partner carries the team's count.
    """
    n = state.num_players
    sides = state.sides()
    votes = state.votes()
    winning_sides, reason = rules.final_ranking(votes, n)
    side_of = {seat: i for i, side in enumerate(sides) for seat in side}
    won = [sum(1 for v in votes if v.side == i) for i in range(len(sides))]
    details = {
        "decided_by": reason,
        "sides": sides,
        "votes": [_vote_to_dict(v, sides) for v in votes],
        "deciding_factions": [f.option_name for f in rules.deciding_factions(votes, n)],
    }
    return Result(
        scores=[won[side_of[s]] for s in range(n)],
        winners=sorted(seat for i in winning_sides for seat in sides[i]),
        details=details,
    )

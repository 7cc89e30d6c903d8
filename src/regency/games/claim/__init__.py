"""Claim (and Claim 2, and the combined 2-4 player variants): trick-taking for votes.

Registered as ``"claim"``. See ``state.py`` for the game, ``docs/rules/claim.md`` for
the rules in our words, and ``docs/notation.md`` for the notation.
"""

from regency.core.registry import GameInfo, Option, register
from regency.games.claim.heuristic import choose as heuristic
from regency.games.claim.state import ClaimState

__all__ = ["ClaimState"]

register(
    GameInfo(
        "claim",
        title="Claim",
        players=(2, 3, 4),
        summary="Two phases of tricks: recruit followers, then win the factions' votes.",
        options=(
            Option(
                "factions",
                "deck: 'claim', 'claim2', 'random' or a list of faction names "
                "(default: 'claim' for 2 players, 'random' for 3-4)",
            ),
            Option(
                "deck",
                "stacked deal: every card by code, seat 0's hand first, "
                "then the draw pile, top first",
            ),
            Option("first", "the seat that leads the first trick (default: drawn)"),
        ),
        game_class=ClaimState,
        heuristic=heuristic,
        score_name="factions won",
    )
)

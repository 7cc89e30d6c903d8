"""Claim (and Claim 2, and the combined 2-4 player variants): trick-taking for votes.

Registered as ``"claim"``. See ``state.py`` for the game, ``docs/rules/claim.md`` for
the rules in our words, and ``docs/notation.md`` for the notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regency.core.game import Result
from regency.core.i18n import N_
from regency.core.registry import GameInfo, Option, register
from regency.games.claim.heuristic import choose as heuristic_policy
from regency.games.claim.solver import ClaimSolver
from regency.games.claim.state import ClaimState
from regency.games.claim.story import EXPLAINER
from regency.games.claim.teaching import TEACHING

if TYPE_CHECKING:
    from regency.core.arrays import ArraySpec, ArrayWriter
    from regency.core.encoding import Encoder

__all__ = ["ClaimState", "array_writer", "encoder", "insights"]


def insights(result: Result) -> dict[str, float]:
    """For designers: which factions decided the game and which voted for the winner.

    A faction *decided* the game when, had it voted for nobody, the winners would have
    been different (``rules.deciding_factions``).
    """
    winners = set(result.winners)
    facts: dict[str, float] = {"shared win": float(result.details["decided_by"] == "shared win")}
    deciding = set(result.details["deciding_factions"])
    for vote in result.details["votes"]:
        name = vote["faction"]
        facts[f"{name} decided the game"] = float(name in deciding)
        facts[f"{name} voted for a winner"] = float(bool(set(vote["seats"]) & winners))
    return facts


def encoder(players: int) -> Encoder:
    """Claim's observation encoder for ``players`` seats (``regency.envs``).

    Imported when called: the encoder needs numpy (the ``rl`` extra).
    """
    from regency.games.claim.encoder import ClaimEncoder

    return ClaimEncoder(players)


def array_writer(spec: ArraySpec) -> ArrayWriter[Any]:
    """Claim's fast path to the RL environments' arrays for ``spec``'s layout.

    Imported when called: the writer (``tensor.py``) needs numpy and imports the state,
    which therefore never imports it (no circle between them).
    """
    from regency.games.claim.tensor import ClaimArrayWriter

    return ClaimArrayWriter(spec)


register(
    GameInfo(
        "claim",
        title="Claim",
        players=(2, 3, 4),
        summary=N_("Two phases of tricks: recruit followers, then win the factions' votes."),
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
                secret=True,
            ),
            Option("first", "the seat that leads the first trick (default: drawn)"),
        ),
        game_class=ClaimState,
        heuristic=heuristic_policy,
        insights=insights,
        score_name="factions won",
        search_iterations=5000,  # about a second a move on a 2-core Xeon (benchmarks/)
        encoder=encoder,
        array_writer=array_writer,
        default_opponents={2: "pimc", 3: "ismcts", 4: "ismcts"},
        teaching=TEACHING,
        explainer=EXPLAINER,
        solver=ClaimSolver,  # phase two, and every dealt world (games/claim/solver)
    )
)

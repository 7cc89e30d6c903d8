"""Claim Kingdoms for 2-4 players: place cards, claim factions with markers.

Registered as ``"claim-kingdoms"``. See ``state.py`` for the game, ``actions.py`` for
the notation and ``docs/rules/claim-kingdoms.md`` for the rules in our words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regency.core.game import Result
from regency.core.i18n import N_
from regency.core.registry import GameInfo, Option, register
from regency.games.claim_kingdoms.heuristic import choose as heuristic
from regency.games.claim_kingdoms.heuristic import judge, ranked
from regency.games.claim_kingdoms.state import ClaimKingdomsState
from regency.games.claim_kingdoms.story import EXPLAINER
from regency.games.claim_kingdoms.teaching import TEACHING

if TYPE_CHECKING:
    from regency.core.arrays import ArraySpec, ArrayWriter, FeatureWriter
    from regency.core.encoding import Encoder

__all__ = ["ClaimKingdomsState", "array_writer", "encoder", "insights", "value_features"]


def insights(result: Result) -> dict[str, float]:
    """For each faction in play, whether a winner controlled it (1.0) or not (0.0).

    ``regency simulate`` averages these into how often each faction was controlled by
    the winner; with a shared win, a faction counts if any winner controlled it.
    """
    winners = set(result.winners)
    return {
        f"{entry['faction']} controlled by winner": float(bool(winners & set(entry["controllers"])))
        for entry in result.details["factions"]
    }


def encoder(players: int) -> Encoder:
    """Claim Kingdoms's observation encoder for ``players`` seats (``regency.envs``).

    Imported when called: the encoder needs numpy (the ``rl`` extra).
    """
    from regency.games.claim_kingdoms.encoder import ClaimKingdomsEncoder

    return ClaimKingdomsEncoder(players)


def array_writer(spec: ArraySpec) -> ArrayWriter[Any]:
    """Claim Kingdoms's fast path to the RL environments' arrays for ``spec``'s layout.

    Imported when called: the writer (``tensor.py``) needs numpy and imports the state,
    which therefore never imports it (no circle between them).
    """
    from regency.games.claim_kingdoms.tensor import ClaimKingdomsArrayWriter

    return ClaimKingdomsArrayWriter(spec)


def value_features(players: int) -> FeatureWriter:
    """Claim Kingdoms' features for a learned evaluation at ``players`` (``features.py``).

    Imported when called, like the array writer: it reads the state's fields.
    """
    from regency.games.claim_kingdoms.features import ClaimKingdomsFeatures

    return ClaimKingdomsFeatures(players)


register(
    GameInfo(
        "claim-kingdoms",
        title="Claim Kingdoms",
        players=(2, 3, 4),
        summary=N_("Lay cards on a growing grid and place markers to control the factions."),
        options=(
            Option(
                "factions",
                "the factions in play: a list of 7/8/9 names for 2/3/4 players, or "
                "'random' (default: drawn from the seed)",
            ),
            Option(
                "deck",
                "stacked setup: the faction of every card in order: the middle card, the "
                "display left to right, one card per seat, then the deck top first",
                secret=True,
            ),
            Option("first", "the seat that starts (default: drawn from the seed)"),
        ),
        game_class=ClaimKingdomsState,
        heuristic=heuristic,
        ranking=ranked,
        judge=judge,
        insights=insights,
        score_name="points",
        search_iterations=2000,  # about a second a move on a 2-core Xeon (benchmarks/)
        rollout_budget=(24, 16),  # 62% of 200 games against the heuristic, 0.84 s a move
        encoder=encoder,
        array_writer=array_writer,
        value_features=value_features,
        # rollout:value=net (rollouts judged by the learned evaluation) wins 71.0% of 100
        # 2-player games against the heuristic (rollout: 62.0% of 200) and 51.8% of 400
        # against rollout itself; 52.0% of 102 against two heuristics, on the deals where
        # rollout won 45.6% (fair share 33%). At 4 players, up to 48 worlds for a decision
        # still open after 24 (most=48) won 43.5% of 100 against three heuristics, on the
        # deals where rollout won 34.0% (fair share 25%). docs/measurements.md, "The
        # learned evaluation". At 2 players up to 96 worlds for an open decision on top
        # (value=net,most=96) won 61.0% of 400 against rollout, on the deals where
        # value=net,most=48 won 54.5% and value=net 51.8% ("more worlds").
        default_opponents={
            2: "rollout:value=net,most=96",
            3: "rollout:value=net",
            4: "rollout:most=48",
        },
        teaching=TEACHING,
        explainer=EXPLAINER,
    )
)

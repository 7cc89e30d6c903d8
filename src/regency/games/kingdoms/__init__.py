"""Kingdoms (Reiner Knizia) for 2-4 players: castles and tiles on a 5x6 board, three epochs.

Registered as ``"kingdoms"``. See ``state.py`` for the game, ``actions.py`` for the
notation (``castle 3 C4``, ``draw`` then ``tile C4``, ``start C4``, ``pass``) and
``docs/rules/kingdoms.md`` for the rules in our words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regency.core.game import Result
from regency.core.i18n import N_
from regency.core.registry import GameInfo, Option, register
from regency.games.kingdoms.heuristic import choose, judge, ranked
from regency.games.kingdoms.state import KingdomsState
from regency.games.kingdoms.story import EXPLAINER
from regency.games.kingdoms.teaching import TEACHING

if TYPE_CHECKING:
    from regency.core.arrays import ArraySpec, ArrayWriter, FeatureWriter
    from regency.core.encoding import Encoder

__all__ = ["KingdomsState", "array_writer", "encoder", "insights", "value_features"]


def insights(result: Result) -> dict[str, float]:
    """Facts about one finished game, for designers (averaged by ``regency simulate``).

    Each is a share of a win or a yes/no (1.0/0.0), so its average is a rate:

    * ``first start player won``: the share of the win that went to the seat that
      started the first epoch (drawn from the seed, R-K-8);
    * ``close finish``: 1.0 when the winner led the runner-up by 10 gold or less;
    * ``someone in debt``: 1.0 when a player ended below zero gold (R-K-7);
    * ``epoch 3 leader changed``: 1.0 when no player richest after epoch 2 won.
    """
    details = result.details
    gold = list(result.scores)
    first = details["start_players"][0]
    ranked = sorted(gold, reverse=True)
    epochs = details["epochs"]
    after_two = epochs[1]["gold_after"] if len(epochs) > 1 else gold
    leaders = {s for s, g in enumerate(after_two) if g == max(after_two)}
    return {
        "first start player won": result.reward(first),
        "close finish": 1.0 if ranked[0] - ranked[1] <= 10 else 0.0,
        "someone in debt": 1.0 if min(gold) < 0 else 0.0,
        "epoch 3 leader changed": 0.0 if leaders & set(result.winners) else 1.0,
    }


def encoder(players: int) -> Encoder:
    """Kingdoms's observation encoder for ``players`` seats (``regency.envs``).

    Imported when called: the encoder needs numpy (the ``rl`` extra).
    """
    from regency.games.kingdoms.encoder import KingdomsEncoder

    return KingdomsEncoder(players)


def array_writer(spec: ArraySpec) -> ArrayWriter[Any]:
    """Kingdoms's fast path to the RL environments' arrays for ``spec``'s layout.

    Imported when called: the writer (``tensor.py``) needs numpy and imports the state,
    which therefore never imports it (no circle between them).
    """
    from regency.games.kingdoms.tensor import KingdomsArrayWriter

    return KingdomsArrayWriter(spec)


def value_features(players: int) -> FeatureWriter:
    """Kingdoms' features for a learned evaluation at ``players`` (``features.py``).

    Imported when called: it builds on the array writer, which needs numpy.
    """
    from regency.games.kingdoms.features import KingdomsFeatures

    return KingdomsFeatures(players)


register(
    GameInfo(
        "kingdoms",
        title="Kingdoms",
        players=(2, 3, 4),
        summary=N_("Build castles beside rich tiles over three epochs; the most gold wins."),
        options=(
            Option("first", "the seat that starts the first epoch (default: drawn from the seed)"),
        ),
        game_class=KingdomsState,
        heuristic=choose,
        ranking=ranked,
        judge=judge,
        insights=insights,
        score_name="gold",
        search_iterations=2000,  # about a second a move on a 2-core Xeon (benchmarks/)
        rollout_budget=(32, 40),  # 69.8% of 200 games against the heuristic, 0.76 s a move
        encoder=encoder,
        array_writer=array_writer,
        value_features=value_features,
        # rollout wins 70% of 200 2-player games against the heuristic (the ladder), 43%
        # of 102 against two heuristics (fair share 33%) and 31.5% of 100 against three
        # (fair share 25%). Up to 96 worlds for a decision still open after 32 (most=96)
        # won 53.4% of the same 102 deals at 3 players and 55.5% of the same 100 at 4,
        # and 61.5% of 400 2-player games against rollout itself (docs/measurements.md).
        default_opponents={2: "rollout:most=96", 3: "rollout:most=96", 4: "rollout:most=96"},
        teaching=TEACHING,
        explainer=EXPLAINER,
    )
)

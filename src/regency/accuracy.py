"""How well a seat played: each move's accuracy and label, and a game's accuracy.

The figures come from a judged decision (:mod:`regency.analysis`): the win chance of
each move the judge weighed, the one it prefers and the one played. Two figures of a
decision decide everything here:

* the **loss**: the preferred move's win chance minus the played move's (never below 0);
* the **stakes**: what the decision could change, the best judged move's win chance
  minus the worst's. A decision whose moves all keep the same chance (a card that plays
  like the other, a game already won or lost) has no stakes.

A move's **accuracy** is the share of the stakes it kept, ``100 * (1 - loss / stakes)``:
100 for the preferred move, 0 for the worst move judged. A seat's accuracy over a game
is the mean of its moves' accuracies weighted by their stakes, which is
``100 * (1 - total loss / total stakes)``: the share of what its decisions put at stake
that it kept. So decisions that could change little count little, however many there
are, and a game lost early is not called accurate for the moves made once nothing was
left to lose (every move then keeps 0%, and has no stakes). ``docs/analysis.md`` says
why it is not Lichess's formula, with the measurements.

A move is **labelled** by the win chance it gave away, or by a smaller loss (still more
than the judge's noise) that was most of its decision's stakes (:data:`LABELS`).
Everything here is plain arithmetic on the figures, so an analysis read back from its
JSON is summed up the same way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

__all__ = [
    "LABELS",
    "TOLERANCE",
    "game_accuracy",
    "label_for",
    "lost_points",
    "move_accuracy",
    "stakes_of",
]

LABELS: tuple[tuple[str, float, float, float], ...] = (
    ("blunder", 0.30, 0.15, 0.7),
    ("mistake", 0.20, 0.10, 0.5),
    ("inaccuracy", 0.10, 0.05, 0.3),
)
"""Each label, worst first: the lost win chance (0 to 1) that earns it alone, and the
smaller lost win chance that earns it with at least that share of the decision's stakes.

A move that loses 30 points of win chance is a blunder whatever else it could have
done; one that loses 15 is a blunder when it threw away 70% of what the decision could
give, so that small decisions played badly are labelled too, where the judge's noise
(a point or two, sometimes five) cannot reach."""

TOLERANCE = 1e-9
"""How far below a threshold a figure may fall and still reach it: the float noise of
a subtraction (0.6 - 0.5 is 0.09999999999999998), nothing a search could measure."""


def stakes_of(wins: Iterable[float | None]) -> float:
    """What a decision could change: the best judged win chance minus the worst (0 to 1).

    ``wins`` are the judged moves' win chances, ``None`` for a move not judged.
    """
    judged = [w for w in wins if w is not None]
    return max(judged) - min(judged) if len(judged) > 1 else 0.0


def move_accuracy(loss: float, stakes: float) -> float:
    """A move's accuracy, 0 to 100: the share of the decision's stakes it kept.

    100 for a move that loses nothing (and for any move of a decision with no stakes),
    0 for one that loses all of them.
    """
    if stakes <= 0.0:
        return 100.0
    return 100.0 * max(0.0, 1.0 - max(0.0, loss) / stakes)


def game_accuracy(moves: Sequence[tuple[float, float]]) -> float:
    """A seat's accuracy over its judged moves, ``(loss, stakes)`` each, 0 to 100.

    The moves' accuracies weighted by their stakes: ``100 * (1 - sum of losses / sum of
    stakes)``, the share of what the decisions put at stake that was kept. 100 with no
    stakes at all (no judged move, or none that could change anything).
    """
    at_stake = sum(max(0.0, s) for _, s in moves)
    if at_stake <= 0.0:
        return 100.0
    lost = sum(min(max(0.0, loss), max(0.0, s)) for loss, s in moves)
    return 100.0 * (1.0 - lost / at_stake)


def label_for(loss: float | None, stakes: float | None = None) -> str | None:
    """The label of a move that lost ``loss`` of a decision with ``stakes`` (``None``: none).

    The worst label of :data:`LABELS` the move reaches: by its loss alone, or by a
    smaller loss that is enough of the stakes. ``stakes`` left out counts the loss alone.
    The one comparison with the thresholds, on the unrounded figures: whatever shows a
    loss shows its :func:`lost_points`, which agree with it.
    """
    if loss is None:
        return None
    share = 0.0 if stakes is None or stakes <= 0.0 else loss / stakes
    for label, alone, least, part in LABELS:
        if loss >= alone - TOLERANCE:
            return label
        if loss >= least - TOLERANCE and share >= part - TOLERANCE:
            return label
    return None


def lost_points(loss: float) -> float:
    """A lost win chance in points as it is shown: cut (not rounded) to one decimal.

    Cut, so that a shown figure never reaches a threshold the loss did not: a loss of
    0.0996 shows as 9.9 and does not reach 10, one of 0.1 shows as 10.0 (rounded to
    whole points both would read 10). The replay page shows losses the same way.
    """
    return math.floor((max(0.0, loss) + TOLERANCE) * 1000.0) / 10.0

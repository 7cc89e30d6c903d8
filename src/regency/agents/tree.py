"""The search tree's node, shared by the searching agents.

``ismcts`` grows a tree of these; ``rollout`` keeps one level of them (a root and a child
per move judged), so both answer ``evaluate`` from the same shape
(:func:`~regency.agents.base.root_estimates`). A module of its own, so neither agent
imports the other; compiled with the search (``build_support/compile.py``), since its
loop reads and writes these fields on every step.
"""

from __future__ import annotations

from collections.abc import Hashable

__all__ = ["Node"]


class Node:
    """A node of the tree: the information set reached by a sequence of moves.

    Attributes:
        parent: The node above (``None`` for the root).
        mover: The seat whose move led here (its reward is kept).
        children: Child nodes by move key.
        visits: Times this node was selected.
        reward: Total reward of ``mover`` over those visits.
        available: Times this node's move was legal when its parent was visited.
        hint: The heuristic's move here, once asked (``prior=heuristic``), else ``None``.
    """

    __slots__ = ("available", "children", "hint", "mover", "parent", "reward", "visits")

    def __init__(self, parent: Node | None, mover: int) -> None:
        self.parent = parent
        self.mover = mover
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.hint: Hashable = None

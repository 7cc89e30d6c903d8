"""Kingdoms as a PettingZoo AEC environment, version 0 (``docs/envs.md``).

``env(players=2, reward="win", render_mode=None, **options)`` takes the game's options
as ``regency.new_game("kingdoms", ...)`` does; ``raw_env`` is the same without the
wrappers; ``vector_env(num_envs, ...)`` steps many games as one batch
(:class:`~regency.envs.vector.RegencyVectorEnv`). Version history: v0, the first.
"""

from __future__ import annotations

from typing import Any

from regency.envs._wrap import wrapped
from regency.envs.aec import RegencyAECEnv
from regency.envs.vector import RegencyVectorEnv

__all__ = ["GAME", "env", "raw_env", "vector_env"]

GAME = "kingdoms"
"""The registered game this environment plays."""


def raw_env(**kwargs: Any) -> RegencyAECEnv:
    """Return the unwrapped environment (see :class:`~regency.envs.aec.RegencyAECEnv`)."""
    return RegencyAECEnv(GAME, **kwargs)


def env(**kwargs: Any) -> Any:
    """Return the environment with PettingZoo's usual wrappers (illegal move: -1, game over)."""
    return wrapped(raw_env(**kwargs))


def vector_env(num_envs: int, **kwargs: Any) -> RegencyVectorEnv:
    """Return ``num_envs`` games stepped as one batch (see :mod:`regency.envs.vector`)."""
    return RegencyVectorEnv(GAME, num_envs, **kwargs)

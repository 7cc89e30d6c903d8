"""Kingdoms as a PettingZoo AEC environment, version 0 (``docs/envs.md``).

``env(players=2, reward="win", render_mode=None, **options)`` takes the game's options
as ``regency.new_game("kingdoms", ...)`` does; ``raw_env`` is the same without the
wrappers; ``vector_env(num_envs, ...)`` steps many games as one batch
(:class:`~regency.envs.vector.RegencyVectorEnv`). Version history: v0, the first.
"""

from __future__ import annotations

from regency.envs._factory import version_0

__all__ = ["GAME", "env", "raw_env", "vector_env"]

GAME = "kingdoms"
"""The registered game this environment plays."""

env, raw_env, vector_env = version_0(GAME, __name__)

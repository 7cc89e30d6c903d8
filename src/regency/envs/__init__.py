"""Reinforcement-learning environments for every regency game (``docs/envs.md``).

Needs the ``rl`` extra (``pip install -e '.[rl]'``: numpy, gymnasium, pettingzoo).

PettingZoo AEC environments, one module per game, in PettingZoo's style::

    from regency.envs import claim_v0
    env = claim_v0.env(players=2)          # or claim_kingdoms_v0, kingdoms_v0
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(
            obs["action_mask"])
        env.step(action)

A Gymnasium environment for one seat, the others played by agent specs, registered on
import as ``regency/Claim-v0``, ``regency/ClaimKingdoms-v0`` and ``regency/Kingdoms-v0``::

    import gymnasium, regency.envs
    env = gymnasium.make("regency/Claim-v0", opponents=["heuristic"])

A Gymnasium ``VectorEnv`` stepping many games as one batch (self-play, or one seat
against agents)::

    envs = claim_v0.vector_env(num_envs=64)
    obs, info = envs.reset(seed=1)   # obs["observation"]: (64, 2379)

The arrays come from each game's fast path (``GameInfo.array_writer``) when it has one,
else from encoding ``observation(seat)``; both give the same arrays (``fast=False``
forces the encoder).
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"regency.envs needs the rl extra ({exc.name} is missing): pip install -e '.[rl]'"
    ) from None

from regency.envs import claim_kingdoms_v0, claim_v0, kingdoms_v0
from regency.envs.aec import REWARDS, RegencyAECEnv
from regency.envs.encoding import ActionTable, Encoder, EncodingError, encoder_for
from regency.envs.seat import RegencySeatEnv
from regency.envs.vector import RegencyVectorEnv

__all__ = [
    "GYM_IDS",
    "REWARDS",
    "ActionTable",
    "Encoder",
    "EncodingError",
    "RegencyAECEnv",
    "RegencySeatEnv",
    "RegencyVectorEnv",
    "claim_kingdoms_v0",
    "claim_v0",
    "encoder_for",
    "kingdoms_v0",
]

GYM_IDS: dict[str, str] = {
    "regency/Claim-v0": "claim",
    "regency/ClaimKingdoms-v0": "claim-kingdoms",
    "regency/Kingdoms-v0": "kingdoms",
}
"""Gymnasium id -> the game it plays."""

for _id, _game in GYM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id, entry_point="regency.envs.seat:RegencySeatEnv", kwargs={"game": _game}
        )

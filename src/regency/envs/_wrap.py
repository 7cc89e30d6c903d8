"""PettingZoo's usual wrappers around :class:`~regency.envs.aec.RegencyAECEnv`."""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from regency.envs.aec import RegencyAECEnv

__all__ = ["wrapped"]


def wrapped(raw: RegencyAECEnv) -> Any:
    """Wrap ``raw`` as PettingZoo's classic games are wrapped.

    An illegal action ends the game with reward -1 for the agent that chose it (and 0
    for the others); an index outside the space is refused; methods are called in order.
    """
    env: Any = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)

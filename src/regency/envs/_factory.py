"""The functions each ``<game>_v0`` module exports, made by one factory for every game.

PettingZoo's classic games keep one small module per versioned environment
(``chess_v6``) that re-exports ``env`` and ``raw_env``; regency's three modules differ only
in the game they play, so :func:`version_0` makes their functions from the game's name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pettingzoo.utils import wrappers

from regency.envs.aec import RegencyAECEnv
from regency.envs.vector import RegencyVectorEnv

__all__ = ["version_0", "wrapped"]


def wrapped(raw: RegencyAECEnv) -> Any:
    """Wrap ``raw`` as PettingZoo's classic games are wrapped.

    An illegal action ends the game with reward -1 for the agent that chose it (and 0
    for the others); an index outside the space is refused; methods are called in order.
    """
    env: Any = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def version_0(
    game: str, module: str
) -> tuple[Callable[..., Any], Callable[..., RegencyAECEnv], Callable[..., RegencyVectorEnv]]:
    """Make ``env``, ``raw_env`` and ``vector_env`` for ``game``'s version 0 module.

    Args:
        game: The registered game the environments play (``"claim"``).
        module: The module that exports them (its ``__name__``), so they are shown as
            its own functions in tracebacks and ``help``.

    Returns:
        ``env(**kwargs)``, the environment with PettingZoo's usual wrappers (illegal
        move: -1, game over); ``raw_env(**kwargs)``, the same without the wrappers (see
        :class:`~regency.envs.aec.RegencyAECEnv`); ``vector_env(num_envs, **kwargs)``,
        that many games stepped as one batch (see :mod:`regency.envs.vector`).
    """

    def raw_env(**kwargs: Any) -> RegencyAECEnv:
        """Return the unwrapped environment (see :class:`~regency.envs.aec.RegencyAECEnv`)."""
        return RegencyAECEnv(game, **kwargs)

    def env(**kwargs: Any) -> Any:
        """Return the environment with PettingZoo's usual wrappers (illegal move: -1, game over)."""
        return wrapped(raw_env(**kwargs))

    def vector_env(num_envs: int, **kwargs: Any) -> RegencyVectorEnv:
        """Return ``num_envs`` games stepped as one batch (see :mod:`regency.envs.vector`)."""
        return RegencyVectorEnv(game, num_envs, **kwargs)

    for function in (env, raw_env, vector_env):
        function.__module__ = module
        function.__qualname__ = function.__name__
    return env, raw_env, vector_env

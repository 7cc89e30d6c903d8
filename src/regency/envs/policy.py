"""A trained policy as an agent: the ``policy:path=...`` agent spec.

``policy:path=claim_policy.zip`` plays with a MaskablePPO policy saved by sb3-contrib
(``examples/train_claim.py`` makes one), so a trained agent can meet the others in
``regency arena`` and ``regency play``. Like every agent it sees only its seat's view:
the view's observation goes through the game's encoder, the view's legal actions make
the mask, and the policy's index is mapped back to the legal action.

Needs the ``train`` extra (sb3-contrib and torch, see docs/envs.md); loading a policy
without it is refused with the install command.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from importlib import import_module
from pathlib import Path
from typing import Any

from regency.agents.base import Agent, AgentError
from regency.agents.registry import Factory
from regency.core.errors import quote
from regency.core.registry import game_info
from regency.core.view import SeatView
from regency.envs.arrays import ActionMapper
from regency.envs.encoding import Encoder, EncodingError, encoder_for

__all__ = ["PolicyAgent", "agent_plugin", "load_policy"]

_LOADED: dict[str, Any] = {}
_YES = ("1", "true", "yes")
_NO = ("0", "false", "no")


def load_policy(path: str) -> Any:
    """Load (once per process) the MaskablePPO policy saved at ``path``.

    Raises:
        AgentError: if sb3-contrib is not installed or the file cannot be loaded.
    """
    if path not in _LOADED:
        try:
            sb3_contrib = import_module("sb3_contrib")
        except ImportError:
            raise AgentError(
                "policy: needs sb3-contrib and torch: install torch's CPU build, "
                "then pip install -e '.[train]' (see docs/envs.md)"
            ) from None
        if not Path(path).is_file():
            raise AgentError(f"policy: no saved policy at {quote(path)}")
        try:
            _LOADED[path] = sb3_contrib.MaskablePPO.load(path, device="cpu")
        except (OSError, ValueError) as exc:
            raise AgentError(f"policy: cannot load a policy from {quote(path)}: {exc}") from None
    return _LOADED[path]


class PolicyAgent:
    """Plays a saved MaskablePPO policy, greedily (``sample=1``: draws from it instead).

    Args:
        game: The registered game name.
        rng: Unused: the policy's own sampling is seeded through torch.
        params: ``path`` (required) and ``sample`` (``0``/``1``, ``no``/``yes``,
            ``false``/``true``).

    Raises:
        AgentError: if ``path`` is missing or names no policy that fits the game's
            encoder, or ``sample`` is not a yes or no.
    """

    def __init__(self, game: str, rng: random.Random, params: dict[str, str]) -> None:
        del rng
        if not params.get("path"):
            raise AgentError("policy: needs path=<the saved policy's .zip>")
        sample = params.get("sample", "0").lower()
        if sample not in _YES + _NO:
            raise AgentError(f"policy: sample must be 0 or 1, not {quote(params['sample'])}")
        self.name = "policy"
        self.game = game
        self.model = load_policy(params["path"])
        self.deterministic = sample in _NO
        self._encoders: dict[int, Any] = {}
        self.check_players(game_info(game).default_players)

    def check_players(self, players: int) -> None:
        """Refuse a player count whose observations the policy was not trained on.

        Raises:
            AgentError: if the game has no encoder, or the policy's observation or action
                space does not match the encoder's for ``players`` seats.
        """
        try:
            encoder = self._encoder(players)
        except EncodingError:
            raise AgentError(f"policy: {self.game} has no observation encoder") from None
        if not _fits(self.model, encoder):
            raise AgentError(
                f"policy: the saved policy was not trained on {players}-player {self.game}"
            )

    def _encoder(self, players: int) -> Encoder:
        encoder: Encoder | None = self._encoders.get(players)
        if encoder is None:
            encoder = self._encoders[players] = encoder_for(self.game, players)
        return encoder

    def choose(self, view: SeatView[Any]) -> Hashable:
        """Return the policy's choice among the view's legal actions."""
        encoder = self._encoder(view.players)
        mapper = ActionMapper(encoder)
        legal = mapper.legal(view.legal_actions)
        mask = mapper.mask(legal)
        obs = {"observation": encoder.encode(view.observation), "action_mask": mask}
        index, _ = self.model.predict(
            obs, action_masks=mask.astype(bool), deterministic=self.deterministic
        )
        action: Hashable = legal[int(index)]
        return action


def _fits(model: Any, encoder: Encoder) -> bool:
    """Whether ``model``'s spaces match ``encoder``'s (true when it does not say)."""
    try:
        size = tuple(model.observation_space["observation"].shape)
        actions = int(model.action_space.n)
    except (AttributeError, KeyError, TypeError, ValueError):
        return True  # a policy that does not describe its spaces: nothing to compare
    return size == (encoder.size,) and actions == encoder.num_actions


def _make(game: str, rng: random.Random, params: dict[str, str]) -> Agent:
    return PolicyAgent(game, rng, params)


def agent_plugin() -> tuple[Factory, tuple[str, ...]]:
    """The ``policy`` agent for the agent registry (the ``regency.agents`` entry point)."""
    return _make, ("path", "sample")

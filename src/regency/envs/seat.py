"""One seat of a game as a Gymnasium environment, the others played by agents.

``gymnasium.make("regency/Claim-v0", opponents=["heuristic"])`` (ids registered when
:mod:`regency.envs` is imported): the learner plays ``seat``; every other seat is played
by an agent built from a spec (``random``, ``heuristic``, ``ismcts:iters=200``...), which
sees only its seat's view, as in ``regency play``. Observations and actions are those of
the AEC environments (``docs/envs.md``); the reward comes when the game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from regency.agents import Agent, make_agent
from regency.core.errors import GameOptionError, IllegalActionError
from regency.core.game import Game
from regency.core.registry import game_info
from regency.core.rng import MAX_SEED
from regency.core.start import new_game
from regency.envs.aec import (
    check_reward,
    final_rewards,
    observation_space,
    terminal_screen,
)
from regency.envs.arrays import GameArrays, Legal
from regency.envs.encoding import encoder_for

__all__ = ["ILLEGAL", "RegencySeatEnv"]

ILLEGAL = ("lose", "raise")
"""What an illegal action does: end the episode with reward -1, or raise."""

Obs = dict[str, npt.NDArray[Any]]


class RegencySeatEnv(gymnasium.Env[Obs, np.int64]):
    """A regency game seen from one seat, the other seats played by agents.

    Args:
        game: A registered game name.
        players: The number of seats (the game's default when omitted).
        opponents: Agent specs for the other seats in seat order after the learner's
            (``["heuristic", "random"]``); one spec is used for every other seat.
        seat: The learner's seat, or ``None`` for a seat drawn at each reset.
        reward: ``"win"`` or ``"score"``, as for the AEC environments.
        illegal: ``"lose"`` (an illegal action ends the episode with reward -1 and
            ``info["illegal_action"]``) or ``"raise"``.
        render_mode: ``None`` or ``"ansi"`` (the learner's terminal screen as text).
        fast: Write the arrays with the game's fast path when it has one (the same
            arrays); ``False`` always encodes the observation.
        **options: The game's own options, as ``regency.new_game`` takes them.

    Raises:
        GameOptionError: if anything above is refused.
        AgentError: if an opponent spec is bad.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        opponents: Sequence[str] = ("random",),
        seat: int | None = 0,
        reward: str = "win",
        illegal: str = "lose",
        render_mode: str | None = None,
        fast: bool = True,
        **options: Any,
    ) -> None:
        info = game_info(game)
        check_reward(reward)
        if illegal not in ILLEGAL:
            raise GameOptionError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise GameOptionError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        new_game(game, players=players, seed=0, **options)  # refuse bad options now
        self.game_name = info.name
        self.num_players: int = info.default_players if players is None else players
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players
        ):
            raise GameOptionError(f"seat must be None or 0..{self.num_players - 1}, not {seat!r}")
        if isinstance(opponents, str):
            opponents = [opponents]
        specs = list(opponents)
        if len(specs) == 1:
            specs *= self.num_players - 1
        if len(specs) != self.num_players - 1:
            raise GameOptionError(
                f"give one opponent spec, or one per other seat ({self.num_players - 1}), "
                f"not {len(specs)}"
            )
        for spec in specs:
            make_agent(spec, self.game_name, 0)  # refuse a bad spec now
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.reward_scheme = reward
        self.illegal = illegal
        self.render_mode = render_mode
        self.game_options = dict(options)
        self.encoder = encoder_for(info.name, self.num_players)
        self.arrays = GameArrays(info.name, self.encoder, fast)
        self.observation_space = cast(spaces.Space[Obs], observation_space(self.encoder))
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.game: Game[Any] = new_game(self.game_name, self.num_players, 0, **self.game_options)
        self._agents: dict[int, Agent] = {}
        self._legal: Legal = self.arrays.no_moves()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new game and play the opponents up to the learner's first decision.

        ``seed`` deals ``regency.new_game(..., seed=seed)``; the opponents' seeds (and
        the learner's seat, when drawn) come from it too, so a seed fixes the episode
        given the learner's actions. ``options`` is not used.
        """
        super().reset(seed=seed)
        del options
        rng = self.np_random
        game_seed = seed if seed is not None else int(rng.integers(MAX_SEED))
        self.seat = (
            int(rng.integers(self.num_players)) if self.fixed_seat is None else self.fixed_seat
        )
        self.game = new_game(self.game_name, self.num_players, game_seed, **self.game_options)
        others = [s for s in range(self.num_players) if s != self.seat]
        self._agents = {
            s: make_agent(spec, self.game_name, int(rng.integers(MAX_SEED)))
            for s, spec in zip(others, self.opponent_specs, strict=True)
        }
        self._play_opponents()
        return self._observe(), {}

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Take action index ``action``, then let the opponents play to the next decision.

        Raises:
            IllegalActionError: for an illegal action, with ``illegal="raise"``.
        """
        if self.game.is_over:
            raise IllegalActionError("the episode is over: call reset()")
        chosen = self._legal.get(int(action))
        if chosen is None:
            if self.illegal == "raise":
                notation = self.encoder.actions.to_notation(int(action))
                raise IllegalActionError(f"action {action} ({notation}) is not legal now")
            self._legal = self.arrays.no_moves()
            obs = self._observe()
            return obs, -1.0, True, False, {"illegal_action": True}
        self.game.apply(chosen)
        self._play_opponents()
        obs = self._observe()
        if self.game.current_player is None:
            reward = final_rewards(self.game, self.reward_scheme)[self.seat]
            result = self.game.result()
            info = {"result": result.to_dict(), "win_share": result.reward(self.seat)}
            return obs, reward, True, False, info
        return obs, 0.0, False, False, {}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now as booleans (what sb3-contrib's MaskablePPO asks for)."""
        return self._legal.mask.astype(np.bool_)

    def render(self) -> str | None:
        """Return the learner's terminal screen as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return terminal_screen(self.game, self.seat)

    def _play_opponents(self) -> None:
        game = self.game
        seat = game.current_player
        while seat is not None and seat != self.seat:
            game.apply(self._agents[seat].choose(game.view(seat)))
            seat = game.current_player
        self._legal = self.arrays.legal(game) if seat is not None else self.arrays.no_moves()

    def _observe(self) -> Obs:
        return {
            "observation": self.arrays.observe(self.game, self.seat),
            "action_mask": self._legal.mask.copy(),
        }

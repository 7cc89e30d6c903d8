"""The PettingZoo AEC environment, one class for every game (``docs/envs.md``).

:class:`RegencyAECEnv` drives any registered game through the public API only
(``regency.new_game``, ``legal_actions``, ``apply``, ``observation``, ``result``); what
is game-specific is the game's encoder (``GameInfo.encoder``), which turns the
seat's observation into the array and names the fixed action space. The modules
``claim_v0``, ``claim_kingdoms_v0`` and ``kingdoms_v0`` make it for one game each, with
PettingZoo's usual wrappers.

Agents are named ``player_0`` .. ``player_<n-1>``, seat by seat. Each observation is
``{"observation": float32 array, "action_mask": int8 array}``; the mask is all zeros
for an agent whose turn it is not. The reward comes once, when the game ends: each
seat's share of the win (1 alone, ``1/k`` in a ``k``-way shared win, else 0) or, with
``reward="score"``, its score minus the mean of the others' scores.
"""

from __future__ import annotations

import io
import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from regency.core.errors import GameOptionError, IllegalActionError
from regency.core.game import Game
from regency.core.registry import game_info
from regency.core.rng import MAX_SEED
from regency.core.start import new_game
from regency.envs.arrays import ActionMapper, GameArrays, Legal
from regency.envs.encoding import Encoder, encoder_for

__all__ = ["REWARDS", "ActionMapper", "RegencyAECEnv", "final_rewards", "observation_space"]

REWARDS = ("win", "score")
"""The reward schemes: the share of the win, or the score against the others' mean."""

Mask = npt.NDArray[np.int8]


def observation_space(encoder: Encoder) -> spaces.Dict:
    """Return the observation space of ``encoder``'s arrays: observation and action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=-np.inf, high=np.inf, shape=(encoder.size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(len(encoder.actions),), dtype=np.int8),
        }
    )


def final_rewards(game: Game[Any], reward: str) -> list[float]:
    """Each seat's reward for the finished ``game`` under the scheme ``reward``."""
    result = game.result()
    n = game.num_players
    if reward == "win":
        return [result.reward(seat) for seat in range(n)]
    total = sum(result.scores)
    return [s - (total - s) / (n - 1) for s in result.scores]


def check_reward(reward: str) -> None:
    """Raise :class:`GameOptionError` unless ``reward`` is one of :data:`REWARDS`."""
    if reward not in REWARDS:
        raise GameOptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")


def terminal_screen(game: Game[Any], seat: int | None) -> str:
    """What ``regency play`` draws for ``seat`` (``None``: a spectator), as ANSI text.

    The result panel follows once the game is over.
    """
    from rich.console import Console

    from regency.render import renderer_for

    renderer = renderer_for(game.name)
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=100, color_system="standard")
    observation = game.observation(seat)
    console.print(renderer.board(observation))
    if game.is_over:
        console.print(renderer.result(game.result().to_dict(), observation))
    return buffer.getvalue()


class RegencyAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A regency game as a PettingZoo AEC environment.

    Args:
        game: A registered game name (``"claim"``).
        players: The number of seats (the game's default when omitted).
        reward: ``"win"`` (the share of the win) or ``"score"`` (score minus the
            others' mean score), paid when the game ends.
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns the terminal screen
            of the seat to move, or the final table, as text).
        fast: Write the arrays with the game's fast path when it has one (the same
            arrays as encoding ``observation(seat)``, several times faster);
            ``False`` always encodes the observation.
        **options: The game's own options (``factions=...``), as ``regency.new_game``
            takes them.

    Raises:
        GameOptionError: if the game, player count, reward, render mode or an option
            is refused (checked by dealing one game).
    """

    metadata: dict[str, Any] = {
        "render_modes": ["ansi"],
        "render_fps": 1,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        fast: bool = True,
        **options: Any,
    ) -> None:
        super().__init__()
        info = game_info(game)
        check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise GameOptionError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        new_game(game, players=players, seed=0, **options)  # refuse bad options now
        self.game_name = info.name
        self.num_players: int = info.default_players if players is None else players
        self.game_options = dict(options)
        self.reward_scheme = reward
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{info.name.replace('-', '_')}_v0"}
        self.encoder = encoder_for(info.name, self.num_players)
        self.arrays = GameArrays(info.name, self.encoder, fast)
        self.mapper: ActionMapper = self.arrays.mapper
        self.possible_agents = [f"player_{s}" for s in range(self.num_players)]
        obs_space = observation_space(self.encoder)
        act_space = spaces.Discrete(len(self.encoder.actions))
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._seeds = random.Random()
        self.game: Game[Any] = new_game(self.game_name, self.num_players, 0, **self.game_options)
        self._legal: Legal | None = None
        self._cache: dict[int, dict[str, Any]] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same for every agent)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game.

        Args:
            seed: Deal ``regency.new_game(..., seed=seed)``; later resets without a seed
                deal seeds drawn from it, so a run is reproducible from its first seed.
            options: Not used (PettingZoo's signature).
        """
        del options
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(MAX_SEED + 1)
        self.game = new_game(self.game_name, self.num_players, game_seed, **self.game_options)
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal = None
        self._cache = {}
        seat = self.game.current_player
        self.agent_selection = self.agents[seat if seat is not None else 0]

    def legal(self) -> Legal:
        """The legal actions now: their mask and the action at each index."""
        if self._legal is None:
            self._legal = self.arrays.legal(self.game)
        return self._legal

    def observe(self, agent: str) -> dict[str, Any]:
        """Return ``agent``'s observation: its encoded array and its action mask."""
        seat = self.possible_agents.index(agent)
        cached = self._cache.get(seat)
        if cached is None:
            array = self.arrays.observe(self.game, seat)
            mine = seat == self.game.current_player
            mask = self.legal().mask if mine else self.arrays.no_moves().mask
            cached = self._cache[seat] = {"observation": array, "action_mask": mask}
        return {"observation": cached["observation"].copy(), "action_mask": cached["action_mask"]}

    def step(self, action: int | None) -> None:
        """Take action index ``action`` for the agent to move (``None`` once it is done).

        Raises:
            IllegalActionError: if the index is not a legal action now (``env()``'s
                wrappers end the game with a -1 reward instead).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents")
        chosen = self.legal().get(int(action))
        if chosen is None:
            raise IllegalActionError(
                f"action {action} ({self.encoder.actions.to_notation(int(action))}) "
                "is not legal now"
            )
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(chosen)
        self._legal = None
        self._cache = {}
        seat = self.game.current_player
        if seat is None:
            payoff = final_rewards(self.game, self.reward_scheme)
            self.rewards = {a: payoff[s] for s, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """Return the terminal screen as text (``render_mode="ansi"``), else ``None``."""
        if self.render_mode is None:
            return None
        return terminal_screen(self.game, self.game.current_player)

    def close(self) -> None:
        """Nothing to release."""

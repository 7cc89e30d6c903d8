"""Many games stepped together in one process: a Gymnasium ``VectorEnv`` (``docs/envs.md``).

``claim_v0.vector_env(num_envs=64, players=2)`` (and the same in ``claim_kingdoms_v0``
and ``kingdoms_v0``) makes a :class:`RegencyVectorEnv`: ``num_envs`` games, each step
taking one action in every game and returning every game's next array and mask in one
batch, written by the game's fast path in a single call (``GameInfo.array_writer``).

Two ways to play, as the arguments choose:

* **self-play** (``opponents=None``, the default): every seat is the learner. Each
  observation is that of the seat to move in its game (the arrays are seat-relative, so
  one policy serves every seat); ``infos["seat"]`` says which seat it is. The reward of
  a step is that of the seat that acted; when a game ends, every seat's reward is in
  ``infos["final_rewards"]`` (shape ``(num_envs, players)``, rows flagged by
  ``infos["_final_rewards"]``), since in a trick-taking game the seat that moved last is
  rarely the only one that cares.
* **one seat** (``opponents=["heuristic"]``, as in ``regency/Claim-v0``): the learner
  plays ``seat`` in every game and the other seats are played by agents, which see only
  their own seat's view.

The arrays are the environment's own buffers, rewritten in place at each step
(``ArrayBatch``): with ``copy=True`` (the default, as Gymnasium's ``SyncVectorEnv``)
``step`` and ``reset`` return copies of them; with ``copy=False`` they return read-only
views of the buffers themselves, which hold until the next ``step`` or ``reset``
rewrites them (copy what must outlive it). ``copy=False`` is the fast way: a batch of
64 Claim Kingdoms arrays is 34 MB, and copying it at every step would cost far more
than writing it.

Games that end are dealt again at once (Gymnasium's same-step autoreset): the step that
ends a game returns ``terminated`` and the reward, with the first observation of the next
game. No final observation is returned (``infos`` has no ``final_obs``): a game ends only
by being finished, never truncated, so nothing needs one to bootstrap from.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from regency.agents import Agent, make_agent
from regency.core.errors import GameOptionError, IllegalActionError
from regency.core.game import Game
from regency.core.registry import game_info
from regency.core.rng import MAX_SEED
from regency.core.start import new_game
from regency.envs.aec import check_reward, final_rewards, observation_space
from regency.envs.arrays import ArrayBatch, GameArrays
from regency.envs.encoding import encoder_for

__all__ = ["RegencyVectorEnv"]

Obs = dict[str, npt.NDArray[Any]]
Flags = npt.NDArray[np.bool_]
StepResult = tuple[Obs, npt.NDArray[np.float32], Flags, Flags, dict[str, Any]]


class RegencyVectorEnv(VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of one regency game, stepped and encoded as one batch.

    Args:
        game: A registered game name.
        num_envs: How many games run side by side.
        players: The number of seats (the game's default when omitted).
        opponents: ``None`` for self-play (every seat is the learner), or agent specs
            for the seats other than ``seat`` (one spec for all, or one per seat).
        seat: The learner's seat when ``opponents`` is given.
        reward: ``"win"`` or ``"score"``, as for the AEC environments.
        fast: Write the arrays with the game's fast path (the same arrays as encoding
            each observation; ``False`` encodes each observation, for comparison).
        copy: Return copies of the batch's arrays (``False``: read-only views of the
            environment's buffers, valid until the next ``step`` or ``reset``).
        **options: The game's own options, as ``regency.new_game`` takes them.

    Raises:
        GameOptionError: if anything above is refused.
        AgentError: if an opponent spec is bad.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        game: str,
        num_envs: int,
        players: int | None = None,
        opponents: Sequence[str] | None = None,
        seat: int = 0,
        reward: str = "win",
        fast: bool = True,
        copy: bool = True,
        **options: Any,
    ) -> None:
        info = game_info(game)
        check_reward(reward)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise GameOptionError(f"num_envs must be a whole number from 1 up, not {num_envs!r}")
        new_game(game, players=players, seed=0, **options)  # refuse bad options now
        self.game_name = info.name
        self.num_envs = num_envs
        n = self.num_players = info.default_players if players is None else players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise GameOptionError(f"seat must be 0..{n - 1}, not {seat!r}")
        self.seat = seat
        self.opponent_specs: list[str] | None = None
        if opponents is not None:
            specs = [opponents] if isinstance(opponents, str) else list(opponents)
            if len(specs) == 1:
                specs *= n - 1
            if len(specs) != n - 1:
                raise GameOptionError(
                    f"give one opponent spec, or one per other seat ({n - 1}), not {len(specs)}"
                )
            for spec in specs:
                make_agent(spec, self.game_name, 0)  # refuse a bad spec now
            self.opponent_specs = specs
        self.reward_scheme = reward
        self.game_options = dict(options)
        self.encoder = encoder_for(info.name, n)
        self.arrays = GameArrays(info.name, self.encoder, fast)
        self.single_observation_space = observation_space(self.encoder)
        self.single_action_space = spaces.Discrete(self.encoder.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.metadata = {**self.metadata, "name": f"{info.name.replace('-', '_')}_v0"}
        self._seeds = random.Random()
        self.games: list[Game[Any]] = []
        self._agents: list[dict[int, Agent]] = []
        self.copy = copy
        self._batch = ArrayBatch(self.arrays, num_envs)
        self._seats: list[int] = [0] * num_envs  # the seat to move in each game

    # -- Gymnasium's VectorEnv ---------------------------------------------------------

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal ``num_envs`` new games.

        ``seed`` (an int) fixes every game of the run: the games' seeds, and the
        opponents' seeds, are drawn from it, those of later games too. A list gives each
        game its own ``new_game`` seed. ``options`` is not used.
        """
        del options
        if isinstance(seed, list):
            if len(seed) != self.num_envs:
                raise GameOptionError(f"give {self.num_envs} seeds, not {len(seed)}")
            self._seeds = random.Random(seed[0])
            self.games = []
            self._agents = []
            for s in seed:
                self._deal(s)
        else:
            self._seeds = random.Random(seed)
            self.games = []
            self._agents = []
            for _ in range(self.num_envs):
                self._deal(self._seeds.randrange(MAX_SEED + 1))
        for i in range(self.num_envs):
            self._play_opponents(i)
            while self.games[i].is_over:  # the opponents ended it: deal another
                self._deal(self._seeds.randrange(MAX_SEED + 1), i)
                self._play_opponents(i)
        return self._observe(), {"seat": np.array(self._seats, dtype=np.int64)}

    def step(self, actions: npt.NDArray[np.int64] | Sequence[int]) -> StepResult:
        """Take ``actions[i]`` in game ``i`` (for its seat to move), for every game.

        Raises:
            IllegalActionError: if an action is not legal in its game (no game moves).
        """
        chosen = np.asarray(actions, dtype=np.int64).reshape(-1)
        n_envs = self.num_envs
        if chosen.shape != (n_envs,):
            raise IllegalActionError(f"give one action per game ({n_envs}), not {chosen.size}")
        masks = self._batch.masks
        width = masks.shape[1]
        inside = (chosen >= 0) & (chosen < width)
        if inside.all():  # the usual case: one gather, no boolean indexing
            legal = masks[np.arange(n_envs), chosen] == 1
        else:
            legal = inside.copy()
            legal[inside] = masks[np.flatnonzero(inside), chosen[inside]] == 1
        if not legal.all():
            bad = int(np.flatnonzero(~legal)[0])
            raise IllegalActionError(
                f"action {int(chosen[bad])} is not legal in game {bad} "
                f"({int((~legal).sum())} illegal actions in all)"
            )
        rewards = np.zeros(n_envs, dtype=np.float32)
        terminated = np.zeros(n_envs, dtype=np.bool_)
        final: npt.NDArray[np.float32] | None = None
        acted = self._seats
        writer = self.arrays.writer
        # The writer's own look-up when there is one: one call a game instead of two.
        action_of = self.arrays.action_of if writer is None else writer.action
        learner = self.seat if self.opponent_specs is not None else -1
        games = self.games
        for i, index in enumerate(chosen.tolist()):
            game = games[i]
            game.apply(action_of(game, index))
            if learner >= 0:
                self._play_opponents(i)
            if game.is_over:
                if final is None:
                    final = np.zeros((n_envs, self.num_players), dtype=np.float32)
                payoff = final_rewards(game, self.reward_scheme)
                final[i] = payoff
                rewards[i] = payoff[learner if learner >= 0 else acted[i]]
                terminated[i] = True
                while game.is_over:
                    self._deal(self._seeds.randrange(MAX_SEED + 1), i)
                    self._play_opponents(i)
                    game = games[i]
        infos: dict[str, Any] = {"acted": np.array(acted, dtype=np.int64)}
        if final is not None:
            infos["final_rewards"] = final
            infos["_final_rewards"] = terminated.copy()
        truncated = np.zeros(n_envs, dtype=np.bool_)
        obs = self._observe()
        infos["seat"] = np.array(self._seats, dtype=np.int64)
        return obs, rewards, terminated, truncated, infos

    def sample_legal(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """A uniformly random legal action in every game (for random play and exploration).

        Drawn from the legal actions the environment listed when it wrote the masks
        (for Claim Kingdoms, a few dozen among 85,979 actions a row), rather than from
        the masks themselves, which it would have to read whole.

        Args:
            rng: The generator to draw from.
        """
        legal = self._batch.legal_flat()
        width = self._batch.masks.shape[1]
        counts = np.bincount(legal // width, minlength=self.num_envs)
        starts = np.cumsum(counts) - counts
        picks = starts + (rng.random(self.num_envs) * counts).astype(np.intp)
        chosen: npt.NDArray[np.int64] = (legal[picks] % width).astype(np.int64)
        return chosen

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""

    # -- the batch -------------------------------------------------------------------

    def _deal(self, seed: int, index: int | None = None) -> None:
        game = new_game(self.game_name, self.num_players, seed, **self.game_options)
        agents: dict[int, Agent] = {}
        if self.opponent_specs is not None:
            others = [s for s in range(self.num_players) if s != self.seat]
            agents = {
                s: make_agent(spec, self.game_name, self._seeds.randrange(MAX_SEED + 1))
                for s, spec in zip(others, self.opponent_specs, strict=True)
            }
        if index is None:
            self.games.append(game)
            self._agents.append(agents)
        else:
            self.games[index] = game
            self._agents[index] = agents

    def _play_opponents(self, i: int) -> None:
        if self.opponent_specs is None:
            return
        game = self.games[i]
        agents = self._agents[i]
        seat = game.current_player
        while seat is not None and seat != self.seat:
            game.apply(agents[seat].choose(game.view(seat)))
            seat = game.current_player

    def _observe(self) -> Obs:
        games = self.games
        # No game here is over, so every game has a seat to move.
        self._seats = seats = [g.current_player or 0 for g in games]
        batch = self._batch
        batch.update(games, seats)
        if self.copy:
            return {"observation": batch.observations.copy(), "action_mask": batch.masks.copy()}
        # Read-only views: the caller cannot scribble on the buffers the next step
        # rewrites (and whose masks it checks actions against).
        observations = batch.observations.view()
        observations.flags.writeable = False
        masks = batch.masks.view()
        masks.flags.writeable = False
        return {"observation": observations, "action_mask": masks}

"""A learned evaluation: each seat's expected share of the win, from what it sees.

The network is trained from self-play (``regency train``, :mod:`regency.train`) and
ships inside the package: ``weights/<game>-<players>p.npz``, with the command, seed and
data that made it in the ``.json`` beside it. At run time it is a small multilayer
perceptron evaluated with numpy, a few tens of microseconds for a batch of positions:

* its input is the seat's observation array (``GameInfo.array_writer``, the RL
  environments' fast path), or, for a game whose array is too large for a small network
  (Claim Kingdoms' 133k numbers), the game's own compact features
  (``GameInfo.value_features``); either way what the seat may see and nothing else;
* hidden layers with ReLU, then one output through a logistic: the seat's expected
  share of the win (1 for a win, 1/k for a win shared by k, 0 for a loss) when the
  heuristic plays every seat from here on.

The inputs' normalisation (the training data's mean and spread) is folded into the first
layer when the weights are written, so evaluating costs only the matrix products.

Search uses it to cut a playout short (``rollout:value=net``,
:mod:`regency.agents.rollout`): a position the heuristic's judgement reads only from the
score is judged by what happened in thousands of games from positions like it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from regency.agents.base import AgentError
from regency.core.arrays import FeatureWriter
from regency.core.registry import game_info

__all__ = [
    "WEIGHTS",
    "LearnedValue",
    "ValueNet",
    "feature_writer",
    "learned_value",
    "recipe",
    "weights_path",
]

WEIGHTS = Path(__file__).resolve().parent / "weights"
"""Where the shipped weights and their recipes live."""

Array = npt.NDArray[np.float32]


def weights_path(game: str, players: int) -> Path:
    """The shipped weights of ``game`` (a registered name) at ``players`` seats."""
    return WEIGHTS / f"{game_info(game).name}-{players}p.npz"


def recipe(game: str, players: int) -> dict[str, Any] | None:
    """What made the shipped weights (command, seed, games, fit), or ``None`` if none ship."""
    path = weights_path(game, players).with_suffix(".json")
    if not path.exists():
        return None
    made: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return made


class _ArrayFeatures:
    """The observation array as a network's input (a game with no compact features)."""

    __slots__ = ("_writer", "size")

    def __init__(self, game: str, players: int) -> None:
        info = game_info(game)
        if info.encoder is None or info.array_writer is None:
            raise AgentError(f"{info.name} has no observation array for a learned evaluation")
        encoder = info.encoder(players)
        self._writer = info.array_writer(encoder)
        self.size: int = encoder.size

    def write(self, games: Sequence[Any], seats: Sequence[int], out: Any) -> None:
        """Write each game's observation array for its seat into its row of ``out``."""
        self._writer.write(games, seats, out)


def feature_writer(game: str, players: int) -> FeatureWriter:
    """The writer of ``game``'s network input at ``players`` seats (module docstring).

    Raises:
        AgentError: if the game has neither compact features nor an observation array.
    """
    info = game_info(game)
    if info.value_features is not None:
        return info.value_features(players)
    return _ArrayFeatures(info.name, players)


class ValueNet:
    """A multilayer perceptron with ReLU hidden layers and a logistic output, in numpy.

    Args:
        layers: ``(weights, bias)`` per layer, first to last; ``weights`` has shape
            ``(inputs, outputs)``; the last layer has one output.

    Raises:
        AgentError: if the shapes do not chain or the last layer has more than one output.
    """

    __slots__ = ("inputs", "layers")

    def __init__(self, layers: Sequence[tuple[Array, Array]]) -> None:
        if not layers:
            raise AgentError("a value network needs at least one layer")
        width = layers[0][0].shape[0]
        self.inputs: int = width
        for weights, bias in layers:
            if weights.ndim != 2 or weights.shape[0] != width or bias.shape != weights.shape[1:]:
                raise AgentError(f"value network: a layer of shape {weights.shape} does not fit")
            width = weights.shape[1]
        if width != 1:
            raise AgentError(f"value network: the last layer has {width} outputs, not 1")
        # float32 throughout: the products are what the evaluation costs.
        self.layers = [
            (np.ascontiguousarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32))
            for w, b in layers
        ]

    @classmethod
    def load(cls, path: Path) -> ValueNet:
        """Read weights written by :meth:`save` (``w0``, ``b0``, ``w1``, ``b1``, ...).

        Raises:
            AgentError: if the file cannot be read or its arrays do not make a network.
        """
        try:
            with np.load(path) as data:
                count = sum(1 for key in data.files if key.startswith("w"))
                layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(count)]
        except (OSError, KeyError, ValueError) as error:
            raise AgentError(f"cannot read the value network {path.name}: {error}") from None
        return cls(layers)

    def save(self, path: Path) -> None:
        """Write the weights as float16 (half the size; the error is far below the fit's)."""
        arrays: dict[str, Any] = {}
        for i, (weights, bias) in enumerate(self.layers):
            arrays[f"w{i}"] = weights.astype(np.float16)
            arrays[f"b{i}"] = bias.astype(np.float16)
        with path.open("wb") as out:
            np.savez_compressed(out, **arrays)

    def __call__(self, x: Array) -> Array:
        """The value of each row of ``x`` (shape ``(rows, inputs)``), each in ``(0, 1)``."""
        h: npt.NDArray[Any] = x
        last = len(self.layers) - 1
        for i, (weights, bias) in enumerate(self.layers):
            h = h @ weights
            h += bias
            if i < last:
                np.maximum(h, 0.0, out=h)
        out: Array = 1.0 / (1.0 + np.exp(-np.clip(h[:, 0], -30.0, 30.0)))
        return out


class LearnedValue:
    """A game's features and its network at one player count: positions in, values out.

    Attributes:
        game: The game's registered name.
        players: The player count.
        features: The writer of the network's input.
        net: The network.
    """

    __slots__ = ("features", "game", "net", "players")

    def __init__(self, game: str, players: int, net: ValueNet) -> None:
        self.game = game_info(game).name
        self.players = players
        self.features = feature_writer(game, players)
        if net.inputs != self.features.size:
            raise AgentError(
                f"the value network of {self.game} at {players} players reads "
                f"{net.inputs} inputs, but its features have {self.features.size}"
            )
        self.net = net

    def values(self, games: Sequence[Any], seat: int) -> Array:
        """``seat``'s expected share of the win in each of ``games`` (none finished)."""
        x = np.zeros((len(games), self.features.size), dtype=np.float32)
        self.features.write(games, [seat] * len(games), x)
        return self.net(x)

    def judge(self, state: Any) -> list[float]:
        """Each seat's expected share of the win in ``state``, summing to 1.

        A finished game is judged by its result. The drop-in for ``GameInfo.judge``
        (``ismcts:eval=net``): every seat's features, one batch.
        """
        n = self.players
        if state.is_over:
            result = state.result()
            return [result.reward(seat) for seat in range(n)]
        x = np.zeros((n, self.features.size), dtype=np.float32)
        self.features.write([state] * n, list(range(n)), x)
        values = self.net(x)
        total = float(values.sum())
        return [float(v) / total for v in values]


_LOADED: dict[tuple[str, int], LearnedValue] = {}
_LOCK = threading.Lock()


def learned_value(game: str, players: int) -> LearnedValue:
    """The shipped evaluation of ``game`` at ``players`` seats, read once and shared.

    Raises:
        AgentError: if no weights ship for that game and player count.
    """
    key = (game_info(game).name, players)
    found = _LOADED.get(key)
    if found is not None:
        return found
    path = weights_path(*key)
    if not path.exists():
        raise AgentError(
            f"no learned evaluation ships for {key[0]} at {players} players "
            f"(regency train {key[0]} --players {players} makes one)"
        )
    with _LOCK:
        found = _LOADED.get(key)
        if found is None:
            found = _LOADED[key] = LearnedValue(key[0], players, ValueNet.load(path))
    return found

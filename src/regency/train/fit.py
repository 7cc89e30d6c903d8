"""Fit a value network to self-play samples with torch, and write it for numpy.

The network (:class:`regency.agents.value.ValueNet`'s shape): the features, normalised
by the training data's mean and spread, then ReLU hidden layers (with dropout while
fitting), then one logistic output, fitted by cross-entropy against each sample's share
of the win (a soft target: a shared win is 1/k). Whole games are held out for
validation (``holdout``), and the epoch with the lowest validation loss is kept. The
normalisation is folded into the first layer before writing, so the shipped network
reads raw features.

Torch (CPU) is needed only here: it is in the ``train`` extra.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from regency.agents.value import ValueNet
from regency.core.errors import GameOptionError
from regency.train.selfplay import Samples

__all__ = ["Fit", "fit_value"]

EpochReport = Callable[[int, float, float], None]
"""Called after each epoch: (epoch, training loss, validation loss)."""


@dataclass(frozen=True, slots=True)
class Fit:
    """A fitted network and how well it fits.

    Attributes:
        net: The network, normalisation folded in.
        train_loss: Mean cross-entropy on the training samples (the kept epoch).
        valid_loss: The same on the held-out games.
        baseline_loss: The held-out loss of always answering the training mean (what
            the network has to beat to have learnt anything).
        valid_brier: Mean squared error of the held-out predictions.
        epochs: Epochs run (at most the number asked for: a fit stops once the held-out
            loss has not improved for ``patience`` epochs); ``best_epoch``: the one kept.
        best_epoch: See ``epochs``.
        train_samples: Samples fitted; ``valid_samples``: held out.
        valid_samples: See ``train_samples``.
        seconds: Wall time of the fit.
    """

    net: ValueNet
    train_loss: float
    valid_loss: float
    baseline_loss: float
    valid_brier: float
    epochs: int
    best_epoch: int
    train_samples: int
    valid_samples: int
    seconds: float


def fit_value(
    samples: Samples,
    *,
    hidden: Sequence[int] = (64, 32),
    epochs: int = 20,
    batch: int = 512,
    learning_rate: float = 1e-3,
    weight_decay: float = 1e-4,
    dropout: float = 0.1,
    holdout: float = 0.1,
    patience: int = 3,
    seed: int = 0,
    threads: int = 2,
    report: EpochReport | None = None,
) -> Fit:
    """Fit a value network to ``samples`` (module docstring).

    Raises:
        GameOptionError: if there are too few samples or games to hold some out.
    """
    import torch  # the train extra; imported here so that the package needs it only now

    started = time.perf_counter()
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    held = _held_out_games(samples.game, holdout, seed)
    valid = np.isin(samples.game, held)
    if valid.all() or not valid.any():
        raise GameOptionError("too few games to hold some out for validation: play more")
    x_train = torch.from_numpy(samples.x[~valid].astype(np.float32))
    y_train = torch.from_numpy(samples.y[~valid])
    x_valid = torch.from_numpy(samples.x[valid].astype(np.float32))
    y_valid = torch.from_numpy(samples.y[valid])
    mean = x_train.mean(0)
    spread = x_train.std(0).clamp_min(1e-3)  # a constant feature stays as it is
    sizes = [x_train.shape[1], *hidden, 1]
    layers: list[torch.nn.Module] = []
    for i in range(len(sizes) - 1):
        layers.append(torch.nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(torch.nn.ReLU())
            if dropout:
                layers.append(torch.nn.Dropout(dropout))
    model = torch.nn.Sequential(*layers)
    optimiser = torch.optim.Adam(model.parameters(), lr=learning_rate, weight_decay=weight_decay)
    loss_of = torch.nn.BCEWithLogitsLoss()

    def valid_loss() -> tuple[float, float]:
        with torch.no_grad():
            logits = model((x_valid - mean) / spread).squeeze(1)
            brier = float(((torch.sigmoid(logits) - y_valid) ** 2).mean())
            return float(loss_of(logits, y_valid)), brier

    best = (math.inf, 0.0, math.inf, 0)  # valid loss, brier, train loss, epoch
    best_state = None
    count = len(x_train)
    epoch = 0
    for epoch in range(1, epochs + 1):
        order = torch.randperm(count)
        total = 0.0
        model.train()
        for start in range(0, count, batch):
            pick = order[start : start + batch]
            logits = model((x_train[pick] - mean) / spread).squeeze(1)
            loss = loss_of(logits, y_train[pick])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(pick)
        model.eval()
        v_loss, brier = valid_loss()
        if report is not None:
            report(epoch, total / count, v_loss)
        if v_loss < best[0]:
            best = (v_loss, brier, total / count, epoch)
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
        elif epoch - best[3] >= patience:
            break  # no better for ``patience`` epochs: it is fitting the noise now
    assert best_state is not None
    model.load_state_dict(best_state)
    p = float(y_train.mean())
    y = y_valid.numpy()
    baseline = float(-(y * math.log(p) + (1 - y) * math.log(1 - p)).mean())
    return Fit(
        _export(model, mean.numpy(), spread.numpy()),
        best[2],
        best[0],
        baseline,
        best[1],
        epoch,
        best[3],
        count,
        len(x_valid),
        time.perf_counter() - started,
    )


def _held_out_games(game: npt.NDArray[np.int32], holdout: float, seed: int) -> list[int]:
    """A ``holdout`` share of the games, drawn from ``seed``."""
    ids = sorted(set(game.tolist()))
    count = max(1, round(len(ids) * holdout)) if len(ids) > 1 else 0
    return random.Random(seed).sample(ids, count)


def _export(
    model: object, mean: npt.NDArray[np.float32], spread: npt.NDArray[np.float32]
) -> ValueNet:
    """The torch model as a numpy :class:`ValueNet`, normalisation folded into layer 0.

    ``((x - mean) / spread) @ W + b`` is ``x @ (W / spread[:, None]) + (b - (mean / spread) @ W)``.
    """
    import torch

    assert isinstance(model, torch.nn.Sequential)
    linear = [m for m in model if isinstance(m, torch.nn.Linear)]
    layers = []
    for i, m in enumerate(linear):
        w = m.weight.detach().numpy().T.astype(np.float64)
        b = m.bias.detach().numpy().astype(np.float64)
        if i == 0:
            b = b - (mean / spread).astype(np.float64) @ w
            w = w / spread.astype(np.float64)[:, None]
        layers.append((w.astype(np.float32), b.astype(np.float32)))
    return ValueNet(layers)

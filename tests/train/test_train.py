"""Self-play data and ``regency train`` (the fit itself needs torch: slow step)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from regency.agents.value import ValueNet
from regency.core.errors import GameOptionError
from regency.train.selfplay import self_play
from tests.cli.helpers import run


@pytest.mark.parametrize(
    ("game", "players"), [("kingdoms", 2), ("claim", 3), ("claim-kingdoms", 2)]
)
def test_self_play_is_seeded_and_gives_every_seat_its_share(game: str, players: int) -> None:
    first = self_play(game, players, 3, seed=5, keep=0.5, num_envs=2)
    again = self_play(game, players, 3, seed=5, keep=0.5, num_envs=2)
    assert np.array_equal(first.x, again.x) and np.array_equal(first.y, again.y)
    assert len(first.x) == len(first.y) == len(first.game) > 0
    assert first.games == 3 and set(first.game.tolist()) <= {0, 1, 2}
    # A kept position gives one row per seat, the seats in order: their shares sum to 1.
    shares = first.y.reshape(-1, players)
    assert np.allclose(shares.sum(axis=1), 1.0)
    assert set(np.round(first.y * 6).tolist()) <= {0.0, 2.0, 3.0, 6.0}  # 0, 1/3, 1/2, 1


def test_self_play_refuses_bad_settings() -> None:
    with pytest.raises(GameOptionError, match="keep"):
        self_play("kingdoms", 2, 3, seed=1, keep=0.0)
    with pytest.raises(GameOptionError, match="at least 1"):
        self_play("kingdoms", 2, 0, seed=1)


def test_regency_train_refuses_a_player_count_the_game_does_not_have(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(
        ["train", "kingdoms", "--players", "5"], capsys=capsys, monkeypatch=monkeypatch
    )
    assert code == 2 and "Kingdoms is played by 2-4 players" in err
    code, _, err = run(["train", "claim", "--games", "1"], capsys=capsys, monkeypatch=monkeypatch)
    assert code == 2 and "--games must be from 2" in err


def test_regency_train_refuses_a_file_for_its_folder_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    taken = tmp_path / "weights"
    taken.write_text("keep me")
    argv = ["train", "kingdoms", "--games", "4", "--out", str(taken)]
    code, out, err = run(argv, capsys=capsys, monkeypatch=monkeypatch)
    assert code == 2 and "--out must name a folder" in err
    assert "self-play" not in out and taken.read_text() == "keep me"


def test_regency_train_without_torch_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "torch" else real(name, *a)
    )
    code, _, err = run(
        ["train", "kingdoms", "--games", "4"], capsys=capsys, monkeypatch=monkeypatch
    )
    assert code == 2 and "needs torch, from the train extra" in err


@pytest.mark.slow
def test_a_short_training_run_writes_weights_the_players_can_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("torch", reason="the train extra (torch) is absent")
    argv = ["train", "kingdoms", "--players", "2", "--games", "12", "--epochs", "3"]
    code, out, _ = run([*argv, "--out", str(tmp_path)], capsys=capsys, monkeypatch=monkeypatch)
    assert code == 0, out
    assert "self-play: 12/12 games" in out and "epoch 1: loss" in out
    weights = tmp_path / "kingdoms-2p.npz"
    made = json.loads(weights.with_suffix(".json").read_text())
    assert made["seed"] == 1 and made["data"]["games"] == 12 and made["fit"]["epochs_run"] <= 3
    assert made["data"]["source"].startswith("heuristic self-play")
    net = ValueNet.load(weights)
    x = np.zeros((2, net.inputs), np.float32)
    assert ((net(x) > 0) & (net(x) < 1)).all()

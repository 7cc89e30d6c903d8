"""The training example, run very briefly (slow step; needs the train extra)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_training_example_trains_saves_and_plays_in_the_arena(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib, torch) is absent")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "train_claim.py"),
            *("--steps", "1024", "--eval-games", "2", "--out", str(tmp_path)),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "claim_policy.zip").stat().st_size > 0
    report = json.loads((tmp_path / "claim_training.json").read_text())
    assert [a["against"] for a in report["arenas"]] == ["random", "heuristic"]
    assert all(a["games"] == 2 and 0 <= a["win_rate"] <= 1 for a in report["arenas"])
    assert "policy against random: won" in done.stdout


def test_a_policy_spec_without_a_path_is_refused() -> None:
    from regency.agents import AgentError, make_agent

    with pytest.raises(AgentError, match="needs path="):
        make_agent("policy", "claim", 0)


@pytest.mark.slow
def test_a_policy_spec_naming_no_file_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib, torch) is absent")
    from regency.agents import AgentError, make_agent

    with pytest.raises(AgentError, match="no saved policy at"):
        make_agent(f"policy:path={tmp_path / 'none.zip'}", "claim", 0)

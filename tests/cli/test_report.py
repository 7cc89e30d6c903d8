"""``regency report``: a self-contained page whose figures are the simulation's numbers."""

from __future__ import annotations

import base64
import csv
import json
import re
import sys
from pathlib import Path

import pytest

from regency.cli.main import main

ARGS = ["claim", "--games", "16", "--agents", "heuristic,random", "--seed", "12", "--quiet"]


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_page_is_self_contained_and_its_numbers_are_the_simulations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "balance.html"
    assert main(["report", *ARGS, "--workers", "2", "--out", str(page)]) == 0
    said = capsys.readouterr().out
    assert "16 games" in said and "balance.html" in said
    text = page.read_text(encoding="utf-8")
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    csvs = sorted(tmp_path.glob("balance.*.csv"))
    assert len(images) == len(csvs) == 6  # seat, contestant, held, decided, scores, length
    assert all(base64.b64decode(i).startswith(b"\x89PNG\r\n\x1a\n") for i in images)
    assert not re.search(r'(src|href)="(https?:)?//', text)  # nothing fetched from outside
    for name in (p.name for p in csvs):
        assert f'href="{name}"' in text  # each figure links its CSV file

    assert main(["simulate", *ARGS, "--json", "-"]) == 0
    table = json.loads(capsys.readouterr().out)
    seats = _csv(tmp_path / "balance.win_rate_by_seat.csv")
    assert [(int(r["seat"]), int(r["won"]), float(r["win_rate"])) for r in seats] == [
        (r["seat"], r["won"], r["win_rate"]) for r in table["seats"]
    ]
    agents = _csv(tmp_path / "balance.win_rate_by_agent.csv")
    assert [(r["agent"], int(r["wins"]), float(r["ci_low"])) for r in agents] == [
        (a["label"], a["wins"], a["ci_low"]) for a in table["agents"]
    ]
    decided = _csv(tmp_path / "balance.faction_decided_the_game.csv")
    for row in decided:
        fact = table["insights"][f"{row['faction']} decided the game"]
        assert float(row["rate"]) == pytest.approx(fact["mean"])
    assert "<h2>Contestants</h2>" in text
    for a in table["agents"]:  # the page's contestant table shows the same rates
        assert f"<td>{a['label']}</td><td>16</td><td>{a['wins']}</td>" in text


@pytest.mark.parametrize(
    ("game", "figure"),
    [("claim-kingdoms", "points_by_power"), ("kingdoms", "gold_by_epoch")],
)
def test_each_game_gets_its_own_figure(
    game: str, figure: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "r.html"
    argv = ["report", game, "--games", "4", "--agents", "random", "--seed", "1", "--quiet"]
    assert main([*argv, "--players", "3", "--out", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert f'id="{figure}"' in text
    assert (tmp_path / f"r.{figure}.csv").exists()
    assert "<h2>Contestants</h2>" not in text  # self-play: one agent wins every game, no table


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--out", "report.pdf"], "should name an .html file"),
        (["--out", "/no/such/folder/r.html"], "no folder"),
        (["--games", "0"], "--games must be at least 1"),
        (["--agents", "random,random,random"], "cannot share 2 seats"),
        (["--backend", "spark"], "invalid choice"),
    ],
)
def test_report_mistakes_are_one_clear_line(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", "claim", "--quiet", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_without_matplotlib_the_report_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    argv = ["report", "claim", "--games", "2", "--quiet", "--out", str(tmp_path / "r.html")]
    assert main(argv) == 2
    assert "pip install 'regency[report]'" in capsys.readouterr().err

"""Backends: where games are played never changes which games are played.

The fast tests use the local backend and the error paths; the Ray tests start a local
Ray (2 CPUs, no dashboard) and are marked slow, since Ray takes seconds to start. They
need the ``ray`` extra: without it they are skipped with that reason, except where
``REGENCY_REQUIRE_RAY`` is set (CI installs the extra and sets it, so there they run).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regency.cli.main import main
from regency.sim import Matchup, run_games
from regency.sim.arena import Arena, schedule
from regency.sim.backends import make_backend
from regency.sim.ray_backend import RayBackend
from regency.sim.runner import (
    BackendError,
    GameOutcome,
    Job,
    LocalBackend,
    Table,
    chunk_tables,
    run_tables,
)

MATCHUP = Matchup("claim", 3, ("heuristic", "random", "random"), {"factions": "random"}, 21)


def _tables(n: int) -> list[Table]:
    return [Table(i, i, (0, 1), (i, i)) for i in range(n)]


@given(
    n=st.integers(0, 500),
    parallel=st.integers(1, 64),
    size=st.one_of(st.none(), st.integers(1, 40)),
)
def test_chunks_cover_every_table_once_in_order(n: int, parallel: int, size: int | None) -> None:
    tables = _tables(n)
    chunks = chunk_tables(tables, Job("claim", 2, {}, ("random", "heuristic")), parallel, size)
    assert [t for chunk in chunks for t in chunk] == tables
    assert all(chunk for chunk in chunks)
    limit = size if size is not None else 50
    assert all(len(chunk) <= limit for chunk in chunks)
    if size is None and n >= parallel * 8:
        assert len(chunks) >= parallel * 8 or len(chunks[0]) == 50  # enough to share out


def test_searching_agents_go_out_one_game_a_task() -> None:
    chunks = chunk_tables(_tables(10), Job("claim", 2, {}, ("ismcts:50", "random")), 2)
    assert [len(c) for c in chunks] == [1] * 10


def test_the_local_pool_gives_the_games_played_here_whatever_the_chunks() -> None:
    here = run_games(MATCHUP, 18, details=True)
    pooled = run_games(MATCHUP, 18, backend=LocalBackend(2, chunk_size=4), details=True)
    assert pooled == here
    assert [o.index for o in here] == list(range(18))
    assert all(o.details["votes"] for o in here)  # details kept when asked for
    assert all(not o.details for o in run_games(MATCHUP, 3))  # and only then


def test_backend_choices_are_checked_with_clear_errors() -> None:
    assert isinstance(make_backend("local", workers=2), LocalBackend)
    assert isinstance(make_backend("ray", workers=2), RayBackend)  # Ray starts at run()
    with pytest.raises(BackendError, match="unknown backend 'spark'"):
        make_backend("spark")
    with pytest.raises(BackendError, match="needs the ray backend"):
        make_backend("local", address="auto")
    with pytest.raises(BackendError, match="at least 1"):
        make_backend("ray", workers=0)


def test_without_ray_installed_the_ray_backend_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    with pytest.raises(BackendError, match=r"pip install 'regency\[ray\]'"):
        run_games(MATCHUP, 2, backend=RayBackend())
    code = main(["simulate", "claim", "--games", "2", "--backend", "ray", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "regency[ray]" in err and len(err.strip().splitlines()) == 1


def test_a_ray_address_without_the_ray_backend_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["arena", "claim", "--agents", "random,heuristic", "--ray-address", "auto"])
    assert code == 2
    assert "--ray-address needs --backend ray" in capsys.readouterr().err


# -- on a local Ray ---------------------------------------------------------------------


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        if os.environ.get("REGENCY_REQUIRE_RAY"):
            raise
        pytest.skip("Ray is not installed (pip install -e '.[ray]')")
    return ray


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A local Ray with 2 CPUs, shared by this module's Ray tests."""
    ray = _import_ray()
    ray.init(
        address="local",  # our own, even if a cluster runs on this machine
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=100 * 1024 * 1024,
        log_to_driver=False,
        logging_level="warning",
    )
    yield ray
    ray.shutdown()


@pytest.mark.slow
def test_ray_plays_the_same_games_and_tables_as_the_local_pool(local_ray: Any) -> None:
    local = run_games(MATCHUP, 40, details=True)
    backend = RayBackend(chunk_size=3)  # joins the running Ray: 2 workers
    finished: list[int] = []
    on_ray = run_games(MATCHUP, 40, backend=backend, details=True, progress=finished.append)
    assert on_ray == local
    assert sum(finished) == 40 and len(finished) == 14  # the bar moved chunk by chunk
    arena = Arena("claim", 2, ("heuristic", "random", "random"), 4, {}, seed=5)
    tables = schedule(arena)
    here = run_tables("claim", 2, {}, arena.agents, tables)
    there = run_tables("claim", 2, {}, arena.agents, tables, backend=RayBackend())
    assert there == here


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def _busy_ray_workers() -> list[int]:
    """This test's Ray workers running a chunk now (Ray titles them after the task).

    A local Ray's workers are children of its raylet, a child of the process that
    started it: this one. Other Rays on the machine (another test's) are left alone.
    """
    busy = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if not (entry / "cmdline").read_bytes().startswith(b"ray::play_chunk"):
                    continue
                if _parent(_parent(int(entry.name))) == os.getpid():
                    busy.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue  # the process ended meanwhile
    return busy


@pytest.mark.slow
def test_a_worker_killed_mid_run_loses_no_game(local_ray: Any) -> None:
    matchup = Matchup("claim", 2, ("heuristic", "heuristic"), {}, 8)
    undisturbed = run_games(matchup, 120)
    killed: list[int] = []

    def kill_one_busy_worker(done: int) -> None:
        if not killed:
            for pid in _busy_ray_workers()[:1]:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

    outcomes: list[GameOutcome] = run_games(
        matchup, 120, backend=RayBackend(chunk_size=6), progress=kill_one_busy_worker
    )
    assert killed, "no Ray worker was busy to be killed"
    assert outcomes == undisturbed  # the lost chunk was played again, the same games


@pytest.mark.slow
def test_the_command_gives_the_same_table_on_one_ray_worker(tmp_path: Path) -> None:
    _import_ray()
    argv = ["simulate", "claim", "--games", "30", "--agents", "heuristic,random"]
    argv += ["--seed", "4", "--quiet", "--json", "-"]
    tables = []
    for extra in ([], ["--backend", "ray", "--workers", "1"]):
        done = subprocess.run(
            [sys.executable, "-m", "regency.cli.main", *argv, *extra],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        table = json.loads(done.stdout)
        table.pop("seconds")
        tables.append(table)
    assert tables[0] == tables[1]

"""``regency serve --log-format json``: every line the process writes is one JSON object.

A log shipper reads the server's standard output and error as JSON lines, so nothing may
be plain text: not the start-up line (an event with the address, the database, its
password blanked, and the data folder), not uvicorn's own lines (start, access log,
shutdown), not a refusal or an error, not a Python warning, nor anything the worker
processes or the interpreter's resource tracker print. The server runs for real here,
and is stopped by a signal as systemd and Ctrl-C stop it.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from regency.server.live.computer import WORKER_LOGS, ComputerPool
from regency.server.operations.logs import log_config
from tests.server.conftest import fresh_pg_database
from tests.server.helpers import auth, people
from tests.server.processes import Server, free_port

PASSWORD = "pw-never-in-a-log-7f3a"


def every_line_json(text: str, stream: str) -> list[dict[str, Any]]:
    """Each line of ``text`` as the JSON object it must be (none blank, none text)."""
    entries = []
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            pytest.fail(f"a line on {stream} is not JSON: {line!r}\n{text}")
        assert isinstance(entry, dict), line
        assert {"time", "level", "logger", "message"} <= entry.keys(), line
        entries.append(entry)
    return entries


def with_password(url: str) -> str:
    """``url`` with a password (the test database trusts loopback: it is not checked)."""
    parsed = sa.engine.make_url(url)
    return parsed.set(password=parsed.password or PASSWORD).render_as_string(hide_password=False)


def play_a_little(url: str) -> str:
    """A page, a miss, a table with a computer seat, a refused move; the table's id."""
    with httpx.Client(base_url=url, timeout=30) as http:
        assert http.get("/").status_code == 200
        assert http.get("/no/such/page").status_code == 404
        body = {"game": "kingdoms", "players": 2, "seats": [people(1)[0], {"agent": "rollout"}]}
        table = http.post("/api/tables", json=body).json()
        tid: str = table["table"]
        token = table["invites"][0]["token"]
        refused = http.post(
            f"/api/tables/{tid}/seats/0/actions",
            json={"action": "nonsense", "version": 0},
            headers=auth(token),
        )
        assert refused.status_code >= 400
        http.get(f"/api/tables/{tid}/seats/0/view?token={token}")
        time.sleep(1)  # the computer seat starts thinking in its worker
        return tid


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_every_line_of_a_json_server_is_json_from_start_to_stop(
    tmp_path: Path, sig: signal.Signals
) -> None:
    database = with_password(fresh_pg_database())
    secret = sa.engine.make_url(database).password
    assert secret
    server = Server(
        database,
        tmp_path,
        extra=("--log-format", "json", "--log-level", "info"),
        # Every warning shown, each time, in the server and in its workers.
        env={"PYTHONWARNINGS": "always"},
        apart=True,
    ).start()
    try:
        tid = play_a_little(server.url)
    finally:
        out, err = server.streams(sig)
    assert secret not in out + err
    said = every_line_json(out, "stdout")
    logged = every_line_json(err, "stderr")

    # The start-up line: an event with the address, the database and the data folder.
    [started] = said
    assert started["event"] == "starting" and started["level"] == "INFO"
    assert started["address"] == server.url + "/"
    assert started["database"] == sa.engine.make_url(database).render_as_string()  # ***
    assert ":***@" in started["database"]
    assert started["data_dir"] == str(tmp_path)

    # uvicorn's lines: started, each request in the access log (as fields too), stopped.
    messages = [e["message"] for e in logged]
    assert any(m.startswith("Uvicorn running on") for m in messages), messages
    access = [e for e in logged if e["logger"] == "uvicorn.access"]
    requests = {(e["method"], e["path"].split("?")[0], e["status"]) for e in access}
    assert {("GET", "/", 200), ("GET", "/no/such/page", 404), ("POST", "/api/tables", 201)} <= (
        requests
    )
    viewed = [e for e in access if e["path"].startswith(f"/api/tables/{tid}/seats/0/view")]
    assert viewed and viewed[0]["table"] == tid and "token=[redacted]" in viewed[0]["path"]
    assert any("shutting down" in m for m in messages)
    assert messages[-1].startswith("Finished server process")
    # SIGTERM ends the process by the signal (systemd's clean stop); Ctrl-C with 130.
    assert server.proc is not None
    assert server.proc.returncode == (-signal.SIGTERM if sig == signal.SIGTERM else 130)


def regency_serve(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``regency serve ARGS --log-format json`` that is expected to stop by itself."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "regency.cli.main",
            "serve",
            "--data-dir",
            str(tmp_path),
            *args,
            "--log-format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_database_that_cannot_be_opened_is_one_json_error_without_its_password(
    tmp_path: Path,
) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgresql+psycopg://regency:{PASSWORD}@127.0.0.1:{port}/x?sslpassword={PASSWORD}"
    done = regency_serve(tmp_path, "--database", url)
    assert done.returncode == 2
    assert PASSWORD not in done.stdout + done.stderr
    assert every_line_json(done.stdout, "stdout") == []
    [error] = every_line_json(done.stderr, "stderr")
    assert error["level"] == "ERROR"
    assert error["message"].startswith("cannot open the database postgresql+psycopg://regency:***@")
    assert "sslpassword=***" in error["message"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--database", f"mysql://regency:{PASSWORD}@db/x"), "must be a sqlite:// or postgresql"),
        (("--port", "70000"), "--port must be 0 to 65535"),
    ],
)
def test_a_refused_flag_is_one_json_error(
    tmp_path: Path, args: tuple[str, ...], words: str
) -> None:
    done = regency_serve(tmp_path, *args)
    assert done.returncode == 2 and PASSWORD not in done.stdout + done.stderr
    [error] = every_line_json(done.stderr, "stderr")
    assert error["level"] == "ERROR" and words in error["message"]


def test_a_port_in_use_is_told_in_json(tmp_path: Path) -> None:
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        done = regency_serve(tmp_path, "--port", str(port), "--log-level", "info")
    assert done.returncode != 0
    said = every_line_json(done.stdout, "stdout")
    assert [e["event"] for e in said] == ["starting"]
    logged = every_line_json(done.stderr, "stderr")
    assert any(e["level"] == "ERROR" and "address already in use" in e["message"] for e in logged)


def test_a_worker_writes_its_warnings_in_the_servers_format(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server sets the variable (configure_logs); its spawned workers inherit it.
    monkeypatch.setenv(WORKER_LOGS, json.dumps(log_config("json", "warning")))
    pool = ComputerPool(1)
    try:
        pool.executor.submit(warnings.warn, "a worker's warning", UserWarning).result(60)
    finally:
        pool.close()
    err = capfd.readouterr().err
    [entry] = every_line_json(err, "the worker's stderr")
    assert entry["level"] == "WARNING" and entry["logger"] == "py.warnings"
    assert "a worker's warning" in entry["message"]


def test_a_closed_pool_leaves_no_semaphore_for_the_resource_tracker(tmp_path: Path) -> None:
    # A server stopped by SIGTERM dies by the signal, with no finalizers: the pool must
    # have released its queues when it closed, or Python's resource tracker prints a
    # warning (plain text) about leaked semaphores after the server is gone.
    script = tmp_path / "close.py"
    script.write_text(
        "import os, signal, time\n"
        "from regency.server.live.computer import ComputerPool\n"
        "if __name__ == '__main__':\n"
        "    pool = ComputerPool(1)\n"
        "    pool.executor.submit(time.sleep, 30)  # a search under way\n"
        "    time.sleep(2)\n"
        "    pool.close()\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == -signal.SIGTERM
    assert "leaked" not in done.stderr, done.stderr
    assert done.stderr == ""

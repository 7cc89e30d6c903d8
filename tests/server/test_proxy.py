"""docs/deploy.md's nginx example, run for real in front of two server processes.

The ``nginx`` block of docs/deploy.md is read from the document itself, so the test and
the documentation cannot drift apart. Two things are changed, and only these: the
upstream addresses become the two test processes' ports, and ``listen 443 ssl`` with its
certificate lines becomes plain HTTP on a free loopback port (a certificate would only
test nginx's TLS). It then checks what the document promises: WebSockets pass through,
no sticky sessions are needed (a socket opened through nginx sees moves posted through
nginx to whichever process), the monitoring routes answer from loopback, and a process
restarting (``SIGTERM``) costs a client nothing: a move refused with 503 by the draining
process, or refused a connection once it is gone, is retried on the other.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import fresh_pg_database
from tests.server.processes import Server, free_port, next_message, open_socket

INFO = ("--log-level", "info")  # uvicorn's access log: which process answered what
DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


def documented_nginx_config() -> str:
    """The one ```nginx block of docs/deploy.md."""
    blocks = re.findall(r"```nginx\n(.*?)```", DEPLOY.read_text(), flags=re.S)
    assert len(blocks) == 1, "docs/deploy.md should have exactly one nginx example"
    return str(blocks[0])


def local_config(block: str, backends: list[int], port: int, run: Path) -> str:
    """The documented block with the test's ports, wrapped in a whole nginx.conf."""
    upstreams = re.findall(r"server 127\.0\.0\.1:(\d+)", block)
    assert len(upstreams) == len(backends), upstreams
    for documented, real in zip(upstreams, backends, strict=True):
        block = block.replace(f"127.0.0.1:{documented}", f"127.0.0.1:{real}", 1)
    plain = re.sub(r"listen 443 ssl;", f"listen 127.0.0.1:{port};", block)
    plain = re.sub(r"\n\s*ssl_certificate(_key)?\s[^\n]*;", "", plain)
    plain = re.sub(r"proxy_cache_path \S+", f"proxy_cache_path {run / 'cache'}", plain)
    temp = "\n".join(
        f"    {kind}_temp_path {run / kind};" for kind in ("client_body", "proxy", "fastcgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""{user}daemon off;
worker_processes 1;
pid {run / "nginx.pid"};
error_log {run / "error.log"} warn;
events {{ worker_connections 256; }}
http {{
    access_log {run / "access.log"};
{temp}
    uwsgi_temp_path {run / "uwsgi"};
    scgi_temp_path {run / "scgi"};
{plain}
}}
"""


@pytest.fixture
def nginx_binary() -> str:
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).exists()), None
    )
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("nginx is missing: CI installs it (.ci/run) to check docs/deploy.md")
        pytest.skip("nginx is not installed (apt-get install nginx-light)")
    return found


class Nginx:
    """nginx in the foreground with a given config, on a loopback port."""

    def __init__(self, binary: str, config: str, port: int, run: Path) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.run = run
        conf = run / "nginx.conf"
        conf.write_text(config)
        checked = subprocess.run(
            [binary, "-t", "-c", str(conf), "-p", str(run)], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stderr + config
        self.proc = subprocess.Popen([binary, "-c", str(conf), "-p", str(run)])
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(self.url + "/healthz", timeout=1)
                return
            except httpx.HTTPError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise RuntimeError((run / "error.log").read_text()) from None
                time.sleep(0.1)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGQUIT)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)


@pytest.fixture
def proxied(tmp_path: Path, nginx_binary: str) -> Iterator[tuple[Nginx, Server, Server]]:
    database = fresh_pg_database()
    run = tmp_path / "nginx"
    run.mkdir()
    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (run / kind).mkdir()
    with (
        Server(database, tmp_path / "a", extra=("--shutdown-timeout", "6", *INFO)) as a,
        Server(database, tmp_path / "b", extra=INFO) as b,
    ):
        port = free_port()
        config = local_config(documented_nginx_config(), [a.port, b.port], port, run)
        nginx = Nginx(nginx_binary, config, port, run)
        try:
            yield nginx, a, b
        finally:
            nginx.stop()


def new_table(http: httpx.Client) -> tuple[str, dict[int, str]]:
    answer = http.post(
        "/api/tables",
        json={"game": "claim", "players": 2, "seats": [{"name": "Ann"}, {"name": "Bo"}]},
    )
    assert answer.status_code == 201, answer.text
    table = answer.json()
    # Invite links name the address the person used, the proxy's, port and all.
    base = str(http.base_url).rstrip("/")
    assert all(i["url"].startswith(f"{base}/play/{table['table']}/") for i in table["invites"])
    return table["table"], {i["seat"]: i["token"] for i in table["invites"]}


def move(http: httpx.Client, tid: str, tokens: dict[int, str]) -> httpx.Response:
    """The seat to move plays its first legal move, through the proxy.

    Without sticky sessions two requests in a row may reach different processes, and a
    process hears of a move made through the other a moment later (``NOTIFY``): a view
    read just after a move can be one version old. A move carries the version it was
    chosen on, so a stale one is refused (409), never applied; a client reads again.
    """
    deadline = time.monotonic() + 10
    while True:
        view = http.get(f"/api/tables/{tid}/seats/0/view", headers=bearer(tokens[0])).json()
        seat = view["to_move"]
        mine = http.get(f"/api/tables/{tid}/seats/{seat}/view", headers=bearer(tokens[seat]))
        legal = mine.json()["legal_moves"]
        if legal:
            answer = http.post(
                f"/api/tables/{tid}/seats/{seat}/actions",
                json={"action": legal[0], "version": mine.json()["version"]},
                headers=bearer(tokens[seat]),
            )
            if answer.status_code != 409 or time.monotonic() > deadline:
                return answer
        elif time.monotonic() > deadline:
            raise AssertionError(f"no legal move for seat {seat}: {mine.text}")
        time.sleep(0.02)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.slow
def test_the_documented_nginx_config_serves_two_processes(
    proxied: tuple[Nginx, Server, Server],
) -> None:
    nginx, a, b = proxied
    # nginx sends requests round robin, without sticky sessions: over a few requests
    # both processes answer (their access logs show it, below).
    with httpx.Client(base_url=nginx.url, timeout=30) as http:
        tid, tokens = new_table(http)
        with open_socket(nginx.url, f"/api/tables/{tid}/seats/1/ws", tokens[1]) as sock:
            first = next_message(sock)
            for _ in range(6):
                answer = move(http, tid, tokens)
                assert answer.status_code == 200, answer.text
                # The socket, on whichever process nginx chose, sees every move.
                seen = next_message(sock)
                while seen["version"] < answer.json()["version"]:
                    seen = next_message(sock)
                assert seen["version"] == answer.json()["version"]
            assert seen["version"] == first["version"] + 6
        # The monitoring routes answer from loopback (the example allows 127.0.0.1).
        assert http.get("/healthz").json() == {"status": "ok"}
        assert http.get("/readyz").status_code == 200
        assert "regency_moves_total" in http.get("/metrics").text
    for server in (a, b):
        log = server.output()
        assert "POST /api/tables/" in log, "nginx sent no move to one of the processes"


@pytest.mark.slow
def test_a_restarting_process_costs_a_client_through_nginx_nothing(
    proxied: tuple[Nginx, Server, Server],
) -> None:
    nginx, a, _ = proxied
    with httpx.Client(base_url=nginx.url, timeout=30) as http:
        tables = [new_table(http) for _ in range(3)]
        for tid, tokens in tables:
            assert move(http, tid, tokens).status_code == 200
        assert a.proc is not None
        a.proc.send_signal(signal.SIGTERM)
        # While process a drains and after it is gone, every request through nginx is
        # answered by the other: no client sees a 503 or a refused connection.
        deadline = time.monotonic() + 15
        answers = []
        while time.monotonic() < deadline:
            for tid, tokens in tables:
                answer = move(http, tid, tokens)
                answers.append(answer.status_code)
                assert answer.status_code == 200, answer.text
            if a.proc.poll() is not None and len(answers) >= 30:
                break
        assert a.proc.poll() is not None, "process a did not stop within its shutdown time"
        assert a.proc.returncode == -signal.SIGTERM
        # A socket opened now reaches the process that is left.
        tid, tokens = tables[0]
        with open_socket(nginx.url, f"/api/tables/{tid}/seats/0/ws", tokens[0]) as sock:
            assert next_message(sock)["version"] >= 1 + len(answers) // len(tables)


@pytest.mark.slow
def test_nginx_keeps_the_hashed_files_and_nothing_else(
    proxied: tuple[Nginx, Server, Server],
) -> None:
    nginx, _, _ = proxied
    with httpx.Client(base_url=nginx.url, timeout=30) as http:
        page = http.get("/", headers={"Accept": "text/html"})
        assert page.headers["cache-control"] == "no-cache" and "x-cache" not in page.headers
        found = re.search(r'href="(/static/style\.[0-9a-f]{10}\.css)"', page.text)
        assert found, "the lobby names its stylesheet by its hash"
        first, second = http.get(found[1]), http.get(found[1])
        assert first.headers["x-cache"] == "MISS" and second.headers["x-cache"] == "HIT"
        assert second.content == first.content
        assert second.headers["cache-control"] == "public, max-age=31536000, immutable"
        # A name whose hash is not the file's is the server's 404 each time, never kept.
        for _ in range(2):
            stale = http.get("/static/style.0123456789.css")
            assert stale.status_code == 404 and stale.headers["x-cache"] == "MISS"
        assert "x-cache" not in http.get("/api/games").headers

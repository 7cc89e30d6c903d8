"""Real ``regency serve`` processes for the crash, concurrency and multi-process tests."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


def open_socket(base_url: str, path: str, token: str) -> ClientConnection:
    """A WebSocket to a real server (or a proxy in front of one), the token in a header."""
    return connect(
        base_url.replace("http", "ws", 1) + path,
        additional_headers={"Authorization": f"Bearer {token}"},
        open_timeout=30,
    )


def next_message(ws: ClientConnection, kind: str = "view") -> dict[str, Any]:
    """The next message of ``kind`` (a view, a chat message) a socket is sent."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=60))
        if message["type"] == kind:
            return message


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``regency serve`` in a subprocess, on a free loopback port."""

    def __init__(
        self,
        database: str,
        data_dir: Path,
        workers: int = 1,
        extra: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
        apart: bool = False,
    ) -> None:
        """``env``: more environment variables; ``apart``: keep stderr apart from stdout."""
        self.database = database
        self.data_dir = data_dir
        self.workers = workers
        self.extra = extra
        self.env = env or {}
        self.apart = apart
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> Server:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "regency.cli.main",
                "serve",
                "--port",
                str(self.port),
                "--database",
                self.database,
                "--data-dir",
                str(self.data_dir),
                "--workers",
                str(self.workers),
                *self.extra,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE if self.apart else subprocess.STDOUT,
            text=True,
            env={**os.environ, "COLUMNS": "200", **self.env},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                out, err = self.proc.communicate()
                raise RuntimeError(f"server exited: {out}{err or ''}")
            try:
                if httpx.get(self.url + "/", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """kill -9: no clean shutdown of any kind."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self) -> str:
        """Everything the stopped server printed (its logs included)."""
        self.stop()
        assert self.proc is not None and self.proc.stdout is not None
        return self.proc.stdout.read()

    def streams(self, sig: int = signal.SIGTERM) -> tuple[str, str]:
        """Stop the server with ``sig``; what it wrote to stdout and to stderr (``apart``)."""
        assert self.proc is not None and self.apart
        self.proc.send_signal(sig)
        out, err = self.proc.communicate(timeout=30)
        return out, err

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

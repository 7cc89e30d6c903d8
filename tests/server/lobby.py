"""Helpers for the pairing and open-table tests: guests, waiting for a seat, the events."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any
from urllib.parse import urlsplit

import httpx


class Guest:
    """A browser without an account: it keeps the token the server's first answer gives it."""

    def __init__(self, base: str, name: str, **headers: str) -> None:
        self.name = name
        self.token: str | None = None
        self.http = httpx.Client(base_url=base, timeout=60, headers={"Origin": base, **headers})

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Guest:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def post(self, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
        answer = self.http.post(path, json=body, headers=self.headers())
        if answer.status_code < 300 and answer.json().get("token"):
            self.token = answer.json()["token"]
        return answer

    def delete(self, path: str) -> httpx.Response:
        return self.http.delete(path, headers=self.headers())

    def join(self, pool: str, **body: Any) -> dict[str, Any]:
        answer = self.post(f"/api/pools/{pool}/join", {"name": self.name, **body})
        assert answer.status_code == 201, answer.text
        entry: dict[str, Any] = answer.json()["entry"]
        return entry

    def open(self, **body: Any) -> dict[str, Any]:
        answer = self.post("/api/open-tables", {"name": self.name, **body})
        assert answer.status_code == 201, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def sit(self, open_id: str) -> dict[str, Any]:
        answer = self.post(f"/api/open-tables/{open_id}/join", {"name": self.name})
        assert answer.status_code == 200, answer.text
        entry: dict[str, Any] = answer.json()["entry"]
        return entry

    def view(self, table: str, seat: int) -> dict[str, Any]:
        answer = self.http.get(f"/api/tables/{table}/seats/{seat}/view", headers=self.headers())
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data


def entry_of(http: httpx.Client, entry_id: str) -> dict[str, Any]:
    answer = http.get(f"/api/entries/{entry_id}")
    assert answer.status_code == 200, answer.text
    entry: dict[str, Any] = answer.json()["entry"]
    return entry


def wait_seated(http: httpx.Client, entry_id: str, seconds: float = 30) -> dict[str, Any]:
    """Poll a place until it is seated; the place."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        entry = entry_of(http, entry_id)
        if entry["status"] == "seated":
            return entry
        time.sleep(0.05)
    raise AssertionError(f"{entry_id} was not seated in {seconds} s")


class Events:
    """A lobby page's event stream, read in a thread: every event, as (name, data).

    Read with :mod:`http.client` on a socket of its own, which :meth:`close` shuts down:
    the server sees the page go at once (closing an HTTP client from another thread
    would not wake the thread reading).
    """

    def __init__(self, base: str, entries: tuple[str, ...] = ()) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.path = "/api/lobby/events" + (f"?entries={','.join(entries)}" if entries else "")
        self.seen: list[tuple[str, Any]] = []
        self.times: list[float] = []
        self.cond = threading.Condition()
        self.stop = False
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.connected = threading.Event()
        self.status = 0
        self.headers: dict[str, str] = {}

    def _read(self) -> None:
        try:
            self.conn.request("GET", self.path, headers={"Accept": "text/event-stream"})
            answer = self.conn.getresponse()
            self.status = answer.status
            self.headers = {k.lower(): v for k, v in answer.getheaders()}
            self.connected.set()
            if self.conn.sock is not None:
                self.conn.sock.settimeout(None)
            name = "message"
            while not self.stop:
                line = answer.readline()
                if not line:
                    return
                text = line.decode().rstrip("\r\n")
                if text.startswith("event: "):
                    name = text[7:]
                elif text.startswith("data: "):
                    with self.cond:
                        self.seen.append((name, json.loads(text[6:])))
                        self.times.append(time.perf_counter())
                        self.cond.notify_all()
                    name = "message"
        except (OSError, http.client.HTTPException, ValueError, AttributeError):
            return  # shut down under it
        finally:
            self.connected.set()

    def start(self) -> Events:
        self.thread.start()
        assert self.connected.wait(30)
        if self.status == 200:
            self.wait(lambda name, data: name == "lobby")
        return self

    def close(self) -> None:
        self.stop = True
        if self.conn.sock is not None:
            with suppress(OSError):
                self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.thread.join(10)
        self.conn.close()

    def wait(self, match: Any, seconds: float = 30, after: int = 0) -> tuple[int, Any]:
        """The first event (from index ``after``) for which ``match(name, data)`` holds."""
        deadline = time.monotonic() + seconds
        with self.cond:
            while True:
                for i in range(after, len(self.seen)):
                    if match(*self.seen[i]):
                        return i, self.seen[i][1]
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no such event; seen: {self.seen[-10:]}")
                self.cond.wait(left)


@contextmanager
def events(base: str, entries: tuple[str, ...] = ()) -> Iterator[Events]:
    stream = Events(base, entries).start()
    try:
        yield stream
    finally:
        stream.close()

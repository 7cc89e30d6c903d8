"""Finding a seat for ``regency connect``: a quick-pairing queue, an open table, a tournament.

``regency connect http://HOST --pool claim-2-120`` waits in the pool's queue and, once
seated, plays the table like an invite link; ``--open-table ID`` sits down at an open
table; ``--tournament ID`` enters the tournament and plays each of its tables as the
rounds are paired, until it is over (docs/server.md, "regency connect"). The client
speaks the public API only, as a guest (a name, and the token the server gives it) or as
an account with one of its API tokens (``--api-token``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
from rich.console import Console

from regency.cli.args import UsageError

__all__ = ["POLL_SECONDS", "Finder", "server_base"]

POLL_SECONDS = 1.0
"""How often a waiting client asks again (well under a pairing round's wait)."""


def server_base(url: str) -> str:
    """The server's address from ``http(s)://HOST[:PORT][/...]``.

    Raises:
        UsageError: if it is not an http(s) address.
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UsageError(f"not a server's address: {url!r} (expected http://HOST:PORT)")
    return f"{parts.scheme}://{parts.netloc}"


class Finder:
    """Asks a server for a seat on behalf of a guest (by name) or an account (API token).

    Args:
        base: The server's address.
        name: A guest's name (an account plays under its own).
        api_token: An account's API token (``None``: a guest).
        console: Where to say what happens.
    """

    def __init__(self, base: str, name: str, api_token: str | None, console: Console) -> None:
        self.base = base
        self.name = name
        self.api_token = api_token
        self.token = api_token
        """The token the seats are played with: the API token, or the guest's own."""
        self.console = console
        self.http = httpx.Client(base_url=base, timeout=30)

    def close(self) -> None:
        """Close the connection to the server."""
        self.http.close()

    def _ask(self, method: str, path: str, json: dict[str, Any] | None = None) -> Any:
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        try:
            answer = self.http.request(method, path, json=json, headers=headers)
        except httpx.HTTPError as exc:
            raise UsageError(f"cannot reach {self.base}: {exc}") from None
        json_answer = answer.headers.get("content-type", "").startswith("application/json")
        body = answer.json() if json_answer else {}
        if answer.status_code >= 400:
            message = body.get("message") if isinstance(body, dict) else None
            raise UsageError(f"the server refused: {message or answer.text[:200]}")
        if isinstance(body, dict) and body.get("token"):
            self.token = str(body["token"])  # a guest's token: its seats' key too
        return body

    def _seated(self, entry: dict[str, Any], where: str) -> tuple[str, int]:
        """Wait until the place ``entry`` is seated; its table and seat."""
        said = False
        try:
            while entry["status"] != "seated":
                if not said:
                    self.console.print(f"waiting {where} (Ctrl+C gives the place up)")
                    said = True
                time.sleep(POLL_SECONDS)
                entry = self._ask("GET", f"/api/entries/{entry['id']}")["entry"]
        except KeyboardInterrupt:
            self._ask("DELETE", f"/api/entries/{entry['id']}")
            self.console.print("gave the place up")
            raise
        return str(entry["table"]), int(entry["seat"])

    def pool(self, pool: str, rated: bool, fill_after: float | None) -> tuple[str, int]:
        """Wait in ``pool``'s queue until seated; the table and seat."""
        body: dict[str, Any] = {"name": self.name, "rated": rated}
        if fill_after is not None:
            body["fill_after"] = fill_after
        entry = self._ask("POST", f"/api/pools/{pool}/join", body)["entry"]
        return self._seated(entry, f"in the queue of {pool}")

    def open_table(self, open_id: str) -> tuple[str, int]:
        """Sit down at the open table ``open_id``; its table and seat once it is full."""
        entry = self._ask("POST", f"/api/open-tables/{open_id}/join", {"name": self.name})["entry"]
        return self._seated(entry, f"at open table {open_id} for the other seats to fill")

    def tournament(self, tid: str, password: str | None) -> Iterator[tuple[str, int]]:
        """Enter ``tid`` and yield each of the entrant's tables as it is paired, until over."""
        body: dict[str, Any] = {"name": self.name} if not self.api_token else {}
        if password:
            body["password"] = password
        entered = self._ask("POST", f"/api/tournaments/{tid}/enter", body)
        self.console.print(f"entered {tid} as {entered['name']}")
        played: set[str] = set()
        while True:
            event = self._ask("GET", f"/api/tournaments/{tid}")
            if event["status"] in ("finished", "cancelled"):
                self.console.print(f"the tournament is {event['status']}")
                return
            you = event.get("you") or {}
            if you.get("withdrawn"):
                self.console.print("withdrawn from the tournament (a first move never came?)")
                return
            table = you.get("table")
            if table and table["table"] not in played:
                played.add(table["table"])
                yield str(table["table"]), int(table["seat"])
                continue
            time.sleep(POLL_SECONDS)

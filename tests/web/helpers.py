"""Helpers for the browser tests: set up tables over HTTP, click through games."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import httpx

CARD = re.compile(r"^[A-Z]{2}\d$")


def create(url: str, **body: Any) -> dict[str, Any]:
    body.setdefault("think_time", 0)
    answer = httpx.post(f"{url}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def bearer(token: str) -> dict[str, str]:
    """The header that carries a token (tokens never go in an address)."""
    return {"Authorization": f"Bearer {token}"}


def seat_view(url: str, table: str, seat: int, token: str) -> dict[str, Any]:
    answer = httpx.get(
        f"{url}/api/tables/{table}/seats/{seat}/view", headers=bearer(token), timeout=30
    )
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def move_for(url: str, table: dict[str, Any]) -> dict[str, Any]:
    """Make a legal move over HTTP for the person's seat that is to move; its view before."""
    to_move = httpx.get(f"{url}/api/tables/{table['table']}", timeout=30).json()["to_move"]
    invite = next(i for i in table["invites"] if i["seat"] == to_move)
    view = seat_view(url, table["table"], to_move, invite["token"])
    answer = httpx.post(
        f"{url}/api/tables/{table['table']}/seats/{to_move}/actions",
        json={"action": view["legal_moves"][0], "version": view["version"]},
        headers=bearer(invite["token"]),
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    return view


def finish_over_http(url: str, table: dict[str, Any], seed: int = 1) -> None:
    """Play random legal moves for every person over HTTP until the game ends."""
    rng = random.Random(seed)
    tid = table["table"]
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    with httpx.Client(base_url=url, timeout=30) as http:
        while True:
            summary = http.get(f"/api/tables/{tid}").json()
            if summary["finished"]:
                return
            seat = summary["to_move"]
            view = http.get(f"/api/tables/{tid}/seats/{seat}/view", headers=bearer(tokens[seat]))
            body = view.json()
            answer = http.post(
                f"/api/tables/{tid}/seats/{seat}/actions",
                json={"action": rng.choice(body["legal_moves"]), "version": body["version"]},
                headers=bearer(tokens[seat]),
            )
            assert answer.status_code == 200, answer.text


def link(url: str, table: dict[str, Any], seat: int | None, form: str = "#") -> str:
    """A seat's (or, with ``seat=None``, the spectator's) link, its token after ``form``."""
    if seat is None:
        return f"{url}/watch/{table['table']}{form}token={table['spectator']['token']}"
    token = next(i["token"] for i in table["invites"] if i["seat"] == seat)
    return f"{url}/play/{table['table']}/{seat}{form}token={token}"


def wait_finished(url: str, table: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        summary: dict[str, Any] = httpx.get(f"{url}/api/tables/{table}", timeout=30).json()
        if summary["finished"]:
            return summary
        time.sleep(0.1)
    raise AssertionError(f"table {table} did not finish")


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def wait_version(page: Any, above: int | None = None, equal: int | None = None) -> None:
    """Until the page shows a version above ``above`` (or equal to ``equal``)."""
    test = f"> {above}" if above is not None else f"=== {equal}"
    page.wait_for_function(
        f"() => Number(document.querySelector('#table').dataset.version) {test}", timeout=30_000
    )


def wait_text(page: Any, selector: str, text: str) -> None:
    """Until the element's text is ``text``."""
    page.wait_for_function(
        "([s, t]) => { const e = document.querySelector(s); return e && e.textContent === t; }",
        arg=[selector, text],
        timeout=30_000,
    )


def wait_ready(page: Any, timeout: float = 30_000) -> None:
    """Until it is this seat's turn or the game is over (the page says so in data-*)."""
    page.wait_for_function(
        "() => { const t = document.querySelector('#table');"
        " return t && (t.dataset.mine === 'true' || t.dataset.finished === 'true'); }",
        timeout=timeout,
    )


def wait_connected(page: Any, timeout: float = 30_000) -> None:
    """Until the page's socket is open (its header says "connected").

    The page reads its first view over HTTP and only then opens the socket, so a page
    that is ready to move may not be listening yet: a test that cuts the server off, or
    makes a move it expects the socket to bring, waits for this first.
    """
    page.wait_for_function(
        "() => document.querySelector('#conn').textContent === 'connected'", timeout=timeout
    )


def shown_cards(page: Any) -> list[str]:
    """Every card code the page's DOM holds, in attributes or in its text."""
    html: str = page.content()
    return sorted(set(re.findall(r"\b(?:GB|KN|UN|DW|DO|GN|GI|DR|TR|SE)\d\b", html)))


def observed_cards(observation: dict[str, Any]) -> set[str]:
    return set(re.findall(r"\b[A-Z]{2}\d\b", json.dumps(observation)))


def click_through(
    page: Any,
    rng: random.Random,
    check: Any = None,
    limit: int = 400,
) -> int:
    """Click random legal moves on the page until the game ends; return the clicks made."""
    clicks = 0
    while clicks < limit:
        wait_ready(page)
        if page.get_attribute("#table", "data-finished") == "true":
            return clicks
        if check is not None:
            check(page)
        seen = version(page)
        choices = page.locator("#table button.legal:not([disabled])")
        count = choices.count()
        assert count > 0, "it is this seat's turn but no legal move is offered"
        choices.nth(rng.randrange(count)).click()
        clicks += 1
        wait_version(page, above=seen)
    raise AssertionError(f"the game did not end in {limit} clicks")


class Wiretap:
    """Everything a page receives from the server: WebSocket frames and JSON responses.

    Attach it before the page loads (``Wiretap(page)``), read :meth:`messages` after.
    """

    def __init__(self, page: Any) -> None:
        self.frames: list[str | bytes] = []
        self.responses: list[Any] = []
        # Playwright tags each handler with an attribute: plain functions, not list.append.
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: self.frames.append(f)))
        page.on("response", lambda response: self.responses.append(response))

    def messages(self) -> list[Any]:
        """Every JSON value the page was sent, frames first."""
        out = [json.loads(frame) for frame in self.frames]
        for response in self.responses:
            if "application/json" in response.headers.get("content-type", ""):
                out.append(response.json())
        return out


def assert_only_the_seats_views(messages: list[Any], record: dict[str, Any], seat: int) -> int:
    """Check every game message a seat's page received against the replayed game.

    Each ``view`` must be exactly what the engine shows ``seat`` at that version (its
    observation, its legal moves only on its turn, each recent move in the form the seat
    saw it), the finished game's record may come only once the game is over, and no other
    message may carry a position. Returns the number of views checked.
    """
    import regency

    views = 0
    for message in messages:
        if not isinstance(message, dict) or "observation" not in message:
            text = json.dumps(message)
            assert not any(f'"{key}"' in text for key in ("observation", "state", "record"))
            continue
        views += 1
        assert message["seat"] == seat
        game = regency.replay(record, stop=message["version"])
        assert message["observation"] == game.observation(seat), message["version"]
        mine = game.current_player == seat
        assert message["legal_moves"] == ([str(a) for a in game.legal_actions()] if mine else [])
        again = regency.replay(record, stop=0)
        seen = {}
        for number, text in enumerate(record["actions"][: message["version"]], start=1):
            action = again.parse_action(text)
            seen[number] = again.public_action(action, seat)
            again.apply(action)
        for entry in message["recent"]:
            assert entry["move"] == seen[entry["number"]], entry
        assert ("record" in message) == game.is_over
    return views

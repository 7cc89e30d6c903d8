"""The pages and the security of the wire, in a real browser (Chromium via Playwright).

* The spectator page loads and follows the game.
* Tokens stay out of addresses: invite links carry them after ``#``; an old ``?token=``
  link still works and is rewritten to that form; the page sends the token in an
  ``Authorization`` header and in the WebSocket's subprotocol list, never in a URL.
* Every page works under the server's Content-Security-Policy (no inline script or
  style) and reports no violation.
* The server's notices are shown on the table page, as text.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from regency.server.pages.html import assets
from tests.server.conftest import ThreadServer
from tests.web.helpers import (
    create,
    link,
    move_for,
    version,
    wait_connected,
    wait_finished,
    wait_ready,
    wait_version,
)

# The one inline script a page has, its import map, is allowed by its hash (and only it).
CSP = (
    f"default-src 'none'; script-src 'self' {assets().csp_hash}; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; manifest-src 'self'; "
    "worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}
# Collects the page's CSP violations as they happen (an init script is not itself
# subject to the page's CSP).
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def people(server: ThreadServer, game: str = "claim", **extra: Any) -> dict[str, Any]:
    return create(
        server.url, game=game, players=2, seats=[{"name": "Ann"}, {"name": "Bob"}], **extra
    )


def against_computer(server: ThreadServer, game: str) -> dict[str, Any]:
    return create(server.url, game=game, players=2, seats=[{"name": "Ann"}, {"agent": "random"}])


class Wire:
    """Every address the page asks for (HTTP and WebSocket), and its requests."""

    def __init__(self, page: Any) -> None:
        self.requests: list[Any] = []
        self.sockets: list[str] = []
        page.on("request", lambda r: self.requests.append(r))
        page.on("websocket", lambda ws: self.sockets.append(ws.url))

    def addresses(self, navigations: bool = True) -> list[str]:
        urls = [r.url for r in self.requests if navigations or not r.is_navigation_request()]
        return urls + self.sockets

    def api_requests(self) -> list[Any]:
        return [r for r in self.requests if "/api/tables/" in r.url]


def assert_no_token_in_addresses(wire: Wire, table: dict[str, Any], navigations: bool) -> None:
    tokens = [i["token"] for i in table["invites"]] + [table["spectator"]["token"]]
    for url in wire.addresses(navigations):
        assert "token" not in url and not any(t in url for t in tokens), url


def test_the_spectator_page_draws_the_table_and_follows_the_moves(
    server: ThreadServer, page: Any
) -> None:
    table = people(server)
    wire = Wire(page)
    page.goto(table["spectator"]["url"])
    page.wait_for_selector("#table .board-area [aria-label='on the table']")
    assert version(page) == 0
    assert "You are watching" in page.locator("#table").inner_text()
    assert page.locator("#table ol.log").inner_text() == "No moves yet."
    assert page.locator("#table button.legal").count() == 0  # nothing to press
    wait_connected(page)
    # A move made elsewhere (over HTTP, by the seat to move) reaches the page on its socket.
    before = move_for(server.url, table)
    wait_version(page, equal=1)
    log = page.locator("#table ol.log li")
    assert log.count() == 1
    assert ("Ann", "Bob")[before["seat"]] in log.inner_text()  # the seat that moved
    assert page.locator("#table ol.log li.last").count() == 1
    assert before["version"] == 0
    for request in wire.api_requests():
        assert "/spectate/view" not in request.url
    assert_no_token_in_addresses(wire, table, navigations=False)


def test_invite_links_carry_the_token_after_the_hash_and_the_page_plays(
    server: ThreadServer, page: Any
) -> None:
    table = against_computer(server, "claim")
    assert "#token=" in table["invites"][0]["url"] and "?token=" not in table["invites"][0]["url"]
    assert "#token=" in table["spectator"]["url"]
    wire = Wire(page)
    page.goto(link(server.url, table, 0))
    wait_ready(page)
    wait_connected(page)
    seen = version(page)
    page.locator("#table button.legal:not([disabled])").first.click()
    wait_version(page, above=seen)
    # The token went in headers: on every API request, and never in an address (the
    # fragment is not sent, so not even the page's own address holds it).
    assert_no_token_in_addresses(wire, table, navigations=True)
    asked = [r for r in wire.api_requests() if "/seats/0/" in r.url]
    assert asked, "the page never asked for its view"
    token = table["invites"][0]["token"]
    for request in asked:
        assert request.all_headers().get("authorization") == f"Bearer {token}", request.url
    assert any(url.endswith(f"/api/tables/{table['table']}/seats/0/ws") for url in wire.sockets)
    # The connect hint shows the page's address, token after the hash.
    hint = page.locator("#connect-url").text_content()
    assert hint == page.url and "#token=" in hint


@pytest.mark.parametrize("seat", [0, None], ids=["seat", "spectator"])
def test_an_old_query_link_works_and_the_token_leaves_the_query(
    server: ThreadServer, page: Any, seat: int | None
) -> None:
    table = against_computer(server, "kingdoms")
    wire = Wire(page)
    page.goto(link(server.url, table, seat, form="?"))
    page.wait_for_selector("#table .kboard")
    wait_connected(page)
    assert "?token=" not in page.url and "#token=" in page.url
    assert page.evaluate("() => location.search") == ""
    assert page.url == link(server.url, table, seat, form="#")
    assert_no_token_in_addresses(wire, table, navigations=False)
    # The rewritten address is a working link: a reload keeps the table.
    page.reload()
    page.wait_for_selector("#table .kboard")
    if seat == 0:
        wait_ready(page)
        seen = version(page)
        page.locator("#table button.legal:not([disabled])").first.click()
        wait_version(page, above=seen)


def test_a_bad_token_is_refused_in_words(server: ThreadServer, browser: Any) -> None:
    table = people(server)
    context = browser.new_context()
    p = context.new_page()
    p.goto(f"{server.url}/play/{table['table']}/0#token=not-the-key")
    p.wait_for_selector("#table .error")
    assert "cannot be shown" in p.locator("#table").inner_text()
    context.close()


def test_the_lobby_shows_and_remembers_links_in_the_fragment_form(
    server: ThreadServer, page: Any
) -> None:
    table = people(server)
    old = {
        "table": table["table"],
        "game": "claim",
        "title": "Claim",
        "created": 0,
        "seats": ["Ann", "Bob"],
        "play": link(server.url, table, 0, form="?"),
        "invites": [{"seat": 0, "name": "Ann", "url": link(server.url, table, 0, form="?")}],
        "watch": link(server.url, table, None, form="?"),
    }
    page.goto(server.url + "/")
    page.evaluate("(t) => localStorage.setItem('regency.tables', JSON.stringify([t]))", old)
    page.reload()
    page.wait_for_selector("#mine li a")
    hrefs = page.locator("#mine li a").evaluate_all("es => es.map(e => e.href)")
    assert link(server.url, table, 0) in hrefs and link(server.url, table, None) in hrefs
    assert not [h for h in hrefs if "?token=" in h]
    # A table set up with the form: its links, the copy boxes and what is remembered.
    page.wait_for_selector("#f-game option", state="attached")
    page.select_option("#seat-1-kind", "person")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created .invite")
    shown = page.locator("#created input").evaluate_all("els => els.map(e => e.value)")
    opens = page.locator("#created a.button").evaluate_all("els => els.map(e => e.href)")
    assert len(shown) == 3 and shown == opens
    assert all("#token=" in u and "?token=" not in u for u in shown)
    stored = page.evaluate("() => localStorage.getItem('regency.tables')")
    assert "?token=" not in json.loads(stored)[0]["play"]
    page.goto(shown[-1])  # the spectator link
    page.wait_for_selector("#table .board-area")


def test_one_click_play_opens_the_fragment_link(server: ThreadServer, page: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#q-kingdoms", "random")
    page.click("#play-kingdoms")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#table .kboard")
    assert "#token=" in page.url and "?token=" not in page.url


def _finished(server: ThreadServer) -> str:
    table = create(
        server.url, game="claim", players=2, seats=[{"agent": "random"}, {"agent": "random"}]
    )
    wait_finished(server.url, table["table"])
    return str(table["table"])


# page -> (how to reach it, what shows it was drawn)
PAGES: dict[str, Any] = {
    "lobby": (lambda s: s.url + "/", "#games .game-card"),
    "claim": (lambda s: against_computer(s, "claim")["invites"][0]["url"], "#hand .card"),
    "claim-kingdoms": (
        lambda s: against_computer(s, "claim-kingdoms")["invites"][0]["url"],
        "#viewport .grid .cell",
    ),
    "kingdoms": (lambda s: against_computer(s, "kingdoms")["invites"][0]["url"], ".kboard .cell"),
    "spectator": (
        lambda s: people(s, "claim-kingdoms")["spectator"]["url"],
        "#viewport .grid .cell",
    ),
    "replay": (lambda s: f"{s.url}/replay/{_finished(s)}?seat=0", "#result"),
    "rules": (lambda s: s.url + "/rules/kingdoms", "main.rules h1"),
    # A puzzle's board (or, where no puzzles ship, the page's word that there are none).
    "puzzles": (
        lambda s: s.url + "/puzzles/kingdoms",
        "#table[data-mine=true], #message:not(:empty)",
    ),
}


@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_works_under_the_content_security_policy(
    server: ThreadServer, page: Any, name: str
) -> None:
    address, drawn = PAGES[name]
    url = address(server)
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.add_init_script(WATCH_CSP)
    response = page.goto(url)
    assert response is not None and response.ok
    page.wait_for_selector(drawn)
    if name in ("claim-kingdoms", "spectator"):
        # The grid's columns and cell size are set through the CSSOM (not a style attribute).
        # Read in one script: eval_on_selector finds the element and then reads it in a
        # second call, and a move by the computer in between redraws the grid, leaving a
        # detached element whose computed style is empty.
        columns, cell = page.evaluate(
            """() => [getComputedStyle(document.querySelector('.grid')).gridTemplateColumns,
                      document.querySelector('#viewport').style.getPropertyValue('--cell')]"""
        )
        assert columns != "none" and len(columns.split()) > 1, columns
        assert cell.endswith("px"), cell
    if name == "lobby":
        page.wait_for_selector("#f-seats .seat-row")
        assert page.locator("a[href='/openapi.json']").count() == 1
        assert (
            page.eval_on_selector("#f-clock-about", "e => getComputedStyle(e).color")
            == "rgb(97, 91, 82)"
        )  # .muted, from the style sheet
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.__csp") == []
    assert violations == []
    html = response.text()
    assert "style=" not in html and "<script>" not in html and "/docs" not in html
    assert page.locator("a[href='/docs']").count() == 0
    headers = response.headers
    for header, value in SECURITY_HEADERS.items():
        assert headers.get(header) == value, (header, headers.get(header))


def test_static_assets_carry_the_security_headers(server: ThreadServer) -> None:
    for path in ["/static/table.js", "/static/style.css", "/api/games", "/api/puzzles"]:
        headers = httpx.get(server.url + path).headers
        for header, value in SECURITY_HEADERS.items():
            assert headers.get(header) == value, (path, header)


NOTE = (
    "The computer in seat 1 could not move (ismcts: <b>out of time</b>); "
    "the heuristic's move was played for it."
)


def _with_notices(text: str) -> str:
    message = json.loads(text)
    if message.get("type") == "view":
        message["notices"] = [
            {"version": 0, "text": "An old notice."},
            {"version": message["version"], "text": NOTE},
        ]
    return json.dumps(message)


def test_the_servers_notices_are_shown_as_text(server: ThreadServer, page: Any) -> None:
    table = against_computer(server, "claim")
    # No notices (or no field at all): nothing is shown.
    page.goto(table["invites"][0]["url"])
    wait_ready(page)
    assert page.locator("#notices").count() == 0

    # The server's messages, with notices added on the way to the page.
    def view(route: Any) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=_with_notices(response.text()))

    def socket(ws: Any) -> None:
        upstream = ws.connect_to_server()
        upstream.on_message(lambda m: ws.send(_with_notices(m)))

    page.route("**/api/tables/*/seats/*/view", view)
    page.route_web_socket("**/ws", socket)
    page.reload()
    page.wait_for_selector("#notices li")
    items = page.locator("#notices li")
    assert items.count() == 2
    assert items.nth(1).inner_text().endswith(NOTE)  # as text: the markup is not parsed
    assert page.locator("#notices b").count() == 0
    assert "latest" in (items.nth(1).get_attribute("class") or "")
    # A move: the page follows the socket, and the notices with it.
    wait_ready(page)
    seen = version(page)
    page.locator("#table button.legal:not([disabled])").first.click()
    wait_version(page, above=seen)
    assert page.locator("#notices li").count() == 2

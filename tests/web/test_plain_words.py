"""What a new player still tripped over in the pages (issue 44, "Words and pages"), in Chromium.

* one rule for counts and for "You" (web/shared/words.js, the same as core/words.py), and
  no page shows the forms it rules out (tests/bad_words.py) in positions that used to
  show them: "Follower deck: 1 cards", "You leads (last Dragon)", "Supply: 1 tiles",
  "Starting tile: Dragon (Dragon)", "Seat 0 win", an unexplained "Deciding: Goblins";
* a computer seat is called by its level on every page, its spec in a details line;
* Kingdoms' special tiles stay inside their squares on a 390 px phone;
* the lobby says a level as a player would, keeps the figures behind a details link and
  remembers the level chosen last, per game; the finished games have dates, an evening's
  rematches grouped, the winner named;
* 50 quick chat messages leave no refused request: the page holds back what the server
  would refuse, from the limits it learns from the server;
* a bad table link is a page with a way back.
"""

from __future__ import annotations

import datetime
import random
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

import regency
from regency.agents.defaults import default_opponent
from regency.agents.ladder import ladder
from regency.core import words
from regency.server.pages import analysis as server_analysis
from tests.bad_words import bad_forms
from tests.server.conftest import ThreadServer
from tests.web.helpers import bearer, create, link, wait_finished, wait_text, wait_version
from tests.web.test_words import readable

PHONE = {"width": 390, "height": 844}
SPECIAL = {"MTN", "DRG", "GLD", "WIZ"}


def found_moves(
    game: str,
    options: dict[str, Any],
    choose: Callable[[random.Random, list[str]], str],
    wanted: Callable[[regency.Game[Any]], bool],
    seeds: range = range(300),
) -> tuple[int, list[str]]:
    """A 2-player deal and moves (made by ``choose``) that reach a position ``wanted``,
    found with the engine: the test then plays the same moves at a real table."""
    for seed in seeds:
        played = regency.new_game(game, players=2, seed=seed, **options)
        rng = random.Random(seed)
        moves: list[str] = []
        while not played.is_over and len(moves) < 500:
            move = choose(rng, [str(a) for a in played.legal_actions()])
            played.play(move)
            moves.append(move)
            if wanted(played):
                return seed, moves
    raise AssertionError("no deal reaches the position")


def any_move(rng: random.Random, moves: list[str]) -> str:
    return rng.choice(moves)


def tiles_first(rng: random.Random, moves: list[str]) -> str:
    """Kingdoms: draw and place tiles while there are any, keeping the starting tile."""
    pick = [m for m in moves if m == "draw"] or [m for m in moves if m.startswith("tile")]
    return rng.choice(pick or [m for m in moves if not m.startswith("start")] or moves)


def play_moves(url: str, table: dict[str, Any], moves: list[str], start: int = 0) -> None:
    """Make ``moves`` (from the ``start``-th on) at the table over HTTP, each by the person
    to move."""
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    tid = table["table"]
    with httpx.Client(base_url=url, timeout=30) as http:
        for version, move in enumerate(moves[start:], start=start):
            seat = http.get(f"/api/tables/{tid}").json()["to_move"]
            answer = http.post(
                f"/api/tables/{tid}/seats/{seat}/actions",
                json={"action": move, "version": version},
                headers=bearer(tokens[seat]),
            )
            assert answer.status_code == 200, answer.text


def assert_plain(page: Any, where: str) -> str:
    """The page's text as laid out (a name and its verb in two elements read as one line)
    and every text node and label (hidden ones too), checked for the bad forms."""
    text = page.inner_text("body") + "\n" + readable(page)
    assert bad_forms(text) == [], where
    return text


# -- one rule, on both sides -------------------------------------------------------------

CASES: list[tuple[str, list[Any]]] = [
    ("count", [1, "card"]),
    ("count", [0, "tile"]),
    ("count", [3, "Dwarf", "Dwarves"]),
    ("count", [2, "try", "tries"]),
    ("says", ["You", "lead"]),
    ("says", ["Seat 1", "lead"]),
    ("says", [["Ann", "Bob"], "win"]),
    ("says", [["You"], "win"]),
    ("says", ["Ann", "be"]),
    ("says", ["Cy", "pass"]),
    ("says", ["Di", "try"]),
    ("possessive", ["You", True]),
    ("possessive", ["Giles"]),
    ("andList", [["A", "B", "C"]]),
]


def test_the_pages_words_follow_the_terminals_rule(server: ThreadServer, page: Any) -> None:
    page.goto(server.url + "/rules/claim")
    said = page.evaluate(
        """async (cases) => {
          const w = await import("/static/shared/words.js");
          return cases.map(([name, args]) => w[name](...args));
        }""",
        CASES,
    )
    python = {
        "count": words.count,
        "says": words.says,
        "possessive": words.possessive,
        "andList": words.and_list,
    }
    assert said == [python[name](*args) for name, args in CASES]


def test_claim_pages_say_one_card_you_lead_and_why_a_faction_decided(
    server: ThreadServer, page: Any
) -> None:
    # A Claim 2 deal where seat 0 leads the next trick through the last Dragon, though
    # seat 1 won the trick.
    def dragon(played: regency.Game[Any]) -> bool:
        tricks = played.observation(0)["tricks"]
        return bool(tricks) and tricks[-1]["next_leader"] == 0 != tricks[-1]["winner"]

    seed, moves = found_moves("claim", {"factions": "claim2"}, any_move, dragon)
    people = [{"name": "Ann"}, {"name": "Bob"}]
    table = create(
        server.url, game="claim", players=2, seed=seed, options={"factions": "claim2"}, seats=people
    )
    play_moves(server.url, table, moves)
    page.goto(link(server.url, table, 0))
    wait_version(page, equal=len(moves))
    text = assert_plain(page, "the table after the last Dragon")
    assert "You lead (last Dragon)" in text

    # A finished game seat 0 won alone, decided by some faction's vote: the result says
    # why, the table and the replay name the winner with the verb that agrees.
    def decided(played: regency.Game[Any]) -> bool:
        result = played.result() if played.is_over else None
        return bool(result and result.winners == [0] and result.details["deciding_factions"])

    seed, moves = found_moves("claim", {}, any_move, decided)
    table = create(server.url, game="claim", players=2, seed=seed, seats=people)
    # First, the moment some follower deck holds one card.
    again = regency.new_game("claim", players=2, seed=seed)
    one = next(
        k
        for k, move in enumerate(moves, start=1)
        if again.play(move) is not None
        and any(f["count"] == 1 for f in again.observation(1)["followers"])
    )
    play_moves(server.url, table, moves[:one])
    page.goto(link(server.url, table, 1))
    wait_version(page, equal=one)
    assert "Follower deck: 1 card\n" in assert_plain(page, "a follower deck of one card")
    play_moves(server.url, table, moves, one)
    wait_version(page, equal=len(moves))
    text = assert_plain(page, "the end, seen by seat 1")
    assert "Ann wins" in text and "Deciding:" not in text
    assert "The game turned on the" in page.inner_text("#deciding")
    page.goto(link(server.url, table, 0))
    wait_version(page, equal=len(moves))
    assert "You win" in assert_plain(page, "the end, seen by the winner")
    page.goto(f"{server.url}/replay/{table['table']}?seat=0&step={len(moves)}")
    wait_text(page, "#counter", f"move {len(moves)} of {len(moves)}")
    assert "Ann wins" in assert_plain(page, "the replay's end")


def test_kingdoms_pages_say_one_tile_and_name_a_special_tile_once(
    server: ThreadServer, page: Any
) -> None:
    def last_tile(played: regency.Game[Any]) -> bool:
        seen = played.observation(0)
        return (
            seen["supply"] == 1
            and seen["to_move"] == 0
            and seen["decision"] != "place"
            and seen["starting_tile"] in SPECIAL
            and seen["holds_starting_tile"][0]
        )

    seed, moves = found_moves("kingdoms", {}, tiles_first, last_tile)
    table = create(
        server.url, game="kingdoms", players=2, seed=seed, seats=[{"name": "Ann"}, {"name": "Bob"}]
    )
    play_moves(server.url, table, moves)
    page.goto(link(server.url, table, 0))
    wait_version(page, equal=len(moves))
    text = assert_plain(page, "one tile left")
    assert "Supply: 1 tile face down." in text
    assert re.search(r"^Starting tile: (Mountain|Dragon|Gold Mine|Wizard)$", text, re.M), text


# -- the computer's name -----------------------------------------------------------------


# Slow (every page of a whole game): CI's slow step runs it.
@pytest.mark.slow
def test_every_page_names_the_computer_by_its_level(
    server: ThreadServer, page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A quick judge, named as the default one is (the Strongest computer's search).
    monkeypatch.setattr(server_analysis, "AGENT", "ismcts:5")
    monkeypatch.setattr(server_analysis, "default_agent", lambda game, players: "ismcts:5")
    table = create(
        server.url, game="kingdoms", players=2, seed=4, seats=[{"name": "Ann"}, {"agent": "random"}]
    )
    tid = table["table"]
    page.goto(link(server.url, table, 0))
    page.wait_for_selector("#table .board-area")
    rng = random.Random(4)
    while page.get_attribute("#table", "data-finished") != "true":
        page.wait_for_function(
            "() => { const t = document.querySelector('#table');"
            " return t.dataset.mine === 'true' || t.dataset.finished === 'true'; }"
        )
        if page.get_attribute("#table", "data-finished") == "true":
            break
        seen = int(page.get_attribute("#table", "data-version"))
        choices = page.locator("#table button.legal:not([disabled])")
        choices.nth(rng.randrange(choices.count())).click()
        wait_version(page, above=seen)
    wait_finished(server.url, tid)
    text = assert_plain(page, "the end of the game")
    assert "Beginner computer" in page.inner_text(".seatlist")
    assert "Beginner computer" in page.inner_text("ol.log")
    assert "Beginner computer" in page.inner_text("#result")
    assert "(random)" not in text
    # The log's entries are whole at 1280 px: none is cut.
    page.set_viewport_size({"width": 1280, "height": 900})
    cut = page.eval_on_selector_all(
        "ol.log li", "items => items.filter((li) => li.scrollWidth > li.clientWidth + 1).length"
    )
    assert cut == 0
    page.click("#agents summary")
    assert page.inner_text("#agents").endswith("random")  # the spec, in the details line
    # The evening, after a rematch.
    token = table["invites"][0]["token"]
    httpx.post(
        f"{server.url}/api/tables/{tid}/seats/0/rematch", headers=bearer(token), timeout=30
    ).raise_for_status()
    page.wait_for_url(re.compile(r"/play/(?!" + re.escape(tid) + r")"))
    page.wait_for_selector("#evening")
    assert "Beginner computer" in page.inner_text("#evening")
    # The replay and its analysis.
    steps = len(httpx.get(f"{server.url}/api/tables/{tid}/record", timeout=30).json()["actions"])
    page.goto(f"{server.url}/replay/{tid}?step=5")
    wait_text(page, "#counter", f"move 5 of {steps}")
    assert "Beginner computer" in page.inner_text(".seatlist")
    assert page.locator("#seat option").all_inner_texts()[2] == "seat 1: Beginner computer"
    page.click("#analyse")
    page.wait_for_selector("#judge", timeout=120_000)
    assert page.inner_text("#judge").startswith("Win chances estimated by the Strongest computer,")
    assert "ismcts:5" in (page.text_content("#judge-details") or "")
    assert_plain(page, "the analysis")
    # The finished games in the lobby.
    page.goto(server.url + "/")
    page.wait_for_selector(f"#finished li[data-table='{tid}']")
    line = page.inner_text(f"#finished li[data-table='{tid}']")
    assert "Ann vs Beginner computer" in line and "random" not in line


# -- Kingdoms on a phone -----------------------------------------------------------------

SPILLS = """() => {
  const out = [];
  const board = document.querySelector(".kboard").getBoundingClientRect();
  if (board.right > window.innerWidth + 0.5) out.push(`the board ends at ${board.right}`);
  for (const cell of document.querySelectorAll(".kboard .cell")) {
    const box = cell.getBoundingClientRect();
    for (const tile of cell.querySelectorAll(".tile")) {
      const t = tile.getBoundingClientRect();
      if (t.left < box.left - 0.5 || t.right > box.right + 0.5 || t.bottom > box.bottom + 0.5) {
        out.push(`${tile.textContent}: ${t.left}-${t.right} in ${box.left}-${box.right}`);
      }
    }
  }
  return out;
}"""


def test_kingdoms_special_tiles_stay_in_their_squares_on_a_phone(
    server: ThreadServer, browser: Any
) -> None:
    def all_specials(played: regency.Game[Any]) -> bool:
        seen = played.observation(0)
        placed = {t for row in seen["board"] for t in row if t}
        return placed >= SPECIAL and seen["to_move"] == 0 and seen["decision"] != "place"

    seed, moves = found_moves("kingdoms", {}, tiles_first, all_specials)
    table = create(
        server.url, game="kingdoms", players=2, seed=seed, seats=[{"name": "Ann"}, {"name": "Bob"}]
    )
    play_moves(server.url, table, moves)
    for width in (390, 360, 1280):
        context = browser.new_context(viewport={**PHONE, "width": width}, is_mobile=width < 500)
        phone = context.new_page()
        try:
            phone.goto(link(server.url, table, 0))
            wait_version(phone, equal=len(moves))
            names = phone.locator(".kboard .tile.special").all_inner_texts()
            assert {"Mountain", "Dragon", "Gold Mine", "Wizard"} <= set(names)
            assert phone.evaluate(SPILLS) == [], width
        finally:
            context.close()


# -- the lobby -----------------------------------------------------------------------------


def test_the_lobby_says_a_level_as_a_player_would_and_remembers_it(
    server: ThreadServer, page: Any
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#play-claim")
    shown = page.inner_text("#q-claim-about")
    assert shown == ladder("claim", 2)[-1].about == "Wins about 3 games in 5 against Expert."
    assert not page.is_visible("#q-claim-about-figures")  # behind the details link
    page.click("#q-claim-about-figures >> xpath=.. >> summary")
    assert page.inner_text("#q-claim-about-figures").startswith("Rated ")
    assert "%" in page.inner_text("#q-claim-about-figures")
    for label in page.locator("#create label").all_inner_texts():
        assert "(s)" not in label  # no units in brackets: "The computer moves after..."
    # The level chosen last, per game: a reload keeps Kingdoms' Beginner, not Claim's.
    page.select_option("#q-kingdoms", "random")
    page.reload()
    page.wait_for_selector("#play-claim")
    assert page.input_value("#q-kingdoms") == "random"
    assert page.input_value("#q-claim") == default_opponent("claim", 2)
    page.select_option("#f-game", "kingdoms")
    page.select_option("#f-players", "3")
    assert page.input_value("#seat-1-kind") == "random"  # a new computer seat: that level
    # Choosing another in the form is remembered too.
    page.select_option("#seat-2-kind", "heuristic")  # Casual, at 3 players
    page.reload()
    page.wait_for_selector("#play-kingdoms")
    casual = next(lv for lv in ladder("kingdoms", 2) if lv.name == "Casual")
    assert page.input_value("#q-kingdoms") == casual.agent  # the same step at 2 players
    page.click("#play-kingdoms")
    page.wait_for_url("**/play/**")
    found = re.search(r"/play/([^/]+)/0", page.url)
    assert found
    summary = httpx.get(f"{server.url}/api/tables/{found[1]}", timeout=30).json()
    assert [s["name"] for s in summary["seats"]] == ["You", "Casual computer"]


def test_finished_games_have_dates_evenings_and_winners_by_name(
    server: ThreadServer, browser: Any
) -> None:
    url = server.url
    table = create(url, game="claim", players=2, seed=8, seats=[{"name": "You"}, {"name": "Bob"}])
    tid = table["table"]
    tokens = {i["seat"]: i["token"] for i in table["invites"]}
    _, moves = found_moves("claim", {}, any_move, lambda g: g.is_over, range(8, 9))
    play_moves(url, table, moves)
    for seat, token in tokens.items():
        httpx.post(
            f"{url}/api/tables/{tid}/seats/{seat}/rematch", headers=bearer(token), timeout=30
        ).raise_for_status()
    second = httpx.get(f"{url}/api/tables/{tid}", timeout=30).json()["settings"]["rematch"]
    again = {**table, "table": second["table"]}
    dealt = httpx.get(f"{url}/api/tables/{again['table']}", timeout=30).json()
    rng = random.Random(2)
    version = 0
    while not httpx.get(f"{url}/api/tables/{again['table']}", timeout=30).json()["finished"]:
        seat = httpx.get(f"{url}/api/tables/{again['table']}", timeout=30).json()["to_move"]
        view = httpx.get(
            f"{url}/api/tables/{again['table']}/seats/{seat}/view",
            headers=bearer(tokens[seat]),
            timeout=30,
        ).json()
        httpx.post(
            f"{url}/api/tables/{again['table']}/seats/{seat}/actions",
            json={"action": rng.choice(view["legal_moves"]), "version": view["version"]},
            headers=bearer(tokens[seat]),
            timeout=30,
        ).raise_for_status()
        version += 1
    assert dealt["version"] == 0 and version
    rows = {r["table"]: r for r in httpx.get(f"{url}/api/history", timeout=30).json()}
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="en-GB", timezone_id="UTC"
    )
    page = context.new_page()
    try:
        # This browser set the first table up, for seat 0 (the lobby's "Your tables").
        page.goto(url + "/")
        page.evaluate(
            """([t, play]) => localStorage.setItem("regency.tables", JSON.stringify([{
              table: t, game: "claim", title: "Claim", seats: ["You", "Bob"], play,
              invites: [], watch: ""}]))""",
            [tid, f"/play/{tid}/0#token={tokens[0]}"],
        )
        page.reload()
        group = page.locator(f"#finished li.evening-group[data-table='{tid}']")
        group.wait_for()
        text = group.inner_text()
        assert text.startswith("Claim · You vs Bob")
        assert "An evening of 2 games" in text
        games = group.locator("ol.evening-games > li")
        assert games.count() == 2
        for k, which in enumerate((tid, again["table"])):
            row = rows[which]
            ended = datetime.datetime.fromtimestamp(row["finished_at"], datetime.UTC)
            line = games.nth(k).inner_text()
            assert line.startswith(ended.strftime("%H:%M")), line
            winners = ["You" if s == 0 else "Bob" for s in row["result"]["winners"]]
            said = f"won by {winners[0]}" if len(winners) == 1 else "shared by You and Bob"
            assert said in line, line
        started = datetime.datetime.fromtimestamp(rows[tid]["started_at"], datetime.UTC)
        assert f"{started.day} {started.strftime('%b')}" in text  # the date: "4 Dec"
        assert_plain(page, "the lobby")
        # Another browser: the person called "You" is Seat 0 there.
        page.evaluate("() => localStorage.clear()")
        page.reload()
        group.wait_for()
        assert group.inner_text().startswith("Claim · Seat 0 vs Bob")
    finally:
        context.close()


# -- the chat ------------------------------------------------------------------------------


def test_fifty_quick_chat_messages_leave_no_refused_request(
    server: ThreadServer, browser: Any
) -> None:
    table = create(server.url, game="claim", players=2, seats=[{"name": "Ann"}, {"name": "Bob"}])
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    console: list[str] = []
    refused: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: refused.append(r.url) if r.status >= 400 else None)
    try:
        page.goto(link(server.url, table, 0))
        page.wait_for_selector("#chat-presets button")
        presets = page.locator("#chat-presets button")
        for k in range(50):
            presets.nth(k % presets.count()).click()
        page.wait_for_function(
            "() => document.querySelectorAll('#chat-log li[data-id]').length === 5"
        )
        page.wait_for_timeout(500)
        assert refused == [] and console == []
        assert re.fullmatch(
            r"You may send 5 chat messages every 10 seconds: wait \d+ s\.",
            page.inner_text("#chat-error"),
        )
        assert page.get_attribute("#chat-text", "maxlength") == "200"  # the server's, learnt
        chat = httpx.get(
            f"{server.url}/api/tables/{table['table']}/chat",
            headers=bearer(table["invites"][1]["token"]),
            timeout=30,
        ).json()
        assert len(chat["messages"]) == 5
    finally:
        context.close()


# -- a bad link ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "heading"),
    [
        ("/play/nonexistent/1", "No such table"),
        ("/watch/nonexistent", "No such table"),
        ("/replay/nonexistent", "No such table"),
        ("/replay/x/-1", "No such page"),
    ],
)
def test_a_bad_table_link_is_a_page_with_a_way_back(
    server: ThreadServer, page: Any, path: str, heading: str
) -> None:
    answer = page.goto(server.url + path)
    assert answer is not None and answer.status == 404
    assert page.inner_text("h1") == heading
    assert "{" not in page.inner_text("body")
    page.click("#back")
    page.wait_for_selector("#play-claim")
    assert page.url == server.url + "/"

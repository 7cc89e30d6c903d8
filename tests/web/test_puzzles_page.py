"""The puzzles page in a real browser (Chromium via Playwright): solve, miss, keep the rating.

The puzzles and their answers are looked up in the shipped sets at test time.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import regency
from regency.puzzles import Puzzle, PuzzleError, Rating, load_puzzles
from regency.puzzles.story import group_moves
from tests.server.conftest import ThreadServer
from tests.web.helpers import wait_text
from tests.web.test_puzzles import wrong_move

GAMES = [info.name for info in regency.available_games()]
SQUARE = re.compile(r"^(-?\d+,-?\d+|[A-E][1-6])$")


def first_puzzles(game: str, count: int = 1) -> list[Puzzle]:
    try:
        puzzles = load_puzzles(game).puzzles
    except PuzzleError as exc:
        pytest.skip(f"no puzzles: {exc}")
    return list(puzzles[:count])


def click_move(page: Any, move: str) -> None:
    """Click a legal move as a player does: its control, after choosing its piece if need be.

    A move that targets a square (``castle 2 D6``) is made on the board once what it places
    is chosen: the group ``castle 2 _`` (shared/squares.js, targetGroups).
    """
    button = page.locator(f'#table button.legal[data-move="{move}"]')
    if not button.count():
        group = " ".join("_" if SQUARE.match(w) else w for w in move.split(" "))
        page.click(f'#table button[data-key="group:{group}"]')
    button.first.click()


def stored_rating(page: Any, game: str) -> dict[str, Any] | None:
    text = page.evaluate(f"() => localStorage.getItem('regency.puzzles.rating.{game}')")
    return None if text is None else json.loads(text)


@pytest.mark.parametrize("game", GAMES)
def test_solving_a_puzzle_of_each_game_shows_correct_and_the_rating_change(
    game: str, server: ThreadServer, page: Any
) -> None:
    puzzle = first_puzzles(game)[0]
    page.goto(f"{server.url}/puzzles/{game}/{puzzle.id}")
    page.wait_for_selector("#table[data-mine=true]")
    assert f"You are Seat {puzzle.seat}" in page.inner_text("#head")
    click_move(page, puzzle.solutions[0])
    page.wait_for_selector("#verdict:not([hidden])")
    assert "Correct" in page.inner_text("#verdict-h")
    after = Rating().after(puzzle.rating, True)
    change = round(after.rating) - 1500
    assert f"1500 → {round(after.rating)} (+{change})" in page.inner_text("#rating-change")
    assert stored_rating(page, game) == after.to_dict()
    # The moves in words, never their codes; the answer among them.
    verdict = page.inner_text("#verdict")
    assert puzzle.position().describe(puzzle.solutions[0]) in verdict
    # Kept across a reload: the page shows the stored rating.
    page.reload()
    page.wait_for_selector("#my-rating")
    wait_text(page, "#my-rating", f"{round(after.rating)} (1 try)")


def test_a_wrong_try_shows_every_win_chance_and_the_next_puzzle_comes(
    server: ThreadServer, page: Any
) -> None:
    puzzles = first_puzzles("kingdoms", 2)
    puzzle = puzzles[-1]
    page.goto(f"{server.url}/puzzles/kingdoms/{puzzle.id}")
    page.wait_for_selector("#table[data-mine=true]")
    wrong = wrong_move(puzzle)
    click_move(page, wrong)
    page.wait_for_selector("#verdict:not([hidden])")
    assert "Not the best move" in page.inner_text("#verdict-h")
    position = puzzle.position()
    rows = page.locator("#verdict .moves-judged tbody tr")
    groups = group_moves(position, puzzle.alternatives, puzzle.solutions, (wrong,))
    assert rows.count() == len(groups)
    for i, group in enumerate(groups):
        text = rows.nth(i).inner_text()
        assert group.text in text and f"{round(100 * group.high)}%" in text
        if len(group.moves) == 1:
            assert group.text == position.describe(group.moves[0])
    verdict = page.inner_text("#verdict")
    assert f"its win chance is {round(100 * puzzle.win_of(wrong))}%" in verdict
    assert position.describe(puzzle.solutions[0]) in verdict
    after = Rating().after(puzzle.rating, False)
    minus = "\N{MINUS SIGN}"  # the page's sign of a loss
    assert f"1500 → {round(after.rating)} ({minus}{1500 - round(after.rating)})" in verdict
    assert stored_rating(page, "kingdoms") == after.to_dict()
    # Next: another puzzle of the game, at /puzzles/kingdoms, not the one just seen.
    page.click("#next-puzzle")
    page.wait_for_url(f"{server.url}/puzzles/kingdoms")
    page.wait_for_selector("#table[data-mine=true]")
    assert puzzle.id not in page.inner_text("#where")
    seen = page.evaluate("() => JSON.parse(localStorage.getItem('regency.puzzles.seen.kingdoms'))")
    assert seen[0] == puzzle.id and len(seen) == 2


def test_the_answer_is_explained_in_the_game_s_words_and_alike_moves_are_one_row(
    server: ThreadServer, page: Any
) -> None:
    """Claim Kingdoms' 14 swaps with the blue marker: the answer, the next best, the rest."""
    puzzle = load_puzzles("claim-kingdoms").get("c03e6c33d87")
    page.goto(f"{server.url}/puzzles/claim-kingdoms/{puzzle.id}")
    page.wait_for_selector("#table[data-mine=true]")
    click_move(page, puzzle.solutions[0])
    page.wait_for_selector("#verdict:not([hidden])")
    explanation = page.inner_text("#verdict .explanation")
    assert explanation == puzzle.explanation
    assert "it gives you control of the Knights (9 points)" in explanation
    rows = [r.strip() for r in page.locator("#verdict .moves-judged tbody tr").all_inner_texts()]
    assert len(rows) == 5  # not 15: the 11 swaps that win nothing are one row
    grouped = [r for r in rows if "other swaps with the blue marker" in r]
    assert len(grouped) == 1 and grouped[0].startswith("11 other swaps with the blue marker")
    assert grouped[0].endswith("0%")
    assert "the answer" in rows[0] and "your move" in rows[0]


def test_the_lobby_links_the_puzzles_and_each_game_shows_its_rating(
    server: ThreadServer, page: Any
) -> None:
    first_puzzles("claim")
    page.goto(server.url + "/")
    page.click("#puzzles-link")
    page.wait_for_selector("#solve-claim")
    text = page.inner_text("#games")
    for game in load_listing_titles():
        assert f"{game} puzzles" in text
    assert "1500 (new)" in text
    page.click("#solve-claim")
    page.wait_for_selector("#table[data-mine=true]")
    assert page.url == f"{server.url}/puzzles/claim"
    # One puzzle after another at /puzzles/claim: a try, then Next brings a new one here.
    first = page.get_attribute("#table", "data-puzzle")
    page.locator("#table button.legal").first.click()
    page.wait_for_selector("#verdict:not([hidden])")
    page.click("#next-puzzle")
    page.wait_for_function(
        "f => { const t = document.querySelector('#table');"
        " return t && t.dataset.puzzle !== f && t.dataset.mine === 'true'; }",
        arg=first,
    )
    assert page.url == f"{server.url}/puzzles/claim" and page.is_hidden("#verdict")
    assert page.evaluate("() => document.activeElement.id") == "head-h"


def load_listing_titles() -> list[str]:
    titles = []
    for info in regency.available_games():
        try:
            if len(load_puzzles(info.name)):
                titles.append(info.title)
        except PuzzleError:
            pass
    return titles


def test_on_a_phone_the_moves_are_on_screen(server: ThreadServer, browser: Any) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, device_scale_factor=1
    )
    page = context.new_page()
    try:
        for game in GAMES:
            puzzle = first_puzzles(game)[0]
            page.goto(f"{server.url}/puzzles/{game}/{puzzle.id}")
            page.wait_for_selector("#table[data-mine=true]")
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, f"{game}: the page is {width} px wide"
            # Every move's control (or the piece that leads to it) fits the screen's width.
            boxes = page.locator("#table button.legal").evaluate_all(
                "bs => bs.map(b => { const r = b.getBoundingClientRect();"
                " return [r.left, r.right, b.closest('.viewport') !== null]; })"
            )
            assert boxes, f"{game}: no move to click"
            for left, right, scrolled in boxes:
                assert scrolled or (left >= 0 and right <= 390), (game, left, right)
            click_move(page, wrong_move(puzzle))
            page.wait_for_selector("#verdict:not([hidden])")
            box = page.locator("#next-puzzle").bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert 0 <= box["y"] <= 844 - box["height"], "Next puzzle is off screen"
    finally:
        context.close()


def test_a_puzzle_is_solved_with_the_keyboard_alone_and_axe_finds_nothing_serious(
    server: ThreadServer, page: Any
) -> None:
    from tests.web.test_table_ux import axe_violations

    puzzle = first_puzzles("claim")[0]
    answer = puzzle.solutions[0]
    page.goto(f"{server.url}/puzzles/claim/{puzzle.id}")
    page.wait_for_selector("#table[data-mine=true]")
    assert axe_violations(page) == []
    focused = "() => document.activeElement && document.activeElement.dataset.move || null"
    in_group = (
        "m => { const a = document.activeElement, g = a && a.closest('[data-roving]');"
        ' return Boolean(g && g.querySelector(`button[data-move="${m}"]`)); }'
    )
    for _ in range(30):  # Tab from group to group to the answer's
        if page.evaluate(in_group, answer):
            break
        page.keyboard.press("Tab")
    for _ in range(20):  # then the arrows along it
        if page.evaluate(focused) == answer:
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == answer
    page.keyboard.press("Enter")
    page.wait_for_selector("#verdict:not([hidden])")
    assert "Correct" in page.inner_text("#verdict-h")
    assert page.evaluate("() => document.activeElement.id") == "verdict"
    assert axe_violations(page) == []
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "next-puzzle"
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server.url}/puzzles/claim")
    page.wait_for_selector("#table[data-mine=true]")


def test_a_stored_rating_the_server_refuses_is_cleared_with_its_message(
    server: ThreadServer, page: Any
) -> None:
    puzzle = first_puzzles("claim")[0]
    page.goto(f"{server.url}/puzzles/claim/{puzzle.id}")
    bad = {"rating": 99999, "deviation": 100, "volatility": 0.06, "tries": 3}
    page.evaluate(
        f"() => localStorage.setItem('regency.puzzles.rating.claim', '{json.dumps(bad)}')"
    )
    page.evaluate("() => localStorage.setItem('regency.puzzles.seen.claim', '[\"<b>\", 7]')")
    page.goto(f"{server.url}/puzzles/claim")  # the next puzzle comes all the same
    page.wait_for_selector("#table[data-mine=true]")
    page.goto(f"{server.url}/puzzles/claim/{puzzle.id}")
    page.wait_for_selector("#table[data-mine=true]")
    click_move(page, puzzle.solutions[0])
    page.wait_for_selector("#message:not(:empty)")
    said = page.inner_text("#message")
    assert "Your stored rating could not be read" in said
    assert "rating must be from 100 to 4000" in said
    assert stored_rating(page, "claim") is None
    click_move(page, puzzle.solutions[0])  # again: a new solver's first try
    page.wait_for_selector("#verdict:not([hidden])")
    assert stored_rating(page, "claim") == Rating().after(puzzle.rating, True).to_dict()


def test_a_link_to_a_puzzle_that_is_gone_leads_on_to_the_games_puzzles(
    server: ThreadServer, page: Any
) -> None:
    first_puzzles("claim")
    page.goto(f"{server.url}/puzzles/claim/c0000000000")
    page.wait_for_selector("#message:not(:empty)")
    assert "there is no claim puzzle 'c0000000000'" in page.inner_text("#message")
    page.click("#solve-others")
    page.wait_for_selector("#table[data-mine=true]")
    assert page.url == f"{server.url}/puzzles/claim"


def test_a_proven_puzzle_says_what_each_card_does_against_best_play(
    server: ThreadServer, page: Any
) -> None:
    """2-player Claim's phase two (issue 50): "wins" and "loses", not win chances."""
    puzzle = next(p for p in load_puzzles("claim").puzzles if p.exact)
    page.goto(f"{server.url}/puzzles/claim/{puzzle.id}")
    page.wait_for_selector("#table[data-mine=true]")
    click_move(page, wrong_move(puzzle))
    page.wait_for_selector("#verdict:not([hidden])")
    verdict = page.inner_text("#verdict")
    assert "Find the move that wins against best play." in page.inner_text("#head")
    assert "it loses against best play (proven by the solver)" in verdict
    assert "which wins against best play" in verdict
    assert puzzle.explanation in verdict
    assert "Against best play" in page.inner_text("table.moves-judged thead")
    cells = page.locator("table.moves-judged td.num").all_inner_texts()
    assert cells[0] == "wins" and "loses" in cells and not any("%" in c for c in cells)

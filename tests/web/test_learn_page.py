"""The lessons in a real browser (Chromium via Playwright), and a newcomer's walk.

One browser page per game walks its whole course: each lesson is first tried with a
wrong move (the lesson's words for it and the hint show), then solved by clicking its
answer on the table (the explanation shows), as a learner would. The lessons and their
answers are read from the shipped courses at test time. The newcomer's walk (slow) takes
Claim's course from the lobby and then plays the coached first game to its end.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import expect

import regency
from regency.learn import Lesson, load_course
from regency.learn.coach import words
from tests.server.conftest import ThreadServer
from tests.server.people import Person
from tests.web.helpers import wait_ready
from tests.web.test_puzzles_page import click_move

GAMES = [info.name for info in regency.available_games()]
TIMEOUT = 30_000


def click_answer(page: Any, move: str) -> None:
    """Click ``move`` on the lesson's table, as a learner does (its piece first if need be)."""
    click_move(page, move)


def wrong_moves(lesson: Lesson) -> list[str]:
    """The lesson's legal moves that do not solve it, the ones it explains first."""
    legal = [str(a) for a in lesson.start().legal_actions()]
    others = [m for m in legal if m not in lesson.answers]
    return sorted(others, key=lambda m: m not in lesson.wrong)


def learned(page: Any, game: str) -> list[str]:
    text = page.evaluate(f"() => localStorage.getItem('regency.learn.{game}')")
    return [] if text is None else list(json.loads(text))


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_is_solved_by_clicking_its_answer_after_a_wrong_try(
    game: str, server: ThreadServer, page: Any
) -> None:
    course = load_course(game)
    say = words()["learn"]
    for number, lesson in enumerate(course.lessons, start=1):
        page.goto(f"{server.url}/learn/{game}/{lesson.id}")
        page.wait_for_selector("#table[data-mine=true]")
        assert page.inner_text("#head-h") == lesson.title
        assert page.inner_text("#task") == lesson.task
        assert say["lesson_of"].format(number=number, count=len(course)) in page.inner_text("#step")
        wrong = wrong_moves(lesson)
        if wrong:  # a lesson whose every legal move solves it has nothing to miss
            click_answer(page, wrong[0])
            page.wait_for_selector("#verdict.wrong:not([hidden])")
            assert page.inner_text("#explanation") == lesson.wrong.get(wrong[0], lesson.miss)
            assert lesson.hint in page.inner_text("#hint")
            page.click("#try-again")
            page.wait_for_selector("#table[data-mine=true]")
        click_answer(page, lesson.answers[0])
        page.wait_for_selector("#verdict.right:not([hidden])")
        assert page.inner_text("#explanation") == lesson.right
        assert lesson.id in learned(page, game)
        if number < len(course):
            assert page.get_attribute("#next-lesson", "href") == (
                f"/learn/{game}/{course.lessons[number].id}"
            )
    # The course is done: the last answer offers a first game, with the course's words.
    expect(page.locator("#first-game")).to_be_visible()
    assert course.done in page.inner_text("#course-finished")
    assert learned(page, game) == [lesson.id for lesson in course.lessons]


def test_the_lobby_offers_each_course_and_progress_shows_there(
    server: ThreadServer, page: Any
) -> None:
    page.goto(server.url + "/")
    for game in GAMES:
        expect(page.locator(f"#learn-{game}")).to_have_attribute("href", f"/learn/{game}")
    page.click("#learn-link")
    page.wait_for_selector("#start-claim")
    course = load_course("claim")
    assert page.inner_text("#start-claim") == words()["learn"]["start"]
    page.click("#start-claim")
    page.wait_for_selector("#table[data-mine=true]")
    assert page.inner_text("#head-h") == course.lessons[0].title
    click_answer(page, course.lessons[0].answers[0])
    page.wait_for_selector("#verdict.right")
    page.click("#next-lesson")
    page.wait_for_selector("#table[data-mine=true]")
    assert page.inner_text("#head-h") == course.lessons[1].title
    page.goto(f"{server.url}/learn")
    expect(page.locator('[data-progress="claim"]')).to_have_text(
        words()["learn"]["progress"].format(done=1, count=len(course))
    )
    assert page.inner_text("#start-claim") == words()["learn"]["continue"]
    page.click("#course-claim")
    page.wait_for_selector("#lesson-list")
    assert page.locator("#lesson-list li.done").count() == 1


def test_a_move_that_is_not_allowed_is_explained_and_the_answer_can_be_shown(
    server: ThreadServer, page: Any
) -> None:
    lesson = load_course("claim-kingdoms").get("undead")
    page.goto(f"{server.url}/learn/claim-kingdoms/{lesson.id}")
    page.wait_for_selector("#table[data-mine=true]")
    click_answer(page, "pass")
    page.wait_for_selector("#verdict.wrong")
    page.click("#show-answer")
    page.wait_for_selector("#the-answer")
    described = lesson.start().describe(lesson.answers[0])
    assert described in page.inner_text("#the-answer")
    click_answer(page, lesson.answers[0])
    page.wait_for_selector("#verdict.right")


def test_signed_in_the_lessons_done_here_move_to_the_account(
    server: ThreadServer, page: Any
) -> None:
    person = Person(server.url, "pupil").sign_up()
    page.context.add_cookies(
        [{"name": "regency_session", "value": person.session, "url": server.url}]
    )
    page.goto(f"{server.url}/learn/kingdoms")
    page.wait_for_selector("#lesson-list")
    page.evaluate("() => localStorage.setItem('regency.learn.kingdoms', '[\"castles\"]')")
    page.goto(f"{server.url}/learn/kingdoms/ranks")  # the page sends what it kept
    page.wait_for_selector("#table[data-mine=true]")
    click_answer(page, "castle 2 B2")
    page.wait_for_selector("#verdict.right")
    stored = person.http.get("/api/learn").json()["learned"]
    assert stored["kingdoms"] == ["castles", "ranks"]
    person.close()


def test_a_lesson_is_solved_with_the_keyboard_alone_and_axe_finds_nothing_serious(
    server: ThreadServer, page: Any
) -> None:
    from tests.web.test_table_ux import axe_violations

    course = load_course("claim")
    lesson = course.get("knights")
    answer = lesson.answers[0]
    page.goto(f"{server.url}/learn/claim/{lesson.id}")
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
    page.wait_for_selector("#verdict.right")
    assert page.evaluate("() => document.activeElement.id") == "verdict"
    assert axe_violations(page) == []
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "next-lesson"
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server.url}/learn/claim/{course.lessons[3].id}")


def test_on_a_phone_the_task_and_the_table_are_on_screen(
    server: ThreadServer, browser: Any
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    lesson = load_course("claim").lessons[0]
    page.goto(f"{server.url}/learn/claim/{lesson.id}")
    page.wait_for_selector("#table[data-mine=true]")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    click_answer(page, lesson.answers[0])
    page.wait_for_selector("#verdict.right")
    box = page.locator("#verdict").bounding_box()
    assert box is not None and box["y"] < 844  # scrolled into view
    context.close()


@pytest.mark.slow
def test_a_newcomers_walk_takes_a_course_then_a_coached_first_game_to_its_end(
    server: ThreadServer, page: Any
) -> None:
    """From the lobby: Claim's course, lesson after lesson, then the first game it offers,
    with the coach's note after each move and a hint asked on the way."""
    page.set_default_timeout(60_000)
    page.goto(server.url + "/")
    page.click("#learn-claim")
    page.wait_for_selector("#start-claim")
    page.click("#start-claim")
    for lesson in load_course("claim").lessons:
        page.wait_for_selector("#table[data-mine=true]")
        assert page.inner_text("#head-h") == lesson.title
        click_answer(page, lesson.answers[0])
        page.wait_for_selector("#verdict.right")
        if page.locator("#next-lesson").count():
            page.click("#next-lesson")
    page.click("#first-game")
    page.wait_for_selector("#coach")
    rng = random.Random(5)
    asked = False
    mine = 0
    while True:
        wait_ready(page, timeout=60_000)
        if page.get_attribute("#table", "data-finished") == "true":
            break
        if not asked:
            page.click("#coach-ask")
            page.wait_for_function(
                "() => { const h = document.querySelector('#coach-hint');"
                " return h && h.textContent && !h.textContent.endsWith('…'); }"
            )
            assert page.inner_text("#coach-hint")
            asked = True
        seen = page.get_attribute("#table", "data-version")
        choices = page.locator("#table button.legal:not([disabled])")
        choices.nth(rng.randrange(choices.count())).click()
        mine += 1
        page.wait_for_function(
            "(v) => document.querySelector('#table').dataset.version !== v", arg=seen
        )
    expect(page.locator("#result")).to_be_visible()
    # Every move of the person gets its note (the coach catches up after the end), each
    # in one of the coach's words.
    expect(page.locator("#coach-notes li")).to_have_count(mine, timeout=120_000)
    labels = set(page.eval_on_selector_all("#coach-notes li", "els => els.map(e => e.className)"))
    assert labels and labels <= {"forced", "fine", "good", "inaccuracy", "mistake", "blunder"}

"""The table chat and the turn alerts, in Chromium (issue 33).

* Two seats and a spectator, each in their own browser context: a message from one seat
  reaches the other and the spectator; the spectator has nothing to write with.
* A message of markup (``<img src=x onerror=alert(1)>``) is shown as text: no element is
  made from it, no dialog opens, no CSP violation is reported.
* A message that comes while the chat is out of sight (below the table on a phone) is
  counted in the header's Chat button and the title until the chat is looked at.
* Muting a person hides their messages on that browser only, and stays after a reload.
* The rate limit (5 messages per 10 s) refuses the sixth with its reason on the page.
* The chat is shown in the replay, each message from the move it followed.
* A turn that starts while the page is in the background changes the title and the icon
  (and, once the person turned the alerts on, shows a notification and beeps); looking
  at the page again restores them.

The background: headless Chromium reports every page as visible whatever is in front,
so the test makes the page's own ``document.hidden`` and ``document.visibilityState``
say "hidden" (``Object.defineProperty`` on the document, shadowing the prototype's
getters) and dispatches a real ``visibilitychange`` event. That is exactly what the page
reads and listens to, so its code runs unchanged from the event on: the listener, the
title, the icon, the notification and the beep. The Notification constructor and
WebAudio's ``createOscillator`` are wrapped (by an init script, before the page's own
code) only to count their calls; the real ones still run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.conftest import ThreadServer
from tests.web.helpers import bearer, create, link, move_for, wait_connected, wait_finished

XSS = "<img src=x onerror=alert(1)>"

WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
"""

# Counts the notifications and beeps the page makes (the real constructors still run).
COUNT_ALERTS = """
window.__notes = [];
window.__beeps = 0;
if (window.Notification) {
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) { window.__notes.push(title); super(title, options); }
  };
}
if (window.AudioContext) {
  const make = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    window.__beeps += 1;
    return make.call(this);
  };
}
"""

HIDE = """(hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", { configurable: true,
    get: () => (hidden ? "hidden" : "visible") });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


class Person:
    """A page in its own browser context, with the dialogs it opened and its errors."""

    def __init__(self, browser: Any, url: str, width: int = 1100) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.page = self.context.new_page()
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on(
            "console",
            lambda m: (
                self.errors.append(m.text)
                if m.type == "error" and not m.text.startswith("Failed to load resource")
                else None
            ),
        )
        self.page.add_init_script(WATCH)
        self.page.goto(url)
        self.page.wait_for_selector("#table[data-version]")

    def wait_connected(self) -> None:
        """Wait for the page's socket to be open (its header says "connected")."""
        wait_connected(self.page)

    def said(self) -> list[str]:
        """The messages shown (hidden ones too), as ``name: text``."""
        texts: list[str] = self.page.eval_on_selector_all(
            "#chat-log li[data-id]",
            "all => all.map((li) => li.querySelector('.who').textContent"
            " + li.querySelector('.said').textContent)",
        )
        return texts

    def wait_said(self, text: str, count: int = 1) -> None:
        self.page.wait_for_function(
            "([t, n]) => [...document.querySelectorAll('#chat-log li[data-id]')]"
            ".filter((li) => li.textContent.endsWith(t)).length >= n",
            arg=[text, count],
            timeout=30_000,
        )

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], f"the page reported errors: {self.errors}"


@pytest.fixture
def people_of(browser: Any) -> Iterator[Any]:
    opened: list[Person] = []

    def open_page(url: str, width: int = 1100) -> Person:
        opened.append(Person(browser, url, width))
        return opened[-1]

    yield open_page
    for person in opened:
        person.close()


def two_people(server: ThreadServer, game: str = "kingdoms", **extra: Any) -> dict[str, Any]:
    return create(
        server.url, game=game, players=2, seats=[{"name": "Ann"}, {"name": "Bob"}], **extra
    )


def say(server: ThreadServer, table: dict[str, Any], seat: int, text: str) -> httpx.Response:
    token = table["invites"][seat]["token"]
    return httpx.post(
        f"{server.url}/api/tables/{table['table']}/seats/{seat}/chat",
        json={"text": text},
        headers=bearer(token),
        timeout=30,
    )


def test_seats_and_a_spectator_share_the_chat_as_text_and_mute_is_remembered(
    server: ThreadServer, people_of: Any
) -> None:
    table = two_people(server, "claim", seed=5)
    ann = people_of(link(server.url, table, 0))
    bob = people_of(link(server.url, table, 1), width=390)  # a phone
    watcher = people_of(link(server.url, table, None))
    # The spectator reads; there is nothing to write with.
    assert watcher.page.locator("#chat-form, #chat-presets").count() == 0
    assert "spectators read" in watcher.page.locator("#chat").inner_text()

    ann.page.fill("#chat-text", "Hello Bob")
    ann.page.keyboard.press("Enter")
    for person in (ann, bob, watcher):
        person.wait_said("Hello Bob")
    assert ann.said() == ["You: Hello Bob"]  # her own, as "You"
    assert bob.said() == watcher.said() == ["Ann: Hello Bob"]
    assert ann.page.input_value("#chat-text") == ""
    # On Bob's phone the chat is below the table: the header's button and the title count
    # the message; going to the chat with it clears the count.
    bob.page.wait_for_function(
        "() => document.querySelector('#chat-link').textContent === 'Chat (1 new)'"
    )
    assert bob.page.title().startswith("(1) ")
    bob.page.click("#chat-link")
    bob.page.wait_for_function("() => document.querySelector('#chat-link').textContent === 'Chat'")
    assert not bob.page.title().startswith("(")
    assert "#token=" in bob.page.url  # the jump kept the token in the address

    # Markup is text: shown as typed, no element made, nothing run.
    before = [p.page.evaluate("() => document.images.length") for p in (ann, bob, watcher)]
    ann.page.fill("#chat-text", XSS)
    ann.page.click("#chat-send")
    for person in (ann, bob, watcher):
        person.wait_said(XSS)
    bob.page.locator("#chat-presets button", has_text="Thanks").click()  # a phone's tap
    for person in (ann, bob, watcher):
        person.wait_said("Thanks")
    assert bob.said()[-2:] == [f"Ann: {XSS}", "You: Thanks"]
    after = [p.page.evaluate("() => document.images.length") for p in (ann, bob, watcher)]
    assert after == before
    for person in (ann, bob, watcher):
        assert person.page.locator("#chat img").count() == 0
        assert person.dialogs == []
        assert person.page.evaluate("() => window.__csp") == []

    # Bob mutes Ann: her messages are hidden on his page, not on the spectator's.
    bob.page.click('#chat-mutes button[data-seat="0"]')
    assert bob.page.get_attribute('#chat-mutes button[data-seat="0"]', "aria-pressed") == "true"
    ann.page.fill("#chat-text", "Can you hear me?")
    ann.page.keyboard.press("Enter")
    watcher.wait_said("Can you hear me?")
    bob.wait_said("Can you hear me?")
    assert bob.page.locator('#chat-log li[data-seat="0"]:visible').count() == 0
    assert bob.page.locator('#chat-log li[data-seat="1"]:visible').count() == 1
    assert "3 messages from muted people hidden" in bob.page.inner_text("#chat-hidden")
    assert watcher.page.locator('#chat-log li[data-seat="0"]:visible').count() == 3
    # Remembered: after a reload, the history comes back and Ann stays muted.
    bob.page.reload()
    bob.wait_said("Can you hear me?")
    assert bob.page.get_attribute('#chat-mutes button[data-seat="0"]', "aria-pressed") == "true"
    assert bob.page.locator('#chat-log li[data-seat="0"]:visible').count() == 0
    bob.page.click('#chat-mutes button[data-seat="0"]')  # and unmuted
    assert bob.page.locator('#chat-log li[data-seat="0"]:visible').count() == 3


def test_typing_survives_a_move_and_the_rate_limit_is_explained(
    server: ThreadServer, people_of: Any
) -> None:
    table = two_people(server, "kingdoms", seed=3)
    ann = people_of(link(server.url, table, 0))
    # A move lands while Ann is typing: the page redraws, her words and focus stay.
    ann.wait_connected()  # the socket's first view has come: the next redraw is the move's
    ann.page.click("#chat-text")
    ann.page.keyboard.type("half a sen")
    assert ann.page.input_value("#chat-text") == "half a sen"
    seen = int(ann.page.get_attribute("#table", "data-version"))
    move_for(server.url, table)
    ann.page.wait_for_function(
        f"() => Number(document.querySelector('#table').dataset.version) > {seen}"
    )
    ann.page.keyboard.type("tence")
    assert ann.page.input_value("#chat-text") == "half a sentence"
    assert ann.page.evaluate("() => document.activeElement.id") == "chat-text"

    # Six taps at once: five are said, the sixth is refused with the reason.
    button = ann.page.locator("#chat-presets button", has_text="Good luck")
    for _ in range(6):
        button.click()
    ann.page.wait_for_selector("#chat-error:not(:empty)", timeout=30_000)
    assert (
        "you may send 5 chat messages every 10 seconds"
        in ann.page.inner_text("#chat-error").lower()
    )
    ann.wait_said("Good luck", 5)
    assert ann.said().count("You: Good luck") == 5
    assert ann.page.input_value("#chat-text") == "half a sentence"  # not lost either
    # The cap is in the box as well as on the server.
    assert ann.page.get_attribute("#chat-text", "maxlength") == "200"


def test_a_dropped_connection_gives_the_chat_box_back(server: ThreadServer, people_of: Any) -> None:
    """The table pauses (inert, which drops the focus) and comes back: so does the focus."""
    table = two_people(server, "kingdoms", seed=4)
    ann = people_of(link(server.url, table, 0))
    ann.wait_connected()
    ann.page.click("#chat-text")  # a mouse: no keyboard player's focus memory to fall back on
    ann.page.keyboard.type("half")
    ann.context.set_offline(True)
    ann.page.wait_for_selector("#offline.lost", state="visible", timeout=15_000)
    assert ann.page.evaluate("() => document.activeElement.id") != "chat-text"  # paused
    ann.context.set_offline(False)
    ann.page.wait_for_selector("#offline.back", state="visible", timeout=30_000)
    assert ann.page.evaluate("() => document.activeElement.id") == "chat-text"
    ann.page.keyboard.type(" a sentence")
    assert ann.page.input_value("#chat-text") == "half a sentence"


MARKS = """() => [
  document.querySelector('#chat-log li[data-seat="0"] .mark').className,
  document.querySelector('.seatlist li .mark').className,
]"""


# Slow (a whole game played to its replay): CI's slow step runs it.
@pytest.mark.slow
def test_the_chat_is_in_the_replay(server: ThreadServer, people_of: Any) -> None:
    table = two_people(server, "kingdoms", seed=8)  # Kingdoms: seats have the game's colours
    assert say(server, table, 0, "Good luck, Bob").status_code == 200
    for _ in range(3):
        move_for(server.url, table)
    assert say(server, table, 1, f"after three moves {XSS}").status_code == 200
    while not httpx.get(f"{server.url}/api/tables/{table['table']}").json()["finished"]:
        move_for(server.url, table)
    wait_finished(server.url, table["table"])
    assert say(server, table, 0, "Good game").status_code == 200

    viewer = people_of(f"{server.url}/replay/{table['table']}?step=0")
    viewer.wait_said("Good luck, Bob")
    assert viewer.said() == ["Ann: Good luck, Bob"]
    # Ann's mark in the chat is the one the table gives her (her castles' colour).
    viewer.page.wait_for_function(f"() => {{ const [a, b] = ({MARKS})(); return a === b; }}")
    assert "2 more later in the game" in viewer.page.inner_text("#chat-hidden")
    viewer.page.click("#last")
    viewer.wait_said("Good game")
    assert viewer.said() == [
        "Ann: Good luck, Bob",
        f"Bob: after three moves {XSS}",
        "Ann: Good game",
    ]
    assert viewer.page.locator("#chat img").count() == 0 and viewer.dialogs == []
    # A replay reads: nothing to write with.
    assert viewer.page.locator("#chat-form").count() == 0


def _until_to_move(server: ThreadServer, table: dict[str, Any], seat: int) -> None:
    """Moves over HTTP (by whoever is to move) until it is ``seat``'s turn."""
    for _ in range(50):
        summary = httpx.get(f"{server.url}/api/tables/{table['table']}", timeout=30).json()
        if summary["to_move"] == seat:
            return
        move_for(server.url, table)
    raise AssertionError(f"seat {seat} never came to move")


def test_a_turn_in_the_background_changes_the_title_and_icon_and_alerts_when_asked(
    server: ThreadServer, browser: Any
) -> None:
    table = two_people(server, "kingdoms", seed=9)
    _until_to_move(server, table, 1)
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    context.grant_permissions(["notifications"], origin=server.url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(COUNT_ALERTS)
    try:
        page.goto(link(server.url, table, 0))
        page.wait_for_selector("#table[data-version]")
        assert not page.is_checked("#alerts")  # off by default
        icon = "() => document.querySelector('link[rel=icon]').dataset.state"
        assert page.evaluate(icon) == "wait"

        # In the background, the turn comes: the title and the icon say so, loudly.
        page.evaluate(HIDE, True)
        _until_to_move(server, table, 0)
        page.wait_for_function("() => document.title.startsWith('● Your turn - Kingdoms')")
        assert page.evaluate(icon) == "alert"
        assert page.evaluate("() => document.querySelector('link[rel=icon]').href").startswith(
            "data:image/png;base64,"
        )
        assert page.evaluate("() => [window.__notes.length, window.__beeps]") == [0, 0]
        # Looked at again: the ordinary turn title and icon.
        page.evaluate(HIDE, False)
        page.wait_for_function("() => document.title.startsWith('Your turn - Kingdoms')")
        assert page.evaluate(icon) == "turn"

        # Alerts on (a click: the permission is asked for, the sound may start).
        page.click("#alerts")
        assert page.evaluate("() => localStorage.getItem('regency.alerts')") == "on"
        assert page.evaluate("() => Notification.permission") == "granted"
        _until_to_move(server, table, 1)
        page.wait_for_function("() => !document.title.includes('Your turn')")
        page.evaluate(HIDE, True)
        _until_to_move(server, table, 0)
        page.wait_for_function("() => document.title.startsWith('● Your turn - Kingdoms')")
        page.wait_for_function("() => window.__notes.length === 1 && window.__beeps === 1")
        assert page.evaluate("() => window.__notes") == ["Your turn"]
        page.evaluate(HIDE, False)
        page.wait_for_function("() => document.title.startsWith('Your turn - Kingdoms')")
        # Remembered.
        page.reload()
        page.wait_for_selector("#table[data-version]")
        assert page.is_checked("#alerts")
    finally:
        context.close()
    assert errors == []

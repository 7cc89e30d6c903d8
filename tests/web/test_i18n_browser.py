"""The pages in the reader's language, in Chromium (issue 49, docs/i18n.md).

* a page asked for with ``Accept-Language: de`` is ``<html lang="de">``;
* the header's switcher changes the language, and the next page remembers it (the
  ``lang`` cookie);
* the pseudo-language over every page: every visible text with a letter must be inside a
  bracketed message (``[...]``) or an element marked ``data-i18n-skip``;
* no page scrolls sideways at 320 px, in German and in the pseudo-language (longer words).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.conftest import ThreadServer
from tests.server.people import Person
from tests.web.helpers import create, finish_over_http, link

# Every visible text node of the body with a letter, not in [data-i18n-skip] and not
# inside a bracketed pseudo message (the brackets may be in a parent's other text nodes
# when a message's placeholders are drawn as nodes, so the element's whole text counts).
ESCAPED = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    // Letters only inside brackets (a bracketed message with a little punctuation
    // around it, "· [ŵöñ ƀý Åññ]") are translated.
    // A message split by a node drawn in its place ("[{seat} ƥļåýéđ]" around a badge)
    // leaves an open "[" before the node and a "]" after it: what precedes an unmatched
    // "]" or follows an unmatched "[" is inside it.
    let rest = text;
    for (let before = ""; before !== rest;) {
      before = rest;
      rest = rest.replace(/\\[[^\\[\\]]*\\]/g, "");
    }
    rest = rest.replace(/^[^\\[]*\\]/, "").replace(/\\[[^\\]]*$/, "");
    if (!/\\p{L}/u.test(rest)) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest("[data-i18n-skip], time, script, style, template")) continue;
    if (!parent.checkVisibility || !parent.checkVisibility()) continue;
    let inside = false;
    for (let el = parent; el && el !== document.body && !inside; el = el.parentElement) {
      const whole = el.textContent;
      const at = whole.indexOf(text);
      inside = at >= 0 && whole.lastIndexOf("[", at) >= 0 && whole.indexOf("]", at) >= 0 &&
        whole.lastIndexOf("[", at) > whole.lastIndexOf("]", at - 1);
    }
    if (!inside) out.push(text.slice(0, 80));
  }
  return [...new Set(out)];
}"""


@pytest.fixture(scope="module")
def pseudo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("i18n") / "regency.db"
    with ThreadServer(f"sqlite:///{db}", test_pseudo=True, test_hashing=True) as s:
        yield s


@pytest.fixture(scope="module")
def pages(pseudo_server: ThreadServer) -> dict[str, str]:
    url = pseudo_server.url
    found = {
        "lobby": "/",
        "rules": "/rules/claim",
        "learn": "/learn",
        "puzzles": "/puzzles",
        "leaderboard": "/leaderboard",
        "account": "/account",
        "tournaments": "/tournaments",
    }
    for game in ("claim", "claim-kingdoms", "kingdoms"):
        table = create(url, game=game, players=2, seats=[{"name": "Ann"}, {"agent": "heuristic"}])
        found[f"table {game}"] = link("", table, 0)
    friends = create(url, game="claim", players=3, seats=[{"name": "Ann"}, {}, {}])
    found["a friends' table with unnamed seats"] = link("", friends, 0)
    done = create(url, game="claim", players=2, seats=[{"name": "A"}, {"name": "B"}], seed=3)
    finish_over_http(url, done)
    found["replay and analysis"] = f"/replay/{done['table']}"
    with Person(url, "Pia") as pia:
        pia.sign_up()
    found["profile"] = "/@/Pia"
    return found


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state("networkidle")


def test_accept_language_and_the_switcher(browser: Any, pseudo_server: ThreadServer) -> None:
    context = browser.new_context(locale="de-DE", extra_http_headers={"Accept-Language": "de"})
    page = context.new_page()
    _open(page, f"{pseudo_server.url}/")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#language").input_value() == "de"
    with page.expect_navigation():
        page.select_option("#language", "fr")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.lang") == "fr"
    _open(page, f"{pseudo_server.url}/rules/claim")  # the next page remembers it
    assert page.evaluate("document.documentElement.lang") == "fr"
    cookie = next(c for c in context.cookies() if c["name"] == "lang")
    assert cookie["value"] == "fr" and cookie["sameSite"] == "Lax" and cookie["path"] == "/"
    context.close()


def test_the_switcher_tells_a_signed_in_account(browser: Any, pseudo_server: ThreadServer) -> None:
    url = pseudo_server.url
    context = browser.new_context()
    page = context.new_page()
    _open(page, f"{url}/")
    page.evaluate(
        """async () => {
          await fetch('/api/account/signup', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({name: 'Switcher', password: 'a quiet evening of Claim'})});
        }"""
    )
    _open(page, f"{url}/")
    with page.expect_navigation():
        page.select_option("#language", "es")
    page.wait_for_load_state("networkidle")
    me = page.evaluate("fetch('/api/me').then(r => r.json())")
    assert me["language"] == "es" and me["speaking"] == "es"
    context.close()


def test_every_text_is_translated_in_the_pseudo_language(
    browser: Any, pseudo_server: ThreadServer, pages: dict[str, str]
) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_cookies([{"name": "lang", "value": "pseudo", "url": pseudo_server.url}])
    page = context.new_page()
    escaped: dict[str, list[str]] = {}
    for name, address in pages.items():
        _open(page, pseudo_server.url + address)
        page.wait_for_timeout(300)
        assert page.evaluate("document.documentElement.lang") == "pseudo", name
        found = page.evaluate(ESCAPED)
        if found:
            escaped[name] = found
    context.close()
    for name, texts in escaped.items():
        print(f"\n{name}: {len(texts)} texts escaped translation")
        for text in texts:
            print(f"    {text!r}")
    assert escaped == {}, "texts shown without translation (printed above)"


# The pseudo-language (its texts are longer than any language's) in the default run; each
# real language in CI's slow step, so the default run stays under ten minutes.
@pytest.mark.parametrize(
    "lang", ["pseudo", *(pytest.param(c, marks=pytest.mark.slow) for c in ("nl", "de", "fr", "es"))]
)
def test_no_page_scrolls_sideways_at_320_px(
    browser: Any, pseudo_server: ThreadServer, pages: dict[str, str], lang: str
) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 700}, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": pseudo_server.url}])
    page = context.new_page()
    wide = []
    for name, address in pages.items():
        _open(page, pseudo_server.url + address)
        scroll = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        if scroll[0] > scroll[1]:
            wide.append(f"{name}: {scroll[0]} px")
    context.close()
    assert wide == [], f"pages wider than 320 px in {lang}"


def test_the_catalog_is_fetched_once_preloaded(browser: Any, pseudo_server: ThreadServer) -> None:
    context = browser.new_context()
    context.add_cookies([{"name": "lang", "value": "de", "url": pseudo_server.url}])
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/i18n/" in r.url else None)
    _open(page, f"{pseudo_server.url}/")
    assert len(asked) == 1, asked  # the preload is used by i18n.js's fetch
    assert httpx.get(asked[0]).status_code == 200
    context.close()

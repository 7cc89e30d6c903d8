"""Serving the pages: the page shell every page is served in, and a missing game's 404.

The pages are plain HTML, CSS and ES modules shipped in ``regency/web`` (no build step, no
CDN, no remote fonts). They draw a table only from the seat's view message, exactly what a
program playing through the protocol receives, and send moves over the seat's WebSocket;
no game rule is repeated in JavaScript (the legal moves come from the server).

:func:`page` is the one place a page is put together, so a new page gets all of it by
being served through it: its title and description, the icons, the web app manifest and
the service worker's registration (:mod:`~regency.server.pages.install`), the import map
and the hashed names of its files (:mod:`~regency.server.pages.assets`), a
``modulepreload`` for every module its scripts import (so no chain of imports is fetched
one after another), public answers the page would ask for at once put in the page
(``preload``: the first view is drawn with no round trip, so nothing jumps when it
arrives), and ``Cache-Control: no-cache``.

The pages' routes are in :mod:`regency.server.routes.pages` and its neighbours; what they
show besides a live table is beside this module: the replays
(:mod:`~regency.server.pages.replays`) and their analysis
(:mod:`~regency.server.pages.analysis`), the puzzles (:mod:`~regency.server.pages.puzzles`)
and the rules (:mod:`~regency.server.pages.rulebook`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

import regency
from regency.core.i18n import DEFAULT, LANGUAGES, N_, _, choices, language
from regency.server.errors import ProtocolError
from regency.server.pages.assets import Assets
from regency.server.pages.translate import translate_html

__all__ = [
    "DESCRIPTION",
    "LANGUAGE_NAMES",
    "THEME",
    "WEB",
    "assets",
    "error_page",
    "known_game",
    "no_such_game",
    "page",
    "page_wanted",
    "title",
    "wants_html",
]

WEB = Path(regency.__file__).parent / "web"
"""The folder of the pages' assets."""

DESCRIPTION = N_(
    "Play Claim, Claim Kingdoms and Kingdoms in your browser: against the computer at the "
    "level you choose, or with friends by invite link; replays, analysis and puzzles."
)
"""A page's meta description when its route gives none (translated as it is served)."""

THEME = "#23313f"
"""The header's colour: the browser's bar and the installed app's (the manifest's too)."""

_EMPTY_NAV = '<nav class="account-nav" id="account-nav" aria-label="your account"></nav>'
# The header's account links as a signed-out visitor sees them, in the page itself: filled
# in by script they would make the header a row taller on a phone once the page was drawn
# (every page moved down 32 px); a signed-in person's links replace them
# (web/shared/account.js), which changes the header only for them.
_SIGNED_OUT_NAV = (
    '<nav class="account-nav" id="account-nav" aria-label="your account">'
    '<a href="/leaderboard">Leaderboard</a><a href="/account" id="nav-signin">Sign in</a></nav>'
)

# The shell's own words in the page's markup, translated with the page's (the extractor
# reads the .html files, so they are marked here for the template).
_SHELL_WORDS = (N_("your account"), N_("Leaderboard"), N_("Sign in"), N_("Language"))

LANGUAGE_NAMES = {
    "en": "English",
    "nl": "Nederlands",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
}
"""Each shipped language in its own words, as the switcher lists them."""


def _switcher(code: str, languages: tuple[str, ...]) -> str:
    """The header's language switcher (web/shared/language.js makes it work).

    It lists the languages offered (translated whole); with English alone there is none.
    """
    choices = [lang for lang in languages if lang in LANGUAGE_NAMES]
    if len(choices) < 2:
        return ""
    options = "".join(
        f'<option value="{lang}" lang="{lang}"{" selected" if lang == code else ""}>'
        f"{escape(LANGUAGE_NAMES[lang])}</option>"
        for lang in choices
    )
    label = escape(_("Language"))
    return (
        f'<label class="visually-hidden" for="language">{label}</label>'
        f'<select class="language" id="language" data-i18n-skip>{options}</select>'
    )


_ASSET = re.compile(r'(\s(?:src|href))="/static/([^"#?]+)"')
_MODULE = re.compile(r'<script type="module" src="/static/([^"]+)"')


@cache
def assets() -> Assets:
    """The pages' files and their hashed names, read once per process."""
    return Assets(WEB)


def page(
    name: str,
    title: str,
    body: str = "",
    status: int = 200,
    *,
    description: str | None = None,
    fill: Mapping[str, str] | None = None,
    preload: Mapping[str, Any] | None = None,
) -> HTMLResponse:
    """The page ``name`` of :data:`WEB` in the page shell (module docstring), not cached.

    Args:
        name: The page's file (``index.html``).
        title: Its title (text).
        body: Markup for ``<!--RULES-->`` (the rules pages' text).
        status: The answer's status.
        description: Its meta description (text, in the reader's language; default:
            :data:`DESCRIPTION`, translated here).
        fill: Markup for other ``<!--NAME-->`` marks, by ``NAME`` (built with
            :func:`html.escape` by the caller).
        preload: Public answers the page's scripts will ask for at once, by the address
            they ask (``/api/games``): ``api()`` (``web/shared/server.js``) takes them
            from the page instead of asking. Never a seat's view, a token or anything
            of one person's: the page is the same for everyone.
    """
    code = language()
    text = _shell(name, code, choices())
    text = text.replace("__TITLE__", escape(title)).replace("<!--RULES-->", body)
    for mark, markup in (fill or {}).items():
        text = text.replace(f"<!--{mark}-->", markup)
    files = assets()
    about = _(DESCRIPTION) if description is None else description  # the routes' are translated
    head = [
        f'<meta name="description" content="{escape(about)}">',
        f'<meta name="theme-color" content="{THEME}">',
        '<link rel="manifest" href="/manifest.webmanifest">',
        f'<link rel="icon" href="{files.url("icons/icon.svg")}" type="image/svg+xml">',
        f'<link rel="apple-touch-icon" href="{files.url("icons/icon-192.png")}">',
        f'<script type="importmap">{files.import_map}</script>',
    ]
    catalog = catalog_url(code)
    if catalog is not None:
        # Fetched by web/shared/i18n.js before the page draws: started now, with the page.
        head.append(f'<link rel="preload" as="fetch" crossorigin href="{catalog}">')
    preloads: dict[str, None] = {}
    for entry in [*_MODULE.findall(text), "shared/install.js", "shared/language.js"]:
        preloads.update(dict.fromkeys(files.module_graph(entry)))
    head += [f'<link rel="modulepreload" href="{files.url(m)}">' for m in preloads]
    if preload:
        # Data, not a script: never run, so the CSP has nothing to allow. "<" is escaped
        # so that no "</script>" in a name can end the block early.
        data = json.dumps(preload, separators=(",", ":")).replace("<", "\\u003c")
        head.append(f'<script type="application/json" id="preloaded">{data}</script>')
    head.append('<script type="module" src="/static/shared/install.js"></script>')
    head.append('<script type="module" src="/static/shared/language.js"></script>')
    # After the title: the import map before any module script, as it must be.
    text = text.replace("</title>\n", "</title>\n" + "\n".join(head) + "\n", 1)
    text = _ASSET.sub(lambda m: f'{m[1]}="{files.url(m[2])}"', text)
    return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-cache"})


def catalog_url(code: str) -> str | None:
    """The hashed address of the pages' catalog of ``code`` (``None``: English, or none)."""
    if code == DEFAULT:
        return None
    found = assets().hashed.get(f"i18n/{code}.json")
    return None if found is None else f"/static/{found}"


@cache
def _shell(name: str, code: str, languages: tuple[str, ...] = LANGUAGES) -> str:
    """The page ``name`` in the language ``code``: its own words translated, once per process.

    Its ``<html>`` says the language and names the catalog the scripts speak it with; the
    header gets the signed-out account links and the language switcher. What the route
    fills in later (the title, the rules, ``<!--NAME-->`` marks) is translated by it.
    """
    from regency.core.i18n import catalog, using

    text = (WEB / name).read_text(encoding="utf-8")
    switcher = _switcher(code, languages)
    if _EMPTY_NAV in text:
        text = text.replace(_EMPTY_NAV, switcher + _SIGNED_OUT_NAV)
    else:
        text = text.replace("</header>", switcher + "</header>", 1)
    with using(code):
        text = translate_html(text, catalog(code).gettext)
    attributes = f'lang="{escape(code)}"'
    found = catalog_url(code)
    if found is not None:
        attributes += f' data-catalog="{escape(found)}"'
    return re.sub(r'<html lang="[^"]*"', f"<html {attributes}", text, count=1)


def wants_html(request: Request) -> bool:
    """Whether the request asks for HTML (a browser), not JSON (a program)."""
    return "text/html" in request.headers.get("accept", "")


def page_wanted(request: Request) -> bool:
    """Whether a refusal should be a page: a browser (asking for HTML) following a link.

    The API's addresses (``/api/...``) and the assets (``/static/...``) always answer
    JSON (or nothing), whatever the request accepts: a program never gets a page.
    """
    path = request.url.path
    return (
        request.method in ("GET", "HEAD")
        and wants_html(request)
        and not path.startswith(("/api/", "/static/"))
    )


# What each refusal a link can meet says to a person: a heading and a sentence.
_PAGE_WORDS = {
    "no_such_table": (
        N_("No such table"),
        N_(
            "There is no table at this address: the link may be mistyped or cut short, or "
            "the table was removed after a long time without a move."
        ),
    ),
    "no_such_seat": (N_("No such seat"), N_("The table has no seat with this number.")),
    "not_finished": (
        N_("This game is still being played"),
        N_("Its replay opens once the game has ended."),
    ),
    "not_found": (N_("No such page"), N_("There is nothing at this address.")),
    "bad_request": (
        N_("This link is not right"),
        N_("Part of the address is not what it should be."),
    ),
}


def error_page(status: int, code: str, message: str) -> HTMLResponse:
    """A refusal as a page a person can read, with a way back (a browser's bad link).

    The heading and sentence say what went wrong in a player's words; the server's own
    message (the API's, escaped; none for an unknown address) follows in small print,
    and a link leads to the lobby. In the reader's language.
    """
    heading, sentence = _PAGE_WORDS.get(
        code, (N_("This page cannot be shown"), N_("The server refused it."))
    )
    heading, sentence = _(heading), _(sentence)
    says = _("The server says: {message}", message=message)
    said = f'<p class="small muted">{escape(says)}</p>' if message else ""
    back = _("Back to the lobby")
    body = (
        f"<h1>{escape(heading)}</h1><p>{escape(sentence)}</p>{said}"
        f'<p><a class="button primary" href="/" id="back">{escape(back)}</a></p>'
    )
    return page("message.html", _("{heading} · regency", heading=heading), body, status=status)


def title(game: str) -> str:
    """The game's title (``Claim Kingdoms``), or its name if there is no such game."""
    for info in regency.available_games():
        if info.name == game:
            return info.title
    return game


def known_game(game: str) -> bool:
    """Whether ``game`` is a registered game's name."""
    return game in {info.name for info in regency.available_games()}


def no_such_game(request: Request, game: str) -> Response:
    """404 for an unknown game: a page for a browser, the JSON refusal for a program."""
    message = f"no game called {game!r}"
    if not wants_html(request):
        raise ProtocolError(404, "no_such_game", message)
    links = " · ".join(
        f'<a href="/rules/{escape(info.name)}">{escape(info.title)}</a>'
        for info in regency.available_games()
    )
    quoted = f"<q>{escape(game)}</q>"
    heading = _("No such game")
    there_is_none = escape(_("There is no game called {game} here.")).format(game=quoted)
    rules_of = escape(_("The rules of: {games}.")).format(games=links)
    back = _("Back to the lobby")
    body = (
        f"<h1>{escape(heading)}</h1><p>{there_is_none}</p><p>{rules_of}</p>"
        f'<p><a href="/">{escape(back)}</a></p>'
    )
    return page("rules.html", _("{heading} · regency", heading=heading), body, status=404)

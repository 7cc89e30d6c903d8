"""The pages in the reader's language, without a browser: the shell, the HTML extractor,
the pages' catalogs (docs/i18n.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from regency.cli.i18n import page_catalog, pseudo_text, web_i18n_dir
from regency.core.i18n import LANGUAGES
from regency.server.pages.html import WEB, assets
from regency.server.pages.install import shell_files
from regency.server.pages.translate import messages, translate_html
from tests.server.conftest import make_client

HTML = {"Accept": "text/html"}


@pytest.fixture
def pseudo_client(sqlite_db: str) -> Iterator[TestClient]:
    with make_client(sqlite_db, test_pseudo=True) as client:
        yield client


def test_the_shell_writes_the_language_and_its_catalog(sqlite_db: str) -> None:
    # Every shipped language served, translated whole or not (the test setting).
    with make_client(sqlite_db, test_languages=True) as sqlite_client:
        english = sqlite_client.get("/", headers=HTML).text
        assert '<html lang="en">' in english and "data-catalog" not in english
        assert 'rel="preload" as="fetch"' not in english
        for code in LANGUAGES[1:]:
            text = sqlite_client.get("/", headers={**HTML, "Accept-Language": code}).text
            found = re.search(r'<html lang="(\w+)" data-catalog="([^"]+)">', text)
            assert found is not None and found[1] == code, text[:300]
            url = found[2]
            assert re.fullmatch(rf"/static/i18n/{code}\.[0-9a-f]{{10}}\.json", url), url
            assert f'<link rel="preload" as="fetch" crossorigin href="{url}">' in text
            answer = sqlite_client.get(url)
            assert answer.status_code == 200 and "immutable" in answer.headers["cache-control"]
            assert isinstance(answer.json(), dict)
            assert url in shell_files()  # the service worker keeps it: offline pages speak it too
            # the switcher, each language in itself, the page's chosen
            assert f'<option value="{code}" lang="{code}" selected>' in text
        for name in ["English", "Nederlands", "Deutsch", "Français", "Español"]:
            assert f">{name}</option>" in english
        assert '<label class="visually-hidden" for="language">' in english


def test_error_pages_speak_the_language_too(pseudo_client: TestClient) -> None:
    pseudo_client.cookies.set("lang", "pseudo")
    text = pseudo_client.get("/play/nope/0", headers=HTML).text
    assert '<html lang="pseudo"' in text
    assert "[Ñö šûçĥ ţåƀļé]" in text and "[Ɓåçķ ţö ţĥé ļöƀƀý]" in text
    text = pseudo_client.get("/rules/nope", headers=HTML).text
    assert "[Ñö šûçĥ ĝåɱé]" in text and "<q>nope</q>" in text


def test_the_pages_static_words_are_translated_at_serve_time(pseudo_client: TestClient) -> None:
    pseudo_client.cookies.set("lang", "pseudo")
    text = pseudo_client.get("/", headers=HTML).text
    assert ">[Þļåý åĝåîñšţ ţĥé çöɱþûţéŕ]</h1>" in text
    assert 'aria-label="[ýöûŕ åççöûñţ]"' in text
    assert '<a href="/" data-i18n-skip>regency</a>' in text  # the brand is never translated
    # a data-i18n element is one message, its inline tags kept
    assert '<a href="/rules/claim">Çļåîɱ</a>' in text
    assert re.search(r'<meta name="description" content="\[Þļåý', text)


def test_the_extractor_finds_the_texts_of_every_page() -> None:
    pages = sorted(WEB.glob("*.html"))
    assert len(pages) >= 14
    for path in pages:
        text = path.read_text(encoding="utf-8")
        found = [m for _line, m in messages(text)]
        assert found or path.name == "message.html", path.name  # its words are Python's
        # every text with a letter is found, outside the skipped and the whole messages
        pseudo = translate_html(text, pseudo_text)
        body = pseudo[pseudo.index("<body") :]
        body = re.sub(r"<(script|style)\b.*?</\1>", "", body, flags=re.S)
        body = re.sub(r"<([a-z]+)[^>]*data-i18n-skip[^>]*>.*?</\1>", "", body, flags=re.S)
        for piece in re.sub(r"<[^>]*>", "\n", body).split("\n"):
            piece = piece.strip()
            if re.search(r"[A-Za-z]", piece) and not piece.startswith("__"):
                assert "[" in piece or "]" in piece, (path.name, piece)
    lobby = [m for _line, m in messages((WEB / "index.html").read_text(encoding="utf-8"))]
    assert "Play against the computer" in lobby and "your account" in lobby
    assert "regency" not in lobby  # data-i18n-skip
    rules = next(m for m in lobby if m.startswith("Rules: "))
    assert '<a href="/rules/claim">Claim</a>' in rules  # one message, inner HTML


def test_the_template_holds_the_html_and_python_messages() -> None:
    from regency.cli.i18n import locale_dir

    pot = (locale_dir() / "regency.pot").read_text(encoding="utf-8")
    for message in ["Play against the computer", "Back to the lobby", "Language"]:
        assert f'msgid "{message}"' in pot, message
    assert "src/regency/web/index.html" in pot


def test_the_pages_catalogs_hold_the_scripts_messages_only() -> None:
    from babel.messages.catalog import Catalog

    folder = web_i18n_dir()
    for code in [*LANGUAGES[1:], "pseudo"]:
        path = folder / f"{code}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict), code
        for key, value in data.items():
            assert isinstance(key, str) and (isinstance(value, (str, list)))
        assert f"i18n/{code}.json" in assets().hashed
    catalog = Catalog(locale="de")
    catalog.add("Your turn", "Du bist dran")
    catalog.add(("{count} card", "{count} cards"), ("{count} Karte", "{count} Karten"))
    catalog.add("Not asked for by a script", "Nicht")
    catalog.add("Untranslated", "")
    catalog.add("Changed", "Geändert", flags=("fuzzy",))
    wanted = {"Your turn", "{count} card", "Untranslated", "Changed"}
    assert page_catalog(catalog, wanted) == {
        "Your turn": "Du bist dran",
        "{count} card": ["{count} Karte", "{count} Karten"],
    }


def test_pseudo_text_keeps_markup_and_placeholders() -> None:
    assert pseudo_text('see <a href="/x">the {name}</a> &amp; go') == (
        '[šéé <a href="/x">ţĥé {name}</a> &amp; ĝö]'
    )


def test_catalogs_are_compiled_from_the_po_files(tmp_path: Path) -> None:
    # `regency i18n compile` writes them; the committed ones are what it writes now.
    from regency.cli import i18n

    before = {p.name: p.read_text(encoding="utf-8") for p in web_i18n_dir().glob("*.json")}
    i18n.write_page_catalogs()
    after = {p.name: p.read_text(encoding="utf-8") for p in web_i18n_dir().glob("*.json")}
    assert before == after

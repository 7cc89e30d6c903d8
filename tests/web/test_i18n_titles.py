"""The words the server builds in Python for the pages (titles, descriptions, headings)
speak the reader's language: in the pseudo-language each comes out bracketed, the
names and game titles in its placeholders as they are (docs/i18n.md)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import make_client
from tests.server.helpers import create, people

HTML = {"Accept": "text/html"}


@pytest.fixture
def pseudo_client(sqlite_db: str) -> Iterator[TestClient]:
    with make_client(sqlite_db, test_pseudo=True) as client:
        client.cookies.set("lang", "pseudo")
        yield client


def _title(text: str) -> str:
    found = re.search(r"<title>(.*?)</title>", text)
    assert found is not None, text[:300]
    return found[1]


def _description(text: str) -> str:
    found = re.search(r'<meta name="description" content="([^"]*)"', text)
    assert found is not None, text[:300]
    return found[1]


def _bracketed(text: str) -> bool:
    return text.startswith("[") and text.endswith("]")


@pytest.mark.parametrize(
    "path",
    ["/", "/leaderboard", "/games", "/account", "/tournaments", "/puzzles", "/learn", "/offline"],
)
def test_the_fixed_pages_titles_are_translated(pseudo_client: TestClient, path: str) -> None:
    text = pseudo_client.get(path, headers=HTML).text
    assert _bracketed(_title(text)), _title(text)
    assert _bracketed(_description(text)), _description(text)


def test_titles_with_a_game_keep_its_name(pseudo_client: TestClient) -> None:
    for path in ("/rules/claim", "/puzzles/claim", "/learn/claim"):
        title = _title(pseudo_client.get(path, headers=HTML).text)
        assert _bracketed(title) and "Claim" in title, (path, title)
    rules = pseudo_client.get("/rules/claim", headers=HTML).text
    assert 'aria-label="[Öñ ţĥîš þåĝé]"' in rules
    assert '<footer class="rules-more"><p>[' in rules


def test_the_table_page_says_seat_and_watching_in_the_language(
    pseudo_client: TestClient,
) -> None:
    table = create(pseudo_client, game="kingdoms", players=2, seats=people(2, "AB"))
    seat = pseudo_client.get(table["invites"][1]["url"], headers=HTML).text
    title = _title(seat)
    assert _bracketed(title) and "Kingdoms: B (" in title and "1)" in title, title
    assert "Kingdoms · seat 1" not in seat  # the header's words too
    watch = _title(pseudo_client.get(table["spectator"]["url"], headers=HTML).text)
    assert _bracketed(watch) and watch.startswith("[Kingdoms: ") and "watching" not in watch


def test_the_manifest_speaks_the_language(pseudo_client: TestClient) -> None:
    manifest = pseudo_client.get("/manifest.webmanifest").json()
    assert _bracketed(manifest["name"]) and _bracketed(manifest["description"])
    assert manifest["short_name"] == "regency"  # the brand stays


def test_english_is_as_before(sqlite_client: TestClient) -> None:
    text = sqlite_client.get("/leaderboard", headers=HTML).text
    assert "<title>Leaderboards · regency</title>" in text
    rules = sqlite_client.get("/rules/claim", headers=HTML).text
    assert 'aria-label="On this page"' in rules and "[" not in _title(rules)

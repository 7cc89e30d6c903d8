"""What a browser may keep and how answers travel (issue 51): hashed names, caching, compression.

Without a browser: the application's answers, through FastAPI's test client.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import struct

import brotli
from fastapi.testclient import TestClient

from regency.server.pages.assets import FOREVER, HASH_LENGTH
from regency.server.pages.html import WEB, assets
from regency.server.pages.install import OFFLINE, shell_files
from tests.server.helpers import create, people, seat_url

HTML = {"Accept": "text/html"}
PAGES = ["/", "/rules/claim", "/puzzles", "/puzzles/kingdoms", "/offline"]


def _scripts_and_styles(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def test_pages_name_every_file_by_its_content_hash(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="kingdoms", players=2, seats=people(2))
    for path in [*PAGES, f"/play/{table['table']}/0", f"/watch/{table['table']}"]:
        html = sqlite_client.get(path, headers=HTML).text
        files = _scripts_and_styles(html)
        assert any(f.endswith(".css") for f in files) and any(f.endswith(".js") for f in files)
        for address in files:
            # Every file a page names is under its hashed name, and that hash is its
            # content's: the first HASH_LENGTH hex digits of the SHA-256 of its bytes.
            match = re.fullmatch(rf"/static/(.+)\.([0-9a-f]{{{HASH_LENGTH}}})(\.\w+)", address)
            assert match, (path, address)
            data = (WEB / (match[1] + match[3])).read_bytes()
            assert hashlib.sha256(data).hexdigest()[:HASH_LENGTH] == match[2], address
            answer = sqlite_client.get(address)
            assert answer.status_code == 200 and answer.content == data, address
            assert (
                answer.headers["cache-control"]
                == FOREVER
                == ("public, max-age=31536000, immutable")
            )


def test_the_import_map_sends_every_module_to_its_hashed_name(sqlite_client: TestClient) -> None:
    html = sqlite_client.get("/", headers=HTML).text
    found = re.findall(r'<script type="importmap">(.*?)</script>', html)
    assert len(found) == 1, "one import map, before any module script"
    assert html.index('type="importmap"') < html.index('type="module"')
    imports = json.loads(found[0])["imports"]
    modules = sorted(p.relative_to(WEB).as_posix() for p in WEB.rglob("*.js"))
    assert sorted(imports) == [f"/static/{m}" for m in modules]
    for plain, hashed in imports.items():
        assert hashed == assets().url(plain.removeprefix("/static/"))
    # The CSP allows exactly this script, by its hash, and no other inline one.
    digest = hashlib.sha256(found[0].encode()).digest()
    policy = sqlite_client.get("/", headers=HTML).headers["content-security-policy"]
    assert f"'sha256-{base64.b64encode(digest).decode()}'" in policy
    assert "unsafe-inline" not in policy
    # Each page preloads what its scripts import: no chain of requests one after another.
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    for module in ("shared/dom.js", "shared/server.js", "shared/links.js"):
        assert assets().url(module) in preloaded, module


def test_a_plain_name_is_asked_again_and_a_stale_hash_is_not_found(
    sqlite_client: TestClient,
) -> None:
    plain = sqlite_client.get("/static/table.js")
    assert plain.status_code == 200 and plain.headers["cache-control"] == "no-cache"
    assert plain.headers["etag"]
    again = sqlite_client.get("/static/table.js", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304
    # A page of an older release names a hash that is no longer the file's: not found,
    # never served as if it were that version (and never kept).
    stale = sqlite_client.get("/static/table.0123456789.js")
    assert stale.status_code == 404 and stale.headers["cache-control"] == "no-store"
    assert sqlite_client.get("/static/nope.0123456789.js").status_code == 404


def test_pages_are_asked_again_and_answers_holding_a_seat_are_never_kept(
    sqlite_client: TestClient,
) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2))
    tid, token = table["table"], table["invites"][0]["token"]
    for path in [*PAGES, f"/play/{tid}/0", "/sw.js", "/manifest.webmanifest"]:
        assert sqlite_client.get(path, headers=HTML).headers["cache-control"] == "no-cache", path
    bearer = {"Authorization": f"Bearer {token}"}
    answers = [
        sqlite_client.get(seat_url(tid, 0, "view"), headers=bearer),  # a seat's view
        sqlite_client.post(
            "/api/tables", json={"game": "claim", "players": 2, "seats": people(2)}
        ),  # tokens
        sqlite_client.get("/api/games"),
        sqlite_client.get(f"/api/tables/{tid}"),
        sqlite_client.get("/api/tables/nosuchtable"),  # a refusal
        sqlite_client.get("/"),  # the JSON summary
    ]
    for answer in answers:
        assert answer.headers["cache-control"] == "no-store", answer.url


def test_text_answers_are_compressed_and_short_ones_are_not(sqlite_client: TestClient) -> None:
    css = (WEB / "style.css").read_bytes()
    for encoding, decode in (("br", brotli.decompress), ("gzip", gzip.decompress)):
        with sqlite_client.stream(
            "GET", "/static/style.css", headers={"Accept-Encoding": encoding}
        ) as answer:
            body = b"".join(answer.iter_raw())  # as sent, not decoded by the client
        assert answer.headers["content-encoding"] == encoding
        assert "accept-encoding" in answer.headers["vary"].lower()
        assert decode(body) == css and len(body) < len(css) / 3
    page = sqlite_client.get("/", headers={**HTML, "Accept-Encoding": "gzip"})
    assert page.headers["content-encoding"] == "gzip"
    games = sqlite_client.get("/api/games", headers={"Accept-Encoding": "br"})
    assert games.headers["content-encoding"] == "br"
    # Under half a kilobyte: not worth it, sent as it is.
    small = sqlite_client.get("/healthz", headers={"Accept-Encoding": "gzip, br"})
    assert "content-encoding" not in small.headers
    # An image already compressed is not compressed again.
    png = sqlite_client.get(assets().url("icons/icon-512.png"), headers={"Accept-Encoding": "br"})
    assert "content-encoding" not in png.headers


def test_the_websocket_is_never_compressed(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="claim", players=2, seats=people(2))
    tid, token = table["table"], table["invites"][0]["token"]
    with sqlite_client.websocket_connect(
        f"/api/tables/{tid}/seats/0/ws",
        headers={"Accept-Encoding": "gzip, br, zstd"},
        subprotocols=["regency", f"regency.token.{token}"],
    ) as ws:
        message = ws.receive_text()  # plain JSON text, as the protocol says
        assert json.loads(message)["type"] == "view"


def test_every_page_has_a_title_and_a_description(sqlite_client: TestClient) -> None:
    table = create(sqlite_client, game="kingdoms", players=2, seats=people(2))
    titles = set()
    for path in [*PAGES, f"/play/{table['table']}/1", "/rules/kingdoms/reference"]:
        html = sqlite_client.get(path, headers=HTML).text
        title = re.findall(r"<title>([^<]+)</title>", html)
        description = re.findall(r'<meta name="description" content="([^"]+)">', html)
        assert len(title) == 1 and len(description) == 1, path
        assert len(description[0]) >= 40, (path, description)
        titles.add(title[0])
    assert len(titles) == len(PAGES) + 2  # each page its own


def test_the_manifest_names_the_app_and_its_icons(sqlite_client: TestClient) -> None:
    answer = sqlite_client.get("/manifest.webmanifest")
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["short_name"] == "regency" and manifest["name"]
    sizes = set()
    for icon in manifest["icons"]:
        data = sqlite_client.get(icon["src"]).content
        if icon["type"] == "image/png":
            # The PNG's own width and height (its IHDR chunk) are the ones declared.
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}", icon
            sizes.add((width, icon.get("purpose", "any")))
        else:
            assert data.startswith(b"<svg"), icon
    # What a phone needs to install it: 192 and 512 px, and one that may be masked.
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    html = sqlite_client.get("/", headers=HTML).text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<meta name="theme-color"' in html


def test_the_service_worker_keeps_the_static_shell_only(sqlite_client: TestClient) -> None:
    answer = sqlite_client.get("/sw.js")
    assert answer.headers["content-type"].startswith("text/javascript")
    text = answer.text
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", text)[1])  # type: ignore[index]
    assert shell == shell_files() and shell[0] == OFFLINE
    # The offline page and the files it loads, by their hashed names: no page with a
    # view, no API answer, nothing with a token.
    offline = sqlite_client.get(OFFLINE, headers=HTML).text
    for address in _scripts_and_styles(offline):
        if address.endswith((".js", ".css")):
            assert address in shell, address
    for address in shell[1:]:
        assert address.startswith("/static/") and re.search(r"\.[0-9a-f]{10}\.", address)
    assert not any("/api/" in a or "token" in a or "/play/" in a for a in shell)
    assert "You are offline" in offline
    # A new release (any file changed) is a new worker, which drops the old copies.
    assert f'const CACHE = "regency-shell-{assets().version}";' in text
    assert "caches.delete" in text


def test_robots_may_read_the_pages_not_the_api(sqlite_client: TestClient) -> None:
    answer = sqlite_client.get("/robots.txt")
    assert answer.status_code == 200 and "Disallow: /api/" in answer.text

"""The pages' static files under names that carry their content hash, and how long to keep them.

A browser may keep a file whose name holds its content's hash for good: a new release
changes the file, so its name, and the pages (never cached without asking again) name the
new one. So:

* :class:`Assets` hashes every file of :data:`~regency.server.pages.html.WEB` the pages
  load once, at start-up: ``shared/dom.js`` is also served as ``shared/dom.1a2b3c4d5e.js``
  (the first :data:`HASH_LENGTH` hex digits of the file's SHA-256). The pages
  (:func:`~regency.server.pages.html.page`) name the hashed files, and an **import map**
  in each page sends every module's plain address (``/static/shared/dom.js``, what the
  modules' ``import`` statements and the game modules' ``import()`` name) to its hashed
  one, so the modules themselves are served byte for byte as they are in the package. The
  import map is an inline script: the Content-Security-Policy allows exactly it, by its
  SHA-256 (:attr:`Assets.csp_hash`), and no other inline script.
* :class:`HashedStaticFiles` serves ``/static/``: a hashed name whose hash is the file's
  with ``Cache-Control: public, max-age=31536000, immutable``; a plain name with
  ``no-cache`` (the browser asks again, with the ETag, each time); a hashed name whose
  hash is not the file's (a page of an older release) is a 404, never another file.
* :class:`CacheDefaults` gives every other answer that set no ``Cache-Control`` of its own
  ``no-store``: an API answer may hold a seat's view, a token or an account's data, which
  no cache (the browser's, a proxy's) may keep. Pages say ``no-cache`` themselves.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "FOREVER",
    "HASH_LENGTH",
    "Assets",
    "CacheDefaults",
    "HashedStaticFiles",
]

HASH_LENGTH = 10
"""Hex digits of the SHA-256 a static file's name carries (40 bits: no two files of a
release collide by chance, and a name stays short)."""

FOREVER = "public, max-age=31536000, immutable"
"""``Cache-Control`` of a file served under its hashed name: a year, never asked again."""

SERVED = frozenset({".js", ".css", ".svg", ".png", ".webmanifest", ".json"})
"""The kinds of file the pages load from ``/static/`` (the rules' Markdown is not one;
``.json``: the pages' catalogs, ``i18n/<lang>.json``)."""

_HASHED = re.compile(rf"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{{{HASH_LENGTH}}})(?P<ext>\.[a-z]+)$")
_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["'](/static/[^"']+)["']""", re.M)
_BARE_IMPORT = re.compile(r"""^\s*import\s*["'](/static/[^"']+)["']""", re.M)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_LENGTH]


class Assets:
    """Every static file of ``folder`` the pages load, by its plain and its hashed name.

    Args:
        folder: The pages' assets (read once, here: a file changed later keeps the hash
            it had when the server started, until a restart).
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.hashed: dict[str, str] = {}
        """Plain name (``shared/dom.js``) -> hashed name (``shared/dom.1a2b3c4d5e.js``)."""
        self.imports: dict[str, list[str]] = {}
        """A module's plain name -> the plain names it imports statically."""
        for path in sorted(folder.rglob("*")):
            if not path.is_file() or path.suffix not in SERVED:
                continue
            name = path.relative_to(folder).as_posix()
            data = path.read_bytes()
            self.hashed[name] = f"{name[: -len(path.suffix)]}.{_digest(data)}{path.suffix}"
            if path.suffix == ".js":
                text = data.decode("utf-8")
                found = _IMPORT.findall(text) + _BARE_IMPORT.findall(text)
                self.imports[name] = [f.removeprefix("/static/") for f in found]
        self.import_map = json.dumps(
            {
                "imports": {
                    f"/static/{name}": f"/static/{hashed}"
                    for name, hashed in self.hashed.items()
                    if name.endswith(".js")
                }
            },
            separators=(",", ":"),
        )
        """The page's import map, as it is written in the page (its hash is in the CSP)."""
        digest = base64.b64encode(hashlib.sha256(self.import_map.encode()).digest()).decode()
        self.csp_hash = f"'sha256-{digest}'"
        """The CSP source that allows the import map and nothing else inline."""
        self.version = _digest("\n".join(sorted(self.hashed.values())).encode())
        """One hash of every file: changes whenever any file does (the service worker's)."""

    def url(self, name: str) -> str:
        """The address of the file ``name`` (``style.css``): hashed if it is one of ours."""
        return f"/static/{self.hashed.get(name, name)}"

    def module_graph(self, entry: str) -> list[str]:
        """Every module ``entry`` imports, directly or not (for ``modulepreload``), in order."""
        seen: dict[str, None] = {}

        def visit(name: str) -> Iterator[str]:
            for child in self.imports.get(name, []):
                if child not in seen:
                    seen[child] = None
                    yield child
                    yield from visit(child)

        return list(visit(entry))

    def lookup(self, path: str) -> tuple[str, bool] | None:
        """For a requested ``path`` under ``/static/``: (the file's plain name, hashed?).

        ``None`` for a hashed name whose hash is not the file's own.
        """
        match = _HASHED.match(path)
        if match is None:
            return path, False
        plain = match["stem"] + match["ext"]
        if self.hashed.get(plain) != path:
            return None
        return plain, True


class HashedStaticFiles(StaticFiles):
    """``/static/``: files by their hashed name (kept a year) or plain name (asked again)."""

    def __init__(self, assets: Assets, **kwargs: Any) -> None:
        super().__init__(directory=assets.folder, check_dir=False, **kwargs)
        self.assets = assets

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file, with the ``Cache-Control`` its name earns."""
        found = self.assets.lookup(path)
        if found is None:
            return Response("Not Found", status_code=404, headers={"Cache-Control": "no-store"})
        plain, hashed = found
        response = await super().get_response(plain, scope)
        if response.status_code in (200, 304):
            response.headers["Cache-Control"] = FOREVER if hashed else "no-cache"
        return response


class CacheDefaults:
    """ASGI middleware: an HTTP answer that says nothing about caching gets ``no-store``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add ``Cache-Control: no-store`` to an answer without one."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_default(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = message.get("headers", [])
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    message = {**message, "headers": [*headers, (b"cache-control", b"no-store")]}
            await send(message)

        await self.app(scope, receive, with_default)

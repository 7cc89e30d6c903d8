"""What lets the site be installed on a phone: the web app manifest and the service worker.

* :func:`manifest`: ``/manifest.webmanifest``, the app's name, colours, start page and
  icons (``regency/web/icons/``), so a browser offers to add it to the home screen.
* :func:`service_worker`: ``/sw.js``, a small service worker that keeps **only the static
  shell**: the offline page (``/offline``), the stylesheet, its scripts and the icons,
  under their hashed names, fetched when it is installed. It answers a page load that
  cannot reach the server with the offline page ("You are offline"), and a request for a
  file of the shell from its copy. It never keeps a page, a view, a token or an API
  answer: every other request goes to the network as if it were not there. A release
  changes the hashed names, so the worker's text, so the browser installs the new one,
  which drops the old copies.
* :data:`ROBOTS`: ``/robots.txt`` (crawlers may read the pages, not the API).
"""

from __future__ import annotations

import json
from typing import Any

from regency.core.i18n import _
from regency.server.pages.html import THEME, assets

__all__ = ["OFFLINE", "ROBOTS", "manifest", "service_worker", "shell_files"]

OFFLINE = "/offline"
"""The page the service worker shows when a page cannot be loaded."""

ROBOTS = "User-agent: *\nDisallow: /api/\n"
"""``/robots.txt``: the pages may be read, the JSON API not."""

_WORKER = """\
// regency's service worker (regency/server/pages/install.py writes it): it keeps only the
// static shell, and shows the offline page when a page cannot be loaded.
const CACHE = "regency-shell-__VERSION__";
const OFFLINE = "__OFFLINE__";
const SHELL = __SHELL__;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n)));
    // A page load starts while the worker wakes up, not after.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // Pages always come from the server; only when it cannot be reached, the offline page.
    event.respondWith((async () => {
      try {
        return (await event.preloadResponse) || await fetch(request);
      } catch {
        return caches.match(OFFLINE);
      }
    })());
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== location.origin || !SHELL.includes(url.pathname)) return;
  event.respondWith(caches.match(url.pathname).then((kept) => kept || fetch(request)));
});
"""


def shell_files() -> list[str]:
    """The addresses the service worker keeps: the offline page and every file it loads."""
    files = assets()
    names = ["style.css", "offline.js", "icons/icon.svg", "icons/icon-192.png"]
    for module in ["offline.js", "shared/install.js", "shared/language.js"]:
        names += files.module_graph(module)
    names += ["shared/install.js", "shared/language.js"]
    # The pages' catalogs (docs/i18n.md): a page offline still speaks its language.
    names += [name for name in files.hashed if name.startswith("i18n/") and name.endswith(".json")]
    return [OFFLINE, *dict.fromkeys(files.url(name) for name in names)]


def service_worker() -> str:
    """The text of ``/sw.js`` for this release (its shell's hashed names)."""
    return (
        _WORKER.replace("__VERSION__", assets().version)
        .replace("__OFFLINE__", OFFLINE)
        .replace("__SHELL__", json.dumps(shell_files()))
    )


def manifest() -> dict[str, Any]:
    """The web app manifest (``/manifest.webmanifest``), its words in the current language."""
    files = assets()
    return {
        "id": "/",
        "name": _("regency: Claim, Claim Kingdoms and Kingdoms"),
        "short_name": "regency",
        "description": _(
            "Play Claim, Claim Kingdoms and Kingdoms against the computer or with friends."
        ),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f3ec",
        "theme_color": THEME,
        "icons": [
            {"src": files.url("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": files.url("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": files.url("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": files.url("icons/maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }

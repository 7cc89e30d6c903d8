"""How long a person waits for the computer in the browser: a click to their turn again.

Starts ``regency serve`` as a subprocess on loopback (its defaults, as the README's
install runs it: SQLite in a temporary folder, one worker process), opens the lobby in
Debian's Chromium (Playwright), and for each game presses the lobby's own "Play" button
with its preselected level (the default opponent) at the game's default player count
(2), so the table is set up exactly as a person's first game is. The only change to the
lobby's request is a fixed ``seed`` (added on the way, so the deals are the same from run
to run). The page is then played to the end by random legal clicks.

Each click that hands the turn to the computer is timed in the page itself: from the
``pointerdown`` on the move to the next animation frame after the page marks the person's
turn again (``#table[data-mine=true]``, or the game over), so the figure is what a person
sees, socket, server, worker, pacing and drawing included. Besides the median, 90th and
95th percentile and the maximum per game, it prints where the time went: the computer
moves between the click and the turn (one answer may be several decisions: a card and its
power), the worker's time per decision (``regency_computer_move_seconds`` from the
server's ``/metrics``), and how much of the wait the worker accounts for.

Run: ``.venv/bin/python benchmarks/bench_answer_time.py`` (``--games 3`` games per game,
``--seed``, ``--only kingdoms``; ``--json FILE`` writes every timing). Print ``uptime``'s
load with the figures: timing is sensitive to a busy machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from regency.sim.machine import describe_machine

CHROMIUM = os.environ.get("REGENCY_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GAMES = ("claim", "claim-kingdoms", "kingdoms")

# Installed before any page script: times each click on a move until the page shows the
# person's turn again, if the turn went to the computer in between.
TIMER = """
(() => {
  window.__waits = [];
  let click = null;
  document.addEventListener("pointerdown", (event) => {
    const button = event.target.closest && event.target.closest("#table button.legal");
    const table = document.getElementById("table");
    if (button && table) {
      click = { at: performance.now(), version: Number(table.dataset.version), away: false };
    }
  }, true);
  new MutationObserver(() => {
    const table = document.getElementById("table");
    if (!click || !table) return;
    const back = table.dataset.mine === "true" || table.dataset.finished === "true";
    if (!back) { if (table.dataset.mine === "false") click.away = true; return; }
    if (!click.away) return;
    const done = click;
    click = null;
    const version = Number(table.dataset.version);
    requestAnimationFrame(() => window.__waits.push({
      ms: performance.now() - done.at, moves: version - done.version,
      finished: table.dataset.finished === "true" }));
  }).observe(document,
    { subtree: true, attributes: true, attributeFilter: ["data-mine", "data-finished"] });
})();
"""


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(data_dir: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "regency.cli.main",
            "serve",
            "--port",
            str(port),
            "--data-dir",
            data_dir,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def worker_seconds(url: str) -> tuple[float, float]:
    """(sum, count) of the server's computer-move histogram."""
    text = httpx.get(f"{url}/metrics", timeout=10).text
    found = {}
    for name in ("sum", "count"):
        match = re.search(rf"^regency_computer_move_seconds_{name} (\S+)$", text, re.M)
        found[name] = float(match.group(1)) if match else 0.0
    return found["sum"], found["count"]


def play_one(browser: Any, url: str, game: str, seed: int) -> list[dict[str, Any]]:
    """One game from the lobby's Play button to the end; the page's timed waits."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(TIMER)

    def with_seed(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        if body.get("players", 2) != 2:
            raise SystemExit(f"{game}: the lobby's quick play is not a 2-player game")
        route.continue_(post_data=json.dumps({**body, "seed": seed}))

    page.route("**/api/tables", with_seed)
    page.goto(url + "/")
    page.click(f"#play-{game}")
    page.wait_for_url("**/play/**")
    rng = random.Random(seed)
    ready = (
        "() => { const t = document.querySelector('#table');"
        " return t && (t.dataset.mine === 'true' || t.dataset.finished === 'true'); }"
    )
    for _ in range(1000):
        page.wait_for_function(ready, timeout=120_000)
        if page.get_attribute("#table", "data-finished") == "true":
            break
        seen = int(page.get_attribute("#table", "data-version") or 0)
        choices = page.locator("#table button.legal:not([disabled])")
        choices.nth(rng.randrange(choices.count())).click()
        page.wait_for_function(
            f"() => Number(document.querySelector('#table').dataset.version) > {seen}",
            timeout=120_000,
        )
    page.wait_for_timeout(100)  # the last frame's timing
    waits: list[dict[str, Any]] = page.evaluate("window.__waits")
    context.close()
    return waits


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games played per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=GAMES, action="append")
    parser.add_argument("--json", type=Path, help="write every timing here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(describe_machine())
    print("load average at start:", os.getloadavg())
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as data, sync_playwright() as p:
        proc, url = start_server(data)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            print(
                f"{'game':16} {'waits':>5} {'median':>7} {'p90':>6} {'p95':>6} {'max':>6}"
                f" {'moves/wait':>10} {'worker/move':>11} {'worker share':>12}"
            )
            for game in args.only or GAMES:
                waits: list[dict[str, Any]] = []
                before = worker_seconds(url)
                for g in range(args.games):
                    waits += play_one(browser, url, game, args.seed * 1000 + g)
                after = worker_seconds(url)
                ms = [w["ms"] / 1000 for w in waits]
                computer = sum(w["moves"] - 1 for w in waits)  # the person's own move is one
                spent, count = after[0] - before[0], after[1] - before[1]
                per_move = spent / count if count else 0.0
                share = per_move * computer / sum(ms) if ms else 0.0
                print(
                    f"{game:16} {len(ms):5d} {statistics.median(ms):7.2f}"
                    f" {percentile(ms, 0.9):6.2f} {percentile(ms, 0.95):6.2f} {max(ms):6.2f}"
                    f" {computer / len(ms):10.2f} {per_move:11.3f} {share:12.0%}",
                    flush=True,
                )
                results[game] = {"waits": waits, "worker_seconds": spent, "worker_moves": count}
        finally:
            browser.close()
            proc.terminate()
            proc.wait(10)
    print("load average at end:", os.getloadavg())
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()

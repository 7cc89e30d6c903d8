// "My games", /games (docs/accounts.md): a signed-in player's open tables, the ones where
// it is their turn first, their finished games (by game and result, 20 a page), and every
// record in one file.
import { el } from "/static/shared/dom.js";
import { api, me, titles } from "/static/shared/server.js";
import { profileLink, showAccount } from "/static/shared/account.js";
import { gamesPanel } from "/static/gamelist.js";

const root = document.getElementById("page");
const ago = (seconds) => new Date(seconds * 1000).toLocaleString();

function openEntry(t) {
  const others = t.seats.filter((s) => s.seat !== t.seat).map((s, i) => [i ? ", " : "",
    s.account ? profileLink(s.account) : s.name]);
  return el("li", { class: t.your_turn ? "open your-turn" : "open", dataset: { table: t.table } },
    t.your_turn ? el("strong", { class: "turn-badge" }, "Your turn") : el("span", { class: "muted" }, "Their turn"),
    ` · ${t.title}, ${t.players} players${t.rated ? ", rated" : ""}`,
    el("span", { class: "small" }, " against ", others),
    el("span", { class: "small muted" }, ` · ${t.moves} moves, last ${ago(t.updated_at)} · `),
    el("a", { href: t.url, class: t.your_turn ? "button primary" : "" }, t.your_turn ? "Play" : "Open"));
}

async function start() {
  showAccount();
  document.getElementById("where").textContent = "my games";
  const who = await me();
  if (!who.signed_in) {
    root.replaceChildren(el("h1", {}, "My games"),
      el("p", {}, el("a", { href: "/account?next=/games" }, "Sign in"), " to see your games. ",
        "Tables you set up without an account are listed in the lobby."));
    return;
  }
  const [mine, names] = await Promise.all([api("/api/account/games"), titles()]);
  root.replaceChildren(
    el("h1", {}, "My games"),
    el("section", { class: "panel", "aria-labelledby": "open-h" },
      el("h2", { id: "open-h" }, "Open tables"),
      el("ul", { class: "plain game-list", id: "open-list" }, mine.open.length ? mine.open.map(openEntry)
        : [el("li", { class: "muted" }, "None: ", el("a", { href: "/" }, "start a game in the lobby"), ".")])),
    gamesPanel(`/api/players/${encodeURIComponent(who.name)}/games`, true, names),
    el("p", {}, el("a", { class: "button", href: "/api/account/records", download: `regency-${who.name}-games.json`,
      id: "download" }, "Download all my game records"),
    el("span", { class: "small muted" }, " (one JSON file; each record replays with regency replay)")));
}

start();

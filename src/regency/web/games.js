// "My games", /games (docs/accounts.md): a signed-in player's open tables, the ones where
// it is their turn first, their finished games (by game and result, 20 a page), and every
// record in one file.
import { el } from "/static/shared/dom.js";
import { LANG, nt, t, tNodes } from "/static/shared/i18n.js";
import { api, me, titles } from "/static/shared/server.js";
import { profileLink, showAccount } from "/static/shared/account.js";
import { gamesPanel } from "/static/gamelist.js";

const root = document.getElementById("page");
// Dates in the page's language, as the reader's browser writes it if it speaks that language.
const LOCALE = navigator.languages.find((l) => l.split("-")[0] === LANG) || (LANG === "pseudo" ? undefined : LANG);
const ago = (seconds) => new Date(seconds * 1000).toLocaleString(LOCALE);

function openEntry(table) {
  const others = table.seats.filter((s) => s.seat !== table.seat).map((s, i) => [i ? ", " : "",
    s.account ? profileLink(s.account) : s.name]);
  const what = table.rated
    ? nt("{game}, {count} player, rated", "{game}, {count} players, rated", table.players, { game: table.title })
    : nt("{game}, {count} player", "{game}, {count} players", table.players, { game: table.title });
  return el("li", { class: table.your_turn ? "open your-turn" : "open", dataset: { table: table.table } },
    table.your_turn ? el("strong", { class: "turn-badge" }, t("Your turn")) : el("span", { class: "muted" }, t("Their turn")),
    " · ", what,
    el("span", { class: "small" }, " ", tNodes("against {players}", { players: el("span", {}, others) })),
    el("span", { class: "small muted" }, " · ",
      nt("{count} move, last {when}", "{count} moves, last {when}", table.moves, { when: ago(table.updated_at) }), " · "),
    el("a", { href: table.url, class: table.your_turn ? "button primary" : "" }, table.your_turn ? t("Play") : t("Open")));
}

async function start() {
  showAccount();
  document.getElementById("where").textContent = t("my games");
  const who = await me();
  if (!who.signed_in) {
    root.replaceChildren(el("h1", {}, t("My games")),
      el("p", {}, tNodes("{sign_in} to see your games.", { sign_in: el("a", { href: "/account?next=/games" }, t("Sign in")) }), " ",
        t("Tables you set up without an account are listed in the lobby.")));
    return;
  }
  const [mine, names] = await Promise.all([api("/api/account/games"), titles()]);
  root.replaceChildren(
    el("h1", {}, t("My games")),
    el("section", { class: "panel", "aria-labelledby": "open-h" },
      el("h2", { id: "open-h" }, t("Open tables")),
      el("ul", { class: "plain game-list", id: "open-list" }, mine.open.length ? mine.open.map(openEntry)
        : [el("li", { class: "muted" }, tNodes("None: {lobby}.", { lobby: el("a", { href: "/" }, t("start a game in the lobby")) }))])),
    gamesPanel(`/api/players/${encodeURIComponent(who.name)}/games`, true, names),
    el("p", {}, el("a", { class: "button", href: "/api/account/records", download: `regency-${who.name}-games.json`,
      id: "download" }, t("Download all my game records")),
    el("span", { class: "small muted" }, " ", t("(one JSON file; each record replays with regency replay)"))));
}

start();

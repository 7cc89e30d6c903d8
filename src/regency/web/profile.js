// A player's profile, /@/NAME (docs/accounts.md): ratings per game with their graphs and
// their place on the computer ladder, games played and won, puzzle ratings, and the
// finished games (by game and result, newest first, 20 a page) linking to their replays.
// On one's own profile, the API tokens for `regency connect` are made and revoked here.
import { el } from "/static/shared/dom.js";
import { nt, ntNodes, t, tNodes } from "/static/shared/i18n.js";
import { copyButton } from "/static/shared/links.js";
import { api, me, titles } from "/static/shared/server.js";
import { showAccount } from "/static/shared/account.js";
import { gamesPanel } from "/static/gamelist.js";
import { ratingGraph } from "/static/ratinggraph.js";

const root = document.getElementById("page");
const name = decodeURIComponent(location.pathname.split("/")[2] || "");
const day = (seconds) => new Date(seconds * 1000).toISOString().slice(0, 10);
const POOLS = { 2: t("2 players"), "3-4": t("3-4 players") };
let names = {};

function ratingCard(r) {
  const ladder = Object.entries(r.ladder || {}).filter(([, text]) => text)
    .map(([n, text]) => el("li", {}, r.pool === "2" ? t("Against the computer: {place}", { place: text })
      : t("Against the computer at {players} players: {place}", { players: n, place: text })));
  return el("article", { class: "panel rating-card", dataset: { game: r.game, pool: r.pool } },
    el("h3", {}, `${r.title} · ${POOLS[r.pool] || r.pool}`),
    el("p", { class: "rating-figure" }, el("strong", { class: "rating" }, r.shown),
      el("span", { class: "small muted" }, " ", nt("after {count} rated game", "after {count} rated games", r.games),
        r.provisional ? [" ", t("(provisional: ? until the rating settles)")] : "")),
    ladder.length ? el("ul", { class: "plain small" }, ladder) : "",
    r.history.length ? ratingGraph({ history: r.history, title: t("{game}, {pool}", { game: r.title, pool: POOLS[r.pool] || r.pool }),
      width: Math.min(root.clientWidth - 40, 640) }) : "");
}

function playedTable(games) {
  return el("table", { class: "played" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Game")), el("th", { scope: "col" }, t("Played")),
      el("th", { scope: "col" }, t("Won")), el("th", { scope: "col" }, t("Rated")))),
    el("tbody", {}, games.map((g) => el("tr", {},
      el("th", { scope: "row" }, `${g.title} · ${POOLS[g.pool] || g.pool}`),
      el("td", {}, String(g.played)), el("td", {}, String(g.won)), el("td", {}, String(g.rated))))));
}

function tokensPanel() {
  const list = el("ul", { class: "plain tokens", id: "tokens" });
  const shown = el("div", { id: "new-token", "aria-live": "polite" });
  const error = el("p", { class: "error", role: "alert" });
  async function load() {
    const { tokens } = await api("/api/account/tokens");
    list.replaceChildren(...(tokens.length ? tokens.map((token) => el("li", {},
      el("strong", {}, token.label), el("span", { class: "small muted" }, " ",
        token.last_used ? t("made {day}, last used {used}", { day: day(token.created_at), used: day(token.last_used) })
          : t("made {day}, never used", { day: day(token.created_at) }), " "),
      el("button", { type: "button", class: "revoke", "aria-label": t("revoke {label}", { label: token.label }),
        onclick: async () => { await api(`/api/account/tokens/${token.id}`, { method: "DELETE" }); shown.replaceChildren(); load(); } },
      t("Revoke"))))
      : [el("li", { class: "muted" }, t("No API tokens."))]));
  }
  const label = el("input", { id: "token-label", maxlength: 40, placeholder: t("my bot"), "aria-label": t("what the token is for") });
  const make = el("form", { class: "row", id: "token-form" }, label,
    el("button", { class: "primary", type: "submit" }, t("Make a token")));
  make.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const made = await api("/api/account/tokens", { json: { label: label.value } });
      const box = el("input", { value: made.token, readonly: true, id: "token-value", "aria-label": t("the new API token") });
      shown.replaceChildren(el("p", { class: "small" }, t("Copy it now: it is shown only this once."), " ",
        tNodes("Then: {command}", { command: el("code", {}, "regency connect http://HOST/play/TABLE/SEAT --api-token TOKEN") })),
      el("div", { class: "invite" }, box, copyButton(box)));
      label.value = "";
      load();
    } catch (e) { error.textContent = e.message; }
  });
  load();
  return el("section", { class: "panel", "aria-labelledby": "tokens-h", id: "tokens-panel" },
    el("h2", { id: "tokens-h" }, t("API tokens")),
    el("p", { class: "small muted" }, t("A program (regency connect, your own bot) plays your seats with a token."), " ",
      t("It acts for you until you revoke it.")), make, error, shown, list);
}

async function start() {
  showAccount();
  const where = document.getElementById("where");
  where.textContent = name;
  where.dataset.i18nSkip = "";  // a name, the same in every language
  let profile;
  try {
    [profile, names] = await Promise.all([api(`/api/players/${encodeURIComponent(name)}`), titles()]);
  } catch (e) {
    root.replaceChildren(el("h1", {}, t("No such player")), el("p", {}, e.message, " ",
      el("a", { href: "/leaderboard" }, t("The leaderboards"))));
    return;
  }
  const who = await me();
  const self = who.signed_in && who.name.toLowerCase() === profile.name.toLowerCase();
  const puzzles = Object.entries(profile.puzzles || {});
  root.replaceChildren(
    el("h1", { "data-i18n-skip": "" }, profile.name),
    el("p", { class: "small muted" }, t("Playing here since {day}", { day: day(profile.since) }),
      profile.disabled ? [" · ", t("this account is disabled")] : "",
      self ? [" · ", el("a", { href: "/account" }, t("your account's settings"))] : ""),
    el("section", { "aria-labelledby": "ratings-h" }, el("h2", { id: "ratings-h" }, t("Ratings")),
      profile.ratings.length ? el("div", { class: "rating-cards" }, profile.ratings.map(ratingCard))
        : el("p", { class: "muted" }, t("No rated game yet."))),
    profile.games.length ? el("section", { class: "panel", "aria-labelledby": "played-h" },
      el("h2", { id: "played-h" }, t("Games played")), playedTable(profile.games)) : "",
    puzzles.length ? el("section", { class: "panel", "aria-labelledby": "puzzles-h" },
      el("h2", { id: "puzzles-h" }, t("Puzzles")), el("ul", { class: "plain" }, puzzles.map(([g, r]) =>
        el("li", {}, ntNodes("{game}: {rating} after {count} try", "{game}: {rating} after {count} tries", r.tries,
          { game: names[g] || g, rating: el("strong", {}, r.shown) }))))) : "",
    gamesPanel(`/api/players/${encodeURIComponent(profile.name)}/games`, self, names),
    self ? tokensPanel() : "");
}

start();

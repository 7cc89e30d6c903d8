// The leaderboards, /leaderboard (docs/accounts.md): per game and player count, the top 50
// players with a settled rating (no "?") and a rated game in the last 30 days.
import { el } from "/static/shared/dom.js";
import { nt, t } from "/static/shared/i18n.js";
import { api } from "/static/shared/server.js";
import { profileLink, showAccount } from "/static/shared/account.js";

const root = document.getElementById("page");
const POOLS = { 2: t("2 players"), "3-4": t("3-4 players") };

function board(b) {
  const id = `board-${b.game}-${b.pool.replace("-", "")}`;
  return el("section", { class: "panel board", id, "aria-labelledby": `${id}-h` },
    el("h2", { id: `${id}-h` }, t("{game} · {players}", { game: b.title, players: POOLS[b.pool] || b.pool })),
    b.players.length
      ? el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"),
        el("th", { scope: "col" }, t("Player")), el("th", { scope: "col" }, t("Rating")), el("th", { scope: "col" }, t("Games")))),
      el("tbody", {}, b.players.map((p) => el("tr", {}, el("td", {}, String(p.place)),
        el("th", { scope: "row" }, profileLink(p.name)), el("td", {}, p.shown), el("td", {}, String(p.games))))))
      : el("p", { class: "muted small" }, t("Nobody yet.")));
}

async function start() {
  showAccount();
  document.getElementById("where").textContent = t("leaderboards");
  try {
    const answer = await api("/api/leaderboard");
    root.replaceChildren(el("h1", {}, t("Leaderboards")),
      el("p", { class: "small muted" }, nt(
        "The best {size} of each game and player count with a settled rating and a rated game in the last {count} day.",
        "The best {size} of each game and player count with a settled rating and a rated game in the last {count} days.",
        answer.days, { size: answer.size }), " ",
      t("A rating with a ? is not settled yet: it settles after a dozen rated games or so.")),
      el("div", { class: "boards" }, answer.boards.map(board)));
  } catch (e) {
    root.replaceChildren(el("p", { class: "error" }, e.message));
  }
}

start();

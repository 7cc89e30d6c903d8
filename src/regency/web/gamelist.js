// A player's finished games as the profile and "My games" list them: filtered by game
// and result, newest first, 20 a page, each with who played, the outcome, the rating's
// change and a link to its replay.
import { el } from "/static/shared/dom.js";
import { api } from "/static/shared/server.js";
import { profileLink } from "/static/shared/account.js";
import { count } from "/static/shared/words.js";

const day = (seconds) => new Date(seconds * 1000).toISOString().slice(0, 10);
const OUTCOMES = { won: "Won", lost: "Lost", drawn: "Drawn", aborted: "Aborted" };

/** One finished game in a list: the game, who played, the outcome, the rating's change. */
export function gameEntry(g, self) {
  const others = g.seats.filter((s) => s.seat !== g.seat).map((s, i) => [i ? ", " : "",
    s.account ? profileLink(s.account) : s.name, s.rating ? ` (${s.rating})` : ""]);
  const delta = g.rating_after - g.rating_before;
  const change = g.rating_after !== null && g.rating_before !== null
    ? [" · rating ", el("span", { class: delta >= 0 ? "up" : "down" },
      `${g.rating_before} → ${g.rating_after} (${delta >= 0 ? "+" : "−"}${Math.abs(delta)})`)]
    : el("span", { class: "muted" }, " · casual");
  return el("li", { class: "game-entry", dataset: { table: g.table } },
    el("strong", {}, `${OUTCOMES[g.outcome] || g.outcome}`), ` · ${g.title}, ${g.players} players`,
    el("span", { class: "small" }, " against ", others, change),
    el("span", { class: "small muted" }, ` · ${day(g.finished_at)} · ${count(g.moves, "move")} · `),
    el("a", { href: g.replay, "aria-label": `replay of ${g.title} on ${day(g.finished_at)} (${self ? "your" : "their"} seat)` }, "replay"));
}

/** The finished games, filtered and paged, from `path` (a profile's or "My games"). */
export function gamesPanel(path, self, names, heading = "Finished games") {
  const list = el("ul", { class: "plain game-list", id: "games-list" });
  const pager = el("p", { class: "pager row", id: "games-pager" });
  const game = el("select", { id: "filter-game", "aria-label": "only this game" },
    el("option", { value: "" }, "Every game"), Object.entries(names).map(([n, t]) => el("option", { value: n }, t)));
  const result = el("select", { id: "filter-result", "aria-label": "only this result" },
    el("option", { value: "" }, "Every result"), Object.entries(OUTCOMES).map(([v, t]) => el("option", { value: v }, t)));
  let page = 1;
  async function load() {
    const query = new URLSearchParams({ page: String(page) });
    if (game.value) query.set("game", game.value);
    if (result.value) query.set("result", result.value);
    try {
      const answer = await api(`${path}?${query}`);
      const { games: rows, pages, total } = answer;
      list.replaceChildren(...(rows.length ? rows.map((g) => gameEntry(g, self)) : [el("li", { class: "muted" }, "No games.")]));
      pager.replaceChildren(
        el("button", { type: "button", disabled: page <= 1, onclick: () => { page -= 1; load(); } }, "← Newer"),
        el("span", { class: "small muted" }, `Page ${page} of ${pages} · ${total} game${total === 1 ? "" : "s"}`),
        el("button", { type: "button", disabled: page >= pages, onclick: () => { page += 1; load(); } }, "Older →"));
    } catch (e) {
      list.replaceChildren(el("li", { class: "error" }, e.message));
    }
  }
  for (const select of [game, result]) select.addEventListener("change", () => { page = 1; load(); });
  load();
  return el("section", { class: "panel", "aria-labelledby": "games-h" },
    el("h2", { id: "games-h" }, heading), el("p", { class: "row" }, game, result), list, pager);
}


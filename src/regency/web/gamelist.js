// A player's finished games as the profile and "My games" list them: filtered by game
// and result, newest first, 20 a page, each with who played, the outcome, the rating's
// change and a link to its replay.
import { el } from "/static/shared/dom.js";
import { nt, t, tNodes } from "/static/shared/i18n.js";
import { api } from "/static/shared/server.js";
import { profileLink } from "/static/shared/account.js";

const day = (seconds) => new Date(seconds * 1000).toISOString().slice(0, 10);
const OUTCOMES = { won: t("Won"), lost: t("Lost"), drawn: t("Drawn"), aborted: t("Aborted") };

/** One finished game in a list: the game, who played, the outcome, the rating's change. */
export function gameEntry(g, self) {
  const others = g.seats.filter((s) => s.seat !== g.seat).map((s, i) => [i ? ", " : "",
    s.account ? profileLink(s.account) : s.name, s.rating ? ` (${s.rating})` : ""]);
  const delta = g.rating_after - g.rating_before;
  const change = g.rating_after !== null && g.rating_before !== null
    ? [" · ", tNodes("rating {change}", { change: el("span", { class: delta >= 0 ? "up" : "down" },
      `${g.rating_before} → ${g.rating_after} (${delta >= 0 ? "+" : "−"}${Math.abs(delta)})`) })]
    : el("span", { class: "muted" }, " · ", t("casual"));
  const when = day(g.finished_at);
  return el("li", { class: "game-entry", dataset: { table: g.table } },
    el("strong", {}, `${OUTCOMES[g.outcome] || g.outcome}`), " · ",
    nt("{game}, {count} player", "{game}, {count} players", g.players, { game: g.title }),
    el("span", { class: "small" }, " ", tNodes("against {players}", { players: el("span", {}, others) }), change),
    el("span", { class: "small muted" }, ` · ${when} · `, nt("{count} move", "{count} moves", g.moves), " · "),
    el("a", { href: g.replay, "aria-label": self ? t("replay of {game} on {day} (your seat)", { game: g.title, day: when })
      : t("replay of {game} on {day} (their seat)", { game: g.title, day: when }) }, t("replay")));
}

/** The finished games, filtered and paged, from `path` (a profile's or "My games"). */
export function gamesPanel(path, self, names, heading = t("Finished games")) {
  const list = el("ul", { class: "plain game-list", id: "games-list" });
  const pager = el("p", { class: "pager row", id: "games-pager" });
  const game = el("select", { id: "filter-game", "aria-label": t("only this game") },
    el("option", { value: "" }, t("Every game")), Object.entries(names).map(([n, title]) => el("option", { value: n }, title)));
  const result = el("select", { id: "filter-result", "aria-label": t("only this result") },
    el("option", { value: "" }, t("Every result")), Object.entries(OUTCOMES).map(([v, words]) => el("option", { value: v }, words)));
  let page = 1;
  async function load() {
    const query = new URLSearchParams({ page: String(page) });
    if (game.value) query.set("game", game.value);
    if (result.value) query.set("result", result.value);
    try {
      const answer = await api(`${path}?${query}`);
      const { games: rows, pages, total } = answer;
      list.replaceChildren(...(rows.length ? rows.map((g) => gameEntry(g, self)) : [el("li", { class: "muted" }, t("No games."))]));
      pager.replaceChildren(
        el("button", { type: "button", disabled: page <= 1, onclick: () => { page -= 1; load(); } }, t("← Newer")),
        el("span", { class: "small muted" }, t("Page {page} of {pages}", { page, pages }), " · ",
          nt("{count} game", "{count} games", total)),
        el("button", { type: "button", disabled: page >= pages, onclick: () => { page += 1; load(); } }, t("Older →")));
    } catch (e) {
      list.replaceChildren(el("li", { class: "error" }, e.message));
    }
  }
  for (const select of [game, result]) select.addEventListener("change", () => { page = 1; load(); });
  load();
  return el("section", { class: "panel", "aria-labelledby": "games-h" },
    el("h2", { id: "games-h" }, heading), el("p", { class: "row" }, game, result), list, pager);
}


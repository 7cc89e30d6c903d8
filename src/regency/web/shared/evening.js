// After a game: the score sheet to copy or download, and the evening's score over the
// rematches played at one table.

import { el } from "/static/shared/dom.js";
import { badge } from "/static/shared/seats.js";
import { nt, t } from "/static/shared/i18n.js";

/**
 * "Copy score sheet" and "Download score sheet" for a finished game: the server's plain
 * text (GET /api/tables/T/scoresheet), a few lines to paste into a message. The text is
 * people's names and numbers: it goes to the clipboard or into a textarea's value, never
 * into the page's HTML.
 */
export function scoresheetButtons(tableId) {
  const path = `/api/tables/${encodeURIComponent(tableId)}/scoresheet`;
  const shown = el("textarea", { class: "scoresheet", id: "scoresheet-text", rows: 8, readonly: true,
    "aria-label": t("score sheet"), hidden: true });
  const copy = el("button", { type: "button", id: "copy-scoresheet", onclick: async (event) => {
    const button = event.currentTarget;
    let text;
    try {
      const response = await fetch(path, { headers: { Accept: "text/plain" } });
      if (!response.ok) throw new Error(`${response.status}`);
      text = await response.text();
    } catch (error) {
      button.textContent = t("Could not read the score sheet");
      return;
    }
    shown.value = text;
    shown.hidden = false;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t("Copied");
    } catch {  // no clipboard here (a page not served over https, say): select it instead
      shown.select();
      button.textContent = t("Selected: press Ctrl+C");
    }
    setTimeout(() => { button.textContent = t("Copy score sheet"); }, 2500);
  } }, t("Copy score sheet"));
  const download = el("a", { class: "button", id: "download-scoresheet", href: `${path}?download=1`,
    download: `regency-${tableId}.txt` }, t("Download score sheet"));
  return el("div", { class: "scoresheet-box" }, el("p", { class: "row" }, copy, download), shown);
}

/**
 * The evening's score: the games played at this table and its rematches, and each seat's
 * wins (the view's `evening`). Names are set as text.
 */
export function eveningScore(view) {
  const evening = view.evening;
  if (!evening || !Array.isArray(evening.wins)) return null;
  const games = Number(evening.games) || 0;
  const best = Math.max(...evening.wins);
  return el("section", { class: "panel evening", id: "evening", "aria-labelledby": "evening-h" },
    el("h2", { id: "evening-h" }, t("This evening")),
    el("p", { class: "small muted", id: "evening-games" }, gamesPlayed(view, games)),
    el("ul", { class: "plain evening-list" }, evening.wins.map((wins, seat) =>
      el("li", { class: games && wins === best ? "leader" : "" }, badge(view, seat),
        el("span", { class: "wins" }, nt("{count} win", "{count} wins", wins))))));
}

/** "3 games played", "2 games played before this one", or that this one was aborted. */
function gamesPlayed(view, games) {
  if (!view.finished) return nt("{count} game played before this one", "{count} games played before this one", games);
  // An aborted game counts for nobody: say so, or its absence from the count puzzles.
  if (view.ending && view.ending.how === "aborted") {
    return nt("{count} game played; this one was aborted and does not count",
      "{count} games played; this one was aborted and does not count", games);
  }
  return nt("{count} game played", "{count} games played", games);
}

// Invite links and the tables this browser set up: a link's token is kept after "#" (so it
// never reaches a server's log or another site's Referer), a link can be copied, and the
// lobby remembers the tables set up here (the server keeps no accounts).

import { el } from "/static/shared/dom.js";
import { t } from "/static/shared/i18n.js";

/**
 * The token of this page's invite link ("" if it has none).
 *
 * Invite links carry the token after "#" (`/play/T/0#token=...`), so it never reaches a
 * server's log or another site's Referer. An old link's `?token=...` still works: the
 * token is read from it and the page's address is rewritten (history.replaceState) to
 * the fragment form, so the query string no longer holds it.
 */
export function pageToken() {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromHash) return fromHash;
  const url = new URL(location.href);
  const fromQuery = url.searchParams.get("token");
  if (!fromQuery) return "";
  history.replaceState(history.state, "", fragmentLink(url.href));
  return fromQuery;
}

/** An invite or spectator link with its token moved from the query to the fragment. */
export function fragmentLink(link) {
  if (!link) return link;
  let url;
  try { url = new URL(link, location.href); } catch { return link; }
  const token = url.searchParams.get("token");
  if (!token) return link;
  url.searchParams.delete("token");
  const hash = new URLSearchParams(url.hash.slice(1));
  hash.set("token", token);
  url.hash = hash.toString();
  return url.href;
}

/** A "Copy" button for the text of `input` (a link), selecting it where there is no clipboard. */
export function copyButton(input) {
  return el("button", { type: "button", onclick: async (event) => {
    const button = event.currentTarget;
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = t("Copied");
    } catch {
      input.select();
      document.execCommand && document.execCommand("copy");
      button.textContent = t("Selected: press Ctrl+C");
    }
    setTimeout(() => { button.textContent = t("Copy"); }, 2000);
  } }, t("Copy"));
}

/**
 * Tables this browser set up, remembered locally (the server keeps no accounts). Links
 * remembered before invite links put the token in the fragment are read in that form.
 */
export function myTables() {
  let tables;
  try { tables = JSON.parse(localStorage.getItem("regency.tables") || "[]"); } catch { return []; }
  if (!Array.isArray(tables)) return [];
  return tables.filter((t) => t && typeof t === "object").map((t) => ({
    ...t,
    play: fragmentLink(t.play),
    watch: fragmentLink(t.watch),
    invites: (t.invites || []).map((i) => ({ ...i, url: fragmentLink(i.url) })),
  }));
}
export function rememberTable(entry) {
  const tables = myTables().filter((t) => t.table !== entry.table);
  tables.unshift(entry);
  localStorage.setItem("regency.tables", JSON.stringify(tables.slice(0, 30)));
}

// The header's language switcher (issue 49, docs/i18n.md): the server writes a <select
// id="language"> of the five languages, each named in itself, into every page's header
// (regency/server/pages/html.py). Choosing one remembers it in the `lang` cookie (a year,
// for every page of this server), and for a signed-in person on the account too (PATCH
// /api/me, with the session's CSRF token, so every device they sign in on speaks it),
// then reloads the page in it.

import { api, me } from "/static/shared/server.js";

const YEAR = 365 * 24 * 60 * 60;

/** Remember `lang` for this browser (and the account, when signed in), then reload. */
export async function choose(lang) {
  document.cookie = `lang=${encodeURIComponent(lang)}; Max-Age=${YEAR}; Path=/; SameSite=Lax`;
  try {
    if ((await me()).signed_in) await api("/api/me", { method: "PATCH", json: { language: lang } });
  } catch {
    // the cookie is set: this browser speaks it even if the account could not be told
  }
  location.reload();
}

const select = document.getElementById("language");
if (select) select.addEventListener("change", () => choose(select.value));

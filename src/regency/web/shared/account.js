// The account in every page's header: who is signed in (a link to their profile, "My
// games", sign out), or a link to sign in; the leaderboards either way. Playing needs no
// account (docs/accounts.md): signed out, every page works as it always did.
//
// Signing in moves the puzzle ratings this browser kept (localStorage) to the account,
// where the server keeps them from then on.

import { el } from "/static/shared/dom.js";
import { t } from "/static/shared/i18n.js";
import { api, me } from "/static/shared/server.js";

const PUZZLE_KEY = "regency.puzzles.rating.";

/** A link to a player's profile. */
export function profileLink(name, text = name) {
  return el("a", { href: `/@/${encodeURIComponent(name)}` }, text);
}

/** Fill the header's `#account-nav` with the account's links (or "Sign in"). */
export async function showAccount() {
  const nav = document.getElementById("account-nav");
  if (!nav) return;
  const who = await me();
  const board = el("a", { href: "/leaderboard" }, t("Leaderboard"));
  if (!who.signed_in) {
    nav.replaceChildren(board, el("a", { href: "/account", id: "nav-signin" }, t("Sign in")));
    return;
  }
  const out = el("button", { type: "button", class: "link", id: "nav-signout",
    onclick: async () => { await signOut(false); location.reload(); } }, t("Sign out"));
  nav.replaceChildren(board, el("a", { href: "/games", id: "nav-games" }, t("My games")),
    el("a", { href: `/@/${encodeURIComponent(who.name)}`, id: "nav-me" }, who.name), out);
}

/** End this session (`everywhere`: every session of the account, on every device). */
export async function signOut(everywhere) {
  await api(everywhere ? "/api/account/signout-everywhere" : "/api/account/signout", { method: "POST" });
  await me(true);
}

/** Sign up or in; the puzzle ratings kept here move to the account. */
export async function signIn(name, password, signUp) {
  const answer = await api(signUp ? "/api/account/signup" : "/api/account/signin",
    { json: { name, password } });
  await me(true);
  await movePuzzles();
  return answer;
}

/** The puzzle ratings this browser kept, sent to the account (it keeps the more tried). */
async function movePuzzles() {
  const kept = {};
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(PUZZLE_KEY)) continue;
    try { kept[key.slice(PUZZLE_KEY.length)] = JSON.parse(localStorage.getItem(key)); } catch { /* not one */ }
  }
  if (!Object.keys(kept).length) return;
  try {
    const answer = await api("/api/account/puzzles", { method: "PUT", json: kept });
    for (const [game, rating] of Object.entries(answer.puzzles || {})) {
      localStorage.setItem(PUZZLE_KEY + game, JSON.stringify(rating));
    }
  } catch { /* a rating the server refuses stays here */ }
}

// Quick pairing in the lobby: a button per pool (GET /api/pools: the server's list, none
// written here) that puts you in its queue, how many wait in each, and your places while
// you wait: how long, and how far from your rating the round now looks (it widens).

import { el } from "/static/shared/dom.js";
import { nt, t, tNodes } from "/static/shared/i18n.js";
import { api } from "/static/shared/server.js";
import { forgetPlace, guestToken, keepGuestToken, myPlaces, rememberPlace } from "/static/shared/places.js";

const FILL_KEY = "regency.fill_after";
const FILL_CHOICES = [["", t("Only people")], ["15", t("after 15 s")], ["30", t("after 30 s")],
  ["60", t("after 1 min")], ["120", t("after 2 min")], ["300", t("after 5 min")]];

/** The game, the players and the clock of a pool, as the server words them for the reader. */
function titleParts(pool) {
  return { game: pool.game_title, players: pool.players_words, clock: pool.clock_words };
}

function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A place waiting in a queue: how long, how far from one's rating the round looks. */
function placeLine(place, reach, leave) {
  const waited = Date.now() / 1000 - place.joined;
  const wide = Math.min(reach.max, reach.start + reach.per_second * Math.max(0, waited));
  const within = Math.round(wide);
  const looking = place.rating ? t("looking within {points} of your {rating}", { points: within, rating: place.rating })
    : t("looking within {points}", { points: within });
  const clock = el("span", { class: "clock" }, clockText(waited));
  return el("li", { class: "place", dataset: { place: place.id } },
    el("strong", {}, place.title), el("span", { class: "small" },
      place.rated ? tNodes("rated · waiting {time}", { time: clock }) : tNodes("casual · waiting {time}", { time: clock }),
      " · ", looking),
    el("button", { type: "button", class: "leave", onclick: () => leave(place) }, t("Leave")));
}

/** The options above the pools: a guest's name, rated (signed in), computers after a wait. */
function optionsRow() {
  const rated = el("input", { type: "checkbox", id: "pool-rated" });
  const name = el("input", { id: "pool-name", maxlength: 40, placeholder: t("Guest"), value: localStorage.getItem("regency.name") || "",
    "aria-label": t("your name at the table") });
  const fill = el("select", { id: "pool-fill", "aria-label": t("if nobody comes, play the computer") },
    FILL_CHOICES.map(([v, words]) => el("option", { value: v, selected: v === (localStorage.getItem(FILL_KEY) || "") }, words)));
  fill.addEventListener("change", () => localStorage.setItem(FILL_KEY, fill.value));
  name.addEventListener("change", () => localStorage.setItem("regency.name", name.value.trim()));
  const ratedBox = el("label", { class: "check", id: "pool-rated-box", hidden: true }, rated, t("Rated"));
  const nameBox = el("label", { id: "pool-name-box" }, t("Your name"), name);
  const row = el("div", { class: "row pool-options" }, nameBox, ratedBox,
    el("label", {}, t("If nobody comes, play the computer"), fill));
  return { row, rated, name, fill, ratedBox, nameBox };
}

/**
 * The quick-pairing section.
 *
 * @param box      the element to draw in
 * @param context  `{signedIn()}` (the account's name or null), `follow()` (the feed follows
 *                 this browser's places again) and `say(text)` (the section's status line)
 */
export function quickPairing(box, context) {
  let pools = [];
  let reach = { start: 100, per_second: 10, max: 500 };
  const buttons = new Map();
  const { row, rated, name, fill, ratedBox, nameBox } = optionsRow();
  const grid = el("div", { class: "pools", id: "pools" }, el("p", { class: "muted" }, t("Loading the pools…")));
  const mine = el("ul", { class: "plain places", id: "my-places", "aria-live": "polite" });
  box.replaceChildren(row, grid, mine);
  rated.addEventListener("change", drawCounts);

  function waitingIn(poolId) {
    return myPlaces().find((p) => p.pool === poolId && p.rated === rated.checked);
  }

  async function join(pool) {
    const place = waitingIn(pool.id);
    if (place) return leave(place);
    const body = { rated: rated.checked, name: name.value.trim(), fill_after: fill.value ? Number(fill.value) : null };
    try {
      const answer = await api(`/api/pools/${pool.id}/join`, { json: body, token: guestToken() });
      keepGuestToken(answer.token);
      rememberPlace(answer.entry, pool.title, !context.signedIn());
      context.say(t("You wait in the queue of {pool}.", { pool: pool.title }));
    } catch (error) {
      context.say(t("Not in the queue: {reason}", { reason: error.message }), true);
    }
    context.follow();
    draw();
  }

  async function leave(place) {
    try {
      await api(`/api/entries/${place.id}`, { method: "DELETE", token: guestToken() });
      context.say(t("You left the queue of {pool}.", { pool: place.title }));
    } catch (error) {
      if (error.status !== 404) return context.say(error.message, true);
    }
    forgetPlace(place.id);
    context.follow();
    draw();
  }

  function drawCounts() {
    const mode = rated.checked ? "rated" : "casual";
    for (const pool of pools) {
      const button = buttons.get(pool.id);
      if (!button) continue;
      const waiting = Boolean(waitingIn(pool.id));
      button.setAttribute("aria-pressed", String(waiting));
      button.classList.toggle("waiting", waiting);
      const others = pool[mode] - (waiting ? 1 : 0);
      button.querySelector(".count").textContent = waiting ? t("You wait here: click to leave")
        : others ? nt("{count} waiting", "{count} waiting", others) : t("nobody waiting yet");
    }
  }

  function drawMine() {
    const places = myPlaces().filter((p) => p.pool);
    mine.replaceChildren(...places.map((place) => placeLine(place, reach, leave)));
  }

  function draw() {
    grid.replaceChildren(...pools.map((pool) => {
      const { game, players, clock } = titleParts(pool);
      const button = el("button", { type: "button", class: "pool", id: `pool-${pool.id}`, dataset: { pool: pool.id },
        onclick: () => join(pool) },
      el("strong", { "data-i18n-skip": "" }, game), el("span", { class: "small" }, players), el("span", { class: "small" }, clock),
      el("span", { class: "count small" }));
      buttons.set(pool.id, button);
      return button;
    }));
    drawCounts();
    drawMine();
  }

  setInterval(drawMine, 1000);
  api("/api/pools").then((answer) => { reach = answer.reach; }).catch(() => {});
  return {
    /** The lobby's counts (the first event, then every change). */
    pools(list) { pools = list; if (!buttons.size) draw(); else drawCounts(); },
    /** Who is signed in: rated games are on offer, and their name is their own. */
    account(who) {
      ratedBox.hidden = !who.signed_in;
      nameBox.hidden = Boolean(who.signed_in);
    },
    redraw: draw,
  };
}

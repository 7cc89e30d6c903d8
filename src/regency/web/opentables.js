// Open tables in the lobby: the list, live (each table's game, clock, who sits there and
// its empty seats; one click sits you down), and a form to open one. The games, their
// player counts and the clocks come from the server (GET /api/games); nothing is listed
// here twice.

import { CLOCK_CHOICES as CLOCKS } from "/static/shared/clocks.js";
import { el } from "/static/shared/dom.js";
import { nt, t } from "/static/shared/i18n.js";
import { api } from "/static/shared/server.js";
import { forgetPlace, guestToken, keepGuestToken, myPlaces, rememberPlace } from "/static/shared/places.js";

function clockWords(seconds) {
  if (!seconds) return t("no clock");
  if (seconds >= 3600) return nt("{count} h a move", "{count} h a move", Math.round(seconds / 3600));
  return seconds % 60 ? nt("{count} s a move", "{count} s a move", seconds)
    : nt("{count} min a move", "{count} min a move", seconds / 60);
}

function closesIn(at) {
  const left = Math.max(0, at - Date.now() / 1000);
  return left < 60 ? t("closes in under a minute if nobody sits down")
    : nt("closes in {count} min if nobody sits down", "closes in {count} min if nobody sits down", Math.round(left / 60));
}

/**
 * The form that opens a table: game, players, clock; signed in also rated and a range of
 * ratings. `opened(body)` is given the request's body.
 */
function drawForm(form, games, signedIn, opened) {
  const gameSelect = el("select", { name: "game", id: "open-game" }, games.map((g) => el("option", { value: g.name }, g.title)));
  const players = el("select", { name: "players", id: "open-players" });
  const syncPlayers = () => {
    const game = games.find((g) => g.name === gameSelect.value) || games[0];
    players.replaceChildren(...game.players.map((n) => el("option", { value: n }, String(n))));
  };
  gameSelect.addEventListener("change", syncPlayers);
  syncPlayers();
  const clock = el("select", { name: "clock", id: "open-clock" }, CLOCKS.map(([v, words]) => el("option", { value: v }, words)));
  const rated = el("input", { type: "checkbox", id: "open-rated" });
  const number = (id, label) => el("input", { type: "number", id, min: 0, max: 4000, step: 50, placeholder: t("any"), "aria-label": label });
  const low = number("open-min", t("lowest rating"));
  const high = number("open-max", t("highest rating"));
  form.replaceChildren(
    el("div", { class: "row" }, el("label", {}, t("Game"), gameSelect), el("label", {}, t("Players"), players),
      el("label", {}, t("Time per move"), clock)),
    el("div", { class: "row", hidden: !signedIn },
      el("label", { class: "check" }, rated, t("Rated")), el("label", {}, t("Ratings from"), low),
      el("label", {}, t("to"), high)),
    el("p", {}, el("button", { class: "primary", type: "submit", id: "open-submit" }, t("Open the table"))));
  form.onsubmit = (event) => {
    event.preventDefault();
    const body = { game: gameSelect.value, players: Number(players.value), rated: rated.checked };
    if (clock.value) body.move_seconds = Number(clock.value);
    if (low.value) body.rating_min = Number(low.value);
    if (high.value) body.rating_max = Number(high.value);
    opened(body);
  };
}

/** One open table's line: what it is, who sits there, and the button for this browser. */
function tableRow(table, place, sit, leave) {
  const seats = table.seats.map((s) => (s.rating ? `${s.name} (${s.rating})` : s.name));
  const empty = nt("{count} empty seat", "{count} empty seats", table.empty);
  const range = table.range ? [" · ", t("ratings {low}-{high}",
    { low: table.range.min ?? t("any"), high: table.range.max ?? t("any") })] : "";
  const button = place
    ? el("button", { type: "button", class: "leave", onclick: () => leave(table, place) }, place.opened ? t("Close") : t("Leave"))
    : el("button", { type: "button", class: "primary sit", onclick: () => sit(table) }, t("Sit down"));
  return el("li", { class: "open-table", id: `open-${table.id}`, dataset: { open: table.id } },
    el("div", { class: "what" }, el("strong", {},
      nt("{game}, {count} player", "{game}, {count} players", table.players, { game: table.title })),
    el("span", { class: "small" }, " · ", clockWords(table.move_seconds), " · ", table.rated ? t("rated") : t("casual"), range)),
    el("div", { class: "who small" }, seats.join(", "), ` · ${empty}`,
      place ? el("strong", { class: "yours" }, " · ", place.opened ? t("your table") : t("you sit here")) : "",
      el("span", { class: "muted" }, " · ", closesIn(table.closes_at))),
    button);
}

/**
 * The open-tables section.
 *
 * @param box      the element to draw in
 * @param context  `{signedIn(), name(), follow(), say(text, bad)}` as for quick pairing
 */
export function openTables(box, context) {
  let listed = new Map();
  let games = [];
  const list = el("ul", { class: "plain open-list", id: "open-list", "aria-live": "polite" },
    el("li", { class: "muted" }, t("Loading…")));
  const form = el("form", { id: "open-form", class: "open-form" });
  const formBox = el("details", { class: "open-form-box" }, el("summary", {}, t("Open a table")), form);
  box.replaceChildren(list, formBox);

  function mine(id) { return myPlaces().find((p) => p.open === id); }

  async function act(path, options, done) {
    try {
      const answer = await api(path, { ...options, token: guestToken() });
      keepGuestToken(answer.token);
      done(answer);
    } catch (error) {
      context.say(error.message, true);
    }
    context.follow();
    draw();
  }

  function sit(table) {
    act(`/api/open-tables/${table.id}/join`, { json: { name: context.name() } }, (answer) => {
      rememberPlace(answer.entry, table.title, !context.signedIn());
      context.say(t("You sit at {name}'s table of {game}.", { name: table.by, game: table.title }));
      if (answer.entry.status === "seated") context.seated(answer.entry);
    });
  }

  function leave(table, place) {
    const close = place.opened;
    const path = close ? `/api/open-tables/${table.id}/close` : `/api/entries/${place.id}`;
    act(path, close ? { method: "POST" } : { method: "DELETE" }, () => {
      forgetPlace(place.id);
      context.say(close ? t("You closed your table.") : t("You left the table."));
    });
  }

  function draw() {
    const tables = [...listed.values()];
    const row = (table) => tableRow(table, mine(table.id), sit, leave);
    list.replaceChildren(...(tables.length ? tables.map(row)
      : [el("li", { class: "muted", id: "open-none" }, t("No open table right now: open one, and it is listed here for everyone."))]));
  }

  function open(body) {
    act("/api/open-tables", { json: { ...body, name: context.name() } }, (answer) => {
      rememberPlace(answer.entry, answer.open.title, !context.signedIn(), true);
      listed.set(answer.open.id, answer.open);
      formBox.open = false;
      context.say(t("Your table of {game} is open: it starts when every seat is taken.", { game: answer.open.title }));
    });
  }

  const redrawForm = () => drawForm(form, games, Boolean(context.signedIn()), open);
  api("/api/games").then((found) => { games = found; redrawForm(); }).catch(() => {});
  setInterval(draw, 30_000);  // "closes in ..." moves on
  return {
    /** The whole list (the feed's first event). */
    all(tables) { listed = new Map(tables.map((t) => [t.id, t])); draw(); },
    /** One table listed or changed. */
    table(table) { listed.set(table.id, table); draw(); },
    /** One table no longer listed. */
    gone(id) { listed.delete(id); draw(); },
    account() { if (games.length) redrawForm(); },
    redraw: draw,
  };
}

// One tournament, /tournaments/{id} (docs/tournaments.md): its set-up, entering and
// withdrawing (signed in, or as a guest by the token this browser keeps), the organiser's
// computers, start and cancel, the standings with their tie-breaks, every round's tables
// (each linking to the game while it is played and to its replay once over), and the
// results for a notice board. It follows the event live: the server sends its version
// each time it changes (server-sent events), and the page asks for the event again.

import { profileLink, showAccount } from "/static/shared/account.js";
import { el } from "/static/shared/dom.js";
import { LANG, nt, t, tNodes } from "/static/shared/i18n.js";
import { guestToken, keepGuestToken, seatLink } from "/static/shared/places.js";
import { api, me } from "/static/shared/server.js";
import { startsIn } from "/static/shared/words.js";

const root = document.getElementById("page");
const id = decodeURIComponent(location.pathname.split("/").pop());
const STATUS = { waiting: t("Soon"), playing: t("Under way"), finished: t("Over"), cancelled: t("Cancelled") };
// Times in the page's language, as the reader's browser writes it if it speaks that language.
const LOCALE = navigator.languages.find((l) => l.split("-")[0] === LANG) || (LANG === "pseudo" ? undefined : LANG);
let event = null;
let levels = [];
let youKey = "";
const parts = {
  head: el("div", { id: "t-head" }),
  you: el("section", { class: "panel you", id: "t-you", "aria-labelledby": "you-h" }),
  organise: el("section", { class: "panel", id: "t-organise", "aria-labelledby": "organise-h", hidden: true }),
  standings: el("section", { class: "panel", id: "t-standings", "aria-labelledby": "standings-h" }),
  rounds: el("section", { class: "panel", id: "t-round-list", "aria-labelledby": "rounds-h" }),
};
const said = el("p", { class: "small said", id: "t-said", role: "status", "aria-live": "polite" });

function say(text, bad = false) {
  said.textContent = text;
  said.classList.toggle("error", bad);
}

/** Ask the server as whoever this browser is (a guest sends its token). */
async function ask(path, options = {}) {
  return api(path, { ...options, token: guestToken() || undefined });
}

function statusLine(tour) {
  if (tour.status === "waiting") {
    return nt("It starts {when}, with {count} entrant so far.", "It starts {when}, with {count} entrants so far.",
      tour.entrants, { when: startsIn(tour.starts_at, tour.now) });
  }
  if (tour.status === "playing") {
    if (tour.format === "arena") {
      return t("Under way: new games as people are free, until {time}.",
        { time: new Date(tour.ends_at * 1000).toLocaleTimeString(LOCALE) });
    }
    return tour.rounds ? t("Round {round} of {rounds} under way.", { round: tour.round, rounds: tour.rounds })
      : t("Round {round} under way.", { round: tour.round });
  }
  if (tour.status === "finished") return t("Over: the final standings are below.");
  return tour.note ? `${t("Cancelled.")} ${tour.note}` : t("Cancelled.");
}

function drawHead(tour) {
  parts.head.replaceChildren(el("h1", {}, tour.name),
    el("p", { class: "about" }, tour.about, tour.password ? [" · ", t("for a club (password)")] : ""),
    el("p", { class: "status", id: "t-status" }, el("strong", {}, STATUS[tour.status] || tour.status), " · ", statusLine(tour)),
    tour.organiser ? el("p", { class: "small muted" }, tNodes("Organised by {name}", { name: profileLink(tour.organiser) })) : "");
}

function enterForm(tour, signedIn) {
  const name = el("input", { id: "t-guest-name", maxlength: 40, placeholder: t("Guest"), autocomplete: "nickname" });
  const password = el("input", { id: "t-enter-password", type: "password", autocomplete: "off" });
  const form = el("form", { id: "t-enter-form", class: "row" },
    signedIn ? "" : el("label", {}, t("Your name"), name),
    tour.password ? el("label", {}, t("Club password"), password) : "",
    el("button", { class: "primary", type: "submit", id: "t-enter" }, t("Enter")));
  form.onsubmit = async (e) => {
    e.preventDefault();
    const json = {};
    if (!signedIn && name.value) json.name = name.value;
    if (tour.password) json.password = password.value;
    try {
      const answer = await ask(`/api/tournaments/${tour.id}/enter`, { json });
      keepGuestToken(answer.token);
      say(t("You are in, as {name}.", { name: answer.name }));
      refresh();
    } catch (error) { say(error.message, true); }
  };
  return form;
}

async function withdraw(tour) {
  if (!confirm(t("Leave this tournament? Your games so far stay in the standings."))) return;
  try {
    await ask(`/api/tournaments/${tour.id}/withdraw`, { method: "POST" });
    say(t("You left the tournament."));
    refresh();
  } catch (error) { say(error.message, true); }
}

function drawYou(tour, signedIn) {
  const key = JSON.stringify([tour.status, tour.you, signedIn, tour.password]);
  if (key === youKey) return;
  youKey = key;
  const open = tour.status === "waiting" || (tour.status === "playing" && tour.late_join);
  const items = [el("h2", { id: "you-h" }, t("You"))];
  const you = tour.you;
  if (you && !you.withdrawn) {
    items.push(el("p", {}, t("You play as {name}.", { name: you.name })));
    if (you.table) {
      const link = seatLink(`/play/${you.table.table}/${you.table.seat}`, you.guest);
      items.push(el("p", { class: "your-table" }, el("a", { class: "button primary", href: link, id: "t-your-table" }, t("Your game is on: go to your table"))));
    } else if (tour.status === "playing") {
      items.push(el("p", { class: "small muted" }, t("Your next game starts when the next round is paired; this page shows its link.")));
    }
    if (tour.status === "waiting" || tour.status === "playing") {
      items.push(el("p", {}, el("button", { type: "button", id: "t-withdraw", onclick: () => withdraw(tour) }, t("Withdraw"))));
    }
  } else if (open) {
    if (you && you.withdrawn) items.push(el("p", { class: "small muted" }, t("You withdrew; you may enter again.")));
    if (tour.rated && !signedIn) items.push(el("p", { class: "small" }, tNodes("A rated tournament is for accounts: {sign_in} to enter.",
      { sign_in: el("a", { href: "/account" }, t("sign in")) })));
    else items.push(enterForm(tour, signedIn));
  } else {
    items.push(el("p", { class: "small muted" }, tour.status === "playing" ? t("It is under way and takes no late entrants.") : t("It takes no more entrants.")));
  }
  parts.you.replaceChildren(...items, said);
}

async function organise(action, done) {
  try {
    await ask(`/api/tournaments/${event.id}/${action.name}`, action.options);
    say(done);
    refresh();
  } catch (error) { say(error.message, true); }
}

function drawOrganise(tour) {
  parts.organise.hidden = !(tour.organising && tour.status === "waiting");
  if (parts.organise.hidden || parts.organise.childElementCount) return;
  const level = el("select", { id: "t-level", "aria-label": t("computer level") }, levels.map((l) => el("option", { value: l.name }, l.name)));
  parts.organise.replaceChildren(el("h2", { id: "organise-h" }, t("Organise")),
    el("div", { class: "row" }, el("label", {}, t("Enter a computer"), level),
      el("button", { type: "button", id: "t-add-computer",
        onclick: () => organise({ name: "computers", options: { json: { level: level.value } } }, t("{name} entered.", { name: level.value })) }, t("Enter it"))),
    el("p", { class: "row" },
      el("button", { type: "button", class: "primary", id: "t-start", onclick: () => organise({ name: "start", options: { method: "POST" } }, t("Started.")) }, t("Start now")),
      el("button", { type: "button", id: "t-cancel", onclick: () => confirm(t("Cancel this tournament for everyone?")) && organise({ name: "cancel", options: { method: "POST" } }, t("Cancelled.")) },
      t("Cancel the tournament"))));
}

const KIND = { computer: "", guest: [" ", t("(guest)")], person: "" };  // a computer's name says so

function drawStandings(tour) {
  const head = el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col" }, t("Player")),
    el("th", { scope: "col" }, t("Rating")), el("th", { scope: "col" }, t("Points")),
    tour.tiebreaks.map((name) => el("th", { scope: "col" }, name)), el("th", { scope: "col" }, t("Games")));
  const row = (s) => el("tr", { class: s.withdrawn ? "withdrawn" : "", dataset: { number: String(s.number) } },
    el("td", {}, s.shared ? `${s.place}=` : String(s.place)),
    el("th", { scope: "row" }, s.kind === "person" ? profileLink(s.name) : s.name, KIND[s.kind] || "",
      s.withdrawn ? el("span", { class: "muted" }, " · ", t("withdrew")) : "",
      s.fire ? el("span", { class: "fire" }, " · ", t("on fire")) : ""),
    el("td", {}, String(s.rating)), el("td", { class: "points" }, String(s.points)),
    s.tiebreaks.map((v) => el("td", {}, String(v))), el("td", {}, String(s.games)));
  parts.standings.replaceChildren(el("h2", { id: "standings-h" }, tour.status === "finished" ? t("Final standings") : t("Standings")),
    tour.standings.length
      ? el("div", { class: "scroll" }, el("table", { class: "standings", id: "t-table" }, el("thead", {}, head), el("tbody", {}, tour.standings.map(row))))
      : el("p", { class: "muted small" }, t("Nobody has entered yet.")),
    el("p", { class: "small" }, tNodes("Results for a notice board: {text} · {csv}", {
      text: el("a", { href: tour.exports.text, id: "t-text" }, t("text")),
      csv: el("a", { href: `${tour.exports.csv}?download=1`, id: "t-csv" }, "CSV") })));
}

function seatText(s) {
  const score = s.points === undefined ? "" : ` ${s.points}`;
  return `${s.forfeited ? t("{name} (forfeit)", { name: s.name }) : s.name}${score}`;
}

function gameItem(g) {
  const who = g.seats.map(seatText).join(" · ");
  if (g.status === "bye") return el("li", { class: "bye" }, t("{name}: a bye", { name: who }));
  const links = g.status === "over"
    ? (g.table ? el("a", { href: g.replay }, t("replay")) : "")
    : (g.watch ? el("a", { href: g.watch }, t("watch")) : el("span", { class: "muted" }, t("playing")));
  return el("li", { class: `game ${g.status}` }, el("span", { class: "board" }, t("Table {number}:", { number: g.board })),
    " ", who, " · ", links);
}

function drawRounds(tour) {
  const rounds = [...tour.rounds_played].reverse();
  parts.rounds.replaceChildren(el("h2", { id: "rounds-h" }, tour.format === "arena" ? t("Games") : t("Rounds")),
    ...(rounds.length
      ? rounds.map((r) => el("div", { class: "round", id: `round-${r.round}` },
        el("h3", {}, tour.format === "arena" ? t("Game {number}", { number: r.round }) : t("Round {number}", { number: r.round })),
        el("ul", { class: "plain round-games" }, r.games.map(gameItem))))
      : [el("p", { class: "muted small" }, t("The first round is paired when the tournament starts."))]));
}

async function refresh() {
  try {
    const [tour, who] = await Promise.all([ask(`/api/tournaments/${encodeURIComponent(id)}`), me()]);
    event = tour;
    drawHead(tour);
    drawYou(tour, who.signed_in);
    drawOrganise(tour);
    drawStandings(tour);
    drawRounds(tour);
    root.dataset.version = String(tour.version);
  } catch (error) {
    root.replaceChildren(el("h1", {}, t("Tournament")), el("p", { class: "error" }, error.message),
      el("p", {}, el("a", { href: "/tournaments" }, t("All tournaments"))));
  }
}

function follow() {
  const stream = new EventSource(`/api/tournaments/${encodeURIComponent(id)}/events`);
  stream.onmessage = (message) => {
    let version = null;
    try { version = JSON.parse(message.data).version; } catch { return; }
    if (!event || version !== event.version) refresh();
  };
}

async function start() {
  showAccount();
  const games = api("/api/games").catch(() => []);
  // Drawn in full before it is shown: the sections fill at once, and nothing below them jumps.
  await refresh();
  if (!event) return;
  levels = ((await games).find((g) => g.name === event.game)?.levels || {})[event.players] || [];
  parts.organise.replaceChildren();  // drawn again, now with the game's levels
  drawOrganise(event);
  root.replaceChildren(parts.head, parts.you, parts.organise, parts.standings, parts.rounds,
    el("p", { class: "small" }, el("a", { href: "/tournaments" }, t("All tournaments"))));
  follow();
}

start();

// One tournament, /tournaments/{id} (docs/tournaments.md): its set-up, entering and
// withdrawing (signed in, or as a guest by the token this browser keeps), the organiser's
// computers, start and cancel, the standings with their tie-breaks, every round's tables
// (each linking to the game while it is played and to its replay once over), and the
// results for a notice board. It follows the event live: the server sends its version
// each time it changes (server-sent events), and the page asks for the event again.

import { profileLink, showAccount } from "/static/shared/account.js";
import { el } from "/static/shared/dom.js";
import { guestToken, keepGuestToken, seatLink } from "/static/shared/places.js";
import { api, me } from "/static/shared/server.js";
import { count, startsIn } from "/static/shared/words.js";

const root = document.getElementById("page");
const id = decodeURIComponent(location.pathname.split("/").pop());
const STATUS = { waiting: "Soon", playing: "Under way", finished: "Over", cancelled: "Cancelled" };
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

function statusLine(t) {
  if (t.status === "waiting") return `It starts ${startsIn(t.starts_at, t.now)}, with ${count(t.entrants, "entrant")} so far.`;
  if (t.status === "playing") {
    if (t.format === "arena") return `Under way: new games as people are free, until ${new Date(t.ends_at * 1000).toLocaleTimeString()}.`;
    return `Round ${t.round}${t.rounds ? ` of ${t.rounds}` : ""} under way.`;
  }
  if (t.status === "finished") return "Over: the final standings are below.";
  return `Cancelled.${t.note ? ` ${t.note}` : ""}`;
}

function drawHead(t) {
  parts.head.replaceChildren(el("h1", {}, t.name),
    el("p", { class: "about" }, t.about, t.password ? " · for a club (password)" : ""),
    el("p", { class: "status", id: "t-status" }, el("strong", {}, STATUS[t.status] || t.status), " · ", statusLine(t)),
    t.organiser ? el("p", { class: "small muted" }, "Organised by ", profileLink(t.organiser)) : "");
}

function enterForm(t, signedIn) {
  const name = el("input", { id: "t-guest-name", maxlength: 40, placeholder: "Guest", autocomplete: "nickname" });
  const password = el("input", { id: "t-enter-password", type: "password", autocomplete: "off" });
  const form = el("form", { id: "t-enter-form", class: "row" },
    signedIn ? "" : el("label", {}, "Your name", name),
    t.password ? el("label", {}, "Club password", password) : "",
    el("button", { class: "primary", type: "submit", id: "t-enter" }, "Enter"));
  form.onsubmit = async (e) => {
    e.preventDefault();
    const json = {};
    if (!signedIn && name.value) json.name = name.value;
    if (t.password) json.password = password.value;
    try {
      const answer = await ask(`/api/tournaments/${t.id}/enter`, { json });
      keepGuestToken(answer.token);
      say(`You are in, as ${answer.name}.`);
      refresh();
    } catch (error) { say(error.message, true); }
  };
  return form;
}

async function withdraw(t) {
  if (!confirm("Leave this tournament? Your games so far stay in the standings.")) return;
  try {
    await ask(`/api/tournaments/${t.id}/withdraw`, { method: "POST" });
    say("You left the tournament.");
    refresh();
  } catch (error) { say(error.message, true); }
}

function drawYou(t, signedIn) {
  const key = JSON.stringify([t.status, t.you, signedIn, t.password]);
  if (key === youKey) return;
  youKey = key;
  const open = t.status === "waiting" || (t.status === "playing" && t.late_join);
  const items = [el("h2", { id: "you-h" }, "You")];
  const you = t.you;
  if (you && !you.withdrawn) {
    items.push(el("p", {}, `You play as ${you.name}.`));
    if (you.table) {
      const link = seatLink(`/play/${you.table.table}/${you.table.seat}`, you.guest);
      items.push(el("p", { class: "your-table" }, el("a", { class: "button primary", href: link, id: "t-your-table" }, "Your game is on: go to your table")));
    } else if (t.status === "playing") {
      items.push(el("p", { class: "small muted" }, "Your next game starts when the next round is paired; this page shows its link."));
    }
    if (t.status === "waiting" || t.status === "playing") {
      items.push(el("p", {}, el("button", { type: "button", id: "t-withdraw", onclick: () => withdraw(t) }, "Withdraw")));
    }
  } else if (open) {
    if (you && you.withdrawn) items.push(el("p", { class: "small muted" }, "You withdrew; you may enter again."));
    if (t.rated && !signedIn) items.push(el("p", { class: "small" }, "A rated tournament is for accounts: ", el("a", { href: "/account" }, "sign in"), " to enter."));
    else items.push(enterForm(t, signedIn));
  } else {
    items.push(el("p", { class: "small muted" }, t.status === "playing" ? "It is under way and takes no late entrants." : "It takes no more entrants."));
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

function drawOrganise(t) {
  parts.organise.hidden = !(t.organising && t.status === "waiting");
  if (parts.organise.hidden || parts.organise.childElementCount) return;
  const level = el("select", { id: "t-level", "aria-label": "computer level" }, levels.map((l) => el("option", { value: l.name }, l.name)));
  parts.organise.replaceChildren(el("h2", { id: "organise-h" }, "Organise"),
    el("div", { class: "row" }, el("label", {}, "Enter a computer", level),
      el("button", { type: "button", id: "t-add-computer",
        onclick: () => organise({ name: "computers", options: { json: { level: level.value } } }, `${level.value} entered.`) }, "Enter it")),
    el("p", { class: "row" },
      el("button", { type: "button", class: "primary", id: "t-start", onclick: () => organise({ name: "start", options: { method: "POST" } }, "Started.") }, "Start now"),
      el("button", { type: "button", id: "t-cancel", onclick: () => confirm("Cancel this tournament for everyone?") && organise({ name: "cancel", options: { method: "POST" } }, "Cancelled.") }, "Cancel the tournament")));
}

const KIND = { computer: "", guest: " (guest)", person: "" };  // a computer's name says so

function drawStandings(t) {
  const head = el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col" }, "Player"),
    el("th", { scope: "col" }, "Rating"), el("th", { scope: "col" }, "Points"),
    t.tiebreaks.map((name) => el("th", { scope: "col" }, name)), el("th", { scope: "col" }, "Games"));
  const row = (s) => el("tr", { class: s.withdrawn ? "withdrawn" : "", dataset: { number: String(s.number) } },
    el("td", {}, s.shared ? `${s.place}=` : String(s.place)),
    el("th", { scope: "row" }, s.kind === "person" ? profileLink(s.name) : s.name, KIND[s.kind] || "",
      s.withdrawn ? el("span", { class: "muted" }, " · withdrew") : "", s.fire ? el("span", { class: "fire" }, " · on fire") : ""),
    el("td", {}, String(s.rating)), el("td", { class: "points" }, String(s.points)),
    s.tiebreaks.map((v) => el("td", {}, String(v))), el("td", {}, String(s.games)));
  parts.standings.replaceChildren(el("h2", { id: "standings-h" }, t.status === "finished" ? "Final standings" : "Standings"),
    t.standings.length
      ? el("div", { class: "scroll" }, el("table", { class: "standings", id: "t-table" }, el("thead", {}, head), el("tbody", {}, t.standings.map(row))))
      : el("p", { class: "muted small" }, "Nobody has entered yet."),
    el("p", { class: "small" }, "Results for a notice board: ",
      el("a", { href: t.exports.text, id: "t-text" }, "text"), " · ", el("a", { href: `${t.exports.csv}?download=1`, id: "t-csv" }, "CSV")));
}

function seatText(s) {
  const score = s.points === undefined ? "" : ` ${s.points}`;
  return `${s.name}${s.forfeited ? " (forfeit)" : ""}${score}`;
}

function gameItem(g) {
  const who = g.seats.map(seatText).join(" · ");
  if (g.status === "bye") return el("li", { class: "bye" }, `${who}: a bye`);
  const links = g.status === "over"
    ? (g.table ? el("a", { href: g.replay }, "replay") : "")
    : (g.watch ? el("a", { href: g.watch }, "watch") : el("span", { class: "muted" }, "playing"));
  return el("li", { class: `game ${g.status}` }, el("span", { class: "board" }, `Table ${g.board}:`), " ", who, " · ", links);
}

function drawRounds(t) {
  const rounds = [...t.rounds_played].reverse();
  parts.rounds.replaceChildren(el("h2", { id: "rounds-h" }, t.format === "arena" ? "Games" : "Rounds"),
    ...(rounds.length
      ? rounds.map((r) => el("div", { class: "round", id: `round-${r.round}` },
        el("h3", {}, t.format === "arena" ? `Game ${r.round}` : `Round ${r.round}`),
        el("ul", { class: "plain round-games" }, r.games.map(gameItem))))
      : [el("p", { class: "muted small" }, "The first round is paired when the tournament starts.")]));
}

async function refresh() {
  try {
    const [t, who] = await Promise.all([ask(`/api/tournaments/${encodeURIComponent(id)}`), me()]);
    event = t;
    drawHead(t);
    drawYou(t, who.signed_in);
    drawOrganise(t);
    drawStandings(t);
    drawRounds(t);
    root.dataset.version = String(t.version);
  } catch (error) {
    root.replaceChildren(el("h1", {}, "Tournament"), el("p", { class: "error" }, error.message),
      el("p", {}, el("a", { href: "/tournaments" }, "All tournaments")));
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
    el("p", { class: "small" }, el("a", { href: "/tournaments" }, "All tournaments")));
  follow();
}

start();

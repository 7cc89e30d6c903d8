// The tournaments, /tournaments (docs/tournaments.md): the events starting soon or under
// way and the latest over, and, signed in, a form to set one up. The games, their player
// counts and computer levels come from the server (GET /api/games); the caps are the
// server's, and a refusal says which was passed.

import { showAccount } from "/static/shared/account.js";
import { CLOCK_CHOICES } from "/static/shared/clocks.js";
import { el } from "/static/shared/dom.js";
import { nt, t, tNodes } from "/static/shared/i18n.js";
import { api, me } from "/static/shared/server.js";
import { startsIn } from "/static/shared/words.js";

const root = document.getElementById("page");
const FORMATS = [["swiss", t("Swiss")], ["round_robin", t("Round robin")], ["arena", t("Arena")]];
const STARTS = [["5", t("in 5 minutes")], ["15", t("in 15 minutes")], ["60", t("in an hour")], ["1440", t("tomorrow, this time")]];

function eventItem(tour) {
  const entrants = nt("{count} entrant", "{count} entrants", tour.entrants);
  const when = tour.status === "waiting" ? [" · ", t("starts {when}", { when: startsIn(tour.starts_at) })] : "";
  return el("li", { class: "event", id: `event-${tour.id}` },
    el("a", { href: tour.url, class: "name" }, tour.name),
    tour.password ? el("span", { class: "tag" }, t("club")) : "",
    el("div", { class: "small muted" }, `${tour.about} · ${entrants}`, when));
}

function listing(events) {
  const soon = events.filter((tour) => tour.status === "waiting" || tour.status === "playing");
  const over = events.filter((tour) => tour.status === "finished" || tour.status === "cancelled");
  const list = (items, none, id) => (items.length
    ? el("ul", { class: "plain events", id }, items.map(eventItem))
    : el("p", { class: "muted small", id }, none));
  return [
    el("section", { class: "panel", "aria-labelledby": "soon-h" }, el("h2", { id: "soon-h" }, t("Starting soon and under way")),
      list(soon, t("None right now: set one up, and it is listed here for everyone."), "events-soon")),
    el("section", { class: "panel", "aria-labelledby": "over-h" }, el("h2", { id: "over-h" }, t("Over")),
      list(over, t("None yet."), "events-over")),
  ];
}

function levelPicker(games, gameSelect, players, chosen) {
  const level = el("select", { id: "t-level", "aria-label": t("computer level") });
  const shown = el("ul", { class: "plain chosen", id: "t-computers", "aria-live": "polite" });
  const sync = () => {
    const game = games.find((g) => g.name === gameSelect.value) || games[0];
    const ladder = (game.levels || {})[players.value] || [];
    level.replaceChildren(...ladder.map((l) => el("option", { value: l.name }, l.name)));
    chosen.splice(0, chosen.length);
    draw();
  };
  const draw = () => shown.replaceChildren(...chosen.map((name, i) => el("li", {}, name, " ",
    el("button", { type: "button", class: "link", "aria-label": t("remove {name}", { name }),
      onclick: () => { chosen.splice(i, 1); draw(); } }, t("remove")))));
  const add = el("button", { type: "button", id: "t-add-level", onclick: () => { chosen.push(level.value); draw(); } }, t("Add"));
  return { sync, box: el("div", { class: "row" }, el("label", {}, t("Computer entrants"), level), add, shown) };
}

function formFields(games) {
  const gameSelect = el("select", { id: "t-game" }, games.map((g) => el("option", { value: g.name }, g.title)));
  const players = el("select", { id: "t-players" });
  const computers = [];
  const picker = levelPicker(games, gameSelect, players, computers);
  const syncPlayers = () => {
    const game = games.find((g) => g.name === gameSelect.value) || games[0];
    players.replaceChildren(...game.players.map((n) => el("option", { value: n }, String(n))));
    picker.sync();
  };
  gameSelect.addEventListener("change", syncPlayers);
  players.addEventListener("change", picker.sync);
  syncPlayers();
  return {
    name: el("input", { id: "t-name", required: true, maxlength: 60, placeholder: t("Friday Claim") }),
    gameSelect, players, computers, picker,
    format: el("select", { id: "t-format" }, FORMATS.map(([v, words]) => el("option", { value: v }, words))),
    rounds: el("input", { id: "t-rounds", type: "number", min: 1, value: 5 }),
    minutes: el("input", { id: "t-minutes", type: "number", min: 5, value: 60 }),
    clock: el("select", { id: "t-clock" }, CLOCK_CHOICES.filter(([v]) => v).map(([v, words]) => el("option", { value: v }, words))),
    starts: el("select", { id: "t-starts" }, STARTS.map(([v, words]) => el("option", { value: v }, words))),
    rated: el("input", { type: "checkbox", id: "t-rated" }),
    play: el("input", { type: "checkbox", id: "t-play", checked: true }),
    password: el("input", { id: "t-password", type: "password", minlength: 4, autocomplete: "new-password", placeholder: t("none") }),
  };
}

function body(f) {
  const out = { name: f.name.value, game: f.gameSelect.value, players: Number(f.players.value),
    format: f.format.value, move_seconds: Number(f.clock.value), rated: f.rated.checked,
    play: f.play.checked, computers: [...f.computers],
    starts_at: Date.now() / 1000 + 60 * Number(f.starts.value) };
  if (f.format.value === "swiss") out.rounds = Number(f.rounds.value);
  if (f.format.value === "arena") out.minutes = Number(f.minutes.value);
  if (f.password.value) out.password = f.password.value;
  return out;
}

function setUpForm(games) {
  const f = formFields(games);
  const said = el("p", { class: "error small", id: "t-error", role: "alert" });
  const roundsLabel = el("label", { id: "t-rounds-l" }, t("Rounds"), f.rounds);
  const minutesLabel = el("label", { id: "t-minutes-l", hidden: true }, t("Minutes"), f.minutes);
  f.format.addEventListener("change", () => {
    roundsLabel.hidden = f.format.value !== "swiss";
    minutesLabel.hidden = f.format.value !== "arena";
  });
  const form = el("form", { id: "t-form" },
    el("div", { class: "row" }, el("label", {}, t("Name"), f.name), el("label", {}, t("Game"), f.gameSelect),
      el("label", {}, t("Players at a table"), f.players)),
    el("div", { class: "row" }, el("label", {}, t("Format"), f.format), roundsLabel, minutesLabel,
      el("label", {}, t("Time per move"), f.clock), el("label", {}, t("Starts"), f.starts)),
    el("div", { class: "row" }, el("label", { class: "check" }, f.play, t("I play too")),
      el("label", { class: "check" }, f.rated, t("Rated (accounts only)")),
      el("label", {}, t("Club password"), f.password)),
    f.picker.box, said,
    el("p", {}, el("button", { class: "primary", type: "submit", id: "t-submit" }, t("Set up the tournament"))));
  form.onsubmit = async (event) => {
    event.preventDefault();
    said.textContent = "";
    try {
      const made = await api("/api/tournaments", { json: body(f) });
      location.href = made.url;
    } catch (error) {
      said.textContent = error.message;
    }
  };
  return form;
}

async function start() {
  showAccount();
  try {
    const [answer, who] = await Promise.all([api("/api/tournaments"), me()]);
    const setUp = el("section", { class: "panel", "aria-labelledby": "setup-h" }, el("h2", { id: "setup-h" }, t("Set up a tournament")));
    root.replaceChildren(el("h1", {}, t("Tournaments")),
      el("p", { class: "small muted" }, t("Swiss events, round robins for a club evening and arenas: the rounds start by themselves, and the standings change as the games end."),
        " ", t("Anyone may enter a casual event, as a guest or signed in; a rated one is for accounts.")),
      ...listing(answer.tournaments), setUp);
    if (!who.signed_in) {
      setUp.append(el("p", { class: "small", id: "t-signin" }, ...tNodes("{sign_in} to set one up.", { sign_in: el("a", { href: "/account" }, t("Sign in")) })));
      return;
    }
    setUp.append(setUpForm(await api("/api/games")));
  } catch (e) {
    root.replaceChildren(el("h1", {}, t("Tournaments")), el("p", { class: "error" }, e.message));
  }
}

start();

// The lobby: one click to play any game against the computer, a form to set up a table
// with invite links, the tables this browser set up, and finished games to replay.
import { el } from "/static/shared/dom.js";
import { LANG, formatNumber, nt, t } from "/static/shared/i18n.js";
import { endingSummary, listOf, nameList } from "/static/shared/endings.js";
import { copyButton, fragmentLink, myTables, rememberTable } from "/static/shared/links.js";
import { thirdPerson } from "/static/shared/seats.js";
import { api, me } from "/static/shared/server.js";
import { YOU } from "/static/shared/words.js";
import { showAccount } from "/static/shared/account.js";

showAccount();  // the header: who is signed in, or "Sign in"

// Deck choices the games' "factions" option takes (the server checks them).
const FACTION_CHOICES = {
  claim: [["", t("Usual for the player count")], ["claim", t("Claim (base game)")], ["claim2", t("Claim 2")],
    ["random", t("Random factions")]],
  "claim-kingdoms": [["", t("Drawn at random")]],
};

let games = [];
let signedIn = null;  // the account's name when signed in (its tables can be rated)

// The computer levels come from the server (GET /api/games: each game's "levels" per
// player count, weakest first, the default opponent marked): none are written here.
function levelsFor(game, players) { return game.levels[String(players)] || []; }

// The level a person chose last, per game ("regency.level.<game>": the level's name, which
// means the same step in every ladder), chosen again when the lobby draws that game.
const LEVEL_KEY = "regency.level.";
function lastLevel(game) {
  try { return localStorage.getItem(LEVEL_KEY + game.name); } catch { return null; }
}
function rememberLevel(game, select) {
  const name = select.selectedOptions[0]?.dataset.level;
  if (!name) return;  // a person, not a level
  try { localStorage.setItem(LEVEL_KEY + game.name, name); } catch { /* storage turned off */ }
}

// One <option> per level: its value is the agent spec, its tooltip what it is in words
// (the server's "about"), the measured figures kept for the details under the select.
function levelOptions(levels, chosen, computer = false) {
  const pick = levels.some((l) => l.name === chosen) ? chosen : levels.find((l) => l.default)?.name;
  return levels.map((level) => el("option", {
    value: level.agent, title: level.about, selected: level.name === pick,
    dataset: { level: level.name, figures: level.figures || "" },
  }, computer ? t("Computer: {level}", { level: level.name }) : level.name));
}

// The chosen level in words under a select (a tooltip does not show on phones), and the
// figures it rests on behind a details link.
function aboutLine(select, id) {
  const words = el("span", { id });
  const figures = el("span", { id: `${id}-figures` });
  const details = el("details", { class: "figures" }, el("summary", {}, t("The figures")), figures);
  const line = el("div", { class: "small muted level-about" }, words, " ", details);
  const sync = () => {
    const option = select.selectedOptions[0];
    words.textContent = option?.title || "";
    figures.textContent = option?.dataset.figures || "";
    details.hidden = !figures.textContent;
    line.hidden = !words.textContent;
  };
  select.addEventListener("change", sync);
  sync();
  return line;
}

// Invite and spectator links hold their token after "#" (never sent to a server); a
// server that still answers with "?token=" links has them rewritten to that form here.
function tableEntry(answer, title) {
  // Signed in, the table's creator sits as their account: a link with no token ("mine").
  const me = (answer.mine || [])[0] || answer.invites[0];
  return {
    table: answer.table, game: answer.game, title, created: Date.now(),
    seats: answer.seats.map((s) => s.name),
    play: me ? fragmentLink(me.url) : null,
    invites: answer.invites.map((i) => ({ seat: i.seat, name: i.name, url: fragmentLink(i.url) })),
    watch: fragmentLink(answer.spectator.url),
  };
}

async function quickPlay(game, agent, button) {
  button.disabled = true;
  button.textContent = t("Setting up…");
  const players = game.default_players;
  const seats = [{ name: "You" }, ...Array.from({ length: players - 1 }, () => ({ agent }))];
  const rated = Boolean(signedIn && document.getElementById("q-rated")?.checked);
  try {
    const answer = await api("/api/tables", { json: { game: game.name, players, seats, think_time: 0.5, rated } });
    rememberTable(tableEntry(answer, game.title));
    location.href = fragmentLink(((answer.mine || [])[0] || answer.invites[0]).url);
  } catch (error) {
    button.disabled = false;
    button.textContent = t("Play {game}", { game: game.title });
    button.after(el("p", { class: "error", role: "alert" }, error.message));
  }
}

function drawGames() {
  const box = document.getElementById("games");
  box.replaceChildren(...games.map((game) => {
    const level = el("select", { id: `q-${game.name}`, "aria-label": t("{game}: computer level", { game: game.title }),
      onchange: (event) => rememberLevel(game, event.currentTarget) },
    levelOptions(levelsFor(game, game.default_players), lastLevel(game)));
    const button = el("button", { class: "primary", type: "button", id: `play-${game.name}`,
      onclick: (event) => quickPlay(game, level.value, event.currentTarget) }, t("Play {game}", { game: game.title }));
    return el("article", { class: "panel game-card" },
      el("h2", { "data-i18n-skip": "" }, game.title), el("p", { class: "small" }, game.summary),
      el("div", { class: "row" }, button, el("label", {}, t("Opponent"), level)),
      aboutLine(level, `q-${game.name}-about`),
      el("p", { class: "small" }, el("a", { href: `/learn/${game.name}`, id: `learn-${game.name}`, class: "learn-link" },
        t("Learn to play")), " · ", el("a", { href: `/rules/${game.name}` }, t("Rules of {game}", { game: game.title })),
        el("span", { class: "muted" }, " · ", t("{counts} players", { counts: game.players.join(", ") }))));
  }));
}

const form = document.getElementById("create");
const fGame = document.getElementById("f-game");
const fPlayers = document.getElementById("f-players");
const fFactions = document.getElementById("f-factions");
const fFirst = document.getElementById("f-first");
const fSeats = document.getElementById("f-seats");

function current() { return games.find((g) => g.name === fGame.value); }

function drawForm() {
  const game = current();
  const players = Number(fPlayers.value) || game.default_players;
  fPlayers.replaceChildren(...game.players.map((n) => el("option", { value: n, selected: n === players }, String(n))));
  const choices = FACTION_CHOICES[game.name];
  const hasFactions = game.options.some((o) => o.name === "factions") && choices;
  const factionsLabel = document.getElementById("f-factions-l");
  factionsLabel.hidden = !hasFactions;
  // Labels are flex boxes in style.css, which would show a hidden one: hide it through the CSSOM.
  factionsLabel.style.display = hasFactions ? "" : "none";
  fFactions.replaceChildren(...(choices || []).map(([v, words]) => el("option", { value: v }, words)));
  const n = Number(fPlayers.value);
  fFirst.replaceChildren(el("option", { value: "" }, t("Drawn at random")),
    ...Array.from({ length: n }, (_, s) => el("option", { value: s }, t("Seat {number}", { number: s }))));
  // A seat keeps its choice across changes of game and players: a person stays one, a
  // computer keeps its level's name where the new ladder has it, else the default level.
  // Another game brings its own level, the one chosen last for it, if any.
  const sameGame = fSeats.dataset.game === game.name;
  fSeats.dataset.game = game.name;
  const old = [...fSeats.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector("select.kind");
    return { person: kind.value === "person", level: kind.selectedOptions[0]?.dataset.level,
      name: row.querySelector("input").value };
  });
  const levels = levelsFor(game, n);
  fSeats.replaceChildren(...Array.from({ length: n }, (_, s) => {
    const prev = old[s] || { person: s === 0, name: s === 0 ? "You" : "" };
    const kind = el("select", { class: "kind", id: `seat-${s}-kind`, "aria-label": t("seat {number}: who plays", { number: s }) },
      el("option", { value: "person", selected: prev.person }, t("A person (invite link)")),
      el("optgroup", { label: t("The computer") }, levelOptions(levels, (!sameGame && lastLevel(game)) || prev.level || lastLevel(game), true)));
    if (prev.person) kind.value = "person";
    const name = el("input", { id: `seat-${s}-name`, value: prev.name, maxlength: 40, placeholder: t("Seat {number}", { number: s }),
      "aria-label": t("seat {number}: name", { number: s }) });
    const sync = () => { name.disabled = kind.value !== "person"; };
    kind.addEventListener("change", sync);
    kind.addEventListener("change", () => rememberLevel(game, kind));
    sync();
    const about = aboutLine(kind, `seat-${s}-about`);
    return el("div", { class: "seat-row" }, el("strong", {}, t("Seat {number}", { number: s })), el("label", {}, t("Plays"), kind),
      el("label", {}, t("Name"), name), about);
  }));
}

function showCreated(answer, title) {
  const box = document.getElementById("created");
  const invites = answer.invites.map((invite) => {
    const url = fragmentLink(invite.url);
    const input = el("input", { value: url, readonly: true, "aria-label": t("invite link for seat {number}", { number: invite.seat }) });
    return el("div", { class: "invite" }, el("strong", {}, t("Seat {number} ({name})", { number: invite.seat, name: invite.name })), input,
      copyButton(input), el("a", { class: "button", href: url }, t("Open")));
  });
  const watchUrl = fragmentLink(answer.spectator.url);
  const watch = el("input", { value: watchUrl, readonly: true, "aria-label": t("spectator link") });
  box.replaceChildren(el("h3", {}, t("Table {table} ({game}) is ready", { table: answer.table, game: title })),
    el("p", { class: "small" }, t("Send each person their own link: it is their seat's key. Keep the others private.")),
    ...(invites.length ? invites : [el("p", {}, t("Every seat is a computer: watch them play."))]),
    el("div", { class: "invite" }, el("strong", {}, t("Watch")), watch, copyButton(watch),
      el("a", { class: "button", href: watchUrl }, t("Open"))));
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("f-error");
  error.textContent = "";
  const game = current();
  const options = {};
  if (!document.getElementById("f-factions-l").hidden && fFactions.value) options.factions = fFactions.value;
  if (fFirst.value !== "") options.first = Number(fFirst.value);
  const seats = [...fSeats.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector("select.kind").value;
    return kind === "person" ? { name: row.querySelector("input").value.trim() } : { agent: kind };
  });
  const body = { game: game.name, players: Number(fPlayers.value), options, seats,
    think_time: Number(document.getElementById("f-think").value) || 0,
    rated: Boolean(signedIn && document.getElementById("f-rated").checked) };
  const clock = document.getElementById("f-clock").value;
  if (clock) body.move_seconds = Number(clock);
  try {
    const answer = await api("/api/tables", { json: body });
    rememberTable(tableEntry(answer, game.title));
    showCreated(answer, game.title);
    drawMine();
  } catch (e) {
    error.textContent = t("The table was not created: {reason}", { reason: e.message });
  }
});
fGame.addEventListener("change", () => { fPlayers.value = ""; drawForm(); });
fPlayers.addEventListener("change", drawForm);

function drawMine() {
  const list = document.getElementById("mine");
  const tables = myTables();
  if (!tables.length) {
    list.replaceChildren(el("li", { class: "muted" }, t("None yet.")));
    return;
  }
  list.replaceChildren(...tables.map((table) => el("li", {},
    el("strong", {}, table.title || table.game), ` · ${table.seats.join(", ")} · `,
    table.play ? el("a", { href: table.play }, t("continue")) : "", table.play ? " · " : "",
    table.watch ? el("a", { href: table.watch }, t("watch")) : "", table.watch ? " · " : "",
    el("a", { href: `/replay/${table.table}` }, t("replay (once finished)")))));
}

// -- finished games ------------------------------------------------------------------
// GET /api/history: each finished game names its seats as the table did (a computer by
// its level), says when it started and ended, and links to the game it was a rematch of
// (`previous`). The list groups an evening's rematches under one line, gives dates and
// times, and names the winner; a table set up in this browser calls its person "You".

// Dates in the page's language, as the reader's browser writes it if it speaks that language
// ("4 Dec" in en-GB, "Dec 4" in en-US), in the reader's time zone.
const LOCALE = navigator.languages.find((l) => l.split("-")[0] === LANG) || (LANG === "pseudo" ? undefined : LANG);

/** "Ann vs Bob vs Cy". */
function versus(names) {
  return names.length ? names.reduce((first, second) => t("{first} vs {second}", { first, second })) : "";
}

/** "Tue 14 May, 20:31" in the reader's own language and time zone. */
function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(LOCALE,
    { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/** "20:31": the time alone, for the games of one evening. */
function clockTime(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString(LOCALE, { hour: "2-digit", minute: "2-digit" });
}

/** Chains of rematches among `rows` (newest first), each chain oldest game first. */
function evenings(rows) {
  const byTable = new Map(rows.map((r) => [r.table, r]));
  const groups = new Map();  // the first game of a chain (among those listed) -> its games
  for (const r of rows) {
    let first = r;
    const seen = new Set([r.table]);
    while (first.previous && byTable.has(first.previous) && !seen.has(first.previous)) {
      first = byTable.get(first.previous);
      seen.add(first.table);
    }
    if (!groups.has(first.table)) groups.set(first.table, []);
    groups.get(first.table).push(r);
  }
  return [...groups.values()].map((games) => games.sort((a, b) => a.finished_at - b.finished_at))
    .sort((a, b) => b[b.length - 1].finished_at - a[a.length - 1].finished_at);
}

/** The seat this browser's person played in a chain, from "Your tables" (null: none). */
function readerSeat(games) {
  const mine = new Map(myTables().filter((t) => t.play).map((t) => [t.table, t.play]));
  for (const r of games) {
    const link = mine.get(r.table);
    const found = link && /\/play\/[^/]+\/(\d+)/.exec(new URL(link, location.href).pathname);
    if (found) return Number(found[1]);
  }
  return null;
}

/** Each seat's name for this reader: "You" for their own seat, else the stored name ("Seat N" for "You"). */
function namesFor(r, reader) {
  return r.seats.map((name, seat) => (seat === reader ? t("You") : thirdPerson(name, seat)));
}

/** How the game ended: "won by Ann", "shared by Ann and Bob", "Ann resigned, Bob won", "aborted by Ann". */
function winnerText(r, names, reader) {
  const name = (s) => names[s] || t("Seat {number}", { number: s });
  // endings.js says "You" by the English word: it is given that, and the names as written.
  const english = (s) => (s === reader ? YOU : name(s));
  if (r.ending && r.ending.how !== "finished") return endingSummary(r.ending, english);
  const seats = (r.result && r.result.winners) || [];
  const won = !seats.length ? ""
    : seats.length > 1 ? t("shared by {names}", { names: listOf(seats.map(name)) })
      : seats[0] === reader ? t("won by You") : t("won by {name}", { name: name(seats[0]) });
  const left = (r.ending && r.ending.left) || [];  // a game the computer finished for them
  if (!left.length) return won;
  const gone = left.length === 1 && left[0] === reader ? t("You left")
    : nt("{names} left", "{names} left", left.length, { names: nameList(left, english) });
  return won ? t("{result}; {left}", { result: won, left: gone }) : gone;
}

function gameLine(r, names, titles, solo, reader) {
  const parts = solo
    ? [el("strong", { "data-i18n-skip": "" }, titles[r.game] || r.game), " · ", versus(names), " · ", el("time", {}, when(r.finished_at))]
    : [el("time", {}, clockTime(r.finished_at))];
  const won = winnerText(r, names, reader);
  return el("li", { dataset: { table: r.table } }, parts, won ? ` · ${won}` : "",
    " · ", nt("{count} move", "{count} moves", r.moves), " · ", el("a", { href: `/replay/${r.table}` }, t("replay")));
}

function eveningItem(games, titles) {
  const reader = readerSeat(games);
  if (games.length === 1) return gameLine(games[0], namesFor(games[0], reader), titles, true, reader);
  const first = games[0];
  const names = namesFor(first, reader);
  const wins = names.map(() => 0);
  for (const r of games) for (const s of (r.result ? r.result.winners : [])) wins[s] += 1;
  const tally = names.map((n, s) => `${n} ${formatNumber(wins[s])}`).join(", ");
  return el("li", { class: "evening-group", dataset: { table: first.table } },
    el("strong", {}, titles[first.game] || first.game), " · ", versus(names), " · ",
    el("time", {}, when(first.started_at ?? first.finished_at)),
    el("div", { class: "small" }, nt("An evening of {count} game, each a rematch of the last; wins: {tally}",
      "An evening of {count} games, each a rematch of the last; wins: {tally}", games.length, { tally })),
    el("ol", { class: "evening-games small" }, games.map((r) => gameLine(r, namesFor(r, reader), titles, false, reader))));
}

async function drawFinished() {
  const list = document.getElementById("finished");
  try {
    const rows = await api("/api/history?limit=20");
    const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
    list.replaceChildren(...(rows.length ? evenings(rows).map((group) => eveningItem(group, titles))
      : [el("li", { class: "muted" }, t("No finished games yet."))]));
  } catch (e) {
    list.replaceChildren(el("li", { class: "error" }, e.message));
  }
}

/** Signed in: rated games on offer (the quick buttons and the form), your seat named. */
function drawAccount(who) {
  signedIn = who.signed_in ? who.name : null;
  const quick = document.getElementById("q-rated-box");
  const form = document.getElementById("f-rated-box");
  quick.hidden = form.hidden = !signedIn;
  if (signedIn) {
    document.getElementById("q-rated-name").textContent = signedIn;
    document.getElementById("f-rated-about").textContent = [
      t("You sit at the first person's seat as {name}.", { name: signedIn }),
      t("A rated table needs every person to join with an account; the computer plays a level of the ladder."),
    ].join(" ");
  }
}

async function start() {
  me().then(drawAccount);
  try {
    games = await api("/api/games");
  } catch (e) {
    document.getElementById("games").replaceChildren(el("p", { class: "error" }, e.message));
    return;
  }
  drawGames();
  fGame.replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
  drawForm();
  drawMine();
  drawFinished();
}

start();

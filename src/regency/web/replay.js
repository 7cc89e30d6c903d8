// The replay page: /replay/<table>?seat=N&step=K steps through a finished game from any
// seat's view (or a spectator's); the server rebuilds each view from the game's record.
import { el } from "/static/shared/dom.js";
import { scoresheetButtons } from "/static/shared/evening.js";
import { drawTable } from "/static/shared/frame.js";
import { COLOUR_NAMES, thirdPerson } from "/static/shared/seats.js";
import { loadedGame } from "/static/shared/games.js";
import { api, gameModule, titles } from "/static/shared/server.js";
import { LANG, formatNumber, t, nt, tNodes } from "/static/shared/i18n.js";
import { labelName, winGraph } from "/static/graph.js";
import { chatPanel } from "/static/chat.js";
import { showAccount } from "/static/shared/account.js";

showAccount();  // the header: who is signed in, or "Sign in"

const root = document.getElementById("table");
const tableId = location.pathname.split("/").filter(Boolean)[1];
const params = new URLSearchParams(location.search);
let seat = params.get("seat") === null || params.get("seat") === "" ? null : Number(params.get("seat"));
let step = params.has("step") ? Number(params.get("step")) : null;
if (!Number.isInteger(step) || step < 0) step = null;  // no step (or a bad one): the end
let steps = null;  // the game's length, learnt from the first view
let game = null;
let seatNames = [];
let seatColours = COLOUR_NAMES;  // each seat's colour name (the game's own, if it names them)
let analysis = null;
const state = {};
const box = document.getElementById("analysis");
const pct = (x) => (x === null || x === undefined ? "?" : t("{percent}%", { percent: formatNumber(Math.round(100 * x)) }));
// The analysis labels are API codes (also the verdicts' CSS classes): said by labelName.
const labelText = labelName;
const cache = new Map();
let aim = null;    // the step asked for last: a quick second press counts from it, not from the one drawn
let shows = 0;     // how many steps have been asked for: only the latest is drawn (answers may cross)
let ready = null;  // the game's module and the seat chooser, set up once from the first view
let graphFocus = false;  // the graph's point for the move shown takes the focus (the keyboard went there)
// The table's chat, published with the record: each message shown from the move it followed.
const chat = chatPanel({ tableId, seat: null, upTo: 0 });
api(`/api/tables/${tableId}/chat`).then((body) => chat.add(body.messages), () => {});

/** The view after `n` moves, as seat `who` (default: the one chosen; null: a spectator) saw it. */
async function viewAt(n, who = seat) {
  const key = `${who}:${n}`;
  if (!cache.has(key)) {
    const q = who === null ? "" : `?seat=${who}`;
    cache.set(key, api(`/api/tables/${tableId}/replay/${n}${q}`));
  }
  return cache.get(key);
}

/** The game's module, the page's title and the seat chooser, from the first view. */
async function setUp(view) {
  // The game's module at once (the first view is drawn before the page is first shown).
  game = loadedGame(view.game) || await gameModule(view.game);
  const names = await titles();
  document.getElementById("where").textContent =
    t("{game} · replay of table {table}", { game: names[view.game] || view.game, table: tableId });
  const select = document.getElementById("seat");
  // Each seat by the one name the whole page uses for it (a replay says "You" to nobody).
  select.replaceChildren(el("option", { value: "" }, t("a spectator")),
    ...view.seats.map((s) => el("option", { value: s.seat, selected: s.seat === seat },
      thirdPerson(s.name, s.seat) === thirdPerson("", s.seat)
        ? t("seat {number}", { number: s.seat })
        : t("seat {number}: {name}", { number: s.seat, name: thirdPerson(s.name, s.seat) }))));
  select.addEventListener("change", () => {
    seat = select.value === "" ? null : Number(select.value);
    show(aim ?? step);
  });
}

/** One step forwards or backwards (`delta`) from the step asked for last. */
function stepBy(delta) {
  const from = aim ?? step;
  if (from === null || steps === null) return;  // the game's length is not known yet
  show(Math.max(0, Math.min(steps, from + delta)));
}

/** Step `n` within the game (`null`: its end), as far as its length is known yet. */
const within = (n) => (n === null ? steps : Math.max(0, Math.min(n, steps ?? n)));

async function show(n, keepGraphFocus = false) {
  const ticket = ++shows;
  aim = within(n);
  let view;
  try {
    // The server answers only for steps 0 to the game's length: learn it first.
    if (steps === null) steps = (await viewAt(0)).steps;
    view = await viewAt(within(n));
    if (!ready) ready = setUp(view);
    await ready;
  } catch (error) {
    if (ticket === shows) root.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
    return;
  }
  if (ticket !== shows) return;  // a later step was asked for meanwhile: it draws
  graphFocus = keepGraphFocus;
  steps = view.steps;
  step = view.step;
  aim = step;
  seatNames = view.seats.map((s) => s.name);
  seatColours = game.colours ? game.colours(view.observation) : COLOUR_NAMES;
  drawAnalysis();
  chat.setSeats(view.seats);
  chat.setUpTo(step);
  drawTable(root, view, game, { interactive: false, replay: true, play: () => {}, state,
    rerender: () => show(aim ?? step), extra: [chat.node] });
  chat.refresh();  // the seats' marks in the colours the table now uses
  document.getElementById("counter").textContent = t("move {step} of {steps}", { step: formatNumber(step), steps: formatNumber(steps) });
  document.getElementById("prev").disabled = step <= 0;
  document.getElementById("first").disabled = step <= 0;
  document.getElementById("next").disabled = step >= steps;
  document.getElementById("last").disabled = step >= steps;
  const url = new URL(location.href);
  url.search = new URLSearchParams({ ...(seat === null ? {} : { seat }), step }).toString();
  history.replaceState(null, "", url);
}

// The move analysis (docs/analysis.md): each decision judged from its seat's view by the
// server's search; asked for with a button, then shown for the move that led here.
async function loadAnalysis(start) {
  const url = `/api/tables/${tableId}/analysis`;
  let body;
  try {
    body = await api(url, start ? { method: "POST" } : {});
  } catch (error) {
    box.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
    return;
  }
  if (body && body.status === "none") {  // nobody has asked yet (200, not an error)
    box.replaceChildren(el("div", { class: "row" },
      el("button", { type: "button", id: "analyse", onclick: () => loadAnalysis(true) }, t("Analyse this game")),
      el("span", { class: "small muted" },
        t("The computer judges every move from what its player could see (a minute or a few)."))));
    return;
  }
  if (body && body.format === "regency-analysis") {
    analysis = body;
    drawAnalysis();
    return;
  }
  box.replaceChildren(el("p", { id: "analysing" }, body.status === "queued"
    ? nt("Waiting for its turn: {count} analysis to go before this one.",
      "Waiting for its turn: {count} analyses to go before this one.", body.position)
    : nt("Analysing… {done} of {count} decision judged.", "Analysing… {done} of {count} decisions judged.",
      body.total, { done: formatNumber(body.done) })));
  setTimeout(() => loadAnalysis(false), 1500);
}

function nameOf(seat) {
  return thirdPerson(seatNames[seat], seat);
}

// Moves in words, as the table names cards and squares (the game module's describe), each
// in the position it was decided in: the deciding seat's view just before the move, asked
// of the server once per decision. Until it comes, the words without a position.
const words = new Map();  // "number:notation" -> the move in words
const asked = new Set();  // the decisions whose position has been asked for

function said(d, notation) {
  return words.get(`${d.number}:${notation}`) || game.describe(notation, null);
}

async function learnWords(decisions) {
  const wanted = decisions.filter((d) => d && !asked.has(d.number));
  if (!wanted.length) return;
  for (const d of wanted) asked.add(d.number);
  for (const d of wanted) {
    try {
      const view = await viewAt(d.number - 1, d.seat);
      for (const m of [d.played, d.best, ...d.moves.map((x) => x.move)]) {
        if (m) words.set(`${d.number}:${m}`, game.describe(m, view.observation));
      }
    } catch { /* the words without the position will do */ }
  }
  drawAnalysis();
}

/**
 * Win chance lost, in points, as `regency analyze` shows it: cut (not rounded) to one
 * decimal, so the figure reaches a label's threshold exactly when the label is given
 * (regency.analysis.lost_points; the label itself comes from the server, decided once).
 */
function lostPoints(loss) {
  return (Math.floor((Math.max(0, loss) + 1e-9) * 1000) / 10).toFixed(1);
}

const ONE_DECIMAL = new Intl.NumberFormat(LANG === "pseudo" ? "en" : LANG,
  { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** `lostPoints` as the page's language writes it: "0.3", "0,3". */
const points = (loss) => ONE_DECIMAL.format(Number(lostPoints(loss)));

function drawAnalysis() {
  if (!analysis || !game) return;
  const decision = analysis.decisions.find((d) => d.number === step);
  const marked = analysis.decisions.filter((d) => d.label === "mistake" || d.label === "blunder");
  learnWords([decision, ...marked]);
  let about;
  if (step === 0 || !decision) {
    about = el("p", {}, t("The start: step forward to see each move judged."));
  } else if (decision.forced) {
    about = el("p", {}, tNodes("Move {number}, {seat}: {move} (their only move).",
      { number: formatNumber(step), seat: nameOf(decision.seat), move: el("b", {}, said(decision, decision.played)) }));
  } else {
    const same = decision.best === decision.played;
    // One whole sentence per verdict: the move, its chance, its label and the computer's view.
    const names = {
      number: formatNumber(step), seat: nameOf(decision.seat),
      move: el("b", {}, said(decision, decision.played)), chance: pct(decision.win_played),
      label: decision.label ? el("span", { class: `verdict ${decision.label}` }, ` ${labelText(decision.label)}`) : "",
      best: t("{move} ({chance})", { move: said(decision, decision.best), chance: pct(decision.win) }),
      lost: points(decision.loss ?? 0), stakes: points(decision.stakes ?? 0),
    };
    let sentence;
    if (same) sentence = tNodes("Move {number}, {seat}: {move} (win chance {chance}){label}; the computer's choice too.", names);
    else if (decision.loss === null) sentence = tNodes("Move {number}, {seat}: {move} (win chance {chance}){label}; the computer prefers {best}.", names);
    else if (lostPoints(decision.loss) === "0.0") sentence = tNodes("Move {number}, {seat}: {move} (win chance {chance}){label}; the computer's choice, {best}, is no better.", names);
    else if (decision.stakes) sentence = tNodes("Move {number}, {seat}: {move} (win chance {chance}){label}; the computer prefers {best}: {lost} points lost of the {stakes} this move could change.", names);
    else sentence = tNodes("Move {number}, {seat}: {move} (win chance {chance}){label}; the computer prefers {best}: {lost} points lost.", names);
    about = el("div", {},
      el("p", {}, sentence),
      // "; " between moves: their words may hold commas (squares), and a " · " would end a line.
      el("p", { class: "small muted" }, t("Best moves: {moves}", { moves:
        decision.moves.filter((m) => m.win !== null).slice(0, 3).map((m) => `${said(decision, m.move)} ${pct(m.win)}`).join("; ") })));
  }
  const buttons = document.createDocumentFragment();
  buttons.append(...marked.map((d) => el("button", { type: "button", class: `jump ${d.label}`, onclick: () => show(d.number),
    title: t("move {number}, {seat}: {label}", { number: formatNumber(d.number), seat: nameOf(d.seat), label: labelText(d.label) }) },
  t("{number}. {move}", { number: formatNumber(d.number), move: said(d, d.played) }))));
  const jumps = marked.length ? el("p", { class: "small" }, tNodes("Mistakes and blunders: {moves}", { moves: buttons }))
    : el("p", { class: "small muted" }, t("No mistakes or blunders."));
  const rows = analysis.summaries.map((s) => el("tr", {},
    el("td", {}, nameOf(s.seat)), el("td", {}, formatNumber(Math.round(s.accuracy))), el("td", {}, formatNumber(s.inaccuracies)),
    el("td", {}, formatNumber(s.mistakes)), el("td", {}, formatNumber(s.blunders)), el("td", {}, ONE_DECIMAL.format(100 * s.average_loss))));
  const summary = el("table", { class: "summary small" },
    el("thead", {}, el("tr", {}, [t("player"), t("accuracy"), t("inaccuracies"), t("mistakes"), t("blunders"), t("avg lost")]
      .map((h) => el("th", {}, h)))), el("tbody", {}, rows));
  const graph = winGraph({
    analysis, steps: steps ?? analysis.record.actions.length, step,
    width: box.clientWidth - 26, name: nameOf,
    colour: (s) => seatColours[s % seatColours.length] || "grey",
    jump: (n, keyboard = false) => show(n, keyboard),
    // The keyboard was on the graph (or still is, when the moves' words come in): stay there.
    focus: graphFocus || Boolean(document.activeElement && document.activeElement.closest && document.activeElement.closest("#wingraph")),
  });
  graphFocus = false;
  box.replaceChildren(el("h2", {}, t("Analysis")), about, graph, jumps, // A phone scrolls the summary sideways: a keyboard can too (a focusable region).
    el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": t("summary per player (scrolls)") }, summary),
    el("p", { class: "small muted", id: "judge" },
      // The judge by its level's name (the server's), in a sentence of its own: a language
      // may decline "the computer" after "by".
      !analysis.agent_name || analysis.agent_name === "Computer"
        ? t("Win chances estimated by the computer, each move judged from what its player could see.")
        : t("Win chances estimated by the {level}, each move judged from what its player could see.", { level: analysis.agent_name }),
      " ",
      t("Accuracy is the share of what a player's moves could change that they kept: moves that could change nothing do not count, the moves that decided the game count the most.")),
    // The judge's spec (the server names it by its level): a details line.
    el("details", { class: "small muted", id: "judge-details" }, el("summary", {}, t("The judge's settings")),
      tNodes("{spec}, seed {seed}", { spec: el("code", { dataset: { notation: "" } }, analysis.agent), seed: analysis.seed ?? 0 })));
}

document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("prev").addEventListener("click", () => stepBy(-1));
document.getElementById("next").addEventListener("click", () => stepBy(1));
document.getElementById("last").addEventListener("click", () => show(steps));
document.getElementById("copy").addEventListener("click", async (event) => {
  try { await navigator.clipboard.writeText(location.href); event.target.textContent = t("Copied"); }
  catch { event.target.textContent = location.href; }
});
document.getElementById("download").href = `/api/tables/${tableId}/record`;
document.getElementById("scoresheet").replaceChildren(scoresheetButtons(tableId));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("select, input")) return;
  if (event.key === "ArrowRight") stepBy(1);
  else if (event.key === "ArrowLeft") stepBy(-1);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(steps);
  else return;
  event.preventDefault();
});

show(step);
loadAnalysis(false);

// The puzzles page (issue 35): /puzzles lists the games with puzzles, /puzzles/<game>
// gives one puzzle after another near the solver's rating, /puzzles/<game>/<id> one puzzle
// (a link to share). The position is the puzzle seat's view, drawn by the table's own
// drawTable with the legal moves clickable; a click sends the move to the server, which
// judges it and works out the new rating (Glicko-2): nothing is computed here.
//
// Kept in localStorage, per game (docs/web.md):
//   regency.puzzles.rating.<game>  the solver's rating, as the server last gave it
//   regency.puzzles.seen.<game>    the ids of the latest puzzles shown (at most SEEN_KEPT)
import { el } from "/static/shared/dom.js";
import { drawTable } from "/static/shared/frame.js";
import { loadedGame } from "/static/shared/games.js";
import { api, me, gameModule } from "/static/shared/server.js";
import { formatNumber, t, nt, tNodes } from "/static/shared/i18n.js";
import { showAccount } from "/static/shared/account.js";

showAccount();  // the header: who is signed in, or "Sign in"

const SEEN_KEPT = 200;  // the server takes at most 500 (regency.server.puzzles.MAX_SEEN)
const [, , gameName = null, puzzleId = null] = location.pathname.split("/").map(decodeURIComponent);
const message = document.getElementById("message");
const verdictBox = document.getElementById("verdict");
const board = document.getElementById("board");
let listing = null;   // GET /api/puzzles
let puzzle = null;    // the puzzle shown
let game = null;      // its game's drawing module
let tried = null;     // the answer to the try at it (null before)
let rated = false;    // the rating was moved by a try at this puzzle already
let state = {};       // the drawing's own state (the piece chosen to place), per puzzle

const pct = (x) => t("{percent}%", { percent: formatNumber(Math.round(100 * x)) });
const store = {
  get(key, fallback) {
    try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
  },
  set(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: not kept */ }
  },
};
const ratingKey = (name) => `regency.puzzles.rating.${name}`;
const seenKey = (name) => `regency.puzzles.seen.${name}`;

/** The solver's rating in `name` (null: a new solver, who starts at the server's start). */
function ratingOf(name) {
  const r = store.get(ratingKey(name), null);
  return r && typeof r === "object" && typeof r.rating === "number" ? r : null;
}

function ratingWords(r) {
  // Ratings are written as figures, as rating lists print them (no thousands separator).
  if (!r) return t("{rating} (new)", { rating: Math.round(listing ? listing.start.rating : 1500) });
  return nt("{rating} ({count} try)", "{rating} ({count} tries)", r.tries, { rating: Math.round(r.rating) });
}

function noteSeen(id) {
  const kept = store.get(seenKey(gameName), []);
  const seen = (Array.isArray(kept) ? kept : []).filter((s) => s !== id);
  seen.push(id);
  store.set(seenKey(gameName), seen.slice(-SEEN_KEPT));
}

function fail(error) {
  message.textContent = error.message;
}

// -- the games ---------------------------------------------------------------------------

function drawGames() {
  const box = document.getElementById("games");
  if (gameName) {  // solving one game's puzzles: the others in a line, with their ratings
    const others = listing.games.filter((g) => g.game !== gameName);
    box.className = "small other-games";
    const games = document.createDocumentFragment();
    games.append(...others.flatMap((g, i) => [i ? " · " : "",
      el("a", { href: `/puzzles/${g.game}`, id: `solve-${g.game}` }, g.title),
      el("span", { class: "muted" }, " ", t("(your rating {rating})", { rating: ratingWords(ratingOf(g.game)) }))]));
    box.replaceChildren(...(others.length ? tNodes("Other puzzles: {games}", { games }) : []));
    return;
  }
  if (!listing.games.length) {
    box.replaceChildren(el("p", { class: "panel" }, t("This server has no puzzles yet.")));
    return;
  }
  box.replaceChildren(...listing.games.map((g) => el("article", { class: "panel game-card" },
    el("h2", {}, t("{game} puzzles", { game: g.title })),
    el("p", { class: "small" }, nt("{count} puzzle, rated {lowest} to {highest}.", "{count} puzzles, rated {lowest} to {highest}.",
      g.count, { lowest: g.lowest, highest: g.highest })),
    el("p", { class: "small" }, tNodes("Your rating: {rating}", { rating: el("strong", { class: "solver-rating", dataset: { game: g.game } },
      ratingWords(ratingOf(g.game))) })),
    el("a", { class: "button primary", href: `/puzzles/${g.game}`, id: `solve-${g.game}` },
      t("Solve {game} puzzles", { game: g.title })))));
}

// -- one puzzle --------------------------------------------------------------------------

async function nextPuzzle() {
  const r = ratingOf(gameName);
  // Only a hint of where to look, so stored values edited by hand are tamed, not refused
  // (a try sends the rating itself, which the server checks and reports).
  const near = Math.min(5000, Math.max(0, r ? r.rating : listing.start.rating));
  const seen = store.get(seenKey(gameName), []);
  const query = new URLSearchParams({
    rating: String(Number.isFinite(near) ? near : listing.start.rating),
    seen: (Array.isArray(seen) ? seen : []).filter((id) => /^[a-z0-9]{1,32}$/.test(id)).join(","),
  });
  return api(`/api/puzzles/${gameName}/next?${query}`);
}

async function load(id = null) {
  message.textContent = "";
  try {
    const next = id ? await api(`/api/puzzles/${gameName}/${encodeURIComponent(id)}`) : await nextPuzzle();
    game = game || loadedGame(next.game) || await gameModule(next.game);
    show(next);
  } catch (error) {
    fail(error);
    // A link to a puzzle a newer set no longer has: on to the game's puzzles.
    if (id && error.body && error.body.error === "no_such_puzzle") {
      message.append(" ", el("a", { href: `/puzzles/${gameName}`, id: "solve-others" },
        t("Solve this game's puzzles instead")));
    }
  }
}

function show(next) {
  puzzle = next;
  tried = null;
  rated = false;
  state = {};
  noteSeen(puzzle.id);
  verdictBox.hidden = true;
  verdictBox.replaceChildren();
  drawHead();
  drawBoard(true);
}

function drawHead() {
  document.getElementById("where").textContent = t("{game} · puzzle {id}", { game: puzzle.title, id: puzzle.id });
  document.getElementById("head-h").textContent = t("{game} puzzle, rated {rating}", { game: puzzle.title, rating: puzzle.rating });
  document.getElementById("about").replaceChildren(
    el("span", { class: "prompt" }, puzzle.prompt), " ",
    el("span", { class: "muted" }, tNodes("Your rating: {rating}.",
      { rating: el("strong", { id: "my-rating" }, ratingWords(ratingOf(puzzle.game))) })), " ",
    el("a", { href: `/puzzles/${puzzle.game}/${puzzle.id}`, id: "link" }, t("Link to this puzzle")));
}

function drawBoard(interactive) {
  // A new root per drawing of a new puzzle: the table's motion and focus memory are the
  // previous puzzle's, not this one's.
  if (!board.firstChild || board.firstChild.dataset.puzzle !== puzzle.id) {
    board.replaceChildren(el("div", { id: "table", dataset: { puzzle: puzzle.id } }));
  }
  const root = board.firstChild;
  root.classList.toggle("tried", !interactive);
  drawTable(root, puzzle.view, game, {
    interactive,
    play: (move) => { if (!tried) attempt(move); },
    state,
    rerender: () => drawBoard(interactive),
    extra: [el("section", { class: "panel small", "aria-label": t("about this puzzle") },
      el("a", { href: `/rules/${puzzle.game}`, target: "_blank" }, t("Rules of this game")))],
  });
}

async function attempt(move) {
  message.textContent = "";
  let answer;
  try {
    // Signed in, the server uses (and keeps) the account's rating; a try after the
    // first does not count there either.
    answer = await api(`/api/puzzles/${puzzle.game}/${puzzle.id}/attempt`,
      { json: { move, rating: ratingOf(puzzle.game), counts: !rated } });
  } catch (error) {
    if (error.body && error.body.error === "bad_rating") {  // edited by hand: start again
      store.set(ratingKey(puzzle.game), null);
      drawHead();
      fail(new Error(t("Your stored rating could not be read ({error}), so it starts again: try the move again.", { error: error.message })));
    } else fail(error);
    return;
  }
  tried = answer;
  if (!rated) store.set(ratingKey(puzzle.game), answer.rating);
  drawVerdict(answer, !rated);
  rated = true;
  drawHead();
  drawBoard(false);
  verdictBox.focus();
  verdictBox.scrollIntoView({ block: "start" });
}

// -- the verdict -------------------------------------------------------------------------

function ratingChange(answer, counted) {
  if (!counted) return el("p", { class: "small muted" }, t("Your rating counts your first try only."));
  const before = Math.round(answer.before.rating);
  const after = Math.round(answer.rating.rating);
  const change = after - before;
  return el("p", { id: "rating-change" }, tNodes("Your {game} puzzle rating: {change}", { game: puzzle.title,
    change: el("strong", {}, `${before} → ${after} (${change >= 0 ? "+" : "−"}${Math.abs(change)})`) }));
}

/** A move's value under best play, in a proven puzzle (1: a win, 0: a loss). */
const bestPlay = (x) => (x >= 1 ? t("wins") : x <= 0 ? t("loses") : t("shares the win"));

/** A group's win chance: one figure, or the range of its near-identical moves. */
function winRange(group, exact) {
  if (exact) return group.win === group.low ? bestPlay(group.win) : `${bestPlay(group.low)}–${bestPlay(group.win)}`;
  const high = pct(group.win);
  const low = pct(group.low);
  return low === high ? high : `${low}–${high}`;
}

function moveList(answer) {
  // The server groups near-identical moves ("12 other swaps with the blue marker"):
  // the answers, the next best and the move tried are always rows of their own.
  const answers = new Set(answer.solutions.map((s) => s.move));
  const rows = answer.groups.map((g) => {
    const isAnswer = g.moves.some((m) => answers.has(m));
    const isTried = g.moves.includes(answer.move);
    return el("tr", { class: [isAnswer ? "answer" : "", isTried ? "tried" : ""].join(" ").trim() || null },
      el("td", {}, g.text, el("span", { class: "tags" },
        isAnswer ? el("span", { class: "tag good" }, " ", t("the answer")) : "",
        isTried ? el("span", { class: "tag" }, " ", t("your move")) : "")),
      el("td", { class: "num" }, winRange(g, answer.exact)));
  });
  return el("table", { class: "moves-judged" }, el("caption", { class: "small muted" }, t("Every move, best first")),
    el("thead", {}, el("tr", {}, el("th", {}, t("Move")),
      el("th", { class: "num" }, answer.exact ? t("Against best play") : t("Win chance")))),
    el("tbody", {}, rows));
}

function drawVerdict(answer, counted) {
  const best = answer.solutions[0];
  // A proven puzzle (the solver's exact values) says what the move does against best play:
  // one whole sentence per outcome.
  const move = el("strong", {}, answer.move_text);
  let played;
  if (!answer.exact) played = tNodes("You played {move}: its win chance is {chance}.", { move, chance: pct(answer.win) });
  else if (answer.win >= 1) played = tNodes("You played {move}: it wins against best play (proven by the solver).", { move });
  else if (answer.win <= 0) played = tNodes("You played {move}: it loses against best play (proven by the solver).", { move });
  else played = tNodes("You played {move}: it shares the win against best play (proven by the solver).", { move });
  const answerMove = el("strong", {}, best.text);
  let theAnswer;
  if (!answer.exact) theAnswer = tNodes("The answer: {move}, whose win chance is {chance}.", { move: answerMove, chance: pct(answer.best_win) });
  else if (answer.best_win >= 1) theAnswer = tNodes("The answer: {move}, which wins against best play.", { move: answerMove });
  else if (answer.best_win <= 0) theAnswer = tNodes("The answer: {move}, which loses against best play.", { move: answerMove });
  else theAnswer = tNodes("The answer: {move}, which shares the win against best play.", { move: answerMove });
  const lines = answer.correct ? [el("p", {}, played)] : [el("p", {}, played), el("p", {}, theAnswer)];
  verdictBox.classList.toggle("right", answer.correct);
  verdictBox.classList.toggle("wrong", !answer.correct);
  verdictBox.replaceChildren(
    el("h2", { id: "verdict-h" }, answer.correct ? t("✓ Correct!") : t("✗ Not the best move")),
    ...lines,
    el("p", { class: "explanation" }, answer.explanation),
    ratingChange(answer, counted),
    el("div", { class: "row verdict-actions" },
      el("button", { type: "button", class: "primary", id: "next-puzzle", onclick: nextClicked }, t("Next puzzle")),
      // Wrong: the answer is shown, and may be played on the board to see it there.
      answer.correct ? "" : el("button", { type: "button", id: "try-again", onclick: tryAgain }, t("Try again"))),
    el("div", { class: "scroll-x" }, moveList(answer)));
  verdictBox.hidden = false;
}

async function nextClicked() {
  if (puzzleId) {
    location.href = `/puzzles/${gameName}`;  // from a link: on to the game's puzzles
    return;
  }
  await load();
  // The button is gone with the answer: the keyboard starts again at the new puzzle's title.
  document.getElementById("head-h").focus();
}

function tryAgain() {
  tried = null;
  verdictBox.hidden = true;
  drawBoard(true);
  const status = document.getElementById("status");
  if (status) status.focus();
}

// -- start -------------------------------------------------------------------------------

async function start() {
  // Signed in, the account's ratings are the solver's: the browser's copy follows them.
  const who = await me();
  for (const [game, rating] of Object.entries((who.signed_in && who.puzzles) || {})) {
    store.set(ratingKey(game), rating);
  }
  try {
    listing = await api("/api/puzzles");
  } catch (error) {
    fail(error);
    return;
  }
  drawGames();
  if (!gameName) {
    board.classList.remove("screen");  // no puzzle to keep a screen for
    return;
  }
  if (!listing.games.some((g) => g.game === gameName)) {
    fail(new Error(t("This server has no puzzles for that game.")));
    return;
  }
  await load(puzzleId);
}

start();

// The lessons page (issue 48): /learn lists the courses, /learn/<game> one course and its
// lessons, /learn/<game>/<lesson> one lesson on the real table. The position is the
// learner's view, drawn by the table's own drawTable with the legal moves clickable; a
// click sends the move to the server, which plays it and answers with the lesson's words:
// nothing is judged here. Every word a player reads comes from the server (the course
// and GET /api/learn's "words"), so a translation changes no code.
//
// Kept in localStorage, per game (docs/learn.md):
//   regency.learn.<game>   the ids of the lessons done
// Signed in, the account keeps them too: the page sends what this browser kept (PUT
// /api/learn/progress) and a solved lesson is stored there by the server.
import { el } from "/static/shared/dom.js";
import { t } from "/static/shared/i18n.js";
import { drawTable } from "/static/shared/frame.js";
import { api, gameModule, me } from "/static/shared/server.js";
import { showAccount } from "/static/shared/account.js";
import { startFirstGame } from "/static/coach.js";

showAccount();

const [, , gameName = null, lessonId = null] = location.pathname.split("/").map(decodeURIComponent);
const message = document.getElementById("message");
const verdictBox = document.getElementById("verdict");
const board = document.getElementById("board");
let listing = null;  // GET /api/learn: the courses and the pages' words
let words = {};      // listing.words
let lesson = null;   // GET /api/learn/<game>/<lesson>
let game = null;     // the game's drawing module
let shown = null;    // the view drawn (the lesson's, or the one after a try)
let tried = false;   // the board shows a try's outcome (not the lesson's position)
let state = {};      // the drawing's own state (a piece chosen to place)

/** A sentence of the page's words with its fields filled in (`{count}` and the like). */
function say(key, fields = {}) {
  const text = words[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

const keyOf = (name) => `regency.learn.${name}`;

function doneIn(name) {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(name)));
    return Array.isArray(kept) ? kept.filter((id) => typeof id === "string") : [];
  } catch { return []; }
}

function keepDone(name, ids) {
  try { localStorage.setItem(keyOf(name), JSON.stringify([...new Set(ids)])); } catch { /* private mode */ }
}

function fail(error) {
  message.textContent = error.message;
}

/** Signed in: this browser's lessons go to the account, and the account's come here. */
async function syncProgress() {
  const who = await me();
  if (!who.signed_in) return;
  const kept = {};
  for (const course of listing.courses) {
    const ids = doneIn(course.game);
    if (ids.length) kept[course.game] = ids;
  }
  let learned = listing.learned || {};
  if (Object.keys(kept).length) {
    try { learned = (await api("/api/learn/progress", { method: "PUT", json: kept })).learned; } catch { /* kept here */ }
  }
  for (const [name, ids] of Object.entries(learned || {})) keepDone(name, [...doneIn(name), ...ids]);
}

function courseOf(name) {
  return listing.courses.find((c) => c.game === name) || null;
}

function progressLine(course) {
  const done = new Set(doneIn(course.game));
  const count = course.lessons.length;
  const n = course.lessons.filter((l) => done.has(l.id)).length;
  return el("div", { class: "small" },
    el("div", { class: "progress-bar", role: "img", "aria-label": say("progress", { done: n, count }) },
      el("span", { style: { width: `${Math.round((100 * n) / Math.max(1, count))}%` } })),
    el("p", { class: "muted", dataset: { progress: course.game } }, say("progress", { done: n, count })));
}

function nextUndone(course) {
  const done = new Set(doneIn(course.game));
  return course.lessons.find((l) => !done.has(l.id)) || null;
}

function startButton(course) {
  const next = nextUndone(course);
  const anyDone = doneIn(course.game).length > 0;
  const target = next || course.lessons[0];
  const label = !anyDone ? say("start") : next ? say("continue") : say("again");
  return el("a", { class: "button primary", href: `/learn/${course.game}/${target.id}`, id: `start-${course.game}` }, label);
}

// -- the courses ---------------------------------------------------------------------------

function drawCourses() {
  document.getElementById("head-h").textContent = say("learn_to_play");
  document.getElementById("about").replaceChildren(el("p", { class: "small muted" }, say("courses_about")));
  document.getElementById("courses").replaceChildren(...listing.courses.map((course) =>
    el("article", { class: "panel game-card" },
      el("h2", {}, course.title),
      el("p", { class: "small" }, say("lessons_count", { count: course.lessons.length })),
      progressLine(course),
      el("div", { class: "row" }, startButton(course),
        el("a", { href: `/learn/${course.game}`, id: `course-${course.game}` }, say("lessons"))))));
}

// -- one course ----------------------------------------------------------------------------

function lessonList(course, current = null) {
  const done = new Set(doneIn(course.game));
  return el("ol", { class: "lesson-list", id: "lesson-list" }, course.lessons.map((l) =>
    el("li", { class: [done.has(l.id) ? "done" : "", l.id === current ? "current" : ""].join(" ").trim() || null },
      el("a", { href: `/learn/${course.game}/${l.id}`, "aria-current": l.id === current ? "page" : null }, l.title),
      done.has(l.id) ? el("span", { class: "done-mark" }, ` ✓ ${say("done_mark")}`) : "")));
}

function finishedPanel(course) {
  return el("section", { class: "panel course-done", id: "course-done", "aria-labelledby": "done-h" },
    el("h2", { id: "done-h" }, say("finished")),
    el("p", {}, course.doneText),
    el("p", { class: "row" }, firstGameButton(course)));
}

function firstGameButton(course) {
  const button = el("button", { type: "button", class: "primary", id: "first-game" }, say("first_game"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await startFirstGame(course.game);
    } catch (error) {
      button.disabled = false;
      fail(error);
    }
  });
  return button;
}

async function drawCourse(course) {
  const full = await api(`/api/learn/${course.game}`);
  course.doneText = full.done;
  document.getElementById("where").textContent = full.game_title;
  document.getElementById("head-h").textContent = course.title;
  document.getElementById("about").replaceChildren(el("p", { class: "explain" }, full.about),
    progressLine(course), el("p", { class: "row" }, startButton(course),
      el("a", { href: `/rules/${course.game}` }, say("rules_page", { game: full.game_title }))));
  const parts = [el("section", { class: "panel", "aria-labelledby": "lessons-h" },
    el("h2", { id: "lessons-h" }, say("lessons")), lessonList(course))];
  if (!nextUndone(course)) parts.unshift(finishedPanel(course));
  document.getElementById("courses").replaceChildren(...parts);
}

// -- one lesson ----------------------------------------------------------------------------

function drawLessonHead(course) {
  document.getElementById("where").textContent = course.game_title;
  document.getElementById("step").textContent = say("lesson_of", { number: lesson.number, count: lesson.count });
  document.getElementById("head-h").textContent = lesson.title;
  document.getElementById("about").replaceChildren(
    el("p", { class: "explain" }, lesson.explain),
    el("p", { class: "task", id: "task" }, lesson.task));
}

function drawBoard(interactive) {
  if (!board.firstChild) board.replaceChildren(el("div", { id: "table" }));
  const root = board.firstChild;
  root.classList.toggle("tried", !interactive);
  const course = courseOf(gameName);
  drawTable(root, shown, game, {
    interactive,
    play: (move) => { if (interactive) attempt(move); },
    state,
    rerender: () => drawBoard(interactive),
    extra: [el("section", { class: "panel small", "aria-labelledby": "course-h" },
      el("h2", { id: "course-h" }, course.title), lessonList(course, lesson.id),
      el("a", { href: `/rules/${gameName}`, target: "_blank" }, say("rules_page", { game: course.game_title })))],
  });
}

async function loadLesson(course) {
  try {
    lesson = await api(`/api/learn/${gameName}/${encodeURIComponent(lessonId)}`);
  } catch (error) {
    fail(error);
    document.getElementById("courses").replaceChildren(lessonList(course));
    return;
  }
  game = await gameModule(lesson.game);
  drawLessonHead(course);
  showPosition();
}

function showPosition() {
  shown = lesson.view;
  tried = false;
  state = {};
  drawBoard(true);
}

async function attempt(move) {
  message.textContent = "";
  let answer;
  try {
    answer = await api(`/api/learn/${gameName}/${encodeURIComponent(lesson.id)}/attempt`, { json: { move } });
  } catch (error) {
    fail(error);
    return;
  }
  if (answer.solved) keepDone(gameName, [...doneIn(gameName), lesson.id]);
  if (answer.view) {
    shown = answer.view;
    tried = true;
    drawBoard(false);
  }
  drawVerdict(answer);
  verdictBox.focus();
  verdictBox.scrollIntoView({ block: "start" });
}

function drawVerdict(answer) {
  const course = courseOf(gameName);
  const right = answer.solved;
  const heading = right ? `✓ ${say("right")}` : answer.legal ? `✗ ${say("wrong")}` : `✗ ${say("not_allowed")}`;
  const lines = [el("h2", { id: "verdict-h" }, heading)];
  if (answer.legal) lines.push(el("p", {}, say("you_played", { move: answer.move_text })));
  lines.push(el("p", { class: "explanation", id: "explanation" }, answer.text));
  if (!right && answer.hint) lines.push(el("p", { class: "hint", id: "hint" }, t("{label}: {text}", { label: say("hint"), text: answer.hint })));
  const actions = el("div", { class: "row verdict-actions" });
  const undone = nextUndone(course);
  if (right && !undone) {  // the course is done: on to a first game
    actions.append(firstGameButton(course));
    if (lesson.next) actions.append(el("a", { class: "button", id: "next-lesson", href: `/learn/${gameName}/${lesson.next}` }, say("next")));
  } else if (right) {
    const target = lesson.next && !doneIn(gameName).includes(lesson.next) ? lesson.next : undone.id;
    actions.append(el("a", { class: "button primary", id: "next-lesson", href: `/learn/${gameName}/${target}` }, say("next")));
  } else {
    actions.append(el("button", { type: "button", class: "primary", id: "try-again", onclick: tryAgain }, say("try_again")),
      el("button", { type: "button", id: "show-answer", onclick: showAnswer }, say("show_answer")));
  }
  if (right && !undone) {
    lines.push(el("p", { id: "course-finished" }, el("strong", {}, `${say("finished")}. `), course.doneText || ""));
  }
  lines.push(actions);
  verdictBox.classList.toggle("right", right);
  verdictBox.classList.toggle("wrong", !right);
  verdictBox.replaceChildren(...lines);
  verdictBox.hidden = false;
}

function tryAgain() {
  verdictBox.hidden = true;
  showPosition();
  const status = document.getElementById("status");
  if (status) status.focus();
}

async function showAnswer() {
  try {
    const found = await api(`/api/learn/${gameName}/${encodeURIComponent(lesson.id)}/answer`);
    const text = found.answers.map((a) => a.text).join(" / ");
    if (tried) showPosition();
    verdictBox.querySelector("#the-answer")?.remove();
    verdictBox.append(el("p", { id: "the-answer" }, el("strong", {}, say("the_answer", { move: text }))));
  } catch (error) {
    fail(error);
  }
}

// -- start ---------------------------------------------------------------------------------

async function start() {
  try {
    listing = await api("/api/learn");
  } catch (error) {
    fail(error);
    return;
  }
  words = listing.words;
  await syncProgress();
  if (!gameName) {
    drawCourses();
    return;
  }
  const course = courseOf(gameName);
  if (!course) {
    fail(new Error(say("no_lessons")));
    return;
  }
  if (!course.doneText) course.doneText = (await api(`/api/learn/${gameName}`)).done;
  if (lessonId) await loadLesson(course);
  else await drawCourse(course);
}

start();

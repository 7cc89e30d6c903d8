// The table frame every game shares, drawn from a view message: the status and the moves
// that have no place on the board (the action bar), the board (the game's module draws
// it), the move log, who sits at the table, and the result. The live table page, the
// replay page, the puzzles and the rules pages' figures all draw through drawTable.
// Nothing here knows a game's rules: the legal moves come from the server's view message.

import { seatClock, tickClocks, turnClock } from "/static/shared/clocks.js";
import { el } from "/static/shared/dom.js";
import {
  detailsName, focusBefore, jumpToBoard, keyboardHelp, keyboardScrolling, memo, restoreFocus,
  setupRoving,
} from "/static/shared/keyboard.js";
import { endedEarly, endingSentence, leftSentence } from "/static/shared/endings.js";
import { effects, finishMotion, motionWanted, snapshot } from "/static/shared/motion.js";
import { t, tNodes } from "/static/shared/i18n.js";
import { COLOUR_NAMES, badge, seatName, useSeats } from "/static/shared/seats.js";

/** "draw a tile" as a button says it: "Draw a tile". */
function sentence(text) {
  return typeof text === "string" && text ? text[0].toUpperCase() + text.slice(1) : text;
}

// The status, for screen readers: one polite live region that outlives the redraws (a
// region drawn anew with each view is not announced), told only what changed.
let announcer = null;
function announce(text) {
  if (!announcer) {
    announcer = el("div", { class: "visually-hidden", id: "announce", role: "status", "aria-live": "polite" });
    document.body.append(announcer);
  }
  if (announcer.textContent !== text) announcer.textContent = text;
}

/**
 * What a game's module draws with (`ui`), and the set of legal moves its board reached
 * (`handled`: the rest go to the action bar).
 */
function tableUi(view, game, options) {
  const obs = view.observation;
  const legal = new Set(view.legal_moves || []);
  const handled = new Set();
  const last = view.recent && view.recent.length ? view.recent[view.recent.length - 1] : null;
  const ui = {
    view, obs, legal, last,
    interactive: options.interactive,
    state: options.state,
    mine: options.interactive && view.seat !== null && view.to_move === view.seat,
    name: (seat) => seatName(view, seat),
    badge: (seat, extra) => badge(view, seat, extra),
    rerender: options.rerender,
    /** Elements a game puts in the action bar beside the status (say, what to place). */
    bar: [],
    toBar(...nodes) { ui.bar.push(...nodes); },
    /** A control for a move; a click sends it (the server judges it). */
    move(notation, content, attrs = {}) {
      const isLegal = legal.has(notation);
      if (isLegal) handled.add(notation);
      const { onlyLegal, ...rest } = attrs;
      const cls = `${rest.class || ""} ${isLegal ? "legal" : "not-legal"}`.trim();
      const label = rest["aria-label"] || null;
      if (!options.interactive) {  // a spectator or a replay: the same look, nothing to press
        return el("span", { class: `${rest.class || ""}`, role: label ? "img" : null, "aria-label": label,
          title: rest.title || null, "data-anim": rest["data-anim"] || null }, content);
      }
      // Not this seat's turn: the control stays focusable (aria-disabled, not disabled), so
      // the keyboard keeps its place in the hand or on the board while the others move.
      const off = !ui.mine || (onlyLegal && !isLegal);
      return el("button", {
        ...rest, class: cls, type: "button", "aria-label": label,
        "aria-disabled": off ? "true" : null,
        dataset: { key: `move:${notation}`, move: notation },
        onclick: () => { if (!off) options.play(notation); },
      }, content);
    },
    label: (notation) => game.label(notation, ui),
    /** Mark moves as reachable from the board (they are not listed again as buttons). */
    handle(notations) { for (const m of notations) if (legal.has(m)) handled.add(m); },
  };
  return { ui, handled };
}

/** The status line: the game over, whose turn, or what this seat is to do. */
function statusLine(view, game, ui, options) {
  const status = el("div", { class: "status", id: "status", tabindex: "-1" });
  if (view.finished) {
    status.classList.add("over");
    status.textContent = overLine(view, game, ui);
  } else if (options.replay) {
    status.append(...tNodes("To move: {seat}.", { seat: badge(view, view.to_move) }), " ",
      game.waiting ? game.waiting(ui) : "");
  } else if (ui.mine) {
    status.classList.add("mine");
    status.textContent = t("Your turn: {prompt}", { prompt: game.prompt(ui) });
  } else {
    const who = view.to_move;
    const info = (view.seats || [])[who] || {};
    const thinking = info.kind === "computer" || info.replaced_by;
    // A person whose link has not been opened yet: nobody's clock runs until they come.
    const away = notOpened(view, info);
    const seat = badge(view, who);
    const line = away && thinking ? tNodes("Waiting for {seat} to open the table (the computer is thinking…).", { seat })
      : away ? tNodes("Waiting for {seat} to open the table.", { seat })
        : thinking ? tNodes("Waiting for {seat} (the computer is thinking…).", { seat })
          : tNodes("Waiting for {seat}.", { seat });
    status.append(...line, " ", game.waiting ? game.waiting(ui) : "");
  }
  return status;
}

/**
 * A person who has not opened the table yet (the view's seats say `opened`). Only at a
 * table with a clock, where the server pushes a view the moment a seat is opened (it is
 * the clock's start); elsewhere the next move would be the first to tell.
 */
function notOpened(view, info) {
  return Boolean(view.clock) && info.kind === "person" && info.opened === false && !info.replaced_by;
}

/**
 * The status of a table that has ended: the game's own result line, or how it ended
 * early ("Ann resigned: you win."), and who left.
 */
function overLine(view, game, ui) {
  const early = endingSentence(view.ending, ui.name, view.players, (s) => !notOpened(view, view.seats[s] || {}));
  const left = leftSentence(view.ending, ui.name);
  let text = early;
  if (!early) text = t("The game is over. {result}", { result: view.result && game.resultLine ? game.resultLine(ui) : "" });
  else if (view.ending.how === "resigned") text = t("The game is over. {result}", { result: early });
  return left ? `${text} ${left}` : text;
}

/**
 * The action bar: the current question's buttons that have no place on the board (draw,
 * pass, look, keep), after what the game put there (such as what to place). Call it once
 * the board is drawn, which says what it reached (`handled`).
 */
function actionBar(ui, game, handled) {
  const unhandled = ui.mine ? [...ui.legal].filter((m) => !handled.has(m)) : [];
  const barItems = [...ui.bar, ...unhandled.map((m) => ui.move(m, sentence(game.label(m, ui)),
    { class: m === "pass" ? "" : "primary" }))];
  return barItems.length
    ? el("div", { class: "actions", id: "actions", role: "toolbar", "aria-label": t("your moves"),
      dataset: { roving: "bar" } }, barItems)
    : null;
}

/**
 * A move log's line: the game's sentence (`label` with a seat), whose `{seat}` is where
 * the mover's badge goes, so a language puts the subject where it wants it. A label
 * without one (notation the game does not know) comes after the badge.
 */
function logLine(badgeNode, text) {
  const at = typeof text === "string" ? text.indexOf("{seat}") : -1;
  if (at < 0) return [badgeNode, " ", text];
  return [text.slice(0, at), badgeNode, text.slice(at + "{seat}".length)].filter((p) => p !== "");
}

/** The recent moves, each with its mover's badge, in the game's words. */
function moveLog(view, game, ui) {
  const log = el("ol", { class: "log", "aria-label": t("recent moves") });
  for (const m of view.recent || []) {
    log.append(el("li", { value: m.number, class: m === ui.last ? "last" : "" },
      logLine(badge(view, m.seat), game.label(m.move, ui, m.seat, m))));
  }
  // Not numbered: it is no move ("1. No moves yet." read as one).
  if (!(view.recent || []).length) log.append(el("li", { class: "muted", style: { "list-style": "none" } }, t("No moves yet.")));
  return log;
}

/** The level's name of the computer playing for a seat ("Casual computer"), or null for "the computer". */
export function computerName(s) {
  const name = s.replaced_by_name;
  return !name || name === "Computer" ? null : name;
}

/** A person's state beside their seat: not here yet, away, or left the game. */
function seatNote(view, s) {
  if (s.left) return ` ${t("(left the game: the computer plays on)")}`;
  if (s.replaced_by) {
    const computer = computerName(s);
    return ` ${computer ? t("(away: the {computer} plays for now)", { computer }) : t("(away: the computer plays for now)")}`;
  }
  return notOpened(view, s) && !view.finished ? ` ${t("(not here yet)")}` : "";
}

/** Who sits at the table: each seat's badge, a person or the computer, its clock. */
function seatList(view, options) {
  const list = el("ul", { class: "plain seatlist" }, (view.seats || []).map((s) =>
    el("li", {}, badge(view, s.seat), seatRating(s), el("span", { class: "muted small" },
      s.kind === "computer" ? "" : (s.account ? "" : t("person")), seatNote(view, s)),
    view.to_move === s.seat ? el("span", { class: "turn-dot" }, t("◀ to move")) : "",
    options.replay ? "" : seatClock(view, s))));
  return [list, agentDetails(view)];
}

/**
 * The details line under the seats: each computer seat's agent spec (its name is its
 * level's, "Strongest computer"; the spec says exactly what plays it).
 */
function agentDetails(view) {
  const computers = (view.seats || []).filter((s) => s.agent);
  if (!computers.length) return "";
  return el("details", { class: "small muted agents", id: "agents" },
    el("summary", {}, computers.length === 1 ? t("The computer player's settings") : t("The computer players' settings")),
    el("ul", { class: "plain" }, computers.map((s) => el("li", {}, badge(view, s.seat), " ",
      el("code", { dataset: { notation: "" } }, s.agent)))));
}

/** An account's profile link and rating beside its seat ("1612", "1500?" while provisional). */
function seatRating(s) {
  if (!s.rating && !s.account) return "";
  return el("span", { class: "small seat-rating" }, s.account
    ? el("a", { href: `/@/${encodeURIComponent(s.account)}`, "aria-label": t("{name}'s profile", { name: s.account }) }, s.rating || t("profile"))
    : s.rating);
}

/** The panels beside the board: the move log, who sits at the table, and the page's own. */
function sidePanels(log, seats, options) {
  return el("aside", {},
    el("section", { class: "panel", "aria-labelledby": "log-h" },
      el("h2", { id: "log-h" }, t("Move log")), log),
    el("section", { class: "panel", "aria-labelledby": "seats-h" },
      el("h2", { id: "seats-h" }, t("At the table")), seats),
    options.interactive ? keyboardHelp() : "",
    options.extra || []);
}

/**
 * The result of a finished game, as the game explains it, or how the table ended early
 * (resigned, aborted), and who left (null before the end).
 */
function resultPanel(view, game, ui, options) {
  if (!view.finished || !(view.result || view.ending)) return null;
  const left = leftSentence(view.ending, ui.name);
  const body = endedEarly(view) || !view.result ? earlyResult(view, ui) : game.result(ui);
  return el("section", { class: "panel result", "aria-labelledby": "result-h", id: "result" },
    el("h2", { id: "result-h" }, t("Result")), body,
    left ? el("p", { id: "result-left" }, left) : "", options.afterResult || []);
}

/** A table that ended before its game was played out: who resigned, or why it was aborted. */
function earlyResult(view, ui) {
  const ending = view.ending || {};
  const aborted = ending.how === "aborted";
  const said = endingSentence(ending, ui.name, view.players, (s) => !notOpened(view, view.seats[s] || {}));
  return el("div", { id: "ending", dataset: { how: ending.how || "" } },
    el("p", { class: aborted ? "aborted" : "winner" }, said || t("The game is over.")),
    el("p", { class: "small muted" }, aborted
      ? t("An aborted game is never rated and does not count in the evening's score.")
      : (view.recent || []).length
        ? t("The game ended after move {number}.", { number: view.recent[view.recent.length - 1].number })
        : t("The game ended after no moves.")));
}

/** How many of the server's notices the table page shows (the most recent). */
const NOTICES = 3;

/**
 * What the server wants people at the table to know (the view's `notices`: say, that a
 * computer seat's player failed and another move was played for it), as plain text.
 */
function noticeList(view) {
  const notices = Array.isArray(view.notices) ? view.notices.slice(-NOTICES) : [];
  if (!notices.length) return null;
  return el("ul", { class: "plain notices", id: "notices", "aria-label": t("notices from the server") },
    notices.map((n, i) => el("li", { class: i === notices.length - 1 ? "latest" : "" },
      Number.isInteger(n.version) ? el("span", { class: "muted small" }, `${t("Move {number}:", { number: n.version })} `) : "",
      String(n.text ?? ""))));
}

/**
 * Draw a table from a view message into `root`.
 *
 * @param root       the element to fill
 * @param view       the server's view message
 * @param game       the game's drawing module (games/<name>.js)
 * @param options    {play(notation), state: {}, interactive: bool, rerender(), extra: Node[]}
 */
export function drawTable(root, view, game, options) {
  useSeats({ colours: game.colours ? game.colours(view.observation) : COLOUR_NAMES, you: !options.replay });
  const { ui, handled } = tableUi(view, game, options);

  // The status line (what to do), any refusal, and the action bar: the current question's
  // buttons that have no place on the board. They stay in view at the top while the page
  // scrolls.
  const status = statusLine(view, game, ui, options);
  const said = status.textContent;  // announced without the clock's ticking figures
  const clock = options.replay ? null : turnClock(view);
  if (clock) status.append(clock);
  const notices = options.replay ? null : noticeList(view);
  const board = game.board(ui);
  const bar = actionBar(ui, game, handled);
  const turnbar = el("div", { class: `turnbar${options.replay ? " replay" : ""}`, id: "turnbar" },
    status, options.refusal || "", bar || "");
  const log = moveLog(view, game, ui);
  const side = sidePanels(log, seatList(view, options), options);
  const result = resultPanel(view, game, ui, options);

  const had = focusBefore(root);
  const opened = memo(root).toggled;
  // A new move's motion starts from where the pieces were drawn before it: only for one
  // or a few new moves (a step forward, the computer's reply), never for a first drawing
  // or a step back. A motion still running lands meanwhile (a computer's turn of several
  // decisions comes in quick views: its card placed still flies while it takes another);
  // a redraw with no new move finishes it first, as a click or a key does.
  const last = ui.last;
  const previous = memo(root).lastMove;
  const moved = last && Number.isInteger(previous) && last.number > previous && last.number - previous <= 3;
  if (!moved) finishMotion();
  const before = moved && game.motion && motionWanted() ? snapshot(root) : null;
  memo(root).lastMove = last ? last.number : 0;
  root.replaceChildren(turnbar, notices || "", result || "",
    el("div", { class: "layout" }, el("div", { class: "board-area" }, board), side));
  for (const d of root.querySelectorAll("details")) {
    if (opened.has(detailsName(d))) d.open = opened.get(detailsName(d));
  }
  root.dataset.version = String(view.version);
  root.dataset.mine = String(ui.mine);
  root.dataset.finished = String(view.finished);
  log.scrollTop = log.scrollHeight;
  if (game.afterDraw) game.afterDraw(ui, root);
  keyboardScrolling(root);
  if (ui.mine && bar && !options.replay) jumpToBoard(root, bar);
  if (options.interactive) {
    setupRoving(root, ui);
    restoreFocus(root, had, ui);
    memo(root).mine = ui.mine;
  }
  if (!options.replay) announce(said);
  if (clock) tickClocks();
  if (before) game.motion(ui, effects(root, before));
  return ui;
}

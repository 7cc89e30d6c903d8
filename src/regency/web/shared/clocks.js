// Move clocks. A view of a table with a clock carries `clock` ({seconds, seat, deadline}:
// the deadline in the server's time, seconds since 1970) and `now`, the server's time when
// it was sent; the page that receives it notes the difference from its own clock in
// `view.skew` (milliseconds), so a computer whose clock is wrong still counts down the
// right time. Every clock on the page is an element with data-deadline (the deadline in
// this computer's milliseconds), and one timer rewrites them all once a second: nothing is
// asked of the server, and the table is not redrawn (focus and scroll stay put).

import { el } from "/static/shared/dom.js";
import { formatNumber, t, tNodes } from "/static/shared/i18n.js";
import { seatName } from "/static/shared/seats.js";
import { YOU } from "/static/shared/words.js";

/** "0:23", "1:05:00": the time left, rounded up to the second. */
export function clockFigures(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/**
 * The move clocks a table set up for strangers may have (an open table, a tournament's
 * tables), as [seconds, words]; "" is no clock (open tables only).
 */
export const CLOCK_CHOICES = [["120", t("2 min a move")], ["30", t("30 s a move")], ["86400", t("24 h a move")],
  ["", t("No clock")]];

/** "30 s", "2 min", "24 h": a limit per move. */
export function limitText(seconds) {
  if (seconds >= 3600 && seconds % 3600 === 0) return t("{hours} h", { hours: formatNumber(seconds / 3600) });
  if (seconds >= 60 && seconds % 60 === 0) return t("{minutes} min", { minutes: formatNumber(seconds / 60) });
  return t("{seconds} s", { seconds: formatNumber(seconds) });
}

function runningClock(view, id, deadline) {
  const at = deadline * 1000 - (view.skew || 0);
  return el("span", { class: "clock", id, role: "timer", dataset: { deadline: String(at) } },
    clockFigures(at - Date.now()));
}

const given = (time) => time !== null && time !== undefined;

/**
 * When the clock of the seat to move runs out (seconds, the server's time; null if none
 * runs): its deadline, or, before that seat's first move, `abort_at`, when the table is
 * aborted if the move has not come (which also runs for a person who has not opened the
 * table yet, whose move clock waits for them).
 */
function runsOutAt(c) {
  return given(c.abort_at) ? c.abort_at : given(c.deadline) ? c.deadline : null;
}

/**
 * The clock of the seat to move, for the status line (null if none runs). Before that
 * seat's first move it is the first-move clock, which aborts the table when it runs out.
 */
export function turnClock(view) {
  const c = view.clock;
  const at = c && !view.finished ? runsOutAt(c) : null;
  if (at === null) return null;
  const mine = view.seat !== null && view.seat === c.seat;
  if (!given(c.abort_at)) {
    const clock = runningClock(view, "turn-clock", at);
    return el("span", { class: "clockbox" }, mine ? tNodes("Your time: {clock}", { clock })
      : tNodes("Time: {clock}", { clock }));
  }
  const clock = runningClock(view, "turn-clock", at);
  const name = seatName(view, c.seat);
  const pieces = mine || name === YOU
    ? tNodes("Your first move: {clock} or the game is aborted", { clock })
    : tNodes("{name}'s first move: {clock} or the game is aborted", { name, clock });
  // What follows the clock is the warning, on a line of its own (style.css .abort-note).
  const where = pieces.indexOf(clock);
  const after = where < 0 ? "" : pieces.splice(where + 1).join("").trim();
  return el("span", { class: "clockbox first-move", id: "first-move" }, pieces,
    after ? el("span", { class: "abort-note" }, after) : "");
}

/**
 * A person's clock in the list of seats: running for the seat to move (until their first
 * move, the clock that aborts the table), else the limit (none while the computer plays
 * for them).
 */
export function seatClock(view, s) {
  const c = view.clock;
  if (!c || view.finished || s.kind === "computer" || s.replaced_by) return "";
  if (c.seat === s.seat && runsOutAt(c) !== null) {
    return runningClock(view, `clock-${s.seat}`, runsOutAt(c));
  }
  return el("span", { class: "clock idle", id: `clock-${s.seat}` }, t("{limit} a move", { limit: limitText(c.seconds) }));
}

let clockTimer = null;

/** Rewrite every running clock on the page; start the once-a-second timer if need be. */
export function tickClocks() {
  const clocks = document.querySelectorAll(".clock[data-deadline]");
  for (const c of clocks) {
    const left = Number(c.dataset.deadline) - Date.now();
    c.textContent = left > 0 ? clockFigures(left) : t("time is up");
    c.classList.toggle("low", left <= 10000);
  }
  if (!clockTimer) clockTimer = setInterval(tickClocks, 1000);
}

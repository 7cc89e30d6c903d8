// Shared helpers for every page: building elements, the API, seats, and the table frame
// (status, board, moves, log, result) that the live table page and the replay page draw.
// Nothing here knows a game's rules: the legal moves come from the server's view message.

export const SHAPES = ["●", "▲", "■", "◆"];
export const COLOUR_NAMES = ["red", "blue", "green", "orange"];
// The seats' colours on the page being drawn (a game may name its own: Claim Kingdoms does).
let seatColours = COLOUR_NAMES;
// Whether the viewing seat is called "You" (not in a replay, which anyone may look at).
let sayYou = true;

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    // Styles go through the CSSOM, never a style="..." attribute (the pages' CSP forbids
    // those): {"--cell": "56px", "grid-template-columns": "repeat(3, 1fr)"}.
    else if (key === "style") for (const [name, v] of Object.entries(value)) node.style.setProperty(name, v);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * Ask the server; the JSON answer, or an Error holding the server's message.
 *
 * @param path     the address (never with a token in it)
 * @param options  fetch's options, plus `json` (a body to send) and `token` (sent as
 *                 `Authorization: Bearer TOKEN`)
 */
export async function api(path, options = {}) {
  const { json, token, ...rest } = options;
  const init = { ...rest, headers: { Accept: "application/json", ...(rest.headers || {}) } };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) {
    init.method = init.method || "POST";
    init.body = JSON.stringify(json);
    init.headers["Content-Type"] = "application/json";
  }
  const response = await fetch(path, init);
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) {
    const message = (body && body.message) || `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.body = body;
    error.status = response.status;
    throw error;
  }
  return body;
}

/**
 * The token of this page's invite link ("" if it has none).
 *
 * Invite links carry the token after "#" (`/play/T/0#token=...`), so it never reaches a
 * server's log or another site's Referer. An old link's `?token=...` still works: the
 * token is read from it and the page's address is rewritten (history.replaceState) to
 * the fragment form, so the query string no longer holds it.
 */
export function pageToken() {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromHash) return fromHash;
  const url = new URL(location.href);
  const fromQuery = url.searchParams.get("token");
  if (!fromQuery) return "";
  history.replaceState(history.state, "", fragmentLink(url.href));
  return fromQuery;
}

/** An invite or spectator link with its token moved from the query to the fragment. */
export function fragmentLink(link) {
  if (!link) return link;
  let url;
  try { url = new URL(link, location.href); } catch { return link; }
  const token = url.searchParams.get("token");
  if (!token) return link;
  url.searchParams.delete("token");
  const hash = new URLSearchParams(url.hash.slice(1));
  hash.set("token", token);
  url.hash = hash.toString();
  return url.href;
}

let gameTitles = null;
export async function titles() {
  if (!gameTitles) {
    gameTitles = {};
    try {
      for (const g of await api("/api/games")) gameTitles[g.name] = g.title;
    } catch { /* the names are a fine fallback */ }
  }
  return gameTitles;
}

export async function gameModule(name) {
  if (!/^[a-z-]+$/.test(name)) throw new Error(`unknown game ${name}`);
  return import(`/static/games/${name}.js`);
}

/** A seat's badge: its colour, shape and a letter, then its name. */
export function seatMark(seat, letter = false) {
  const colour = seatColours[seat % seatColours.length] || "grey";
  return el("span", { class: `mark c-${colour}`, "aria-hidden": "true",
    title: `seat ${seat}: ${colour} ${SHAPES[seat % 4]}` },
  SHAPES[seat % 4] + (letter ? colour[0].toUpperCase() : ""));
}

export function seatName(view, seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === view.seat && sayYou) return "You";
  const info = (view.seats || [])[seat];
  return thirdPerson(info && info.name, seat);
}

/**
 * A seat's name for anyone but its own player: the name, or "Seat N" when there is none
 * or it is "You" (the lobby's name for whoever plays the computer), which would read as
 * the reader on a replay, a spectator's page or another seat's.
 */
export function thirdPerson(name, seat) {
  const text = String(name || "").trim();
  return text && text.toLowerCase() !== "you" ? text : `Seat ${seat}`;
}

/** "Ada" -> "Ada's", "You" -> "your" ("Your" with `capital`): whose hand, whose castle. */
export function possessive(name, capital = false) {
  if (name === "You") return capital ? "Your" : "your";
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

export function badge(view, seat, extra = "") {
  return el("span", { class: "badge" }, seatMark(seat),
    el("span", {}, seatName(view, seat) + extra));
}

// Keyboard play. Each group of controls (the action bar, a hand, the cards played for, a
// board or grid) is one Tab stop (a roving tabindex: the arrow keys move inside it, Home
// and End go to its ends); after each redraw focus stays where play goes on: on the same
// control if it is still there, else on its group's nearest move, else on the group that
// now holds a move. A group is a container marked data-roving="NAME", or else the parent
// of move buttons, named by where it sits.
const memory = new WeakMap();
let keyboardLast = false;  // the last input was a key (so focus may scroll the page)
document.addEventListener("keydown", () => { keyboardLast = true; }, true);
document.addEventListener("pointerdown", () => { keyboardLast = false; }, true);

function memo(root) {
  if (!memory.has(root)) {
    const m = { rove: {}, mine: false, last: null, toggled: new Map() };
    memory.set(root, m);
    root.addEventListener("keydown", (event) => roveKey(root, event));
    root.addEventListener("focusin", (event) => noteFocus(root, event.target));
    // A details the player opened or shut stays so across redraws (the others as drawn).
    root.addEventListener("click", (event) => {
      const summary = event.target.closest && event.target.closest("summary");
      if (summary && summary.parentElement.tagName === "DETAILS") {
        m.toggled.set(detailsName(summary.parentElement), !summary.parentElement.open);
      }
    });
  }
  return memory.get(root);
}

function groupOf(node) {
  return node && node.closest ? node.closest("[data-roving]") : null;
}
function itemsOf(group) {
  return [...group.querySelectorAll("button:not([disabled])")].filter((b) => groupOf(b) === group);
}
/** A control that makes a legal move now. */
const live = (b) => b.classList.contains("legal") && b.getAttribute("aria-disabled") !== "true";
const pressed = (b) => b.getAttribute("aria-pressed") === "true";

/** The item nearest to `index` that passes `test` (outwards, both ways). */
function nearest(items, index, test) {
  const start = Math.max(0, Math.min(index, items.length - 1));
  for (let d = 0; d < items.length; d++) {
    for (const i of [start - d, start + d]) if (i >= 0 && i < items.length && test(items[i])) return items[i];
  }
  return null;
}

function setStop(group, item) {
  for (const b of itemsOf(group)) b.tabIndex = b === item ? 0 : -1;
}

/** Name the groups, and give each one Tab stop (the remembered control, else a move). */
function setupRoving(root, ui) {
  const m = memo(root);
  for (const button of root.querySelectorAll("button[data-move]")) {
    if (groupOf(button)) continue;
    const parent = button.parentElement;
    const place = parent.closest("[id], [aria-label]");
    parent.dataset.roving = `${place ? place.id || place.getAttribute("aria-label") : ""}/${parent.className}`;
  }
  for (const group of root.querySelectorAll("[data-roving]")) {
    const items = itemsOf(group);
    if (!items.length) {  // nothing to press here now: focus may still wait on the group
      group.tabIndex = -1;
      continue;
    }
    group.removeAttribute("tabindex");
    const seen = m.rove[group.dataset.roving];
    const again = seen && items.find((b) => b.dataset.key && b.dataset.key === seen.key);
    const stop = again
      || (seen && ui.mine && nearest(items, seen.index, live))
      || (seen && nearest(items, seen.index, () => true))
      || items.find(live) || items.find(pressed) || items[0];
    setStop(group, stop);
  }
}

function noteFocus(root, target) {
  const m = memo(root);
  m.last = describe(target);
  const group = groupOf(target);
  if (!group || target === group) return;
  const items = itemsOf(group);
  const index = items.indexOf(target);
  if (index < 0) return;
  setStop(group, target);
  m.rove[group.dataset.roving] = { key: target.dataset.key || null, index };
}

function describe(node) {
  const group = groupOf(node);
  return {
    key: node.dataset ? node.dataset.key || null : null,
    id: node.id || null,
    tag: node.tagName,
    label: node.getAttribute ? node.getAttribute("aria-label") || node.textContent.trim().slice(0, 80) : null,
    group: group ? group.dataset.roving : null,
  };
}

/** What a details element is (its summary's words), to keep it open or shut across redraws. */
const detailsName = (d) => (d.querySelector("summary") || d).textContent.trim().slice(0, 80);

/** What had focus in the table before a redraw (or was lost with the old table). */
function focusBefore(root) {
  const active = document.activeElement;
  if (active && active !== document.body && root.contains(active)) return describe(active);
  const m = memory.get(root);
  // Focus fell to the page (its control was removed, or the table was paused while the
  // connection was down): a keyboard player gets it back.
  if (m && m.last && keyboardLast && (!active || active === document.body)) return m.last;
  return null;
}

function restoreFocus(root, had, ui) {
  if (!had) return;
  const m = memo(root);
  const turnStarted = ui.mine && !m.mine;
  const find = (selector) => root.querySelector(selector);
  let target = had.key ? find(`[data-key="${CSS.escape(had.key)}"]`)
    : had.id ? find(`#${CSS.escape(had.id)}`) : null;
  if (!target && had.label && had.tag) {  // a control with no key: the same kind and words
    target = [...root.querySelectorAll(had.tag)].find((b) =>
      (b.getAttribute("aria-label") || b.textContent.trim().slice(0, 80)) === had.label) || null;
  }
  if (target && target.disabled) target = null;
  if (target && target.matches("input, textarea")) {  // typing (the chat): stay there
    if (document.activeElement !== target) target.focus({ preventScroll: true });
    return;
  }
  const group = target ? groupOf(target) : had.group ? find(`[data-roving="${CSS.escape(had.group)}"]`) : null;
  const stopOf = (g) => itemsOf(g).find((b) => b.tabIndex === 0) || null;
  if (turnStarted && target && group && !live(target) && itemsOf(group).some(live)) {
    // The turn comes back to a card that may not be played now: its nearest that may.
    const items = itemsOf(group);
    target = nearest(items, items.indexOf(target), live);
    setStop(group, target);
  } else if (ui.mine && (turnStarted || !target) && !(group && itemsOf(group).some(live))) {
    // Play goes on elsewhere (a card to take after the trick, the square for the tile
    // just drawn): the first group that holds a move.
    const next = [...root.querySelectorAll("[data-roving]")].find((g) => itemsOf(g).some(live));
    if (next) {
      const seen = m.rove[next.dataset.roving];
      const item = nearest(itemsOf(next), seen ? seen.index : 0, live);
      setStop(next, item);
      target = item;
    }
  }
  if (!target && group) target = stopOf(group) || group;
  if (!target) target = find("#status");
  if (target && document.activeElement !== target) {
    const same = had.key && target.dataset && target.dataset.key === had.key;
    target.focus({ preventScroll: same || !keyboardLast });
  }
}

/** The arrow keys inside a group: left and right in order, up and down by rows. */
function roveKey(root, event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const item = event.target;
  const group = groupOf(item);
  if (!group || item === group) return;
  const items = itemsOf(group);
  const i = items.indexOf(item);
  if (i < 0) return;
  let next;
  switch (event.key) {
    case "ArrowLeft": next = items[i - 1]; break;
    case "ArrowRight": next = items[i + 1]; break;
    case "ArrowUp": next = vertical(items, item, -1); break;
    case "ArrowDown": next = vertical(items, item, 1); break;
    case "Home": next = items[0]; break;
    case "End": next = items[items.length - 1]; break;
    default: return;
  }
  event.preventDefault();
  event.stopPropagation();
  if (next) {
    setStop(group, next);
    next.focus();
  }
}

/** The control in the next row up (-1) or down (1) nearest in x to `item`. */
function vertical(items, item, direction) {
  const box = item.getBoundingClientRect();
  const x = box.left + box.width / 2;
  let best = null;
  let bestRow = Infinity;
  let bestX = Infinity;
  for (const other of items) {
    const r = other.getBoundingClientRect();
    const row = direction > 0 ? r.top - (box.bottom - 2) : (box.top + 2) - r.bottom;
    if (other === item || row < 0) continue;
    const dx = Math.abs(r.left + r.width / 2 - x);
    // rows first (a small tolerance: cells of one row share their top), then the column
    if (row < bestRow - 4 || (Math.abs(row - bestRow) <= 4 && dx < bestX)) {
      best = other;
      bestRow = Math.min(row, bestRow);
      bestX = dx;
    }
  }
  return best;
}

/**
 * A region that scrolls (the move log, a wide table, the grid) with nothing in it to focus
 * takes focus itself, so the keyboard can scroll it too (and only while it does scroll).
 */
function keyboardScrolling(root) {
  const named = new Set();
  for (const box of root.querySelectorAll(".scroll-x, ol.log, .viewport")) {
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    if (!scrolls || box.querySelector("button, a[href], [tabindex]")) continue;
    box.tabIndex = 0;
    if (!box.getAttribute("aria-label")) {
      const inner = box.querySelector("[aria-label]");
      const heads = [...box.querySelectorAll("th")].slice(0, 3).map((th) => th.textContent.trim());
      box.setAttribute("role", "region");
      let name = inner ? inner.getAttribute("aria-label") : heads.length ? `table: ${heads.join(", ")}…` : "a part";
      for (let n = 2; named.has(name); n++) name = `${name.replace(/ \(\d+\)$/, "")} (${n})`;
      named.add(name);
      box.setAttribute("aria-label", `${name} (scrolls)`);
    }
  }
}

/**
 * When the question's other answers are on the table below the first screen (a power's
 * squares on a phone, say), a button in the action bar takes you (and the focus) there.
 */
function jumpToBoard(root, bar) {
  const target = [...root.querySelectorAll(".board-area button.legal")].find(live);
  if (!target) return;
  const box = target.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= innerHeight) return;
  bar.append(el("button", { type: "button", class: "jump-board", id: "jump-board",
    "aria-label": "go to the moves on the table, below",
    onclick: () => target.focus() }, "↓ On the table"));
}

/** "draw a tile" as a button says it: "Draw a tile". */
function sentence(text) {
  return typeof text === "string" && text ? text[0].toUpperCase() + text.slice(1) : text;
}

function keyboardHelp() {
  return el("details", { class: "panel small keys" },
    el("summary", {}, "Playing with the keyboard"),
    el("p", {}, "Tab goes from group to group: the moves beside the status, your hand, the cards or squares on the table. ",
      "The arrow keys move inside a group (Home and End to its ends); Enter or Space plays the move. ",
      "After a move the focus stays where play goes on."));
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
 * Draw a table from a view message into `root`.
 *
 * @param root       the element to fill
 * @param view       the server's view message
 * @param game       the game's drawing module (games/<name>.js)
 * @param options    {play(notation), state: {}, interactive: bool, rerender(), extra: Node[]}
 */
export function drawTable(root, view, game, options) {
  const obs = view.observation;
  seatColours = game.colours ? game.colours(obs) : COLOUR_NAMES;
  sayYou = !options.replay;
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

  // The status line (what to do), any refusal, and the action bar: the current question's
  // buttons that have no place on the board (draw, pass, look, keep; a game adds its own,
  // such as what to place). They stay in view at the top while the page scrolls.
  const status = el("div", { class: "status", id: "status", tabindex: "-1" });
  if (view.finished) {
    status.classList.add("over");
    status.textContent = "The game is over. " + (game.resultLine ? game.resultLine(ui) : "");
  } else if (options.replay) {
    status.append("To move: ", badge(view, view.to_move), ". ", game.waiting ? game.waiting(ui) : "");
  } else if (ui.mine) {
    status.classList.add("mine");
    status.textContent = "Your turn: " + game.prompt(ui);
  } else {
    const who = view.to_move;
    const info = (view.seats || [])[who] || {};
    const thinking = info.kind === "computer" || info.replaced_by ? " (the computer is thinking…)" : "";
    status.append(`Waiting for `, badge(view, who), thinking ? ` ${thinking}` : "",
      ". ", game.waiting ? game.waiting(ui) : "");
  }

  const said = status.textContent;  // announced without the clock's ticking figures
  const clock = options.replay ? null : turnClock(view);
  if (clock) status.append(clock);

  const notices = options.replay ? null : noticeList(view);

  const board = game.board(ui);
  const unhandled = ui.mine ? [...legal].filter((m) => !handled.has(m)) : [];
  const barItems = [...ui.bar, ...unhandled.map((m) => ui.move(m, sentence(game.label(m, ui)),
    { class: m === "pass" ? "" : "primary" }))];
  const bar = barItems.length
    ? el("div", { class: "actions", id: "actions", role: "toolbar", "aria-label": "your moves",
      dataset: { roving: "bar" } }, barItems)
    : null;
  const turnbar = el("div", { class: `turnbar${options.replay ? " replay" : ""}`, id: "turnbar" },
    status, options.refusal || "", bar || "");

  const log = el("ol", { class: "log", "aria-label": "recent moves" });
  for (const m of view.recent || []) {
    log.append(el("li", { value: m.number, class: m === last ? "last" : "" },
      badge(view, m.seat), " ", game.label(m.move, ui, m.seat, m)));
  }
  // Not numbered: it is no move ("1. No moves yet." read as one).
  if (!(view.recent || []).length) log.append(el("li", { class: "muted", style: { "list-style": "none" } }, "No moves yet."));
  const seats = el("ul", { class: "plain seatlist" }, (view.seats || []).map((s) =>
    el("li", {}, badge(view, s.seat), el("span", { class: "muted small" },
      s.kind === "computer" ? "" : "person",
      s.replaced_by ? ` (away: ${s.replaced_by} plays for now)` : ""),
    view.to_move === s.seat ? el("span", { class: "turn-dot" }, "◀ to move") : "",
    options.replay ? "" : seatClock(view, s))));

  const side = el("aside", {},
    el("section", { class: "panel", "aria-labelledby": "log-h" },
      el("h2", { id: "log-h" }, "Move log"), log),
    el("section", { class: "panel", "aria-labelledby": "seats-h" },
      el("h2", { id: "seats-h" }, "At the table"), seats),
    options.interactive ? keyboardHelp() : "",
    options.extra || []);

  const result = view.finished && view.result
    ? el("section", { class: "panel result", "aria-labelledby": "result-h", id: "result" },
      el("h2", { id: "result-h" }, "Result"), game.result(ui), options.afterResult || [])
    : null;

  const had = focusBefore(root);
  const opened = memo(root).toggled;
  // The next view (or a redraw) finishes any motion still running, then the new one starts
  // from where the pieces were drawn before it: only for one or a few new moves (a step
  // forward, the computer's reply), never for a first drawing or a step back.
  finishMotion();
  const previous = memo(root).lastMove;
  const moved = last && Number.isInteger(previous) && last.number > previous && last.number - previous <= 3;
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

// Move clocks. A view of a table with a clock carries `clock` ({seconds, seat, deadline}:
// the deadline in the server's time, seconds since 1970) and `now`, the server's time when
// it was sent; the page that receives it notes the difference from its own clock in
// `view.skew` (milliseconds), so a computer whose clock is wrong still counts down the
// right time. Every clock on the page is an element with data-deadline (the deadline in
// this computer's milliseconds), and one timer rewrites them all once a second: nothing is
// asked of the server, and the table is not redrawn (focus and scroll stay put).

/** "0:23", "1:05:00": the time left, rounded up to the second. */
export function clockFigures(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** "30 s", "2 min", "24 h": a limit per move. */
export function limitText(seconds) {
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

function runningClock(view, id) {
  const c = view.clock;
  const at = c.deadline * 1000 - (view.skew || 0);
  return el("span", { class: "clock", id, role: "timer", dataset: { deadline: String(at) } },
    clockFigures(at - Date.now()));
}

/** The clock of the seat to move, for the status line (null if none runs). */
function turnClock(view) {
  const c = view.clock;
  if (!c || view.finished || c.deadline === null || c.deadline === undefined) return null;
  const mine = view.seat !== null && view.seat === c.seat;
  return el("span", { class: "clockbox" }, mine ? "Your time: " : "Time: ", runningClock(view, "turn-clock"));
}

/**
 * A person's clock in the list of seats: running for the seat to move, else the limit
 * (none while the computer plays for them).
 */
function seatClock(view, s) {
  const c = view.clock;
  if (!c || view.finished || s.kind === "computer" || s.replaced_by) return "";
  if (c.seat === s.seat && c.deadline !== null && c.deadline !== undefined) {
    return runningClock(view, `clock-${s.seat}`);
  }
  return el("span", { class: "clock idle", id: `clock-${s.seat}` }, `${limitText(c.seconds)} a move`);
}

let clockTimer = null;

/** Rewrite every running clock on the page; start the once-a-second timer if need be. */
function tickClocks() {
  const clocks = document.querySelectorAll(".clock[data-deadline]");
  for (const c of clocks) {
    const left = Number(c.dataset.deadline) - Date.now();
    c.textContent = left > 0 ? clockFigures(left) : "time is up";
    c.classList.toggle("low", left <= 10000);
  }
  if (!clockTimer) clockTimer = setInterval(tickClocks, 1000);
}

// Motion (docs/web.md "Animations"): after a move, what was played goes from where it was
// (the player's hand, or the seat's box) to where it now lies, and a finished trick goes
// to its winner, so a person sees what the computer just did. Each game module says what
// moved (its `motion(ui, fx)`); the page drawn is final from the start: the motion is a
// copy of the piece (a "ghost", in a layer no pointer reaches) flying over it while the
// piece itself waits unseen, with the Web Animations API (element.animate sets no style
// attribute, which the CSP forbids). A click, a key or the next view finishes every motion
// at once, and none runs where the reader asked for reduced motion.
export const MOTION_MS = 350;
const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
let motions = [];
let ghostLayer = null;

/** Whether motion is wanted: not under `prefers-reduced-motion: reduce`. */
export function motionWanted() {
  return !(reducedMotion && reducedMotion.matches) && typeof Element.prototype.animate === "function";
}

/** Finish every running motion now (the final state at once). */
export function finishMotion() {
  const running = motions;
  motions = [];
  for (const a of running) { try { a.finish(); } catch { /* already gone */ } }
  if (ghostLayer) ghostLayer.replaceChildren();
}
document.addEventListener("pointerdown", finishMotion, true);
document.addEventListener("keydown", finishMotion, true);

/** Where each piece that may move was (its box and node), by its data-anim name. */
function snapshot(root) {
  const seen = new Map();
  for (const node of root.querySelectorAll("[data-anim]")) {
    const box = node.getBoundingClientRect();
    if (box.width || box.height) seen.set(node.dataset.anim, { box, node });
  }
  return seen;
}

function track(animation) {
  motions.push(animation);
  animation.finished.then(() => { motions = motions.filter((a) => a !== animation); }, () => {});
  return animation;
}

/** A copy of `node` laid over `from`, flying to `to` (boxes in the window's coordinates). */
function fly(node, from, to, { fade = false } = {}) {
  if (!ghostLayer || !ghostLayer.isConnected) {
    // Hidden from screen readers and inert: a copied button is never a Tab stop.
    ghostLayer = el("div", { class: "ghosts", "aria-hidden": "true", inert: true });
    document.body.append(ghostLayer);
  }
  const ghost = node.cloneNode(true);
  ghost.removeAttribute("id");
  ghost.classList.add("ghost");
  ghostLayer.append(ghost);
  // The copy sits at the window's top left (style.css); the keyframes move and size it.
  const at = (b, end) => {
    const natural = ghost.getBoundingClientRect();
    const sx = natural.width ? b.width / natural.width : 1;
    const sy = natural.height ? b.height / natural.height : 1;
    const shrink = end && fade ? 0.5 : 1;
    return `translate(${b.left + (b.width - natural.width * sx * shrink) / 2}px, ` +
      `${b.top + (b.height - natural.height * sy * shrink) / 2}px) scale(${sx * shrink}, ${sy * shrink})`;
  };
  const frames = [{ transform: at(from, false), opacity: 1 }, { transform: at(to, true), opacity: fade ? 0.2 : 1 }];
  const animation = track(ghost.animate(frames, { duration: MOTION_MS, easing: "ease-out", fill: "forwards" }));
  animation.finished.then(() => ghost.remove(), () => ghost.remove());
  return animation;
}

/** A box `from` a piece's old place to a seat's box: the middle of the seat's box, card-sized. */
function toward(target, size) {
  const w = Math.min(size.width, target.width), h = Math.min(size.height, target.height);
  return { left: target.left + (target.width - w) / 2, top: target.top + (target.height - h) / 2, width: w, height: h };
}

/**
 * What a game module's `motion(ui, fx)` may ask for. Names are data-anim values:
 * "seat:N" (a seat's box), "card:KN3", "sq:C4", "supply"...
 */
function effects(root, before) {
  // A piece on the page now (never `not`: the piece arriving is not where it comes from).
  const now = (name, not = null) => {
    const node = [...root.querySelectorAll(`[data-anim="${CSS.escape(name)}"]`)].find((n) => n !== not);
    const box = node && node.getBoundingClientRect();
    return box && (box.width || box.height) ? { box, node } : null;
  };
  const where = (names, not = null) => {
    for (const name of names) {
      if (!name) continue;
      const found = before.get(name) || now(name, not);
      if (found) return found.box;
    }
    return null;
  };
  return {
    before,
    /** The first element of the page now that matches `selector`. */
    find: (selector) => root.querySelector(selector),
    /** `node` (on the page now) arrives from the first of `sources` that is found. */
    arrive(node, ...sources) {
      if (!node) return;
      const to = node.getBoundingClientRect();
      const from = where(sources, node);
      if (!from || (!to.width && !to.height)) return;
      // From a seat's box: a piece the size of the one arriving, in the box's middle.
      const start = from.width > to.width * 1.5 || from.height > to.height * 1.5 ? toward(from, to) : from;
      if (Math.abs(start.left - to.left) + Math.abs(start.top - to.top) < 2) return;
      fly(node, start, to);
      // The piece itself waits, unseen, under its copy until it lands.
      track(node.animate([{ opacity: 0 }, { opacity: 0 }], { duration: MOTION_MS }));
    },
    /** Pieces that were on the page (`names`) and new ones (`extra`: [node, ...sources]) go to `target`. */
    gather(names, target, extra = []) {
      const end = now(target) || before.get(target);
      if (!end) return;
      for (const name of names) {
        const old = before.get(name);
        if (old) fly(old.node, old.box, toward(end.box, old.box), { fade: true });
      }
      for (const [node, ...sources] of extra) {
        const from = where(sources);
        if (!from) continue;
        root.append(node);  // measured at its natural size, then copied
        const size = node.getBoundingClientRect();
        node.remove();
        const start = toward(from, size);
        fly(node, start, toward(end.box, size), { fade: true });
      }
    },
    /** A piece that changed where it is (a marker set, a card flipped): a short pulse. */
    pulse(node) {
      if (!node) return;
      track(node.animate([{ transform: "scale(1)" }, { transform: "scale(1.18)" }, { transform: "scale(1)" }],
        { duration: MOTION_MS, easing: "ease-in-out" }));
    },
  };
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
  return el("ul", { class: "plain notices", id: "notices", "aria-label": "notices from the server" },
    notices.map((n, i) => el("li", { class: i === notices.length - 1 ? "latest" : "" },
      Number.isInteger(n.version) ? el("span", { class: "muted small" }, `Move ${n.version}: `) : "",
      String(n.text ?? ""))));
}

/** A square token in a move ("castle 1 B3", "place -1,2", "remove 0,1 red"). */
export function squareOf(text) {
  if (!text) return null;
  for (const word of text.split(" ")) {
    if (/^-?\d+,-?\d+$/.test(word) || /^[A-E][1-6]$/.test(word)) return word;
  }
  return null;
}

/** Moves that target squares, grouped by what they do: {"castle 1 _": {B3: "castle 1 B3"}}. */
export function targetGroups(moves) {
  const groups = new Map();
  for (const m of moves) {
    const sq = squareOf(m);
    if (!sq) continue;
    const group = m.split(" ").map((w) => (w === sq ? "_" : w)).join(" ");
    if (!groups.has(group)) groups.set(group, new Map());
    groups.get(group).set(sq, m);
  }
  return groups;
}

export function copyButton(input) {
  return el("button", { type: "button", onclick: async (event) => {
    const button = event.currentTarget;
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = "Copied";
    } catch {
      input.select();
      document.execCommand && document.execCommand("copy");
      button.textContent = "Selected: press Ctrl+C";
    }
    setTimeout(() => { button.textContent = "Copy"; }, 2000);
  } }, "Copy");
}

/**
 * Tables this browser set up, remembered locally (the server keeps no accounts). Links
 * remembered before invite links put the token in the fragment are read in that form.
 */
export function myTables() {
  let tables;
  try { tables = JSON.parse(localStorage.getItem("regency.tables") || "[]"); } catch { return []; }
  if (!Array.isArray(tables)) return [];
  return tables.filter((t) => t && typeof t === "object").map((t) => ({
    ...t,
    play: fragmentLink(t.play),
    watch: fragmentLink(t.watch),
    invites: (t.invites || []).map((i) => ({ ...i, url: fragmentLink(i.url) })),
  }));
}
export function rememberTable(entry) {
  const tables = myTables().filter((t) => t.table !== entry.table);
  tables.unshift(entry);
  localStorage.setItem("regency.tables", JSON.stringify(tables.slice(0, 30)));
}

/**
 * "Copy score sheet" and "Download score sheet" for a finished game: the server's plain
 * text (GET /api/tables/T/scoresheet), a few lines to paste into a message. The text is
 * people's names and numbers: it goes to the clipboard or into a textarea's value, never
 * into the page's HTML.
 */
export function scoresheetButtons(tableId) {
  const path = `/api/tables/${encodeURIComponent(tableId)}/scoresheet`;
  const shown = el("textarea", { class: "scoresheet", id: "scoresheet-text", rows: 8, readonly: true,
    "aria-label": "score sheet", hidden: true });
  const copy = el("button", { type: "button", id: "copy-scoresheet", onclick: async (event) => {
    const button = event.currentTarget;
    let text;
    try {
      const response = await fetch(path, { headers: { Accept: "text/plain" } });
      if (!response.ok) throw new Error(`${response.status}`);
      text = await response.text();
    } catch (error) {
      button.textContent = "Could not read the score sheet";
      return;
    }
    shown.value = text;
    shown.hidden = false;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch {  // no clipboard here (a page not served over https, say): select it instead
      shown.select();
      button.textContent = "Selected: press Ctrl+C";
    }
    setTimeout(() => { button.textContent = "Copy score sheet"; }, 2500);
  } }, "Copy score sheet");
  const download = el("a", { class: "button", id: "download-scoresheet", href: `${path}?download=1`,
    download: `regency-${tableId}.txt` }, "Download score sheet");
  return el("div", { class: "scoresheet-box" }, el("p", { class: "row" }, copy, download), shown);
}

/**
 * The evening's score: the games played at this table and its rematches, and each seat's
 * wins (the view's `evening`). Names are set as text.
 */
export function eveningScore(view) {
  const evening = view.evening;
  if (!evening || !Array.isArray(evening.wins)) return null;
  const games = Number(evening.games) || 0;
  const best = Math.max(...evening.wins);
  return el("section", { class: "panel evening", id: "evening", "aria-labelledby": "evening-h" },
    el("h2", { id: "evening-h" }, "This evening"),
    el("p", { class: "small muted", id: "evening-games" },
      `${games} ${games === 1 ? "game" : "games"} played${view.finished ? "" : " before this one"}`),
    el("ul", { class: "plain evening-list" }, evening.wins.map((wins, seat) =>
      el("li", { class: games && wins === best ? "leader" : "" }, badge(view, seat),
        el("span", { class: "wins" }, `${wins} ${wins === 1 ? "win" : "wins"}`)))));
}

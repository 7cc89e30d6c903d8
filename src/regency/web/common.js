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
          title: rest.title || null }, content);
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
    view.to_move === s.seat ? el("span", { class: "turn-dot" }, "◀ to move") : "")));

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
  if (!options.replay) announce(status.textContent);
  return ui;
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

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
  const name = info && info.name ? info.name : `Seat ${seat}`;
  return name;
}

export function badge(view, seat, extra = "") {
  return el("span", { class: "badge" }, seatMark(seat),
    el("span", {}, seatName(view, seat) + extra));
}

/** Keep focus on "the same" control across a redraw (controls carry data-key). */
function rememberFocus(root) {
  const active = document.activeElement;
  return active && root.contains(active) && active.dataset ? active.dataset.key : null;
}
function restoreFocus(root, key) {
  if (!key) return;
  const again = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again) again.focus({ preventScroll: true });
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
  const key = rememberFocus(root);
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
    /** A control for a move; a click sends it (the server judges it). */
    move(notation, content, attrs = {}) {
      const isLegal = legal.has(notation);
      if (isLegal) handled.add(notation);
      const cls = `${attrs.class || ""} ${isLegal ? "legal" : "not-legal"}`.trim();
      const label = attrs["aria-label"] || null;
      if (!options.interactive) {  // a spectator or a replay: the same look, nothing to press
        return el("span", { class: `${attrs.class || ""}`, role: "img", "aria-label": label,
          title: attrs.title || null }, content);
      }
      return el("button", {
        ...attrs, class: cls, type: "button", "aria-label": label,
        disabled: !ui.mine || (attrs.onlyLegal && !isLegal),
        dataset: { key: `move:${notation}`, move: notation },
        onclick: () => options.play(notation),
      }, content);
    },
    label: (notation) => game.label(notation, ui),
    /** Mark moves as reachable from the board (they are not listed again as buttons). */
    handle(notations) { for (const m of notations) if (legal.has(m)) handled.add(m); },
  };

  const status = el("div", { class: "status", role: "status", "aria-live": "polite" });
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
  const unhandled = [...legal].filter((m) => !handled.has(m));
  const movesPanel = el("section", { class: "panel", "aria-labelledby": "moves-h" },
    el("h2", { id: "moves-h" }, ui.mine ? "Your moves" : "Moves"),
    ui.mine
      ? (unhandled.length
        ? el("div", { class: "moves" }, unhandled.map((m) => ui.move(m, game.label(m, ui),
          { class: m === "pass" ? "" : "primary" })))
        : el("p", { class: "muted small" }, "Click a highlighted card or square on the table (or Tab to it and press Enter)."))
      : el("p", { class: "muted small" }, view.finished ? "No more moves."
        : options.replay ? "A replay: step with the buttons above or the arrow keys."
          : options.interactive ? "Not your turn." : "You are watching."));

  const log = el("ol", { class: "log", "aria-label": "recent moves" });
  for (const m of view.recent || []) {
    log.append(el("li", { value: m.number, class: m === last ? "last" : "" },
      badge(view, m.seat), " ", game.label(m.move, ui, m.seat)));
  }
  if (!(view.recent || []).length) log.append(el("li", { class: "muted" }, "No moves yet."));
  const seats = el("ul", { class: "plain seatlist" }, (view.seats || []).map((s) =>
    el("li", {}, badge(view, s.seat), el("span", { class: "muted small" },
      s.kind === "computer" ? "" : "person",
      s.replaced_by ? ` (away: ${s.replaced_by} plays for now)` : ""),
    view.to_move === s.seat ? el("span", { class: "turn-dot" }, "◀ to move") : "")));

  const side = el("aside", {},
    movesPanel,
    el("section", { class: "panel", "aria-labelledby": "log-h" },
      el("h2", { id: "log-h" }, "Move log"), log),
    el("section", { class: "panel", "aria-labelledby": "seats-h" },
      el("h2", { id: "seats-h" }, "At the table"), seats),
    options.extra || []);

  const result = view.finished && view.result
    ? el("section", { class: "panel result", "aria-labelledby": "result-h", id: "result" },
      el("h2", { id: "result-h" }, "Result"), game.result(ui), options.afterResult || [])
    : null;

  root.replaceChildren(status, notices || "", options.refusal || "", result || "",
    el("div", { class: "layout" }, el("div", { class: "board-area" }, board), side));
  root.dataset.version = String(view.version);
  root.dataset.mine = String(ui.mine);
  root.dataset.finished = String(view.finished);
  restoreFocus(root, key);
  log.scrollTop = log.scrollHeight;
  if (game.afterDraw) game.afterDraw(ui, root);
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

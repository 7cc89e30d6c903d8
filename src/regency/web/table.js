// The live table page: /play/<table>/<seat>#token=... (a seat) or /watch/<table>#token=...
// (a spectator). It reads the view, keeps a WebSocket open for the pushed views, and sends
// the moves the player clicks; a refusal is shown in the engine's words.
//
// The token stays out of every address the page asks for: HTTP requests carry it in an
// Authorization header, the WebSocket in its subprotocol list ("regency.token.TOKEN";
// a browser cannot set headers on a WebSocket). An old "?token=" link is rewritten to
// the "#token=" form as the page opens (common.js pageToken).
import { api, drawTable, el, gameModule, pageToken, titles } from "/static/common.js";

const root = document.getElementById("table");
const conn = document.getElementById("conn");
const parts = location.pathname.split("/").filter(Boolean);
const token = pageToken();
const watching = parts[0] === "watch";
const tableId = parts[1];
const seat = watching ? null : Number(parts[2]);
const base = watching ? `/api/tables/${tableId}/spectate` : `/api/tables/${tableId}/seats/${seat}`;
// GET /api/tables/T/spectate is the spectator's view; a seat's is .../seats/S/view.
const viewPath = watching ? base : `${base}/view`;
const SUBPROTOCOL = "regency";
const TOKEN_PROTOCOL = "regency.token.";

let view = null;
let game = null;
let socket = null;
let refusal = "";
let pending = false;
const state = {};

function show(message) {
  refusal = message;
  draw();
}

function draw() {
  if (!view || !game) return;
  const refusalBox = el("div", { class: "refusal", role: "alert", id: "refusal" }, refusal);
  const after = el("p", { class: "row" },
    el("a", { class: "button primary", href: `/replay/${tableId}${seat === null ? "" : `?seat=${seat}`}` },
      "Replay this game"),
    el("a", { class: "button", href: "/" }, "Back to the lobby"));
  const me = seat === null ? null : (view.seats || [])[seat];
  const away = me && me.replaced_by && !view.finished
    ? el("div", { class: "notice", role: "status" },
      `While you were away, the computer (${me.replaced_by}) took your seat. `,
      el("button", { type: "button", class: "primary", id: "take-back", onclick: takeBack }, "Take my seat back"))
    : null;
  drawTable(root, view, game, {
    interactive: !watching,
    play: send,
    state,
    refusal: away ? el("div", {}, away, refusalBox) : refusalBox,
    rerender: draw,
    afterResult: after,
    extra: [el("section", { class: "panel small" },
      el("a", { href: `/rules/${view.game}`, target: "_blank" }, "Rules of this game"),
      watching ? el("p", { class: "muted" }, "You are watching: you see what every player may see.") : "")],
  });
}

async function adopt(next) {
  if (!game || !view || view.game !== next.game) {
    game = await gameModule(next.game);
    const t = await titles();
    document.getElementById("where").replaceChildren(
      `${t[next.game] || next.game} · ${watching ? "watching" : `seat ${seat}`}`,
      el("span", { class: "tid" }, ` · table ${tableId}`));
  }
  if (view && next.version !== view.version) refusal = "";
  view = next;
  pending = false;
  draw();
}

async function takeBack() {
  try {
    await api(`${base}/return`, { method: "POST", token });
  } catch (error) {
    show(`Could not take the seat back: ${error.message}`);
  }
}

async function send(notation) {
  if (!view || pending) return;
  const message = { type: "action", action: notation, version: view.version };
  if (socket && socket.readyState === WebSocket.OPEN) {
    pending = true;
    socket.send(JSON.stringify(message));
    setTimeout(() => { pending = false; }, 3000);
    return;
  }
  try {
    pending = true;
    await api(`${base}/actions`, { json: { action: notation, version: view.version }, token });
    await adopt(await api(viewPath, { token }));
  } catch (error) {
    pending = false;
    show(`Refused: ${error.message}`);
  }
}

function connect(delay = 500) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  try {
    socket = new WebSocket(`${scheme}://${location.host}${base}/ws`, [SUBPROTOCOL, TOKEN_PROTOCOL + token]);
  } catch (error) {  // a token no subprotocol can carry: the link is not a key to this table
    socket = null;
    conn.textContent = "";
    show(`Cannot connect: ${error.message}`);
    return;
  }
  socket.onopen = () => { conn.textContent = "connected"; delay = 500; };
  socket.onmessage = async (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") await adopt(message);
    else if (message.type === "error") {
      pending = false;
      show(`Refused: ${message.message}`);
    }
  };
  socket.onclose = (event) => {
    if (event.code === 4403 || event.code === 4404 || event.code === 1008 && !view) {
      conn.textContent = "";
      show(`Cannot connect: ${event.reason || "refused"}`);
      return;
    }
    conn.textContent = "reconnecting…";
    setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  };
}

async function start() {
  try {
    await adopt(await api(viewPath, { token }));
  } catch (error) {
    root.replaceChildren(el("h1", {}, "This table cannot be shown"),
      el("p", { class: "error", role: "alert" }, error.message),
      el("p", {}, el("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  connect();
}

document.getElementById("connect-url").textContent = location.href;
if (watching) document.getElementById("connect").hidden = true;
// Another link to this page that differs only after "#" does not load the page again.
window.addEventListener("hashchange", () => {
  if (new URLSearchParams(location.hash.slice(1)).get("token") !== token) location.reload();
});
start();

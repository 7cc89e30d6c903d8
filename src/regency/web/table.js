// The live table page: /play/<table>/<seat>#token=... (a seat) or /watch/<table>#token=...
// (a spectator). It reads the view, keeps a WebSocket open for the pushed views, and sends
// the moves the player clicks; a refusal is shown in the engine's words.
//
// The token stays out of every address the page asks for: HTTP requests carry it in an
// Authorization header, the WebSocket in its subprotocol list ("regency.token.TOKEN";
// a browser cannot set headers on a WebSocket). An old "?token=" link is rewritten to
// the "#token=" form as the page opens (shared/links.js pageToken).
//
// A finished table offers a rematch (docs/server.md "Rematches"): the same seats at a new
// table where the same token works. When the finished table names its rematch, this page
// moves there at once (location.replace, the token staying after "#"), so an old invite
// link leads to the latest game of the evening.
import { el } from "/static/shared/dom.js";
import { eveningScore, scoresheetButtons } from "/static/shared/evening.js";
import { computerName, drawTable } from "/static/shared/frame.js";
import { t } from "/static/shared/i18n.js";
import { pageToken } from "/static/shared/links.js";
import { seatName } from "/static/shared/seats.js";
import { listOf } from "/static/shared/endings.js";
import { api, gameModule, me, titles } from "/static/shared/server.js";
import { YOU } from "/static/shared/words.js";
import { chatPanel } from "/static/chat.js";
import { coachPanel } from "/static/coach.js";
import { showAccount } from "/static/shared/account.js";

showAccount();  // the header: who is signed in, or "Sign in"
import { seatRequests, takebackNotice } from "/static/controls.js";

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
let account = null;  // who is signed in here (GET /api/account)
let socket = null;
let refusal = "";
let pending = false;
let online = true;       // the socket is open (or the table has not been read yet)
let everOnline = false;  // it has been open once: a close after that is a lost connection
let retry = null;        // the timer of the next attempt to reconnect
let backTimer = null;
let focusAtPause = null;  // what had focus when the table was paused (inert drops it)
const state = {};
const baseTitle = document.title;
const banner = document.getElementById("offline");
const chatLink = document.getElementById("chat-link");
// The chat panel is made once and moved into each redraw (what is typed survives a move).
const chat = chatPanel({
  tableId,
  seat,
  write: watching ? null : (text) => api(`${base}/chat`, { json: { text }, token }),
  readOnlyNote: t("You are watching: spectators read the players' chat but do not write in it."),
});
let unread = 0;
let chatInView = false;
const ALERTS_KEY = "regency.alerts";
const alertsBox = watching ? null : alertsPanel();
let coach = null;  // a first game's coach (docs/learn.md): only where the view says "coach"
// Abort, resign, leave and take back, each confirmed in the page (controls.js).
const requests = watching ? null : seatRequests({
  base, token, redraw: draw, report: show,
  reload: async () => adopt(await api(viewPath, { token })),
});

function show(message) {
  refusal = message;
  draw();
}

function draw() {
  if (!view || !game) return;
  const refusalBox = el("div", { class: "refusal", role: "alert", id: "refusal" }, refusal);
  const after = view.finished ? [
    rematchPanel(),
    eveningScore(view) || "",
    el("p", { class: "row" },
      el("a", { class: "button", href: `/replay/${tableId}${seat === null ? "" : `?seat=${seat}`}` },
        t("Replay this game")),
      el("a", { class: "button", href: "/" }, t("Back to the lobby"))),
    scoresheetButtons(tableId),
  ] : [];
  const seated = accountNotice();
  const offer = watching ? takebackNotice(view, null) : requests.offer(view);
  drawTable(root, view, game, {
    interactive: !watching,
    play: send,
    state,
    refusal: el("div", {}, awayNotice(), seated, offer, refusalBox),
    rerender: draw,
    afterResult: after,
    extra: [coach ? coach.node : "", watching ? "" : requests.panel(view),
      view.finished ? "" : eveningScore(view) || "", chat.node, alertsBox,
      el("section", { class: "panel small", "aria-label": t("about this page") },
      el("a", { href: `/rules/${view.game}`, target: "_blank" }, t("Rules of this game")),
      watching ? el("p", { class: "muted" }, t("You are watching: you see what every player may see.")) : "")],
  });
  chat.refresh();  // the seats' marks in the colours the table now uses
  // What is scrolled or focused into view stops below the sticky status and action bar.
  const bar = document.getElementById("turnbar");
  document.documentElement.style.scrollPaddingTop = bar ? `${bar.offsetHeight + 8}px` : "";
}

// -- accounts ----------------------------------------------------------------------------

/**
 * What the table says about accounts (docs/accounts.md): a rated table waiting for people
 * to join with theirs, and, to a signed-in person who opened an invite link, a button to
 * sit here as their account.
 */
function accountNotice() {
  const seats = view.seats || [];
  const parts = [];
  if (view.rated && (view.waiting || []).length && !view.finished) {
    const names = view.waiting.map((s) => seatName(view, s));
    const text = names.length === 1 && names[0] === YOU
      ? t("This rated game starts when you join with an account: each opens their invite link signed in and sits there as their account.")
      : names.length === 1
        ? t("This rated game starts when {name} joins with an account: each opens their invite link signed in and sits there as their account.", { name: names[0] })
        : t("This rated game starts when {names} join with an account: each opens their invite link signed in and sits there as their account.",
          { names: listOf(names.map((n) => (n === YOU ? t("you") : n))) });
    parts.push(el("p", { id: "waiting" }, text));
  }
  const mine = seat === null ? null : seats[seat];
  if (account && account.signed_in && token && mine && !mine.account && !view.finished) {
    parts.push(el("p", {}, el("button", { type: "button", class: "primary", id: "join", onclick: join },
      t("Sit here as {name}", { name: account.name })), el("span", { class: "small muted" },
      ` ${view.rated ? t("(a rated game: every person plays as an account)") : t("(the game goes into your list of games)")}`)));
  }
  return parts.length ? el("div", { class: "notice", role: "status" }, parts) : null;
}

/** Take this seat as the signed-in account (the invite link's token proves it is ours). */
async function join() {
  try {
    await api(`${base}/join`, { method: "POST", token });
    await adopt(await api(viewPath, { token }));
  } catch (error) {
    show(t("Refused: {reason}", { reason: error.message }));
  }
}

/**
 * This seat's person is not playing it now: the computer took it when their time ran out
 * or while they were away (one button takes it back), or they left the game for good.
 */
function awayNotice() {
  const me = seat === null ? null : (view.seats || [])[seat];
  if (!me || !me.replaced_by || view.finished) return "";
  if (me.left) {
    return el("div", { class: "notice", role: "status", id: "left-notice" },
      t("You left this game: the computer plays your seat to the end."));
  }
  const computer = computerName(me);
  let said;
  if (view.clock) {
    said = computer ? t("Your time ran out, so the {computer} is playing for you.", { computer })
      : t("Your time ran out, so the computer is playing for you.");
  } else {
    said = computer ? t("While you were away, the {computer} took your seat.", { computer })
      : t("While you were away, the computer took your seat.");
  }
  return el("div", { class: "notice", role: "status" }, `${said} `,
    el("button", { type: "button", class: "primary", id: "take-back", onclick: takeBack }, t("Take my seat back")));
}

// -- rematch ---------------------------------------------------------------------------

/** Where this page's person (or spectator) sits at the table `id`: the same seat, the same token. */
function linkTo(id) {
  const path = watching ? `/watch/${encodeURIComponent(id)}` : `/play/${encodeURIComponent(id)}/${seat}`;
  return `${path}#token=${encodeURIComponent(token)}`;
}

function rematchPanel() {
  const r = view.rematch;
  const name = (s) => seatName(view, s);
  const list = (seats) => listOf(seats.map(name).map((n) => (n === YOU ? t("you") : n)));
  const status = (text) => el("p", { id: "rematch-status", role: "status" }, text);
  const button = (id, text, accept, primary = false) => el("button", {
    type: "button", id, class: primary ? "primary" : null, disabled: answering,
    onclick: () => answer(accept),
  }, text);
  const parts = [];
  if (r && r.table) {
    parts.push(status(t("Everyone accepted: on to the new table…")),
      el("p", {}, el("a", { class: "button primary", id: "rematch-go", href: linkTo(r.table) }, t("Go to the rematch"))));
  } else if (r && r.status === "offered") {
    const by = name(r.offered_by);
    if (watching) {
      parts.push(status(t("{name} offers a rematch; waiting for {names}.", { name: by, names: list(r.waiting) })));
    } else if (r.accepted.includes(seat)) {
      parts.push(status(r.offered_by === seat
        ? t("You offered a rematch; waiting for {names}…", { names: list(r.waiting) })
        : t("You accepted the rematch; waiting for {names}…", { names: list(r.waiting) })),
      el("p", { class: "row" }, button("rematch-withdraw", t("Withdraw"), false)));
    } else {
      parts.push(status(by === YOU ? t("You offer a rematch: the same seats again, the next player starting.")
        : t("{name} offers a rematch: the same seats again, the next player starting.", { name: by })),
        el("p", { class: "row" }, button("rematch-accept", t("Accept the rematch"), true, true),
          button("rematch-decline", t("Decline"), false)));
    }
  } else {
    if (r && r.status === "declined") {
      const by = name(r.declined_by);
      parts.push(status(by === YOU ? t("You declined the rematch.") : t("{name} declined the rematch.", { name: by })));
    }
    if (!watching) parts.push(el("p", { class: "row" }, button("rematch-offer", t("Offer a rematch"), true, true)));
  }
  if (!parts.length) return "";
  return el("div", { class: "rematch", id: "rematch" }, el("h3", {}, t("Play again")), parts);
}

let answering = false;
async function answer(accept) {
  if (answering) return;
  answering = true;
  draw();
  try {
    const reply = await api(`${base}/rematch`, { json: { accept }, token });
    view = { ...view, rematch: reply.rematch };  // the pushed view follows; show it now
    refusal = "";
  } catch (error) {
    refusal = t("Rematch: {reason}", { reason: error.message });
  }
  answering = false;
  draw();
  followRematch();
}

/** The rematch is made: this link leads there (the same seat, the same token). */
function followRematch() {
  const next = view && view.finished && view.rematch && view.rematch.table;
  if (!next || followed) return;
  followed = true;
  if (socket) { socket.onclose = null; socket.close(); }
  location.replace(linkTo(next));
}
let followed = false;

async function adopt(next) {
  if (!game || !view || view.game !== next.game) {
    game = await gameModule(next.game);
    const names = await titles();
    const game_ = names[next.game] || next.game;
    document.getElementById("where").replaceChildren(
      watching ? t("{game} · watching", { game: game_ }) : t("{game} · seat {seat}", { game: game_, seat }),
      el("span", { class: "tid" }, ` · ${t("table {table}", { table: tableId })}`));
  }
  // How far the server's clock is ahead of this computer's (ms), as this view arrived:
  // the move clocks count down in the server's time (shared/clocks.js).
  if (typeof next.now === "number") next.skew = next.now * 1000 - Date.now();
  if (view && next.version !== view.version) refusal = "";
  const wasMine = myTurn(view);
  view = next;
  pending = false;
  if (view.coach && !watching && !coach) coach = coachPanel({ base, token, seat });
  if (coach) coach.update(view);
  chat.setSeats(view.seats || []);
  draw();
  turnSignals();
  followRematch();
  if (myTurn(view) && !wasMine && document.hidden) alertTurn();
}

function myTurn(v) {
  return !!v && !watching && !v.finished && v.to_move === seat;
}

// Whose turn it is, in the tab's title and its icon (as Lichess does), so a player in
// another tab sees it: "Your turn - Kingdoms: Ann (seat 0) · regency" and an icon with a dot.
// While the tab is in the background (document.hidden) a turn says so louder: "● Your
// turn - ..." and a bigger dot ("alert"), until the tab is looked at again.
function turnSignals() {
  let state = "wait";
  if (!online) state = "offline";
  else if (view && view.finished) state = "over";
  else if (myTurn(view)) state = document.hidden ? "alert" : "turn";
  const title = {
    alert: () => t("● Your turn - {title}", { title: baseTitle }),
    turn: () => t("Your turn - {title}", { title: baseTitle }),
    over: () => t("Game over - {title}", { title: baseTitle }),
    offline: () => t("Offline - {title}", { title: baseTitle }),
    wait: () => baseTitle,
  }[state]();
  const news = unread && state !== "alert" ? `(${unread}) ` : "";  // chat unread, as a mail tab does
  document.title = news + title;
  favicon(state);
}

document.addEventListener("visibilitychange", turnSignals);

const ICON = { alert: "#e4572e", turn: "#e4572e", over: "#2b8a4a", offline: "#8e8574", wait: null };
function favicon(state) {
  const link = document.querySelector('link[rel="icon"]');
  if (!link || link.dataset.state === state) return;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 32;
  const g = canvas.getContext("2d");
  if (!g) return;
  g.fillStyle = "#23313f";  // a dark tile with a crown, like the header
  g.beginPath();
  g.roundRect ? g.roundRect(0, 0, 32, 32, 7) : g.rect(0, 0, 32, 32);
  g.fill();
  g.fillStyle = "#f2c94c";
  g.beginPath();
  for (const [x, y] of [[6, 24], [6, 11], [11, 16], [16, 8], [21, 16], [26, 11], [26, 24]]) g.lineTo(x, y);
  g.closePath();
  g.fill();
  if (ICON[state]) {  // the dot: your turn (orange-red), over (green), offline (grey)
    const r = state === "alert" ? 11 : 8;  // in the background: a dot hard to miss
    g.fillStyle = "#fff";
    g.beginPath(); g.arc(32 - r, r, r, 0, 2 * Math.PI); g.fill();
    g.fillStyle = ICON[state];
    g.beginPath(); g.arc(32 - r, r, r - 2, 0, 2 * Math.PI); g.fill();
  }
  link.href = canvas.toDataURL("image/png");
  link.dataset.state = state;
}

// The connection: when the socket closes, a banner says so at once and the table is made
// inert (no click can be sent into the void); when it is open again the server sends the
// current view and the banner says the table is back.
// A restart closes the socket with 1012 ("service restart", docs/deploy.md): the same
// banner, saying so, and the same reconnection (to the next process, behind a proxy).
function connectionLost(title = t("Connection to the server lost.")) {
  if (!online) return;
  online = false;
  pending = false;
  clearTimeout(backTimer);
  const active = document.activeElement;
  focusAtPause = active && active !== document.body && root.contains(active) ? active : null;
  root.inert = true;
  root.classList.add("paused");
  conn.textContent = t("offline");
  turnSignals();
  showBanner("lost", [el("strong", {}, title),
    ` ${t("The table is paused until it is back; trying again…")}`,
    el("button", { type: "button", id: "retry", onclick: reconnectNow }, t("Try now"))]);
}

async function reconnectNow() {
  clearTimeout(retry);
  if (socket && socket.readyState === WebSocket.CONNECTING) return;
  if (socket && socket.readyState === WebSocket.OPEN) {  // the browser was offline, the socket held
    try {
      await adopt(await api(viewPath, { token }));
      connectionBack();
    } catch { /* not back yet: the socket's close will try again */ }
    return;
  }
  connect();
}

function connectionBack() {
  conn.textContent = t("connected");
  if (online) return;
  online = true;
  root.inert = false;
  root.classList.remove("paused");
  // Back where the person was (the chat box they were typing in): an element the table
  // kept across its redraws, unless they have since put the focus somewhere else.
  const had = focusAtPause;
  focusAtPause = null;
  const nowhere = !document.activeElement || document.activeElement === document.body;
  if (had && root.contains(had) && nowhere) had.focus({ preventScroll: true });
  turnSignals();
  showBanner("back", [el("strong", {}, t("Connected again.")), ` ${t("The table is up to date.")}`]);
  backTimer = setTimeout(() => { banner.hidden = true; }, 5000);
}

function showBanner(kind, content) {
  banner.className = `offline ${kind}`;
  banner.replaceChildren(...content);
  banner.hidden = false;
}

async function takeBack() {
  try {
    await api(`${base}/return`, { method: "POST", token });
  } catch (error) {
    show(t("Could not take the seat back: {reason}", { reason: error.message }));
  }
}

async function send(notation) {
  if (!view || pending || !online) return;
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
    if (error.status === undefined) connectionLost();  // no answer at all: not a refusal
    else show(t("Refused: {reason}", { reason: error.message }));
  }
}

function connect(delay = 500) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  try {
    // An account's seat needs no token: the browser's session cookie goes with the socket.
    const protocols = token ? [SUBPROTOCOL, TOKEN_PROTOCOL + token] : [SUBPROTOCOL];
    socket = new WebSocket(`${scheme}://${location.host}${base}/ws`, protocols);
  } catch (error) {  // a token no subprotocol can carry: the link is not a key to this table
    socket = null;
    conn.textContent = "";
    show(t("Cannot connect: {reason}", { reason: error.message }));
    return;
  }
  socket.onopen = () => { everOnline = true; delay = 500; connectionBack(); };
  socket.onmessage = async (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") await adopt(message);
    else if (message.type === "chat") heard(message.messages, !message.history);
    else if (message.type === "error") {
      pending = false;
      show(t("Refused: {reason}", { reason: message.message }));
    }
  };
  socket.onclose = (event) => {
    if (event.code === 4403 || event.code === 4404 || event.code === 1008 && !view) {
      conn.textContent = "";
      show(event.reason ? t("Cannot connect: {reason}", { reason: event.reason }) : t("Cannot connect: refused"));
      if (!online) {  // the server is back but no longer takes this link (the table expired)
        showBanner("lost", [el("strong", {}, t("The server no longer takes this link.")),
          ` ${event.reason ? t("{reason}.", { reason: event.reason }) : t("Refused.")} `,
          el("a", { href: "/" }, t("Back to the lobby"))]);
      }
      return;
    }
    if (everOnline) connectionLost(event.code === 1012 ? t("The server is restarting.") : undefined);
    else conn.textContent = t("reconnecting…");
    retry = setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  };
}

// -- the chat (chat.js) ------------------------------------------------------------------

/**
 * New messages: into the panel; counted as unread while the panel is out of sight (not
 * the history a (re)connection brings: a reload does not make old messages new).
 */
function heard(messages, count) {
  const others = chat.add(messages);
  if (count && others && (!chatInView || document.hidden)) {
    unread += others;
    showUnread();
  }
}

function showUnread() {
  chatLink.textContent = unread ? t("Chat ({count} new)", { count: unread }) : t("Chat");
  turnSignals();
}

// A button, not a link to "#chat": the address's fragment holds the seat's token.
chatLink.addEventListener("click", () => {
  chat.node.scrollIntoView({ block: "nearest" });
  const box = document.getElementById("chat-text");
  if (box) box.focus({ preventScroll: true });
});

new IntersectionObserver((entries) => {
  chatInView = entries.some((e) => e.isIntersecting);
  if (chatInView && !document.hidden && unread) { unread = 0; showUnread(); }
}).observe(chat.node);
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && chatInView && unread) { unread = 0; showUnread(); }
});

// -- turn alerts --------------------------------------------------------------------------
// Off by default. Turned on (a tick box, remembered in localStorage), a turn that starts
// while the tab is in the background brings a browser notification (if the browser lets
// the page show them) and a short beep made with WebAudio (no sound file).

function alertsWanted() {
  try { return localStorage.getItem(ALERTS_KEY) === "on"; } catch { return false; }
}

let audio = null;
/** The page's AudioContext, made on a click or a key (a browser starts sound only then). */
function wakeAudio() {
  if (!alertsWanted()) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!audio && Context) audio = new Context();
  if (audio && audio.state === "suspended") audio.resume().catch(() => {});
}
document.addEventListener("pointerdown", wakeAudio, true);
document.addEventListener("keydown", wakeAudio, true);

function beep() {
  if (!audio) return;
  const now = audio.currentTime;
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.type = "sine";
  tone.frequency.value = 880;
  volume.gain.setValueAtTime(0.0001, now);
  volume.gain.exponentialRampToValueAtTime(0.2, now + 0.02);  // no click at the start
  volume.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
  tone.connect(volume).connect(audio.destination);
  tone.start(now);
  tone.stop(now + 0.3);
}

function alertTurn() {
  if (!alertsWanted()) return;
  beep();
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const note = new Notification(t("Your turn"), { body: baseTitle, tag: `regency-turn-${tableId}` });
    note.onclick = () => { window.focus(); note.close(); };
  } catch { /* a browser that shows notifications only from a service worker */ }
}

function alertsPanel() {
  const box = el("input", { type: "checkbox", id: "alerts", checked: alertsWanted() });
  const note = el("span", { class: "small muted", id: "alerts-note" });
  box.addEventListener("change", async () => {
    try { localStorage.setItem(ALERTS_KEY, box.checked ? "on" : "off"); } catch { /* off */ }
    note.textContent = "";
    if (!box.checked) return;
    wakeAudio();
    if (!("Notification" in window)) {
      note.textContent = t("This browser shows no notifications: the sound only.");
    } else if (Notification.permission === "default") {
      const answer = await Notification.requestPermission();
      if (answer !== "granted") note.textContent = t("Notifications not allowed: the sound only.");
    } else if (Notification.permission === "denied") {
      note.textContent = t("Notifications are blocked for this site: the sound only.");
    }
  });
  return el("section", { class: "panel small", "aria-label": t("turn alerts") },
    el("label", { class: "check" }, box,
      t("Alert me when it is my turn while this tab is in the background (a notification and a short sound)")),
    note);
}

async function start() {
  account = await me();  // before the first view: its notice says whether to join
  try {
    await adopt(await api(viewPath, { token }));
  } catch (error) {
    root.replaceChildren(el("h1", {}, t("This table cannot be shown")),
      el("p", { class: "error", role: "alert" }, error.message),
      el("p", {}, el("a", { href: "/" }, t("Back to the lobby"))));
    return;
  }
  connect();
}

document.getElementById("connect-url").textContent = location.href;
if (watching) document.getElementById("connect").hidden = true;
window.addEventListener("offline", () => { if (everOnline) connectionLost(); });
window.addEventListener("online", () => { if (!online) reconnectNow(); });
// Another link to this page that differs only after "#" does not load the page again.
window.addEventListener("hashchange", () => {
  if (new URLSearchParams(location.hash.slice(1)).get("token") !== token) location.reload();
});
start();

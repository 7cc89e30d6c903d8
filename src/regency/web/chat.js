// The table chat (docs/web.md "Table chat"): the seated people's short messages, read by
// everyone at the table and shown again in the replay.
//
// Every text a person typed is put in the page as text (el() makes text nodes; nothing
// here parses HTML), so a message is never markup and never runs. A message names its
// seat and that seat's name as the server stores them: the page never trusts a name the
// writer could have chosen for the occasion.
//
// Muting is the reader's own: a muted person's messages are hidden on this browser only,
// remembered per table in localStorage ("regency.mute.<table>": the muted seats).
//
// What the server would refuse is held back here: the chat's limits (the longest message,
// how many messages in how many seconds) are the server's settings, learnt from it
// (GET /api/limits) when the person first turns to the chat, never copied; a message past
// the rate is not sent, and the page says how long to wait.
import { el } from "/static/shared/dom.js";
import { seatMark, thirdPerson } from "/static/shared/seats.js";
import { api } from "/static/shared/server.js";
import { t, nt } from "/static/shared/i18n.js";

let limits = null;
/** The chat's limits ({characters, messages, seconds}), asked of the server once (null: unknown). */
function chatLimits() {
  if (!limits) limits = api("/api/limits").then((answer) => answer.chat || null, () => null);
  return limits;
}

// The page counts its own messages against the server's window, a little longer (the
// server counts them as they arrive, a moment after they leave).
const MARGIN_MS = 500;

/**
 * One tap on a phone: the phrases people say most at a card table. Sent in English (as a
 * fixed phrase), each is shown to every reader in the reader's own language.
 */
export const PRESETS = ["Good game", "Your turn", "Well played", "Thanks", "Good luck", "One moment", "Oops"];
const PRESET_WORDS = {
  "Good game": () => t("Good game"), "Your turn": () => t("Your turn"), "Well played": () => t("Well played"),
  Thanks: () => t("Thanks"), "Good luck": () => t("Good luck"), "One moment": () => t("One moment"), Oops: () => t("Oops"),
};
/** A message's text as this reader reads it: a quick phrase in their language, else as written. */
const readAs = (text) => (Object.prototype.hasOwnProperty.call(PRESET_WORDS, text) ? PRESET_WORDS[text]() : text);

function load(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {  // storage turned off, or not JSON: as if nothing were remembered
    return fallback;
  }
}

function save(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* storage turned off */ }
}

/** A message's writer as the reader sees it: "You" for their own seat, else the stored name. */
function writerName(m, seat) {
  if (seat !== null && m.seat === seat) return t("You");
  return thirdPerson(m.name, m.seat);
}

/** One message in the log (hidden, but kept in order, when its writer is muted). */
function messageLine(m, seat, quiet) {
  return el("li", { dataset: { seat: m.seat, id: m.id }, hidden: quiet },
    seatMark(m.seat), " ", el("b", { class: "who" }, writerName(m, seat)), el("span", { class: "said" }, t(": {text}", { text: readAs(m.text) })));
}

/**
 * The log's lines for the messages `shown` (of `all`), and how many of them muting hides;
 * a line saying there is none yet if none is shown.
 */
function logLines(shown, all, seat, muted, upTo) {
  let hidden = 0;
  const lines = shown.map((m) => {
    const quiet = muted.has(m.seat) && m.seat !== seat;
    if (quiet) hidden += 1;
    return messageLine(m, seat, quiet);
  });
  if (!shown.length) {
    lines.push(el("li", { class: "muted small empty" },
      upTo !== null && all.length ? t("No message yet at this move.") : t("No messages yet.")));
  }
  return { lines, hidden };
}

/**
 * Keep the new ones of `messages` (a push, an answer or the history) in `byId`; how many
 * were new, and how many of those came from someone this reader hears.
 */
function takeMessages(byId, messages, seat, muted) {
  let fresh = 0;
  let others = 0;
  for (const m of Array.isArray(messages) ? messages : []) {
    if (!m || !Number.isInteger(m.id) || byId.has(m.id)) continue;
    byId.set(m.id, { id: m.id, seat: m.seat, name: String(m.name ?? ""), text: String(m.text ?? ""),
      version: Number(m.version) || 0 });
    fresh += 1;
    if (m.seat !== seat && !muted.has(m.seat)) others += 1;
  }
  return { fresh, others };
}

/** The note under the log: how many messages muting hides, how many a replay holds back. */
function hiddenText(hidden, later) {
  return [
    hidden ? nt("{count} message from muted people hidden.", "{count} messages from muted people hidden.", hidden) : "",
    later ? nt("{count} more later in the game.", "{count} more later in the game.", later) : "",
  ].filter(Boolean).join(" ");
}

/** A seat's box to write in and its quick phrases; `send(text, typed)` sends one. */
function writingBox(send) {
  const input = el("input", { type: "text", id: "chat-text", autocomplete: "off",
    "aria-label": t("Chat message"), placeholder: t("Say something") });
  const form = el("form", { class: "chat-form", id: "chat-form", onsubmit: (event) => {
    event.preventDefault();
    if (input.value.trim()) send(input.value, true);
  } }, input, el("button", { type: "submit", class: "primary", id: "chat-send" }, t("Send")));
  const presets = el("div", { class: "chat-presets", id: "chat-presets", role: "group",
    "aria-label": t("quick phrases") },
  PRESETS.map((p) => el("button", { type: "button", class: "preset", onclick: () => send(p, false) }, readAs(p))));
  return { input, form, presets };
}

/** One button per other person at the table (computers do not chat), pressed = muted. */
function muteButtons(seats, seat, muted, toggle) {
  const people = seats.filter((s) => s.kind !== "computer" && s.seat !== seat);
  return [...(people.length ? [el("span", { class: "small muted" }, t("Mute:"))] : []),
    ...people.map((s) => {
      const on = muted.has(s.seat);
      const name = thirdPerson(s.name, s.seat);
      return el("button", { type: "button", class: "mute small", "aria-pressed": on ? "true" : "false",
        dataset: { seat: s.seat }, "aria-label": on ? t("Unmute {name}", { name }) : t("Mute {name}", { name }),
        onclick: () => toggle(s.seat) }, seatMark(s.seat), " ", on ? t("{name} (muted)", { name }) : name);
    })];
}

/**
 * This page's count of its own recent messages against the server's rate: the function
 * returned says why one more now would be refused (null: it would not, and it is counted).
 */
function rateKeeper() {
  const sentAt = [];  // when this page sent its recent messages (ms)
  return (rule) => {
    if (!rule) return null;
    const now = Date.now();
    const span = rule.seconds * 1000 + MARGIN_MS;
    while (sentAt.length && sentAt[0] <= now - span) sentAt.shift();
    if (sentAt.length < rule.messages) {
      sentAt.push(now);
      return null;
    }
    const wait = Math.max(1, Math.ceil((sentAt[0] + span - now) / 1000));
    return nt("You may send {count} chat message every {seconds} seconds: wait {wait} s.",
      "You may send {count} chat messages every {seconds} seconds: wait {wait} s.", rule.messages,
      { seconds: rule.seconds, wait });
  };
}

/**
 * The limits are learnt when the person turns to the chat (the box or a phrase): the box
 * then holds no more characters than the server takes.
 */
function learnWhenUsed(box) {
  const learn = () => chatLimits().then((rule) => { if (rule) box.input.maxLength = rule.characters; });
  box.form.addEventListener("focusin", learn, { once: true });
  box.presets.addEventListener("pointerdown", learn, { once: true });
}

/**
 * The chat panel: the messages, a mute button per person, and (for a seat) the box and
 * the phrases to write with.
 *
 * The panel is one element made once and kept across the table's redraws, so what is
 * being typed survives a move landing.
 *
 * @param options {tableId, seat (null: a spectator or a replay), write(text) -> Promise
 *                 (absent: read only), readOnlyNote, upTo (a replay: show messages up to
 *                 this version only)}
 */
export function chatPanel(options) {
  const { tableId, seat } = options;
  const muteKey = `regency.mute.${tableId}`;
  const muted = new Set(load(muteKey, []).filter(Number.isInteger));
  const byId = new Map();  // every message seen, by id (the socket and the answers overlap)
  let seats = [];
  let upTo = options.upTo ?? null;

  const log = el("ul", { class: "plain chat-log", id: "chat-log", "aria-label": t("chat messages"),
    "aria-live": "polite", tabindex: "0" });
  const hiddenNote = el("p", { class: "small muted", id: "chat-hidden" });
  const mutes = el("div", { class: "row chat-mutes", id: "chat-mutes" });
  const error = el("p", { class: "error small", id: "chat-error", role: "alert" });
  const parts = [el("h2", { id: "chat-h" }, t("Table chat")), log, hiddenNote];
  let input = null;

  const tooSoon = rateKeeper();
  if (options.write) {
    const box = writingBox(send);
    input = box.input;
    parts.push(box.form, box.presets, error);
    learnWhenUsed(box);
  } else if (options.readOnlyNote) {
    parts.push(el("p", { class: "small muted" }, options.readOnlyNote));
  }
  parts.push(mutes);
  const node = el("section", { class: "panel chat", id: "chat", "aria-labelledby": "chat-h" }, parts);

  async function send(text, typed) {
    error.textContent = "";
    const held = tooSoon(await chatLimits());
    if (held) {
      error.textContent = held;
      return;
    }
    try {
      const answer = await options.write(text);
      if (typed) input.value = "";
      add(answer && answer.messages);
    } catch (problem) {
      error.textContent = problem.message || String(problem);
    }
  }

  function draw() {
    const all = [...byId.values()].sort((a, b) => a.id - b.id);
    const shown = upTo === null ? all : all.filter((m) => m.version <= upTo);
    const stick = log.scrollHeight - log.scrollTop - log.clientHeight < 24;  // at the bottom: stay there
    const { lines, hidden } = logLines(shown, all, seat, muted, upTo);
    log.replaceChildren(...lines);
    hiddenNote.textContent = hiddenText(hidden, all.length - shown.length);
    hiddenNote.hidden = !hiddenNote.textContent;
    if (stick) log.scrollTop = log.scrollHeight;
    drawMutes();
  }

  function drawMutes() {
    mutes.replaceChildren(...muteButtons(seats, seat, muted, (who) => {
      if (muted.has(who)) muted.delete(who); else muted.add(who);
      save(muteKey, [...muted]);
      draw();
    }));
  }

  /** Take new messages (from a push, an answer or the history); draw if any is new. */
  function add(messages) {
    const { fresh, others } = takeMessages(byId, messages, seat, muted);
    if (fresh) draw();
    return others;
  }

  function setSeats(next) {
    const key = JSON.stringify(next || []);
    if (key === JSON.stringify(seats)) return;
    seats = next || [];
    drawMutes();
  }

  function setUpTo(version) {
    if (version === upTo) return;
    upTo = version;
    draw();
  }

  /**
   * Draw again after the table is: a seat's mark takes the colour the game gives that
   * seat (Kingdoms' castles), which shared/seats.js learns as the table is drawn.
   */
  let colours = "";
  function refresh() {
    const now = [0, 1, 2, 3].map((s) => seatMark(s).className).join();
    if (now === colours) return;
    colours = now;
    draw();
  }

  draw();
  return { node, add, setSeats, setUpTo, refresh };
}

// The coach of a first game (docs/learn.md): a table set up with "coach": true shows its
// person a panel beside the board. After each of their moves it says how the computer
// would have judged it (the server's analysis, worked out in its worker pool), and on
// their turn "What should I think about?" gives a hint in words, never a move. Every
// other table has no coach: its view carries no "coach", and the server refuses one.
//
// Also here: setting up the first game a finished course offers (against the weakest
// computer level of the game's ladder, with the coach).
import { el } from "/static/shared/dom.js";
import { t } from "/static/shared/i18n.js";
import { fragmentLink, rememberTable } from "/static/shared/links.js";
import { api } from "/static/shared/server.js";

const PLAYERS = 2;  // a first game: one person against one computer player

let words = null;
/** The coach's words (GET /api/learn's "coach_words"), asked once. */
async function coachWords() {
  if (!words) {
    try { words = (await api("/api/learn")).coach_words; } catch { words = {}; }
  }
  return words;
}

function say(key, fields = {}) {
  const text = (words || {})[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

/** The stylesheet of the coach's panel, added to the page once. */
function useStyles() {
  if (document.querySelector('link[href="/static/learn.css"]')) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/learn.css" }));
}

/**
 * Set up a first game of `name` with the coach, against the weakest computer level, and
 * go to its table.
 */
export async function startFirstGame(name) {
  await coachWords();
  const games = await api("/api/games");
  const game = games.find((g) => g.name === name);
  if (!game) throw new Error(t("This server has no game called {name}.", { name }));
  const players = game.players.includes(PLAYERS) ? PLAYERS : game.default_players;
  const weakest = (game.levels[String(players)] || [])[0];
  const agent = weakest ? weakest.agent : "random";
  const seats = [{ name: say("you") }, ...Array.from({ length: players - 1 }, () => ({ agent }))];
  const answer = await api("/api/tables", { json: { game: name, players, seats, think_time: 0.5, coach: true } });
  const mine = (answer.mine || [])[0] || answer.invites[0];
  rememberTable({
    table: answer.table, game: answer.game, title: game.title, created: Date.now(),
    seats: answer.seats.map((s) => s.name), play: fragmentLink(mine.url),
    invites: answer.invites.map((i) => ({ seat: i.seat, name: i.name, url: fragmentLink(i.url) })),
    watch: fragmentLink(answer.spectator.url),
  });
  location.href = fragmentLink(mine.url);
}

/**
 * The coach's panel for `seat` at a coached table.
 *
 * @param options  {base: the seat's API path, token: the seat's token (or null), seat}
 * @returns {node, update(view)}: the panel (moved into each redraw) and what to call
 *          with every view
 */
export function coachPanel({ base, token, seat }) {
  useStyles();
  const notes = el("ol", { class: "notes", id: "coach-notes", "aria-live": "polite" });
  const hintLine = el("p", { class: "coach-hint", id: "coach-hint" });
  const ask = el("button", { type: "button", id: "coach-ask", disabled: true }, "…");
  const about = el("p", { class: "small muted" });
  const heading = el("h2", { id: "coach-h" }, "…");
  const node = el("section", { class: "panel coach", id: "coach", "aria-labelledby": "coach-h" },
    heading, about, ask, hintLine, notes);
  let view = null;
  let noted = 0;         // the newest move number a note was asked for
  let asking = false;    // a note is being asked for (one question at a time)
  let hintFor = -1;      // the version the hint shown is for

  coachWords().then(() => {
    heading.textContent = say("title");
    about.textContent = say("about");
    ask.textContent = say("ask");
  });

  async function question(body) {
    for (let tries = 0; tries < 30; tries += 1) {
      try {
        return await api(`${base}/coach`, { json: body, token });
      } catch (error) {
        if (error.status !== 429) throw error;  // busy with this table's last question
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    throw new Error(say("unavailable"));
  }

  async function askNotes() {
    if (asking || !view) return;
    const mine = (view.recent || []).filter((m) => m.seat === seat && m.number > noted);
    if (!mine.length) return;
    asking = true;
    const move = mine[0];
    noted = move.number;
    try {
      const found = await question({ ask: "note", number: move.number });
      notes.prepend(el("li", { class: found.label, dataset: { number: found.number } },
        say("move_note", { number: found.number, move: found.move_text, note: found.text })));
    } catch (error) {
      notes.prepend(el("li", {}, say("move_note", { number: move.number, move: move.move, note: error.message })));
    }
    asking = false;
    askNotes();
  }

  ask.addEventListener("click", async () => {
    if (!view) return;
    ask.disabled = true;
    hintLine.textContent = say("thinking");
    const version = view.version;
    try {
      const found = await question({ ask: "hint" });
      if (view.version === version) {
        hintLine.textContent = found.text;
        hintFor = version;
      }
    } catch (error) {
      hintLine.textContent = error.message;
    }
    ask.disabled = !(view && view.to_move === seat && !view.finished);
  });

  function update(next) {
    view = next;
    ask.disabled = !(view.to_move === seat && !view.finished);
    if (hintFor !== view.version && hintLine.textContent !== say("thinking")) hintLine.textContent = "";
    askNotes();
  }

  return { node, update };
}

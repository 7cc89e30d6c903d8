// The table page's requests besides moves (docs/server.md "Ending a game early" and
// "Take-backs"): abort, resign, leave and take back, each a button shown only when the
// seat's view says it may (`can`), each confirmed in the page before it is sent (the
// question says what will happen; "Keep playing" takes the focus, so two presses of
// Enter never resign); and a take-back someone asked for, with Accept and Decline for
// the others at the table. What the server answers comes back as the next view.
import { el } from "/static/shared/dom.js";
import { nameList } from "/static/shared/endings.js";
import { seatName } from "/static/shared/seats.js";
import { api } from "/static/shared/server.js";

/** Whose side loses with this seat: its partners (4-player Claim's teams), if any. */
function partnersOf(view) {
  const teams = (view.observation && view.observation.teams) || [];
  const team = teams.find((t) => t.includes(view.seat)) || [];
  return team.filter((s) => s !== view.seat);
}

/** The other people seated who are still playing (not the computer, not left). */
function otherPeople(view) {
  return (view.seats || []).filter((s) => s.kind === "person" && !s.left && s.seat !== view.seat)
    .map((s) => s.seat);
}

/** The seats not on this seat's side: who wins if it resigns. */
function opponents(view) {
  const mine = new Set([view.seat, ...partnersOf(view)]);
  return (view.seats || []).map((s) => s.seat).filter((s) => !mine.has(s));
}

/** "", or " and the move after it", " and the 3 moves after it": what a take-back takes too. */
function andAfter(count) {
  if (!(count > 0)) return "";
  return count === 1 ? " and the move after it" : ` and the ${count} moves after it`;
}

/** How many moves were made after this seat's last one (null: not among the recent moves). */
function movesSinceMine(view) {
  const recent = view.recent || [];
  for (let i = recent.length - 1; i >= 0; i--) if (recent[i].seat === view.seat) return recent.length - 1 - i;
  return null;
}

/** Each request: its button, the question that confirms it, and the confirming button. */
const ACTS = {
  takeback: {
    button: "Take back a move",
    question(view, name) {
      const people = otherPeople(view);
      return people.length
        ? `Ask ${nameList(people, name)} to let you take back your last move${andAfter(movesSinceMine(view))}?`
        : "Take back your last move, and the computer's replies since?";
    },
    yes: (view) => (otherPeople(view).length ? "Yes, ask" : "Yes, take it back"),
  },
  abort: {
    button: "Abort",
    question: () => "Abort the game? It ends now, before your first move: nobody wins, and it is not rated.",
    yes: () => "Yes, abort",
  },
  resign: {
    button: "Resign",
    question(view, name) {
      const partners = partnersOf(view);
      const forWhom = partners.length ? ` for your partnership with ${nameList(partners, name)}` : "";
      const winners = opponents(view);
      return `Resign${forWhom}? ${nameList(winners, name)} ${winners.length > 1 ? "win" : "wins"} the game.`;
    },
    yes: () => "Yes, resign",
  },
  leave: {
    button: "Leave",
    question: () => "Leave the game? The computer plays your seat to the end, and you cannot take it back.",
    yes: () => "Yes, leave",
  },
};

/**
 * The requests of one seat at its table page.
 *
 * @param base    the seat's API address (`/api/tables/T/seats/S`)
 * @param token   the seat's token
 * @param redraw  draws the table again (a confirmation opened or closed)
 * @param report  shows a refusal in the server's words
 * @param reload  reads the view again after a request (the socket may be down)
 */
export function seatRequests({ base, token, redraw, report, reload }) {
  let asking = null;    // the request waiting for its confirmation
  let sending = false;  // a request is on its way

  async function send(act, body) {
    if (sending) return;
    sending = true;
    asking = null;
    redraw();
    try {
      await api(`${base}/${act}`, { method: "POST", token, json: body });
      await reload();
    } catch (error) {
      report(`Could not ${act === "takeback" ? "take back" : act}: ${error.message}`);
    }
    sending = false;
    redraw();
  }

  function ask(act) {
    asking = act;
    redraw();
    document.getElementById("confirm-no")?.focus();
  }

  function cancel() {
    const act = asking;
    asking = null;
    redraw();
    document.getElementById(`${act}-button`)?.focus();
  }

  /** Which requests this seat has now: its `can`, but no take-back while one is asked. */
  function available(view) {
    const can = (!view.finished && view.can) || {};
    const offered = view.takeback && view.takeback.status === "offered";
    return Object.keys(ACTS).filter((act) => can[act] && !(act === "takeback" && offered));
  }

  function confirmation(view, name) {
    const act = ACTS[asking];
    const box = el("div", { class: asking === "takeback" ? "confirm mild" : "confirm", id: "confirm", role: "group", "aria-labelledby": "confirm-q",
      onkeydown: (event) => { if (event.key === "Escape") cancel(); } },
    el("p", { id: "confirm-q" }, act.question(view, name)),
    el("p", { class: "row" },
      el("button", { type: "button", class: asking === "takeback" ? "primary" : "danger", id: "confirm-yes",
        onclick: () => send(asking, asking === "takeback" ? { accept: true, version: view.version } : undefined) },
      act.yes(view)),
      el("button", { type: "button", id: "confirm-no", onclick: cancel }, "Keep playing")));
    return box;
  }

  /** The panel of requests beside the table ("" when this seat has none now). */
  function panel(view) {
    const acts = available(view);
    if (asking && !acts.includes(asking)) asking = null;  // the game moved on: no longer possible
    if (!acts.length) return "";
    const name = (s) => seatName(view, s);
    return el("section", { class: "panel small", id: "requests", "aria-label": "take back or end the game" },
      el("div", { class: "row" }, acts.map((act) => el("button", {
        type: "button", id: `${act}-button`, disabled: sending, "aria-expanded": String(asking === act),
        onclick: () => (asking === act ? cancel() : ask(act)),
      }, ACTS[act].button))),
      asking ? confirmation(view, name) : "");
  }

  /** The take-back someone asked for, with this seat's answer to it ("" if none). */
  function offer(view) {
    return takebackNotice(view, (accept) => send("takeback", { accept, version: view.version }), sending);
  }

  return { panel, offer };
}

/**
 * The take-back asked about the current position (the view's `takeback`), as the table
 * page shows it: who asked and who is awaited, with Accept and Decline for a person
 * awaited, Withdraw for the one who asked (`answer` null: a spectator, nothing to press).
 */
export function takebackNotice(view, answer, busy = false) {
  const t = view.takeback;
  if (!t || view.finished) return "";
  const name = (s) => seatName(view, s);
  const you = view.seat;
  const whose = t.by === you ? "your" : "their";
  const recent = view.recent || [];
  const made = recent.length ? recent[recent.length - 1].number : 0;
  const button = (id, text, accept, cls) => el("button", { type: "button", id, class: cls, disabled: busy,
    onclick: () => answer(accept) }, text);
  const parts = [];
  if (t.status === "done") {
    parts.push(`${name(t.by)} took back ${whose} last move.`);
  } else if (t.status === "declined" && t.declined_by === t.by) {
    parts.push(`${name(t.by)} withdrew ${whose} take-back.`);
  } else if (t.status === "declined") {
    parts.push(`${name(t.declined_by)} declined ${t.by === you ? "your" : `${nameList([t.by], name)}'s`} take-back.`);
  } else {
    // Whom the asker waits for, but not the reader: their buttons say it is up to them.
    const others = t.waiting.filter((s) => s !== you);
    const waiting = others.length ? ` Waiting for ${nameList(others, name)}.` : "";
    const what = `${whose} last move${andAfter(made - t.to - 1)}`;
    parts.push(t.by === you ? `You asked to take back ${what}.${waiting}`
      : `${name(t.by)} asks to take back ${what}.${waiting}`);
    if (answer && t.by === you) parts.push(button("takeback-withdraw", "Withdraw", false));
    else if (answer && t.waiting.includes(you)) {
      parts.push(button("takeback-accept", "Accept", true, "primary"), button("takeback-decline", "Decline", false));
    }
  }
  return el("div", { class: "notice takeback", id: "takeback-offer", role: "status",
    dataset: { status: t.status } }, parts);
}

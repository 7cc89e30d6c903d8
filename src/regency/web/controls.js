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
import { t, nt } from "/static/shared/i18n.js";
import { YOU } from "/static/shared/words.js";

/** Whose side loses with this seat: its partners (4-player Claim's teams), if any. */
function partnersOf(view) {
  const teams = (view.observation && view.observation.teams) || [];
  const team = teams.find((members) => members.includes(view.seat)) || [];
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


/** How many moves were made after this seat's last one (null: not among the recent moves). */
function movesSinceMine(view) {
  const recent = view.recent || [];
  for (let i = recent.length - 1; i >= 0; i--) if (recent[i].seat === view.seat) return recent.length - 1 - i;
  return null;
}

/** Each request: its button, the question that confirms it, and the confirming button. */
const ACTS = {
  takeback: {
    button: () => t("Take back a move"),
    question(view, name) {
      const people = otherPeople(view);
      if (!people.length) return t("Take back your last move, and the computer's replies since?");
      // What a take-back takes too: the moves made after this seat's last one.
      const names = nameList(people, name);
      const after = movesSinceMine(view);
      return after > 0
        ? nt("Ask {names} to let you take back your last move and the move after it?",
          "Ask {names} to let you take back your last move and the {count} moves after it?", after, { names })
        : t("Ask {names} to let you take back your last move?", { names });
    },
    yes: (view) => (otherPeople(view).length ? t("Yes, ask") : t("Yes, take it back")),
  },
  abort: {
    button: () => t("Abort"),
    question: () => t("Abort the game? It ends now, before your first move: nobody wins, and it is not rated."),
    yes: () => t("Yes, abort"),
  },
  resign: {
    button: () => t("Resign"),
    question(view, name) {
      const partners = partnersOf(view);
      const asked = partners.length
        ? t("Resign for your partnership with {names}?", { names: nameList(partners, name) }) : t("Resign?");
      const winners = opponents(view);
      const result = winners.length > 1
        ? t("{names} win the game.", { names: nameList(winners, name) })
        : t("{seat} wins the game.", { seat: nameList(winners, name) });
      return `${asked} ${result}`;
    },
    yes: () => t("Yes, resign"),
  },
  leave: {
    button: () => t("Leave"),
    question: () => t("Leave the game? The computer plays your seat to the end, and you cannot take it back."),
    yes: () => t("Yes, leave"),
  },
};

/** A request the server refused, with its words (the server's). */
const REFUSED = {
  takeback: (error) => t("Could not take back: {error}", { error }),
  abort: (error) => t("Could not abort: {error}", { error }),
  resign: (error) => t("Could not resign: {error}", { error }),
  leave: (error) => t("Could not leave: {error}", { error }),
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
      report(REFUSED[act] ? REFUSED[act](error.message) : error.message);
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
      el("button", { type: "button", id: "confirm-no", onclick: cancel }, t("Keep playing"))));
    return box;
  }

  /** The panel of requests beside the table ("" when this seat has none now). */
  function panel(view) {
    const acts = available(view);
    if (asking && !acts.includes(asking)) asking = null;  // the game moved on: no longer possible
    if (!acts.length) return "";
    const name = (s) => seatName(view, s);
    return el("section", { class: "panel small", id: "requests", "aria-label": t("take back or end the game") },
      el("div", { class: "row" }, acts.map((act) => el("button", {
        type: "button", id: `${act}-button`, disabled: sending, "aria-expanded": String(asking === act),
        onclick: () => (asking === act ? cancel() : ask(act)),
      }, ACTS[act].button()))),
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
  const asked = view.takeback;
  if (!asked || view.finished) return "";
  const name = (s) => seatName(view, s);
  const you = view.seat;
  const mine = asked.by === you;
  const recent = view.recent || [];
  const made = recent.length ? recent[recent.length - 1].number : 0;
  const button = (id, text, accept, cls) => el("button", { type: "button", id, class: cls, disabled: busy,
    onclick: () => answer(accept) }, text);
  const parts = [];
  if (asked.status === "done") {
    parts.push(mine ? t("You took back your last move.") : t("{seat} took back their last move.", { seat: name(asked.by) }));
  } else if (asked.status === "declined" && asked.declined_by === asked.by) {
    parts.push(mine ? t("You withdrew your take-back.") : t("{seat} withdrew their take-back.", { seat: name(asked.by) }));
  } else if (asked.status === "declined") {
    const by = name(asked.declined_by);
    if (mine) parts.push(t("{seat} declined your take-back.", { seat: by }));
    else if (asked.declined_by === you || by === YOU) parts.push(t("You declined {asker}'s take-back.", { asker: name(asked.by) }));
    else parts.push(t("{seat} declined {asker}'s take-back.", { seat: by, asker: name(asked.by) }));
  } else {
    // What is taken back: the asker's last move and the moves made after it.
    const after = made - asked.to - 1;
    const seat = name(asked.by);
    let what;
    if (mine) {
      what = after > 0 ? nt("You asked to take back your last move and the move after it.",
        "You asked to take back your last move and the {count} moves after it.", after)
        : t("You asked to take back your last move.");
    } else {
      what = after > 0 ? nt("{seat} asks to take back their last move and the move after it.",
        "{seat} asks to take back their last move and the {count} moves after it.", after, { seat })
        : t("{seat} asks to take back their last move.", { seat });
    }
    // Whom the asker waits for, but not the reader: their buttons say it is up to them.
    const others = asked.waiting.filter((s) => s !== you);
    parts.push(others.length ? `${what} ${t("Waiting for {names}.", { names: nameList(others, name) })}` : what);
    if (answer && mine) parts.push(button("takeback-withdraw", t("Withdraw"), false));
    else if (answer && asked.waiting.includes(you)) {
      parts.push(button("takeback-accept", t("Accept"), true, "primary"), button("takeback-decline", t("Decline"), false));
    }
  }
  return el("div", { class: "notice takeback", id: "takeback-offer", role: "status",
    dataset: { status: asked.status } }, parts);
}

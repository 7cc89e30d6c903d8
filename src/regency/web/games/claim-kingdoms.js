// Claim Kingdoms, drawn from a seat's observation: the open-ended grid (pan with the
// scroll bars or by dragging, zoom with the buttons), markers told apart by shape and
// letter as well as colour, the highlighted squares of the step being decided, the
// display, the deck, hands, supplies and the standing of each faction.
import { el } from "/static/shared/dom.js";
import { listOf } from "/static/shared/endings.js";
import { nt, ntNodes, t, tNodes } from "/static/shared/i18n.js";
import { colourWord, seatMark, shownName } from "/static/shared/seats.js";
import { squareOf, targetGroups } from "/static/shared/squares.js";
import { YOU } from "/static/shared/words.js";

const CODE = { goblins: "GB", knights: "KN", undead: "UN", dwarves: "DW", doppelgangers: "DO",
  gnomes: "GN", giants: "GI", dragons: "DR", trolls: "TR", seers: "SE" };
const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : "";
// The factions' names in the page's language (the messages the engine's words use too).
const NAMES = { goblins: t("Goblins"), knights: t("Knights"), undead: t("Undead"), dwarves: t("Dwarves"),
  doppelgangers: t("Doppelgangers"), gnomes: t("Gnomes"), giants: t("Giants"), dragons: t("Dragons"),
  trolls: t("Trolls"), seers: t("Seers") };
/** A faction ("trolls") as the page names it: "Trolls". */
const fname = (name) => NAMES[name] || cap(name);

export function colours(obs) { return obs.colours; }

function faction(name) {
  return el("span", { class: `chip f-${CODE[name] || "TR"}` }, el("b", {}, fname(name)));
}

function who(ui, seat) {
  return t("{name}, {colour}", { name: shownName(ui.name(seat)), colour: colourWord(ui.obs.colours[seat]) });
}

// Each power in the rulebook's words ("Overview of Special Powers"), for the power panel.
export const POWERS = {
  goblins: t("Score 1 point for each Goblin with a marker of your colour on it."),
  dwarves: t("Score 1 point for each Dwarf in this row and column. Gaps and face-down cards in a line form a blockade."),
  gnomes: t("Score 1 point. Then place a player marker from your supply on a horizontally or vertically adjacent card."),
  trolls: t("Score 1 point for each different faction in this row or column: you choose the row or the column. Gaps and face-down cards in a line form a blockade."),
  undead: t("Exchange the marker on this card with a marker on another card. The power of that card does not activate."),
  dragons: t("Score 1 point per horizontally, vertically and diagonally adjacent card (face-down cards score nothing)."),
  doppelgangers: t("Copy the special power from the faction of one of the adjacent cards."),
  seers: t("Instead of taking a card from the display or drawing the top card of the deck, you may draw the top 3 cards of the deck and choose 1 to keep; the others are shuffled back."),
  giants: t("Flip a horizontally or vertically adjacent card face-down. Markers on it return to the supplies of their players."),
  knights: t("Remove a maximum of two markers from horizontally or vertically adjacent cards."),
};

const points = (n) => nt("{count} point", "{count} points", n);

/** The card on square "x,y" as the grid shows it ("the Trolls at 0,1"). */
function cardAt(obs, sq) {
  const c = obs && obs.grid.find((g) => `${g.x},${g.y}` === sq);
  return c ? t("the {faction} at {square}", { faction: fname(c.faction), square: sq }) : t("the card at {square}", { square: sq });
}

/** A list of squares, each in brackets (their commas would run together): "(0,1), (1,1) and (2,1)". */
function squares(list) {
  const named = list.map(([x, y]) => `(${x},${y})`);
  return listOf(named);
}

/** What a power move would do (the observation's `power_effects`), or null. */
function effectOf(obs, text) {
  return obs && obs.power_effects ? obs.power_effects.find((e) => e.move === text) || null : null;
}

/** The factions in a list of squares, as the grid shows them (for a Troll's line). */
function factionsOn(obs, list) {
  const names = list.map(([x, y]) => (obs.grid.find((g) => g.x === x && g.y === y) || {}).faction);
  return [...new Set(names.filter(Boolean))].map(fname).join(", ");
}

export function prompt(ui) {
  const obs = ui.obs;
  switch (obs.decision) {
    case "place": return t("place your {faction} card on one of the highlighted squares", { faction: fname(obs.hand) });
    case "power": return obs.removed ? t("remove a second marker with the Knights power, or stop")
      : obs.copied
        ? t("use the {faction} power (copied by your Doppelganger), or pass (what each would do: \"The {faction} power\", below)", { faction: fname(obs.power) })
        : t("use the {faction} power, or pass (what each would do: \"The {faction} power\", below)", { faction: fname(obs.power) });
    case "take": return obs.can_look ? t("take a card from the display or draw, or look at the top three (Seer)")
      : t("take a card from the display or draw");
    case "keep": return t("keep one of the cards you looked at");
    default: return obs.decision;
  }
}

export function waiting(ui) {
  const obs = ui.obs;
  switch (obs.decision) {
    case "place": return t("They are placing a card.");
    case "power": return t("They may use the {faction} power.", { faction: fname(obs.power) });
    case "take": return t("They are taking a card.");
    case "keep": return t("They are choosing a card to keep.");
    default: return "";
  }
}

/**
 * A move in words, in the position `obs` it is made in (null: none known), as the engine
 * says it (Game.describe): "place Giants at 0,-2", "score 3 points with the Dwarves",
 * "remove the blue marker from the Trolls at 0,1".
 */
export function describe(text, obs) {
  const w = text.split(" ");
  const power = obs && obs.power ? fname(obs.power) : "";
  const effect = effectOf(obs, text);
  const n = effect ? effect.points : null;
  switch (w[0]) {
    case "place": return obs && obs.hand ? t("place {faction} at {square}", { faction: fname(obs.hand), square: w[1] })
      : t("place a card at {square}", { square: w[1] });
    case "take": return t("take {faction} from the display", { faction: fname(w[1]) });
    case "draw": return t("draw the top card of the deck");
    case "look": return t("look at the top three cards of the deck (Seer)");
    case "keep": return w[1] === "?" ? t("keep one of the cards looked at") : t("keep {faction}", { faction: fname(w[1]) });
    case "pass": return obs && obs.removed ? t("remove no second marker")
      : power ? t("pass: do not use the {faction} power", { faction: power }) : t("pass: do not use the power");
    case "copy": return t("copy the {faction} power", { faction: fname(w[1]) });
    case "score":
      if (w[1] === "row") return n ? nt("score the row: {count} point", "score the row: {count} points", n) : t("score the row");
      if (w[1] === "column") return n ? nt("score the column: {count} point", "score the column: {count} points", n) : t("score the column");
      if (w[1]) return text;
      if (n) return nt("score {count} point with the {faction}", "score {count} points with the {faction}", n, { faction: power });
      return power ? t("score with the {faction} power", { faction: power }) : t("score with the power");
    case "mark": return t("score 1 point and put a marker on {card}", { card: cardAt(obs, w[1]) });
    case "remove": return t("remove the {colour} marker from {card}", { colour: colourWord(w[2]), card: cardAt(obs, w[1]) });
    case "swap": return t("swap your marker with the {colour} one on {card}", { colour: colourWord(w[2]), card: cardAt(obs, w[1]) });
    case "flip": return t("flip {card} face down", { card: cardAt(obs, w[1]) });
    default: return text;
  }
}

/** What a power move would change for control of the factions, in words ("" if nothing). */
function controlText(ui, effect) {
  const names = (seats) => (seats.length ? seats.map((s) => shownName(ui.name(s))).join(" & ") : t("nobody"));
  const worth = (f) => (ui.obs.standing.find((e) => e.faction === f) || {}).points;
  return (effect ? effect.control : []).map((c) =>
    nt("control of the {faction} ({count} point at the end): {before} → {after}",
      "control of the {faction} ({count} points at the end): {before} → {after}", worth(c.faction) || 0,
      { faction: fname(c.faction), before: names(c.before), after: names(c.after) })).join("; ");
}

/** A power move and what it would do, in a sentence, for the power panel and the grid. */
function effectText(ui, text) {
  const obs = ui.obs;
  const effect = effectOf(obs, text);
  const w = text.split(" ");
  let out = cap(describe(text, obs));
  if (effect && effect.cards.length) {
    if (w[0] === "score" && w[1]) out = t("{move} ({factions})", { move: out, factions: factionsOn(obs, effect.cards) });
    else if (w[0] === "score") {
      const where = squares(effect.cards);
      out = obs.power === "dragons" ? t("{move}: the cards at {squares}", { move: out, squares: where })
        : obs.power === "goblins" ? t("{move}: your Goblins at {squares}", { move: out, squares: where })
          : t("{move}: the Dwarves at {squares}", { move: out, squares: where });
    }
  }
  if (w[0] === "copy" && effect && effect.points) {
    out = nt("{move} (used at once: {count} point)", "{move} (used at once: {count} points)", effect.points, { move: out });
  }
  if (w[0] === "pass" && !obs.removed) out = t("{move} (nothing changes)", { move: out });
  const control = controlText(ui, effect);
  return control ? t("{move}; {control}.", { move: out, control }) : t("{move}.", { move: out });
}

/** The last turn `seat` took in the move log up to `entry`: its history entry (or null). */
function turnOf(ui, seat, entry) {
  const recent = ui.view.recent || [];
  const upto = entry ? recent.indexOf(entry) : -1;
  for (let i = upto; i >= 0; i--) {
    const m = recent[i];
    if (m.seat !== seat) break;
    if (m.move.startsWith("place ")) {
      const [x, y] = m.move.split(" ")[1].split(",").map(Number);
      return (ui.obs.history || []).find((t) => !t.skipped && t.at[0] === x && t.at[1] === y) || null;
    }
  }
  return null;
}

/**
 * A move's label: on its button or square (no `seat`), or in the move log, what `seat`
 * did (`entry`: the log's entry, to find the turn it belongs to).
 */
export function label(text, ui, seat, entry) {
  const obs = ui.obs;
  const w = text.split(" ");
  if (seat === undefined) {
    const effect = effectOf(obs, text);
    const n = effect ? effect.points : 0;
    if (w[0] === "score") {
      if (w[1] === "row") return nt("score the row: {count} point", "score the row: {count} points", n);
      if (w[1] === "column") return nt("score the column: {count} point", "score the column: {count} points", n);
      return nt("score {count} point", "score {count} points", n);
    }
    if (w[0] === "pass") return obs.removed ? t("stop after one marker") : t("pass (no {faction} power)", { faction: fname(obs.power) });
    if (["mark", "remove", "swap", "flip"].includes(w[0])) return effectText(ui, text);
    if (w[0] === "take") return t("take {faction}", { faction: fname(w[1]) });
    return describe(text, obs);
  }
  const turn = turnOf(ui, seat, entry);
  const copied = turn ? turn.power.find((p) => p.startsWith("copy ")) : null;
  const power = copied ? fname(copied.split(" ")[1]) : turn ? fname(turn.card) : "";
  // The log's sentence: {seat} is where the frame puts the mover's badge.
  switch (w[0]) {
    case "place": {
      const c = obs && obs.grid.find((g) => `${g.x},${g.y}` === w[1]);
      return c ? t("{seat} placed {faction} at {square}", { faction: fname(c.faction), square: w[1] })
        : t("{seat} placed a card at {square}", { square: w[1] });
    }
    case "take": return t("{seat} took {faction} from the display", { faction: fname(w[1]) });
    case "draw": return t("{seat} drew the top card of the deck");
    case "look": return t("{seat} looked at the top three cards of the deck (Seer)");
    case "keep": return w[1] === "?" ? t("{seat} kept one of the cards looked at") : t("{seat} kept {faction}", { faction: fname(w[1]) });
    case "pass": return power ? t("{seat} did not use the {faction} power", { faction: power }) : t("{seat} passed");
    case "copy": return t("{seat} copied the {faction} power", { faction: fname(w[1]) });
    case "score": {
      const n = turn ? turn.points : null;
      if (w[1] === "row" || w[1] === "column") {
        if (n === null) return w[1] === "row" ? t("{seat} scored the row") : t("{seat} scored the column");
        return w[1] === "row" ? nt("{seat} scored the row for {count} point", "{seat} scored the row for {count} points", n)
          : nt("{seat} scored the column for {count} point", "{seat} scored the column for {count} points", n);
      }
      if (!power) return t("{seat} used the power");
      return n === null ? t("{seat} used the {faction} power", { faction: power })
        : nt("{seat} used the {faction} power for {count} point", "{seat} used the {faction} power for {count} points", n, { faction: power });
    }
    case "mark": return t("{seat} put a marker on {card} (1 point)", { card: cardAt(obs, w[1]) });
    case "remove": return t("{seat} removed the {colour} marker from {card}", { colour: colourWord(w[2]), card: cardAt(obs, w[1]) });
    case "swap": return t("{seat} swapped markers with {colour} on {card}", { colour: colourWord(w[2]), card: cardAt(obs, w[1]) });
    case "flip": return t("{seat} flipped {card} face down", { card: cardAt(obs, w[1]) });
    default: return text;
  }
}

/** The power being decided on: the rulebook's words, and what each choice would do. */
function powerPanel(ui) {
  const obs = ui.obs;
  if (obs.decision !== "power" || !obs.power) return "";
  const whose = ui.name(obs.to_move);
  const choices = (obs.power_effects || []).map((e) => el("li", {}, effectText(ui, e.move)));
  return el("section", { class: "panel", id: "power", "aria-labelledby": "power-h" },
    el("h2", { id: "power-h" }, t("The {faction} power", { faction: fname(obs.power) }),
      obs.copied ? el("span", { class: "muted small" }, ` ${t("(copied by a Doppelganger)")}`) : ""),
    el("p", {}, el("q", {}, POWERS[obs.power] || ""), el("span", { class: "muted small" }, ` ${t("(the rulebook)")}`)),
    el("p", { class: "small" }, obs.removed
      ? (whose === YOU ? t("You removed one marker and may remove a second:") : t("{name} removed one marker and may remove a second:", { name: whose }))
      : (whose === YOU ? t("You may use it here:") : t("{name} may use it here:", { name: whose }))),
    el("ul", { class: "small" }, choices));
}

function groupLabel(group) {
  const w = group.split(" ");
  switch (w[0]) {
    case "place": return t("Place your card");
    case "flip": return t("Flip a card");
    case "mark": return t("Put a marker");
    case "remove": return t("Remove a {colour} marker", { colour: colourWord(w[2]) });
    case "swap": return t("Swap with a {colour} marker", { colour: colourWord(w[2]) });
    default: return group;
  }
}

function zoomBar(ui) {
  const set = (z) => { ui.state.zoom = Math.min(2, Math.max(0.5, z)); ui.state.recentre = true; ui.rerender(); };
  const zoom = ui.state.zoom || 1;
  return el("div", { class: "zoombar" },
    el("button", { type: "button", "aria-label": t("zoom out"), onclick: () => set(zoom - 0.2) }, "−"),
    el("span", { class: "small" }, `${Math.round(zoom * 100)}%`),
    el("button", { type: "button", "aria-label": t("zoom in"), onclick: () => set(zoom + 0.2) }, "+"),
    el("button", { type: "button", onclick: () => { ui.state.recentre = true; ui.rerender(); } }, t("Centre")),
    el("span", { class: "small muted" }, t("Drag or scroll to pan. A square is x,y: its column x (the ruler above), its row y (the ruler beside); the first card is at 0,0.")));
}

function grid(ui) {
  const obs = ui.obs;
  const groups = targetGroups(ui.mine ? ui.legal : []);
  for (const moves of groups.values()) ui.handle(moves.values());
  if (!groups.has(ui.state.group)) ui.state.group = groups.size ? [...groups.keys()][0] : null;
  const targets = ui.state.group ? groups.get(ui.state.group) : new Map();
  const cards = new Map(obs.grid.map((c) => [`${c.x},${c.y}`, c]));
  const open = new Set(obs.open_squares.map(([x, y]) => `${x},${y}`));
  const xs = [...obs.grid.map((c) => c.x), ...obs.open_squares.map((s) => s[0])];
  const ys = [...obs.grid.map((c) => c.y), ...obs.open_squares.map((s) => s[1])];
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const lastSq = ui.last ? squareOf(ui.last.move) : null;
  const placed = obs.placed ? `${obs.placed[0]},${obs.placed[1]}` : null;
  // Rulers: each column's x above it and each row's y beside it, so that a square the
  // log or a label names ("Giants at 0,-2") can be found (the first card is at 0,0). They
  // stay in view while the grid scrolls.
  const ruler = (text, edge) => el("span", { class: "axis", "aria-hidden": "true", "data-i18n-skip": "",
    style: { position: "sticky", [edge]: "0", "z-index": "1", background: "#ece6da" } }, text);
  const g = el("div", { class: "grid", role: "group", "aria-label": t("the grid of cards"), dataset: { roving: "grid" },
    style: { "grid-template-columns": `1.5rem repeat(${x1 - x0 + 1}, var(--cell))` } },
    ruler("y\\x", "left"),
    Array.from({ length: x1 - x0 + 1 }, (_, i) => ruler(String(x0 + i), "top")));
  for (let y = y1; y >= y0; y--) {
    g.append(ruler(String(y), "left"));
    for (let x = x0; x <= x1; x++) {
      const sq = `${x},${y}`;
      const c = cards.get(sq);
      const move = targets.get(sq);
      const classes = ["cell"];
      const content = [];
      let what = "";
      if (c) {
        classes.push("card-cell", `f-${CODE[c.faction] || "TR"}`);
        if (!c.face_up) classes.push("face-down");
        const shown = fname(c.faction).replace("Doppelgangers", "Doppel\u00adgangers");
        content.push(el("span", { class: "fname" }, shown));
        if (!c.face_up) content.push(el("span", { class: "fdown" }, t("face down")));
        if (c.markers.length) content.push(el("span", { class: "markers" }, c.markers.map((s) => seatMark(s, true))));
        const card = c.face_up ? fname(c.faction) : t("a face-down card");
        what = c.markers.length
          ? t("{card}, markers: {colours}", { card, colours: c.markers.map((s) => colourWord(obs.colours[s])).join(", ") })
          : card;
      } else if (open.has(sq)) {
        classes.push("open");
        content.push(el("span", { class: "small muted" }, sq));
        what = t("open");
      } else {
        classes.push("empty");
      }
      const text = t("square {square}: {what}", { square: sq, what });
      if (sq === lastSq || sq === placed) classes.push("last");
      if (move) {
        classes.push("target");
        g.append(ui.move(move, content, { class: classes.join(" "), "aria-label": t("{move} ({square})", { move: label(move, ui), square: text }), title: label(move, ui),
          "data-anim": `sq:${sq}` }));
      } else {
        g.append(el("div", { class: classes.join(" "), role: c ? "img" : null, "aria-label": c ? text : null,
          title: c ? text : null, dataset: { square: sq, anim: `sq:${sq}` } }, content));
      }
    }
  }
  const viewport = el("div", { class: "viewport", id: "viewport", style: { "--cell": `${Math.round(56 * (ui.state.zoom || 1))}px` } }, g);
  dragToPan(viewport);
  const pieces = groups.size > 1
    ? el("div", { class: "pieces", role: "group", "aria-label": t("what to do on the grid") },
      [...groups.keys()].map((key) => el("button", { type: "button", "aria-pressed": String(key === ui.state.group),
        dataset: { key: `group:${key}` }, onclick: () => { ui.state.group = key; ui.rerender(); } }, groupLabel(key))))
    : "";
  // Which kind of target (say, a red or a blue marker) goes in the action bar (shared/frame.js).
  if (pieces && ui.toBar) ui.toBar(pieces);
  return el("section", { class: "panel", "aria-label": "grid" }, el("h2", {}, t("The grid")), ui.toBar ? "" : pieces, zoomBar(ui), viewport);
}

function dragToPan(viewport) {
  let start = null;
  viewport.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "mouse" || e.target.closest("button")) return;
    start = { x: e.clientX, y: e.clientY, left: viewport.scrollLeft, top: viewport.scrollTop };
  });
  viewport.addEventListener("pointermove", (e) => {
    if (!start) return;
    viewport.scrollLeft = start.left - (e.clientX - start.x);
    viewport.scrollTop = start.top - (e.clientY - start.y);
  });
  const stop = () => { start = null; };
  viewport.addEventListener("pointerup", stop);
  viewport.addEventListener("pointerleave", stop);
}

export function afterDraw(ui, root) {
  const viewport = root.querySelector("#viewport");
  if (!viewport) return;
  const focus = ui.last ? squareOf(ui.last.move) : null;
  const key = `${ui.obs.grid.length}:${focus}`;
  if (ui.state.centred === key && !ui.state.recentre) {
    if (ui.state.scroll) [viewport.scrollLeft, viewport.scrollTop] = ui.state.scroll;
  } else {
    ui.state.centred = key;
    ui.state.recentre = false;
    const target = (focus && viewport.querySelector(`[data-square="${focus}"]`)) || viewport.querySelector(".target") || viewport.querySelector(".card-cell");
    if (target) {
      viewport.scrollLeft = target.offsetLeft - viewport.clientWidth / 2 + target.offsetWidth / 2;
      viewport.scrollTop = target.offsetTop - viewport.clientHeight / 2 + target.offsetHeight / 2;
    } else {
      viewport.scrollLeft = (viewport.scrollWidth - viewport.clientWidth) / 2;
      viewport.scrollTop = (viewport.scrollHeight - viewport.clientHeight) / 2;
    }
  }
  viewport.addEventListener("scroll", () => { ui.state.scroll = [viewport.scrollLeft, viewport.scrollTop]; });
}

function standingTable(ui, entries) {
  const obs = ui.obs;
  const n = obs.players;
  return el("div", { class: "scroll-x" }, el("table", {},
    el("thead", {}, el("tr", {}, el("th", {}, t("Faction")), el("th", { class: "num" }, t("Points")),
      el("th", {}, t("Controlled by")),
      Array.from({ length: n }, (_, s) => el("th", { class: "num" }, seatMark(s, true), ` ${shownName(ui.name(s))}`)))),
    el("tbody", {}, entries.map((f) => el("tr", {}, el("td", {}, faction(f.faction)),
      el("td", { class: "num" }, String(f.points)),
      el("td", {}, f.controllers.length ? f.controllers.map((s) => who(ui, s)).join(" & ") : el("span", { class: "muted" }, t("nobody"))),
      f.markers.map((m) => el("td", { class: "num" }, String(m))))))));
}

export function board(ui) {
  const obs = ui.obs;
  const parts = [el("h1", { "data-i18n-skip": "" }, "Claim Kingdoms")];
  parts.push(powerPanel(ui));

  const display = obs.display.map((name) => ui.legal.has(`take ${name}`)
    ? ui.move(`take ${name}`, el("span", {}, fname(name)), { class: `chip f-${CODE[name]}`,
      "aria-label": t("take {faction}", { faction: fname(name) }),
      "data-anim": `display:${name}` })
    : el("span", { dataset: { anim: `display:${name}` } }, faction(name)));
  const holder = ui.name(obs.seat);
  const handCard = obs.hand ? el("span", { dataset: { anim: "hand" } }, faction(obs.hand)) : null;
  const side = el("section", { class: "panel", "aria-label": t("cards") },
    // No " · " between the parts: on a phone the row wraps, and one would end a line.
    el("div", { class: "row" }, el("strong", {}, t("Display:")), el("span", { class: "pile" }, display.length ? display : t("empty")),
      el("span", { dataset: { anim: "deck" } }, nt("Deck: {count} card.", "Deck: {count} cards.", obs.deck)),
      obs.hand ? el("span", {}, holder === YOU ? tNodes("Your card: {card}", { card: handCard })
        : tNodes("{name}'s card: {card}", { name: holder, card: handCard })) : ""));
  if (obs.looking) {
    const looker = ui.name(obs.looking.seat);
    const n = obs.looking.count;
    const pile = obs.looking.cards ? el("span", { class: "pile" }, obs.looking.cards.map(faction)) : null;
    const said = looker === YOU
      ? (pile ? ntNodes("You looked at {count} card: {cards}", "You looked at {count} cards: {cards}", n, { cards: pile })
        : ntNodes("You looked at {count} card", "You looked at {count} cards", n))
      : (pile ? ntNodes("{name} looked at {count} card: {cards}", "{name} looked at {count} cards: {cards}", n, { name: looker, cards: pile })
        : ntNodes("{name} looked at {count} card", "{name} looked at {count} cards", n, { name: looker }));
    side.append(el("p", {}, said));
  }
  parts.push(side);
  parts.push(grid(ui));

  const players = el("div", { class: "players" });
  for (let s = 0; s < obs.players; s++) {
    const hand = obs.hands[s];
    players.append(el("div", { class: `player${s === obs.to_move ? " to-move" : ""}`, dataset: { anim: `seat:${s}` } },
      el("div", {}, ui.badge(s, ` (${colourWord(obs.colours[s])})`),
        s === obs.to_move ? el("span", { class: "turn-dot" }, ` ${t("◀ to move")}`) : ""),
      el("div", { class: "small" }, t("Markers left: {markers}; points from powers: {points}",
        { markers: obs.supplies[s], points: obs.power_points[s] })),
      el("div", { class: "small" }, hand.card && s !== obs.seat
        ? nt("Hand: {count} card ({faction})", "Hand: {count} cards ({faction})", hand.count, { faction: fname(hand.card) })
        : nt("Hand: {count} card", "Hand: {count} cards", hand.count))));
  }
  parts.push(el("section", { class: "panel", "aria-label": t("players") }, el("h2", {}, t("Players")), players));
  parts.push(el("section", { class: "panel", "aria-label": t("standing") }, el("h2", {}, t("Standing per faction")),
    standingTable(ui, obs.standing)));
  return el("div", {}, parts);
}

const DECIDED = {
  points: t("on points"),
  "markers left": t("tied on points, decided by the markers left in supply"),
  shared: t("tied on points and markers left: a shared win"),
};

export function resultLine(ui) {
  const r = ui.view.result;
  const how = DECIDED[r.decided_by] || r.decided_by;
  const colour = (s) => colourWord(ui.obs.colours[s]);
  if (r.winners.length === 1) {
    const s = r.winners[0];
    return ui.name(s) === YOU ? t("You, {colour}, win {how}.", { colour: colour(s), how })
      : t("{name}, {colour}, wins {how}.", { name: ui.name(s), colour: colour(s), how });
  }
  const names = listOf(r.winners.map((s) => t("{name}, {colour}", {
    name: ui.name(s) === YOU ? t("you") : ui.name(s), colour: colour(s) })));
  return t("{names} win {how}.", { names: names[0].toUpperCase() + names.slice(1), how });
}

export function result(ui) {
  const r = ui.view.result;
  const obs = ui.obs;
  const ender = r.end === "supply" ? ui.name(r.ended_by) : null;
  const ended = r.end !== "supply" ? t("Every card has been placed, which ended the game.")
    : ender === YOU ? t("You, {colour}, placed your last marker, which ended the game.", { colour: colourWord(obs.colours[r.ended_by]) })
      : t("{name}, {colour}, placed their last marker, which ended the game.", { name: ender, colour: colourWord(obs.colours[r.ended_by]) });
  const scores = el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, t("Player")), el("th", { class: "num" }, t("Total")),
    el("th", { class: "num" }, t("From powers")), el("th", { class: "num" }, t("From factions")), el("th", { class: "num" }, t("Markers left")))),
  el("tbody", {}, Array.from({ length: obs.players }, (_, s) => el("tr", {},
    el("td", {}, ui.badge(s), r.winners.includes(s) ? ` ${t("(winner)")}` : ""),
    el("td", { class: "num" }, el("strong", {}, String(r.scores[s]))),
    el("td", { class: "num" }, String(r.power_points[s])), el("td", { class: "num" }, String(r.faction_points[s])),
    el("td", { class: "num" }, String(r.supplies[s]))))));
  return el("div", {}, el("p", { class: "winner" }, resultLine(ui)), el("p", {}, ended),
    el("div", { class: "scroll-x" }, scores),
    el("h3", {}, t("Control and points per faction")),
    el("p", { class: "small muted" }, t("A faction's points go to whoever controls it (see the rules for ties).")),
    standingTable(ui, r.factions));
}

/**
 * What moved (shared/motion.js): a card placed comes from the viewer's hand or its
 * player's box to its square; a card taken from the display (or the deck) goes to its
 * player; a power
 * (a marker put, removed or swapped, a card flipped) pulses the card it changed.
 */
export function motion(ui, fx) {
  const { move, seat } = ui.last;
  const words = move.split(" ");
  if (words[0] === "take" && fx.before.has(`display:${words[1]}`)) {
    fx.gather([`display:${words[1]}`], `seat:${seat}`);
    return;
  }
  if (words[0] === "draw" || words[0] === "keep") {  // a card from the deck, face down to all
    fx.gather([], `seat:${seat}`, [[el("span", { class: "chip" }, t("card")), "deck"]]);
    return;
  }
  const sq = squareOf(move);
  if (!sq) return;
  const cell = fx.find(`[data-anim="sq:${sq}"]`);
  if (words[0] === "place") fx.arrive(cell, seat === ui.obs.seat ? "hand" : null, `seat:${seat}`);
  else fx.pulse(cell);
}

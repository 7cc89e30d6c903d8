// Claim Kingdoms, drawn from a seat's observation: the open-ended grid (pan with the
// scroll bars or by dragging, zoom with the buttons), markers told apart by shape and
// letter as well as colour, the highlighted squares of the step being decided, the
// display, the deck, hands, supplies and the standing of each faction.
import { el, seatMark, squareOf, targetGroups } from "/static/common.js";

const CODE = { goblins: "GB", knights: "KN", undead: "UN", dwarves: "DW", doppelgangers: "DO",
  gnomes: "GN", giants: "GI", dragons: "DR", trolls: "TR", seers: "SE" };
const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : "";

export function colours(obs) { return obs.colours; }

function faction(name) {
  return el("span", { class: `chip f-${CODE[name] || "TR"}` }, el("b", {}, cap(name)));
}

function who(ui, seat) {
  return `${ui.name(seat)}, ${ui.obs.colours[seat]}`;
}

export function prompt(ui) {
  const obs = ui.obs;
  switch (obs.decision) {
    case "place": return `place your ${cap(obs.hand)} card on one of the highlighted squares`;
    case "power": return `use the ${cap(obs.power)} power${obs.removed ? " (a second marker?)" : ""}, or pass`;
    case "take": return `take a card from the display or draw${obs.can_look ? ", or look at the top three (Seer)" : ""}`;
    case "keep": return "keep one of the cards you looked at";
    default: return obs.decision;
  }
}

export function waiting(ui) {
  const obs = ui.obs;
  return { place: "They are placing a card.", power: `They may use the ${cap(obs.power)} power.`,
    take: "They are taking a card.", keep: "They are choosing a card to keep." }[obs.decision] || "";
}

export function label(text, ui) {
  const w = text.split(" ");
  switch (w[0]) {
    case "place": return `place a card at ${w[1]}`;
    case "take": return `take ${cap(w[1])}`;
    case "draw": return "draw the top card of the deck";
    case "look": return "look at the top three cards (Seer)";
    case "keep": return w[1] === "?" ? "keeps one of the cards looked at" : `keep ${cap(w[1])}`;
    case "pass": return ui.obs && ui.obs.removed ? "stop here" : "pass (do not use the power)";
    case "score": return w[1] ? `score a ${w[1]}` : "score (use the power)";
    case "flip": return `flip the card at ${w[1]}`;
    case "mark": return `put a marker on ${w[1]}`;
    case "remove": return `remove the ${w[2]} marker at ${w[1]}`;
    case "swap": return `swap with the ${w[2]} marker at ${w[1]}`;
    case "copy": return `copy the ${cap(w[1])} power`;
    default: return text;
  }
}

function groupLabel(group) {
  const w = group.split(" ");
  return { place: "Place your card", flip: "Flip a card", mark: "Put a marker" }[w[0]]
    || (w[0] === "remove" ? `Remove a ${w[2]} marker` : w[0] === "swap" ? `Swap with a ${w[2]} marker` : group);
}

function zoomBar(ui) {
  const set = (z) => { ui.state.zoom = Math.min(2, Math.max(0.5, z)); ui.state.recentre = true; ui.rerender(); };
  const zoom = ui.state.zoom || 1;
  return el("div", { class: "zoombar" },
    el("button", { type: "button", "aria-label": "zoom out", onclick: () => set(zoom - 0.2) }, "−"),
    el("span", { class: "small" }, `${Math.round(zoom * 100)}%`),
    el("button", { type: "button", "aria-label": "zoom in", onclick: () => set(zoom + 0.2) }, "+"),
    el("button", { type: "button", onclick: () => { ui.state.recentre = true; ui.rerender(); } }, "Centre"),
    el("span", { class: "small muted" }, "Drag or scroll to pan."));
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
  const g = el("div", { class: "grid", role: "grid", "aria-label": "the grid of cards",
    style: { "grid-template-columns": `repeat(${x1 - x0 + 1}, var(--cell))` } });
  for (let y = y1; y >= y0; y--) {
    for (let x = x0; x <= x1; x++) {
      const sq = `${x},${y}`;
      const c = cards.get(sq);
      const move = targets.get(sq);
      const classes = ["cell"];
      const content = [];
      let text = `square ${sq}: `;
      if (c) {
        classes.push("card-cell", `f-${CODE[c.faction] || "TR"}`);
        if (!c.face_up) classes.push("face-down");
        const shown = cap(c.faction).replace("Doppelgangers", "Doppel\u00adgangers");
        content.push(el("span", { class: "fname" }, shown));
        if (!c.face_up) content.push(el("span", { class: "fdown" }, "face down"));
        if (c.markers.length) content.push(el("span", { class: "markers" }, c.markers.map((s) => seatMark(s, true))));
        text += `${c.face_up ? cap(c.faction) : "a face-down card"}` +
          (c.markers.length ? `, markers: ${c.markers.map((s) => obs.colours[s]).join(", ")}` : "");
      } else if (open.has(sq)) {
        classes.push("open");
        content.push(el("span", { class: "small muted" }, sq));
        text += "open";
      } else {
        classes.push("empty");
      }
      if (sq === lastSq || sq === placed) classes.push("last");
      if (move) {
        classes.push("target");
        g.append(ui.move(move, content, { class: classes.join(" "), "aria-label": `${label(move, ui)} (${text})`, title: label(move, ui) }));
      } else {
        g.append(el("div", { class: classes.join(" "), role: c ? "img" : null, "aria-label": c ? text : null,
          title: c ? text : null, dataset: { square: sq } }, content));
      }
    }
  }
  const viewport = el("div", { class: "viewport", id: "viewport", style: { "--cell": `${Math.round(56 * (ui.state.zoom || 1))}px` } }, g);
  dragToPan(viewport);
  const pieces = groups.size > 1
    ? el("div", { class: "pieces", role: "group", "aria-label": "what to do on the grid" },
      [...groups.keys()].map((key) => el("button", { type: "button", "aria-pressed": String(key === ui.state.group),
        dataset: { key: `group:${key}` }, onclick: () => { ui.state.group = key; ui.rerender(); } }, groupLabel(key))))
    : "";
  return el("section", { class: "panel", "aria-label": "grid" }, el("h2", {}, "The grid"), pieces, zoomBar(ui), viewport);
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
    el("thead", {}, el("tr", {}, el("th", {}, "Faction"), el("th", { class: "num" }, "Points"),
      Array.from({ length: n }, (_, s) => el("th", { class: "num" }, seatMark(s, true), ` ${ui.name(s)}`)),
      el("th", {}, "Controlled by"))),
    el("tbody", {}, entries.map((f) => el("tr", {}, el("td", {}, faction(f.faction)),
      el("td", { class: "num" }, String(f.points)),
      f.markers.map((m) => el("td", { class: "num" }, String(m))),
      el("td", {}, f.controllers.length ? f.controllers.map((s) => who(ui, s)).join(" & ") : el("span", { class: "muted" }, "nobody")))))));
}

export function board(ui) {
  const obs = ui.obs;
  const parts = [el("h1", {}, "Claim Kingdoms", el("span", { class: "muted small" },
    ` · ${obs.deck} cards in the deck`))];

  const display = obs.display.map((name) => ui.legal.has(`take ${name}`)
    ? ui.move(`take ${name}`, el("span", {}, cap(name)), { class: `chip f-${CODE[name]}`, "aria-label": `take ${cap(name)}` })
    : faction(name));
  const side = el("section", { class: "panel", "aria-label": "cards" },
    el("div", { class: "row" }, el("strong", {}, "Display:"), el("span", { class: "pile" }, display.length ? display : "empty"),
      el("span", {}, `· deck: ${obs.deck} cards`),
      obs.hand ? el("span", {}, "· your card: ", faction(obs.hand)) : ""));
  if (obs.looking) {
    side.append(el("p", {}, `${ui.name(obs.looking.seat)} looked at ${obs.looking.count} cards`,
      obs.looking.cards ? [": ", el("span", { class: "pile" }, obs.looking.cards.map(faction))] : ""));
  }
  parts.push(side);
  parts.push(grid(ui));

  const players = el("div", { class: "players" });
  for (let s = 0; s < obs.players; s++) {
    const hand = obs.hands[s];
    players.append(el("div", { class: `player${s === obs.to_move ? " to-move" : ""}` },
      el("div", {}, ui.badge(s, ` · ${obs.colours[s]}`), s === obs.to_move ? el("span", { class: "turn-dot" }, " ◀ to move") : ""),
      el("div", { class: "small" }, `Markers left: ${obs.supplies[s]} · points from powers: ${obs.power_points[s]}`),
      el("div", { class: "small" }, `Hand: ${hand.count} card${hand.count === 1 ? "" : "s"}`,
        hand.card && s !== obs.seat ? [" (", cap(hand.card), ")"] : "")));
  }
  parts.push(el("section", { class: "panel", "aria-label": "players" }, el("h2", {}, "Players"), players));
  parts.push(el("section", { class: "panel", "aria-label": "standing" }, el("h2", {}, "Standing per faction"),
    standingTable(ui, obs.standing)));
  return el("div", {}, parts);
}

const DECIDED = {
  points: "on points",
  "markers left": "tied on points, decided by the markers left in supply",
  shared: "tied on points and markers left: a shared win",
};

export function resultLine(ui) {
  const r = ui.view.result;
  const names = r.winners.map((s) => who(ui, s)).join(" and ");
  return `${names} ${r.winners.length > 1 || r.winners.includes(ui.view.seat) ? "win" : "wins"} ${DECIDED[r.decided_by] || r.decided_by}.`;
}

export function result(ui) {
  const r = ui.view.result;
  const obs = ui.obs;
  const ended = r.end === "supply"
    ? `${who(ui, r.ended_by)} placed their last marker, which ended the game.`
    : "Every card has been placed, which ended the game.";
  const scores = el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", { class: "num" }, "From powers"),
    el("th", { class: "num" }, "From factions"), el("th", { class: "num" }, "Total"), el("th", { class: "num" }, "Markers left"))),
  el("tbody", {}, Array.from({ length: obs.players }, (_, s) => el("tr", {},
    el("td", {}, ui.badge(s), r.winners.includes(s) ? " (winner)" : ""),
    el("td", { class: "num" }, String(r.power_points[s])), el("td", { class: "num" }, String(r.faction_points[s])),
    el("td", { class: "num" }, el("strong", {}, String(r.scores[s]))), el("td", { class: "num" }, String(r.supplies[s]))))));
  return el("div", {}, el("p", { class: "winner" }, resultLine(ui)), el("p", {}, ended),
    el("div", { class: "scroll-x" }, scores),
    el("h3", {}, "Control and points per faction"),
    el("p", { class: "small muted" }, "A faction's points go to whoever controls it (see the rules for ties)."),
    standingTable(ui, r.factions));
}

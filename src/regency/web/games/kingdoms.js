// Kingdoms, drawn from a seat's observation: the 5x6 board (rows A-E, columns 1-6) with
// castles in their player's colour, shape and rank, the tiles, the squares the Wizard
// raises, the seat's own starting tile, the tile drawn, gold, the epoch, and each epoch's
// scoring table row by row and column by column with the gold before and after.
import { el } from "/static/shared/dom.js";
import { seatMark } from "/static/shared/seats.js";
import { squareOf, targetGroups } from "/static/shared/squares.js";
import { count, possessive, says } from "/static/shared/words.js";

const ROWS = "ABCDE";
const SPECIAL = { MTN: "Mountain", DRG: "Dragon", GLD: "Gold Mine", WIZ: "Wizard" };
const COLOURS = ["yellow", "red", "blue", "green"];

export function colours(obs) { return COLOURS.slice(0, obs.players); }

export function tileName(code) {
  if (!code) return "";
  if (SPECIAL[code]) return SPECIAL[code];
  return code.startsWith("+") ? `resource ${code}` : `hazard ${code.replace("-", "−")}`;
}

function tile(code) {
  const kind = SPECIAL[code] ? "special" : code.startsWith("+") ? "plus" : "minus";
  return el("span", { class: `tile ${kind}` }, SPECIAL[code] || code.replace("-", "−"));
}

/** A tile and, for a number, its name after it ("+3 (resource +3)"); a special tile's face is its name. */
function namedTile(code, anim = null) {
  const face = el("span", { dataset: anim ? { anim } : null }, tile(code));
  return SPECIAL[code] ? face : [face, ` (${tileName(code)})`];
}

export function prompt(ui) {
  const obs = ui.obs;
  if (obs.decision === "place") return `place the tile you drew (${tileName(obs.drawn)}) on a highlighted square`;
  return "place a castle or your starting tile (choose it, then a square), or draw a tile";
}

export function waiting(ui) {
  return ui.obs.decision === "place" ? `They drew ${tileName(ui.obs.drawn)} and are placing it.` : "";
}

/**
 * A move in words, in the position `obs` it is made in (null: none known): "place a
 * rank-3 castle on C4", "place the tile drawn (resource +4) on A3". Notation stays codes.
 */
export function describe(text, obs) {
  const w = text.split(" ");
  switch (w[0]) {
    case "castle": return `place a rank-${w[1]} castle on ${w[2]}`;
    case "tile": return obs && obs.drawn ? `place the tile drawn (${tileName(obs.drawn)}) on ${w[1]}` : `place the tile drawn on ${w[1]}`;
    case "start": return `place your starting tile on ${w[1]}`;
    case "draw": return "draw a tile";
    case "pass": return "pass (nothing else is possible)";
    default: return text;
  }
}

/** A move's label: on its button (no `seat`), or in the move log, what `seat` did. */
export function label(text, ui, seat) {
  if (seat === undefined) return describe(text, ui.obs);
  const w = text.split(" ");
  // The tile a move placed (public once placed): its latest entry in the game's moves.
  const placed = [...(ui.obs.moves || [])].reverse().find((m) => m.seat === seat && m.action === text);
  const which = placed && placed.tile ? ` (${tileName(placed.tile)})` : "";
  switch (w[0]) {
    case "castle": return `placed a rank-${w[1]} castle on ${w[2]}`;
    case "tile": return `placed the tile drawn${which} on ${w[1]}`;
    case "start": return `placed a starting tile${which} on ${w[1]}`;
    case "draw": return "drew a tile";
    case "pass": return "passed";
    default: return text;
  }
}

/**
 * A choice's face in the action bar, small enough for a phone (its label says it in
 * words): a castle as on the board, its rank and how many are left, or the tile.
 */
function pieceFace(ui, group) {
  const obs = ui.obs;
  const w = group.split(" ");
  if (w[0] === "castle") {
    return [el("span", { class: `token c-${COLOURS[obs.seat]}` }, seatMark(obs.seat), el("b", {}, w[1])),
      el("span", { class: "small" }, `×${obs.castles[obs.seat][Number(w[1]) - 1]}`)];
  }
  if (w[0] === "start") return ["start ", tile(obs.starting_tile)];
  if (w[0] === "tile") return ["drawn ", tile(obs.drawn)];
  return groupLabel(ui, group);
}

function groupLabel(ui, group) {
  const obs = ui.obs;
  const w = group.split(" ");
  if (w[0] === "castle") {
    const left = obs.castles[obs.seat][Number(w[1]) - 1];
    return `Castle, rank ${w[1]} (${left} left)`;
  }
  if (w[0] === "start") return `Your starting tile (${tileName(obs.starting_tile)})`;
  if (w[0] === "tile") return `The tile you drew (${tileName(obs.drawn)})`;
  return group;
}

function cellContent(ui, token) {
  if (!token) return { classes: ["cell"], content: [], text: "empty" };
  const castle = /^S(\d)R(\d)$/.exec(token);
  if (castle) {
    const seat = Number(castle[1]);
    return {
      classes: ["cell", "castle", `c-${COLOURS[seat]}`],
      content: [seatMark(seat, true), el("span", { class: "rank" }, castle[2])],
      text: `${possessive(ui.name(seat))} castle of rank ${castle[2]}`,
    };
  }
  return { classes: ["cell"], content: [tile(token)], text: tileName(token) };
}

function drawBoard(ui, tokens, raised, interactive) {
  const groups = targetGroups(interactive && ui.mine ? ui.legal : []);
  for (const moves of groups.values()) ui.handle(moves.values());
  if (interactive) {
    if (!groups.has(ui.state.group)) {
      ui.state.group = groups.has("tile _") ? "tile _" : groups.size ? [...groups.keys()][0] : null;
    }
  }
  const group = interactive ? ui.state.group : null;
  const lastSq = interactive && ui.last ? squareOf(ui.last.move) : null;
  const b = el("div", { class: "kboard", role: "group", "aria-label": "the board",
    dataset: interactive ? { roving: "board" } : null }, el("span"),
    [1, 2, 3, 4, 5, 6].map((c) => el("span", { class: "hdr" }, String(c))));
  tokens.forEach((row, r) => {
    b.append(el("span", { class: "hdr" }, ROWS[r]));
    row.forEach((token, c) => {
      const sq = `${ROWS[r]}${c + 1}`;
      const { classes, content, text } = cellContent(ui, token);
      if (raised.has(sq)) classes.push("raised");
      if (sq === lastSq) classes.push("last");
      const description = `${sq}: ${text}${raised.has(sq) ? " (next to the Wizard: castles count one rank higher)" : ""}`;
      if (group) {
        const move = group.replace("_", sq);
        if (ui.legal.has(move)) classes.push("target");
        b.append(ui.move(move, content, { class: classes.join(" "), "aria-label": `${label(move, ui)} (${description})`, title: description,
          "data-anim": interactive ? `sq:${sq}` : null }));
      } else {
        b.append(el("div", { class: classes.join(" "), role: "img", "aria-label": description, title: description,
          dataset: interactive ? { square: sq, anim: `sq:${sq}` } : { square: sq } }, content));
      }
    });
  });
  const pieces = interactive && groups.size
    ? el("div", { class: "pieces", role: "group", "aria-label": "what to place" },
      el("span", { class: "small", "aria-hidden": "true" }, "Place:"),
      [...groups.keys()].map((key) => el("button", { type: "button", "aria-pressed": String(key === group),
        "aria-label": groupLabel(ui, key), title: groupLabel(ui, key),
        dataset: { key: `group:${key}` }, onclick: () => { ui.state.group = key; ui.rerender(); } }, pieceFace(ui, key))))
    : "";
  // What to place goes in the action bar beside the status (shared/frame.js), the squares here.
  if (pieces && ui.toBar) ui.toBar(pieces);
  return [ui.toBar ? "" : pieces, b];
}

function scoringTable(ui, epoch) {
  const n = ui.obs.players;
  const seats = Array.from({ length: n }, (_, s) => s);
  const head = el("tr", {}, el("th", {}, "Line"), el("th", { class: "num" }, "Tiles"),
    seats.map((s) => el("th", { class: "num" }, seatMark(s, true), ` ${ui.name(s)}`)));
  const rows = epoch.parts.map((p) => el("tr", {},
    el("td", {}, p.line, el("span", { class: "muted small" }, ` ${p.squares[0]}–${p.squares[p.squares.length - 1]}`)),
    el("td", { class: "num" }, String(p.value), p.dragon ? " (Dragon: no resources)" : "", p.gold_mine ? " (Gold Mine: ×2)" : ""),
    seats.map((s) => el("td", { class: "num" }, p.ranks[s] ? `ranks ${p.ranks[s]} → ${p.gold[s]}` : "–"))));
  const total = (name, values) => el("tr", {}, el("th", { colspan: 2 }, name),
    seats.map((s) => el("td", { class: "num" }, el("strong", {}, String(values[s])))));
  const before = seats.map((s) => epoch.gold_after[s] - epoch.gold[s]);
  return el("div", { class: "scroll-x" }, el("table", { "aria-label": `scoring of epoch ${epoch.epoch}` },
    el("thead", {}, head), el("tbody", {}, rows,
      total("Rows", epoch.rows), total("Columns", epoch.columns), total("Gold before", before),
      total("Gold this epoch", epoch.gold), total("Gold after", epoch.gold_after))));
}

function epochSection(ui, epoch, open) {
  return el("details", { open: open || null },
    el("summary", {}, el("strong", {}, `Scoring of epoch ${epoch.epoch}`),
      el("span", { class: "muted small" }, ` (started by ${ui.name(epoch.start_player)})`)),
    scoringTable(ui, epoch),
    el("details", {}, el("summary", { class: "small" }, "The board it was scored on"),
      drawBoard(ui, epoch.board, new Set(epoch.wizard_neighbours || []), false)));
}

export function board(ui) {
  const obs = ui.obs;
  // Who started the epoch on a line of its own: a " · " before it would end a line on a phone.
  const parts = [el("h1", {}, `Kingdoms · epoch ${obs.epoch} of ${obs.epochs}`,
    el("span", { class: "muted small", style: { display: "block" } }, `${ui.name(obs.start_player)} started it`))];
  const drawn = obs.drawn
    ? el("p", {}, `${ui.name(obs.to_move)} drew: `, namedTile(obs.drawn, "drawn")) : "";
  parts.push(el("section", { class: "panel", "aria-label": "board" }, el("h2", {}, "The board"), drawn,
    drawBoard(ui, obs.board, new Set(obs.wizard_neighbours), true),
    obs.wizard_neighbours.length
      ? el("p", { class: "small muted" }, "✦+1: next to the Wizard, a castle counts one rank higher.") : ""));

  const players = el("div", { class: "players" });
  for (let s = 0; s < obs.players; s++) {
    const castles = obs.castles[s].map((count, i) => `${count}×rank ${i + 1}`).join(", ");
    const start = s === obs.seat && obs.starting_tile
      ? ["Starting tile: ", namedTile(obs.starting_tile)]
      : obs.holds_starting_tile[s] ? "Holds a starting tile (face down)" : "Starting tile used";
    players.append(el("div", { class: `player${s === obs.to_move ? " to-move" : ""}`, dataset: { anim: `seat:${s}` } },
      el("div", {}, ui.badge(s, ` (${COLOURS[s]})`), s === obs.to_move ? el("span", { class: "turn-dot" }, " ◀ to move") : ""),
      el("div", {}, el("strong", {}, `${obs.gold[s]} gold`)),
      el("div", { class: "small" }, `Castles: ${castles}`),
      el("div", { class: "small" }, start)));
  }
  parts.push(el("section", { class: "panel", "aria-label": "players" }, el("h2", {}, "Players"), players));
  const unseen = Object.entries(obs.unseen || {}).map(([code, count]) => el("span", { class: "chip" }, tile(code), ` ×${count}`));
  parts.push(el("section", { class: "panel", "aria-label": "tiles" }, el("h2", {}, "Tiles"),
    el("p", {}, el("span", { dataset: { anim: "supply" } }, `Supply: ${count(obs.supply, "tile")} face down.`)),
    el("p", { class: "small" }, "Not yet seen: ", el("span", { class: "pile" }, unseen))));
  if (obs.scoring && obs.scoring.length && !ui.view.finished) {
    parts.push(el("section", { class: "panel", "aria-label": "scoring" }, el("h2", {}, "Epoch scoring"),
      obs.scoring.map((e, i) => epochSection(ui, e, i === obs.scoring.length - 1))));
  }
  return el("div", {}, parts);
}

export function resultLine(ui) {
  const r = ui.view.result;
  return `${says(r.winners.map((s) => ui.name(s)), "win")} with ${Math.max(...r.gold)} gold.`;
}

export function result(ui) {
  const r = ui.view.result;
  const epochs = r.epochs || ui.obs.scoring || [];
  const gold = el("p", {}, Array.from({ length: ui.obs.players }, (_, s) =>
    [ui.badge(s), `: ${r.gold[s]} gold`, s < ui.obs.players - 1 ? "; " : ""]));
  return el("div", {}, el("p", { class: "winner" }, resultLine(ui)), gold,
    el("p", { class: "small muted" }, "Each epoch scores every row and column (Mountains split them into parts): the value of the tiles in a part (a Dragon makes its resources count 0, a Gold Mine doubles the other tiles) times the total rank of each player's castles there."),
    epochs.map((e, i) => epochSection(ui, e, i === epochs.length - 1)));
}

/**
 * What moved (shared/motion.js): a castle or tile placed comes from its player's box
 * (a tile just drawn, from where it was shown) to its square; a tile drawn, from the supply.
 */
export function motion(ui, fx) {
  const { move, seat } = ui.last;
  const words = move.split(" ");
  if (words[0] === "draw") {
    fx.arrive(fx.find('[data-anim="drawn"]'), "supply");
    return;
  }
  const sq = squareOf(move);
  if (!sq) return;
  fx.arrive(fx.find(`[data-anim="sq:${sq}"]`), words[0] === "tile" ? "drawn" : null, `seat:${seat}`);
}

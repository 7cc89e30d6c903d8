// Kingdoms, drawn from a seat's observation: the 5x6 board (rows A-E, columns 1-6) with
// castles in their player's colour, shape and rank, the tiles, the squares the Wizard
// raises, the seat's own starting tile, the tile drawn, gold, the epoch, and each epoch's
// scoring table row by row and column by column with the gold before and after.
import { el } from "/static/shared/dom.js";
import { listOf } from "/static/shared/endings.js";
import { nt, t, tNodes } from "/static/shared/i18n.js";
import { colourWord, seatMark, shownName } from "/static/shared/seats.js";
import { squareOf, targetGroups } from "/static/shared/squares.js";
import { YOU } from "/static/shared/words.js";

const ROWS = "ABCDE";
const SPECIAL = { MTN: t("Mountain"), DRG: t("Dragon"), GLD: t("Gold Mine"), WIZ: t("Wizard") };
const COLOURS = ["yellow", "red", "blue", "green"];

export function colours(obs) { return COLOURS.slice(0, obs.players); }

export function tileName(code) {
  if (!code) return "";
  if (SPECIAL[code]) return SPECIAL[code];
  return code.startsWith("+") ? t("resource +{value}", { value: code.slice(1) })
    : t("hazard -{value}", { value: code.slice(1) }).replace("-", "−");
}

function tile(code) {
  const kind = SPECIAL[code] ? "special" : code.startsWith("+") ? "plus" : "minus";
  return el("span", { class: `tile ${kind}` }, SPECIAL[code] || code.replace("-", "−"));
}

/** A tile and, for a number, its name after it ("+3 (resource +3)"); a special tile's face is its name. */
function namedTile(code, anim = null) {
  const face = el("span", { dataset: anim ? { anim } : null }, tile(code));
  // One node either way: a placeholder of tNodes takes a node, not a list.
  return SPECIAL[code] ? face : el("span", {}, face, ` (${tileName(code)})`);
}

export function prompt(ui) {
  const obs = ui.obs;
  if (obs.decision === "place") return t("place the tile you drew ({tile}) on a highlighted square", { tile: tileName(obs.drawn) });
  return t("place a castle or your starting tile (choose it, then a square), or draw a tile");
}

export function waiting(ui) {
  return ui.obs.decision === "place" ? t("They drew {tile} and are placing it.", { tile: tileName(ui.obs.drawn) }) : "";
}

/**
 * A move in words, in the position `obs` it is made in (null: none known): "place a
 * rank-3 castle on C4", "place the tile drawn (resource +4) on A3". Notation stays codes.
 */
export function describe(text, obs) {
  const w = text.split(" ");
  switch (w[0]) {
    case "castle": return t("place a rank-{rank} castle on {square}", { rank: w[1], square: w[2] });
    case "tile": return obs && obs.drawn ? t("place the tile drawn ({tile}) on {square}", { tile: tileName(obs.drawn), square: w[1] })
      : t("place the tile drawn on {square}", { square: w[1] });
    case "start": return t("place your starting tile on {square}", { square: w[1] });
    case "draw": return t("draw a tile");
    case "pass": return t("pass (nothing else is possible)");
    default: return text;
  }
}

/** A move's label: on its button (no `seat`), or in the move log, what `seat` did. */
export function label(text, ui, seat) {
  if (seat === undefined) return describe(text, ui.obs);
  const w = text.split(" ");
  // The tile a move placed (public once placed): its latest entry in the game's moves.
  const placed = [...(ui.obs.moves || [])].reverse().find((m) => m.seat === seat && m.action === text);
  const tile = placed && placed.tile ? tileName(placed.tile) : null;
  // The log's sentence: {seat} is where the frame puts the mover's badge.
  switch (w[0]) {
    case "castle": return t("{seat} placed a rank-{rank} castle on {square}", { rank: w[1], square: w[2] });
    case "tile": return tile ? t("{seat} placed the tile drawn ({tile}) on {square}", { tile, square: w[1] })
      : t("{seat} placed the tile drawn on {square}", { square: w[1] });
    case "start": return tile ? t("{seat} placed a starting tile ({tile}) on {square}", { tile, square: w[1] })
      : t("{seat} placed a starting tile on {square}", { square: w[1] });
    case "draw": return t("{seat} drew a tile");
    case "pass": return t("{seat} passed");
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
  if (w[0] === "start") return tNodes("start {tile}", { tile: tile(obs.starting_tile) });
  if (w[0] === "tile") return tNodes("drawn {tile}", { tile: tile(obs.drawn) });
  return groupLabel(ui, group);
}

function groupLabel(ui, group) {
  const obs = ui.obs;
  const w = group.split(" ");
  if (w[0] === "castle") {
    const left = obs.castles[obs.seat][Number(w[1]) - 1];
    return t("Castle, rank {rank} ({left} left)", { rank: w[1], left });
  }
  if (w[0] === "start") return t("Your starting tile ({tile})", { tile: tileName(obs.starting_tile) });
  if (w[0] === "tile") return t("The tile you drew ({tile})", { tile: tileName(obs.drawn) });
  return group;
}

function cellContent(ui, token) {
  if (!token) return { classes: ["cell"], content: [], text: t("empty") };
  const castle = /^S(\d)R(\d)$/.exec(token);
  if (castle) {
    const seat = Number(castle[1]);
    return {
      classes: ["cell", "castle", `c-${COLOURS[seat]}`],
      content: [seatMark(seat, true), el("span", { class: "rank" }, castle[2])],
      text: ui.name(seat) === YOU ? t("your castle of rank {rank}", { rank: castle[2] })
        : t("{name}'s castle of rank {rank}", { name: ui.name(seat), rank: castle[2] }),
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
  const b = el("div", { class: "kboard", role: "group", "aria-label": t("the board"),
    dataset: interactive ? { roving: "board" } : null }, el("span"),
    [1, 2, 3, 4, 5, 6].map((c) => el("span", { class: "hdr" }, String(c))));
  tokens.forEach((row, r) => {
    b.append(el("span", { class: "hdr", "data-i18n-skip": "" }, ROWS[r]));
    row.forEach((token, c) => {
      const sq = `${ROWS[r]}${c + 1}`;
      const { classes, content, text } = cellContent(ui, token);
      if (raised.has(sq)) classes.push("raised");
      if (sq === lastSq) classes.push("last");
      const description = raised.has(sq)
        ? t("{square}: {what} (next to the Wizard: castles count one rank higher)", { square: sq, what: text })
        : t("{square}: {what}", { square: sq, what: text });
      if (group) {
        const move = group.replace("_", sq);
        if (ui.legal.has(move)) classes.push("target");
        b.append(ui.move(move, content, { class: classes.join(" "), "aria-label": t("{move} ({square})", { move: label(move, ui), square: description }), title: description,
          "data-anim": interactive ? `sq:${sq}` : null }));
      } else {
        b.append(el("div", { class: classes.join(" "), role: "img", "aria-label": description, title: description,
          dataset: interactive ? { square: sq, anim: `sq:${sq}` } : { square: sq } }, content));
      }
    });
  });
  const pieces = interactive && groups.size
    ? el("div", { class: "pieces", role: "group", "aria-label": t("what to place") },
      el("span", { class: "small", "aria-hidden": "true" }, t("Place:")),
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
  const head = el("tr", {}, el("th", {}, t("Line")), el("th", { class: "num" }, t("Tiles")),
    seats.map((s) => el("th", { class: "num" }, seatMark(s, true), ` ${shownName(ui.name(s))}`)));
  const rows = epoch.parts.map((p) => el("tr", {},
    el("td", {}, p.line, el("span", { class: "muted small" }, ` ${p.squares[0]}–${p.squares[p.squares.length - 1]}`)),
    el("td", { class: "num" }, String(p.value), p.dragon ? ` ${t("(Dragon: no resources)")}` : "",
      p.gold_mine ? ` ${t("(Gold Mine: ×2)")}` : ""),
    seats.map((s) => el("td", { class: "num" }, p.ranks[s] ? t("ranks {ranks} → {gold}", { ranks: p.ranks[s], gold: p.gold[s] }) : "–"))));
  const total = (name, values) => el("tr", {}, el("th", { colspan: 2 }, name),
    seats.map((s) => el("td", { class: "num" }, el("strong", {}, String(values[s])))));
  const before = seats.map((s) => epoch.gold_after[s] - epoch.gold[s]);
  return el("div", { class: "scroll-x" }, el("table", { "aria-label": t("scoring of epoch {epoch}", { epoch: epoch.epoch }) },
    el("thead", {}, head), el("tbody", {}, rows,
      total(t("Rows"), epoch.rows), total(t("Columns"), epoch.columns), total(t("Gold before"), before),
      total(t("Gold this epoch"), epoch.gold), total(t("Gold after"), epoch.gold_after))));
}

function epochSection(ui, epoch, open) {
  return el("details", { open: open || null },
    el("summary", {}, el("strong", {}, t("Scoring of epoch {epoch}", { epoch: epoch.epoch })),
      el("span", { class: "muted small" }, ` ${ui.name(epoch.start_player) === YOU ? t("(started by you)")
        : t("(started by {name})", { name: ui.name(epoch.start_player) })}`)),
    scoringTable(ui, epoch),
    el("details", {}, el("summary", { class: "small" }, t("The board it was scored on")),
      drawBoard(ui, epoch.board, new Set(epoch.wizard_neighbours || []), false)));
}

export function board(ui) {
  const obs = ui.obs;
  // Who started the epoch on a line of its own: a " · " before it would end a line on a phone.
  const starter = ui.name(obs.start_player);
  const parts = [el("h1", {}, t("Kingdoms · epoch {epoch} of {epochs}", { epoch: obs.epoch, epochs: obs.epochs }),
    el("span", { class: "muted small", style: { display: "block" } },
      starter === YOU ? t("You started it") : t("{name} started it", { name: starter })))];
  const drawer = ui.name(obs.to_move);
  const drawn = obs.drawn
    ? el("p", {}, drawer === YOU ? tNodes("You drew: {tile}", { tile: namedTile(obs.drawn, "drawn") })
      : tNodes("{name} drew: {tile}", { name: drawer, tile: namedTile(obs.drawn, "drawn") })) : "";
  parts.push(el("section", { class: "panel", "aria-label": t("board") }, el("h2", {}, t("The board")), drawn,
    drawBoard(ui, obs.board, new Set(obs.wizard_neighbours), true),
    obs.wizard_neighbours.length
      ? el("p", { class: "small muted" }, t("✦+1: next to the Wizard, a castle counts one rank higher.")) : ""));

  const players = el("div", { class: "players" });
  for (let s = 0; s < obs.players; s++) {
    const castles = obs.castles[s].map((count, i) => t("{count}×rank {rank}", { count, rank: i + 1 })).join(", ");
    const start = s === obs.seat && obs.starting_tile
      ? [`${t("Starting tile:")} `, namedTile(obs.starting_tile)]
      : obs.holds_starting_tile[s] ? t("Holds a starting tile (face down)") : t("Starting tile used");
    players.append(el("div", { class: `player${s === obs.to_move ? " to-move" : ""}`, dataset: { anim: `seat:${s}` } },
      el("div", {}, ui.badge(s, ` (${colourWord(COLOURS[s])})`),
        s === obs.to_move ? el("span", { class: "turn-dot" }, ` ${t("◀ to move")}`) : ""),
      el("div", {}, el("strong", {}, t("{gold} gold", { gold: obs.gold[s] }))),
      el("div", { class: "small" }, t("Castles: {castles}", { castles })),
      el("div", { class: "small" }, start)));
  }
  parts.push(el("section", { class: "panel", "aria-label": t("players") }, el("h2", {}, t("Players")), players));
  const unseen = Object.entries(obs.unseen || {}).map(([code, count]) => el("span", { class: "chip" }, tile(code), ` ×${count}`));
  parts.push(el("section", { class: "panel", "aria-label": t("tiles") }, el("h2", {}, t("Tiles")),
    el("p", {}, el("span", { dataset: { anim: "supply" } },
      nt("Supply: {count} tile face down.", "Supply: {count} tiles face down.", obs.supply))),
    el("p", { class: "small" }, tNodes("Not yet seen: {tiles}", { tiles: el("span", { class: "pile" }, unseen) }))));
  if (obs.scoring && obs.scoring.length && !ui.view.finished) {
    parts.push(el("section", { class: "panel", "aria-label": t("scoring") }, el("h2", {}, t("Epoch scoring")),
      obs.scoring.map((e, i) => epochSection(ui, e, i === obs.scoring.length - 1))));
  }
  return el("div", {}, parts);
}

export function resultLine(ui) {
  const r = ui.view.result;
  const names = r.winners.map((s) => ui.name(s));
  const gold = Math.max(...r.gold);
  if (names.length === 1) {
    return names[0] === YOU ? t("You win with {gold} gold.", { gold }) : t("{name} wins with {gold} gold.", { name: names[0], gold });
  }
  const list = listOf(names.map((n) => (n === YOU ? t("you") : n)));
  return t("{names} win with {gold} gold.", { names: list[0].toUpperCase() + list.slice(1), gold });
}

export function result(ui) {
  const r = ui.view.result;
  const epochs = r.epochs || ui.obs.scoring || [];
  const gold = el("p", {}, Array.from({ length: ui.obs.players }, (_, s) =>
    [...tNodes("{seat}: {gold} gold", { seat: ui.badge(s), gold: r.gold[s] }), s < ui.obs.players - 1 ? "; " : ""]));
  return el("div", {}, el("p", { class: "winner" }, resultLine(ui)), gold,
    el("p", { class: "small muted" }, t("Each epoch scores every row and column (Mountains split them into parts): the value of the tiles in a part (a Dragon makes its resources count 0, a Gold Mine doubles the other tiles) times the total rank of each player's castles there.")),
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

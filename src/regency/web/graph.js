// The win-chance graph of the replay page's analysis (docs/analysis.md), as Lichess draws
// its evaluation graph: x is the move number, y the deciding seat's estimated win chance
// after its move (0 to 100%), one line per seat in that seat's colour, a marker on each
// inaccuracy, mistake and blunder, and a click on the graph jumps the replay to that move.
//
// Built with DOM methods only (createElementNS; the pages' CSP allows no markup from
// strings and no style attribute): geometry goes in SVG attributes (x, y, points), which
// the CSP does not govern, and every colour, width and dash comes from style.css classes.
import { el } from "/static/shared/dom.js";
import { formatNumber, t, nt } from "/static/shared/i18n.js";
import { thirdPerson } from "/static/shared/seats.js";

const SVG = "http://www.w3.org/2000/svg";
export const LABELS = ["inaccuracy", "mistake", "blunder"];
const pct = (x) => t("{percent}%", { percent: formatNumber(Math.round(100 * x)) });

const LABEL_WORDS = { inaccuracy: () => t("inaccuracy"), mistake: () => t("mistake"), blunder: () => t("blunder") };
/** An analysis label (an API code: "mistake") as the page's language says it. */
export function labelName(label) {
  return LABEL_WORDS[label] ? LABEL_WORDS[label]() : label;
}

/** An SVG element with its attributes (numbers are written as they are). */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

/** The decisions the analysis judged: searched, and the move played has an estimate. */
export function judged(analysis) {
  return analysis.decisions.filter((d) => !d.forced && d.win_played !== null && d.win_played !== undefined);
}

/** A marker's shape around (x, y): a triangle, a square or a diamond, by label. */
function markerShape(label, x, y, r) {
  const pts = {
    inaccuracy: [[x, y - r * 1.2], [x + r * 1.1, y + r * 0.8], [x - r * 1.1, y + r * 0.8]],
    mistake: [[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]],
    blunder: [[x, y - r * 1.35], [x + r * 1.35, y], [x, y + r * 1.35], [x - r * 1.35, y]],
  }[label];
  return svg("polygon", { class: `marker ${label}`, points: pts.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ") });
}

/** A legend's small picture of a marker (or a seat's line). */
function swatch(make) {
  return svg("svg", { class: "swatch", viewBox: "0 0 22 14", width: 22, height: 14, "aria-hidden": "true" }, make());
}

/** The point a key moves to from point `i` (Enter and Space: this one), or null. */
function keyTarget(key, points, i) {
  if (key === "Enter" || key === " ") return points[i];
  if (key === "ArrowRight" || key === "ArrowUp") return points[Math.min(points.length - 1, i + 1)];
  if (key === "ArrowLeft" || key === "ArrowDown") return points[Math.max(0, i - 1)];
  if (key === "Home") return points[0];
  if (key === "End") return points[points.length - 1];
  return null;
}

/**
 * The graph, in an element to put on the page.
 *
 * @param options {analysis, steps (the game's length), step (the move shown),
 *                 width (the space it has, in CSS pixels), name(seat), colour(seat),
 *                 jump(number), focus (give the shown move's point the focus)}
 */
export function winGraph({ analysis, steps, step, width, name, colour, jump, focus = false }) {
  // The viewBox is the space's own size in CSS pixels (so its text reads at its font size),
  // kept to 320..900; the SVG then scales to its box's width if that changes.
  const W = Math.round(Math.max(320, Math.min(900, width || 600)));
  const H = W < 520 ? 170 : 220;
  const left = 34, right = 10, top = 10, bottom = 24;
  const last = Math.max(1, steps);
  const X = (n) => left + (W - left - right) * (n / last);
  const Y = (w) => top + (H - top - bottom) * (1 - w);
  const points = judged(analysis);
  // "seat 1 (Bea)", or "seat 1" for a seat with no name of its own.
  const who = (s) => (name(s) === thirdPerson("", s) ? t("seat {number}", { number: s })
    : t("seat {number} ({name})", { number: s, name: name(s) }));
  const seats = [...new Set(analysis.seats)].sort((a, b) => a - b);
  const players = analysis.record ? analysis.record.players : seats.length;

  const grid = svg("g", { class: "axes", "aria-hidden": "true" });
  for (const w of [0, 0.25, 0.5, 0.75, 1]) {
    grid.append(svg("line", { class: w === 0 || w === 1 ? "edge" : "rule", x1: left, x2: W - right, y1: Y(w), y2: Y(w) }),
      svg("text", { class: "tick", x: left - 4, y: Y(w) + 4, "text-anchor": "end" }, pct(w)));
  }
  // An even share (one in the player count) as a dotted line: above it, better than even.
  grid.append(svg("line", { class: "even", x1: left, x2: W - right, y1: Y(1 / players), y2: Y(1 / players) }));
  const every = [5, 10, 20, 25, 50, 100].find((k) => last / k <= (W < 520 ? 6 : 10)) || 200;
  for (let n = 0; n <= last; n += every) {
    grid.append(svg("text", { class: "tick", x: X(n), y: H - 6, "text-anchor": "middle" }, formatNumber(n)));
  }

  const lines = svg("g", { class: "lines", "aria-hidden": "true" });
  for (const seat of seats) {
    const mine = points.filter((d) => d.seat === seat);
    if (!mine.length) continue;
    lines.append(svg("polyline", { class: `seat-line c-${colour(seat)} s${seat}`, "data-seat": seat,
      points: mine.map((d) => `${X(d.number).toFixed(1)},${Y(d.win_played).toFixed(1)}`).join(" ") }));
  }

  const cursor = step === null || step === undefined ? null
    : svg("line", { class: "cursor", "aria-hidden": "true", x1: X(step), x2: X(step), y1: top, y2: H - bottom });

  // One point per judged decision, each a control with its words; the shown move's point is
  // the group's one Tab stop, and the arrow keys go from point to point (and jump there).
  const dots = svg("g", { class: "points", role: "group", "aria-label": t("the judged moves") });
  const current = points.find((d) => d.number === step) || points.find((d) => d.number > (step || 0)) || points[points.length - 1];
  let focusNode = null;
  points.forEach((d, i) => {
    const x = X(d.number), y = Y(d.win_played);
    const said = { number: formatNumber(d.number), seat: who(d.seat), before: pct(d.win), after: pct(d.win_played) };
    const words = d.label ? t("Move {number}, {seat}: {before} → {after}, {label}", { ...said, label: labelName(d.label) })
      : t("Move {number}, {seat}: {before} → {after}", said);
    const point = svg("g", { class: `point c-${colour(d.seat)}${d.number === step ? " shown" : ""}`,
      role: "button", tabindex: d === current ? 0 : -1, "aria-label": words,
      "data-move": d.number, "data-seat": d.seat, "data-label": d.label || null },
    svg("title", {}, words),
    // A wide invisible target (a phone's finger), then the dot or the label's marker.
    svg("circle", { class: "hit", cx: x, cy: y, r: 9 }),
    d.label ? markerShape(d.label, x, y, 5) : svg("circle", { class: "dot", cx: x, cy: y, r: 2.6 }));
    point.addEventListener("click", (event) => { event.stopPropagation(); jump(d.number); });
    point.addEventListener("keydown", (event) => {
      const to = keyTarget(event.key, points, i);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();  // not the page's own arrow keys (one move at a time)
      jump(to.number, true);
    });
    if (d === current) focusNode = point;
    dots.append(point);
  });

  const marked = seats.map((s) => nt("{seat} {count} marked", "{seat} {count} marked",
    points.filter((d) => d.seat === s && d.label).length, { seat: who(s) })).join(", ");
  const summary = nt("Win chance over the game: {count} judged move; {seats}.",
    "Win chance over the game: {count} judged moves; {seats}.", points.length, { seats: marked });
  const graph = svg("svg", { class: "wingraph", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": summary,
    "data-steps": steps },
  svg("rect", { class: "plot", x: left, y: top, width: W - left - right, height: H - top - bottom }),
  grid, lines, cursor, dots);
  // A click anywhere else on the graph jumps to the move under it (the nearest whole move).
  graph.addEventListener("click", (event) => {
    const matrix = graph.getScreenCTM();
    if (!matrix) return;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const n = Math.round(((p.x - left) / (W - left - right)) * last);
    jump(Math.max(0, Math.min(steps, n)));
  });
  if (focus && focusNode) queueMicrotask(() => focusNode.focus({ preventScroll: true }));

  const found = LABELS.filter((label) => points.some((d) => d.label === label));
  const legend = el("ul", { class: "plain legend small", "aria-label": t("the graph's legend") },
    seats.map((s) => el("li", {}, swatch(() => svg("line", { class: `seat-line c-${colour(s)} s${s}`, x1: 1, x2: 21, y1: 7, y2: 7 })),
      " ", who(s))),
    LABELS.map((label) => el("li", { class: found.includes(label) ? "" : "muted" },
      swatch(() => markerShape(label, 11, 7, 4.2)), " ", labelName(label))),
    el("li", {}, swatch(() => svg("line", { class: "even", x1: 1, x2: 21, y1: 7, y2: 7 })), " ", t("an even chance")));
  return el("figure", { class: "graph", id: "wingraph" }, graph, legend,
    el("figcaption", { class: "small muted" },
      t("Each point is a judged move: its player's estimated win chance after it."), " ",
      t("Click a point, or anywhere on the graph, to go to that move.")));
}

// A rating over time, as the profile page draws it (docs/web.md): x is the rated game's
// number, y the rating after it, a band of one deviation either side, and a dot per game
// whose words (its number, date and rating) are its title and the graph's summary for
// screen readers. Built like the win-chance graph (graph.js): DOM methods only, geometry
// in SVG attributes, every look in style.css (the pages' CSP allows no style attribute).
import { el } from "/static/shared/dom.js";
import { nt, t } from "/static/shared/i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) if (child) node.append(child);
  return node;
}

const day = (seconds) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Round figures for the rating axis: about four, 50, 100 or 200 apart. */
function ticks(low, high) {
  const step = [50, 100, 200, 500].find((s) => (high - low) / s <= 4) || 1000;
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) out.push(v);
  return out;
}

/**
 * The graph of `history` ([[when, rating, deviation], ...], oldest first).
 *
 * @param options {history, title (what is rated, for its words), width (CSS pixels)}
 */
export function ratingGraph({ history, title, width }) {
  const W = Math.round(Math.max(300, Math.min(640, width || 480)));
  const H = 150;
  const left = 40, right = 8, top = 8, bottom = 20;
  const ratings = history.map((p) => p[1]);
  const low = Math.min(...history.map((p) => p[1] - p[2]), ...ratings) - 20;
  const high = Math.max(...history.map((p) => p[1] + p[2]), ...ratings) + 20;
  const last = Math.max(1, history.length - 1);
  const X = (i) => left + (W - left - right) * (history.length === 1 ? 0.5 : i / last);
  const Y = (r) => top + (H - top - bottom) * (1 - (r - low) / (high - low));
  const pts = (list) => list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  const band = [...history.map((p, i) => [X(i), Y(p[1] + p[2])]),
    ...history.map((p, i) => [X(i), Y(p[1] - p[2])]).reverse()];
  const words = (p, i) => t("Game {number}, {day}: {rating}", { number: i + 1, day: day(p[0]), rating: Math.round(p[1]) });
  const first = history[0], now = history[history.length - 1];
  const summary = nt("{title}: {count} rated game, from {first} after the first to {now} now",
    "{title}: {count} rated games, from {first} after the first to {now} now", history.length,
    { title, first: Math.round(first[1]), now: Math.round(now[1]) });
  const graph = svg("svg", { class: "ratinggraph", viewBox: `0 0 ${W} ${H}`, width: W, height: H,
    role: "img", "aria-label": summary },
  svg("title", {}, summary),
  svg("rect", { class: "plot", x: left, y: top, width: W - left - right, height: H - top - bottom }),
  ticks(low, high).map((v) => [
    svg("line", { class: "rule", x1: left, x2: W - right, y1: Y(v).toFixed(1), y2: Y(v).toFixed(1) }),
    svg("text", { class: "tick", x: left - 4, y: (Y(v) + 4).toFixed(1), "text-anchor": "end", "font-size": 11 }, String(v)),
  ]),
  svg("polygon", { class: "band", points: pts(band) }),
  svg("polyline", { class: "line", points: pts(history.map((p, i) => [X(i), Y(p[1])])) }),
  history.map((p, i) => svg("circle", { class: "dot", cx: X(i).toFixed(1), cy: Y(p[1]).toFixed(1), r: 3 },
    svg("title", {}, words(p, i)))),
  svg("text", { class: "tick", x: left, y: H - 5, "font-size": 11 }, day(first[0])),
  svg("text", { class: "tick", x: W - right, y: H - 5, "text-anchor": "end", "font-size": 11 }, day(now[0])));
  return el("figure", { class: "rating-graph" }, graph,
    el("figcaption", { class: "small muted" }, summary));
}

// The rules pages' figures, drawn by the same code as the table: Claim's cards by
// games/claim.js, and whole positions (a grid, a board, score piles, a scoring table)
// by shared/frame.js's drawTable with the game's own module, from a view message the server
// built with the engine (regency.server.pages.rulebook). Nothing here knows a game's rules:
// which cards may be played, who wins a trick, who controls what and what each line
// pays all come from the page's data, worked out or checked by the engine.
import { el } from "/static/shared/dom.js";
import { t, tNodes } from "/static/shared/i18n.js";
import { drawTable } from "/static/shared/frame.js";
import { badge } from "/static/shared/seats.js";
import { GAMES } from "/static/shared/games.js";
import { showAccount } from "/static/shared/account.js";

showAccount();  // the header: who is signed in, or "Sign in"

const claim = GAMES.claim;

// A table's section by its aria-label, in English or in the page's language (the games'
// modules say their labels in it).
const section = (label, said) => `section:is([aria-label="${label}"], [aria-label="${CSS.escape(said)}"])`;

// Where each part a figure may show is in what drawTable draws.
const PARTS = {
  players: ".board-area .players",
  result: "#result > :not(h2)",
  display: `.board-area ${section("cards", t("cards"))} > .row`,
  grid: ".board-area .grid",
  standing: `.board-area ${section("standing", t("standing"))} .scroll-x`,
  board: ".board-area .kboard",
  "scored-board": `.board-area ${section("scoring", t("scoring"))} details details .kboard`,
  scoring: `.board-area ${section("scoring", t("scoring"))} .scroll-x`,
};

// Names for a figure's parts, so that each drawn piece is announced for what it is.
const PART_LABELS = {
  players: () => t("the players"), display: () => t("the display and the deck"), grid: () => t("the kingdom"),
  standing: () => t("standing per faction"), board: () => t("the board"), "scored-board": () => t("the board as scored"),
  scoring: () => t("the scoring of the epoch"), result: () => t("the result"),
};

function cards(codes, mark = () => null) {
  return el("div", { class: "cards" }, codes.map((code) => {
    const node = claim.card(code);
    const note = mark(code, node);
    return note ? el("figure", { class: "fig-card" }, node, el("figcaption", {}, note)) : node;
  }));
}

function area(title, ...content) {
  return el("div", { class: "area" }, el("p", { class: "fig-h" }, title), content);
}

/** Claim: a card led and a hand, the cards that may be played marked. */
function follow(spec) {
  const playable = new Set(spec.playable);
  return el("div", { class: "table-areas" },
    area(t("Led"), cards([spec.lead])),
    area(t("Your hand"), cards(spec.hand, (code, node) => {
      const ok = playable.has(code);
      node.classList.add(ok ? "fig-ok" : "fig-no");
      node.setAttribute("aria-label", ok ? t("{card}: may be played", { card: claim.cardName(code) })
        : t("{card}: may not be played now", { card: claim.cardName(code) }));
      return ok ? t("✓ may play") : t("✗ not now");
    })));
}

/** Claim: a whole trick, each card with its player, the winner marked. */
function trick(spec) {
  const n = spec.names.length;
  const view = { seat: null, seats: spec.names.map((name, seat) => ({ seat, name })) };
  const plays = spec.plays.map((code, i) => {
    const seat = (spec.leader + i) % n;
    const node = claim.card(code);
    const won = seat === spec.winner;
    if (won) node.classList.add("fig-win");
    // One sentence per caption, the player's badge a placeholder; its words styled as a
    // winner's (or muted, for the one who led).
    const names = { seat: badge(view, seat) };
    const said = i === 0 && won ? tNodes("{seat} leads and wins", names)
      : i === 0 ? tNodes("{seat} leads", names) : won ? tNodes("{seat} wins", names) : [names.seat];
    return el("figure", {}, node, el("figcaption", {}, said.map((piece) => (typeof piece !== "string" ? piece
      : won ? el("strong", { class: "fig-wins" }, piece) : el("span", { class: "muted" }, piece)))));
  });
  return el("div", { class: "table-areas" },
    spec.for ? area(t("Playing for"), cards(spec.for)) : "",
    area(t("The trick"), el("div", { class: "trick" }, plays)));
}

/** Any game: the parts named in `show` of the table drawn from the figure's view. */
function position(spec) {
  const game = GAMES[spec.game];
  if (!game) throw new Error(`no drawing module for ${spec.game}`);
  const root = el("div");
  drawTable(root, spec.view, game, { interactive: false, replay: true, state: {}, rerender() {} });
  for (const square of spec.mark || []) {
    for (const cell of root.querySelectorAll(`[data-square="${CSS.escape(square)}"]`)) cell.classList.add("fig-mark");
  }
  return spec.show.map((part) => {
    const nodes = [...root.querySelectorAll(PARTS[part])];
    if (!nodes.length) throw new Error(`the ${spec.game} table has no part "${part}" to show`);
    for (const node of nodes) tidy(node);
    return el("div", { class: `fig-part fig-${part}`, role: "group", "aria-label": PART_LABELS[part] ? PART_LABELS[part]() : part }, nodes);
  });
}

/** A piece of a table, moved into a figure: no duplicate ids, no grid role without rows. */
function tidy(node) {
  for (const e of [node, ...node.querySelectorAll("[id], [aria-labelledby], [role='grid']")]) {
    e.removeAttribute("id");
    e.removeAttribute("aria-labelledby");
    if (e.getAttribute("role") === "grid") e.setAttribute("role", "group");
  }
}

const DRAW = {
  cards: (spec) => cards(spec.cards),
  follow,
  trick,
  position,
};

/**
 * A part of a figure too wide for a phone scrolls sideways: let the keyboard reach it
 * (Tab to it, then the arrow keys), and only while it does scroll.
 */
function keyboardScroll() {
  for (const box of document.querySelectorAll(".rules-fig .fig-grid, .rules-fig .scroll-x")) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "0");
      box.dataset.scrolls = "";
      if (!box.getAttribute("role")) box.setAttribute("role", "group");
      if (!box.getAttribute("aria-label")) box.setAttribute("aria-label", t("a table that scrolls sideways"));
    } else if (!scrolls && box.hasAttribute("data-scrolls")) {
      box.removeAttribute("tabindex");
      delete box.dataset.scrolls;
    }
  }
}

for (const figure of document.querySelectorAll("figure.rules-fig[data-figure]")) {
  const body = figure.querySelector(".fig-body");
  try {
    const spec = JSON.parse(figure.dataset.figure);
    body.replaceChildren(...[DRAW[spec.figure](spec)].flat());
    figure.dataset.drawn = "true";
  } catch (error) {  // one broken picture leaves the others (and the text) readable
    body.replaceChildren(el("p", { class: "muted small" }, t("This picture could not be drawn.")));
    console.error("rules figure:", error);
  }
}
keyboardScroll();
let pending = false;
window.addEventListener("resize", () => {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => { pending = false; keyboardScroll(); });
});
document.body.dataset.figures = "drawn";

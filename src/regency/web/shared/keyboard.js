// Keyboard play on a table. Each group of controls (the action bar, a hand, the cards
// played for, a board or grid) is one Tab stop (a roving tabindex: the arrow keys move
// inside it, Home and End go to its ends); after each redraw focus stays where play goes
// on: on the same control if it is still there, else on its group's nearest move, else on
// the group that now holds a move. A group is a container marked data-roving="NAME", or
// else the parent of move buttons, named by where it sits.

import { el } from "/static/shared/dom.js";
import { t } from "/static/shared/i18n.js";

const memory = new WeakMap();
let keyboardLast = false;  // the last input was a key (so focus may scroll the page)
document.addEventListener("keydown", () => { keyboardLast = true; }, true);
document.addEventListener("pointerdown", () => { keyboardLast = false; }, true);

/**
 * What is remembered of a table's `root` across redraws: each group's Tab stop (`rove`),
 * whether it was this seat's turn (`mine`), the last control focused (`last`), the
 * details a player opened or shut (`toggled`), and the last move drawn (`lastMove`).
 */
export function memo(root) {
  if (!memory.has(root)) {
    const m = { rove: {}, mine: false, last: null, toggled: new Map() };
    memory.set(root, m);
    root.addEventListener("keydown", (event) => roveKey(root, event));
    root.addEventListener("focusin", (event) => noteFocus(root, event.target));
    // A details the player opened or shut stays so across redraws (the others as drawn).
    root.addEventListener("click", (event) => {
      const summary = event.target.closest && event.target.closest("summary");
      if (summary && summary.parentElement.tagName === "DETAILS") {
        m.toggled.set(detailsName(summary.parentElement), !summary.parentElement.open);
      }
    });
  }
  return memory.get(root);
}

function groupOf(node) {
  return node && node.closest ? node.closest("[data-roving]") : null;
}
function itemsOf(group) {
  return [...group.querySelectorAll("button:not([disabled])")].filter((b) => groupOf(b) === group);
}
/** A control that makes a legal move now. */
const live = (b) => b.classList.contains("legal") && b.getAttribute("aria-disabled") !== "true";
const pressed = (b) => b.getAttribute("aria-pressed") === "true";

/** The item nearest to `index` that passes `test` (outwards, both ways). */
function nearest(items, index, test) {
  const start = Math.max(0, Math.min(index, items.length - 1));
  for (let d = 0; d < items.length; d++) {
    for (const i of [start - d, start + d]) if (i >= 0 && i < items.length && test(items[i])) return items[i];
  }
  return null;
}

function setStop(group, item) {
  for (const b of itemsOf(group)) b.tabIndex = b === item ? 0 : -1;
}

/** Name the groups, and give each one Tab stop (the remembered control, else a move). */
export function setupRoving(root, ui) {
  const m = memo(root);
  for (const button of root.querySelectorAll("button[data-move]")) {
    if (groupOf(button)) continue;
    const parent = button.parentElement;
    const place = parent.closest("[id], [aria-label]");
    parent.dataset.roving = `${place ? place.id || place.getAttribute("aria-label") : ""}/${parent.className}`;
  }
  for (const group of root.querySelectorAll("[data-roving]")) {
    const items = itemsOf(group);
    if (!items.length) {  // nothing to press here now: focus may still wait on the group
      group.tabIndex = -1;
      continue;
    }
    group.removeAttribute("tabindex");
    const seen = m.rove[group.dataset.roving];
    const again = seen && items.find((b) => b.dataset.key && b.dataset.key === seen.key);
    const stop = again
      || (seen && ui.mine && nearest(items, seen.index, live))
      || (seen && nearest(items, seen.index, () => true))
      || items.find(live) || items.find(pressed) || items[0];
    setStop(group, stop);
  }
}

function noteFocus(root, target) {
  const m = memo(root);
  m.last = describe(target);
  const group = groupOf(target);
  if (!group || target === group) return;
  const items = itemsOf(group);
  const index = items.indexOf(target);
  if (index < 0) return;
  setStop(group, target);
  m.rove[group.dataset.roving] = { key: target.dataset.key || null, index };
}

function describe(node) {
  const group = groupOf(node);
  return {
    key: node.dataset ? node.dataset.key || null : null,
    id: node.id || null,
    tag: node.tagName,
    label: node.getAttribute ? node.getAttribute("aria-label") || node.textContent.trim().slice(0, 80) : null,
    group: group ? group.dataset.roving : null,
  };
}

/** What a details element is (its summary's words), to keep it open or shut across redraws. */
export const detailsName = (d) => (d.querySelector("summary") || d).textContent.trim().slice(0, 80);

/** What had focus in the table before a redraw (or was lost with the old table). */
export function focusBefore(root) {
  const active = document.activeElement;
  if (active && active !== document.body && root.contains(active)) return describe(active);
  const m = memory.get(root);
  // Focus fell to the page (its control was removed, or the table was paused while the
  // connection was down): a keyboard player gets it back.
  if (m && m.last && keyboardLast && (!active || active === document.body)) return m.last;
  return null;
}

/** Put focus back where play goes on after a redraw (see the top of this module). */
export function restoreFocus(root, had, ui) {
  if (!had) return;
  const m = memo(root);
  const turnStarted = ui.mine && !m.mine;
  const find = (selector) => root.querySelector(selector);
  let target = had.key ? find(`[data-key="${CSS.escape(had.key)}"]`)
    : had.id ? find(`#${CSS.escape(had.id)}`) : null;
  if (!target && had.label && had.tag) {  // a control with no key: the same kind and words
    target = [...root.querySelectorAll(had.tag)].find((b) =>
      (b.getAttribute("aria-label") || b.textContent.trim().slice(0, 80)) === had.label) || null;
  }
  if (target && target.disabled) target = null;
  if (target && target.matches("input, textarea")) {  // typing (the chat): stay there
    if (document.activeElement !== target) target.focus({ preventScroll: true });
    return;
  }
  const group = target ? groupOf(target) : had.group ? find(`[data-roving="${CSS.escape(had.group)}"]`) : null;
  const stopOf = (g) => itemsOf(g).find((b) => b.tabIndex === 0) || null;
  if (turnStarted && target && group && !live(target) && itemsOf(group).some(live)) {
    // The turn comes back to a card that may not be played now: its nearest that may.
    const items = itemsOf(group);
    target = nearest(items, items.indexOf(target), live);
    setStop(group, target);
  } else if (ui.mine && (turnStarted || !target) && !(group && itemsOf(group).some(live))) {
    // Play goes on elsewhere (a card to take after the trick, the square for the tile
    // just drawn): the first group that holds a move.
    const next = [...root.querySelectorAll("[data-roving]")].find((g) => itemsOf(g).some(live));
    if (next) {
      const seen = m.rove[next.dataset.roving];
      const item = nearest(itemsOf(next), seen ? seen.index : 0, live);
      setStop(next, item);
      target = item;
    }
  }
  if (!target && group) target = stopOf(group) || group;
  if (!target) target = find("#status");
  if (target && document.activeElement !== target) {
    const same = had.key && target.dataset && target.dataset.key === had.key;
    target.focus({ preventScroll: same || !keyboardLast });
  }
}

/** The arrow keys inside a group: left and right in order, up and down by rows. */
function roveKey(root, event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const item = event.target;
  const group = groupOf(item);
  if (!group || item === group) return;
  const items = itemsOf(group);
  const i = items.indexOf(item);
  if (i < 0) return;
  let next;
  switch (event.key) {
    case "ArrowLeft": next = items[i - 1]; break;
    case "ArrowRight": next = items[i + 1]; break;
    case "ArrowUp": next = vertical(items, item, -1); break;
    case "ArrowDown": next = vertical(items, item, 1); break;
    case "Home": next = items[0]; break;
    case "End": next = items[items.length - 1]; break;
    default: return;
  }
  event.preventDefault();
  event.stopPropagation();
  if (next) {
    setStop(group, next);
    next.focus();
  }
}

/** The control in the next row up (-1) or down (1) nearest in x to `item`. */
function vertical(items, item, direction) {
  const box = item.getBoundingClientRect();
  const x = box.left + box.width / 2;
  let best = null;
  let bestRow = Infinity;
  let bestX = Infinity;
  for (const other of items) {
    const r = other.getBoundingClientRect();
    const row = direction > 0 ? r.top - (box.bottom - 2) : (box.top + 2) - r.bottom;
    if (other === item || row < 0) continue;
    const dx = Math.abs(r.left + r.width / 2 - x);
    // rows first (a small tolerance: cells of one row share their top), then the column
    if (row < bestRow - 4 || (Math.abs(row - bestRow) <= 4 && dx < bestX)) {
      best = other;
      bestRow = Math.min(row, bestRow);
      bestX = dx;
    }
  }
  return best;
}

/**
 * A region that scrolls (the move log, a wide table, the grid) with nothing in it to focus
 * takes focus itself, so the keyboard can scroll it too (and only while it does scroll).
 */
export function keyboardScrolling(root) {
  const named = new Set();
  for (const box of root.querySelectorAll(".scroll-x, ol.log, .viewport")) {
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    if (!scrolls || box.querySelector("button, a[href], [tabindex]")) continue;
    box.tabIndex = 0;
    if (!box.getAttribute("aria-label")) {
      const inner = box.querySelector("[aria-label]");
      const heads = [...box.querySelectorAll("th")].slice(0, 3).map((th) => th.textContent.trim());
      box.setAttribute("role", "region");
      const base = inner ? inner.getAttribute("aria-label")
        : heads.length ? t("table: {columns}…", { columns: heads.join(", ") }) : t("a part");
      let name = base;
      for (let n = 2; named.has(name); n++) name = t("{name} ({number})", { name: base, number: n });
      named.add(name);
      box.setAttribute("aria-label", t("{name} (scrolls)", { name }));
    }
  }
}

/**
 * When the question's other answers are on the table below the first screen (a power's
 * squares on a phone, say), a button in the action bar takes you (and the focus) there.
 */
export function jumpToBoard(root, bar) {
  const target = [...root.querySelectorAll(".board-area button.legal")].find(live);
  if (!target) return;
  const box = target.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= innerHeight) return;
  bar.append(el("button", { type: "button", class: "jump-board", id: "jump-board",
    "aria-label": t("go to the moves on the table, below"),
    onclick: () => target.focus() }, t("↓ On the table")));
}

/** The table's note on playing with the keyboard. */
export function keyboardHelp() {
  return el("details", { class: "panel small keys" },
    el("summary", {}, t("Playing with the keyboard")),
    el("p", {}, t("Tab goes from group to group: the moves beside the status, your hand, the cards or squares on the table."), " ",
      t("The arrow keys move inside a group (Home and End to its ends); Enter or Space plays the move."), " ",
      t("After a move the focus stays where play goes on.")));
}

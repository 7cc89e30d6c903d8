// Motion (docs/web.md "Animations"): after a move, what was played goes from where it was
// (the player's hand, or the seat's box) to where it now lies, and a finished trick goes
// to its winner, so a person sees what the computer just did. Each game module says what
// moved (its `motion(ui, fx)`); the page drawn is final from the start: the motion is a
// copy of the piece (a "ghost", in a layer no pointer reaches) flying over it while the
// piece itself waits unseen, with the Web Animations API (element.animate sets no style
// attribute, which the CSP forbids). A click, a key or the next view finishes every motion
// at once, and none runs where the reader asked for reduced motion.

import { el } from "/static/shared/dom.js";

export const MOTION_MS = 350;
const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
let motions = [];
let ghostLayer = null;

/** Whether motion is wanted: not under `prefers-reduced-motion: reduce`. */
export function motionWanted() {
  return !(reducedMotion && reducedMotion.matches) && typeof Element.prototype.animate === "function";
}

/** Finish every running motion now (the final state at once). */
export function finishMotion() {
  const running = motions;
  motions = [];
  for (const a of running) { try { a.finish(); } catch { /* already gone */ } }
  if (ghostLayer) ghostLayer.replaceChildren();
}
document.addEventListener("pointerdown", finishMotion, true);
document.addEventListener("keydown", finishMotion, true);

/** Where each piece that may move was (its box and node), by its data-anim name. */
export function snapshot(root) {
  const seen = new Map();
  for (const node of root.querySelectorAll("[data-anim]")) {
    const box = node.getBoundingClientRect();
    if (box.width || box.height) seen.set(node.dataset.anim, { box, node });
  }
  return seen;
}

function track(animation) {
  motions.push(animation);
  animation.finished.then(() => { motions = motions.filter((a) => a !== animation); }, () => {});
  return animation;
}

/** A copy of `node` laid over `from`, flying to `to` (boxes in the window's coordinates). */
function fly(node, from, to, { fade = false } = {}) {
  if (!ghostLayer || !ghostLayer.isConnected) {
    // Hidden from screen readers and inert: a copied button is never a Tab stop.
    ghostLayer = el("div", { class: "ghosts", "aria-hidden": "true", inert: true });
    document.body.append(ghostLayer);
  }
  const ghost = node.cloneNode(true);
  ghost.removeAttribute("id");
  ghost.classList.add("ghost");
  ghostLayer.append(ghost);
  // The copy sits at the window's top left (style.css); the keyframes move and size it.
  const at = (b, end) => {
    const natural = ghost.getBoundingClientRect();
    const sx = natural.width ? b.width / natural.width : 1;
    const sy = natural.height ? b.height / natural.height : 1;
    const shrink = end && fade ? 0.5 : 1;
    return `translate(${b.left + (b.width - natural.width * sx * shrink) / 2}px, ` +
      `${b.top + (b.height - natural.height * sy * shrink) / 2}px) scale(${sx * shrink}, ${sy * shrink})`;
  };
  const frames = [{ transform: at(from, false), opacity: 1 }, { transform: at(to, true), opacity: fade ? 0.2 : 1 }];
  const animation = track(ghost.animate(frames, { duration: MOTION_MS, easing: "ease-out", fill: "forwards" }));
  animation.finished.then(() => ghost.remove(), () => ghost.remove());
  return animation;
}

/** A box `from` a piece's old place to a seat's box: the middle of the seat's box, card-sized. */
function toward(target, size) {
  const w = Math.min(size.width, target.width), h = Math.min(size.height, target.height);
  return { left: target.left + (target.width - w) / 2, top: target.top + (target.height - h) / 2, width: w, height: h };
}

/**
 * What a game module's `motion(ui, fx)` may ask for. Names are data-anim values:
 * "seat:N" (a seat's box), "card:KN3", "sq:C4", "supply"...
 */
export function effects(root, before) {
  // A piece on the page now (never `not`: the piece arriving is not where it comes from).
  const now = (name, not = null) => {
    const node = [...root.querySelectorAll(`[data-anim="${CSS.escape(name)}"]`)].find((n) => n !== not);
    const box = node && node.getBoundingClientRect();
    return box && (box.width || box.height) ? { box, node } : null;
  };
  const where = (names, not = null) => {
    for (const name of names) {
      if (!name) continue;
      const found = before.get(name) || now(name, not);
      if (found) return found.box;
    }
    return null;
  };
  return {
    before,
    /** The first element of the page now that matches `selector`. */
    find: (selector) => root.querySelector(selector),
    /** `node` (on the page now) arrives from the first of `sources` that is found. */
    arrive(node, ...sources) {
      if (!node) return;
      const to = node.getBoundingClientRect();
      const from = where(sources, node);
      if (!from || (!to.width && !to.height)) return;
      // From a seat's box: a piece the size of the one arriving, in the box's middle.
      const start = from.width > to.width * 1.5 || from.height > to.height * 1.5 ? toward(from, to) : from;
      if (Math.abs(start.left - to.left) + Math.abs(start.top - to.top) < 2) return;
      fly(node, start, to);
      // The piece itself waits, unseen, under its copy until it lands.
      track(node.animate([{ opacity: 0 }, { opacity: 0 }], { duration: MOTION_MS }));
    },
    /** Pieces that were on the page (`names`) and new ones (`extra`: [node, ...sources]) go to `target`. */
    gather(names, target, extra = []) {
      const end = now(target) || before.get(target);
      if (!end) return;
      for (const name of names) {
        const old = before.get(name);
        if (old) fly(old.node, old.box, toward(end.box, old.box), { fade: true });
      }
      for (const [node, ...sources] of extra) {
        const from = where(sources);
        if (!from) continue;
        root.append(node);  // measured at its natural size, then copied
        const size = node.getBoundingClientRect();
        node.remove();
        const start = toward(from, size);
        fly(node, start, toward(end.box, size), { fade: true });
      }
    },
    /** A piece that changed where it is (a marker set, a card flipped): a short pulse. */
    pulse(node) {
      if (!node) return;
      track(node.animate([{ transform: "scale(1)" }, { transform: "scale(1.18)" }, { transform: "scale(1)" }],
        { duration: MOTION_MS, easing: "ease-in-out" }));
    },
  };
}

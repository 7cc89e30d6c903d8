// Seats as the pages show them: a colour and a shape each (never colour alone), a name, and
// "You" for the viewing seat.

import { el } from "/static/shared/dom.js";
import { t } from "/static/shared/i18n.js";
import { YOU } from "/static/shared/words.js";

export const SHAPES = ["●", "▲", "■", "◆"];
export const COLOUR_NAMES = ["red", "blue", "green", "orange"];
// The colours' words as the page's language says them (the names above stay English:
// they are CSS classes and notation).
const COLOUR_WORDS = { red: t("red"), blue: t("blue"), green: t("green"), orange: t("orange"),
  yellow: t("yellow"), grey: t("grey") };

/** A seat colour's English name ("red", as classes and notation write it) in the page's language. */
export function colourWord(colour) {
  return COLOUR_WORDS[colour] || colour;
}
// The seats' colours on the page being drawn (a game may name its own: Claim Kingdoms does).
let seatColours = COLOUR_NAMES;
// Whether the viewing seat is called "You" (not in a replay, which anyone may look at).
let sayYou = true;

/**
 * How seats are drawn on the page being drawn: a game's own colours (Claim Kingdoms
 * names its own), and whether the viewing seat is called "You" (not in a replay).
 */
export function useSeats({ colours = COLOUR_NAMES, you = true } = {}) {
  seatColours = colours;
  sayYou = you;
}

/** A seat's badge: its colour, shape and a letter, then its name. */
export function seatMark(seat, letter = false) {
  const colour = seatColours[seat % seatColours.length] || "grey";
  return el("span", { class: `mark c-${colour}`, "aria-hidden": "true", "data-i18n-skip": "",
    title: t("seat {seat}: {colour} {shape}", { seat, colour: colourWord(colour), shape: SHAPES[seat % 4] }) },
  SHAPES[seat % 4] + (letter ? colour[0].toUpperCase() : ""));
}

export function seatName(view, seat) {
  if (seat === null || seat === undefined) return t("nobody");
  if (seat === view.seat && sayYou) return YOU;
  const info = (view.seats || [])[seat];
  return thirdPerson(info && info.name, seat);
}

/**
 * A seat's name for anyone but its own player: the name, or "Seat N" when there is none
 * or it is "You" (the lobby's name for whoever plays the computer), which would read as
 * the reader on a replay, a spectator's page or another seat's. "Seat N" itself, the
 * server's name for an unnamed person's seat (kept in English in the table's data), is
 * said in the page's language too.
 */
export function thirdPerson(name, seat) {
  const text = String(name || "").trim();
  const unnamed = !text || text.toLowerCase() === "you" || text === `Seat ${seat}`;
  return unnamed ? t("Seat {seat}", { seat }) : text;
}

/**
 * A name from `seatName` as the page shows it on its own (a badge, a table's heading):
 * `YOU` (the English sentinel the pages compare with) in the page's language.
 */
export function shownName(name) {
  return name === YOU ? t("You") : name;
}


export function badge(view, seat, extra = "") {
  return el("span", { class: "badge" }, seatMark(seat),
    el("span", {}, shownName(seatName(view, seat)) + extra));
}

// Words people read: one rule for counts and for "You" across the pages, the same as the
// terminal's (regency/core/words.py: the same functions, the same forms). tests/web scans
// the pages for the forms this rules out ("1 cards", "You leads", "Seat 0 win").
//
//   count(1, "card") -> "1 card"; count(3, "card") -> "3 cards"; count(2, "Dwarf", "Dwarves")
//   says("You", "lead") -> "You lead"; says("Seat 1", "lead") -> "Seat 1 leads";
//   says(["Ann", "Bob"], "win") -> "Ann and Bob win"
//   possessive("You") -> "your"; possessive("Ann") -> "Ann's"

import { nt, t } from "/static/shared/i18n.js";

export const YOU = "You";

const IRREGULAR = { be: "is", have: "has", do: "does", go: "goes" };

/** `noun` as it goes with `number`: singular for exactly one, else the plural (`many`). */
export function plural(number, noun, many = `${noun}s`) {
  return number === 1 ? noun : many;
}

/** "1 card", "3 cards", "0 cards". */
export function count(number, noun, many) {
  return `${number} ${plural(number, noun, many)}`;
}

/** The verb for one other person: "lead" -> "leads", "have" -> "has". */
export function singularVerb(verb) {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (/(s|sh|ch|x|z)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/**
 * "Ann", "Ann and Bob", "Ann, Bob and Cy", in the page's language: the list's comma and
 * its last "and" are messages of their own, so a language puts its own words (und, et, y,
 * en) and its own punctuation (no comma, or one before the "and") between the names.
 */
export function andList(names) {
  const items = [...names].map(String);
  if (items.length <= 1) return items.join("");
  let list = items[0];
  for (const item of items.slice(1, -1)) list = t("{list}, {item}", { list, item });
  return t("{list} and {last}", { list, last: items[items.length - 1] });
}

/** The subject (a name, or several) and `verb` (its plain form) agreeing: "You lead", "Seat 1 leads". */
export function says(subject, verb) {
  const names = Array.isArray(subject) ? subject : [subject];
  const oneOther = names.length === 1 && names[0] !== YOU;
  const form = verb === "be" ? (oneOther ? "is" : "are") : oneOther ? singularVerb(verb) : verb;
  return `${andList(names)} ${form}`;
}

/** Just the verb of `says` (for a subject drawn as a badge): "leads" after "Seat 1", "lead" after "You". */
export function verbFor(subject, verb) {
  const text = says(subject, verb);
  return text.slice(text.lastIndexOf(" ") + 1);
}

/**
 * A computer player's name (the server's: its level's, "Strongest computer", or
 * "Computer" for one on no ladder) inside a sentence: "the Strongest computer", "the computer".
 * Translated as the subject of a sentence (German: "der Computer"); a sentence that needs
 * the name in another case is better written as a whole message with the name.
 */
export function theComputer(name) {
  return !name || name === "Computer" ? t("the computer") : t("the {level}", { level: name });
}

/** Whose: "your" ("Your" with `capital`) for You, "Ann's", "Giles'". */
export function possessive(name, capital = false) {
  if (name === YOU) return capital ? "Your" : "your";
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** "in 4 min", "in 2 h", "started": when an event starts, from now. */
export function startsIn(at, now = Date.now() / 1000) {
  const left = at - now;
  if (left <= 0) return t("starting");
  if (left < 60) return t("in under a minute");
  if (left < 3600) return nt("in {count} min", "in {count} min", Math.round(left / 60));
  return nt("in {count} h", "in {count} h", Math.round(left / 3600));
}

// The pages' language (issue 49, docs/i18n.md): every text a person reads on a page goes
// through `t` or `nt`, written in English with named placeholders, so a translator can
// put each part where their language wants it:
//
//   t("Your turn")
//   t("{seat} leads", { seat: name })
//   nt("{count} card", "{count} cards", n)          // {count} is n, written as the language does
//   nt("{count} tile left for {name}", "{count} tiles left for {name}", n, { name })
//
// Rules that make the catalogs work (`regency i18n extract` reads these calls with Babel's
// JavaScript extractor, keywords t and nt:1,2):
// - the message is one plain string literal ("..." or '...'), never a template literal
//   with ${}, never built by +: the extractor must see the whole sentence;
// - one whole sentence (or label) per message: never glue translated pieces together;
// - names, notation and numbers are placeholders, filled by the call.
//
// The server writes the page's language on <html lang> and its catalog's address on
// <html data-catalog> (a hashed, cached JSON: message -> translation, a plural message ->
// its list of forms); English has none and shows the texts as written.

const root = typeof document === "undefined" ? null : document.documentElement;

/** The page's language: "en", "nl", "de", "fr", "es" (or "pseudo" in the tests). */
export const LANG = (root && root.lang) || "en";

async function load(url) {
  try {
    const answer = await fetch(url);
    return answer.ok ? await answer.json() : {};
  } catch {
    return {}; // offline with no cached catalog: the page speaks English rather than nothing
  }
}

// Loaded before any page module draws (top-level await: every module importing this one
// waits for it); the server preloads it, so it is seldom a round trip of its own.
const CATALOG = root && root.dataset.catalog ? await load(root.dataset.catalog) : {};

const NUMBERS = new Intl.NumberFormat(LANG === "pseudo" ? "en" : LANG);

/** `value` as the page's language writes numbers: 1,234.5 in English, 1.234,5 in German. */
export function formatNumber(value) {
  return NUMBERS.format(value);
}

/** Which plural form `n` takes in `lang` (CLDR's rules, as Babel writes the catalogs'). */
export function pluralForm(n, lang = LANG) {
  if (lang === "fr") return n === 0 || n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2;
  if (lang === "es") return n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2;
  return n === 1 ? 0 : 1; // en, nl, de (and the pseudo-language)
}

function fill(text, names) {
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(names, name) ? String(names[name]) : whole,
  );
}

/** `message` in the page's language, its `{placeholders}` filled from `names`. */
export function t(message, names = {}) {
  const text = CATALOG[message];
  return fill(typeof text === "string" && text ? text : message, names);
}

/**
 * The form of `single`/`plural` for the count `n`, in the page's language; `{count}` is
 * `n` as the language writes numbers, the other placeholders come from `names`.
 */
export function nt(single, plural, n, names = {}) {
  const forms = CATALOG[single];
  let text;
  if (Array.isArray(forms) && forms.length) {
    text = forms[Math.min(pluralForm(n), forms.length - 1)] || (n === 1 ? single : plural);
  } else {
    text = n === 1 ? single : plural;
  }
  return fill(text, { count: formatNumber(n), ...names });
}

/**
 * `message` translated, as a list of pieces for `el(...)`: each `{placeholder}` whose value
 * in `names` is a DOM node (a badge, a link, a card) becomes that node, the rest text. The
 * translator orders the sentence; the page still draws a name as a badge:
 *
 *   el("p", {}, tNodes("{seat} leads the trick", { seat: badge(name) }))
 */
export function tNodes(message, names = {}) {
  return split(t(message, textOnly(names)), names);
}

/** `nt`, as pieces for `el(...)` like `tNodes`. */
export function ntNodes(single, plural, n, names = {}) {
  return split(nt(single, plural, n, textOnly(names)), names);
}

function textOnly(names) {
  const isNode = (value) => typeof Node !== "undefined" && value instanceof Node;
  return Object.fromEntries(Object.entries(names).filter(([, value]) => !isNode(value)));
}

function split(text, names) {
  const pieces = [];
  let last = 0;
  for (const found of text.matchAll(/\{(\w+)\}/g)) {
    if (found.index > last) pieces.push(text.slice(last, found.index));
    pieces.push(Object.prototype.hasOwnProperty.call(names, found[1]) ? names[found[1]] : found[0]);
    last = found.index + found[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

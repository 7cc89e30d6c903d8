// How a table ended, in words: played out, resigned or aborted, and who left (the view's
// `ending`, docs/server.md "Ending a game early"). The table page, the replay and the
// lobby's list of finished games say it alike. Every function takes `name(seat)`, the
// page's name for a seat ("You" for the reader's own, on their table page).

import { t } from "/static/shared/i18n.js";
import { YOU } from "/static/shared/words.js";

/** "you" inside a sentence (among other names); any other name as it is. */
function inner(text) {
  return text === YOU ? t("you") : text;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * Names as one list, in the page's language: "Ann", "Ann and Bob", "Ann, Bob and Cid".
 * Each step is a message of its own, so a language puts its own word (and comma) there.
 */
export function listOf(names) {
  if (names.length <= 1) return names[0] || "";
  let text = names[0];
  for (const next of names.slice(1, -1)) text = t("{list}, {name}", { list: text, name: next });
  return t("{list} and {name}", { list: text, name: names[names.length - 1] });
}

/** "Ann", "Ann and you", "Ann, Bob and Cid": seats by name, inside a sentence. */
export function nameList(seats, name) {
  return listOf(seats.map((s) => inner(name(s))));
}

/** Whether a table ended before its game was played out (resigned or aborted). */
export function endedEarly(view) {
  return Boolean(view.ending && view.ending.how !== "finished");
}

/**
 * Why an aborted table ended, and that nobody wins: "Ann aborted the game before their
 * first move. Nobody wins.", "The game was aborted: Bob did not open the table in time.
 * Nobody wins." (`opened(seat)` false), "... did not make a first move in time. ...".
 */
function abortSentence(ending, name, opened) {
  if (Number.isInteger(ending.by)) {
    const who = name(ending.by);
    return who === YOU ? t("You aborted the game before your first move. Nobody wins.")
      : t("{name} aborted the game before their first move. Nobody wins.", { name: who });
  }
  if (Number.isInteger(ending.waited_for)) {
    const who = name(ending.waited_for);
    if (opened(ending.waited_for)) {
      return who === YOU ? t("The game was aborted: you did not make a first move in time. Nobody wins.")
        : t("The game was aborted: {name} did not make a first move in time. Nobody wins.", { name: who });
    }
    return who === YOU ? t("The game was aborted: you did not open the table in time. Nobody wins.")
      : t("The game was aborted: {name} did not open the table in time. Nobody wins.", { name: who });
  }
  return t("The game was aborted. Nobody wins.");
}

/** "You resigned", "Ann resigned for the partnership with you", "A player resigned". */
function resignedClause(by, partners, name) {
  const who = Number.isInteger(by) ? name(by) : null;
  if (!partners.length) {
    if (who === null) return t("A player resigned");
    return who === YOU ? t("You resigned") : t("{name} resigned", { name: who });
  }
  const partner = partners.length === 1 && name(partners[0]) === YOU ? null : nameList(partners, name);
  if (who === null) {
    return partner === null ? t("A player resigned for the partnership with you")
      : t("A player resigned for the partnership with {partner}", { partner });
  }
  if (who === YOU) return t("You resigned for the partnership with {partner}", { partner: nameList(partners, name) });
  return partner === null ? t("{name} resigned for the partnership with you", { name: who })
    : t("{name} resigned for the partnership with {partner}", { name: who, partner });
}

/** "you win", "Bob wins", "Bob and Dee win": the winners, after a resignation. */
function winClause(winners, name) {
  if (winners.length === 1) {
    const who = name(winners[0]);
    return who === YOU ? t("you win") : t("{name} wins", { name: who });
  }
  return t("{names} win", { names: nameList(winners, name) });
}

/**
 * A table that ended early, as one or two sentences: "Ann resigned: you win.", "Ann
 * resigned for the partnership with Cid: Bob and Dee win.", "The game was aborted: Bob
 * did not open the table in time. Nobody wins." (null for a game played out).
 *
 * @param ending   the view's `ending`
 * @param name     the page's name for a seat
 * @param players  how many seats the table has (the losing side is every seat but the winners)
 * @param opened   whether a seat's person had opened the table (the view's seats)
 */
export function endingSentence(ending, name, players, opened = () => true) {
  if (!ending || ending.how === "finished") return null;
  if (ending.how !== "resigned") return abortSentence(ending, name, opened);
  const winners = ending.winners || [];
  const by = ending.by;
  // 4-player Claim: one partner resigns for both; the other partner lost with them.
  const partners = [...Array(players).keys()].filter((s) => s !== by && !winners.includes(s));
  return t("{resigned}: {won}.", { resigned: resignedClause(by, partners, name), won: winClause(winners, name) });
}

/**
 * Who left the game, if anyone: "Ann left the game; the computer played the seat to the
 * end." (null when nobody left).
 */
export function leftSentence(ending, name) {
  const left = (ending && ending.left) || [];
  if (!left.length) return null;
  if (left.length > 1) {
    return t("{names} left the game; the computer played their seats to the end.",
      { names: capital(nameList(left, name)) });
  }
  const who = name(left[0]);
  return who === YOU ? t("You left the game; the computer played your seat to the end.")
    : t("{name} left the game; the computer played the seat to the end.", { name: who });
}

/**
 * A finished game in a list (the lobby's): "won by Ann", "Ann resigned, Bob won",
 * "aborted by Ann", "aborted: Bob never moved", with "; Cid left" after.
 */
export function endingSummary(ending, name) {
  if (!ending) return "";
  const winners = ending.winners || [];
  let text = winners.length ? t("won by {names}", { names: nameList(winners, name) }) : "";
  if (ending.how === "resigned" && Number.isInteger(ending.by)) {
    const who = name(ending.by);
    text = who === YOU ? t("You resigned, {names} won", { names: nameList(winners, name) })
      : t("{name} resigned, {names} won", { name: who, names: nameList(winners, name) });
  } else if (ending.how === "aborted") {
    text = Number.isInteger(ending.by) ? t("aborted by {name}", { name: inner(name(ending.by)) })
      : Number.isInteger(ending.waited_for) ? t("aborted: {name} never moved", { name: inner(name(ending.waited_for)) })
        : t("aborted");
  }
  const left = ending.left || [];
  return left.length ? t("{summary}; {names} left", { summary: text, names: nameList(left, name) }) : text;
}

// How a table ended, in words: played out, resigned or aborted, and who left (the view's
// `ending`, docs/server.md "Ending a game early"). The table page, the replay and the
// lobby's list of finished games say it alike. Every function takes `name(seat)`, the
// page's name for a seat (words.js's YOU, "You", for the reader's own, on their table
// page): the reader gets sentences of their own ("You resigned"), every sentence a whole
// message in the page's language (docs/i18n.md).

import { t } from "/static/shared/i18n.js";
import { YOU, andList } from "/static/shared/words.js";

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "Ann", "Ann and you", "Ann, Bob and Cid": seats by name, inside a sentence. */
export function nameList(seats, name) {
  return andList(seats.map((s) => (name(s) === YOU ? t("you") : name(s))));
}

/** Whether exactly one seat is listed and it is the reader's. */
function onlyYou(seats, name) {
  return seats.length === 1 && name(seats[0]) === YOU;
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
      : t("{seat} aborted the game before their first move. Nobody wins.", { seat: who });
  }
  if (Number.isInteger(ending.waited_for)) {
    const who = name(ending.waited_for);
    if (opened(ending.waited_for)) {
      return who === YOU ? t("The game was aborted: you did not make a first move in time. Nobody wins.")
        : t("The game was aborted: {seat} did not make a first move in time. Nobody wins.", { seat: who });
    }
    return who === YOU ? t("The game was aborted: you did not open the table in time. Nobody wins.")
      : t("The game was aborted: {seat} did not open the table in time. Nobody wins.", { seat: who });
  }
  return t("The game was aborted. Nobody wins.");
}

/** Who resigned, and for whom: "You resigned", "Ann resigned for the partnership with you". */
function resignedClause(by, partners, name) {
  const who = Number.isInteger(by) ? name(by) : null;
  if (!partners.length) {
    if (who === null) return t("A player resigned");
    return who === YOU ? t("You resigned") : t("{seat} resigned", { seat: who });
  }
  if (onlyYou(partners, name)) {
    return who === null ? t("A player resigned for the partnership with you")
      : t("{seat} resigned for the partnership with you", { seat: who });
  }
  const names = nameList(partners, name);
  if (who === null) return t("A player resigned for the partnership with {names}", { names });
  return who === YOU ? t("You resigned for the partnership with {names}", { names })
    : t("{seat} resigned for the partnership with {names}", { seat: who, names });
}

/** Who wins: "you win", "Bob wins", "Bob and Dee win". */
function winClause(winners, name) {
  if (onlyYou(winners, name)) return t("you win");
  if (winners.length === 1) return t("{seat} wins", { seat: name(winners[0]) });
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
  // Two whole clauses, each with its subject and verb; the language orders and joins them.
  return t("{resigned}: {won}.", { resigned: resignedClause(by, partners, name), won: winClause(winners, name) });
}

/**
 * Who left the game, if anyone: "Ann left the game; the computer played the seat to the
 * end." (null when nobody left).
 */
export function leftSentence(ending, name) {
  const left = (ending && ending.left) || [];
  if (!left.length) return null;
  if (onlyYou(left, name)) return t("You left the game; the computer played your seat to the end.");
  if (left.length === 1) {
    return t("{seat} left the game; the computer played the seat to the end.", { seat: name(left[0]) });
  }
  return t("{names} left the game; the computer played their seats to the end.",
    { names: capital(nameList(left, name)) });
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
    if (who === YOU) text = t("You resigned, {names} won", { names: nameList(winners, name) });
    else if (onlyYou(winners, name)) text = t("{seat} resigned, you won", { seat: who });
    else text = t("{seat} resigned, {names} won", { seat: who, names: nameList(winners, name) });
  } else if (ending.how === "aborted") {
    if (Number.isInteger(ending.by)) {
      text = name(ending.by) === YOU ? t("aborted by you") : t("aborted by {seat}", { seat: name(ending.by) });
    } else if (Number.isInteger(ending.waited_for)) {
      text = name(ending.waited_for) === YOU ? t("aborted: you never moved")
        : t("aborted: {seat} never moved", { seat: name(ending.waited_for) });
    } else {
      text = t("aborted");
    }
  }
  const left = ending.left || [];
  if (!left.length) return text;
  const gone = onlyYou(left, name) ? t("you left")
    : left.length === 1 ? t("{seat} left", { seat: name(left[0]) })
      : t("{names} left", { names: nameList(left, name) });
  return text ? t("{result}; {left}", { result: text, left: gone }) : gone;
}

// How a table ended, in words: played out, resigned or aborted, and who left (the view's
// `ending`, docs/server.md "Ending a game early"). The table page, the replay and the
// lobby's list of finished games say it alike. Every function takes `name(seat)`, the
// page's name for a seat ("You" for the reader's own, on their table page).

/** "you" inside a sentence, "You" at its start; any other name as it is. */
function inner(text) {
  return text === "You" ? "you" : text;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "Ann", "Ann and you", "Ann, Bob and Cid": seats by name, inside a sentence. */
export function nameList(seats, name) {
  const names = seats.map((s) => inner(name(s)));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0] || "";
}

/** "wins" after one other person, "win" after several or "you". */
function verb(seats, name, singular, plural) {
  return seats.length === 1 && name(seats[0]) !== "You" ? singular : plural;
}

/** Whether a table ended before its game was played out (resigned or aborted). */
export function endedEarly(view) {
  return Boolean(view.ending && view.ending.how !== "finished");
}

/**
 * Why an aborted table ended: "Ann aborted the game before their first move", "Bob did
 * not open the table in time" (`opened(seat)` false), "Bob did not make a first move in time".
 */
function abortReason(ending, name, opened) {
  if (Number.isInteger(ending.by)) {
    const whose = name(ending.by) === "You" ? "your" : "their";
    return `${name(ending.by)} aborted the game before ${whose} first move`;
  }
  if (Number.isInteger(ending.waited_for)) {
    const who = name(ending.waited_for);
    return opened(ending.waited_for)
      ? `The game was aborted: ${inner(who)} did not make a first move in time`
      : `The game was aborted: ${inner(who)} did not open the table in time`;
  }
  return "The game was aborted";
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
  if (ending.how !== "resigned") return `${abortReason(ending, name, opened)}. Nobody wins.`;
  const winners = ending.winners || [];
  const by = ending.by;
  // 4-player Claim: one partner resigns for both; the other partner lost with them.
  const partners = [...Array(players).keys()].filter((s) => s !== by && !winners.includes(s));
  const forWhom = partners.length ? ` for the partnership with ${nameList(partners, name)}` : "";
  return `${Number.isInteger(by) ? name(by) : "A player"} resigned${forWhom}: `
    + `${nameList(winners, name)} ${verb(winners, name, "wins", "win")}.`;
}

/**
 * Who left the game, if anyone: "Ann left the game; the computer played the seat to the
 * end." (null when nobody left).
 */
export function leftSentence(ending, name) {
  const left = (ending && ending.left) || [];
  if (!left.length) return null;
  const seats = left.length > 1 ? "their seats"
    : name(left[0]) === "You" ? "your seat" : "the seat";
  return `${capital(nameList(left, name))} left the game; the computer played ${seats} to the end.`;
}

/**
 * A finished game in a list (the lobby's): "won by Ann", "Ann resigned, Bob won",
 * "aborted by Ann", "aborted: Bob never moved", with "; Cid left" after.
 */
export function endingSummary(ending, name) {
  if (!ending) return "";
  const winners = ending.winners || [];
  let text = winners.length ? `won by ${nameList(winners, name)}` : "";
  if (ending.how === "resigned" && Number.isInteger(ending.by)) {
    text = `${name(ending.by)} resigned, ${nameList(winners, name)} won`;
  } else if (ending.how === "aborted") {
    text = Number.isInteger(ending.by) ? `aborted by ${name(ending.by)}`
      : Number.isInteger(ending.waited_for) ? `aborted: ${name(ending.waited_for)} never moved` : "aborted";
  }
  const left = ending.left || [];
  return left.length ? `${text}; ${nameList(left, name)} left` : text;
}

// Claim, drawn from a seat's observation: the hand sorted by faction, the trick, the
// card(s) played for, each player's follower deck and score pile, Gnomes and Trolls, the
// Seer's peek (only ever in the Seer's own observation), partners, and the final vote.
import { el } from "/static/shared/dom.js";
import { listOf } from "/static/shared/endings.js";
import { nt, t, tNodes } from "/static/shared/i18n.js";
import { shownName } from "/static/shared/seats.js";
import { YOU } from "/static/shared/words.js";

export const FACTIONS = {
  GB: ["Goblins", "Goblin"], KN: ["Knights", "Knight"], UN: ["Undead", "Undead"],
  DW: ["Dwarves", "Dwarf"], DO: ["Doppelgangers", "Doppelganger"], GN: ["Gnomes", "Gnome"],
  GI: ["Giants", "Giant"], DR: ["Dragons", "Dragon"], TR: ["Trolls", "Troll"], SE: ["Seers", "Seer"],
};
const CODE = Object.fromEntries(Object.entries(FACTIONS).map(([c, [n]]) => [n.toLowerCase(), c]));
// The factions' names in the page's language (the messages the engine's words use too).
const WORDS = {
  GB: [t("Goblins"), t("Goblin")], KN: [t("Knights"), t("Knight")], UN: [t("Undead"), t("Undead")],
  DW: [t("Dwarves"), t("Dwarf")], DO: [t("Doppelgangers"), t("Doppelganger")], GN: [t("Gnomes"), t("Gnome")],
  GI: [t("Giants"), t("Giant")], DR: [t("Dragons"), t("Dragon")], TR: [t("Trolls"), t("Troll")], SE: [t("Seers"), t("Seer")],
};

/** A faction's name as the table writes it: "knights" -> "Knights". */
function factionTitle(name) {
  const code = CODE[name];
  return code ? WORDS[code][0] : name;
}

export function cardName(code) {
  const f = WORDS[code.slice(0, 2)];
  return f ? t("{faction} {value}", { faction: f[1], value: code.slice(2) }) : code;
}

function face(code) {
  const f = WORDS[code.slice(0, 2)] || [code, code];
  return [el("span", { class: "v" }, code.slice(2)),
    el("span", { class: "n" }, f[1].replace("Doppelganger", "Doppel\u00adganger"))];
}

/** "You win (...)", "Ann wins (...)", "Ann and you win (...)": the winners of `names`. */
function winners(names, how) {
  if (names.length === 1) return names[0] === YOU ? t("You win ({how}).", { how }) : t("{name} wins ({how}).", { name: names[0], how });
  const list = listOf(names.map((n) => (n === YOU ? t("you") : n)));
  return t("{names} win ({how}).", { names: list[0].toUpperCase() + list.slice(1), how });
}

/** A card that is only looked at. */
export function card(code, { small = false, last = false } = {}) {
  return el("span", { class: `card f-${code.slice(0, 2)}${small ? " small" : ""}${last ? " last" : ""}`,
    role: "img", "aria-label": cardName(code), title: cardName(code), dataset: { card: code, anim: `card:${code}` } }, face(code));
}

function cards(codes, options) {
  return codes.length ? el("div", { class: "cards" }, codes.map((c) => card(c, options)))
    : el("span", { class: "muted" }, t("none"));
}

function factionOrder(obs) {
  return [...obs.factions.map((n) => CODE[n]), ...Object.keys(FACTIONS)];
}

function sortHand(obs, hand) {
  const order = factionOrder(obs);
  return [...hand].sort((a, b) =>
    order.indexOf(a.slice(0, 2)) - order.indexOf(b.slice(0, 2)) || Number(a.slice(2)) - Number(b.slice(2)));
}

function byFaction(obs, codes) {
  if (!codes.length) return el("span", { class: "muted small" }, t("empty"));
  const groups = new Map();
  for (const c of codes) {
    if (!groups.has(c.slice(0, 2))) groups.set(c.slice(0, 2), []);
    groups.get(c.slice(0, 2)).push(c.slice(2));
  }
  const order = factionOrder(obs);
  return el("div", { class: "pile" }, [...groups.entries()]
    .sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
    .map(([f, values]) => el("span", { class: `chip f-${f}`, title: values.join(" ") },
      el("b", {}, String(values.length)), ` ${WORDS[f] ? WORDS[f][0] : f}`,
      el("span", { class: "muted" }, ` (${values.join(" ")})`))));
}

function teamOf(obs, seat) {
  return (obs.teams || []).find((t) => t.includes(seat)) || null;
}

function partnerNote(ui, seat) {
  const obs = ui.obs;
  if (!obs.teams) return "";
  const team = teamOf(obs, seat);
  const mine = obs.seat !== null && teamOf(obs, obs.seat);
  if (seat === obs.seat) return "";
  if (mine && team === mine) return ` ${t("(your partner)")}`;
  return ` ${t("(team {team})", { team: obs.teams.indexOf(team) + 1 })}`;
}

export function prompt(ui) {
  const obs = ui.obs;
  if (obs.decision === "take") {
    return obs.peek
      ? t("choose the card to take: click one of the cards played for (you peeked at the top of the pile: {card})",
        { card: cardName(obs.peek) })
      : t("choose the card to take: click one of the cards played for");
  }
  if (!obs.played.length) return t("lead a card from your hand");
  return t("follow {faction} if you can (a Doppelganger always may)", { faction: factionTitle(obs.lead_faction) });
}

export function waiting(ui) {
  return ui.obs.decision === "take" ? t("They are choosing a card to take.") : "";
}

/**
 * A move in words, as the table names cards ("Doppelganger 7", "take Undead 3"), in the
 * position `obs` it is made in (null: none known). Codes stay in notation.
 */
export function describe(text, obs) {
  const words = text.split(" ");
  if (words[0] === "take") return words[1] === "deck" ? t("take the top card of the pile") : t("take {card}", { card: cardName(words[1]) });
  return cardName(text);
}

/** A move's label: on its button (no `seat`), or in the move log, what `seat` did. */
export function label(text, ui, seat) {
  const words = text.split(" ");
  if (seat !== undefined) {
    // The log's sentence: {seat} is where the frame puts the mover's badge.
    if (words[0] === "take") {
      return words[1] === "deck" ? t("{seat} took the top card of the pile")
        : t("{seat} took {card}", { card: cardName(words[1]) });
    }
    return t("{seat} played {card}", { card: cardName(text) });
  }
  if (text === "take deck" && ui.obs.peek) return t("take the card you peeked at ({card})", { card: cardName(ui.obs.peek) });
  return describe(text, ui.obs);
}

// What decided a vote or the game, as the result names them (the engine's words, the
// same messages as the terminal's: regency/render/claim.py).
const REASONS = {
  "most cards": t("most cards"),
  "highest card": t("highest card"),
  "tie": t("tie"),
  "nobody holds it": t("nobody holds it"),
  "three factions": t("three factions"),
  "most factions": t("most factions"),
  "most cards in the factions won": t("most cards in the factions won"),
  "highest value of those cards": t("highest value of those cards"),
  "shared win": t("shared win"),
};

/** The last trick in one line: each card by its player, who won, who took what. */
function lastTrickLine(ui, lastTrick) {
  const n = ui.obs.players;
  const line = el("div", { class: "small" }, el("strong", {}, `${t("Last trick:")} `));
  lastTrick.plays.forEach((code, i) => line.append(ui.badge((lastTrick.leader + i) % n), " ",
    cardName(code), "  "));
  line.append(" ", ...tNodes("→ {seat} won", { seat: ui.badge(lastTrick.winner) }));
  for (const [s, code] of lastTrick.takes || []) {
    const name = ui.name(s);
    const you = name === YOU;
    line.append("; ", code
      ? (you ? t("You took {card}", { card: cardName(code) }) : t("{name} took {card}", { name, card: cardName(code) }))
      : (you ? t("You drew a card") : t("{name} drew a card", { name })));
  }
  if (lastTrick.smashed && lastTrick.smashed.length) {
    line.append("; ", t("smashed {cards}", { cards: lastTrick.smashed.map(cardName).join(", ") }));
  }
  if (lastTrick.next_leader !== lastTrick.winner) {
    const name = ui.name(lastTrick.next_leader);
    line.append("; ", name === YOU ? t("You lead (last Dragon)") : t("{name} leads (last Dragon)", { name }));
  }
  return line;
}

export function board(ui) {
  const { obs, view } = ui;
  const n = obs.players;
  const lastMove = ui.last ? ui.last.move : null;
  const parts = [];

  const title = obs.phase
    ? t("Phase {phase} · trick {trick} of {tricks}", { phase: obs.phase, trick: obs.trick, tricks: obs.tricks_per_phase })
    : el("span", { "data-i18n-skip": "" }, "Claim");
  // The phase's aim on a line of its own: a " · " before it would end a line on a phone.
  parts.push(el("h1", {}, title, el("span", { class: "muted small", style: { display: "block" } },
    obs.phase === 1 ? t("Recruiting followers") : t("Winning the factions' votes"))));

  // On the table: what is played for (phase 1, take-buttons when it is the seat's
  // choice) beside the trick.
  const areas = el("div", { class: "table-areas" });
  if (obs.phase === 1 || obs.face_up.length) {
    const faceUp = obs.face_up.map((code) => ui.legal.has(`take ${code}`)
      ? ui.move(`take ${code}`, face(code), { class: `card f-${code.slice(0, 2)}`, "aria-label": t("take {card}", { card: cardName(code) }),
        "data-anim": `card:${code}` })
      : card(code));
    const deck = ui.legal.has("take deck")
      ? ui.move("take deck", [el("span", { class: "v" }, "?"), el("span", { class: "n" }, obs.peek ? t("peeked: {card}", { card: cardName(obs.peek) }) : t("top of pile"))],
        { class: "card back", "aria-label": label("take deck", ui), "data-anim": "deck" }) : "";
    areas.append(el("div", { class: "area", "aria-label": t("played for"), dataset: { anim: "played-for" } },
      el("h2", {}, t("Playing for")),
      el("div", { class: "cards" }, faceUp.length ? faceUp : el("span", { class: "muted" }, t("nothing face up")), deck),
      el("p", { class: "small muted" }, nt("Draw pile: {count} card.", "Draw pile: {count} cards.", obs.draw_pile),
        obs.peek ? ` ${t("You (the Seer) peeked at the top card: {card}.", { card: cardName(obs.peek) })}` : "")));
  }
  const trick = el("div", { class: "trick" });
  obs.played.forEach((code, i) => {
    const seat = (obs.leader + i) % n;
    const isLast = i === obs.played.length - 1 && lastMove === code;
    trick.append(el("figure", {}, card(code, { last: isLast }), el("figcaption", {}, ui.badge(seat))));
  });
  if (!obs.played.length) trick.append(el("p", { class: "muted small" }, t("No card played yet.")));
  areas.append(el("div", { class: "area", "aria-label": t("the trick") },
    el("h2", {}, t("The trick"), obs.lead_faction
      ? el("span", { class: "muted small" }, ` ${t("({faction} led)", { faction: factionTitle(obs.lead_faction) })}`) : ""),
    trick));
  const trickPanel = el("section", { class: "panel", "aria-label": t("on the table") }, areas);
  if (obs.trolls_waiting.length) {
    trickPanel.append(el("p", {}, tNodes("Trolls waiting: {cards}", { cards: cards(obs.trolls_waiting, { small: true }) })));
  }
  const lastTrick = obs.tricks.length ? obs.tricks[obs.tricks.length - 1] : null;
  if (lastTrick) trickPanel.append(lastTrickLine(ui, lastTrick));
  parts.push(trickPanel);

  // Your hand, sorted by faction.
  if (obs.hand) {
    const hand = sortHand(obs, obs.hand).map((code) => ui.move(code, face(code), {
      class: `card f-${code.slice(0, 2)}`,
      "aria-label": ui.legal.has(code) ? cardName(code) : t("{card} (not playable now)", { card: cardName(code) }),
      "data-anim": `card:${code}`,
    }));
    parts.push(el("section", { class: "panel", "aria-labelledby": "hand-h", id: "hand" },
      el("h2", { id: "hand-h" }, ui.name(obs.seat) === YOU ? t("Your hand ({count})", { count: obs.hand.length })
        : t("{name}'s hand ({count})", { name: ui.name(obs.seat), count: obs.hand.length })),
      el("div", { class: "cards" }, hand.length ? hand : el("span", { class: "muted" }, t("empty")))));
  }

  // Every player.
  const players = el("div", { class: "players" });
  for (let s = 0; s < n; s++) {
    const box = el("div", { class: `player${s === obs.to_move ? " to-move" : ""}`, dataset: { anim: `seat:${s}` } },
      el("div", {}, ui.badge(s, partnerNote(ui, s)), s === obs.to_move ? el("span", { class: "turn-dot" }, ` ${t("◀ to move")}`) : ""),
      el("div", { class: "small" }, nt("Hand: {count} card", "Hand: {count} cards", obs.hands[s].count)));
    if (obs.phase === 1 || obs.followers[s].count) {
      const fol = obs.followers[s];
      box.append(el("div", { class: "small" }, nt("Follower deck: {count} card", "Follower deck: {count} cards", fol.count),
        fol.known.length ? el("span", { class: "muted" }, ` ${t("(known: {cards})", { cards: fol.known.map(cardName).join(", ") })}`) : ""));
    }
    box.append(el("div", { class: "small" }, t("Score pile:")), byFaction(obs, obs.score_piles[s]));
    if (obs.gnomes[s].length) {
      box.append(el("div", { class: "small" }, t("Face-up Gnomes: {cards}", { cards: obs.gnomes[s].map(cardName).join(", ") })));
    }
    if (obs.voids[s] && obs.voids[s].length) {
      box.append(el("div", { class: "small muted" }, t("Known to have no {factions}", { factions: obs.voids[s].map(factionTitle).join(", ") })));
    }
    players.append(box);
  }
  parts.push(el("section", { class: "panel", "aria-label": t("players") }, el("h2", {}, t("Players")), players));

  if (obs.phase === 2) parts.push(standing(ui));
  return el("div", {}, parts);
}

function sides(ui) {
  return ui.obs.teams || Array.from({ length: ui.obs.players }, (_, s) => [s]);
}

function sideName(ui, side) {
  return side.map((s) => shownName(ui.name(s))).join(" & ");
}

function standing(ui) {
  const obs = ui.obs;
  const teams = sides(ui);
  const table = el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, t("Faction")),
    teams.map((t) => el("th", { class: "num" }, sideName(ui, t))))));
  const body = el("tbody");
  for (const name of obs.factions) {
    const code = CODE[name];
    body.append(el("tr", {}, el("td", {}, el("span", { class: `chip f-${code}` }, el("b", {}, WORDS[code][0]))),
      teams.map((team) => el("td", { class: "num" }, String(team.reduce((sum, s) =>
        sum + [...obs.score_piles[s], ...obs.gnomes[s]].filter((c) => c.startsWith(code)).length, 0))))));
  }
  table.append(body);
  return el("section", { class: "panel", "aria-label": t("votes so far") }, el("h2", {}, t("Votes so far (cards per faction)")),
    el("div", { class: "scroll-x" }, table));
}

export function resultLine(ui) {
  const r = ui.view.result;
  return winners(r.winners.map((s) => ui.name(s)), REASONS[r.decided_by] || r.decided_by);
}

export function result(ui) {
  const r = ui.view.result;
  const table = el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, t("Faction")),
    el("th", {}, t("Its vote goes to")), r.sides.map((side) => el("th", { class: "num" }, sideName(ui, side))))));
  const body = el("tbody");
  for (const vote of r.votes) {
    const code = CODE[vote.faction];
    body.append(el("tr", {},
      el("td", {}, el("span", { class: `chip f-${code}` }, el("b", {}, WORDS[code] ? WORDS[code][0] : vote.faction))),
      // the outcome beside the faction (a phone's first screen), the counts behind it after
      el("td", {}, vote.side === null ? t("nobody") : el("strong", {}, vote.seats.map((s) => shownName(ui.name(s))).join(" & ")),
        el("span", { class: "muted" }, ` ${t("({reason})", { reason: REASONS[vote.reason] || vote.reason })}`)),
      vote.counts.map((held, i) => el("td", { class: "num" }, held ? nt("{count} card (top {top})", "{count} cards (top {top})", held, { top: vote.highest[i] }) : "–"))));
  }
  table.append(body);
  // "; " between the sides: a " · " would end a line on a phone.
  const scores = r.sides.map((side, i) =>
    nt("{side}: {count} faction", "{side}: {count} factions", r.scores[i], { side: sideName(ui, side) })).join("; ");
  return el("div", {},
    el("p", { class: "winner" }, resultLine(ui)),
    el("p", {}, `${scores}.`),
    r.deciding_factions && r.deciding_factions.length ? el("p", { class: "muted", id: "deciding" }, deciding(r.deciding_factions)) : "",
    el("div", { class: "scroll-x" }, table));
}

/**
 * The factions whose vote decided the game (the result's `deciding_factions`: had one of
 * them voted for nobody, someone else would have won, or shared the win), said so.
 */
function deciding(factions) {
  const names = factions.map(factionTitle);
  if (names.length === 1) {
    return t("The game turned on the vote of the {faction}: had it gone to nobody, the result would have been different.",
      { faction: names[0] });
  }
  return t("The game turned on the votes of the {factions}: had any one of them gone to nobody, the result would have been different.",
    { factions: listOf(names) });
}

/**
 * What moved (shared/motion.js): a card played goes from the hand (the viewer's) or its
 * player's box to the trick; the card that ends a trick, with the trick, to the winner;
 * a card taken (or the pile's top card) to the player who took it.
 */
export function motion(ui, fx) {
  const { move, seat } = ui.last;
  const words = move.split(" ");
  if (words[0] === "take") {
    const from = words[1] === "deck" ? "deck" : `card:${words[1]}`;
    if (fx.before.has(from)) fx.gather([from], `seat:${seat}`);
    else fx.gather([], `seat:${seat}`, [[words[1] === "deck" ? el("span", { class: "card back" }) : card(words[1]), "played-for"]]);
    return;
  }
  const placed = fx.find(`.trick [data-anim="card:${move}"]`);
  if (placed) {
    fx.arrive(placed, `card:${move}`, `seat:${seat}`);
    return;
  }
  const trick = ui.obs.tricks.length ? ui.obs.tricks[ui.obs.tricks.length - 1] : null;
  if (!trick || !trick.plays.includes(move)) return;
  const onTable = [...fx.before.entries()].filter(([, old]) => old.node.closest(".trick")).map(([name]) => name);
  fx.gather(onTable, `seat:${trick.winner}`, [[card(move), `card:${move}`, `seat:${seat}`]]);
}

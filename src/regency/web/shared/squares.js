// Moves that target squares, for the game modules that draw a board: which square a move's
// notation names, and the moves grouped by what they do, so each square's button sends
// the move the player chose (the moves themselves come from the server).

/** A square token in a move ("castle 1 B3", "place -1,2", "remove 0,1 red"). */
export function squareOf(text) {
  if (!text) return null;
  for (const word of text.split(" ")) {
    if (/^-?\d+,-?\d+$/.test(word) || /^[A-E][1-6]$/.test(word)) return word;
  }
  return null;
}

/** Moves that target squares, grouped by what they do: {"castle 1 _": {B3: "castle 1 B3"}}. */
export function targetGroups(moves) {
  const groups = new Map();
  for (const m of moves) {
    const sq = squareOf(m);
    if (!sq) continue;
    const group = m.split(" ").map((w) => (w === sq ? "_" : w)).join(" ");
    if (!groups.has(group)) groups.set(group, new Map());
    groups.get(group).set(sq, m);
  }
  return groups;
}

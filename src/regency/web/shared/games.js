// Every game's drawing module, imported at once: for a page that draws its first view
// before it is first shown (the rules, a replay), where import() would come a frame late.
// The live table page asks for its game's alone (server.js gameModule).
import * as claim from "/static/games/claim.js";
import * as claimKingdoms from "/static/games/claim-kingdoms.js";
import * as kingdoms from "/static/games/kingdoms.js";

export const GAMES = { claim, "claim-kingdoms": claimKingdoms, kingdoms };

/** The drawing module of the game `name`, at once; null for a game not listed here. */
export function loadedGame(name) {
  return Object.hasOwn(GAMES, name) ? GAMES[name] : null;
}

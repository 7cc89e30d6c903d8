// Asking the server: its JSON API, the games' titles, and a game's drawing module.

/**
 * Ask the server; the JSON answer, or an Error holding the server's message.
 *
 * @param path     the address (never with a token in it)
 * @param options  fetch's options, plus `json` (a body to send) and `token` (sent as
 *                 `Authorization: Bearer TOKEN`)
 */
export async function api(path, options = {}) {
  const { json, token, ...rest } = options;
  const init = { ...rest, headers: { Accept: "application/json", ...(rest.headers || {}) } };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) {
    init.method = init.method || "POST";
    init.body = JSON.stringify(json);
    init.headers["Content-Type"] = "application/json";
  }
  const response = await fetch(path, init);
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) {
    const message = (body && body.message) || `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.body = body;
    error.status = response.status;
    throw error;
  }
  return body;
}

let gameTitles = null;
/** Every game's title by its name (`{"claim-kingdoms": "Claim Kingdoms"}`), asked once. */
export async function titles() {
  if (!gameTitles) {
    gameTitles = {};
    try {
      for (const g of await api("/api/games")) gameTitles[g.name] = g.title;
    } catch { /* the names are a fine fallback */ }
  }
  return gameTitles;
}

/** The drawing module of the game `name` (games/<name>.js). */
export async function gameModule(name) {
  if (!/^[a-z-]+$/.test(name)) throw new Error(`unknown game ${name}`);
  return import(`/static/games/${name}.js`);
}

// Asking the server: its JSON API, who is signed in, the games' titles, and a game's
// drawing module.

// Answers the server put in the page (regency/server/pages/html.py, `preload`): public
// answers the page asks for at once, so its first view is drawn with no round trip and
// nothing on it jumps when they arrive. Each is used once; later asks go to the server.
const preloaded = new Map(Object.entries(JSON.parse(document.getElementById("preloaded")?.textContent || "{}")));

/**
 * Ask the server; the JSON answer, or an Error holding the server's message.
 *
 * @param path     the address (never with a token in it)
 * @param options  fetch's options, plus `json` (a body to send) and `token` (sent as
 *                 `Authorization: Bearer TOKEN`)
 */
export async function api(path, options = {}) {
  const { json, token, ...rest } = options;
  if (json === undefined && !rest.method && preloaded.has(path)) {
    const body = preloaded.get(path);
    preloaded.delete(path);
    return body;
  }
  const init = { ...rest, headers: { Accept: "application/json", ...(rest.headers || {}) } };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) {
    init.method = init.method || "POST";
    init.body = JSON.stringify(json);
    init.headers["Content-Type"] = "application/json";
  }
  // A change made signed in carries the session's CSRF token (docs/accounts.md): the
  // server refuses one made with the cookie alone, as another site's page would.
  if ((init.method || "GET") !== "GET") {
    const csrf = (await me()).csrf;
    if (csrf) init.headers["X-CSRF-Token"] = csrf;
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

let signedIn = null;
/**
 * Who is signed in here: `{signed_in, name, csrf, puzzles}` (GET /api/account), asked
 * once per page; `fresh` asks again (after signing in or out).
 */
export function me(fresh = false) {
  if (!signedIn || fresh) {
    signedIn = fetch("/api/account", { headers: { Accept: "application/json" } })
      .then((r) => r.json())
      .catch(() => ({ signed_in: false, name: null, csrf: null }));
  }
  return signedIn;
}

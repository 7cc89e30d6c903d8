// The lobby's live feed: server-sent events (GET /api/lobby/events) with the open tables
// and the queues' counts as they change, and the places this browser follows as they are
// seated. The browser's EventSource reconnects by itself (after a restart, to another
// server process behind the proxy); the first event of every connection is the whole list.

const EVENTS = ["lobby", "table", "gone", "pools", "entry", "restart"];

/**
 * Listen to the lobby.
 *
 * @param handlers  a function per event name (`lobby`, `table`, `gone`, `pools`, `entry`),
 *                  each given the event's data, and `status` given "live" or "reconnecting"
 * @returns `{follow(ids), close()}`: follow these places' ids (reconnects if they changed)
 */
export function openFeed(handlers) {
  let source = null;
  let followed = "";

  function connect() {
    if (source) source.close();
    const query = followed ? `?entries=${encodeURIComponent(followed)}` : "";
    source = new EventSource(`/api/lobby/events${query}`);
    for (const name of EVENTS) {
      source.addEventListener(name, (event) => {
        let data;
        try { data = JSON.parse(event.data); } catch { return; }
        handlers[name]?.(data);
      });
    }
    source.addEventListener("open", () => handlers.status?.("live"));
    source.addEventListener("error", () => handlers.status?.("reconnecting"));
  }

  connect();
  return {
    follow(ids) {
      const wanted = [...new Set(ids)].sort().join(",");
      if (wanted === followed) return;
      followed = wanted;
      connect();
    },
    close() { source?.close(); },
  };
}

// The offline page (the service worker shows it when a page cannot be loaded): what the
// person can do, the tables this browser set up, and back to the lobby once online.
import { el } from "/static/shared/dom.js";
import { myTables } from "/static/shared/links.js";
import { t } from "/static/shared/i18n.js";

const status = document.getElementById("offline-status");

async function retry() {
  status.textContent = t("Trying to reach the server…");
  try {
    const answer = await fetch("/healthz", { cache: "no-store" });
    if (answer.ok) {
      // The page that was asked for (the service worker showed this one in its place).
      if (location.pathname === "/offline") location.replace("/");
      else location.reload();
      return;
    }
  } catch { /* still offline */ }
  status.textContent = t("Still offline. This page opens the lobby by itself as soon as the connection is back.");
}

document.getElementById("offline-retry").addEventListener("click", retry);
window.addEventListener("online", retry);

const tables = myTables();
if (tables.length) {
  document.getElementById("mine").replaceChildren(...tables.map((table) => el("li", {},
    el("strong", {}, table.title || table.game), ` · ${table.seats.join(", ")}`)));
}

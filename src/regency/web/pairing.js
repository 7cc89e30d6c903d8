// The lobby's "Play people" section: quick pairing (pools.js) and open tables
// (opentables.js), live through one event stream (shared/lobbyfeed.js) that also says when
// one of this browser's places is seated, and where: the page then goes to the table.

import { t } from "/static/shared/i18n.js";
import { openFeed } from "/static/shared/lobbyfeed.js";
import { forgetPlace, goToTable, myPlaces } from "/static/shared/places.js";
import { me } from "/static/shared/server.js";
import { quickPairing } from "/static/pools.js";
import { openTables } from "/static/opentables.js";

const GONE = {
  left: t("You left."),
  seated: t("You were seated at another table."),
  stale: t("Your place was given up: the page was closed too long."),
  closed: t("The table you sat at was closed by whoever opened it."),
  gone: t("That place is no longer kept."),
};

let account = null;
const status = document.getElementById("find-status");
const live = document.getElementById("find-live");

function say(text, bad = false) {
  status.textContent = text;
  status.classList.toggle("error", bad);
}

const context = {
  signedIn: () => account,
  name: () => (document.getElementById("pool-name")?.value || "").trim(),
  follow: () => feed.follow(myPlaces().map((p) => p.id)),
  say,
  seated: (entry) => {
    const place = myPlaces().find((p) => p.id === entry.id);
    if (place) goToTable(place, entry);
  },
};

const pools = quickPairing(document.getElementById("quick-pairing"), context);
const tables = openTables(document.getElementById("open-tables"), context);

const feed = openFeed({
  lobby(data) { pools.pools(data.pools); tables.all(data.open); },
  pools(data) { pools.pools(data.pools); },
  table(data) { tables.table(data); },
  gone(data) { tables.gone(data.id); },
  entry(data) {
    if (data.status === "seated") return context.seated(data);
    if (data.status === "gone" && myPlaces().some((p) => p.id === data.id)) {
      forgetPlace(data.id);
      if (data.why !== "left") say(GONE[data.why] || GONE.gone, data.why !== "seated");
      context.follow();
      pools.redraw();
      tables.redraw();
    }
  },
  status(state) {
    live.textContent = state === "live" ? t("live") : t("reconnecting…");
    live.classList.toggle("error", state !== "live");
  },
});
context.follow();

me().then((who) => {
  account = who.signed_in ? who.name : null;
  pools.account(who);
  tables.account(who);
});

// The replay page: /replay/<table>?seat=N&step=K steps through a finished game from any
// seat's view (or a spectator's); the server rebuilds each view from the game's record.
import { api, drawTable, el, gameModule, titles } from "/static/common.js";

const root = document.getElementById("table");
const tableId = location.pathname.split("/").filter(Boolean)[1];
const params = new URLSearchParams(location.search);
let seat = params.get("seat") === null || params.get("seat") === "" ? null : Number(params.get("seat"));
let step = params.has("step") ? Number(params.get("step")) : null;
let steps = 0;
let game = null;
const state = {};
const cache = new Map();

async function viewAt(n) {
  const key = `${seat}:${n}`;
  if (!cache.has(key)) {
    const q = seat === null ? "" : `?seat=${seat}`;
    cache.set(key, api(`/api/tables/${tableId}/replay/${n}${q}`));
  }
  return cache.get(key);
}

async function show(n) {
  let view;
  try {
    view = await viewAt(n);
  } catch (error) {
    root.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
    return;
  }
  steps = view.steps;
  step = view.step;
  if (!game) {
    game = await gameModule(view.game);
    const t = await titles();
    document.getElementById("where").textContent = `${t[view.game] || view.game} · replay of table ${tableId}`;
    const select = document.getElementById("seat");
    select.replaceChildren(el("option", { value: "" }, "a spectator"),
      ...view.seats.map((s) => el("option", { value: s.seat, selected: s.seat === seat }, `seat ${s.seat}: ${s.name}`)));
    select.addEventListener("change", () => {
      seat = select.value === "" ? null : Number(select.value);
      show(step);
    });
  }
  drawTable(root, view, game, { interactive: false, replay: true, play: () => {}, state, rerender: () => show(step) });
  document.getElementById("counter").textContent = `move ${step} of ${steps}`;
  document.getElementById("prev").disabled = step <= 0;
  document.getElementById("first").disabled = step <= 0;
  document.getElementById("next").disabled = step >= steps;
  document.getElementById("last").disabled = step >= steps;
  const url = new URL(location.href);
  url.search = new URLSearchParams({ ...(seat === null ? {} : { seat }), step }).toString();
  history.replaceState(null, "", url);
}

document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("prev").addEventListener("click", () => show(Math.max(0, step - 1)));
document.getElementById("next").addEventListener("click", () => show(Math.min(steps, step + 1)));
document.getElementById("last").addEventListener("click", () => show(steps));
document.getElementById("copy").addEventListener("click", async (event) => {
  try { await navigator.clipboard.writeText(location.href); event.target.textContent = "Copied"; }
  catch { event.target.textContent = location.href; }
});
document.getElementById("download").href = `/api/tables/${tableId}/record`;
document.addEventListener("keydown", (event) => {
  if (event.target.closest("select, input")) return;
  if (event.key === "ArrowRight") show(Math.min(steps, step + 1));
  else if (event.key === "ArrowLeft") show(Math.max(0, step - 1));
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(steps);
  else return;
  event.preventDefault();
});

show(step === null ? 1e9 : step);

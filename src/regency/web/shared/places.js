// The places this browser waits in (a pool's queue, a seat at an open table), the token a
// guest's page keeps, and going to the table once a place is seated.
//
// A guest (nobody signed in) is known to the server by a token the first answer gives the
// page: sent again with every request (`Authorization: Bearer`), it makes every place the
// same person's, and it is the guest's seat token at the table they are seated at. It stays
// in this browser (localStorage) and after "#" in a table's link, never in an address the
// server sees.

import { fragmentLink, rememberTable } from "/static/shared/links.js";
import { api } from "/static/shared/server.js";

const GUEST = "regency.guest";
const PLACES = "regency.places";

/** The token this browser's guest is known by ("" before the first place). */
export function guestToken() {
  return localStorage.getItem(GUEST) || "";
}

/** Keep the token an answer gave a guest (answers for an account carry none). */
export function keepGuestToken(token) {
  if (token) localStorage.setItem(GUEST, token);
}

/**
 * The places this browser waits in: `{id, pool, open, rated, rating, title, guest, opened,
 * joined}` each (`opened`: the open table is this browser's own).
 */
export function myPlaces() {
  let places;
  try { places = JSON.parse(localStorage.getItem(PLACES) || "[]"); } catch { return []; }
  return Array.isArray(places) ? places.filter((p) => p && typeof p.id === "string") : [];
}

function keep(places) {
  localStorage.setItem(PLACES, JSON.stringify(places.slice(0, 20)));
}

/**
 * Remember a place the server answered with (`entry`): its title, whether a guest holds it,
 * and whether it is the seat of whoever opened that open table (`opened`).
 */
export function rememberPlace(entry, title, guest, opened = false) {
  const places = myPlaces().filter((p) => p.id !== entry.id);
  places.unshift({ id: entry.id, pool: entry.pool, open: entry.open, rated: entry.rated,
    rating: entry.rating, title, guest, opened, joined: entry.joined_at });
  keep(places);
}

/** Forget a place (left, given up, or seated). */
export function forgetPlace(id) {
  keep(myPlaces().filter((p) => p.id !== id));
}

/** A seated place's table link: a guest's carries their token after "#". */
export function seatLink(url, guest) {
  const token = guest ? guestToken() : "";
  return token ? fragmentLink(`${url}?token=${encodeURIComponent(token)}`) : url;
}

/**
 * A place was seated: remember the table among "Your tables" (with who sits there) and go
 * to it. It has no spectator link: nobody is given one at a table quick pairing made.
 *
 * @param place  the remembered place (its title and whether a guest holds it)
 * @param seated the `entry` event: `{id, table, seat, url}`
 */
export async function goToTable(place, seated) {
  forgetPlace(seated.id);
  const link = seatLink(seated.url, place.guest);
  let seats = [];
  try {
    seats = (await api(`/api/tables/${seated.table}`)).seats.map((s) => s.name);
  } catch { /* the table page names them anyway */ }
  rememberTable({ table: seated.table, game: place.title, title: place.title, created: Date.now(),
    seats, play: link, invites: [], watch: null });
  location.href = link;
}

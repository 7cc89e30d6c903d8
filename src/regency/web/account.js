// /account: sign in or make an account; signed in, the account's settings: the password,
// signing out here or everywhere, deleting the account. Every rule and limit is the
// server's (docs/accounts.md); the page says them and shows the server's refusals.
import { el } from "/static/shared/dom.js";
import { t } from "/static/shared/i18n.js";
import { api, me } from "/static/shared/server.js";
import { showAccount, signIn, signOut } from "/static/shared/account.js";

const root = document.getElementById("page");
document.getElementById("where").textContent = t("your account");

/** A labelled field; `hint` is read out with it (aria-describedby). */
function field(id, label, attrs, hint = "") {
  const input = el("input", { id, name: id, required: true, ...attrs,
    "aria-describedby": hint ? `${id}-hint` : null });
  return el("p", { class: "field" }, el("label", { for: id }, label), input,
    hint ? el("span", { class: "small muted", id: `${id}-hint` }, hint) : "");
}

/** A form that calls `send(values)` and shows its refusal in its own alert line. */
function form(id, title, fields, button, send, note = "") {
  const error = el("p", { class: "error", role: "alert", id: `${id}-error` });
  const node = el("form", { id, class: "panel account-form", "aria-labelledby": `${id}-h` },
    el("h2", { id: `${id}-h` }, title), note ? el("p", { class: "small muted" }, note) : "",
    fields, el("p", {}, el("button", { class: "primary", type: "submit" }, button)), error);
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const values = Object.fromEntries(new FormData(node).entries());
    const submit = node.querySelector("button[type=submit]");
    submit.disabled = true;
    try {
      await send(values);
    } catch (e) {
      error.textContent = e.status === 429 ? `${e.message}.` : e.message;
    } finally {
      submit.disabled = false;
    }
  });
  return node;
}

const NAME_HINT = t("2 to 20 letters (a-z), digits, _ or -, starting with a letter.");
const PASSWORD_HINT = t("At least 8 characters; not one of the most common passwords.");

function signedOutPage() {
  const next = new URLSearchParams(location.search).get("next");
  const done = () => { location.href = next && next.startsWith("/") && !next.startsWith("//") ? next : "/"; };
  root.replaceChildren(
    el("h1", {}, t("Sign in")),
    el("p", { class: "small muted" }, t("An account is not needed to play: invite links work as always."), " ",
      t("With one you keep a rating per game, a list of your games and a profile page.")),
    el("div", { class: "account-forms" },
      form("signin", t("Sign in"), [
        field("signin-name", t("User name"), { autocomplete: "username", maxlength: 20 }),
        field("signin-password", t("Password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
      ], t("Sign in"), async (v) => { await signIn(v["signin-name"], v["signin-password"], false); done(); }),
      form("signup", t("Make an account"), [
        field("signup-name", t("User name"), { autocomplete: "username", maxlength: 20 }, NAME_HINT),
        field("signup-password", t("Password"), { type: "password", autocomplete: "new-password", maxlength: 256 }, PASSWORD_HINT),
      ], t("Make the account"), async (v) => { await signIn(v["signup-name"], v["signup-password"], true); done(); },
      t("Your user name is public: it names your profile and your seat at the tables."))));
}

function signedInPage(who) {
  const status = el("p", { class: "small", role: "status", id: "account-status" });
  const outHere = el("button", { type: "button", id: "signout",
    onclick: async () => { await signOut(false); location.href = "/"; } }, t("Sign out"));
  const outAll = el("button", { type: "button", id: "signout-everywhere",
    onclick: async () => { await signOut(true); location.href = "/account"; } }, t("Sign out everywhere"));
  root.replaceChildren(
    el("h1", {}, t("Your account: {name}", { name: who.name })),
    el("p", {}, el("a", { href: `/@/${encodeURIComponent(who.name)}` }, t("Your profile")), " · ",
      el("a", { href: "/games" }, t("My games")), " · ",
      el("a", { href: "/leaderboard" }, t("Leaderboards"))),
    el("section", { class: "panel", "aria-labelledby": "sessions-h" },
      el("h2", { id: "sessions-h" }, t("Signed in")),
      el("p", { class: "small muted" }, t("Signing out everywhere ends your sessions on every device (a session also ends after 7 days unused, or 30 days after you signed in).")),
      el("p", { class: "row" }, outHere, outAll), status),
    form("password", t("Change the password"), [
      field("password-current", t("Current password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
      field("password-new", t("New password"), { type: "password", autocomplete: "new-password", maxlength: 256 }, PASSWORD_HINT),
    ], t("Change the password"), async (v) => {
      await api("/api/account/password", { json: { current: v["password-current"], new: v["password-new"] } });
      await me(true);
      document.getElementById("password").reset();
      status.textContent = t("Your password is changed; every other device is signed out.");
    }, t("Your other devices are signed out when it changes.")),
    form("delete", t("Delete the account"), [
      field("delete-password", t("Password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
      el("p", {}, el("label", { class: "check" }, el("input", { type: "checkbox", name: "sure", id: "delete-sure", required: true }),
        t("Yes, delete my account, my ratings and my list of games"))),
    ], t("Delete the account"), async (v) => {
      await api("/api/account/delete", { json: { password: v["delete-password"] } });
      await me(true);
      root.replaceChildren(el("h1", {}, t("Your account is deleted")),
        el("p", {}, t("Your finished games stay in the other players' lists as \u201cdeleted player\u201d; nothing else of it is kept."), " ",
          el("a", { href: "/" }, t("Back to the lobby"))));
      showAccount();
    }, t("Your finished games stay in the other players' lists, as \u201cdeleted player\u201d. This cannot be undone.")));
}

async function start() {
  await showAccount();
  const who = await me();
  if (who.signed_in) signedInPage(who);
  else signedOutPage();
}

start();

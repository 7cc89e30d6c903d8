"""Accounts: signing up, in and out, the password, deleting, API tokens (docs/accounts.md).

* ``GET /api/account``: who is signed in here, the session's CSRF token and the
  account's puzzle ratings;
* ``POST /api/account/signup``, ``/signin``: ``{"name", "password"}``, a new session;
* ``POST /api/account/signout``, ``/signout-everywhere``: end this session, or every one;
* ``POST /api/account/password``: ``{"current", "new"}``; every other session ends;
* ``POST /api/account/delete``: ``{"password"}``: the account and everything of it go;
* ``GET /api/account/tokens``, ``POST /api/account/tokens`` (``{"label"}``),
  ``DELETE /api/account/tokens/{id}``: API tokens for programs;
* ``PUT /api/account/puzzles``: the puzzle ratings a browser kept, moved to the account;
* ``GET /api/me``, ``PATCH /api/me`` (``{"language": "de"}``, ``null`` for none chosen):
  the account's settings, the language its pages speak (docs/i18n.md).

Every change made with the session cookie needs this server's ``Origin`` and the
session's CSRF token (:mod:`~regency.server.routes.identity`).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from regency.accounts.errors import AccountError
from regency.accounts.names import check_name, name_key
from regency.accounts.passwords import check_password
from regency.accounts.sessions import hash_secret
from regency.accounts.throttle import PER_ADDRESS, PER_NAME, WINDOW, wait
from regency.core.i18n import LANGUAGES, _, language
from regency.puzzles.rating import Rating, RatingError
from regency.server.errors import ProtocolError
from regency.server.language import COOKIE as LANGUAGE_COOKIE
from regency.server.protocol import DeleteAccount, NewPassword, NewToken, SignIn
from regency.server.routes.common import client_of, hub_of
from regency.server.routes.identity import (
    accounts_of,
    caller,
    check_origin,
    clear_session_cookie,
    hasher_of,
    hashing_of,
    require,
    set_session_cookie,
)
from regency.server.storage.accounts import Account, AccountStore

__all__ = ["router"]

router = APIRouter()


def _refused(exc: AccountError) -> ProtocolError:
    status = {"name_taken": 409, "too_many_tokens": 409}.get(exc.code, 422)
    return ProtocolError(status, exc.code, str(exc))


def _signed_in(account: Account, csrf: str, status: int = 200) -> dict[str, Any]:
    return {"signed_in": True, "name": account.name, "csrf": csrf}


async def _hash(request: Request, password: str) -> str:
    async with hashing_of(request):
        return await asyncio.to_thread(hasher_of(request).hash, password)


async def _verify(request: Request, stored: str | None, password: str) -> bool:
    """Check a password (against nothing, as long, when there is no account)."""
    hasher = hasher_of(request)
    async with hashing_of(request):
        if stored is None:
            return await asyncio.to_thread(hasher.verify_nobody, password)
        return await asyncio.to_thread(hasher.verify, stored, password)


def _keys(name: str, client: str) -> tuple[str, str]:
    """The throttle's keys for a name and an address (hashed: no address is stored)."""
    return hash_secret("name:" + name_key(name.strip())), hash_secret("addr:" + client)


async def _throttle(store: AccountStore, keys: tuple[str, str]) -> None:
    """429 while the name or the address has too many recent failures."""
    now = time.time()
    found = await asyncio.to_thread(store.failures, list(keys), now - WINDOW)
    late = max(wait(found[keys[0]], PER_NAME, now), wait(found[keys[1]], PER_ADDRESS, now))
    if late > 0:
        seconds = max(1, round(late))
        raise ProtocolError(
            429,
            "too_many_tries",
            _("too many wrong passwords: wait {seconds} s before you try again", seconds=seconds),
            retry_after=seconds,
        )


async def _check_password(request: Request, name: str, stored: str | None, password: str) -> bool:
    """Throttled check of a password; a wrong one is counted against the name and address."""
    store = accounts_of(request)
    keys = _keys(name, client_of(request))
    await _throttle(store, keys)
    if await _verify(request, stored, password):
        await asyncio.to_thread(store.forgive, keys[0])
        return True
    now = time.time()
    await asyncio.to_thread(store.fail, keys, now, now - WINDOW)
    return False


def _new_session_answer(
    request: Request, account: Account, old: str | None, status: int = 200
) -> JSONResponse:
    """A fresh session (the old one ended), its cookie set."""
    store = accounts_of(request)
    if old:
        store.end_session(old)
    session_id, csrf = store.new_session(account.id)
    response = JSONResponse(_signed_in(account, csrf), status_code=status)
    set_session_cookie(response, request, session_id)
    return response


@router.get("/api/account", summary="Who is signed in here")
async def me(request: Request) -> JSONResponse:
    who = await caller(request)
    if who.account is None:
        response = JSONResponse({"signed_in": False, "name": None, "csrf": None})
        if who.session_id:  # an ended session's cookie: forget it
            clear_session_cookie(response, request)
        return response
    csrf = who.session.csrf if who.session is not None else None
    return JSONResponse(
        {
            "signed_in": True,
            "name": who.account.name,
            "csrf": csrf,
            "puzzles": who.account.puzzles,
        }
    )


@router.post("/api/account/signup", status_code=201, summary="Make an account and sign in")
async def signup(body: SignIn, request: Request) -> JSONResponse:
    check_origin(request)
    wait_for = request.app.state.signups.allow(client_of(request))
    if wait_for:
        seconds = max(1, round(wait_for))
        raise ProtocolError(
            429,
            "too_many_signups",
            _("too many new accounts from here; try again in {seconds} s", seconds=seconds),
            retry_after=seconds,
        )
    try:
        name = check_name(body.name)
        check_password(body.password, name)
    except AccountError as exc:
        raise _refused(exc) from None
    hashed = await _hash(request, body.password)
    try:
        account = await asyncio.to_thread(accounts_of(request).create, name, hashed)
    except AccountError as exc:
        raise _refused(exc) from None
    old = request.cookies.get("regency_session")
    return await asyncio.to_thread(_new_session_answer, request, account, old, 201)


@router.post("/api/account/signin", summary="Sign in")
async def signin(body: SignIn, request: Request) -> JSONResponse:
    check_origin(request)
    store = accounts_of(request)
    found = await asyncio.to_thread(store.by_name, body.name.strip()[:40])
    stored = None if found is None else found[1]
    if not await _check_password(request, body.name, stored, body.password) or found is None:
        raise ProtocolError(401, "wrong_password", _("wrong user name or password"))
    account = found[0]
    if account.disabled:
        raise ProtocolError(
            403, "disabled", _("this account is disabled: ask the server's operator")
        )
    hasher = hasher_of(request)
    if stored is not None and hasher.needs_rehash(stored):
        rehashed = await _hash(request, body.password)
        await asyncio.to_thread(store.set_password, account.id, rehashed, None)
    old = request.cookies.get("regency_session")
    return await asyncio.to_thread(_new_session_answer, request, account, old)


@router.post("/api/account/signout", summary="Sign out on this device")
async def signout(request: Request) -> JSONResponse:
    who = await caller(request, changing=True)
    if who.session_id:
        await asyncio.to_thread(accounts_of(request).end_session, who.session_id)
    response = JSONResponse({"signed_in": False})
    clear_session_cookie(response, request)
    return response


@router.post("/api/account/signout-everywhere", summary="Sign out on every device")
async def signout_everywhere(request: Request) -> JSONResponse:
    account = require(await caller(request, changing=True))
    await asyncio.to_thread(accounts_of(request).end_sessions, account.id)
    response = JSONResponse({"signed_in": False})
    clear_session_cookie(response, request)
    return response


@router.post("/api/account/password", summary="Change the password")
async def change_password(body: NewPassword, request: Request) -> JSONResponse:
    who = await caller(request, changing=True)
    account = require(who)
    if who.session is None:
        raise ProtocolError(403, "session_needed", _("change the password on the site, signed in"))
    store = accounts_of(request)
    stored = await asyncio.to_thread(store.password_hash, account.id)
    if not await _check_password(request, account.name, stored, body.current):
        raise ProtocolError(401, "wrong_password", _("the current password is not that"))
    try:
        check_password(body.new, account.name)
    except AccountError as exc:
        raise _refused(exc) from None
    hashed = await _hash(request, body.new)
    await asyncio.to_thread(store.set_password, account.id, hashed, None)
    return await asyncio.to_thread(_new_session_answer, request, account, None)


@router.post("/api/account/delete", summary="Delete the account and everything of it")
async def delete_account(body: DeleteAccount, request: Request) -> JSONResponse:
    who = await caller(request, changing=True)
    account = require(who)
    if who.session is None:
        raise ProtocolError(403, "session_needed", _("delete the account on the site, signed in"))
    store = accounts_of(request)
    stored = await asyncio.to_thread(store.password_hash, account.id)
    if not await _check_password(request, account.name, stored, body.password):
        raise ProtocolError(401, "wrong_password", _("the password is not that"))
    tables = await asyncio.to_thread(store.delete, account.id)
    await hub_of(request).seats_changed(tables)
    response = JSONResponse({"deleted": True, "signed_in": False})
    clear_session_cookie(response, request)
    return response


@router.get("/api/account/tokens", summary="The account's API tokens")
async def tokens(request: Request) -> dict[str, Any]:
    account = require(await caller(request))
    found = await asyncio.to_thread(accounts_of(request).tokens, account.id)
    return {"tokens": [t.to_json() for t in found]}


@router.post("/api/account/tokens", status_code=201, summary="Make an API token")
async def make_token(body: NewToken, request: Request) -> dict[str, Any]:
    who = await caller(request, changing=True)
    account = require(who)
    if who.session is None:
        raise ProtocolError(403, "session_needed", _("API tokens are made on the profile page"))
    label = " ".join(body.label.split()) or "API token"
    if any(not ch.isprintable() for ch in label):
        raise ProtocolError(422, "bad_label", _("a label is plain text on one line"))
    try:
        token_id, token = await asyncio.to_thread(
            accounts_of(request).make_token, account.id, label
        )
    except AccountError as exc:
        raise _refused(exc) from None
    return {"id": token_id, "label": label, "token": token}


@router.delete("/api/account/tokens/{token_id}", summary="Revoke an API token")
async def revoke_token(token_id: int, request: Request) -> dict[str, Any]:
    who = await caller(request, changing=True)
    account = require(who)
    if not await asyncio.to_thread(accounts_of(request).revoke, account.id, token_id):
        raise ProtocolError(404, "no_such_token", _("you have no API token with that id"))
    return {"revoked": token_id}


@router.put("/api/account/puzzles", summary="Move the browser's puzzle ratings to the account")
async def move_puzzles(body: dict[str, Any], request: Request) -> dict[str, Any]:
    """Each game's rating the browser kept joins the account's, the one of more tries kept."""
    account = require(await caller(request, changing=True))
    kept = dict(account.puzzles)
    if len(body) > 16:
        raise ProtocolError(422, "bad_rating", _("at most 16 games' ratings"))
    for game, data in body.items():
        try:
            theirs = Rating.from_dict(data)
        except RatingError as exc:
            raise ProtocolError(422, "bad_rating", _("{game}: {exc}", game=game, exc=exc)) from None
        ours = kept.get(game)
        if ours is None or Rating.from_dict(ours).tries < theirs.tries:
            kept[str(game)[:64]] = theirs.to_dict()
    await asyncio.to_thread(accounts_of(request).set_puzzles, account.id, kept)
    return {"puzzles": kept}


def _me(account: Account | None) -> dict[str, Any]:
    return {
        "signed_in": account is not None,
        "name": None if account is None else account.name,
        "language": (account.language or None) if account is not None else None,
        "speaking": language(),
    }


@router.get("/api/me", summary="The account's settings: its language")
async def get_me(request: Request) -> dict[str, Any]:
    """``language``: the account's choice (``None``: none); ``speaking``: this answer's."""
    return _me((await caller(request)).account)


LANGUAGE_YEAR = 365 * 86400
"""Seconds the ``lang`` cookie is kept."""


@router.patch("/api/me", summary="Change the account's settings: its language")
async def patch_me(body: dict[str, Any], request: Request) -> JSONResponse:
    """``{"language": "de"}``: the pages speak it, on every device signed in to the account.

    ``null`` (or ``""``) forgets the choice (the browser's ``Accept-Language`` decides).
    Also sets the ``lang`` cookie of this browser, so the next page speaks it at once.
    """
    account = require(await caller(request, changing=True))
    unknown = sorted(set(body) - {"language"})
    if unknown:
        raise ProtocolError(
            422, "bad_setting", _("no such setting: {names}", names=", ".join(unknown))
        )
    chosen = body.get("language") or ""
    if chosen and (not isinstance(chosen, str) or chosen not in LANGUAGES):
        raise ProtocolError(
            422,
            "bad_language",
            _(
                "no such language: {language}; use one of {known}",
                language=repr(chosen)[:40],
                known=", ".join(LANGUAGES),
            ),
        )
    if "language" in body:
        await asyncio.to_thread(accounts_of(request).set_language, account.id, chosen)
    response = JSONResponse(
        {
            "signed_in": True,
            "name": account.name,
            "language": chosen or None,
            "speaking": language(),
        }
    )
    if chosen:
        response.set_cookie(
            LANGUAGE_COOKIE, chosen, max_age=LANGUAGE_YEAR, path="/", samesite="lax"
        )
    return response

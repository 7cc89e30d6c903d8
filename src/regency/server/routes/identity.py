"""Who is asking: a signed-in account, by its session cookie or an API token.

* **API tokens** (programs, ``regency connect``): ``Authorization: Bearer rga_...`` (on a
  WebSocket also the subprotocol ``regency.token.rga_...``). A token that is no longer
  valid is refused (401 ``bad_api_token``) rather than read as nobody: a program should
  hear that its token was revoked.
* **The session cookie** (the pages): :data:`~regency.accounts.sessions.COOKIE`, an
  opaque id looked up in the database. A cookie whose session has ended (signed out,
  expired, the account deleted) is read as nobody.

**Cross-site requests.** A browser sends the cookie with requests that another site's
page starts (a form posted to this server, a script's request); the cookie is therefore
trusted for a change only when the request also passes both checks (docs/accounts.md,
"Cross-site requests"): its ``Origin``, when it has one, is this server's own (the
``Host`` the request was sent to), and it carries the session's CSRF token in the
:data:`~regency.accounts.sessions.CSRF_HEADER` header, which a page of another site can
neither read nor send. Otherwise it is refused with 403 ``cross_site`` before anything
changes. A request made with a seat's token, an API token or no cookie needs neither: no
browser sends those by itself. A WebSocket opened with the cookie must come from a page
of this server (its ``Origin``), or it is opened as nobody's.
"""

from __future__ import annotations

import asyncio
import hmac
from dataclasses import dataclass
from urllib.parse import urlsplit

from fastapi import Request, Response, WebSocket

from regency.accounts.passwords import Hasher
from regency.accounts.sessions import COOKIE, CSRF_HEADER, SESSION_DAYS, is_api_token
from regency.core.i18n import _
from regency.server.errors import ProtocolError
from regency.server.operations.security import TOKEN_PROTOCOL
from regency.server.storage.accounts import Account, AccountStore, Session
from regency.server.storage.ratings import RatingStore

__all__ = [
    "Caller",
    "accounts_of",
    "caller",
    "clear_session_cookie",
    "hasher_of",
    "hashing_of",
    "may_change",
    "ratings_of",
    "require",
    "same_origin",
    "set_session_cookie",
    "socket_caller",
]


@dataclass(frozen=True, slots=True)
class Caller:
    """Who a request comes from.

    Attributes:
        account: The signed-in account (``None``: nobody signed in).
        session_id: The session cookie's value, if the request carried one (even an
            ended session's).
        session: The live session (``None`` for an API token or nobody).
    """

    account: Account | None = None
    session_id: str | None = None
    session: Session | None = None

    @property
    def id(self) -> int | None:
        """The account's id (``None``: nobody)."""
        return None if self.account is None else self.account.id


NOBODY = Caller()


def accounts_of(request: Request | WebSocket) -> AccountStore:
    """The accounts, sessions and API tokens."""
    store: AccountStore = request.app.state.accounts
    return store


def ratings_of(request: Request | WebSocket) -> RatingStore:
    """The ratings and histories."""
    store: RatingStore = request.app.state.ratings
    return store


def hasher_of(request: Request) -> Hasher:
    """The server's password hasher (Argon2id)."""
    hasher: Hasher = request.app.state.hasher
    return hasher


def hashing_of(request: Request) -> asyncio.Semaphore:
    """The password checks allowed at once (each takes 46 MiB and a core for ~0.1 s)."""
    semaphore: asyncio.Semaphore = request.app.state.hashing
    return semaphore


def same_origin(request: Request | WebSocket) -> bool:
    """Whether the request's ``Origin`` (if it names one) is this server's own address."""
    origin = request.headers.get("origin")
    if origin is None:
        return True  # not sent by another site's page: browsers name the page's origin
    host = request.headers.get("host", "")
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc.lower() == host.lower()


def check_origin(request: Request) -> None:
    """403 ``cross_site`` for a request sent by a page of another site."""
    if not same_origin(request):
        raise ProtocolError(
            403, "cross_site", _("this request came from another site's page, and is refused")
        )


def _api_token(request: Request | WebSocket) -> str | None:
    authorization = request.headers.get("authorization", "")
    if authorization[:7].lower() == "bearer ":
        found = authorization[7:].strip()
        return found if is_api_token(found) else None
    for entry in request.headers.get("sec-websocket-protocol", "").split(","):
        entry = entry.strip()
        if entry.startswith(TOKEN_PROTOCOL) and is_api_token(entry[len(TOKEN_PROTOCOL) :]):
            return entry[len(TOKEN_PROTOCOL) :]
    return None


async def _by_api_token(request: Request | WebSocket, token: str) -> Caller:
    account = await asyncio.to_thread(accounts_of(request).by_api_token, token)
    if account is None:
        raise ProtocolError(401, "bad_api_token", _("that API token was revoked or never made"))
    return Caller(account)


async def caller(request: Request, changing: bool = False) -> Caller:
    """Who sends ``request``: an API token's account, a session's, or nobody.

    Args:
        request: The request.
        changing: Whether the request changes something with the account's authority:
            then a session's cookie counts only with this server's ``Origin`` and the
            session's CSRF token (else 403 ``cross_site``).

    Raises:
        ProtocolError: 401 ``bad_api_token``, 403 ``cross_site``.
    """
    token = _api_token(request)
    if token is not None:
        return await _by_api_token(request, token)
    session_id = request.cookies.get(COOKIE)
    if not session_id:
        return NOBODY
    session = await asyncio.to_thread(accounts_of(request).session, session_id)
    if session is None:
        return Caller(session_id=session_id)
    if changing:
        check_origin(request)
        sent = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent.encode(), session.csrf.encode()):
            raise ProtocolError(
                403,
                "cross_site",
                _(
                    "a change asked for with the session cookie must carry the {header} "
                    "header of its page; this one did not, and is refused",
                    header=CSRF_HEADER,
                ),
            )
    return Caller(session.account, session_id, session)


async def socket_caller(websocket: WebSocket) -> Caller:
    """Who opens a WebSocket: an API token's account, or a session's from this server's page.

    Raises:
        ProtocolError: 401 ``bad_api_token``.
    """
    token = _api_token(websocket)
    if token is not None:
        return await _by_api_token(websocket, token)
    session_id = websocket.cookies.get(COOKIE)
    if not session_id or not same_origin(websocket):
        return NOBODY
    session = await asyncio.to_thread(accounts_of(websocket).session, session_id)
    return NOBODY if session is None else Caller(session.account, session_id, session)


def may_change(request: Request, who: Caller) -> bool:
    """Whether ``who`` may change their account with this request without a refusal.

    An API token's account may; a session's only with this server's ``Origin`` and the
    session's CSRF token. For a request that changes the account only as a side effect
    (a puzzle's try moves the stored rating): without the checks it is answered as if
    nobody were signed in, and nothing of the account changes.
    """
    if who.account is None:
        return False
    if who.session is None:
        return True
    sent = request.headers.get(CSRF_HEADER, "")
    return same_origin(request) and hmac.compare_digest(sent.encode(), who.session.csrf.encode())


def require(who: Caller) -> Account:
    """The account, or 401 ``signed_out``."""
    if who.account is None:
        if who.session_id:
            raise ProtocolError(
                401, "signed_out", _("your session has ended (signed out, or too old): sign in")
            )
        raise ProtocolError(401, "signed_out", _("sign in first"))
    return who.account


def set_session_cookie(response: Response, request: Request, session_id: str) -> None:
    """Hand the browser its session id: HttpOnly, SameSite=Lax, Secure over HTTPS.

    The scheme is the one the client used: behind a proxy, the ``X-Forwarded-Proto`` of
    a proxy uvicorn trusts (``FORWARDED_ALLOW_IPS``; docs/deploy.md).
    """
    response.set_cookie(
        COOKIE,
        session_id,
        max_age=int(SESSION_DAYS * 86400),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_session_cookie(response: Response, request: Request) -> None:
    """Tell the browser to forget its session id."""
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )

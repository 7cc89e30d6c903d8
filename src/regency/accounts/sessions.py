"""Sessions and API tokens: the secrets that stand for a signed-in account.

**Sessions.** Signing in makes a session, kept server-side (in the database, so every
server process knows it); the browser holds only its id, 256 random bits in the cookie
:data:`COOKIE`, which the server stores as a SHA-256 (a copy of the database holds no
usable session). A session ends :data:`SESSION_DAYS` after it began, or after
:data:`IDLE_DAYS` without a request, or when its owner signs out (this device) or signs
out everywhere (every device), changes the password (every other device) or deletes the
account. Every sign-in makes a new id; an old one is never reused. Each session has its
own CSRF token (:func:`new_secret`), which the pages send back in the header
:data:`CSRF_HEADER` with every change they ask for.

**API tokens** (``regency connect``, programs): made and revoked on the profile page,
:data:`API_PREFIX` and 256 random bits, shown once, stored as a SHA-256, sent as
``Authorization: Bearer TOKEN``; they never expire, and act for the account until
revoked (at most :data:`MAX_API_TOKENS` per account).
"""

from __future__ import annotations

import hashlib
import secrets

__all__ = [
    "API_PREFIX",
    "COOKIE",
    "CSRF_HEADER",
    "IDLE_DAYS",
    "MAX_API_TOKENS",
    "MAX_SESSIONS",
    "SESSION_DAYS",
    "TOUCH_EVERY",
    "hash_secret",
    "is_api_token",
    "new_api_token",
    "new_secret",
]

COOKIE = "regency_session"
"""The session cookie's name (its value is the session id, nothing else)."""

CSRF_HEADER = "X-CSRF-Token"
"""The header a page sends its session's CSRF token in."""

SESSION_DAYS = 30.0
"""A session ends this many days after the sign-in that made it, whatever happens."""

IDLE_DAYS = 7.0
"""A session ends after this many days without a request."""

TOUCH_EVERY = 3600.0
"""Seconds between two writes of a session's last use (a request reads it; it is written
at most this often, so a busy player costs no write per request)."""

MAX_SESSIONS = 50
"""Sessions one account may hold at once; a new sign-in ends the oldest beyond it."""

MAX_API_TOKENS = 10
"""API tokens one account may hold at once."""

API_PREFIX = "rga_"
"""What an API token starts with (a seat token never does: it is 32 characters of
``secrets.token_urlsafe``, and an API token is longer)."""


def new_secret() -> str:
    """A fresh session id or CSRF token: 256 random bits from :mod:`secrets`."""
    return secrets.token_urlsafe(32)


def new_api_token() -> str:
    """A fresh API token: :data:`API_PREFIX` and 256 random bits."""
    return API_PREFIX + secrets.token_urlsafe(32)


def is_api_token(text: str) -> bool:
    """Whether ``text`` has an API token's form (whether it is one is the database's)."""
    return text.startswith(API_PREFIX) and len(text) == len(API_PREFIX) + 43


def hash_secret(text: str) -> str:
    """The SHA-256 a session id or API token is stored as."""
    return hashlib.sha256(text.encode()).hexdigest()

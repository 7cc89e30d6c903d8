"""Passwords: what one must be, and how it is kept (Argon2id, never the password itself).

The policy follows OWASP's and NIST SP 800-63B's advice: a minimum length
(:data:`MIN_PASSWORD`), a generous maximum (:data:`MAX_PASSWORD`, checked before any
hashing, so a huge password costs the server nothing), any character at all, no rule of
"one digit and one capital", and a refusal of the common passwords people pick first (the
10,000 most common of 8 characters or more, shipped in ``common-passwords.txt``) and of
the user's own name.

A password is stored as its Argon2id hash (argon2-cffi), with the parameters of
:data:`HASHER`: OWASP's first recommendation, 46 MiB of memory, 1 pass, 1 lane, chosen
so that a sign-in stays under 0.3 s on a small, busy server (docs/accounts.md,
"Passwords", has the measurement). The parameters live in each hash, so raising them
later re-hashes a password at its owner's next sign-in (:meth:`Hasher.needs_rehash`).

Example:
    >>> check_password("correct horse", "Ann")
    >>> fast = Hasher(time_cost=1, memory_cost=1024)
    >>> fast.verify(fast.hash("correct horse"), "correct horse")
    True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib import resources

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from regency.accounts.errors import AccountError

__all__ = [
    "HASHER",
    "MAX_PASSWORD",
    "MIN_PASSWORD",
    "Hasher",
    "check_password",
    "common_passwords",
    "is_common",
]

MIN_PASSWORD = 8
"""The fewest characters a password may have."""

MAX_PASSWORD = 256
"""The most characters a password may have (refused before it is hashed)."""


@functools.cache
def common_passwords() -> frozenset[str]:
    """The common passwords refused, in lower case (read once from the package)."""
    text = (resources.files("regency.accounts") / "common-passwords.txt").read_text("utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


def is_common(password: str) -> bool:
    """Whether ``password`` is one of the common passwords (in any case)."""
    return password.lower() in common_passwords()


def check_password(password: str, name: str = "") -> None:
    """Refuse a password that may not be chosen.

    Args:
        password: The new password.
        name: The user's name (a password may not be the name itself).

    Raises:
        AccountError: ``weak_password`` (too short, common, the name) or
            ``bad_password`` (too long, not text), saying which.
    """
    if not isinstance(password, str):
        raise AccountError("bad_password", "a password is text")
    if len(password) > MAX_PASSWORD:
        raise AccountError("bad_password", f"a password has at most {MAX_PASSWORD} characters")
    if len(password) < MIN_PASSWORD:
        raise AccountError("weak_password", f"a password has at least {MIN_PASSWORD} characters")
    if is_common(password):
        raise AccountError(
            "weak_password",
            "that password is one of the most common ones, which are tried first: "
            "choose another (a few words of your own make a good one)",
        )
    if name and password.lower() == name.lower():
        raise AccountError("weak_password", "a password may not be the user name")


@dataclass(frozen=True)
class Hasher:
    """Argon2id with fixed parameters.

    Attributes:
        time_cost: Passes over the memory.
        memory_cost: Memory, in KiB.
        parallelism: Lanes (threads).
    """

    time_cost: int = 1
    memory_cost: int = 46 * 1024
    parallelism: int = 1
    _hasher: PasswordHasher = field(init=False, repr=False, compare=False)
    _dummy: list[str] = field(init=False, repr=False, compare=False, default_factory=list)

    def __post_init__(self) -> None:
        hasher = PasswordHasher(
            time_cost=self.time_cost,
            memory_cost=self.memory_cost,
            parallelism=self.parallelism,
            type=Type.ID,
        )
        object.__setattr__(self, "_hasher", hasher)

    def hash(self, password: str) -> str:
        """The password's Argon2id hash (with a fresh random salt), as stored."""
        return self._hasher.hash(password)

    def verify(self, stored: str, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` was made from (a bad hash: ``False``)."""
        try:
            return self._hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def verify_nobody(self, password: str) -> bool:
        """Check ``password`` against a hash of nothing: as long as a real check, never true.

        A sign-in with a name nobody has is checked this way, so that its answer takes
        as long as a wrong password's and says nothing of whether the name exists.
        """
        if not self._dummy:
            self._dummy.append(self.hash("regency: no such account"))
        self.verify(self._dummy[0], password)
        return False

    def needs_rehash(self, stored: str) -> bool:
        """Whether ``stored`` was made with other parameters (re-hash at sign-in)."""
        try:
            return self._hasher.check_needs_rehash(stored)
        except (InvalidHashError, ValueError):
            return True


HASHER = Hasher()
"""The server's hasher: Argon2id, 46 MiB, 1 pass, 1 lane (OWASP's recommendation)."""

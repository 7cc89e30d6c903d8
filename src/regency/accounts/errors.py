"""The accounts' refusal: a short code and a message a person can act on."""

from __future__ import annotations

from regency.core.errors import RegencyError

__all__ = ["AccountError"]


class AccountError(RegencyError, ValueError):
    """A name, a password or a token that is refused.

    Attributes:
        code: What kind of refusal (``bad_name``, ``weak_password``, ...): the server's
            error code for it.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code

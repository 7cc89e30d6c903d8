"""Accounts: what a person who comes back is known by (docs/accounts.md).

What is pure about accounts lives here, below the server: the rules of a user name
(:mod:`~regency.accounts.names`), the password policy and Argon2id hashing
(:mod:`~regency.accounts.passwords`, with the common passwords refused shipped beside
it), sessions' and API tokens' secrets and lifetimes (:mod:`~regency.accounts.sessions`)
and the sign-in throttle (:mod:`~regency.accounts.throttle`). The server keeps them
(``regency.server.storage.accounts``) and its routes call them; nothing here imports the
server.
"""

from regency.accounts.errors import AccountError
from regency.accounts.names import check_name, name_key
from regency.accounts.passwords import HASHER, Hasher, check_password

__all__ = ["HASHER", "AccountError", "Hasher", "check_name", "check_password", "name_key"]

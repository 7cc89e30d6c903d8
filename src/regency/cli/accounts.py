"""``regency accounts``: the operator's commands for a server's accounts.

For clubs without e-mail: the operator makes an account and hands its first password
over, lists the accounts, disables one (every session and API token stops working at
once) and sets a new password for someone who forgot theirs (every session ends). The
commands work on the server's database directly (``--database``, ``--data-dir``, as
``regency serve``), running or not; docs/accounts.md describes them.

A password is read from standard input (the first line) when it is not a terminal,
else asked twice without echo; ``--generate`` makes a random one and prints it.
"""

from __future__ import annotations

import argparse
import getpass
import secrets
import sys
import time

from rich.console import Console
from rich.table import Table

from regency.cli.args import UsageError
from regency.cli.serve import add_database_arguments, database_url

__all__ = ["add_accounts_arguments", "run_accounts"]

GENERATED_WORDS = 4
"""Words of a generated password."""

_WORDS = (
    "amber", "anchor", "apple", "arrow", "badger", "banner", "basket", "beacon", "birch",
    "blossom", "bramble", "breeze", "bridge", "bronze", "candle", "canyon", "castle", "cedar",
    "cellar", "chapel", "cherry", "cinder", "clover", "comet", "copper", "coral", "cotton",
    "crane", "crystal", "dagger", "delta", "desert", "dragon", "ember", "falcon", "feather",
    "fern", "forest", "fossil", "garnet", "giant", "glacier", "goblin", "granite", "harbor",
    "hazel", "heron", "hollow", "island", "ivory", "jasper", "kestrel", "knight", "lantern",
    "lemon", "lily", "linen", "lotus", "maple", "marble", "meadow", "mirror", "moss", "nectar",
    "oasis", "olive", "orchid", "otter", "pebble", "pepper", "pine", "planet", "plum",
    "quartz", "raven", "reef", "ribbon", "river", "saddle", "saffron", "salmon", "shadow",
    "silver", "spruce", "stone", "summit", "thistle", "thunder", "tiger", "timber", "topaz",
    "tulip", "valley", "velvet", "violet", "walnut", "willow", "wizard",
)  # fmt: skip


def add_accounts_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency accounts``'s arguments to its parser."""
    parser.add_argument(
        "action",
        choices=["create", "list", "disable", "enable", "reset-password"],
        help="create NAME, list, disable NAME, enable NAME, reset-password NAME",
    )
    parser.add_argument("name", nargs="?", help="the user name")
    parser.add_argument(
        "--generate",
        action="store_true",
        help="create, reset-password: make a random password and print it",
    )
    add_database_arguments(parser)


def _password(args: argparse.Namespace, console: Console) -> str:
    if args.generate:
        words = [secrets.choice(_WORDS) for _ in range(GENERATED_WORDS)]
        return "-".join(words)
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass("password: ")
    if getpass.getpass("again: ") != first:
        raise UsageError("the two passwords differ")
    return first


def run_accounts(args: argparse.Namespace, console: Console) -> int:
    """Run one of the operator's account commands; return the exit status."""
    from regency.accounts import AccountError, check_name, check_password
    from regency.accounts.passwords import HASHER
    from regency.server.storage.accounts import AccountStore
    from regency.server.storage.database import Storage, upgrade

    url, _ = database_url(args)
    if args.action != "list" and not args.name:
        raise UsageError(f"regency accounts {args.action} needs a user name")
    upgrade(url)
    storage = Storage(url)
    try:
        store = AccountStore(storage)
        if args.action == "list":
            table = Table("name", "since", "state", box=None)
            for account in store.all(limit=100_000):
                since = time.strftime("%Y-%m-%d", time.gmtime(account.created_at))
                table.add_row(account.name, since, "disabled" if account.disabled else "active")
            console.print(table)
            return 0
        if args.action == "create":
            try:
                name = check_name(args.name)
                password = _password(args, console)
                check_password(password, name)
                store.create(name, HASHER.hash(password))
            except AccountError as exc:
                raise UsageError(str(exc)) from None
            console.print(f"account {name} created", highlight=False)
            if args.generate:
                console.print(f"password: {password}", highlight=False)
            return 0
        found = store.by_name(args.name)
        if found is None:
            raise UsageError(f"no account is called {args.name!r}")
        account = found[0]
        if args.action in ("disable", "enable"):
            store.set_disabled(account.id, args.action == "disable")
            console.print(f"account {account.name} {args.action}d", highlight=False)
            return 0
        password = _password(args, console)
        try:
            check_password(password, account.name)
        except AccountError as exc:
            raise UsageError(str(exc)) from None
        store.set_password(account.id, HASHER.hash(password), None)
        console.print(
            f"new password set for {account.name}; every session of it has ended",
            highlight=False,
        )
        if args.generate:
            console.print(f"password: {password}", highlight=False)
        return 0
    finally:
        storage.close()

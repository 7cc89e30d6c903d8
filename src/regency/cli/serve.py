"""``regency serve`` and ``regency db upgrade``: run the game server, migrate its database."""

from __future__ import annotations

import argparse
import gc
import logging
import os
import re
from pathlib import Path
from typing import Any

from rich.console import Console

import regency
from regency.cli.args import UsageError

__all__ = [
    "LIMITS",
    "add_database_arguments",
    "add_db_arguments",
    "add_limit_arguments",
    "add_serve_arguments",
    "database_url",
    "default_data_dir",
    "run_db",
    "run_serve",
]


def default_data_dir() -> Path:
    """Where the server keeps its files: ``$REGENCY_DATA_DIR``, else the XDG data folder."""
    if env := os.environ.get("REGENCY_DATA_DIR"):
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "regency"


def add_database_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--database`` and ``--data-dir``."""
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="folder for the server's files, the SQLite database among them "
        f"(default: $REGENCY_DATA_DIR or {default_data_dir()})",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="a SQLAlchemy database URL instead of the SQLite file in the data folder, "
        "e.g. postgresql+psycopg://user:password@host/regency ($REGENCY_DATABASE)",
    )


def database_url(args: argparse.Namespace) -> tuple[str, Path]:
    """The database URL and data folder the arguments choose (the folder is created)."""
    from regency.server.storage.database import default_database_url

    data_dir = Path(args.data_dir) if args.data_dir else default_data_dir()
    url = args.database or os.environ.get("REGENCY_DATABASE")
    if url and not url.startswith(("sqlite", "postgresql")):
        raise UsageError(
            f"--database must be a sqlite:// or postgresql+psycopg:// URL, not {_shown(url)!r}"
        )
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create the data folder {data_dir}: {exc.strerror}") from None
    return url or default_database_url(data_dir), data_dir


_QUERY_SECRET = re.compile(r"([?&][^=&]*password[^=&]*=)[^&]*", re.IGNORECASE)


def _shown(url: str) -> str:
    """``url`` as it may be shown or logged: its password blanked (``***``).

    Both places a database URL can carry one: after the user name, and in a query
    parameter (``?password=``, ``sslpassword=``, which libpq takes too). A URL that does
    not parse shows its scheme only.
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return url.partition(":")[0] + "://..."
    return _QUERY_SECRET.sub(r"\1***", shown)


def add_db_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency db``'s arguments to its parser."""
    parser.add_argument("action", choices=["upgrade"], help="upgrade: apply the migrations")
    add_database_arguments(parser)


def run_db(args: argparse.Namespace, console: Console) -> int:
    """``regency db upgrade``: bring the database to the newest schema."""
    from regency.server.storage.database import upgrade

    url, _ = database_url(args)
    try:
        upgrade(url)
    except Exception as exc:  # the database's own message, as one line
        raise UsageError(f"cannot upgrade {_shown(url)}: {exc}") from None
    console.print(f"database {_shown(url)} is up to date", soft_wrap=True, highlight=False)
    return 0


LIMITS: tuple[tuple[str, type, str], ...] = (
    ("max_think", float, "the most seconds a computer seat thinks about a move"),
    ("max_iterations", int, "the largest iters, most, infer, nodes or leaf a spec may ask for"),
    ("chat_messages", int, "chat messages one seat may send in any --chat-seconds"),
    ("chat_seconds", float, "the window of the chat's rate limit, in seconds"),
    ("max_answer", float, "the most seconds a computer seat's turn takes, all its decisions"),
    ("max_open_tables", int, "how many unfinished tables the server keeps"),
    ("tables_per_minute", int, "tables one client (address) may set up per minute"),
    ("expire_days", float, "days without a move before an unfinished table is removed (0: never)"),
    (
        "open_wait",
        float,
        "seconds a table with a clock waits, at least, for a person to open it before "
        "their first move; then it is aborted",
    ),
    ("analysis_workers", int, "processes game analyses run in, apart from computer seats"),
    ("analysis_queue", int, "analyses that may wait for their turn"),
    ("open_tables_per_person", int, "open tables one person may have listed at once"),
    ("waiting_per_person", int, "queues and open tables one person may wait at, at once"),
    ("pairing_per_minute", int, "pairing requests one client (address) may make per minute"),
    ("open_table_minutes", float, "minutes an open table nobody sits down at stays listed"),
    ("tournaments_per_person", int, "tournaments not over one account may have set up"),
    ("max_tournaments", int, "tournaments not over on the server"),
)
"""The server's caps: ``--max-think`` and the rest, each a :class:`ServerSettings` field."""


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """Add a flag for every cap in :data:`LIMITS`, its default the server's own."""
    from regency.server.settings import ServerSettings

    defaults = ServerSettings(database="")
    for name, kind, text in LIMITS:
        default = getattr(defaults, name)
        parser.add_argument(
            "--" + name.replace("_", "-"),
            type=kind,
            default=default,
            help=f"{text} (default {default:g})",
        )


def _limits(args: argparse.Namespace) -> dict[str, Any]:
    """The caps given on the command line, checked."""
    found: dict[str, Any] = {}
    for name, _, _ in LIMITS:
        value = getattr(args, name)
        least = (
            0 if name == "expire_days" else (0.001 if name in ("max_think", "max_answer") else 1)
        )
        if value < least:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} must be at least {least:g}, not {value:g}")
        found[name] = value
    return found


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency serve``'s arguments to its parser."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes computer seats think in (default 1)"
    )
    parser.add_argument(
        "--log-level", default="warning", choices=["debug", "info", "warning", "error"]
    )
    parser.add_argument(
        "--log-format",
        default="text",
        choices=["text", "json"],
        help="one line per event, as text or as a JSON object (default text); with json, "
        "every line the process writes is JSON, the start-up line too",
    )
    parser.add_argument(
        "--shutdown-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="on SIGTERM: refuse new moves, finish those under way, tell every socket to "
        "reconnect, and exit within this many seconds (default 10, at most 600)",
    )
    add_database_arguments(parser)
    add_limit_arguments(parser)


def run_serve(args: argparse.Namespace, console: Console) -> int:
    """Run the server until it is stopped (``SIGTERM``, Ctrl-C); return the exit status.

    Logging is set up first, so that everything the process writes from here on is in
    ``--log-format``: with ``json``, one JSON object a line, the start-up line an event
    with the address, database (its password blanked) and data folder, and a refusal (a
    database that cannot be opened, a bad flag) an ``ERROR`` line rather than the
    command line's ``error:``, as is an error that stops the server.
    """
    from regency.server.operations.logs import configure_logs

    configure_logs(args.log_format, args.log_level)
    if args.log_format != "json":
        return _serve(args, console)
    log = logging.getLogger("regency.server")
    try:
        return _serve(args, console)
    except UsageError as exc:
        log.error("%s", exc)
        return 2
    except Exception:
        log.critical("the server stopped on an error", exc_info=True)
        return 1


def _started(fmt: str, console: Console, address: str, database: str, data_dir: Path) -> None:
    """Say where the server is: three lines of text, or one JSON event on stdout.

    Written whatever ``--log-level`` (like the text), with the formatter of the logs.
    """
    if fmt == "text":
        console.print(
            f"regency server: open [bold]{address}[/bold] (API description at /openapi.json)"
            f"\n  database: {database}\n  data folder: {data_dir}",
            highlight=False,
            soft_wrap=True,
        )
        return
    from regency.server.operations.logs import JsonFormatter

    record = logging.makeLogRecord(
        {
            "name": "regency.server",
            "levelno": logging.INFO,
            "levelname": "INFO",
            "msg": f"regency server: open {address} (API description at /openapi.json)",
            "fields": {
                "event": "starting",
                "address": address,
                "database": database,
                "data_dir": str(data_dir),
                "version": regency.__version__,
                "compiled": regency.COMPILED,
            },
        }
    )
    print(JsonFormatter().format(record), flush=True)


def _serve(args: argparse.Namespace, console: Console) -> int:
    """Check the arguments, open the database, and serve until stopped."""
    import uvicorn

    from regency.server.app import ServerSettings, create_app
    from regency.server.operations.logs import log_config
    from regency.server.operations.running import MAX_SHUTDOWN_TIMEOUT, GracefulServer
    from regency.server.operations.security import redact_logs
    from regency.server.protocol import MAX_WS_MESSAGE
    from regency.server.storage.database import upgrade

    url, data_dir = database_url(args)
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be 0 to 65535, not {args.port}")
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
    if not 0 < args.shutdown_timeout <= MAX_SHUTDOWN_TIMEOUT:
        raise UsageError(
            f"--shutdown-timeout must be over 0 and at most {MAX_SHUTDOWN_TIMEOUT:g} seconds, "
            f"not {args.shutdown_timeout:g}"
        )
    try:
        upgrade(url)
    except Exception as exc:
        raise UsageError(f"cannot open the database {_shown(url)}: {exc}") from None
    limits = _limits(args)
    app = create_app(ServerSettings(database=url, workers=args.workers, migrate=False, **limits))
    # Everything imported so far lives as long as the server: out of the collector's
    # sight. And collect less often: each full pass stops every table for as long as
    # it takes to walk every object (300 ms with 1,000 tables), most objects die young
    # (a move's views, the game it replaced), and the few cycles wait a minute or two.
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
    host = f"[{args.host}]" if ":" in args.host else args.host
    _started(args.log_format, console, f"http://{host}:{args.port}/", _shown(url), data_dir)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=MAX_WS_MESSAGE,
        # Views are a few kilobytes: compressing each one costs more CPU than it saves.
        ws_per_message_deflate=False,
        log_level=args.log_level,
        log_config=log_config(args.log_format, args.log_level),
        lifespan="on",
    )
    # uvicorn sets up its loggers when the config is made; from here on no log line, at
    # any level, shows a token (the access log writes query strings: old invite links).
    redact_logs()
    try:
        GracefulServer(config, app, args.shutdown_timeout).run()
    except KeyboardInterrupt:  # Ctrl-C, raised again once the server has stopped (logged)
        return 130
    return 0

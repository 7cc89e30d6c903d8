"""The server's log lines: one line per event, as text or JSON, never with a token.

``regency serve --log-format text`` (the default) writes
``2026-12-03T07:50:07Z WARNING regency.server: computer seat 1 at table Yx3 failed (...)``;
``--log-format json`` writes one JSON object per line, with ``time``, ``level``,
``logger``, ``message``, the ``table`` the line is about when it names one,
``exception`` (the traceback, as one string) when there is one, and the fields of an
event (a record's ``fields`` extra: the start-up line's ``address``, ``database``...).
Besides the server's and uvicorn's loggers, any other logger's warnings and errors, and
Python's warnings once :func:`logging.captureWarnings` sends them to logging, go through
the same handler (the root logger's, at ``WARNING``), so in JSON every line is JSON.

Every text of a line is passed through :func:`regency.server.operations.security.redact` as it is
formatted, whatever the logger (uvicorn's access log writes query strings: old invite
links carry ``?token=``), and the :class:`~regency.server.operations.security.RedactTokens` filter
sits on the handler too.
"""

from __future__ import annotations

import json
import logging
import logging.config
import os
import re
import time
from typing import Any

from regency.server.live.computer import WORKER_LOGS
from regency.server.operations.security import redact

__all__ = ["FORMATS", "JsonFormatter", "TextFormatter", "configure_logs", "log_config"]

FORMATS = ("text", "json")
"""The values of ``--log-format``."""

_TABLE = re.compile(
    r"(?:/api/tables/|/play/|/watch/|/replay/|\btable )([A-Za-z0-9_-]{4,32})(?![A-Za-z0-9_-])"
)


def _when(record: logging.LogRecord) -> str:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
    return f"{stamp}.{int(record.msecs):03d}Z"


def table_of(record: logging.LogRecord, message: str) -> str | None:
    """The table a log line is about: an explicit ``table`` extra, or the one it names."""
    given = getattr(record, "table", None)
    if isinstance(given, str):
        return given
    found = _TABLE.search(message)
    return found.group(1) if found else None


class TextFormatter(logging.Formatter):
    """``TIME LEVEL LOGGER: MESSAGE`` on one line (a traceback joined with `` | ``)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one redacted line."""
        line = f"{_when(record)} {record.levelname} {record.name}: {record.getMessage()}"
        if record.exc_info:
            trace = self.formatException(record.exc_info)
            line += " | " + " | ".join(trace.splitlines())
        return redact(line.replace("\n", " | "))


def _access_fields(record: logging.LogRecord) -> dict[str, Any] | None:
    """An access log line's request as fields: client, method, path, status.

    uvicorn writes ``'%s - "%s %s HTTP/%s" %d'`` with those as its arguments.
    """
    args = record.args
    if record.name != "uvicorn.access" or not isinstance(args, tuple) or len(args) != 5:
        return None
    client, method, path, _, status = args
    return {"client": client, "method": method, "path": path, "status": status}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, table, exception, fields.

    An access log line has its request's ``client``, ``method``, ``path`` and ``status``
    as fields too.
    """

    def format(self, record: logging.LogRecord) -> str:
        """The record as one redacted JSON line."""
        message = redact(record.getMessage())
        entry: dict[str, Any] = {
            "time": _when(record),
            "level": record.levelname,
            "logger": record.name,
            "message": message,
        }
        table = table_of(record, message)
        if table is not None:
            entry["table"] = table
        if record.exc_info:
            entry["exception"] = redact(self.formatException(record.exc_info))
        fields = getattr(record, "fields", None)
        if fields is None:
            fields = _access_fields(record)
        if isinstance(fields, dict):
            for key, value in fields.items():
                entry.setdefault(key, redact(value) if isinstance(value, str) else value)
        # Each text is redacted before it is quoted (redacting the JSON could eat an
        # escape and break the line).
        return json.dumps(entry, ensure_ascii=False)


def log_config(fmt: str, level: str) -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` for uvicorn's loggers and the server's own."""
    formatter = {"text": TextFormatter, "json": JsonFormatter}[fmt]
    level = level.upper()
    handler = ["stderr"]
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"redact": {"()": "regency.server.operations.security.RedactTokens"}},
        "formatters": {"line": {"()": f"{formatter.__module__}.{formatter.__qualname__}"}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "line",
                "filters": ["redact"],
            }
        },
        "loggers": {
            "uvicorn": {"handlers": handler, "level": level, "propagate": False},
            "uvicorn.error": {"level": level},
            "uvicorn.access": {"handlers": handler, "level": level, "propagate": False},
            "regency": {"handlers": handler, "level": level, "propagate": False},
        },
        # Every other logger's warnings and errors (asyncio's, Python's warnings), in the
        # same format; not lower, which would wake SQLAlchemy's statement log.
        "root": {"handlers": handler, "level": "ERROR" if level == "ERROR" else "WARNING"},
    }


def configure_logs(fmt: str, level: str) -> None:
    """Write every log line of this process, and of the workers it spawns, in ``fmt``.

    Python's warnings become log lines too (:func:`logging.captureWarnings`). The worker
    processes (computer seats, analyses) are spawned and inherit the environment: the
    configuration goes to them in :data:`~regency.server.live.computer.WORKER_LOGS`, for
    their warnings and errors.
    """
    logging.config.dictConfig(log_config(fmt, level))
    logging.captureWarnings(True)
    os.environ[WORKER_LOGS] = json.dumps(log_config(fmt, "warning"))

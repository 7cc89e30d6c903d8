"""The server's log lines: one line per event, as text or JSON, never with a token.

``regency serve --log-format text`` (the default) writes
``2026-12-03T07:50:07Z WARNING regency.server: computer seat 1 at table Yx3 failed (...)``;
``--log-format json`` writes one JSON object per line, with ``time``, ``level``,
``logger``, ``message``, the ``table`` the line is about when it names one, and
``exception`` (the traceback, as one string) when there is one.

Every text of a line is passed through :func:`regency.server.operations.security.redact` as it is
formatted, whatever the logger (uvicorn's access log writes query strings: old invite
links carry ``?token=``), and the :class:`~regency.server.operations.security.RedactTokens` filter
sits on the handler too.
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

from regency.server.operations.security import redact

__all__ = ["FORMATS", "JsonFormatter", "TextFormatter", "log_config"]

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


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, table, exception."""

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
    }

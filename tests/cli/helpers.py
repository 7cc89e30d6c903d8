"""Helpers shared by the command-line tests."""

from __future__ import annotations

import io
import sys

import pytest

from regency.cli.main import main


def run(
    argv: list[str],
    stdin: str = "",
    capsys: pytest.CaptureFixture[str] | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> tuple[int, str, str]:
    """Run ``regency ARGV`` in this process with ``stdin`` typed in; return the exit
    code and what it wrote to stdout and stderr."""
    assert capsys is not None and monkeypatch is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err

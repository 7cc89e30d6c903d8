"""The code stays ruff- and mypy-clean: part of the suite, so CI enforces it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    assert found, f"{name} is not installed (pip install -e '.[dev]')"
    return found


def test_ruff_finds_nothing() -> None:
    done = subprocess.run(
        [
            _tool("ruff"),
            "check",
            "src",
            "tests",
            "benchmarks",
            "examples",
            "build_support",
            "setup.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_code_is_formatted() -> None:
    done = subprocess.run(
        [
            _tool("ruff"),
            "format",
            "--check",
            "src",
            "tests",
            "benchmarks",
            "examples",
            "build_support",
            "setup.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_finds_nothing() -> None:
    done = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr

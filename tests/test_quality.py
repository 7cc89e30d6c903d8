"""The code stays ruff- and mypy-clean, in small modules and functions: part of the suite,
so CI enforces it."""

from __future__ import annotations

import ast
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


MAX_FILE_LINES = 800
"""No module under ``src/`` is longer than this (issue 31: a file about one thing)."""
MAX_FUNCTION_LINES = 100
"""No function under ``src/`` is longer than this, its docstring included."""


def test_modules_and_functions_stay_small() -> None:
    too_long = []
    for path in sorted((ROOT / "src").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        lines = text.count("\n")
        if lines >= MAX_FILE_LINES:
            too_long.append(f"{where}: {lines} lines (the limit is {MAX_FILE_LINES})")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    too_long.append(
                        f"{where}:{node.lineno}: {node.name} is {length} lines "
                        f"(the limit is {MAX_FUNCTION_LINES})"
                    )
    assert not too_long, "split these:\n" + "\n".join(too_long)

"""The code stays ruff- and mypy-clean, in small modules and functions (Python and the pages'
JavaScript): part of the suite, so CI enforces it."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

from tests.js_functions import functions

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


def _too_long(path: Path, spans: list[tuple[str, int, int]], text: str) -> list[str]:
    """What in one file breaks the limits; ``spans`` are its functions (name, first, last line)."""
    where = path.relative_to(ROOT)
    found = []
    lines = text.count("\n")
    if lines >= MAX_FILE_LINES:
        found.append(f"{where}: {lines} lines (the limit is {MAX_FILE_LINES})")
    for name, first, last in spans:
        length = last - first + 1
        if length > MAX_FUNCTION_LINES:
            found.append(
                f"{where}:{first}: {name} is {length} lines (the limit is {MAX_FUNCTION_LINES})"
            )
    return found


def test_modules_and_functions_stay_small() -> None:
    too_long = []
    for path in sorted((ROOT / "src").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        spans = [
            (node.name, node.lineno, node.end_lineno or node.lineno)
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        too_long += _too_long(path, spans, text)
    assert not too_long, "split these:\n" + "\n".join(too_long)


def test_the_pages_scripts_stay_small_too() -> None:
    # The same limits for the browser pages' JavaScript (issue 45): a function counts
    # from its `function`, method name or arrow to its closing brace (tests/js_functions.py,
    # a brace-matching scanner that skips strings, templates, comments and regexes).
    scripts = sorted((ROOT / "src").rglob("*.js"))
    assert scripts, "no JavaScript found under src/"
    too_long = []
    for path in scripts:
        text = path.read_text(encoding="utf-8")
        spans = [(f.name, f.start, f.end) for f in functions(text)]
        assert spans, f"{path}: no function found (is the scanner reading it?)"
        too_long += _too_long(path, spans, text)
    assert not too_long, "split these:\n" + "\n".join(too_long)

"""Every file the package reads beside its modules goes into an installed copy.

An editable install reads them from the clone, so a file missing from
``[tool.setuptools.package-data]`` shows only in a real install (CI's compiled engine, a
wheel): the coach's ``learn/words.json`` was missing and ``regency learn`` failed there.
"""

from __future__ import annotations

import tomllib
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "regency"


def _package_data() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns: list[str] = config["tool"]["setuptools"]["package-data"]["regency"]
    return patterns


def _data_files() -> list[PurePosixPath]:
    found = []
    for path in PACKAGE.rglob("*"):
        relative = PurePosixPath(path.relative_to(PACKAGE).as_posix())
        if path.is_dir() or "__pycache__" in relative.parts:
            continue
        if path.suffix in {".py", ".pyc", ".so", ".pyd"}:
            continue
        found.append(relative)
    return found


def _installed(pattern: str) -> set[PurePosixPath]:
    """The files a package-data glob takes, as setuptools reads it (from the package)."""
    return {PurePosixPath(p.relative_to(PACKAGE).as_posix()) for p in PACKAGE.glob(pattern)}


def test_every_data_file_is_named_in_the_package_data() -> None:
    installed = set().union(*(_installed(p) for p in _package_data()))
    missing = sorted(str(f) for f in _data_files() if f not in installed)
    assert not missing, f"not in pyproject.toml's package-data, so not installed: {missing}"


def test_every_pattern_names_a_file() -> None:
    unused = [p for p in _package_data() if not _installed(p)]
    assert not unused, f"package-data patterns that match no file: {unused}"

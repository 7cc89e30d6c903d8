"""The build backend: setuptools, plus mypy (for mypyc) when the compiled engine is asked for.

``REGENCY_COMPILE=1 pip install .`` builds the engine modules with mypyc (see
``build_support/compile.py`` and docs/architecture.md, "Speed"); without it the package is
pure Python and the build needs nothing beyond setuptools. Editable installs are always
pure Python: compiled modules beside the sources would shadow every later edit.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the rest of the PEP 517 hooks, as they are)

MYPYC = "mypy==2.4.1"
"""The mypyc the engine is compiled and tested with; compile.py patches its code generator."""


def _compiling() -> bool:
    return os.environ.get("REGENCY_COMPILE", "") == "1"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Setuptools' requirements, and mypyc's when ``REGENCY_COMPILE=1``."""
    required = list(_setuptools.get_requires_for_build_wheel(config_settings))
    return [*required, MYPYC] if _compiling() else required


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """Build an editable install: always pure Python (see the module docstring)."""
    os.environ["REGENCY_EDITABLE"] = "1"
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))

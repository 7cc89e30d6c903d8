"""The setuptools entry point: pyproject.toml holds the metadata, this the compiled engine.

The engine is compiled only when asked (``REGENCY_COMPILE=1``, see build_support/compile.py).
"""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_support.compile import OptionalBuildExt, ext_modules

setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})

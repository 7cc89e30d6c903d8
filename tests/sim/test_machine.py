"""The machine line that travels with every measured figure."""

import os
import platform

import regency
from regency.sim.machine import describe_machine


def test_names_the_cores_and_the_python() -> None:
    line = describe_machine()
    assert f"{os.cpu_count()} cores" in line
    assert f"Python {platform.python_version()}, " in line
    assert line.endswith("compiled engine" if regency.COMPILED else "pure-Python engine")
    assert not line.startswith(",")  # a processor name comes first

"""The machine line that travels with every measured figure."""

import os
import platform

from regency.sim.machine import describe_machine


def test_names_the_cores_and_the_python() -> None:
    line = describe_machine()
    assert f"{os.cpu_count()} cores" in line
    assert line.endswith(f"Python {platform.python_version()}")
    assert not line.startswith(",")  # a processor name comes first

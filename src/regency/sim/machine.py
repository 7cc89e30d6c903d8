"""A one-line description of this machine, printed beside every measured figure."""

from __future__ import annotations

import os
import platform

__all__ = ["describe_machine"]


def describe_machine() -> str:
    """Return the processor, core count and Python version (``Intel Xeon, 2 cores, ...``).

    Benchmarks and strength runs print it so that a figure never travels without the
    machine it was measured on.
    """
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:  # not Linux: keep what platform knows
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"

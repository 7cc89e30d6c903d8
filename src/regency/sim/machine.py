"""A one-line description of this machine, printed beside every measured figure."""

from __future__ import annotations

import os
import platform

import regency

__all__ = ["describe_machine"]


def describe_machine(engine: bool = True) -> str:
    """Return the processor, cores, Python and engine (``Intel Xeon, 2 cores, ...``).

    Benchmarks and strength runs print it so that a figure never travels without the
    machine it was measured on, nor without saying whether the engine was compiled.

    Args:
        engine: Whether to name this process's engine build (a script that measures
            other processes' builds says theirs itself).
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
    line = f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"
    if not engine:
        return line
    return line + (", compiled engine" if regency.COMPILED else ", pure-Python engine")

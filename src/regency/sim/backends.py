"""Choosing where a run's games are played: the one switch the command line uses.

``make_backend("local", workers=2)`` plays on this machine's processes,
``make_backend("ray", workers=2)`` on a local Ray, ``make_backend("ray",
address="auto")`` on a Ray cluster. Every backend plays the same tables and returns the
same outcomes (``runner.run_tables`` sorts them), so a run's tables never depend on the
backend or its number of workers.
"""

from __future__ import annotations

from regency.sim.ray_backend import RayBackend
from regency.sim.runner import Backend, BackendError, LocalBackend

__all__ = ["BACKENDS", "make_backend"]

BACKENDS = ("local", "ray")
"""The backends' names, as the command line's ``--backend`` takes them."""


def make_backend(
    name: str = "local",
    *,
    workers: int = 1,
    address: str | None = None,
    chunk_size: int | None = None,
) -> Backend:
    """The backend called ``name``; close it (``backend.close()``) when done.

    Args:
        name: ``"local"`` or ``"ray"``.
        workers: Processes (local) or CPUs of a local Ray.
        address: A Ray cluster to join (``ray`` only).
        chunk_size: Games per task (default: ``runner.chunk_tables``'s rule).

    Raises:
        BackendError: for an unknown name, bad workers, or an address without Ray.
    """
    if workers < 1:
        raise BackendError("workers must be at least 1")
    if name == "local":
        if address:
            raise BackendError("a Ray address needs the ray backend (--backend ray)")
        return LocalBackend(workers, chunk_size)
    if name == "ray":
        return RayBackend(address, workers, chunk_size=chunk_size)
    raise BackendError(f"unknown backend {name!r}: choose one of {', '.join(BACKENDS)}")

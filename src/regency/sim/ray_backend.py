"""Playing a run's games on Ray: a local Ray on this machine, or a cluster.

Ray is an optional extra (``pip install 'regency[ray]'``); nothing imports it until a
run asks for this backend. The games go out as Ray tasks, one per chunk of tables
(``runner.chunk_tables``), each task running the same :func:`~regency.sim.runner.play_chunk`
as the local pool. A task whose worker process dies (killed, out of memory, a node
lost) is run again by Ray, up to ``max_retries`` times, and since a chunk's games
depend only on its tables the retry plays exactly the games that were lost: the totals
are those of an undisturbed run.

Without an address the backend starts a private Ray on this machine with ``workers``
CPUs, no dashboard and a modest object store (the games' outcomes are small), and stops
it when closed. With an address (``auto`` or the head's ``HOST:PORT``) it joins
a running cluster, which decides how many games run at once; every node must have
regency installed in the Python that ran ``ray start`` (docs/scale.md).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from regency.sim.runner import (
    BackendError,
    GameOutcome,
    Job,
    Progress,
    Table,
    chunk_tables,
    play_chunk,
)

__all__ = ["DEFAULT_RETRIES", "OBJECT_STORE_BYTES", "RayBackend"]

DEFAULT_RETRIES = 5
"""How many times Ray runs a chunk again after its worker process died."""

OBJECT_STORE_BYTES = 200 * 1024 * 1024
"""The object store of a local Ray: outcomes are a few hundred bytes a game, so 200 MB
is plenty, and it fits a small ``/dev/shm`` (Ray falls back to disk beyond it)."""

_INSTALL = "the ray backend needs Ray: pip install 'regency[ray]'"


def _import_ray() -> Any:
    """The ``ray`` module, or a clear error saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BackendError(_INSTALL) from None
    return ray


class RayBackend:
    """Plays chunks of tables as Ray tasks; reports progress as each chunk comes back."""

    name = "ray"

    def __init__(
        self,
        address: str | None = None,
        workers: int = 1,
        *,
        chunk_size: int | None = None,
        max_retries: int = DEFAULT_RETRIES,
    ) -> None:
        """Set the backend up; Ray itself starts (or is joined) at the first run.

        Args:
            address: A cluster to join (``auto`` or the head's ``HOST:PORT``);
                ``None`` starts a local Ray.
            workers: CPUs of the local Ray (ignored when joining a cluster).
            chunk_size: Games per task (default: ``runner.chunk_tables``'s rule).
            max_retries: Times a task runs again after its worker died.
        """
        self.address = address
        self.workers = workers
        self.chunk_size = chunk_size
        self.max_retries = max_retries
        self._owned = False
        self._ray: Any = None

    def connect(self) -> Any:
        """Start or join Ray once (reusing one already running in this process).

        Returns:
            The ``ray`` module, connected.

        Raises:
            BackendError: if Ray is not installed or the cluster cannot be joined.
        """
        if self._ray is not None:
            return self._ray
        ray = _import_ray()
        if not ray.is_initialized():
            settings: dict[str, Any] = {
                "include_dashboard": False,
                "logging_level": logging.WARNING,
                "log_to_driver": False,
            }
            try:
                if self.address:
                    ray.init(address=self.address, **settings)
                else:
                    # "local": a new Ray of our own, even if a cluster runs on this machine.
                    ray.init(
                        address="local",
                        num_cpus=self.workers,
                        object_store_memory=OBJECT_STORE_BYTES,
                        **settings,
                    )
            except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
                if self.address:
                    raise BackendError(
                        f"cannot join the Ray cluster at {self.address}: {exc} (is it "
                        "running, and are RAY_AUTH_MODE=token and its token set? "
                        "docs/scale.md)"
                    ) from None
                raise BackendError(f"cannot start a local Ray: {exc}") from None
            self._owned = True
        self._ray = ray
        return ray

    def parallel(self) -> int:
        """How many games Ray plays at once: the CPUs of the cluster it is connected to."""
        ray = self.connect()
        return max(1, int(ray.cluster_resources().get("CPU", 1)))

    def run(
        self, job: Job, tables: Sequence[Table], progress: Progress | None
    ) -> list[GameOutcome]:
        """Play every table as chunked Ray tasks; report each chunk as it comes back.

        Raises:
            BackendError: if Ray is missing, or a chunk failed even after its retries.
        """
        ray = self.connect()
        task = ray.remote(num_cpus=1, max_retries=self.max_retries)(play_chunk)
        shared = ray.put(job)
        chunks = chunk_tables(tables, job, self.parallel(), self.chunk_size)
        pending = [task.remote(shared, chunk) for chunk in chunks]
        results: list[GameOutcome] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                chunk: list[GameOutcome] = ray.get(done[0])
            except ray.exceptions.RayError as exc:
                raise BackendError(f"a chunk of games failed on Ray: {exc}") from None
            results.extend(chunk)
            if progress:
                progress(len(chunk))
        return results

    def close(self) -> None:
        """Stop the local Ray this backend started (a joined cluster keeps running)."""
        if self._ray is not None and self._owned:
            self._ray.shutdown()
        self._ray = None
        self._owned = False

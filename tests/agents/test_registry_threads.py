"""The agents' registry fills once, whatever thread asks first (issue 34: two
``regency connect`` clients in one process found no agent at all)."""

from __future__ import annotations

import threading
import time

import pytest

from regency.agents import registry


def test_a_thread_asking_while_the_agents_register_waits_for_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "_FACTORIES", {})
    monkeypatch.setattr(registry, "_loaded", False)
    started = threading.Event()
    real = registry._register_builtin

    def slow() -> None:
        started.set()
        time.sleep(0.2)
        real()

    monkeypatch.setattr(registry, "_register_builtin", slow)
    seen: list[list[str]] = []
    first = threading.Thread(target=lambda: seen.append(registry.agent_names()))
    first.start()
    started.wait(5)
    seen.append(registry.agent_names())  # while the first thread still registers
    first.join(5)
    assert all("ismcts" in names for names in seen) and len(seen) == 2

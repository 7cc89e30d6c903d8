"""How games join the registry: core names none, sources added to it register them.

The package's top level adds the built-in games as a source, then the modules of the
``regency.games`` entry points (a third party's games); each source runs once, the first
time a game is looked up.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any

import pytest

import regency
from regency.core import registry
from regency.core.game import Game
from regency.games.claim import ClaimState


@pytest.fixture
def empty_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A registry with no game and no source, restored after the test."""
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_SOURCES", [])


def _info(name: str) -> registry.GameInfo:
    game_class: type[Game[Any]] = ClaimState
    return registry.GameInfo(
        name, title=name.title(), players=(2,), options=(), summary="A test game.",
        game_class=game_class,
    )  # fmt: skip


def test_the_built_in_games_are_registered_from_outside_core() -> None:
    assert {"claim", "claim-kingdoms", "kingdoms"} <= set(regency.available_games())
    assert registry.game_info("kingdoms").default_opponents[3] == "rollout:most=96"


@pytest.mark.usefixtures("empty_registry")
def test_a_source_runs_once_at_the_first_lookup() -> None:
    info = _info("tiny")
    calls: list[str] = []

    def source() -> None:
        calls.append("called")
        registry.register(info)

    registry.add_source(source)
    assert calls == []  # adding a source imports nothing yet
    assert registry.game_info("tiny") is info
    assert registry.available_games() == [info]
    assert calls == ["called"]


def test_a_game_plugin_that_fails_to_load_is_skipped_with_a_warning(
    empty_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = EntryPoint("broken", "no_such_module_for_regency", regency.GAME_PLUGIN_GROUP)
    monkeypatch.setattr(regency, "entry_points", lambda group: [broken])
    registry.add_source(regency._register_games)
    with pytest.warns(UserWarning, match="game plugin 'broken'.*skipped"):
        names = registry.available_games()  # no error: the lookup goes on without it
    assert "broken" not in names


def test_threads_reading_the_registry_while_its_sources_run_see_every_game(
    empty_registry: None,
) -> None:
    """A thread must not see the registry half filled while another runs its sources
    (two ``regency connect`` clients in one process found no game 'kingdoms')."""
    import threading
    import time

    started = threading.Event()

    def slow_source() -> None:
        started.set()
        time.sleep(0.2)
        registry.register(_info("slowgame"))

    registry.add_source(slow_source)
    seen: list[list[str]] = []
    first = threading.Thread(target=lambda: seen.append(registry.available_games()))
    first.start()
    started.wait(5)
    seen.append(registry.available_games())  # while the source is still running
    first.join(5)
    assert seen == [["slowgame"], ["slowgame"]]

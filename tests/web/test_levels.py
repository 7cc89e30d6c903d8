"""The lobby's computer levels come from the server, the default preselected (issue 30)."""

from __future__ import annotations

import re
from typing import Any

import httpx

from regency.agents.defaults import default_opponent
from tests.server.conftest import ThreadServer


def games(server: ThreadServer) -> dict[str, Any]:
    return {g["name"]: g for g in httpx.get(f"{server.url}/api/games", timeout=30).json()}


def options(page: Any, select: str) -> list[tuple[str, str, str]]:
    """Each computer option of a select: (agent spec, text, tooltip)."""
    return [
        tuple(row)
        for row in page.eval_on_selector_all(
            f"{select} option:not([value=person])",
            "all => all.map((o) => [o.value, o.textContent, o.title])",
        )
    ]


def shown(levels: list[dict[str, Any]], prefix: str = "") -> list[tuple[str, str, str]]:
    return [(lv["agent"], prefix + lv["name"], lv["about"]) for lv in levels]


def test_quick_play_offers_the_servers_ladder_with_the_default_chosen(
    server: ThreadServer, page: Any
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#play-claim")
    for name, game in games(server).items():
        levels = game["levels"][str(game["default_players"])]
        select = f"#q-{name}"
        assert options(page, select) == shown(levels)
        top = levels[-1]
        assert top["default"] and top["agent"] == default_opponent(name, game["default_players"])
        assert page.input_value(select) == top["agent"]
        assert page.inner_text(f"#q-{name}-about") == top["about"]
    # The line under the select follows the choice.
    page.select_option("#q-kingdoms", "random")
    beginner = games(server)["kingdoms"]["levels"]["2"][0]
    assert page.inner_text("#q-kingdoms-about") == beginner["about"]


def test_set_up_lists_the_ladder_of_the_game_and_player_count(
    server: ThreadServer, page: Any
) -> None:
    ladders = {name: game["levels"] for name, game in games(server).items()}
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-1-kind")
    for name, players in [("kingdoms", 3), ("claim-kingdoms", 4), ("claim", 2)]:
        page.select_option("#f-game", name)
        page.select_option("#f-players", str(players))
        levels = ladders[name][str(players)]
        for seat in range(1, players):
            assert options(page, f"#seat-{seat}-kind") == shown(levels, "Computer: ")
            assert page.input_value(f"#seat-{seat}-kind") == levels[-1]["agent"]
        assert page.input_value("#seat-0-kind") == "person"
    # A seat keeps its level by name where the new ladder has it; a new seat takes the
    # level chosen last for this game (issue 44: the lobby remembers it), and a game where
    # nothing was chosen yet the strongest.
    page.select_option("#f-game", "kingdoms")
    page.select_option("#seat-1-kind", "random")
    page.select_option("#f-players", "4")
    assert page.input_value("#seat-1-kind") == "random"
    assert page.input_value("#seat-3-kind") == "random"
    page.select_option("#f-game", "claim-kingdoms")
    page.select_option("#f-players", "4")
    assert page.input_value("#seat-3-kind") == ladders["claim-kingdoms"]["4"][-1]["agent"]


def test_one_click_play_seats_the_default_opponent(server: ThreadServer, page: Any) -> None:
    page.goto(server.url + "/")
    page.click("#play-kingdoms")
    page.wait_for_url("**/play/**")
    found = re.search(r"/play/([^/]+)/0", page.url)
    assert found, page.url
    summary = httpx.get(f"{server.url}/api/tables/{found[1]}", timeout=30).json()
    assert [s["agent"] for s in summary["seats"]] == [None, default_opponent("kingdoms", 2)]
    page.wait_for_selector("#table")

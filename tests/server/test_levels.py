"""``GET /api/games`` hands out each game's ladder of computer levels (issue 30)."""

from __future__ import annotations

from fastapi.testclient import TestClient

import regency
from regency.agents.defaults import default_opponent
from regency.agents.ladder import ladders_json
from tests.server.helpers import create


def test_each_game_carries_its_ladder_per_player_count(sqlite_client: TestClient) -> None:
    games = sqlite_client.get("/api/games").json()
    assert [g["name"] for g in games] == list(regency.available_games())
    for game in games:
        info = regency.game_info(game["name"])
        assert game["default_players"] == info.default_players
        assert game["levels"] == ladders_json(game["name"])
        assert sorted(game["levels"]) == [str(n) for n in info.players]
        for count, levels in game["levels"].items():
            top = levels[-1]
            assert top["default"] and top["name"] == "Strongest"
            assert top["agent"] == default_opponent(game["name"], int(count))
            assert [lv["default"] for lv in levels].count(True) == 1
            ratings = [lv["strength"]["rating"] for lv in levels]
            assert ratings == sorted(ratings)
            agents = [lv["agent"] for lv in levels]
            for i, level in enumerate(levels):
                assert set(level) == {
                    "name",
                    "title",
                    "agent",
                    "default",
                    "about",
                    "figures",
                    "strength",
                }
                # the heuristic, or for a 2-player match a level below
                rival = level["strength"]["against"]
                assert rival == "heuristic" or (count == "2" and rival in agents[:i])
                assert level["about"]


def test_a_table_takes_every_level_of_a_ladder(sqlite_client: TestClient) -> None:
    """The server's own checks accept each level's spec (set-up refuses a bad one)."""
    games = {g["name"]: g for g in sqlite_client.get("/api/games").json()}
    levels = games["kingdoms"]["levels"]["3"]
    seats = [{"name": "you"}, {"agent": levels[0]["agent"]}, {"agent": levels[-1]["agent"]}]
    table = create(sqlite_client, game="kingdoms", players=3, seats=seats, options={"first": 0})
    agents = [s["agent"] for s in table["seats"]]
    assert agents == [None, "random", default_opponent("kingdoms", 3)]

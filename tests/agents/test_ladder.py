"""The ladder of computer levels: measured, in measured order, the default on top."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import regency
from regency.agents import AgentError, check_spec
from regency.agents.defaults import default_opponent
from regency.agents.ladder import (
    COMPUTER,
    LOWER_NAMES,
    MEASURED,
    RATING_BASE,
    TOP_NAME,
    YARDSTICK,
    computer_name,
    find_level,
    ladder,
    ladders_json,
    level_of,
)

COUNTS = [(g.name, n) for g in regency.available_games() for n in g.players]
ROOT = Path(__file__).parents[2]
MEASUREMENTS = (ROOT / "docs" / "measurements.md").read_text()


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_each_ladder_climbs_by_its_ratings_to_the_default_opponent(game: str, players: int) -> None:
    levels = ladder(game, players)
    assert len(levels) >= 3, "at least random, the heuristic and the default"
    ratings = [level.strength.rating for level in levels if level.strength is not None]
    assert len(ratings) == len(levels), "every level is measured"
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings), ratings
    # Against the heuristic alone, the figures climb in the same order.
    figures = [lv.strength.won for lv in levels if lv.strength and lv.strength.against == YARDSTICK]
    assert figures == sorted(figures), figures
    assert levels[-1].agent == default_opponent(game, players)
    assert [level.default for level in levels] == [False] * (len(levels) - 1) + [True]
    assert [level.name for level in levels] == [*LOWER_NAMES[: len(levels) - 1], TOP_NAME]
    assert levels[0].agent == "random"
    assert YARDSTICK in [level.agent for level in levels]
    for level in levels:
        check_spec(level.agent, game, players)
        assert level.strength is not None
        assert level.strength.low <= level.strength.won <= level.strength.high
        assert level.about.endswith(".") and level.figures.endswith(".")
        assert "%" not in level.about and "Rated" not in level.about  # figures stay in figures


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_every_run_is_offered_and_written_down(game: str, players: int) -> None:
    runs = MEASURED[game][players]
    offered = {level.agent for level in ladder(game, players)}
    assert set(runs) <= offered, "a run stronger than the default: update defaults.STRONGEST"
    fair = 1 / 2 if game == "claim" and players == 4 else 1 / players
    for spec, strength in runs.items():
        assert strength.games >= 40, spec
        assert strength.fair == pytest.approx(fair)
        source = re.fullmatch(r'(docs/measurements/history/[\w-]+\.md), "(.+)"', strength.source)
        assert source, strength.source
        history = (ROOT / source[1]).read_text()
        assert re.search(rf"^#+ .*{re.escape(source[2])}", history, re.M), strength.source


def _ladder_rows() -> dict[tuple[str, int, str], list[str]]:
    """The rows of docs/measurements.md's table of the ladders, by (game, players, level)."""
    section = MEASUREMENTS.split("### The ladders", 1)[1].split("\n#", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 9 and cells[1].isdigit():
            rows[(cells[0], int(cells[1]), cells[2])] = cells[3:]
    return rows


def test_the_results_page_shows_every_ladder_as_it_is() -> None:
    # docs/measurements.md's table of the ladders says what ladder.py holds, level by level.
    rows = _ladder_rows()
    expected = {}
    for game, players in COUNTS:
        for level in ladder(game, players):
            strength = level.strength
            assert strength is not None
            if strength.games == 0:  # the yardstick
                figures = [str(strength.rating), "fair share", "", ""]
            else:
                interval = f"{strength.low:.1%}-{strength.high:.1%}"
                figures = [str(strength.rating), f"{strength.won:.1%}", str(strength.games)]
                figures.append(interval)
            expected[(game, players, level.name)] = [f"`{level.agent}`", *figures]
    assert {key: cells[:-1] for key, cells in rows.items()} == expected


def test_a_level_by_name_in_any_case_and_a_clear_refusal() -> None:
    assert find_level("claim", 2, "beginner").agent == "random"
    assert find_level("kingdoms", 3, " STRONGEST ").agent == default_opponent("kingdoms", 3)
    with pytest.raises(AgentError, match=r"the levels: Beginner, Casual, .*Strongest"):
        find_level("kingdoms", 2, "grandmaster")
    with pytest.raises(AgentError, match="not 5"):
        ladder("claim", 5)


def test_the_json_has_every_player_count() -> None:
    levels = ladders_json("claim-kingdoms")
    assert list(levels) == ["2", "3", "4"]
    top = levels["2"][-1]
    assert top["default"] and top["agent"] == default_opponent("claim-kingdoms", 2)
    assert top["strength"]["against"] == "rollout" and top["strength"]["games"] == 400
    assert "Won 61.0% of 400 games against Expert" in top["figures"]  # its match, one step down
    assert top["about"] == "Wins about 3 games in 5 against Expert."
    below = levels["2"][-2]  # the rollouts it was matched against
    assert (below["name"], below["agent"]) == ("Expert", "rollout")
    assert "Won 62.0% of 200 games against Strong" in below["figures"]


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_a_match_rates_a_level_from_its_rival_a_level_below(game: str, players: int) -> None:
    levels = ladder(game, players)
    for i, level in enumerate(levels):
        strength = level.strength
        if strength is None or strength.against == YARDSTICK:
            continue
        assert players == 2 and strength.fair == 0.5
        rival = next(lv for lv in levels[:i] if lv.agent == strength.against)
        assert rival.strength is not None and strength.base == rival.strength.rating
        assert f"against {rival.name} (95% interval" in level.figures
        assert level.about.endswith(f"against {rival.name}.")


def test_a_match_won_counts_from_the_rivals_rating() -> None:
    from regency.agents.ladder import Strength

    rival = Strength(0.698, 200, 0.6, 0.8, 0.5, "here")
    even = Strength(0.5, 400, 0.45, 0.55, 0.5, "here", against="rollout", base=rival.rating)
    assert even.rating == rival.rating > RATING_BASE  # an even match: the rival's rating
    ahead = Strength(10 / 11, 10**6, 0.9, 0.92, 0.5, "here", against="rollout", base=1645)
    assert ahead.rating == 1645 + 400  # ten to one: 400 above the rival
    top = ladder("kingdoms", 2)[-1]  # the match that made 2-player Kingdoms' default
    assert top.strength is not None and top.strength.against == "rollout"
    assert top.strength.to_json()["against"] == "rollout"


def test_ratings_put_the_heuristic_at_1500_and_ten_to_one_at_400_above() -> None:
    from regency.agents.ladder import Strength

    def rated(won: float, games: int, fair: float) -> int:
        return Strength(won, games, 0, 1, fair, "here").rating

    assert rated(0.5, 0, 0.5) == rated(1 / 3, 0, 1 / 3) == RATING_BASE
    assert rated(1 / 3, 300, 1 / 3) == RATING_BASE  # the fair share, however many games
    assert rated(10 / 11, 1_000_000, 0.5) == RATING_BASE + 400  # odds of ten to one
    assert rated(1 / 11, 1_000_000, 0.5) == RATING_BASE - 400
    # At 3 players a share of 1/2 is odds of 1 against the fair odds of 1/2: twice.
    assert rated(0.5, 1_000_000, 1 / 3) == round(RATING_BASE + 400 * 0.30103)
    # No wins at all still rates: one game of the fair share is added.
    assert rated(0.0, 200, 0.5) < rated(0.0, 20, 0.5) < RATING_BASE


@pytest.mark.parametrize("game", ["claim", "claim-kingdoms", "kingdoms"])
def test_every_ladder_climbs_by_rating_too(game: str) -> None:
    for players in (2, 3, 4):
        ratings = [lv.strength.rating for lv in ladder(game, players) if lv.strength]
        assert ratings == sorted(ratings)
        assert f"Rated {ratings[-1]}." in ladder(game, players)[-1].figures


def test_a_level_is_said_as_a_player_would() -> None:
    """Issue 44: "wins about 2 games in 3 against Strong", the figures kept apart."""
    expert = ladder("claim", 2)[-2]
    assert expert.about == "Wins about 2 games in 3 against Strong."
    assert (
        expert.figures.startswith("Rated ")
        and "66.0% of 100 games against Strong" in expert.figures
    )
    assert ladder("claim", 2)[-1].about == "Wins about 3 games in 5 against Expert."
    three = ladder("claim", 3)[-1]
    assert three.about == (
        "Wins about 2 games in 3 against two Casual players (a fair share would be 1 in 3)."
    )
    assert ladder("claim", 4)[-1].about == (
        "With a partner of its level, it wins about 3 games in 4 against a Casual partnership."
    )
    assert ladder("kingdoms", 2)[0].about == "Almost never wins against Strong."
    assert ladder("kingdoms", 2)[2].about.startswith("Plays by simple rules of thumb")


def test_a_computer_seat_is_named_by_its_level() -> None:
    top = ladder("claim-kingdoms", 2)[-1]
    assert computer_name("claim-kingdoms", 2, top.agent) == "Strongest computer"
    assert computer_name("claim", 2, "heuristic") == "Casual computer"
    # the same spec written another way (a bare first parameter) is the same level
    assert computer_name("claim", 2, "ismcts:iters=1000") == "Strong computer"
    assert level_of("claim", 2, "ismcts:1000") == ladder("claim", 2)[2]
    # a spec on no ladder, a bad spec, a player count the game has not: a generic name
    for game, players, spec in [
        ("claim", 2, "ismcts:iters=7500"),
        ("claim", 2, "no-such-agent"),
        ("claim", 7, "random"),
        ("no-such-game", 2, "random"),
    ]:
        assert computer_name(game, players, spec) == COMPUTER == "Computer"

"""The puzzles' API (issue 35): listing, the next puzzle, a try, and that nothing leaks.

The puzzles are taken from the shipped sets at test time (the first of a game, its first
answer as the right move, a move that is no answer as a wrong one), so the tests hold for
whatever sets ship.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import regency
from regency.puzzles import Puzzle, PuzzleError, Rating, load_puzzles
from regency.server.pages.html import assets
from regency.server.pages.puzzles import MAX_SEEN, puzzle_message, puzzle_payload
from regency.server.pages.replays import replay_public

GAMES = [info.name for info in regency.available_games()]
SECRET_KEYS = {
    "record",
    "seed",
    "solutions",
    "alternatives",
    "groups",
    "explanation",
    "source",
    "win",
}


def puzzles_of(game: str) -> list[Puzzle]:
    """The game's shipped puzzles (the test is skipped when this install ships none)."""
    try:
        return list(load_puzzles(game).puzzles)
    except PuzzleError as exc:
        pytest.skip(f"no puzzles: {exc}")


def wrong_move(puzzle: Puzzle) -> str:
    """A legal move of ``puzzle`` that is not one of its answers."""
    return next(a.move for a in puzzle.alternatives if a.move not in puzzle.solutions)


def keys_of(data: Any) -> set[str]:
    """Every key of every object in ``data``, however deep."""
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys_of(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys_of(v)}
    return set()


def test_the_pages_are_served_with_titles_and_unknown_games_refused(
    sqlite_client: TestClient,
) -> None:
    html = {"Accept": "text/html"}
    for path, title in (
        ("/puzzles", "Puzzles: find the move that wins"),
        ("/puzzles/claim", "Claim puzzles"),
        ("/puzzles/kingdoms/k0000000000", "Kingdoms puzzle k0000000000"),
    ):
        answer = sqlite_client.get(path, headers=html)
        assert answer.status_code == 200 and f"<title>{title} · regency</title>" in answer.text
        assert f'<script type="module" src="{assets().url("puzzles.js")}"' in answer.text
    for path in ("/puzzles/chess", "/puzzles/chess/c0000000000"):
        assert sqlite_client.get(path, headers=html).status_code == 404
        assert sqlite_client.get(path).json()["error"] == "no_such_game"
    lobby = sqlite_client.get("/", headers=html).text
    assert 'href="/puzzles"' in lobby


def test_the_listing_names_each_game_with_puzzles_and_the_starting_rating(
    sqlite_client: TestClient,
) -> None:
    body = sqlite_client.get("/api/puzzles").json()
    assert body["start"] == Rating().to_dict()
    listed = {g["game"]: g for g in body["games"]}
    for game in GAMES:
        try:
            puzzles = load_puzzles(game).puzzles
        except PuzzleError:
            assert game not in listed
            continue
        ratings = [p.rating for p in puzzles]
        assert listed[game] == {
            "game": game,
            "title": regency.game_info(game).title,
            "count": len(puzzles),
            "lowest": min(ratings),
            "highest": max(ratings),
        }


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_by_id_is_its_seats_view_and_a_prompt(
    game: str, sqlite_client: TestClient
) -> None:
    puzzle = puzzles_of(game)[0]
    body = sqlite_client.get(f"/api/puzzles/{game}/{puzzle.id}").json()
    assert set(body) == {"id", "game", "title", "players", "seat", "rating", "prompt", "view"}
    assert (body["id"], body["game"], body["seat"]) == (puzzle.id, game, puzzle.seat)
    assert body["rating"] == puzzle.rating and body["players"] == puzzle.players
    assert body["prompt"].startswith(f"You are Seat {puzzle.seat} ")
    view = body["view"]
    assert view["type"] == "view" and view["seat"] == view["to_move"] == puzzle.seat
    assert sorted(view["legal_moves"]) == sorted(a.move for a in puzzle.alternatives)
    assert view["observation"] == puzzle.position().observation(puzzle.seat)
    assert view["version"] == len(puzzle.record.actions)


def test_next_picks_an_unseen_puzzle_near_the_rating(sqlite_client: TestClient) -> None:
    puzzles = puzzles_of("claim")
    ids = [p.id for p in puzzles]
    for _ in range(5):
        body = sqlite_client.get("/api/puzzles/claim/next", params={"rating": 1500}).json()
        assert body["id"] in ids
    # Everything seen but one: that one, whatever the rating.
    last = puzzles[-1]
    seen = ",".join(i for i in ids if i != last.id)
    for rating in (100, 4000):
        answer = sqlite_client.get(
            "/api/puzzles/claim/next", params={"rating": rating, "seen": seen}
        )
        assert answer.status_code == 200 and answer.json()["id"] == last.id
    # Everything seen: one of them all the same.
    every = sqlite_client.get("/api/puzzles/claim/next", params={"seen": ",".join(ids)}).json()
    assert every["id"] in ids
    # The nearest to the rating: a low rating never gets the hardest when there are many.
    if len(puzzles) > 5:
        ranked = sorted(puzzles, key=lambda p: (abs(p.rating - 100), p.id))
        near = {p.id for p in ranked[:5]}
        for _ in range(5):
            got = sqlite_client.get("/api/puzzles/claim/next", params={"rating": 100}).json()
            assert got["id"] in near


def test_next_refuses_a_seen_list_over_the_cap_or_not_of_ids(sqlite_client: TestClient) -> None:
    puzzles_of("claim")
    many = ",".join(f"c{i:010x}" for i in range(MAX_SEEN + 1))
    answer = sqlite_client.get("/api/puzzles/claim/next", params={"seen": many})
    assert answer.status_code == 422
    assert answer.json()["error"] == "bad_request"
    assert f"at most the latest {MAX_SEEN}" in answer.json()["message"]
    bad = sqlite_client.get("/api/puzzles/claim/next", params={"seen": "c12,<script>"})
    assert bad.status_code == 422 and "is not a puzzle id" in bad.json()["message"]
    fine = ",".join(f"c{i:010x}" for i in range(MAX_SEEN))
    assert sqlite_client.get("/api/puzzles/claim/next", params={"seen": fine}).status_code == 200


def test_unknown_games_and_puzzles_are_404_with_a_message(sqlite_client: TestClient) -> None:
    for path in ("/api/puzzles/chess/next", "/api/puzzles/chess/c0000000000"):
        answer = sqlite_client.get(path)
        assert answer.status_code == 404
        assert answer.json() == {"error": "no_such_game", "message": "no game called 'chess'"}
    puzzles_of("claim")
    answer = sqlite_client.get("/api/puzzles/claim/c0000000000")
    assert answer.status_code == 404 and answer.json()["error"] == "no_such_puzzle"
    assert "c0000000000" in answer.json()["message"]
    tried = sqlite_client.post("/api/puzzles/claim/c0000000000/attempt", json={"move": "x"})
    assert tried.status_code == 404 and tried.json()["error"] == "no_such_puzzle"


@pytest.mark.parametrize("game", GAMES)
def test_a_right_try_gains_rating_and_a_wrong_one_loses_it(
    game: str, sqlite_client: TestClient
) -> None:
    puzzle = puzzles_of(game)[0]
    url = f"/api/puzzles/{game}/{puzzle.id}/attempt"
    position = puzzle.position()
    right = sqlite_client.post(url, json={"move": puzzle.solutions[0], "rating": None}).json()
    assert right["correct"] is True and right["move"] == puzzle.solutions[0]
    assert right["move_text"] == position.describe(puzzle.solutions[0])
    assert right["before"] == Rating().to_dict()
    assert right["rating"] == Rating().after(puzzle.rating, True).to_dict()
    assert right["rating"]["rating"] > right["before"]["rating"]
    assert right["solutions"] == [
        {"move": s, "text": position.describe(s)} for s in puzzle.solutions
    ]
    assert [a["move"] for a in right["alternatives"]] == [a.move for a in puzzle.alternatives]
    assert right["alternatives"][0]["win"] == round(puzzle.alternatives[0].win, 4)
    assert all(a["text"] == position.describe(a["move"]) for a in right["alternatives"])
    assert right["explanation"] == puzzle.explanation
    # Every move once in the groups, best first; the answer a group of its own.
    grouped = [m for g in right["groups"] for m in g["moves"]]
    assert sorted(grouped) == sorted(a.move for a in puzzle.alternatives)
    assert right["groups"][0] == {
        "moves": [puzzle.solutions[0]],
        "text": position.describe(puzzle.solutions[0]),
        "win": round(puzzle.alternatives[0].win, 4),
        "low": round(puzzle.alternatives[0].win, 4),
    }
    assert [g["win"] for g in right["groups"]] == sorted(
        (g["win"] for g in right["groups"]), reverse=True
    )
    assert right["puzzle_rating"] == puzzle.rating
    # A wrong try with the rating the right one gave: down from it, by Glicko-2.
    wrong = wrong_move(puzzle)
    missed = sqlite_client.post(url, json={"move": wrong, "rating": right["rating"]}).json()
    assert missed["correct"] is False and missed["move"] == wrong
    assert missed["win"] == round(puzzle.win_of(wrong), 4)
    assert missed["best_win"] == round(puzzle.alternatives[0].win, 4)
    before = Rating.from_dict(right["rating"])
    assert missed["before"] == before.to_dict()
    assert missed["rating"] == before.after(puzzle.rating, False).to_dict()
    assert missed["rating"]["rating"] < before.rating and missed["rating"]["tries"] == 2


def test_an_illegal_move_or_a_bad_rating_is_422_with_a_clear_message(
    sqlite_client: TestClient,
) -> None:
    puzzle = puzzles_of("claim")[0]
    url = f"/api/puzzles/claim/{puzzle.id}/attempt"
    illegal = sqlite_client.post(url, json={"move": "no such move"})
    assert illegal.status_code == 422 and illegal.json()["error"] == "illegal_move"
    assert "no such move" in illegal.json()["message"]
    for rating, words in (
        ({"rating": "high", "deviation": 100, "volatility": 0.06}, "rating must be a number"),
        ({"rating": 99999, "deviation": 100, "volatility": 0.06}, "rating must be from"),
        ({"rating": 1500}, "deviation must be a number"),
    ):
        bad = sqlite_client.post(url, json={"move": puzzle.solutions[0], "rating": rating})
        assert bad.status_code == 422, bad.text
        assert bad.json()["error"] == "bad_rating" and words in bad.json()["message"]
    for body in ({}, {"move": ""}, {"move": "x", "extra": 1}, {"move": "x", "rating": 5}):
        malformed = sqlite_client.post(url, json=body)
        assert malformed.status_code == 422 and malformed.json()["error"] == "bad_request"


def test_a_puzzle_shows_nothing_its_seat_cannot_see() -> None:
    """Re-deal what the seat cannot see: the payload is the same, and it holds no secret.

    Up to 12 puzzles of each game. A position may hide nothing (2-player Claim's second
    phase: every card is known), so the re-deals must change something somewhere among
    them all, not in each game's.
    """
    rng = random.Random(35)
    changed = 0
    shipped = 0
    for game in GAMES:
        try:
            puzzles = load_puzzles(game).puzzles[:12]
        except PuzzleError:
            continue
        shipped += len(puzzles)
        for puzzle in puzzles:
            changed += check_payload(puzzle, rng)
    if not shipped:
        pytest.skip("no puzzles ship")
    assert changed, "re-dealing never changed anything: the test has no teeth"


def check_payload(puzzle: Puzzle, rng: random.Random) -> int:
    """Check one puzzle's payload; how many of its re-deals changed the game."""
    shown = puzzle_payload(puzzle)
    record = puzzle.record.to_dict()
    real, recent = replay_public(record, len(puzzle.record.actions), puzzle.seat)
    changed = 0
    for _ in range(3):
        other = real.resample_hidden(puzzle.seat, rng)
        changed += other.state_dict() != real.state_dict()
        assert puzzle_message(puzzle, other, recent) == shown, puzzle.id
    check_recent_moves(puzzle, rng)
    assert not keys_of(shown) & SECRET_KEYS
    text = json.dumps(shown)
    assert puzzle.explanation not in text
    if puzzle.record.seed >= 10**6:  # a short seed could be any figure of the position
        assert str(puzzle.record.seed) not in text
    return changed


def check_recent_moves(puzzle: Puzzle, rng: random.Random) -> None:
    """Each other seat's move as the puzzle's seat was shown it is the same in a re-deal."""
    record = puzzle.record
    game = regency.new_game(record.game, players=record.players, seed=record.seed, **record.options)
    for notation in record.actions:
        if game.current_player != puzzle.seat:
            action = game.parse_action(notation)
            other = game.resample_hidden(puzzle.seat, rng)
            if action in other.legal_actions():
                assert other.public_action(action, puzzle.seat) == game.public_action(
                    action, puzzle.seat
                )
        game.play(notation)

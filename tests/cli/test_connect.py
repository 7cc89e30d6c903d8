"""``regency connect`` reads the server's moves with the stateless codec (issue 31)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import regency
from regency.cli.connect import seat_view
from regency.core.errors import RegencyError


def _message(game: regency.Game[Any]) -> dict[str, Any]:
    """The parts of a server's ``view`` message that ``seat_view`` reads."""
    seat = game.current_player
    assert seat is not None
    return {
        "game": game.name,
        "seat": seat,
        "players": game.num_players,
        "observation": game.observation(seat),
        "legal_moves": [str(a) for a in game.legal_actions()],
    }


@pytest.mark.parametrize("name", ["claim", "claim-kingdoms", "kingdoms"])
def test_the_agent_gets_the_legal_moves_without_a_world_being_dealt(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cls = regency.game_info(name).game_class

    def no_world(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("connect dealt a world of hidden cards")

    monkeypatch.setattr(cls, "sample_world", classmethod(no_world))
    game = regency.new_game(name, players=3, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        if game.is_over:
            break
        view = seat_view(_message(game))
        assert view.legal_actions == tuple(game.legal_actions())
        game.apply(rng.choice(game.legal_actions()))


def test_a_move_the_client_cannot_read_is_reported() -> None:
    game = regency.new_game("kingdoms", players=2, seed=1)
    message = _message(game)
    message["legal_moves"] = [*message["legal_moves"], "teleport A1"]
    with pytest.raises(RegencyError, match="teleport A1"):
        seat_view(message)

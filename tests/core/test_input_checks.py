"""Ill-typed records and look-alike action objects are refused (issue 29, server holes).

An outside test found two holes a server would pass straight through:

* ``regency.replay(Record(meta=[]))`` replayed: a record's fields were not checked when
  the record was built in code, only when it was read from a file.
* ``game.play(KingdomsAction(1, 5, 5))`` played ``draw``: a malformed action object
  whose ``str()`` is ``"draw"`` matched the legal draw. Objects must match by value
  (equality with a legal action), text by notation.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import regency
from regency import CorruptSaveError, IllegalActionError, Record
from regency.games.claim_kingdoms.actions import PLACE
from regency.games.claim_kingdoms.actions import Action as CKAction
from regency.games.kingdoms.actions import (
    CASTLE_VERB,
    DRAW,
    DRAW_VERB,
    PASS_VERB,
    TILE_VERB,
    KingdomsAction,
)

GAMES = ["claim", "claim-kingdoms", "kingdoms"]


def _record(**fields: Any) -> Record:
    """A valid Claim record, with ``fields`` put in place of its own."""
    record = regency.new_game("claim", players=2, seed=4).record()
    values = {
        name: getattr(record, name)
        for name in ("game", "players", "seed", "options", "actions", "meta", "digest")
    }
    values.update(fields)
    return Record(**values)


# -- records: every field is checked, and the message names it -----------------------------


def test_a_record_whose_meta_is_a_list_is_refused_naming_meta() -> None:
    with pytest.raises(CorruptSaveError, match=r"'meta' must be an object.*\[\] \(a list\)"):
        regency.replay(Record(game="claim", players=2, seed=4, meta=[]))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "wrong"),
    [
        ("meta", [], "list"),
        ("meta", "seat 0: you", "str"),
        ("actions", "KN9", "str"),
        ("actions", ["KN9", 7], "int"),
        ("actions", {"KN9": 1}, "dict"),
        ("players", "2", "str"),
        ("players", True, "bool"),
        ("players", 2.0, "float"),
        ("seed", 4.0, "float"),
        ("seed", -1, "int"),
        ("seed", None, "None"),
        ("options", ["factions"], "list"),
        ("options", {1: "x"}, "int"),
        ("game", 3, "int"),
        ("game", "", "str"),
        ("game", None, "None"),
        ("digest", "not hex", "str"),
        ("digest", 7, "int"),
    ],
)
def test_a_record_object_with_a_field_of_the_wrong_type_is_refused(
    field: str, value: Any, wrong: str
) -> None:
    with pytest.raises(CorruptSaveError, match=f"'{field}'") as info:
        regency.replay(_record(**{field: value}))
    assert wrong in str(info.value)


@pytest.mark.parametrize(
    ("field", "value"), [("meta", []), ("actions", "KN9"), ("players", "2"), ("options", [])]
)
def test_a_record_is_refused_alike_as_an_object_a_dict_and_json(field: str, value: Any) -> None:
    data = {**_record().to_dict(), field: value}
    messages = set()
    for given in (_record(**{field: value}), data, json.dumps(data)):
        with pytest.raises(CorruptSaveError) as info:
            regency.replay(given)
        messages.add(str(info.value))
    assert len(messages) == 1, messages
    assert f"'{field}'" in messages.pop()


def test_valid_records_still_replay_in_every_form() -> None:
    game = regency.new_game("claim", players=2, seed=4)
    for _ in range(5):
        game.play(game.legal_actions()[0])
    record = game.record(meta={"seats": ["you", "heuristic"]})
    for given in (record, record.to_dict(), record.to_json(), record.to_json().encode()):
        assert regency.replay(given).state_dict() == game.state_dict()
    # A record built by hand with its actions in a list (not a tuple) is still a record.
    by_hand = Record("claim", 2, 4, actions=list(record.actions))  # type: ignore[arg-type]
    assert regency.replay(by_hand).actions == game.actions
    read = Record.from_dict(record.to_dict())
    assert read == record and isinstance(read.actions, tuple)


# -- play(): objects by value, text by notation -----------------------------------------------


def _refused(game: regency.Game[Any], action: object) -> str:
    """Play ``action``, expect a refusal, check the game is untouched, return the message."""
    before = game.state_dict()
    moves = game.actions
    with pytest.raises(IllegalActionError) as info:
        game.play(action)
    assert game.state_dict() == before and game.actions == moves
    return str(info.value)


def test_a_malformed_kingdoms_action_that_writes_draw_is_refused() -> None:
    game = regency.new_game("kingdoms", players=2, seed=1)
    assert DRAW in game.legal_actions()
    stray = KingdomsAction(DRAW_VERB, 5, 5)
    assert str(stray) == "draw" and stray != DRAW
    assert "is not a Kingdoms action" in _refused(game, stray)


@pytest.mark.parametrize(
    "stray",
    [
        KingdomsAction(DRAW_VERB, -1, 2),
        KingdomsAction(DRAW_VERB, 0, 0),
        KingdomsAction(PASS_VERB, 3, 0),
    ],
)
def test_kingdoms_actions_with_stray_fields_are_refused(stray: KingdomsAction) -> None:
    _refused(regency.new_game("kingdoms", players=2, seed=1), stray)


def test_a_kingdoms_tile_with_a_rank_is_refused() -> None:
    game = regency.new_game("kingdoms", players=2, seed=1)
    game.play("draw")
    legal = game.legal_actions()[0]
    assert legal.verb == TILE_VERB
    stray = KingdomsAction(TILE_VERB, legal.square, 3)
    assert str(stray) == str(legal)
    _refused(game, stray)
    assert game.play(legal) is legal


def test_a_malformed_claim_kingdoms_action_is_shown_by_its_fields() -> None:
    game = regency.new_game("claim-kingdoms", players=2, seed=1)
    legal = game.legal_actions()[0]
    assert legal.kind == PLACE
    stray = CKAction(PLACE, legal.square, 3)
    assert str(stray) == str(legal)
    message = _refused(game, stray)
    assert str(tuple(stray)) in message and repr(stray) not in message


class _LooksLike:
    """An object whose ``str()`` is a legal move's notation but which equals nothing."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    __hash__ = object.__hash__


@pytest.mark.parametrize("name", GAMES)
def test_an_object_is_never_matched_by_its_text(name: str) -> None:
    game = regency.new_game(name, players=2, seed=1)
    _refused(game, _LooksLike(str(game.legal_actions()[0])))


@pytest.mark.parametrize("name", GAMES)
def test_legal_objects_and_notation_are_still_accepted(name: str) -> None:
    game = regency.new_game(name, players=2, seed=1)
    legal = game.legal_actions()[0]
    assert game.play(legal) is legal
    legal = game.legal_actions()[-1]
    assert game.play(f"  {str(legal).upper()} ") == legal
    legal = game.legal_actions()[0]
    assert game.play(tuple(legal) if isinstance(legal, tuple) else int(legal)) is legal


def test_kingdoms_value_equal_objects_play_the_shared_action() -> None:
    game = regency.new_game("kingdoms", players=2, seed=1)
    assert game.play(KingdomsAction(DRAW_VERB)) is DRAW
    game = regency.new_game("kingdoms", players=2, seed=1)
    assert game.play((DRAW_VERB, -1, 0)) is DRAW
    game = regency.new_game("kingdoms", players=2, seed=1)
    castle = next(a for a in game.legal_actions() if a.verb == CASTLE_VERB)
    assert game.play(KingdomsAction(CASTLE_VERB, castle.square, castle.rank)) is castle

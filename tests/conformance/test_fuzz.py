"""Fuzzing every entry point with hypothesis, over every game and player count.

Whatever comes in, the checked entry points answer with a documented error (or do what
was asked), and a refusal changes nothing. The default run explores a few examples per
property; the slow step (``pytest -m slow``) explores many more of the same properties.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import regency
from regency import CorruptSaveError, GameOptionError, IllegalActionError
from tests.conformance.cases import CASES, Case

SHORT = settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
LONG = settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))

cases = st.sampled_from(CASES)
json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=20,
)


def _game_at(case: Case, seed: int, moves: int) -> regency.Game[Any]:
    name, players, options = case
    game = regency.new_game(name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@st.composite
def positions(draw: st.DrawFn) -> regency.Game[Any]:
    return _game_at(draw(cases), draw(st.integers(0, 2**32)), draw(st.integers(0, 150)))


def _like(action: Any, values: list[Any]) -> Any:
    """An object of the action's own type with the fields replaced by ``values``."""
    kind = type(action)
    if isinstance(action, int):
        return kind(values[0]) if isinstance(values[0], int) else values[0]
    if dataclasses.is_dataclass(action):
        names = [f.name for f in dataclasses.fields(action)]
        return kind(**dict(zip(names, values, strict=False)))
    if isinstance(action, tuple):
        return kind(*values[: len(action)])
    return values[0]


field_values = st.integers(-(2**70), 2**70) | st.floats(allow_nan=True) | st.booleans()
strangers = (
    json_values
    | st.text(max_size=300)
    | st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 ,+-", max_size=20)
    | st.builds(lambda n: "K" * n, st.integers(0, 100_000))
)


def _check_play(game: regency.Game[Any], data: st.DataObject) -> None:
    legal = list(game.legal_actions())
    before = game.to_json()
    moves = len(game.actions)
    if legal and data.draw(st.booleans()):
        template = data.draw(st.sampled_from(legal))
        values = data.draw(st.lists(field_values, min_size=3, max_size=3))
        try:
            candidate = _like(template, values)
        except (TypeError, ValueError, OverflowError):
            return  # the action type itself refused to be built: nothing reached play
    else:
        candidate = data.draw(strangers)
    list_legal = data.draw(st.booleans())
    try:
        taken = game.play(candidate, list_legal=list_legal)
    except IllegalActionError as exc:
        assert str(exc), "a refusal says why"
        assert len(str(exc)) <= 4100
        assert game.to_json() == before, "a refusal changed the game"
        return
    assert any(taken is a for a in legal), "play() logged something not legal"
    assert len(game.actions) == moves + 1 and game.actions[-1] is taken
    assert regency.load_game(game.to_json()).state_dict() == game.state_dict()


def _check_load(game: regency.Game[Any], data: st.DataObject) -> None:
    text = game.to_json()
    how = data.draw(st.sampled_from(["flip", "cut", "json", "nest", "field"]))
    if how == "flip":
        at = data.draw(st.integers(0, len(text) - 1))
        text = text[:at] + data.draw(st.characters()) + text[at + 1 :]
    elif how == "cut":
        text = text[: data.draw(st.integers(0, len(text)))]
    elif how == "json":
        text = json.dumps(data.draw(json_values))
    elif how == "nest":
        depth = data.draw(st.integers(1, 50_000))
        text = "[" * depth + "]" * depth
    else:
        saved = json.loads(text)
        key = data.draw(st.sampled_from(sorted(saved)))
        saved[key] = data.draw(json_values)
        text = json.dumps(saved)
    try:
        loaded = regency.load_game(text)
    except CorruptSaveError as exc:
        assert str(exc)
        return
    assert loaded.to_json() == regency.load_game(loaded.to_json()).to_json()


def _check_replay(game: regency.Game[Any], data: st.DataObject) -> None:
    record = game.record().to_dict()
    if data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(record)))
        record[key] = data.draw(json_values)
    form = data.draw(st.sampled_from(["dict", "text", "bytes", "object"]))
    given: Any = record
    if form == "text":
        given = json.dumps(record)
    elif form == "bytes":
        given = json.dumps(record).encode()
    elif form == "object":
        given = regency.Record(
            **{k: v for k, v in record.items() if k not in ("format", "version")}
        )
    stop = data.draw(st.none() | st.integers(-5, 400) | json_scalars)
    try:
        replayed = regency.replay(given, stop=stop)
    except (CorruptSaveError, GameOptionError) as exc:
        assert str(exc)
        return
    except TypeError:
        assert form == "object", "only a Record built with wrong fields may fail to build"
        return
    assert regency.replay(replayed.record()).state_dict() == replayed.state_dict()


def _check_new_game(case: Case, data: st.DataObject) -> None:
    name, players, options = case
    info = regency.game_info(name)
    chosen = dict(options)
    for option in data.draw(st.lists(st.sampled_from([o.name for o in info.options]))):
        chosen[option] = data.draw(json_values)
    if data.draw(st.booleans()):
        chosen[data.draw(st.text(max_size=12))] = data.draw(json_values)
    seat_count: Any = data.draw(st.sampled_from([players, 0, 5, -1, "2", 2.0, None, True]))
    seed: Any = data.draw(st.none() | st.integers(-5, 2**64) | json_scalars)
    try:
        game = regency.new_game(name, players=seat_count, seed=seed, **chosen)
    except GameOptionError as exc:
        assert str(exc) and len(str(exc)) <= 4100
        return
    assert regency.replay(game.record()).state_dict() == game.state_dict()


CHECKS: dict[str, Callable[..., None]] = {
    "play": _check_play,
    "load_game": _check_load,
    "replay": _check_replay,
}


@pytest.mark.parametrize("entry", sorted(CHECKS))
@SHORT
@given(game=positions(), data=st.data())
def test_checked_entry_points_keep_their_contract(
    entry: str, game: regency.Game[Any], data: st.DataObject
) -> None:
    CHECKS[entry](game, data)


@SHORT
@given(case=cases, data=st.data())
def test_new_game_keeps_its_contract(case: Case, data: st.DataObject) -> None:
    _check_new_game(case, data)


@pytest.mark.slow
@pytest.mark.parametrize("entry", sorted(CHECKS))
@LONG
@given(game=positions(), data=st.data())
def test_checked_entry_points_keep_their_contract_long(
    entry: str, game: regency.Game[Any], data: st.DataObject
) -> None:
    CHECKS[entry](game, data)


@pytest.mark.slow
@LONG
@given(case=cases, data=st.data())
def test_new_game_keeps_its_contract_long(case: Case, data: st.DataObject) -> None:
    _check_new_game(case, data)

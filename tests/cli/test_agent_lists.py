"""Agent specs on the command line: every spec the program names, in every command.

``regency games`` and docs/opponents.md name default opponents with commas of their own
(``rollout:value=net,most=96``). ``arena``, ``simulate``, ``report`` and ``puzzles mine``
take a list of specs as ``--agents`` (split by ``;``, or by commas where a ``key=value``
piece belongs to the spec before it) or as a repeated ``--agent SPEC``; each default
opponent of every game and player count is played through each command here.

The defaults think about a second a move, so each is given a small budget on top of its
own parameters (:func:`quick`): more commas still, and quick games.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import regency
from regency.agents import parse_spec, split_specs
from regency.agents.defaults import default_opponent
from regency.cli.args import agents_from_args
from regency.cli.main import build_parser
from regency.puzzles import PuzzleSet, mining
from tests.cli.helpers import run

DEFAULTS = [
    (info.name, players, default_opponent(info.name, players))
    for info in regency.available_games()
    for players in info.players
]
"""(game, players, the default opponent's spec), from each game's ``GameInfo``."""

BUDGETS = {"ismcts": "iters=2", "pimc": "worlds=1,nodes=1000,iters=2", "rollout": "iters=1,depth=1"}
"""A small budget per searching agent, added to a default's own parameters."""

Fixtures = tuple[pytest.CaptureFixture[str], pytest.MonkeyPatch]


@pytest.fixture
def io(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Fixtures:
    return capsys, monkeypatch


def quick(spec: str) -> str:
    """``spec`` with a small budget added: ``rollout:value=net,most=96,iters=1,depth=1``."""
    parsed = parse_spec(spec)
    assert parsed.name in BUDGETS, f"give the default {spec!r} a small budget in BUDGETS"
    extra = BUDGETS[parsed.name]
    assert not {p.partition("=")[0] for p in extra.split(",")} & set(parsed.params)
    return f"{spec}{',' if ':' in spec else ':'}{extra}"


def contestants(spec: str, players: int) -> list[str]:
    """``spec`` against the heuristic (and a random player, to fill 3 seats evenly)."""
    return [spec, "heuristic"] + (["random"] if players == 3 else [])


def test_the_defaults_have_commas_of_their_own() -> None:
    # Otherwise this file would prove nothing about commas inside a spec.
    assert any("," in spec for _, _, spec in DEFAULTS)


@pytest.mark.parametrize("command", ["simulate", "arena"])
@pytest.mark.parametrize(("game", "players", "default"), DEFAULTS)
def test_every_default_opponent_plays_in_a_comma_separated_list(
    io: Fixtures, command: str, game: str, players: int, default: str
) -> None:
    agents = contestants(quick(default), players)
    argv = [command, game, "--players", str(players), "--agents", ",".join(agents)]
    code, out, err = run([*argv, "--games", "1", "--seed", "1", "--quiet", "--json", "-"], "", *io)
    assert code == 0, err
    data = json.loads(out)
    assert [a["spec"] for a in data["agents"]] == agents
    assert data["games"] >= 1


@pytest.mark.parametrize(("game", "players", "default"), DEFAULTS)
def test_every_default_opponent_plays_the_games_puzzles_are_mined_from(
    io: Fixtures, tmp_path: Path, game: str, players: int, default: str
) -> None:
    # Judging every decision for puzzles takes minutes; what is tested here is which
    # agents play the game, so no decision is left to judge (no position has a million
    # moves), and the real self-play is watched.
    played: list[tuple[str, ...]] = []

    def watched(game: str, players: int, seed: int, agents: Any) -> Any:
        played.append(tuple(agents))
        return real_play(game, players, seed, agents)

    real_play, real_thresholds = mining.play_record, mining.thresholds_for
    monkeypatch = io[1]
    monkeypatch.setattr(mining, "play_record", watched)
    monkeypatch.setattr(
        mining, "thresholds_for", lambda g: replace(real_thresholds(g), min_moves=10**6)
    )
    agents = [quick(default), "heuristic"]
    out = tmp_path / "set.json"
    argv = ["puzzles", "mine", game, "--players", str(players), "--games", "1", "--quiet"]
    code, _, err = run([*argv, "--agents", ",".join(agents), "--out", str(out)], "", *io)
    assert code == 0, err
    # The seats take the agents in turn.
    assert played == [tuple(agents[s % 2] for s in range(players))]
    mined = PuzzleSet.from_json(out.read_text()).mined
    assert mined["games"] == 1
    # The set keeps a command that gives the same agents again, as one shell word.
    words = shlex.split(mined["command"])
    assert split_specs(words[words.index("--agents") + 1]) == agents


FORMS = {
    "commas": lambda specs: ["--agents", ",".join(specs)],
    "semicolons": lambda specs: ["--agents", ";".join(specs)],
    "spaced semicolons": lambda specs: ["--agents", " ; ".join(specs)],
    "repeated --agent": lambda specs: [w for s in specs for w in ("--agent", s)],
}
"""The ways to write a list of specs, each as the words of a command line."""

COMMANDS = {
    "simulate": ["simulate"],
    "arena": ["arena"],
    "report": ["report"],
    "puzzles mine": ["puzzles", "mine"],
}
"""The commands that take a list of agents, as the words that start them."""


def command_line(command: str, game: str, more: list[str], out: Path) -> list[str]:
    """The words of ``command`` for ``game`` with ``more``, and the file it must write."""
    words = [*COMMANDS[command], game, *more]
    return [*words, "--out", str(out)] if command == "puzzles mine" else words


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("game", "players", "default"), DEFAULTS)
def test_every_form_gives_every_command_the_same_agents(
    form: str, command: str, game: str, players: int, default: str
) -> None:
    # The commands' own parsers, and the one reader of the list that each command calls.
    agents = contestants(default, players)
    more = ["--players", str(players), *FORMS[form](agents)]
    args = build_parser().parse_args(command_line(command, game, more, Path("x.json")))
    assert agents_from_args(args, ("random",), game, [players]) == tuple(agents)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    ("agents", "message"),
    [
        (
            ["--agents", "rolout:value=net,most=96,heuristic"],
            "'rolout:value=net,most=96': unknown agent 'rolout'; agents: heuristic, ismcts",
        ),
        (
            ["--agent", "rollout:value=net,most=96", "--agent", "heuristic,random"],
            "unknown agent 'heuristic,random'",
        ),
        (["--agents", "genius"], "unknown agent 'genius'; agents: heuristic"),
        (["--agents", "rollout:most=0;heuristic"], "'rollout:most=0': rollout: most must be at"),
        (
            ["--agents", "ismcts,iters=500"],
            "--agents: 'iters=500' is a parameter, but 'ismcts' before it has no ':' "
            "(write 'ismcts:iters=500')",
        ),
        (["--agents", "most=96,heuristic"], "'most=96' is a parameter, with no agent before it"),
        (["--agents", " ; "], "--agents needs at least one agent"),
        (["--agent", " "], "--agent needs a spec"),
        (["--agent", "heuristic", "--agents", "random"], "not allowed with argument"),
    ],
)
def test_a_bad_list_is_one_line_naming_the_whole_spec(
    io: Fixtures, tmp_path: Path, command: str, agents: list[str], message: str
) -> None:
    out = tmp_path / "x.json"
    argv = command_line(command, "kingdoms", [*agents, "--games", "1", "--quiet"], out)
    code, said, err = run(argv, "", *io)
    assert code == 2, said
    assert message in " ".join(err.split()), err
    assert len(err.strip().splitlines()) == 1, err
    assert not out.exists()

"""Lists of agent specs on one line (``--agents``, ``--seats``): ``split_specs``.

Specs have commas of their own (``rollout:value=net,most=96``), so a list is split by
``;`` when it has one, else by commas where a ``key=value`` piece belongs to the spec
before it. Every spec the program names (the default opponents, every ladder's levels)
must come back whole from either form.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import regency
from regency.agents import AgentError, parse_spec, split_specs
from regency.agents.defaults import default_opponent
from regency.agents.ladder import ladder

NAMED = sorted(
    {
        spec
        for info in regency.available_games()
        for players in info.players
        for spec in (
            default_opponent(info.name, players),
            *(level.agent for level in ladder(info.name, players)),
        )
    }
)
"""Every spec the program itself names: the default opponents and the ladders' levels."""

MORE = [
    "ismcts:iters=500,rollout=heuristic",  # the example of arena's help
    "ismcts:2000",
    "ismcts:iters=50,c=1.2,rollout=heuristic",
    "policy:path=C:/models/claim=2.zip,sample=1",  # a value with ':' and '=' of its own
    "policy:/models/claim.zip",
    "human",  # a person's seat splits like any entry
]


def test_the_program_names_specs_with_commas() -> None:
    # Otherwise the tests below would prove nothing about commas.
    assert any("," in spec for spec in NAMED)


@given(st.lists(st.sampled_from(NAMED + MORE), min_size=1, max_size=5))
def test_every_spec_comes_back_whole_from_either_form(specs: list[str]) -> None:
    assert split_specs(",".join(specs)) == specs
    assert split_specs(";".join(specs)) == specs
    assert split_specs(" ; ".join(specs)) == specs


@pytest.mark.parametrize("spec", NAMED)
def test_every_named_spec_alone_is_one_spec_that_parses(spec: str) -> None:
    assert split_specs(spec) == [spec]
    assert str(parse_spec(spec)) == spec


def test_the_issues_examples() -> None:
    assert split_specs("rollout:value=net,most=96,heuristic") == [
        "rollout:value=net,most=96",
        "heuristic",
    ]
    assert split_specs("ismcts:iters=500,rollout=heuristic") == [
        "ismcts:iters=500,rollout=heuristic"
    ]
    # With ';', each piece is one whole spec, commas and all.
    assert split_specs("ismcts:2000;rollout:value=net,most=96;random") == [
        "ismcts:2000",
        "rollout:value=net,most=96",
        "random",
    ]


def test_empty_pieces_are_skipped() -> None:
    assert split_specs(" heuristic,, random ,") == ["heuristic", "random"]
    assert split_specs(";heuristic;;") == ["heuristic"]
    assert split_specs("") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("iters=500,heuristic", "'iters=500' is a parameter, with no agent before it"),
        (
            "ismcts,iters=500",
            "'iters=500' is a parameter, but 'ismcts' before it has no ':' "
            "(write 'ismcts:iters=500')",
        ),
        ("human,iters=5,random", "but 'human' before it has no ':'"),
    ],
)
def test_a_parameter_that_belongs_to_no_spec_is_refused(text: str, message: str) -> None:
    with pytest.raises(AgentError) as refused:
        split_specs(text)
    assert message in str(refused.value)

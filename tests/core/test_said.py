"""Words kept as messages (regency.core.said): said in each language, round-tripped as JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regency.core import i18n
from regency.core.errors import CorruptSaveError
from regency.core.i18n import using
from regency.core.said import (
    Part,
    Said,
    Texts,
    part_from_json,
    part_to_json,
    said,
    said_n,
    sentence,
    text_of,
)


def test_a_message_and_its_parts_are_said_in_the_current_language() -> None:
    words = said("{name} wins with {gold} gold.", name=said("You"), gold=1234)
    assert text_of(words) == "You wins with 1,234 gold."
    with using("de"):
        german = text_of(words)
        assert "Du" in german and "1.234" in german and "gold" not in german
    with using(i18n.PSEUDO):
        assert text_of(words).startswith("[[Ýöû]")


def test_a_plural_follows_the_count_and_numbers_are_written_as_the_language_writes_them() -> None:
    one = said_n("{count} move", "{count} moves", 1)
    many = said_n("{count} move", "{count} moves", 1234)
    assert (text_of(one), text_of(many)) == ("1 move", "1,234 moves")
    with using("de"):
        assert text_of(many).startswith("1.234 ")
    assert text_of(said("{chance}%", chance=1500)) == "1,500%"


def test_a_sentence_begins_with_a_capital_whatever_its_first_part() -> None:
    words = sentence("{move} is the answer.", move="place the Giants")
    assert text_of(words) == "Place the Giants is the answer."
    assert text_of(said("{move} is the answer.", move="place")) == "place is the answer."


def test_texts_keep_every_language_and_fall_back_to_english() -> None:
    texts = Texts.of(lambda: i18n._("You"))
    assert set(texts.by_language) == {*i18n.LANGUAGES, i18n.PSEUDO}
    with using("fr"):
        assert text_of(texts) == "Vous"
    assert text_of(Texts({"en": "only English"})) == "only English"
    with using("nl"):
        assert text_of(Texts({"en": "only English"})) == "only English"


def test_sentences_are_said_one_after_the_other() -> None:
    assert text_of([sentence("{a}.", a="one"), sentence("{a}.", a="two")]) == "One. Two."


_PARTS: st.SearchStrategy[Part] = st.recursive(
    st.one_of(st.text(max_size=8), st.integers(-5, 10_000)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.builds(
            Said,
            st.sampled_from(["{a}", "{a} {b}", "x"]),
            st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2),
            st.none(),
            st.just(0),  # a count only chooses a plural
            st.booleans(),
        ),
        st.builds(
            Said,
            st.just("{count} {a}"),
            st.dictionaries(st.just("a"), inner, max_size=1),
            st.just("{count} {a}s"),
            st.integers(0, 5),
            st.booleans(),
        ),
        st.builds(Texts, st.fixed_dictionaries({"en": st.text(max_size=5)})),
    ),
    max_leaves=8,
)


@given(_PARTS)
def test_the_json_round_trips(part: Part) -> None:
    data = json.loads(json.dumps(part_to_json(part)))
    assert part_from_json(data) == part


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"said": "x", "parts": []}, "bad parts"),
        ({"said": "x", "count": "2"}, "bad parts"),
        ({"texts": {"nl": "alleen"}}, "need English"),
        ({"what": 1}, "not words"),
        (True, "not words"),
        (1.5, "not words"),
    ],
)
def test_a_damaged_part_is_refused_with_a_reason(data: Any, message: str) -> None:
    with pytest.raises(CorruptSaveError, match=message):
        part_from_json(data)

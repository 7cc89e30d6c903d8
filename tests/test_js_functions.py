"""The JavaScript scanner the quality test counts functions with (tests/js_functions.py)."""

from __future__ import annotations

import pytest

from tests.js_functions import Function, functions


def spans(source: str) -> dict[str, tuple[int, int]]:
    return {f.name: (f.start, f.end) for f in functions(source)}


def test_a_declaration_counts_from_function_to_its_closing_brace() -> None:
    source = """// a comment
export function drawTable(root, view) {
  root.x = 1;
  return root;
}
"""
    assert functions(source) == [Function("drawTable", 2, 5)]
    assert functions(source)[0].lines == 4


def test_braces_in_strings_templates_comments_and_regexes_are_not_counted() -> None:
    source = """function f() {
  const a = "}}} {";
  const b = '{ \\' }';
  const c = `} ${a + "}"} { ${`nested } ${b}`} }`;
  // } a comment
  /* { and } */
  const r = /[{"'`}]+\\/}/g;
  return a / 2 / c;
}
function g() { return 1; }
"""
    assert spans(source) == {"f": (1, 9), "g": (10, 10)}


def test_a_division_is_not_taken_for_a_regular_expression() -> None:
    # Were "/ 2 / " read as a regex, the brace after it would be swallowed.
    source = """function f(a, b) {
  const x = (a) / 2 / b;
  const y = a[1] / { k: 1 }.k;
  return x + y;
}
"""
    assert spans(source) == {"f": (1, 5)}


def test_default_parameters_with_braces_do_not_open_the_body() -> None:
    source = """export function el(tag, attrs = {}, ...children) {
  return [tag, attrs, children];
}
"""
    assert spans(source) == {"el": (1, 3)}


def test_arrows_methods_and_expressions_assigned_to_names() -> None:
    source = """const ui = {
  move(notation, content, attrs = {}) {
    return notation;
  },
  onclick: () => { go(); },
  later: async (x) => {
    await x;
  },
  short: (x) => x + 1,
  object: () => ({ a: 1 }),
};
const named = function (a) {
  return a;
};
items.map((x) =>
  x * 2);
items.forEach(x => {
  use(x);
});
function* gen() {
  yield 1;
}
"""
    assert spans(source) == {
        "move": (2, 4),
        "onclick": (5, 5),
        "later": (6, 8),
        "named": (12, 14),
        "(anonymous)": (17, 19),
        "gen": (20, 22),
    }


def test_blocks_are_not_functions_and_nested_functions_count_inside_their_parent() -> None:
    source = """function outer(xs) {
  if (xs) {
    for (const x of xs) {
      try { run(x); } catch (e) { log(e); } finally { done(); }
    }
  } else {
    switch (xs) { case 1: break; }
  }
  class A extends B { get size() { return 1; } }
  function inner() {
    return 2;
  }
  return inner;
}
"""
    assert spans(source) == {"size": (9, 9), "inner": (10, 12), "outer": (1, 14)}


@pytest.mark.parametrize(
    "source",
    [
        'function f() { const s = "never closed; }\n',
        "function f() { /* never closed }\n",
        "function f() { return `${x }\n",
        "function f() {\n",
        "}\n",
    ],
)
def test_what_is_left_open_is_an_error_not_a_wrong_count(source: str) -> None:
    with pytest.raises(SyntaxError):
        functions(source)

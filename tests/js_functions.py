"""The functions of a JavaScript file and their lengths, for the quality test's limits.

A small scanner, not a parser: it reads the source once, token by token, setting aside
what cannot hold code (strings, template literals' text, comments, regular expression
literals), so a brace inside any of them is never counted, and matches the braces of
what remains. A ``{`` opens a function's body when it follows

* the parameter list of ``function`` (named or not, ``async``, a generator's ``*``);
* ``=>`` (an arrow function with a block body);
* the parameter list of a method (``name(...) {`` in a class or an object literal, a
  getter or setter too): a name before ``(`` that is not a keyword such as ``if``.

A function's length is counted as the Python test counts one: from the line where it
starts (``function``, the method's name, or the arrow's parameters) to the line of its
closing brace, both included. An arrow function with an expression body (``(x) => x +
1``) has no braces and is not counted; nor is code in a template literal's ``${...}``
skipped: it is scanned like any other code.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Function", "functions"]

_BLOCK_KEYWORDS = frozenset({"if", "for", "while", "switch", "catch", "with", "function"})
"""Words that can stand before ``(...) {`` without making a method."""

_BEFORE_REGEX = frozenset(
    {
        "return",
        "typeof",
        "instanceof",
        "in",
        "of",
        "new",
        "delete",
        "void",
        "throw",
        "case",
        "do",
        "else",
        "yield",
        "await",
    }
)
"""Words after which a ``/`` starts a regular expression, not a division."""

_AFTER_VALUE = frozenset({")", "]", "}"})
"""Punctuation after which a ``/`` is a division (``a[1] / 2``); ``}`` is counted here
too, although a regular expression can follow a block's end: no source here does that."""


@dataclass(frozen=True, slots=True)
class Function:
    """A function found in a JavaScript source.

    Attributes:
        name: Its name (a declaration's, a method's, or the variable or property an
            anonymous one is assigned to), or ``"(anonymous)"``.
        start: The line it starts on (1-based).
        end: The line of its closing brace.
    """

    name: str
    start: int
    end: int

    @property
    def lines(self) -> int:
        """How many lines it spans, its first and last included."""
        return self.end - self.start + 1


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    line: int
    kind: str  # "word", "punct", "literal"


class _Scanner:
    """Turns a source into tokens, with strings, comments and regexes as single literals."""

    def __init__(self, source: str) -> None:
        self.src = source
        self.i = 0
        self.line = 1
        self.tokens: list[_Token] = []
        self.templates: list[int] = []
        """For each ``${`` open inside a template literal, the brace depth it opened at."""
        self.depth = 0

    def _advance(self, n: int = 1) -> None:
        self.line += self.src.count("\n", self.i, self.i + n)
        self.i += n

    def _emit(self, text: str, kind: str, line: int) -> None:
        self.tokens.append(_Token(text, line, kind))

    def _regex_allowed(self) -> bool:
        if not self.tokens:
            return True
        last = self.tokens[-1]
        if last.kind == "word":
            return last.text in _BEFORE_REGEX
        if last.kind == "literal":
            return False
        return last.text not in _AFTER_VALUE

    def scan(self) -> list[_Token]:
        src = self.src
        while self.i < len(src):
            c = src[self.i]
            two = src[self.i : self.i + 2]
            if c in " \t\r\n":
                self._advance()
            elif two == "//":
                end = src.find("\n", self.i)
                self._advance((len(src) if end < 0 else end) - self.i)
            elif two == "/*":
                end = src.find("*/", self.i + 2)
                if end < 0:
                    raise SyntaxError(f"line {self.line}: a comment that never ends")
                self._advance(end + 2 - self.i)
            elif c in "'\"":
                self._string(c)
            elif c == "`":
                self._template()
            elif c == "/" and self._regex_allowed():
                self._regex()
            elif c.isalnum() or c in "_$":
                self._word()
            elif two == "=>":
                self._emit("=>", "punct", self.line)
                self._advance(2)
            elif c == "{":
                self.depth += 1
                self._emit("{", "punct", self.line)
                self._advance()
            elif c == "}":
                if self.templates and self.templates[-1] == self.depth:
                    self.templates.pop()  # the end of a template literal's ${...}
                    self._advance()
                    self._template_text(self.line)
                    continue
                self.depth -= 1
                self._emit("}", "punct", self.line)
                self._advance()
            else:
                self._emit(c, "punct", self.line)
                self._advance()
        if self.templates:
            raise SyntaxError("a template literal's ${ never closes")
        return self.tokens

    def _word(self) -> None:
        j = self.i
        while j < len(self.src) and (self.src[j].isalnum() or self.src[j] in "_$"):
            j += 1
        self._emit(self.src[self.i : j], "word", self.line)
        self._advance(j - self.i)

    def _string(self, quote: str) -> None:
        line = self.line
        j = self.i + 1
        while j < len(self.src) and self.src[j] != quote:
            if self.src[j] == "\n":
                raise SyntaxError(f"line {line}: a string that never ends")
            j += 2 if self.src[j] == "\\" else 1
        if j >= len(self.src):
            raise SyntaxError(f"line {line}: a string that never ends")
        self._advance(j + 1 - self.i)
        self._emit(quote, "literal", line)

    def _template(self) -> None:
        line = self.line
        self._advance()  # the opening backquote
        self._template_text(line)

    def _template_text(self, line: int) -> None:
        """Skip a template literal's text up to its end or its next ``${``."""
        src = self.src
        j = self.i
        while j < len(src):
            if src[j] == "\\":
                j += 2
            elif src[j] == "`":
                self._advance(j + 1 - self.i)
                self._emit("`", "literal", line)
                return
            elif src.startswith("${", j):
                self._advance(j + 2 - self.i)
                self._emit("`", "literal", line)  # the text so far
                self._emit("${", "punct", self.line)  # then code, up to its closing }
                self.templates.append(self.depth)
                return
            else:
                j += 1
        raise SyntaxError(f"line {line}: a template literal that never ends")

    def _regex(self) -> None:
        line = self.line
        src = self.src
        j = self.i + 1
        in_class = False
        while j < len(src):
            c = src[j]
            if c == "\n":
                raise SyntaxError(f"line {line}: a regular expression that never ends")
            if c == "\\":
                j += 2
                continue
            if c == "[":
                in_class = True
            elif c == "]":
                in_class = False
            elif c == "/" and not in_class:
                break
            j += 1
        j += 1
        while j < len(src) and src[j].isalpha():  # flags
            j += 1
        self._advance(j - self.i)
        self._emit("/", "literal", line)


def _matching_open(tokens: list[_Token], close: int) -> int:
    """The index of the ``(`` that the ``)`` at ``close`` closes."""
    depth = 0
    for k in range(close, -1, -1):
        if tokens[k].text == ")" and tokens[k].kind == "punct":
            depth += 1
        elif tokens[k].text == "(" and tokens[k].kind == "punct":
            depth -= 1
            if depth == 0:
                return k
    raise SyntaxError(f"line {tokens[close].line}: a ')' that no '(' opens")


def _assigned_name(tokens: list[_Token], k: int) -> str:
    """The name an anonymous function starting at token ``k`` is given (``x = ...``)."""
    j = k - 1
    while j >= 0 and tokens[j].text in ("async",):
        j -= 1
    if j >= 1 and tokens[j].text in ("=", ":") and tokens[j - 1].kind == "word":
        return tokens[j - 1].text
    return "(anonymous)"


def _function_at(tokens: list[_Token], brace: int) -> tuple[str, int] | None:
    """If the ``{`` at ``brace`` opens a function's body: its name and first line."""
    before = tokens[brace - 1] if brace else None
    if before is None:
        return None
    if before.text == "=>" and before.kind == "punct":
        params = brace - 2
        if params >= 0 and tokens[params].text == ")" and tokens[params].kind == "punct":
            params = _matching_open(tokens, params)
        return _assigned_name(tokens, params), tokens[params].line
    if before.text != ")" or before.kind != "punct":
        return None
    opening = _matching_open(tokens, brace - 1)
    if opening == 0:
        return None
    name = tokens[opening - 1]
    if name.text == "*":  # function* (a generator)
        name = tokens[opening - 2]
    if name.kind != "word":
        return None
    if name.text == "function":
        return _assigned_name(tokens, opening - 1), name.line
    if opening >= 2 and tokens[opening - 2].text == "function":
        return name.text, tokens[opening - 2].line
    if opening >= 3 and tokens[opening - 2].text == "*" and tokens[opening - 3].text == "function":
        return name.text, tokens[opening - 3].line
    if name.text in _BLOCK_KEYWORDS:
        return None
    return name.text, name.line  # a method: name(...) {


def functions(source: str) -> list[Function]:
    """Every function with a block body in ``source``, in the order they close.

    Raises:
        SyntaxError: if a string, comment, template or brace is left open.
    """
    tokens = _Scanner(source).scan()
    found: list[Function] = []
    stack: list[tuple[str, int] | None] = []
    for k, token in enumerate(tokens):
        if token.kind != "punct":
            continue
        if token.text == "{":
            stack.append(_function_at(tokens, k))
        elif token.text == "}":
            if not stack:
                raise SyntaxError(f"line {token.line}: a '}}' that no '{{' opens")
            opened = stack.pop()
            if opened is not None:
                found.append(Function(opened[0], opened[1], token.line))
    if stack:
        raise SyntaxError("a '{' that never closes")
    return found

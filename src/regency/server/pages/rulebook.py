"""The rules pages: each game's rules written for players, with figures drawn like the table.

Two documents per game are shipped in the package:

* ``regency/web/rules/<game>.md``: the rules for players, in the order a player needs
  them (the aim, setting up, a turn, scoring, the end, good to know). This is what
  ``GET /rules/{game}`` shows.
* ``regency/rules/<game>.md``: the project's reference (``docs/rules/``, with the rulings'
  ids and the edge cases), shown at ``GET /rules/{game}/reference``.

Both are Markdown, rendered with raw HTML off. A player document draws its pictures
with fenced blocks whose info string is ``figure`` and whose body is a JSON object::

    ```figure
    {"figure": "cards", "cards": ["GB0", "KN9"], "caption": "A Goblin 0 and a Knight 9."}
    ```

Kinds of figure (``web/rules.js`` draws them with the table's own modules):

* ``cards``: Claim cards, by code.
* ``follow``: a Claim card led and a hand, with the cards that may be played.
* ``trick``: a Claim trick: the card(s) played for, the plays from the leader on, the
  winner's seat, and the players' names.
* ``position``: any game's position, set up with the game's ``from_position`` (keywords
  under ``position``; or the ``name`` of an earlier figure of the page, to reuse its
  position), then ``play``-ed move by move. The server builds the spectator's view
  message from the engine, exactly as a table sends it, and the page draws the parts
  named in ``show`` with ``drawTable`` and the game's module.

The facts a ``follow`` or ``trick`` figure states (which cards are playable, who wins)
are checked against the engine by ``tests/web/test_rules.py``, as are the worked
examples' numbers in the text.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from html import escape
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

import regency
from regency.core import game_class
from regency.core.i18n import DEFAULT, PSEUDO, _, language, pseudo_text
from regency.server.live.table import view_message

__all__ = [
    "FIGURE_KINDS",
    "FigureError",
    "player_document",
    "player_rules_html",
    "reference_document",
    "reference_rules_html",
    "rules_html",
]

FIGURE_KINDS = frozenset({"cards", "follow", "trick", "position"})
"""The kinds of figure a player document may hold."""

SHOW = {
    "claim": frozenset({"players", "result"}),
    "claim-kingdoms": frozenset({"display", "grid", "standing", "players", "result"}),
    "kingdoms": frozenset({"board", "players", "scored-board", "scoring", "result"}),
}
"""The parts of a drawn position a figure may show, per game (``web/rules.js`` knows
where each is in what ``drawTable`` draws)."""


class FigureError(ValueError):
    """A figure in a rules document that cannot be drawn (a mistake in the document)."""


def player_document(game: str, code: str = DEFAULT) -> Traversable:
    """The player rules of ``game`` in the installed package (it may not exist).

    In the language ``code``: ``web/rules/<code>/<game>.md`` where it is translated, else
    the English ``web/rules/<game>.md``.
    """
    rules = resources.files("regency").joinpath("web", "rules")
    translated = rules.joinpath(code, f"{game}.md")
    if code != DEFAULT and translated.is_file():
        return translated
    return rules.joinpath(f"{game}.md")


def reference_document(game: str) -> Traversable:
    """The project's reference rules of ``game`` in the installed package (may not exist)."""
    return resources.files("regency").joinpath("rules", f"{game}.md")


def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _slug(text: str) -> str:
    # Letters of every language ("überblick", "mise-en-place"), so a translated heading
    # keeps a readable anchor.
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-") or "section"


def _anchor_headings(tokens: list[Token]) -> list[tuple[str, str]]:
    """Give every h2 an id (its words); return ``(id, text)`` for each, in order."""
    found: list[tuple[str, str]] = []
    used: set[str] = set()
    for i, token in enumerate(tokens):
        if token.type != "heading_open" or token.tag not in ("h2", "h3"):
            continue
        text = tokens[i + 1].content
        slug = base = _slug(text)
        n = 2
        while slug in used:
            slug, n = f"{base}-{n}", n + 1
        used.add(slug)
        token.attrSet("id", slug)
        if token.tag == "h2":
            found.append((slug, text))
    return found


def _pseudo_words(tokens: list[Token]) -> None:
    """The document's words in the pseudo-language (each run of text bracketed).

    The rules are a file per language, not catalog messages; the tests' pseudo-language
    shows that every word of a rules page comes from the reader's document.
    """
    for token in tokens:
        if token.type == "inline" and token.content.strip():
            token.content = pseudo_text(token.content)  # what the contents list reads
        for child in token.children or ():
            if child.type == "text" and child.content.strip():
                child.content = pseudo_text(child.content)


def reference_rules_html(game: str) -> str | None:
    """The project's reference rules of ``game`` as HTML (``None`` if not installed)."""
    doc = reference_document(game)
    if not doc.is_file():
        return None
    md = _markdown()
    tokens = md.parse(doc.read_text(encoding="utf-8"))
    _anchor_headings(tokens)
    html: str = md.renderer.render(tokens, md.options, {})
    return html


def player_rules_html(game: str) -> str | None:
    """The player rules of ``game`` as HTML, figures included (``None`` if not installed).

    In the current language (the page's own words around the rules: the contents'
    label, a figure's stand-in, the seats' names), made once per game and language.

    Raises:
        FigureError: if a figure of the document cannot be drawn.
    """
    return _player_rules_html(game, language())


@lru_cache(maxsize=32)
def _player_rules_html(game: str, code: str) -> str | None:
    """:func:`player_rules_html` of ``game`` in the language ``code`` (the cache's key)."""
    doc = player_document(game, code)
    if not doc.is_file():
        return None
    md = _markdown()
    tokens = md.parse(doc.read_text(encoding="utf-8"))
    if code == PSEUDO:
        _pseudo_words(tokens)
    sections = _anchor_headings(tokens)
    positions: dict[str, Any] = {}

    def fence(
        self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        token = tokens[idx]
        if token.info.strip() != "figure":
            out: str = self.fence(tokens, idx, options, env)
            return out
        return _figure(md, game, token.content, positions, code)

    md.add_render_rule("fence", fence)
    html: str = md.renderer.render(tokens, md.options, {})
    if sections:
        links = "".join(f'<li><a href="#{slug}">{escape(text)}</a></li>' for slug, text in sections)
        label = escape(_("On this page"), quote=True)
        toc = f'<nav class="rules-toc" aria-label="{label}"><ol>{links}</ol></nav>'
        at = html.find("<h2")
        html = html[:at] + toc + "\n" + html[at:]
    return html


def _figure(
    md: MarkdownIt, game: str, text: str, positions: dict[str, Any], code: str = DEFAULT
) -> str:
    try:
        spec = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FigureError(f"{game}: a figure is not JSON ({exc}): {text[:80]!r}") from None
    if not isinstance(spec, dict) or spec.get("figure") not in FIGURE_KINDS:
        raise FigureError(f"{game}: a figure needs 'figure', one of {sorted(FIGURE_KINDS)}")
    caption = str(spec.pop("caption", ""))
    if caption and code == PSEUDO:
        caption = pseudo_text(caption)
    if spec["figure"] == "position":
        spec = _position_figure(game, spec, positions)
    data = escape(json.dumps(spec, separators=(",", ":")), quote=True)
    label = md.renderInline(caption) if caption else ""
    return (
        f'<figure class="rules-fig" data-figure="{data}">'
        '<div class="fig-body"><p class="muted small">'
        + escape(_("(The picture is drawn by the page's script.)"), quote=False)
        + "</p></div>"
        + (f"<figcaption>{label}</figcaption>" if label else "")
        + "</figure>\n"
    )


def _position_figure(game: str, spec: dict[str, Any], positions: dict[str, Any]) -> dict[str, Any]:
    """A ``position`` figure's data: the spectator's view message of the position."""
    position = spec.get("position")
    if isinstance(position, str):
        if position not in positions:
            raise FigureError(f"{game}: no earlier figure is named {position!r}")
        position = positions[position]
    if not isinstance(position, dict):
        raise FigureError(f"{game}: a position figure needs a 'position' object")
    if "name" in spec:
        positions[str(spec["name"])] = position
    show = spec.get("show")
    if not isinstance(show, list) or not show or not set(show) <= SHOW.get(game, frozenset()):
        raise FigureError(f"{game}: 'show' must list parts among {sorted(SHOW.get(game, ()))}")
    builder = getattr(game_class(game), "from_position", None)
    if builder is None:
        raise FigureError(f"{game} cannot set up a position by hand")
    recent: list[dict[str, Any]] = []
    try:
        state: regency.Game[Any] = builder(**position)
        for number, notation in enumerate(spec.get("play", []), start=1):
            seat = state.current_player
            action = state.parse_action(notation)
            move = state.public_action(action, None)
            recent.append({"number": number, "seat": seat, "move": move})
            state.play(action)
    except (regency.RegencyError, TypeError) as exc:
        raise FigureError(f"{game}: a figure's position: {exc}") from None
    names = spec.get("names") or [_("Seat {seat}", seat=s) for s in range(state.num_players)]
    # A colour standing for a player ("Yellow") is a message: the reader's language names
    # it as the page's text does; a person's name ("Ann") is no message and stays.
    seats = [{"seat": s, "name": _(str(n)), "kind": "person"} for s, n in enumerate(names)]
    view = view_message(state, None, table="", version=len(recent), recent=recent, seats=seats)
    mark = [str(square) for square in spec.get("mark", [])]
    return {"figure": "position", "game": game, "show": show, "mark": mark, "view": view}


def rules_html(game: str) -> str | None:
    """A game's rules page for players as HTML, with the link to the reference at the end.

    ``None`` if this install has no rules for the game.
    """
    body = player_rules_html(game)
    if body is None:
        return None
    # The placeholders are markup, filled after the translated text is escaped.
    links = {"play_start": '<a href="/">', "play_end": "</a>"}
    if reference_document(game).is_file():
        text = _(
            "For rule ids and edge cases: {link_start}the project's reference{link_end}. "
            "{play_start}Play a game{play_end}."
        )
        links |= {"link_start": f'<a href="/rules/{escape(game)}/reference">', "link_end": "</a>"}
    else:
        text = _(
            "For rule ids and edge cases: the project's reference, {path} in its source. "
            "{play_start}Play a game{play_end}."
        )
        links["path"] = f"<code>docs/rules/{escape(game)}.md</code>"
    more = escape(text, quote=False).format(**links)
    return f'{body}<footer class="rules-more"><p>{more}</p></footer>'

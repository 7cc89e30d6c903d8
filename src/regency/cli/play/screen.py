"""What ``regency play`` draws around a game's own screen: the moves, news, hints, refusals.

The game's board and result come from its renderer (:mod:`regency.render`); this module
lays out the rest of a person's screen in the lines the board leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.text import Text

from regency.agents.base import MoveEstimate
from regency.core.i18n import _, ngettext
from regency.render.words import fill

__all__ = [
    "HINT_MOVES",
    "MANY",
    "grouped",
    "height",
    "hint_text",
    "listed_moves",
    "news_lines",
    "refusal",
    "sentence",
]

MANY = 24
"""Above this many legal moves, they are shown grouped by kind rather than numbered."""

HINT_MOVES = 3
"""How many moves ``hint`` shows."""


def height(console: Console, renderable: RenderableType) -> int:
    """How many lines ``renderable`` takes on ``console``."""
    options = console.options.update(height=None)
    return len(console.render_lines(renderable, options, pad=False))


def news_lines(news: list[str], players: int) -> list[Text]:
    """What happened since a person last looked, dimmed: two sentences, the last round."""
    sentences = [n for n in news if n.endswith(".")]
    played = [n for n in news if not n.endswith(".")]
    lines = [Text(n, style="dim") for n in sentences[-2:]]
    if played:
        lines.append(Text(" · ".join(played[-2 * players :]), style="dim"))
    return lines


def listed_moves(
    console: Console, renderer: Any, legal: list[Any], obs: dict[str, Any], room: int
) -> tuple[RenderableType, list[Any]]:
    """The legal moves in the first form that fits ``room`` lines, and those numbered.

    Numbered with labels, numbered without, or (when even that would not fit, or the
    game's screen sums them up) listed by kind and not numbered, so that a number typed
    always means what the screen shows.
    """
    notations = [str(a) for a in legal]
    summary = getattr(renderer, "moves", None)
    short = summary(notations, obs) if summary else None
    if short is not None:
        return short, []
    if len(legal) <= MANY:
        for labelled in (True, False):
            items = []
            for number, notation in enumerate(notations, start=1):
                text = Text.assemble((f"{number:>2} ", "bold cyan"), (notation, "bold"))
                label = renderer.action_label(notation, obs) if labelled else ""
                if label:
                    text.append(f" {label}", style="dim")
                items.append(text)
            numbered = Columns(items, padding=(0, 2))
            if height(console, numbered) <= room:
                return numbered, legal
    listing = grouped(notations)
    if height(console, listing) > room:
        listing = grouped(notations, terse=True)
    return listing, []


def hint_text(
    estimates: list[MoveEstimate],
    observation: dict[str, Any],
    renderer: Any,
    words: Callable[[str], str] | None = None,
) -> Text:
    """The best three of ``estimates`` in a line: the move in words, its notation, its win chance.

    ``words`` says a move in words (``Game.describe``: ``Goblin 9``, ``place Giants at
    0,-2``); the notation follows in brackets, to type. Without it the renderer's label
    follows the notation.
    """
    text = Text(_("The computer's best moves for you:") + " ")
    for rank, estimate in enumerate(estimates[:HINT_MOVES], start=1):
        if rank > 1:
            text.append(" · ")
        if words is not None:
            move = Text(words(estimate.notation), style="bold")
            move.append(f" ({estimate.notation})", style="dim")
        else:
            move = Text(estimate.notation, style="bold")
            label = renderer.action_label(estimate.notation, observation)
            if label:
                move.append(f" {label}", style="dim")
        if estimate.exact and estimate.win is not None:
            chance = {1.0: _("wins"), 0.0: _("loses")}.get(estimate.win, _("shares the win"))
        elif estimate.win is None:
            chance = "?"
        else:
            percent = round(100 * estimate.win)
            chance = _("{percent}%", percent=percent)
        # One message a hint: a translator may put the chance before the move.
        text.append_text(fill(_("{rank}. {move} {chance}"), rank=rank, move=move, chance=chance))
    if estimates and all(e.exact for e in estimates):
        text.append(
            " "
            + _(
                "(exactly: you know where every card is, and each move is judged as both "
                "sides play their best from there)."
            ),
            style="dim",
        )
    else:
        text.append(
            " " + _("(your estimated win chance after each, from what you can see)."), style="dim"
        )
    return text


def refusal(text: str) -> Text:
    """A refused entry, in red."""
    return Text(text, style="red")


def sentence(text: str) -> str:
    """An engine refusal as a sentence: capital first letter, full stop."""
    text = text.strip()
    if not text:
        return _("That move is not allowed.")
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def grouped(notations: list[str], terse: bool = False) -> Group:
    """Many moves, not numbered, listed by kind in as few lines as may be.

    The kind is the first word, and the last when there are three (``swap … blue``:
    the squares where a blue marker may be swapped); moves of one word share a line.
    ``terse`` keeps each kind to one line, cut short with its count.
    """
    groups: dict[str, list[str]] = {}
    for notation in notations:
        words = notation.split()
        if len(words) == 3:
            groups.setdefault(f"{words[0]} … {words[2]}", []).append(words[1])
        else:
            groups.setdefault(words[0], []).append(" ".join(words[1:]))
    lines = []
    alone = [head for head, tails in groups.items() if not any(tails)]
    for head, tails in groups.items():
        if head in alone:
            continue
        line = Text(head, style="bold cyan", no_wrap=terse, overflow="ellipsis")
        line.append(f" ({len(tails)}): " if terse else ": ")
        line.append("  ".join(tails))
        lines.append(line)
    last = Text()
    if alone:
        last.append_text(
            fill(_("or {moves}"), style="dim", moves=Text(", ".join(alone), style="bold cyan"))
        )
        last.append(" · ", style="dim")
    count = len(notations)
    last.append(
        ngettext(
            "{count} move, type it (e.g. {example})",
            "{count} moves, type one (e.g. {example})",
            count,
            example=notations[0],
        ),
        style="dim",
    )
    return Group(*lines, last)

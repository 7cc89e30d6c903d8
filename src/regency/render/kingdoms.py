"""Kingdoms' terminal screen, drawn from one seat's observation.

Top: the epoch, who started it and whose turn it is. Then the 5x6 board (rows A-E,
columns 1-6): tiles by value (``+3`` resources, ``-2`` hazards, special tiles by name),
castles as ``S<seat>♜<rank>`` (so seats are told apart without colour), and the squares
next to the Wizard marked ``✦`` (a castle there counts one rank higher, R-K-6). Beside
it: each player's gold, their gold if the epoch ended now, castles in hand and starting
tile (the seat's own tile by value, the others' only as "held"). Below: the supply, the
tiles not yet seen and the last moves. The screen fits an 80x24 terminal; the scoring
of an epoch just ended is a screen of its own (:func:`interlude`).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from regency.core.i18n import N_, _, ngettext
from regency.render.words import fill

__all__ = [
    "action_label",
    "board",
    "if_ended_now",
    "interlude",
    "moves",
    "result",
    "rules",
    "scoring_table",
    "seat_name",
]

COLOURS = ("yellow", "red", "blue", "green")
"""Seat -> its castles' colour (the published game's colours)."""

_SPECIAL = {
    "MTN": (N_("Mountain"), "grey62"),
    "DRG": (N_("Dragon"), "bold bright_red"),
    "GLD": (N_("Gold Mine"), "bold gold1"),
    "WIZ": (N_("Wizard"), "bold magenta"),
}

_ROWS = "ABCDE"


def seat_name(observation: dict[str, Any], seat: int) -> str:
    """How ``seat`` is called on the observing seat's screen: ``You`` or ``Seat 2``."""
    return _("You") if seat == observation["seat"] else _("Seat {seat}", seat=seat)


def _seat_text(obs: dict[str, Any], seat: int) -> Text:
    return Text(seat_name(obs, seat), style=f"bold {COLOURS[seat % len(COLOURS)]}")


def _tile_name(code: str) -> str:
    if code in _SPECIAL:
        return _(_SPECIAL[code][0])
    if code.startswith("+"):
        return _("resource {tile}", tile=code)
    return _("hazard {tile}", tile=code)


def _tile_text(code: str) -> Text:
    if code in _SPECIAL:
        return Text(code, style=_SPECIAL[code][1])
    return Text(code, style="bold green" if code.startswith("+") else "bold red")


def _cell(token: str | None, raised: bool) -> Text:
    """One square: empty, a tile, or a castle (``S1♜3``), ``✦`` if next to the Wizard."""
    mark = Text("✦", style="magenta") if raised else Text("")
    if token is None:
        return Text.assemble(Text("·", style="dim"), mark)
    if token[0] == "S" and len(token) == 4 and token[2] == "R":
        seat = int(token[1])
        castle = Text(f"S{seat}♜{token[3]}", style=f"bold {COLOURS[seat % len(COLOURS)]}")
        return Text.assemble(castle, mark)
    return Text.assemble(_tile_text(token), mark)


def _board_table(tokens: list[list[str | None]], raised: set[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 0))
    table.add_column("", style="bold", justify="left", width=2)
    for c in range(1, 7):
        table.add_column(str(c), justify="center", width=5, no_wrap=True)
    for r, row in enumerate(tokens):
        cells = [_cell(t, f"{_ROWS[r]}{c + 1}" in raised) for c, t in enumerate(row)]
        table.add_row(_ROWS[r], *cells)
    return table


def _status(obs: dict[str, Any]) -> Text:
    mover = obs["to_move"]
    if mover is None:
        state = Text(_("the game is over"), style="bold")
    elif obs["decision"] == "place":
        if mover == obs["seat"]:
            template = _("You drew {tile} ({name}) and place it")
        else:
            template = _("{seat} drew {tile} ({name}) and places it")
        state = fill(
            template,
            seat=_seat_text(obs, mover),
            tile=_tile_text(obs["drawn"]),
            name=_tile_name(obs["drawn"]),
        )
    else:
        state = fill(_("{seat} to move"), seat=_seat_text(obs, mover))
    return fill(
        _("Kingdoms · epoch {epoch} of {epochs} · {seat} started · {state}"),
        epoch=Text(str(obs["epoch"]), style="bold"),
        epochs=Text(str(obs["epochs"]), style="bold"),
        seat=_seat_text(obs, obs["start_player"]),
        state=state,
    )


def if_ended_now(obs: dict[str, Any]) -> list[int] | None:
    """Each player's gold if the board were scored as it stands (``None`` once it is over).

    The observation's ``gold_if_ended_now``: the game works it out, the screen shows it.
    """
    now: list[int] | None = obs.get("gold_if_ended_now")
    return now


def _players_table(obs: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column(_("player"))
    table.add_column(_("gold"), justify="right")
    table.add_column(_("now*"), justify="right")
    table.add_column(_("castles"), no_wrap=True)
    table.add_column(_("start"), no_wrap=True)
    now = if_ended_now(obs)
    for seat in range(obs["players"]):
        castles = "/".join(str(c) for c in obs["castles"][seat])
        if seat == obs["seat"] and obs["starting_tile"] is not None:
            start = _tile_text(obs["starting_tile"])
        elif obs["holds_starting_tile"][seat]:
            start = Text(_("held"), style="dim")
        else:
            start = Text(_("placed"), style="dim")
        name = _seat_text(obs, seat)
        if seat == obs["to_move"]:
            name.append(" <", style="bold")
        table.add_row(
            name,
            str(obs["gold"][seat]),
            "-" if now is None else str(now[seat]),
            castles,
            start,
        )
    return table


def _supply_text(obs: dict[str, Any]) -> Text:
    supply = obs["supply"]
    text = Text(
        ngettext("Supply: {count} tile face down.", "Supply: {count} tiles face down.", supply)
    )
    unseen = obs["unseen"]
    tiles = Text("  ").join(
        Text.assemble(_tile_text(code), f"x{copies}" if copies > 1 else "")
        for code, copies in unseen.items()
    )
    if not unseen:
        tiles = Text(_("nothing"), style="dim")
    if obs["seat"] is not None:
        seen = fill(_("Not yet seen by you: {tiles}"), tiles=tiles)
    else:
        seen = fill(_("Not yet seen by spectators: {tiles}"), tiles=tiles)
    return Text(" ").join([text, seen])


def _recent_moves(obs: dict[str, Any], count: int) -> Text:
    moves = [m for m in obs["moves"] if m["epoch"] == obs["epoch"]][-count:]
    if not moves:
        return Text(_("Last moves: none yet this epoch"), style="dim")
    done = Text()
    for i, move in enumerate(moves):
        if i:
            done.append(" · ")
        # the seat, then the move's notation as typed, then the tile it placed
        done.append_text(_seat_text(obs, move["seat"]))
        done.append(f" {move['action']}")
        if move["tile"]:
            done.append(" (")
            done.append_text(_tile_text(move["tile"]))
            done.append(")")
    return fill(_("Last moves: {moves}"), moves=done)


def scoring_table(obs: dict[str, Any], epoch: dict[str, Any], everything: bool = False) -> Table:
    """One epoch's scoring as a table: each part, its value, each player's ranks and gold.

    Only parts where someone had a castle are listed unless ``everything`` is set (the
    others pay nobody).
    """
    n = obs["players"]
    table = Table(title=_("Epoch {epoch} scoring", epoch=epoch["epoch"]), title_style="bold")
    table.add_column(_("Line"))
    table.add_column(_("Squares"))
    table.add_column(_("Value"), justify="right")
    for seat in range(n):
        table.add_column(_seat_text(obs, seat), justify="right")
    for part in epoch["parts"]:
        if not everything and not any(part["ranks"]):
            continue
        squares = part["squares"]
        span = squares[0] if len(squares) == 1 else f"{squares[0]}-{squares[-1]}"
        value = Text(f"{part['value']:+d}", style="green" if part["value"] > 0 else "red")
        if part["dragon"]:
            value.append(" " + _("Dragon"), style="bright_red")
        if part["gold_mine"]:
            value.append(" " + _("Mine"), style="gold1")
        cells = []
        for seat in range(n):
            rank, gold = part["ranks"][seat], part["gold"][seat]
            cells.append(Text(f"{rank} → {gold:+d}") if rank else Text("·", style="dim"))
        table.add_row(_line_name(part["line"]), span, value, *cells)
    table.add_section()
    for label, key in ((_("Rows"), "rows"), (_("Columns"), "columns"), (_("Epoch"), "gold")):
        table.add_row(label, "", "", *(f"{g:+d}" for g in epoch[key]), style="bold")
    table.add_row(_("Gold"), "", "", *(str(g) for g in epoch["gold_after"]), style="bold")
    return table


def _line_name(line: str) -> str:
    """``row A`` / ``column 3`` (the scoring's names) as the table shows them: ``col 3``."""
    kind, _sep, name = line.partition(" ")
    if kind == "row":
        return _("row {row}", row=name)
    if kind == "column":
        return _("col {column}", column=name)
    return line


def _side_by_side(*renderables: RenderableType) -> Table:
    grid = Table.grid(padding=(0, 2))
    for _renderable in renderables:
        grid.add_column(no_wrap=True)
    grid.add_row(*renderables)
    return grid


def interlude(observation: dict[str, Any]) -> RenderableType | None:
    """The scoring of the epoch just ended, shown once before the next epoch's first turns."""
    obs = observation
    scored = obs["scoring"]
    this_epoch = [m for m in obs["moves"] if m["epoch"] == obs["epoch"]]
    if not scored or obs["to_move"] is None or len(this_epoch) >= obs["players"]:
        return None
    return scoring_table(obs, scored[-1])


def board(observation: dict[str, Any]) -> RenderableType:
    """The table as the observing seat sees it (see the module docstring)."""
    obs = observation
    raised = set(obs["wizard_neighbours"])
    parts: list[RenderableType] = [
        _status(obs),
        _side_by_side(_board_table(obs["board"], raised), _players_table(obs)),
    ]
    if obs["seat"] is not None and obs["starting_tile"] is not None:
        parts.append(
            fill(
                _("Your starting tile: {tile} ({name})"),
                tile=_tile_text(obs["starting_tile"]),
                name=_tile_name(obs["starting_tile"]),
            )
        )
    parts.append(_supply_text(obs))
    parts.append(_recent_moves(obs, obs["players"]))
    if raised:
        legend = _(
            "*gold if scored now · in hand: ranks 1/2/3/4 · S1♜3: Seat 1 rank 3 · ✦ Wizard +1"
        )
    else:
        legend = _("*gold if scored now · castles in hand: ranks 1/2/3/4 · S1♜3: Seat 1 rank 3")
    parts.append(Text(legend, style="dim"))
    return Group(*parts)


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """Every epoch's scoring, the final gold and, last, the winner(s)."""
    obs = observation
    winners = result["winners"]
    gold = result["gold"][winners[0]]
    if len(winners) > 1:
        names = names_list([seat_name(obs, s) for s in winners])
        verdict = _("{seats} share the win with {gold} gold.", seats=names, gold=gold)
    elif winners[0] == obs["seat"]:
        verdict = _("You win with {gold} gold.", gold=gold)
    else:
        verdict = _("{seat} wins with {gold} gold.", seat=seat_name(obs, winners[0]), gold=gold)
    headline = Text(verdict, style="bold")
    summary = Table(title=_("Gold by epoch"), title_style="bold")
    summary.add_column(_("Player"))
    for epoch in result["epochs"]:
        summary.add_column(_("Epoch {epoch}", epoch=epoch["epoch"]), justify="right")
    summary.add_column(_("Final gold"), justify="right")
    for seat in range(obs["players"]):
        won = [f"{e['gold'][seat]:+d}" for e in result["epochs"]]
        summary.add_row(_seat_text(obs, seat), *won, str(result["gold"][seat]))
    parts: list[RenderableType] = [scoring_table(obs, epoch) for epoch in result["epochs"]]
    parts.extend([summary, headline])
    return Group(*parts)


def names_list(names: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``, the ``and`` the reader's."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def moves(notations: list[str], observation: dict[str, Any]) -> RenderableType | None:
    """The moves in short when they are many: ``castle RANK SQUARE`` and the like.

    Every empty square is a legal place for a castle, a starting tile or a drawn tile, so
    the board's empty squares (``·``) say where; only the ranks and kinds are listed.
    """
    obs = observation
    if len(notations) <= 12:
        return None
    empty = {
        f"{_ROWS[r]}{c + 1}"
        for r, row in enumerate(obs["board"])
        for c, token in enumerate(row)
        if token is None
    }
    ranks: list[str] = []
    kinds: list[str] = []
    squares: set[str] = set()
    for notation in notations:
        words = notation.split()
        if words[0] == "castle":
            if words[1] not in ranks:
                ranks.append(words[1])
            squares.add(words[2])
        elif len(words) == 2:
            squares.add(words[1])
            if words[0] not in kinds:
                kinds.append(words[0])
        else:
            kinds.append(notation)
    if squares != empty:
        return None  # not the shape this summary describes: list them all
    items = []
    if ranks:
        items.append(_("castle RANK SQUARE (ranks {ranks})", ranks=", ".join(ranks)))
    for kind in kinds:
        if kind == "start":
            items.append(_("start SQUARE (your {tile})", tile=obs["starting_tile"]))
        elif kind == "tile":
            items.append(_("tile SQUARE"))
        else:
            items.append(kind)  # a move's notation as typed (draw, pass)
    text = fill(_("Moves: {moves}"), moves=" · ".join(items))
    example = next(n for n in notations if len(n.split()) > 1)
    text.append("\n")
    text.append(_("SQUARE is any empty square (·), e.g. {example}", example=example), style="dim")
    return text


def rules(observation: dict[str, Any]) -> RenderableType:
    """The rules in short."""
    del observation
    text = Text()
    text.append(_("Kingdoms in short") + "\n", style="bold")
    paragraphs = (
        _(
            "Three epochs. On your turn do one thing: place a castle (castle 2 C4), draw a "
            "tile and place it (draw, then tile B2), or place your secret starting tile "
            "(start A1). When the board is full, every row and every column is scored: its "
            "value is the sum of its tiles (+ resources, - hazards), and each player gains "
            "(or pays) the value times the ranks of their castles in it."
        ),
        _("Mountain (MTN): splits its row and column into parts scored apart."),
        _("Dragon (DRG): resources in its part count 0."),
        _("Gold Mine (GLD): the other tiles in its part count double."),
        _("Wizard (WIZ): castles next to it count one rank higher (✦)."),
        _(
            "Between epochs rank-1 castles come back, higher ranks leave the game; the richest "
            "player starts the next epoch. Most gold after three epochs wins."
        ),
    )
    for paragraph in paragraphs:
        text.append(paragraph + "\n")
    text.append(_("Full rules: {path}", path="docs/rules/kingdoms.md"), style="dim")
    return text


def action_label(notation: str, observation: dict[str, Any]) -> str:
    """A short label beside a numbered move: what a tile is, what a draw leaves."""
    obs = observation
    words = notation.split()
    verb = words[0].lower() if words else ""
    if verb == "castle" and len(words) == 3 and words[2].upper() in obs["wizard_neighbours"]:
        return _("(Wizard: rank {rank})", rank=int(words[1]) + 1)
    if verb == "draw":
        return _("({count} in the supply)", count=obs["supply"])
    if verb == "tile" and obs["drawn"]:
        return f"({obs['drawn']})"
    if verb == "start" and obs["starting_tile"]:
        return _("(your {tile})", tile=obs["starting_tile"])
    if verb == "pass":
        return _("(nothing else is possible)")
    return ""

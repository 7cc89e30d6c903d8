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

from regency.core.words import YOU, count, says, verb_for

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
    "MTN": ("Mountain", "grey62"),
    "DRG": ("Dragon", "bold bright_red"),
    "GLD": ("Gold Mine", "bold gold1"),
    "WIZ": ("Wizard", "bold magenta"),
}

_ROWS = "ABCDE"


def seat_name(observation: dict[str, Any], seat: int) -> str:
    """How ``seat`` is called on the observing seat's screen: ``You`` or ``Seat 2``."""
    return YOU if seat == observation["seat"] else f"Seat {seat}"


def _seat_text(obs: dict[str, Any], seat: int) -> Text:
    return Text(seat_name(obs, seat), style=f"bold {COLOURS[seat % len(COLOURS)]}")


def _tile_name(code: str) -> str:
    if code in _SPECIAL:
        return _SPECIAL[code][0]
    return f"resource {code}" if code.startswith("+") else f"hazard {code}"


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


def _says(obs: dict[str, Any], seat: int, verb: str) -> Text:
    """``You place`` / ``Seat 1 places``: the name, coloured, with the verb agreeing."""
    text = _seat_text(obs, seat)
    text.append(f" {verb_for(seat_name(obs, seat), verb)}")
    return text


def _status(obs: dict[str, Any]) -> Text:
    text = Text(f"Kingdoms · epoch {obs['epoch']} of {obs['epochs']} · ", style="bold")
    text.append_text(_seat_text(obs, obs["start_player"]))
    text.append(" started · ")
    mover = obs["to_move"]
    if mover is None:
        text.append("the game is over", style="bold")
    elif obs["decision"] == "place":
        if mover == obs["seat"]:
            text.append("You drew ")
        else:
            text.append_text(_seat_text(obs, mover))
            text.append(" drew ")
        text.append_text(_tile_text(obs["drawn"]))
        text.append(f" ({_tile_name(obs['drawn'])}) and ")
        text.append("place it" if mover == obs["seat"] else "places it")
    else:
        text.append_text(_seat_text(obs, mover))
        text.append(" to move")
    return text


def if_ended_now(obs: dict[str, Any]) -> list[int] | None:
    """Each player's gold if the board were scored as it stands (``None`` once it is over).

    The observation's ``gold_if_ended_now``: the game works it out, the screen shows it.
    """
    now: list[int] | None = obs.get("gold_if_ended_now")
    return now


def _players_table(obs: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("player")
    table.add_column("gold", justify="right")
    table.add_column("now*", justify="right")
    table.add_column("castles", no_wrap=True)
    table.add_column("start", no_wrap=True)
    now = if_ended_now(obs)
    for seat in range(obs["players"]):
        castles = "/".join(str(c) for c in obs["castles"][seat])
        if seat == obs["seat"] and obs["starting_tile"] is not None:
            start = _tile_text(obs["starting_tile"])
        elif obs["holds_starting_tile"][seat]:
            start = Text("held", style="dim")
        else:
            start = Text("placed", style="dim")
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
    text = Text(f"Supply: {count(obs['supply'], 'tile')} face down. Not yet seen by ")
    text.append("you" if obs["seat"] is not None else "spectators")
    text.append(": ")
    unseen = obs["unseen"]
    if not unseen:
        text.append("nothing", style="dim")
    for i, (code, copies) in enumerate(unseen.items()):
        if i:
            text.append("  ")
        text.append_text(_tile_text(code))
        if copies > 1:
            text.append(f"x{copies}")
    return text


def _recent_moves(obs: dict[str, Any], count: int) -> Text:
    moves = [m for m in obs["moves"] if m["epoch"] == obs["epoch"]][-count:]
    text = Text("Last moves: ", style="dim")
    if not moves:
        text.append("none yet this epoch", style="dim")
    for i, move in enumerate(moves):
        if i:
            text.append(" · ")
        text.append_text(_seat_text(obs, move["seat"]))
        text.append(f" {move['action']}")
        if move["tile"]:
            text.append(" (")
            text.append_text(_tile_text(move["tile"]))
            text.append(")")
    return text


def scoring_table(obs: dict[str, Any], epoch: dict[str, Any], everything: bool = False) -> Table:
    """One epoch's scoring as a table: each part, its value, each player's ranks and gold.

    Only parts where someone had a castle are listed unless ``everything`` is set (the
    others pay nobody).
    """
    n = obs["players"]
    table = Table(title=f"Epoch {epoch['epoch']} scoring", title_style="bold")
    table.add_column("Line")
    table.add_column("Squares")
    table.add_column("Value", justify="right")
    for seat in range(n):
        table.add_column(_seat_text(obs, seat), justify="right")
    for part in epoch["parts"]:
        if not everything and not any(part["ranks"]):
            continue
        squares = part["squares"]
        span = squares[0] if len(squares) == 1 else f"{squares[0]}-{squares[-1]}"
        value = Text(f"{part['value']:+d}", style="green" if part["value"] > 0 else "red")
        if part["dragon"]:
            value.append(" Dragon", style="bright_red")
        if part["gold_mine"]:
            value.append(" Mine", style="gold1")
        cells = []
        for seat in range(n):
            rank, gold = part["ranks"][seat], part["gold"][seat]
            cells.append(Text(f"{rank} → {gold:+d}") if rank else Text("·", style="dim"))
        table.add_row(part["line"].replace("column", "col"), span, value, *cells)
    table.add_section()
    for label, key in (("Rows", "rows"), ("Columns", "columns"), ("Epoch", "gold")):
        table.add_row(label, "", "", *(f"{g:+d}" for g in epoch[key]), style="bold")
    table.add_row("Gold", "", "", *(str(g) for g in epoch["gold_after"]), style="bold")
    return table


def _side_by_side(*renderables: RenderableType) -> Table:
    grid = Table.grid(padding=(0, 2))
    for _ in renderables:
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
            Text.assemble(
                "Your starting tile: ",
                _tile_text(obs["starting_tile"]),
                f" ({_tile_name(obs['starting_tile'])})",
            )
        )
    parts.append(_supply_text(obs))
    parts.append(_recent_moves(obs, obs["players"]))
    legend = "*gold if scored now · castles in hand: ranks 1/2/3/4 · S1♜3: Seat 1 rank 3"
    if raised:
        legend = legend.replace("castles in hand", "in hand") + " · ✦ Wizard +1"
    parts.append(Text(legend, style="dim"))
    return Group(*parts)


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """Every epoch's scoring, the final gold and, last, the winner(s)."""
    obs = observation
    winners = result["winners"]
    names = [seat_name(obs, s) for s in winners]
    verdict = says(names, "share the win" if len(winners) > 1 else "win")
    headline = Text(f"{verdict} with {result['gold'][winners[0]]} gold.", style="bold")
    summary = Table(title="Gold by epoch", title_style="bold")
    summary.add_column("Player")
    for epoch in result["epochs"]:
        summary.add_column(f"Epoch {epoch['epoch']}", justify="right")
    summary.add_column("Final gold", justify="right")
    for seat in range(obs["players"]):
        won = [f"{e['gold'][seat]:+d}" for e in result["epochs"]]
        summary.add_row(_seat_text(obs, seat), *won, str(result["gold"][seat]))
    parts: list[RenderableType] = [scoring_table(obs, epoch) for epoch in result["epochs"]]
    parts.extend([summary, headline])
    return Group(*parts)


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
    text = Text("Moves: ", style="bold")
    items = []
    if ranks:
        items.append(f"castle RANK SQUARE (ranks {', '.join(ranks)})")
    for kind in kinds:
        if kind == "start":
            items.append(f"start SQUARE (your {obs['starting_tile']})")
        elif kind == "tile":
            items.append("tile SQUARE")
        else:
            items.append(kind)
    text.append(" · ".join(items))
    example = next(n for n in notations if len(n.split()) > 1)
    text.append(f"\nSQUARE is any empty square (·), e.g. {example}", style="dim")
    return text


def rules(observation: dict[str, Any]) -> RenderableType:
    """The rules in short."""
    del observation
    text = Text()
    text.append("Kingdoms in short\n", style="bold")
    text.append(
        "Three epochs. On your turn do one thing: place a castle (castle 2 C4), draw a "
        "tile and place it (draw, then tile B2), or place your secret starting tile "
        "(start A1). When the board is full, every row and every column is scored: its "
        "value is the sum of its tiles (+ resources, - hazards), and each player gains "
        "(or pays) the value times the ranks of their castles in it.\n"
        "Mountain (MTN): splits its row and column into parts scored apart.\n"
        "Dragon (DRG): resources in its part count 0.\n"
        "Gold Mine (GLD): the other tiles in its part count double.\n"
        "Wizard (WIZ): castles next to it count one rank higher (✦).\n"
        "Between epochs rank-1 castles come back, higher ranks leave the game; the richest "
        "player starts the next epoch. Most gold after three epochs wins.\n"
    )
    text.append("Full rules: docs/rules/kingdoms.md", style="dim")
    return text


def action_label(notation: str, observation: dict[str, Any]) -> str:
    """A short label beside a numbered move: what a tile is, what a draw leaves."""
    obs = observation
    words = notation.split()
    verb = words[0].lower() if words else ""
    if verb == "castle" and len(words) == 3 and words[2].upper() in obs["wizard_neighbours"]:
        return f"(Wizard: rank {int(words[1]) + 1})"
    if verb == "draw":
        return f"({obs['supply']} in the supply)"
    if verb == "tile" and obs["drawn"]:
        return f"({obs['drawn']})"
    if verb == "start" and obs["starting_tile"]:
        return f"(your {obs['starting_tile']})"
    if verb == "pass":
        return "(nothing else is possible)"
    return ""

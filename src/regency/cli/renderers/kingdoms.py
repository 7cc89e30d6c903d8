"""Kingdoms' terminal screen, drawn from one seat's observation.

Top: the epoch, who started it and whose turn it is. Then the 5x6 board (rows A-E,
columns 1-6): tiles by value (resources green, hazards red, special tiles by name),
castles as ``♜<rank>`` in their player's colour with the seat number, and the squares
next to the Wizard marked ``✦`` (a castle there counts one rank higher, R-K-6). Beside
it: each player's gold, castles in hand and starting tile (the seat's own tile by
value, the others' only as "held"), the tile being placed, the supply and the tiles not
yet seen. After an epoch its scoring is shown line by line with the board it was scored
on; the result screen shows every epoch's scoring.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

__all__ = ["action_label", "board", "result", "scoring_table"]

COLOURS = ("yellow", "red", "blue", "green")
"""Seat -> its castles' colour (the published game's colours)."""

_SPECIAL = {
    "MTN": ("Mountain", "grey62"),
    "DRG": ("Dragon", "bold bright_red"),
    "GLD": ("Gold Mine", "bold gold1"),
    "WIZ": ("Wizard", "bold magenta"),
}

_ROWS = "ABCDE"


def _seat_name(obs: dict[str, Any], seat: int) -> str:
    return "You" if seat == obs["seat"] else f"Seat {seat}"


def _seat_text(obs: dict[str, Any], seat: int) -> Text:
    return Text(_seat_name(obs, seat), style=f"bold {COLOURS[seat % len(COLOURS)]}")


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


def _board_table(tokens: list[list[str | None]], raised: set[str], title: str) -> Table:
    table = Table(title=title, show_lines=True, pad_edge=True, title_style="bold")
    table.add_column("", style="bold", justify="right")
    for c in range(1, 7):
        table.add_column(str(c), justify="center", min_width=5)
    for r, row in enumerate(tokens):
        cells = [_cell(t, f"{_ROWS[r]}{c + 1}" in raised) for c, t in enumerate(row)]
        table.add_row(_ROWS[r], *cells)
    return table


def _wizard_neighbours(tokens: list[list[str | None]]) -> set[str]:
    """The squares next to the Wizard on a board (for boards of past epochs)."""
    for r, row in enumerate(tokens):
        for c, token in enumerate(row):
            if token == "WIZ":
                near = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                return {f"{_ROWS[y]}{x + 1}" for y, x in near if 0 <= y < 5 and 0 <= x < 6}
    return set()


def _status(obs: dict[str, Any]) -> Text:
    text = Text(f"Kingdoms · epoch {obs['epoch']} of {obs['epochs']} · ", style="bold")
    text.append_text(_seat_text(obs, obs["start_player"]))
    text.append(" started · ")
    mover = obs["to_move"]
    if mover is None:
        text.append("the game is over", style="bold")
    elif obs["decision"] == "place":
        text.append_text(_seat_text(obs, mover))
        text.append(" drew ")
        text.append_text(_tile_text(obs["drawn"]))
        text.append(f" ({_tile_name(obs['drawn'])}) and places it")
    else:
        text.append_text(_seat_text(obs, mover))
        text.append(" to move")
    return text


def _players_table(obs: dict[str, Any]) -> Table:
    table = Table(title="Players", title_style="bold")
    table.add_column("Player")
    table.add_column("Gold", justify="right")
    table.add_column("Castles\nrank 1/2/3/4")
    table.add_column("Starting tile")
    for seat in range(obs["players"]):
        castles = "/".join(str(c) for c in obs["castles"][seat])
        if seat == obs["seat"] and obs["starting_tile"] is not None:
            start = Text.assemble(_tile_text(obs["starting_tile"]), " (yours)")
        elif obs["holds_starting_tile"][seat]:
            start = Text("held, face down", style="dim")
        else:
            start = Text("placed", style="dim")
        table.add_row(_seat_text(obs, seat), str(obs["gold"][seat]), castles, start)
    return table


def _supply_text(obs: dict[str, Any]) -> Text:
    text = Text(f"Supply: {obs['supply']} tiles face down. Not yet seen by ")
    text.append("you" if obs["seat"] is not None else "spectators")
    text.append(": ")
    unseen = obs["unseen"]
    if not unseen:
        text.append("nothing", style="dim")
    for i, (code, count) in enumerate(unseen.items()):
        if i:
            text.append("  ")
        text.append_text(_tile_text(code))
        if count > 1:
            text.append(f"x{count}")
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


def _side_by_side(*renderables: RenderableType) -> Columns:
    """Side by side when the terminal is wide enough, one under the other when not."""
    return Columns(renderables, padding=(0, 2))


def _epoch_view(obs: dict[str, Any], epoch: dict[str, Any]) -> Columns:
    """A scored epoch: its final board beside its scoring table."""
    tokens = epoch["board"]
    title = f"Board at the end of epoch {epoch['epoch']}"
    return _side_by_side(
        _board_table(tokens, _wizard_neighbours(tokens), title), scoring_table(obs, epoch)
    )


def board(observation: dict[str, Any]) -> RenderableType:
    """The table as the observing seat sees it (see the module docstring)."""
    obs = observation
    parts: list[RenderableType] = [_status(obs)]
    scored = obs["scoring"]
    this_epoch = [m for m in obs["moves"] if m["epoch"] == obs["epoch"]]
    if scored and obs["to_move"] is not None and len(this_epoch) < obs["players"]:
        # Just after an epoch is scored, each player sees how it went once (the
        # result screen shows every epoch at the end).
        parts.append(_epoch_view(obs, scored[-1]))
    raised = set(obs["wizard_neighbours"])
    parts.append(
        _side_by_side(
            _board_table(obs["board"], raised, f"Epoch {obs['epoch']}"), _players_table(obs)
        )
    )
    if obs["seat"] is not None and obs["starting_tile"] is not None:
        parts.append(
            Text.assemble(
                "Your starting tile: ",
                _tile_text(obs["starting_tile"]),
                f" ({_tile_name(obs['starting_tile'])})",
            )
        )
    parts.append(_supply_text(obs))
    parts.append(_recent_moves(obs, obs["players"] + 1))
    parts.append(
        Text(
            "S<seat>♜<rank>: a castle in its player's colour · ✦: next to the Wizard, "
            "a castle there counts one rank higher (R-K-6)",
            style="dim",
        )
    )
    return Group(*parts)


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """The end of the game: final gold, the winner(s), and every epoch's scoring."""
    obs = observation
    winners = result["winners"]
    names = " and ".join(_seat_name(obs, s) for s in winners)
    verb = "win" if winners == [obs["seat"]] else ("share the win" if len(winners) > 1 else "wins")
    headline = Text(f"{names} {verb} with {result['gold'][winners[0]]} gold.", style="bold")
    summary = Table(title="Gold by epoch", title_style="bold")
    summary.add_column("Player")
    for epoch in result["epochs"]:
        summary.add_column(f"Epoch {epoch['epoch']}", justify="right")
    summary.add_column("Final gold", justify="right")
    for seat in range(obs["players"]):
        won = [f"{e['gold'][seat]:+d}" for e in result["epochs"]]
        summary.add_row(_seat_text(obs, seat), *won, str(result["gold"][seat]))
    parts: list[RenderableType] = [headline, summary]
    parts.extend(_epoch_view(obs, epoch) for epoch in result["epochs"])
    return Group(*parts)


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

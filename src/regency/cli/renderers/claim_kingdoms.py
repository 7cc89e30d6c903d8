"""Claim Kingdoms' terminal screen, drawn from one seat's observation.

Top: whose turn it is and what they decide. Then the grid, with the coordinates people
type along its edges: each card shows its faction (in the faction's colour) over its
markers (a dot per marker, in the player's colour); face-down cards are shaded; the
empty squares where a card may go show their coordinates (bright when it is the
viewer's card to place). Below: the display and deck, each player's supply, points from
powers and hand (only the viewer's own card, or a card everyone saw taken from the
display), each faction's markers and who controls it now, and the last turns.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from regency.games.claim_kingdoms import rules
from regency.games.claim_kingdoms.factions import Faction
from regency.games.claim_kingdoms.grid import COLUMN, ROW, square

__all__ = ["action_label", "board", "result"]

FACTIONS: dict[str, tuple[str, str, int]] = {
    "goblins": ("GOB", "green3", 4),
    "dwarves": ("DWF", "dark_orange3", 5),
    "gnomes": ("GNO", "khaki1", 5),
    "trolls": ("TRL", "grey70", 6),
    "undead": ("UND", "medium_purple1", 6),
    "dragons": ("DRG", "bright_red", 7),
    "doppelgangers": ("DOP", "cyan", 7),
    "seers": ("SEE", "orchid", 7),
    "giants": ("GIA", "tan", 8),
    "knights": ("KNI", "steel_blue1", 9),
}
"""Faction -> (abbreviation on the grid, colour, points)."""

COLOUR_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "yellow": "bold yellow",
    "green": "bold green",
}
"""Player colour -> the style of its markers and name."""

MARKER = "●"
RECENT_TURNS = 4


def _faction_text(name: str, style_extra: str = "") -> Text:
    title = name.capitalize()
    colour = FACTIONS.get(name, ("", "white", 0))[1]
    return Text(title, style=f"bold {colour} {style_extra}".strip())


def _player(obs: dict[str, Any], seat: int) -> Text:
    colour = obs["colours"][seat]
    label = f"You ({colour})" if seat == obs["seat"] else colour.capitalize()
    return Text(label, style=COLOUR_STYLES.get(colour, "bold"))


def _status(obs: dict[str, Any]) -> Text:
    if obs["to_move"] is None:
        if obs["end"] == "supply":
            who = _player(obs, obs["ended_by"])
            return Text.assemble("The game is over: ", who, " placed their last marker.")
        return Text("The game is over: every card has been placed.", style="bold")
    seat = obs["to_move"]
    mine = seat == obs["seat"]
    who = Text("You", style="bold") if mine else _player(obs, seat)
    decision = obs["decision"]
    text = Text.assemble(who, " ")
    if decision == "place":
        if mine:
            text.append("place your ")
            text.append_text(_faction_text(obs["hand"]))
            text.append(" on one of the bright squares")
        else:
            text.append("places a card")
    elif decision == "power":
        text.append("use " if mine else "uses ")
        text.append_text(_faction_text(obs["power"]))
        text.append(" power, or pass" if not (obs["copied"] and not obs["removed"]) else " power")
        if obs["removed"]:
            text.append(" (a second marker?)")
    elif decision == "take":
        text.append("take a card from the display or draw" if mine else "takes a card")
        if obs["can_look"]:
            text.append(", or look at the top three (Seer)")
    else:
        text.append("keep one of the cards looked at" if mine else "is choosing a card")
    return text


def _grid(obs: dict[str, Any]) -> Table:
    cells: dict[tuple[int, int], dict[str, Any]] = {(c["x"], c["y"]): c for c in obs["grid"]}
    open_squares = {(x, y) for x, y in obs["open_squares"]}
    placing = obs["decision"] == "place" and obs["to_move"] == obs["seat"]
    placed = tuple(obs["placed"]) if obs["placed"] else None
    xs = [x for x, _ in [*cells, *open_squares]]
    ys = [y for _, y in [*cells, *open_squares]]
    table = Table(box=box.SQUARE, show_lines=True, padding=(0, 0), pad_edge=False)
    table.add_column("y\\x", justify="right", style="dim", no_wrap=True)
    for x in range(min(xs), max(xs) + 1):
        table.add_column(str(x), justify="center", min_width=5, no_wrap=True)
    for y in range(max(ys), min(ys) - 1, -1):
        row: list[RenderableType] = [Text(f"{y} ", style="dim")]
        for x in range(min(xs), max(xs) + 1):
            row.append(_cell(obs, cells.get((x, y)), (x, y), open_squares, placing, placed))
        table.add_row(*row)
    return table


def _cell(
    obs: dict[str, Any],
    card: dict[str, Any] | None,
    xy: tuple[int, int],
    open_squares: set[tuple[int, int]],
    placing: bool,
    placed: tuple[int, ...] | None,
) -> Text:
    if card is None:
        if xy in open_squares:
            style = "bold bright_green" if placing else "grey37"
            return Text(f"{xy[0]},{xy[1]}\n", style=style)
        return Text("\n")
    abbreviation, colour, _ = FACTIONS.get(card["faction"], ("???", "white", 0))
    if not card["face_up"]:
        return Text.assemble(("▒▒▒", "grey50"), "\n", (abbreviation.lower(), "grey42"))
    style = f"bold {colour}"
    if placed is not None and xy == placed:
        style += " reverse"
    text = Text(abbreviation, style=style)
    text.append("\n")
    for seat in card["markers"]:
        text.append(MARKER, style=COLOUR_STYLES.get(obs["colours"][seat], "bold"))
    return text


def _cards_line(names: list[str]) -> Text:
    if not names:
        return Text("empty", style="dim")
    return Text("  ").join(_faction_text(n) for n in names)


def _players(obs: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("player", no_wrap=True)
    table.add_column("markers left", justify="right")
    table.add_column("points from powers", justify="right")
    table.add_column("controls now")
    table.add_column("if it ended now", justify="right")
    table.add_column("hand")
    controls: list[list[str]] = [[] for _ in range(obs["players"])]
    totals = list(obs["power_points"])
    for entry in obs["standing"]:
        for seat in entry["controllers"]:
            controls[seat].append(entry["faction"])
            totals[seat] += entry["points"]
    for seat in range(obs["players"]):
        name = _player(obs, seat)
        if seat == obs["to_move"]:
            name.append(" <", style="yellow")
        hand = obs["hands"][seat]
        if hand["card"] is not None:
            held = _faction_text(hand["card"])
            if hand["public"] and seat != obs["seat"]:
                held.append(" (from the display)", style="dim")
        else:
            held = Text("1 card" if hand["count"] else "none", style="dim")
        owned = Text(", ").join(_faction_text(f) for f in controls[seat]) or Text("-")
        table.add_row(
            name,
            str(obs["supplies"][seat]),
            str(obs["power_points"][seat]),
            owned,
            str(totals[seat]),
            held,
        )
    return table


def _standing(obs: dict[str, Any], entries: list[dict[str, Any]]) -> Table:
    """The factions table: markers per seat and controllers (as things stand or final)."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, title="Factions", title_justify="left")
    table.add_column("faction")
    table.add_column("points", justify="right")
    for seat in range(obs["players"]):
        table.add_column(_player(obs, seat), justify="right")
    table.add_column("controlled by")
    for entry in entries:
        owners = Text(", ").join(_player(obs, s) for s in entry["controllers"]) or Text("nobody")
        table.add_row(
            _faction_text(entry["faction"]),
            str(entry["points"]),
            *[str(c) for c in entry["markers"]],
            owners,
        )
    return table


def _turn_line(obs: dict[str, Any], turn: dict[str, Any]) -> Text:
    who = _player(obs, turn["seat"])
    if turn["skipped"]:
        return Text.assemble(who, " had no card and was skipped")
    x, y = turn["at"]
    text = Text.assemble(who, " placed ", _faction_text(turn["card"]), f" at {x},{y}")
    if turn["power"]:
        text.append(f"; {', '.join(turn['power'])}")
        if turn["points"]:
            text.append(f" (+{turn['points']})", style="bold")
    take = turn["take"]
    if take.startswith("take "):
        text.append("; took ")
        text.append_text(_faction_text(take.split()[1]))
    elif take == "draw":
        text.append("; drew")
        if turn["got"]:
            text.append(" ")
            text.append_text(_faction_text(turn["got"]))
    elif take == "look":
        text.append("; looked at the deck")
        if turn["looked"]:
            text.append(" (" + ", ".join(n.capitalize() for n in turn["looked"]) + ")")
            if turn["got"]:
                text.append(", kept ")
                text.append_text(_faction_text(turn["got"]))
    if turn["refill"]:
        text.append("; display +")
        text.append_text(_cards_line(turn["refill"]))
    return text


def board(observation: dict[str, Any]) -> RenderableType:
    """The table as the observing seat sees it."""
    obs = observation
    lines: list[RenderableType] = [_status(obs), _grid(obs)]
    top = Text("Display: ")
    top.append_text(_cards_line(obs["display"]))
    top.append(f"    Deck: {obs['deck']} card{'s' if obs['deck'] != 1 else ''}")
    lines.append(top)
    if obs["seat"] is not None:
        hand = Text("Your hand: ")
        hand.append_text(_faction_text(obs["hand"]) if obs["hand"] else Text("no card", "dim"))
        lines.append(hand)
    looking = obs["looking"]
    if looking is not None:
        if looking["cards"] is not None:
            seen = Text("You look at: ")
            seen.append_text(_cards_line(looking["cards"]))
        else:
            seen = Text.assemble(
                _player(obs, looking["seat"]), f" looks at {looking['count']} card(s) of the deck"
            )
        lines.append(seen)
    for group in obs["deck_knowledge"]:
        known = Text("You put back ", style="dim")
        known.append_text(_cards_line(group["cards"]))
        known.append(" into the deck", style="dim")
        if group["or_held_by"]:
            holders = ", ".join(obs["colours"][s] for s in group["or_held_by"])
            known.append(f" (or {holders} drew them)", style="dim")
        lines.append(known)
    recent = [t for t in obs["history"]][-RECENT_TURNS:]
    if recent:
        lines.append(Text("Last turns:", style="bold"))
        lines.extend(_turn_line(obs, t) for t in recent)
    return Group(
        Panel(Group(*lines), title="Claim Kingdoms", title_align="left"),
        _players(obs),
        _standing(obs, obs["standing"]),
    )


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """The final scores: points from powers and factions, markers left, the winners."""
    obs = observation
    n = obs["players"]
    table = Table(title="Final scores", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("player")
    table.add_column("from powers", justify="right")
    table.add_column("from factions", justify="right")
    table.add_column("total", justify="right")
    table.add_column("markers left", justify="right")
    for seat in range(n):
        name = _player(obs, seat)
        if seat in result["winners"]:
            name.append(" (winner)", style="bold")
        table.add_row(
            name,
            str(result["power_points"][seat]),
            str(result["faction_points"][seat]),
            Text(str(result["scores"][seat]), style="bold"),
            str(result["supplies"][seat]),
        )
    factions = _standing(obs, result["factions"])
    winners = Text(", ").join(_player(obs, s) for s in result["winners"])
    decided = {
        "points": "on points",
        "markers left": "tied on points, decided by markers left in supply",
        "shared": "tied on points and markers left: a shared win",
    }.get(result["decided_by"], result["decided_by"])
    verdict = Text.assemble(
        "Winner: " if len(result["winners"]) == 1 else "Winners: ", winners, f" ({decided})"
    )
    return Panel(
        Group(table, factions, verdict), title="Claim Kingdoms: the end", title_align="left"
    )


def _card_at(obs: dict[str, Any], square: str) -> dict[str, Any] | None:
    try:
        x, y = (int(v) for v in square.split(","))
    except ValueError:
        return None
    cards: list[dict[str, Any]] = obs["grid"]
    for card in cards:
        if card["x"] == x and card["y"] == y:
            return card
    return None


def _score_points(obs: dict[str, Any], line: str) -> int:
    """What the scoring power in use would make now, worked out from the grid shown."""
    cards: dict[int, int] = {}
    marks: dict[int, int] = {}
    for card in obs["grid"]:
        sq = square(card["x"], card["y"])
        cards[sq] = Faction[card["faction"].upper()] + (0 if card["face_up"] else rules.DOWN)
        marks[sq] = sum(1 << s for s in card["markers"])
    at = square(*obs["placed"])
    power = obs["power"]
    seat = obs["to_move"]
    if power == "goblins":
        return rules.goblin_points(cards, marks, seat)
    if power == "dwarves":
        return rules.dwarf_points(cards, at)
    if power == "dragons":
        return rules.dragon_points(cards, at)
    if power == "trolls":
        return rules.troll_points(cards, at, ROW if line == "row" else COLUMN)
    return 1  # a Gnome's point


def action_label(notation: str, observation: dict[str, Any]) -> str:
    """A short explanation of a legal action for the numbered list of moves."""
    obs = observation
    words = notation.split()
    verb = words[0]
    if verb == "place" and obs["hand"]:
        return str(obs["hand"]).capitalize()
    if verb in ("mark", "remove", "swap", "flip"):
        card = _card_at(obs, words[1])
        name = card["faction"].capitalize() if card else "card"
        if verb == "mark":
            return f"+1 point, your marker on the {name}"
        if verb == "remove":
            return f"{words[2]} marker off the {name}"
        if verb == "swap":
            return f"your marker onto the {name}, {words[2]}'s onto your Undead"
        markers = [obs["colours"][s] for s in card["markers"]] if card else []
        back = f" ({', '.join(markers)} back to supply)" if markers else ""
        return f"turn the {name} face down{back}"
    if verb == "score":
        points = _score_points(obs, words[1] if len(words) > 1 else "")
        return f"+{points} point{'s' if points != 1 else ''}"
    if verb == "copy":
        return f"use the {words[1].capitalize()} power"
    if verb == "draw":
        return f"the top card of the deck ({obs['deck']} left)"
    if verb == "look":
        return "look at the top 3 cards of the deck and keep one"
    if verb == "pass":
        return "do nothing more this turn" if obs["removed"] else "decline the power"
    return ""

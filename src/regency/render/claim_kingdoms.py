"""Claim Kingdoms' terminal screen, drawn from one seat's observation.

Top: whose turn it is and what they decide. Then the part of the grid around the play,
with the coordinates people type along its edges: each card shows its faction
(``DWF``) and its markers as their colours' letters (``R`` red, ``B`` blue, ``Y``
yellow, ``G`` green), so nothing depends on colour; face-down cards are lower case
between bars (``|dwf|``); empty squares where a card may go show their coordinates. A
grid larger than the view scrolls (``pan``, moved by the terminal's ``<``, ``>``, ``^``
and ``v``). Below: the display, deck and hand; one table with every faction's markers
per player (``*`` marks who controls it now), markers left, points from powers and the
total if the game ended now, and what each holds; and the last turn. The screen fits an
80x24 terminal.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from regency.core.words import YOU, count

__all__ = ["VIEW", "action_label", "board", "moves", "result", "rules", "seat_name", "window"]

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

LETTERS = {"red": "R", "blue": "B", "yellow": "Y", "green": "G"}
"""Player colour -> the letter of its markers on the grid."""

VIEW = (7, 6)
"""Columns and rows of the grid shown at once (a row fewer with four players)."""

RECENT_TURNS = 1

POWERS = {
    "goblins": "1 point per face-up Goblin holding your marker.",
    "dwarves": "1 point per Dwarf in this card's row and column lines.",
    "gnomes": "1 point, then one of your markers on a face-up card next to it.",
    "trolls": "1 point per different faction in its row line, or its column line.",
    "undead": "swap your marker here with another player's marker on another card.",
    "dragons": "1 point per face-up card on the eight squares around it.",
    "doppelgangers": "copy the power of a face-up card next to it.",
    "seers": "instead of taking a card, look at the top 3 of the deck and keep one.",
    "giants": "flip a face-up card next to it face down; its markers go home.",
    "knights": "remove up to two markers from face-up cards next to it.",
}


def _faction_text(name: str, style_extra: str = "") -> Text:
    title = name.capitalize()
    colour = FACTIONS.get(name, ("", "white", 0))[1]
    return Text(title, style=f"bold {colour} {style_extra}".strip())


def seat_name(observation: dict[str, Any], seat: int) -> str:
    """How ``seat`` is called on the observing seat's screen: ``You`` or its colour."""
    return YOU if seat == observation["seat"] else str(observation["colours"][seat]).capitalize()


def _player(obs: dict[str, Any], seat: int) -> Text:
    colour = obs["colours"][seat]
    return Text(seat_name(obs, seat), style=COLOUR_STYLES.get(colour, "bold"))


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
            text.append(" on an empty square next to a card (x,y shown)")
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


def _extent(obs: dict[str, Any]) -> tuple[int, int, int, int]:
    squares = [(c["x"], c["y"]) for c in obs["grid"]] + [(x, y) for x, y in obs["open_squares"]]
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    return min(xs), max(xs), min(ys), max(ys)


def window(obs: dict[str, Any], pan: tuple[int, int] = (0, 0)) -> tuple[range, range]:
    """The columns and rows shown, top row first.

    Centred on the card just placed (else the middle of the grid), moved by ``pan``
    (columns right, rows up) and kept on the grid.
    """
    left, right, bottom, top = _extent(obs)
    width, height = VIEW[0], VIEW[1] - (obs["players"] >= 4)
    placed = obs["placed"]
    if placed:
        cx, cy = placed
    else:
        cx, cy = (left + right) // 2, (bottom + top + 1) // 2
    x0 = min(max(cx + pan[0] - width // 2, left), max(left, right - width + 1))
    y1 = max(min(cy + pan[1] + height // 2, top), min(top, bottom + height - 1))
    return range(x0, min(right, x0 + width - 1) + 1), range(
        y1, max(bottom, y1 - height + 1) - 1, -1
    )


def _grid(obs: dict[str, Any], pan: tuple[int, int]) -> Table:
    cells: dict[tuple[int, int], dict[str, Any]] = {(c["x"], c["y"]): c for c in obs["grid"]}
    open_squares = {(x, y) for x, y in obs["open_squares"]}
    placing = obs["decision"] == "place" and obs["to_move"] == obs["seat"]
    placed = tuple(obs["placed"]) if obs["placed"] else None
    columns, rows = window(obs, pan)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 0), pad_edge=False)
    table.add_column("y\\x", justify="right", style="dim", no_wrap=True, width=4)
    for x in columns:
        table.add_column(str(x), justify="center", width=9, no_wrap=True)
    for y in rows:
        row: list[RenderableType] = [Text(f"{y} ", style="dim")]
        for x in columns:
            row.append(_cell(obs, cells.get((x, y)), (x, y), open_squares, placing, placed))
        table.add_row(*row)
    return table


def _scroll_hint(obs: dict[str, Any], pan: tuple[int, int]) -> Text | None:
    left, right, bottom, top = _extent(obs)
    columns, rows = window(obs, pan)
    hidden = []
    if columns[0] > left:
        hidden.append(f"{columns[0] - left} left")
    if columns[-1] < right:
        hidden.append(f"{right - columns[-1]} right")
    if rows[0] < top:
        hidden.append(f"{top - rows[0]} up")
    if rows[-1] > bottom:
        hidden.append(f"{rows[-1] - bottom} down")
    if not hidden:
        return None
    return Text("More of the grid: " + ", ".join(hidden) + " (type < > ^ v)", style="dim")


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
            style = "bold bright_green" if placing else "grey50"
            return Text(f"{xy[0]},{xy[1]}", style=style)
        return Text("")
    abbreviation, colour, _ = FACTIONS.get(card["faction"], ("???", "white", 0))
    if not card["face_up"]:
        return Text(f"|{abbreviation.lower()}|", style="grey50")
    style = f"bold {colour}"
    text = Text()
    if placed is not None and xy == placed:
        text.append(">", style="bold")
        style += " reverse"
    text.append(abbreviation, style=style)
    if card["markers"]:
        text.append(" ")
    for seat in card["markers"]:
        colour_name = obs["colours"][seat]
        text.append(LETTERS.get(colour_name, "?"), style=COLOUR_STYLES.get(colour_name, "bold"))
    return text


def _cards_line(names: list[str]) -> Text:
    if not names:
        return Text("empty", style="dim")
    return Text(" ").join(_faction_text(n) for n in names)


def _table(obs: dict[str, Any], entries: list[dict[str, Any]], final: bool = False) -> Table:
    """Every faction's markers per player (``*``: controls it), and each player's totals."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 0))
    table.add_column("", no_wrap=True, min_width=10)
    for entry in entries:
        abbreviation, colour, _ = FACTIONS.get(entry["faction"], ("???", "white", 0))
        table.add_column(
            Text(abbreviation, style=f"bold {colour}"), justify="right", min_width=4, no_wrap=True
        )
    for heading in ("left", "pts", "now*"):
        table.add_column(heading, justify="right", min_width=5, no_wrap=True)
    table.add_row("points", *[str(e["points"]) for e in entries], style="dim")
    # "3*": this player controls the faction now; "now": their points if it ended now.
    totals = list(obs["power_points"])
    for entry in entries:
        for seat in entry["controllers"]:
            totals[seat] += entry["points"]
    for seat in range(obs["players"]):
        colour = obs["colours"][seat]
        name = _player(obs, seat)
        name.append(f" {LETTERS.get(colour, '?')}")
        if seat == obs["to_move"]:
            name.append(" <", style="bold")
        counts = []
        for entry in entries:
            count = entry["markers"][seat]
            counts.append(
                Text(f"{count}*", style="bold")
                if seat in entry["controllers"]
                else Text(str(count) if count else ".", style="" if count else "dim")
            )
        row: list[RenderableType] = [
            name,
            *counts,
            str(obs["supplies"][seat]),
            str(obs["power_points"][seat]),
            str(totals[seat]),
        ]
        table.add_row(*row)
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


def board(observation: dict[str, Any], pan: tuple[int, int] = (0, 0)) -> RenderableType:
    """The table as the observing seat sees it; ``pan`` scrolls the grid (columns, rows)."""
    obs = observation
    lines: list[RenderableType] = [_status(obs), _grid(obs, pan)]
    hint = _scroll_hint(obs, pan)
    if hint is not None:
        lines.append(hint)
    top = Text("Display: ")
    top.append_text(_cards_line(obs["display"]))
    top.append(f" · Deck: {obs['deck']}")
    if obs["seat"] is not None:
        top.append(" · Your hand: ")
        top.append_text(_faction_text(obs["hand"]) if obs["hand"] else Text("no card", "dim"))
    held = [
        Text.assemble(_player(obs, seat), " ", _faction_text(hand["card"]))
        for seat, hand in enumerate(obs["hands"])
        if seat != obs["seat"] and hand["card"] is not None
    ]
    if held:
        top.append(" · Taken from the display: ")
        top.append_text(Text(", ").join(held))
    lines.append(top)
    looking = obs["looking"]
    if looking is not None:
        if looking["cards"] is not None:
            seen = Text("You look at: ")
            seen.append_text(_cards_line(looking["cards"]))
        else:
            seen = Text.assemble(
                _player(obs, looking["seat"]),
                f" looks at {count(looking['count'], 'card')} of the deck",
            )
        lines.append(seen)
    for group in obs["deck_knowledge"]:
        known = Text("You put back ", style="dim")
        known.append_text(_cards_line(group["cards"]))
        known.append(" into the deck", style="dim")
        if group["or_held_by"]:
            holders = ", ".join(seat_name(obs, s) for s in group["or_held_by"])
            known.append(f" (or {holders} drew them)", style="dim")
        lines.append(known)
    lines.append(_table(obs, obs["standing"]))
    recent = list(obs["history"])[-RECENT_TURNS:]
    if recent:
        last = Text("Last turn: ", style="bold", no_wrap=True, overflow="ellipsis")
        last.append_text(_turn_line(obs, recent[-1]))
        lines.append(last)
    return Group(*lines)


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """The final scores: points from powers and factions, markers left; the winners last."""
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
    factions = _table(obs, result["factions"], final=True)
    winners = Text(" and ").join(_player(obs, s) for s in result["winners"])
    decided = {
        "points": "on points",
        "markers left": "tied on points, decided by markers left in supply",
        "shared": "tied on points and markers left: a shared win",
    }.get(result["decided_by"], result["decided_by"])
    verdict = Text.assemble(
        "Winner: " if len(result["winners"]) == 1 else "Winners: ", winners, f" ({decided})"
    )
    return Group(factions, table, verdict)


def rules(observation: dict[str, Any]) -> RenderableType:
    """The rules in short, with the powers of the factions in play."""
    obs = observation
    text = Text()
    text.append("Claim Kingdoms in short\n", style="bold")
    text.append(
        "On your turn: place your card on an empty square next to a card (place x,y; x "
        "counts right, y up from the first card) with one of your markers on it; use its "
        "power or pass; then take a display card (take <faction>) or draw. The game ends "
        "when a player places their last marker, or when every card is placed. You "
        "control a faction with the most markers on its face-up cards (ties: all the tied "
        "players); each faction you control scores its points, added to your points from "
        "powers. Most points wins; ties go to the most markers left.\n"
    )
    text.append("Powers of the factions in play\n", style="bold")
    for name in obs["factions"]:
        text.append_text(_faction_text(name))
        text.append(f" ({FACTIONS[name][0]}, {FACTIONS[name][2]} points): {POWERS[name]}\n")
    text.append("Full rules: docs/rules/claim-kingdoms.md", style="dim")
    return text


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


def _score_points(obs: dict[str, Any], notation: str) -> int | None:
    """What a scoring power would make now, as the observation's ``power_effects`` say.

    ``None`` if the observation does not say (one saved before it carried them): the
    screen works out no rule of its own.
    """
    for effect in obs.get("power_effects") or []:
        if effect["move"] == notation:
            return int(effect["points"])
    return None


def moves(notations: list[str], observation: dict[str, Any]) -> RenderableType | None:
    """Where the card may go, in short, when there are many squares (the grid shows them)."""
    if len(notations) <= 8 or not all(n.startswith("place ") for n in notations):
        return None
    text = Text("Moves: ", style="bold")
    text.append(f"place X,Y on one of the {len(notations)} squares marked x,y, e.g. {notations[0]}")
    return text


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
        points = _score_points(obs, notation)
        if points is None:
            return "take the points"
        return f"+{points} point{'s' if points != 1 else ''}"
    if verb == "copy":
        return f"use the {words[1].capitalize()} power"
    if verb == "draw":
        return f"the deck's top card ({obs['deck']} left)"
    if verb == "look":
        return "keep 1 of the deck's top 3"
    if verb == "pass":
        return "do nothing more this turn" if obs["removed"] else "decline the power"
    return ""

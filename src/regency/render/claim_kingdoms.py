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

from regency.core.i18n import N_, _, ngettext
from regency.render.words import fill

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

COLOUR_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "yellow": N_("Yellow"), "green": N_("Green")}
"""Player colour -> how a seat of that colour is called."""

VIEW = (7, 6)
"""Columns and rows of the grid shown at once (a row fewer with four players)."""

RECENT_TURNS = 1

POWERS = {
    "goblins": N_("1 point per face-up Goblin holding your marker."),
    "dwarves": N_("1 point per Dwarf in this card's row and column lines."),
    "gnomes": N_("1 point, then one of your markers on a face-up card next to it."),
    "trolls": N_("1 point per different faction in its row line, or its column line."),
    "undead": N_("swap your marker here with another player's marker on another card."),
    "dragons": N_("1 point per face-up card on the eight squares around it."),
    "doppelgangers": N_("copy the power of a face-up card next to it."),
    "seers": N_("instead of taking a card, look at the top 3 of the deck and keep one."),
    "giants": N_("flip a face-up card next to it face down; its markers go home."),
    "knights": N_("remove up to two markers from face-up cards next to it."),
}


def _faction_name(name: str) -> str:
    """A faction's name in the reader's language: ``goblins`` -> ``Goblins``."""
    return _(name.capitalize()) if name in FACTIONS else name.capitalize()


def _colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour.capitalize()


def _faction_text(name: str, style_extra: str = "") -> Text:
    title = _faction_name(name)
    colour = FACTIONS.get(name, ("", "white", 0))[1]
    return Text(title, style=f"bold {colour} {style_extra}".strip())


def seat_name(observation: dict[str, Any], seat: int) -> str:
    """How ``seat`` is called on the observing seat's screen: ``You`` or its colour."""
    if seat == observation["seat"]:
        return _("You")
    return _colour_name(str(observation["colours"][seat]))


def _player(obs: dict[str, Any], seat: int) -> Text:
    colour = obs["colours"][seat]
    return Text(seat_name(obs, seat), style=COLOUR_STYLES.get(colour, "bold"))


def _status(obs: dict[str, Any]) -> Text:
    if obs["to_move"] is None:
        if obs["end"] == "supply":
            who = _player(obs, obs["ended_by"])
            return fill(_("The game is over: {seat} placed their last marker."), seat=who)
        return Text(_("The game is over: every card has been placed."), style="bold")
    seat = obs["to_move"]
    mine = seat == obs["seat"]
    decision = obs["decision"]
    pieces: dict[str, Any] = {"seat": _player(obs, seat)}
    suffix = ""
    if decision == "place":
        if mine:
            template = _("You place your {faction} on an empty square next to a card (x,y shown)")
            pieces["faction"] = _faction_text(obs["hand"])
        else:
            template = _("{seat} places a card")
    elif decision == "power":
        pieces["faction"] = _faction_text(obs["power"])
        if obs["copied"] and not obs["removed"]:
            template = _("You use {faction} power") if mine else _("{seat} uses {faction} power")
        elif mine:
            template = _("You use {faction} power, or pass")
        else:
            template = _("{seat} uses {faction} power, or pass")
        if obs["removed"]:
            suffix = " " + _("(a second marker?)")
    elif decision == "take":
        if obs["can_look"]:
            if mine:
                template = _(
                    "You take a card from the display or draw, or look at the top three (Seer)"
                )
            else:
                template = _("{seat} takes a card, or look at the top three (Seer)")
        else:
            template = (
                _("You take a card from the display or draw") if mine else _("{seat} takes a card")
            )
    else:
        template = (
            _("You keep one of the cards looked at") if mine else _("{seat} is choosing a card")
        )
    text = fill(template, **pieces)
    if suffix:
        text.append(suffix)
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
        hidden.append(_("{count} left", count=columns[0] - left))
    if columns[-1] < right:
        hidden.append(_("{count} right", count=right - columns[-1]))
    if rows[0] < top:
        hidden.append(_("{count} up", count=top - rows[0]))
    if rows[-1] > bottom:
        hidden.append(_("{count} down", count=rows[-1] - bottom))
    if not hidden:
        return None
    # < > ^ v are what a player types to scroll
    return Text(
        _("More of the grid: {directions} (type < > ^ v)", directions=", ".join(hidden)),
        style="dim",
    )


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
    abbreviation, colour, _points = FACTIONS.get(card["faction"], ("???", "white", 0))
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
        return Text(_("empty"), style="dim")
    return Text(" ").join(_faction_text(n) for n in names)


def _table(obs: dict[str, Any], entries: list[dict[str, Any]], final: bool = False) -> Table:
    """Every faction's markers per player (``*``: controls it), and each player's totals."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 0))
    table.add_column("", no_wrap=True, min_width=10)
    for entry in entries:
        abbreviation, colour, _points = FACTIONS.get(entry["faction"], ("???", "white", 0))
        table.add_column(
            Text(abbreviation, style=f"bold {colour}"), justify="right", min_width=4, no_wrap=True
        )
    for heading in (_("left"), _("pts"), _("now*")):
        table.add_column(heading, justify="right", min_width=5, no_wrap=True)
    table.add_row(_("points"), *[str(e["points"]) for e in entries], style="dim")
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
        return fill(_("{seat} had no card and was skipped"), seat=who)
    x, y = turn["at"]
    clauses = [
        fill(
            _("{seat} placed {faction} at {square}"),
            seat=who,
            faction=_faction_text(turn["card"]),
            square=f"{x},{y}",
        )
    ]
    if turn["power"]:
        power = Text(", ".join(turn["power"]))  # the power's moves as typed
        if turn["points"]:
            power.append(f" (+{turn['points']})", style="bold")
        clauses.append(power)
    take = turn["take"]
    if take.startswith("take "):
        clauses.append(fill(_("took {faction}"), faction=_faction_text(take.split()[1])))
    elif take == "draw":
        if turn["got"]:
            clauses.append(fill(_("drew {faction}"), faction=_faction_text(turn["got"])))
        else:
            clauses.append(Text(_("drew")))
    elif take == "look":
        looked = ", ".join(_faction_name(n) for n in turn["looked"] or [])
        if turn["looked"] and turn["got"]:
            template = _("looked at the deck ({cards}), kept {faction}")
        elif turn["looked"]:
            template = _("looked at the deck ({cards})")
        else:
            template = _("looked at the deck")
        got = _faction_text(turn["got"]) if turn["got"] else ""
        clauses.append(fill(template, cards=looked, faction=got))
    if turn["refill"]:
        clauses.append(fill(_("display +{cards}"), cards=_cards_line(turn["refill"])))
    return Text("; ").join(clauses)


def board(observation: dict[str, Any], pan: tuple[int, int] = (0, 0)) -> RenderableType:
    """The table as the observing seat sees it; ``pan`` scrolls the grid (columns, rows)."""
    obs = observation
    lines: list[RenderableType] = [_status(obs), _grid(obs, pan)]
    hint = _scroll_hint(obs, pan)
    if hint is not None:
        lines.append(hint)
    top = [
        fill(_("Display: {cards}"), cards=_cards_line(obs["display"])),
        Text(_("Deck: {count}", count=obs["deck"])),
    ]
    if obs["seat"] is not None:
        hand = _faction_text(obs["hand"]) if obs["hand"] else Text(_("no card"), "dim")
        top.append(fill(_("Your hand: {card}"), card=hand))
    held = [
        fill(_("{seat} {card}"), seat=_player(obs, seat), card=_faction_text(hand["card"]))
        for seat, hand in enumerate(obs["hands"])
        if seat != obs["seat"] and hand["card"] is not None
    ]
    if held:
        top.append(fill(_("Taken from the display: {cards}"), cards=Text(", ").join(held)))
    lines.append(Text(" · ").join(top))
    looking = obs["looking"]
    if looking is not None:
        if looking["cards"] is not None:
            seen = fill(_("You look at: {cards}"), cards=_cards_line(looking["cards"]))
        else:
            template = ngettext(
                "{seat} looks at {count} card of the deck",
                "{seat} looks at {count} cards of the deck",
                looking["count"],
                seat="{seat}",
            )
            seen = fill(template, seat=_player(obs, looking["seat"]))
        lines.append(seen)
    for group in obs["deck_knowledge"]:
        if group["or_held_by"]:
            template = _("You put back {cards} into the deck (or {holders} drew them)")
        else:
            template = _("You put back {cards} into the deck")
        holders = ", ".join(seat_name(obs, s) for s in group["or_held_by"])
        lines.append(
            fill(template, style="dim", cards=_cards_line(group["cards"]), holders=holders)
        )
    lines.append(_table(obs, obs["standing"]))
    recent = list(obs["history"])[-RECENT_TURNS:]
    if recent:
        turn = _turn_line(obs, recent[-1])
        last = fill(_("Last turn: {turn}"), style="bold", turn=turn)
        last.no_wrap = True
        last.overflow = "ellipsis"
        lines.append(last)
    return Group(*lines)


DECIDED = {
    "points": N_("on points"),
    "markers left": N_("tied on points, decided by markers left in supply"),
    "shared": N_("tied on points and markers left: a shared win"),
}
"""How the result says the game was decided -> the words for it."""


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """The final scores: points from powers and factions, markers left; the winners last."""
    obs = observation
    n = obs["players"]
    table = Table(title=_("Final scores"), box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column(_("player"))
    table.add_column(_("from powers"), justify="right")
    table.add_column(_("from factions"), justify="right")
    table.add_column(_("total"), justify="right")
    table.add_column(_("markers left"), justify="right")
    for seat in range(n):
        name = _player(obs, seat)
        if seat in result["winners"]:
            name.append(" " + _("(winner)"), style="bold")
        table.add_row(
            name,
            str(result["power_points"][seat]),
            str(result["faction_points"][seat]),
            Text(str(result["scores"][seat]), style="bold"),
            str(result["supplies"][seat]),
        )
    factions = _table(obs, result["factions"], final=True)
    winners = Text()
    for index, seat in enumerate(result["winners"]):
        name = _player(obs, seat)
        winners = fill(_("{names} and {last}"), names=winners, last=name) if index else name
    code = result["decided_by"]
    decided = _(DECIDED[code]) if code in DECIDED else code
    if len(result["winners"]) == 1:
        template = _("Winner: {winners} ({decided})")
    else:
        template = _("Winners: {winners} ({decided})")
    verdict = fill(template, winners=winners, decided=decided)
    return Group(factions, table, verdict)


def rules(observation: dict[str, Any]) -> RenderableType:
    """The rules in short, with the powers of the factions in play."""
    obs = observation
    text = Text()
    text.append(_("Claim Kingdoms in short") + "\n", style="bold")
    text.append(
        _(
            "On your turn: place your card on an empty square next to a card (place x,y; x "
            "counts right, y up from the first card) with one of your markers on it; use its "
            "power or pass; then take a display card (take <faction>) or draw. The game ends "
            "when a player places their last marker, or when every card is placed. You "
            "control a faction with the most markers on its face-up cards (ties: all the tied "
            "players); each faction you control scores its points, added to your points from "
            "powers. Most points wins; ties go to the most markers left."
        )
        + "\n"
    )
    text.append(_("Powers of the factions in play") + "\n", style="bold")
    for name in obs["factions"]:
        abbreviation, _colour, points = FACTIONS[name]
        template = ngettext(
            "{faction} ({code}, {count} point): {power}",
            "{faction} ({code}, {count} points): {power}",
            points,
            faction="{faction}",
            code=abbreviation,
            power=_(POWERS[name]),
        )
        text.append_text(fill(template, faction=_faction_text(name)))
        text.append("\n")
    text.append(_("Full rules: {path}", path="docs/rules/claim-kingdoms.md"), style="dim")
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
    return Text(
        ngettext(
            "Moves: place X,Y on the {count} square marked x,y, e.g. {example}",
            "Moves: place X,Y on one of the {count} squares marked x,y, e.g. {example}",
            len(notations),
            example=notations[0],
        )
    )


def action_label(notation: str, observation: dict[str, Any]) -> str:
    """A short explanation of a legal action for the numbered list of moves."""
    obs = observation
    words = notation.split()
    verb = words[0]
    if verb == "place" and obs["hand"]:
        return _faction_name(str(obs["hand"]))
    if verb in ("mark", "remove", "swap", "flip"):
        card = _card_at(obs, words[1])
        name = _faction_name(card["faction"]) if card else _("card")
        if verb == "mark":
            return _("+1 point, your marker on the {card}", card=name)
        if verb == "remove":
            # the colour as typed in the move (remove 1,0 red)
            return _("{colour} marker off the {card}", colour=words[2], card=name)
        if verb == "swap":
            return _(
                "your marker onto the {card}, {colour}'s onto your Undead",
                card=name,
                colour=words[2],
            )
        markers = [obs["colours"][s] for s in card["markers"]] if card else []
        if markers:
            return _(
                "turn the {card} face down ({colours} back to supply)",
                card=name,
                colours=", ".join(markers),
            )
        return _("turn the {card} face down", card=name)
    if verb == "score":
        points = _score_points(obs, notation)
        if points is None:
            return _("take the points")
        return ngettext("+{count} point", "+{count} points", points)
    if verb == "copy":
        return _("use the {faction} power", faction=_faction_name(words[1]))
    if verb == "draw":
        return _("the deck's top card ({count} left)", count=obs["deck"])
    if verb == "look":
        return _("keep 1 of the deck's top 3")
    if verb == "pass":
        return _("do nothing more this turn") if obs["removed"] else _("decline the power")
    return ""

"""Claim's terminal screen, drawn from one seat's observation.

Top: the phase and trick, the card(s) played for, the cards on the table and whose turn
it is. Middle: every player's hand size, follower deck and score pile, grouped by
faction. Bottom: the seat's own hand, coloured by faction. Phase two adds the standing of
each faction's vote.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

__all__ = ["action_label", "board", "card", "cards", "result"]

FACTIONS = {
    "GB": ("Goblins", "green"),
    "KN": ("Knights", "bright_blue"),
    "UN": ("Undead", "magenta"),
    "DW": ("Dwarves", "red"),
    "DO": ("Doppelgangers", "cyan"),
    "GN": ("Gnomes", "yellow"),
    "GI": ("Giants", "dark_orange"),
    "DR": ("Dragons", "bright_red"),
    "TR": ("Trolls", "grey70"),
    "SE": ("Seers", "orchid"),
}
NAME_TO_CODE = {name.lower(): code for code, (name, _) in FACTIONS.items()}


def card(code: str) -> Text:
    """One card, e.g. ``KN9``, in its faction's colour."""
    name, colour = FACTIONS.get(code[:2], (code, "white"))
    del name
    return Text(code, style=f"bold {colour}")


def cards(codes: list[str], empty: str = "-") -> Text:
    """Cards in a row, separated by spaces."""
    if not codes:
        return Text(empty, style="dim")
    return Text(" ").join(card(c) for c in codes)


def _by_faction(codes: list[str]) -> Text:
    """Cards grouped by faction: ``Goblins 3 (1 4 9)``."""
    if not codes:
        return Text("-", style="dim")
    groups: dict[str, list[str]] = {}
    for code in codes:
        groups.setdefault(code[:2], []).append(code[2:])
    parts = []
    for faction, values in groups.items():
        name, colour = FACTIONS.get(faction, (faction, "white"))
        parts.append(Text(f"{name} {len(values)} ({' '.join(values)})", style=colour))
    return Text("  ").join(parts)


def _seat_name(obs: dict[str, Any], seat: int) -> str:
    if seat == obs["seat"]:
        return "You"
    teams = obs.get("teams")
    if teams and obs["seat"] is not None and any(seat in t and obs["seat"] in t for t in teams):
        return f"Seat {seat} (partner)"
    return f"Seat {seat}"


def _status(obs: dict[str, Any]) -> Text:
    if obs["to_move"] is None:
        return Text("The game is over.", style="bold")
    who = _seat_name(obs, obs["to_move"])
    mine = obs["to_move"] == obs["seat"]
    if obs["decision"] == "take":
        text = "Choose the card to take" if mine else f"{who} is choosing a card to take"
        if obs.get("peek"):
            text += f" (you peeked at the top of the pile: {obs['peek']})"
        return Text(text, style="bold yellow")
    if not obs["played"]:
        return Text("Your lead" if mine else f"{who} leads", style="bold yellow")
    lead = obs["lead_faction"].capitalize()
    if mine:
        return Text(
            f"Your turn: follow {lead} if you can (a Doppelganger always may)", style="bold yellow"
        )
    return Text(f"{who} to play", style="bold yellow")


def _last_trick(obs: dict[str, Any]) -> Text | None:
    if not obs["tricks"]:
        return None
    last = obs["tricks"][-1]
    n = obs["players"]
    text = Text("Last trick: ")
    for i, code in enumerate(last["plays"]):
        seat = (last["leader"] + i) % n
        text.append(f"{_seat_name(obs, seat)} ")
        text.append_text(card(code))
        text.append("  ")
    text.append(f"-> {_seat_name(obs, last['winner'])} won", style="bold")
    for seat, code in last.get("takes", []):
        if code is None:
            text.append(f"; {_seat_name(obs, seat)} drew a card")
        else:
            text.append(f"; {_seat_name(obs, seat)} took ")
            text.append_text(card(code))
    if last.get("smashed"):
        text.append("; smashed ")
        text.append_text(cards(last["smashed"]))
    if last["next_leader"] != last["winner"]:
        text.append(f"; {_seat_name(obs, last['next_leader'])} leads (last Dragon)")
    return text


def _players(obs: dict[str, Any]) -> Table:
    table = Table(expand=True, show_edge=False)
    table.add_column("player", no_wrap=True)
    table.add_column("hand", justify="right")
    if obs["phase"] == 1:
        table.add_column("followers (known)")
    table.add_column("score pile")
    show_gnomes = any(obs["gnomes"])
    if show_gnomes:
        table.add_column("face-up Gnomes")
    for seat in range(obs["players"]):
        name = Text(_seat_name(obs, seat), style="bold" if seat == obs["to_move"] else "")
        if seat == obs["to_move"]:
            name.append(" <", style="yellow")
        row: list[RenderableType] = [name, str(obs["hands"][seat]["count"])]
        if obs["phase"] == 1:
            fol = obs["followers"][seat]
            known = Text(f"{fol['count']}: ")
            known.append_text(cards(fol["known"], empty=""))
            row.append(known)
        row.append(_by_faction(obs["score_piles"][seat]))
        if show_gnomes:
            row.append(cards(obs["gnomes"][seat]))
        table.add_row(*row)
    return table


def _standing(obs: dict[str, Any]) -> Table:
    """Phase two: each faction's cards per side so far."""
    teams = obs.get("teams") or [[s] for s in range(obs["players"])]
    table = Table(title="Votes so far", show_edge=False)
    table.add_column("faction")
    for team in teams:
        table.add_column(" & ".join(_seat_name(obs, s) for s in team), justify="right")
    for name in obs["factions"]:
        code = NAME_TO_CODE[name]
        counts = [
            sum(
                1
                for s in team
                for c in [*obs["score_piles"][s], *obs["gnomes"][s]]
                if c[:2] == code
            )
            for team in teams
        ]
        table.add_row(Text(FACTIONS[code][0], style=FACTIONS[code][1]), *map(str, counts))
    return table


def board(observation: dict[str, Any]) -> RenderableType:
    """The table as the observing seat sees it."""
    obs = observation
    phase = obs["phase"]
    title = "Claim"
    if phase:
        title += f" · phase {phase} · trick {obs['trick']} of {obs['tricks_per_phase']}"
    top = Text()
    if phase == 1:
        top.append("Playing for: ")
        top.append_text(cards(obs["face_up"]))
        top.append(f"    Draw pile: {obs['draw_pile']}")
    if obs["trolls_waiting"]:
        top.append("    Trolls waiting: ")
        top.append_text(cards(obs["trolls_waiting"]))
    lines: list[RenderableType] = []
    if top:
        lines.append(top)
    if obs["played"]:
        trick = Text("On the table: ")
        for i, code in enumerate(obs["played"]):
            trick.append(f"{_seat_name(obs, (obs['leader'] + i) % obs['players'])} ")
            trick.append_text(card(code))
            trick.append("  ")
        lines.append(trick)
    last = _last_trick(obs)
    if last is not None:
        lines.append(last)
    voids = [
        f"{_seat_name(obs, s)} {'have' if s == obs['seat'] else 'has'} no "
        + ", ".join(name.capitalize() for name in v)
        for s, v in enumerate(obs["voids"])
        if v
    ]
    if voids:
        lines.append(Text("Known: " + "; ".join(voids), style="dim"))
    lines.append(_status(obs))
    parts: list[RenderableType] = [
        Panel(Group(*lines), title=title, title_align="left"),
        _players(obs),
    ]
    if phase == 2:
        parts.append(_standing(obs))
    if obs["hand"] is not None:
        hand = Text("Your hand: ")
        hand.append_text(cards(obs["hand"], empty="(empty)"))
        parts.append(hand)
    return Group(*parts)


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """The faction votes and the winner."""
    obs = observation
    sides = result["sides"]
    table = Table(title="The factions vote")
    table.add_column("faction")
    for side in sides:
        table.add_column(" & ".join(_seat_name(obs, s) for s in side), justify="right")
    table.add_column("votes for")
    for vote in result["votes"]:
        code = NAME_TO_CODE[vote["faction"]]
        cells = [
            f"{count} (top {high})" if count else "-"
            for count, high in zip(vote["counts"], vote["highest"], strict=True)
        ]
        if vote["side"] is None:
            to = Text(f"nobody ({vote['reason']})", style="dim")
        else:
            to = Text(" & ".join(_seat_name(obs, s) for s in vote["seats"]), style="bold")
            to.append(f" ({vote['reason']})", style="dim")
        table.add_row(Text(FACTIONS[code][0], style=FACTIONS[code][1]), *cells, to)
    winners = " and ".join(_seat_name(obs, s) for s in result["winners"])
    verb = "win" if (obs["seat"] in result["winners"] or len(result["winners"]) > 1) else "wins"
    headline = Text(f"{winners} {verb}", style="bold green")
    headline.append(f" ({result['decided_by']}).", style="")
    return Group(table, headline)


def action_label(notation: str, observation: dict[str, Any]) -> str:
    """``KN9`` -> ``Knight 9``; ``take deck`` -> ``the card you peeked at``."""
    words = notation.split()
    code = words[-1]
    if code == "deck":
        peek = observation.get("peek")
        return f"the card you peeked at ({peek})" if peek else "the top card of the pile"
    name = FACTIONS.get(code[:2], (code[:2], ""))[0]
    singular = {"Dwarves": "Dwarf", "Undead": "Undead"}.get(name, name.rstrip("s"))
    return f"{singular} {code[2:]}"

"""Claim's terminal screen, drawn from one seat's observation.

Top: the factions in play, the phase and trick, the card(s) played for, the cards on the
table, what happened in the last trick and whose turn it is. Middle: every player's hand
size, follower deck and score pile (phase one), or how each faction votes so far (phase
two). Bottom: the seat's own hand. Cards are written as their codes (``KN9``) and seats
by name, so nothing depends on colour; the screen fits an 80x24 terminal.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from regency.core.words import YOU, possessive, says

__all__ = [
    "action_label",
    "board",
    "card",
    "cards",
    "leaders",
    "result",
    "rules",
    "seat_name",
]

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

POWERS = {
    "GB": "no power.",
    "KN": "when Goblins are led, a Knight played to the trick wins it (the highest Knight).",
    "UN": "phase 1: every Undead played goes to the trick winner's score pile.",
    "DW": "phase 2: every Dwarf played goes to the loser's score pile (3-4 players: to "
    "whoever played the lowest card, ties to the last of them).",
    "DO": "may always be played instead of following; counts as the led faction with its "
    "own value, without its power.",
    "GN": "phase 2: Gnomes won lie face up before their winner (they count as score pile).",
    "GI": "phase 2: each Giant played smashes one face-up Gnome of its value from each "
    "opponent of the winner.",
    "DR": "whoever played the last Dragon leads the next trick, whoever won.",
    "TR": "phase 2: the winner takes at most one Troll, the highest played or waiting; "
    "the rest wait for later tricks.",
    "SE": "phase 1: a winner who played a Seer peeks at the pile and takes that card or "
    "the face-up one.",
}


def card(code: str) -> Text:
    """One card, e.g. ``KN9``, in its faction's colour."""
    colour = FACTIONS.get(code[:2], (code, "white"))[1]
    return Text(code, style=f"bold {colour}")


def cards(codes: list[str], empty: str = "-") -> Text:
    """Cards in a row, separated by spaces."""
    if not codes:
        return Text(empty, style="dim")
    return Text(" ").join(card(c) for c in codes)


def _faction(code: str) -> Text:
    name, colour = FACTIONS.get(code, (code, "white"))
    return Text(name, style=colour)


def _by_faction(codes: list[str]) -> Text:
    """Cards grouped by faction: ``UN 3 (1 4 9)``."""
    if not codes:
        return Text("-", style="dim")
    groups: dict[str, list[str]] = {}
    for code in codes:
        groups.setdefault(code[:2], []).append(code[2:])
    parts = []
    for faction, values in groups.items():
        colour = FACTIONS.get(faction, (faction, "white"))[1]
        parts.append(Text(f"{faction} {len(values)} ({' '.join(values)})", style=colour))
    return Text(" ").join(parts)


def seat_name(observation: dict[str, Any], seat: int) -> str:
    """How ``seat`` is called on the observing seat's screen: ``You`` or ``Seat 2``."""
    return YOU if seat == observation["seat"] else f"Seat {seat}"


def _says(obs: dict[str, Any], seat: int, verb: str) -> str:
    """``You lead`` / ``Seat 1 leads``: the name with the verb agreeing."""
    return says(seat_name(obs, seat), verb)


def _status(obs: dict[str, Any]) -> Text:
    if obs["to_move"] is None:
        return Text("The game is over.", style="bold")
    who = seat_name(obs, obs["to_move"])
    mine = obs["to_move"] == obs["seat"]
    if obs["decision"] == "take":
        text = "Choose the card to take" if mine else f"{who} is choosing a card to take"
        if obs.get("peek") and mine:
            text += f" (you peeked at the top of the pile: {obs['peek']})"
        return Text(text, style="bold yellow")
    if not obs["played"]:
        return Text("Your lead" if mine else f"{who} to lead", style="bold yellow")
    lead = obs["lead_faction"].capitalize()
    if mine:
        return Text(
            f"Your turn: follow {lead} if you can (a Doppelganger always may)", style="bold yellow"
        )
    return Text(f"{who} to play", style="bold yellow")


def _last_trick(obs: dict[str, Any]) -> Text | None:
    """The last trick: who played what, who won, and what happened to the cards."""
    if not obs["tricks"]:
        return None
    last = obs["tricks"][-1]
    n = obs["players"]
    text = Text("Last trick: ")
    for i, code in enumerate(last["plays"]):
        seat = (last["leader"] + i) % n
        text.append(f"{seat_name(obs, seat)} ")
        text.append_text(card(code))
        text.append(" ")
    text.append(f"- {_says(obs, last['winner'], 'win')}", style="bold")
    for seat, code in last.get("takes", []):
        if code is None:
            text.append(f"; {_says(obs, seat, 'draw')}")
        else:
            text.append(f"; {_says(obs, seat, 'take')} ")
            text.append_text(card(code))
    if last["phase"] == 2:
        dwarves: dict[int, list[str]] = {}
        for code in last["plays"]:
            if code.startswith("DW"):
                owner = _pile_holding(obs, code)
                if owner is not None:
                    dwarves.setdefault(owner, []).append(code)
        for seat, codes in dwarves.items():
            text.append("; ")
            text.append_text(cards(codes))
            text.append(f" to {_possessive(obs, seat)} pile")
    if last.get("smashed"):
        text.append("; Giants smashed ")
        text.append_text(cards(last["smashed"]))
    if last["next_leader"] != last["winner"]:
        text.append(f"; {_says(obs, last['next_leader'], 'lead')} (last Dragon)")
    return text


def _possessive(obs: dict[str, Any], seat: int) -> str:
    return possessive(seat_name(obs, seat))


def _pile_holding(obs: dict[str, Any], code: str) -> int | None:
    for seat, pile in enumerate(obs["score_piles"]):
        if code in pile:
            return seat
    return None


def _hands_line(obs: dict[str, Any]) -> Text:
    text = Text("Cards in hand: ")
    for seat in range(obs["players"]):
        if seat:
            text.append(" · ")
        text.append(f"{seat_name(obs, seat)} {obs['hands'][seat]['count']}")
        if seat == obs["to_move"]:
            text.append(" <", style="bold")
    return text


def _players(obs: dict[str, Any]) -> Table:
    table = Table(expand=True, show_edge=False, pad_edge=False)
    table.add_column("player", no_wrap=True)
    table.add_column("hand", justify="right")
    table.add_column("followers (known)")
    table.add_column("score pile")
    for seat in range(obs["players"]):
        name = Text(seat_name(obs, seat), style="bold" if seat == obs["to_move"] else "")
        if seat == obs["to_move"]:
            name.append(" <", style="bold")
        fol = obs["followers"][seat]
        known = Text(f"{fol['count']}: ")
        known.append_text(cards(fol["known"], empty=""))
        row: list[RenderableType] = [
            name,
            str(obs["hands"][seat]["count"]),
            known,
            _by_faction(obs["score_piles"][seat]),
        ]
        table.add_row(*row)
    return table


def _sides(obs: dict[str, Any]) -> list[list[int]]:
    teams: list[list[int]] | None = obs.get("teams")
    return teams or [[s] for s in range(obs["players"])]


def leaders(obs: dict[str, Any]) -> dict[str, tuple[list[int], list[tuple[int, int]]]]:
    """How each faction would vote on the score piles shown (R-CLAIM-15).

    Returns:
        Faction code -> (the seats it votes for, empty for nobody; per side, its cards
        of the faction and its highest card). Face-up Gnomes count as score pile.
    """
    sides = _sides(obs)
    out: dict[str, tuple[list[int], list[tuple[int, int]]]] = {}
    for name in obs["factions"]:
        code = NAME_TO_CODE[name]
        counts: list[tuple[int, int]] = []
        for side in sides:
            values = [
                int(c[2:])
                for s in side
                for c in [*obs["score_piles"][s], *obs["gnomes"][s]]
                if c[:2] == code
            ]
            counts.append((len(values), max(values, default=-1)))
        most = max(count for count, _ in counts)
        tied = [i for i, (count, _) in enumerate(counts) if count == most and most > 0]
        if len(tied) > 1:
            top = max(counts[i][1] for i in tied)
            tied = [i for i in tied if counts[i][1] == top]
        out[code] = (sides[tied[0]] if len(tied) == 1 else [], counts)
    return out


def _votes(obs: dict[str, Any]) -> Table:
    """Phase two: each faction's cards per side so far, and whom it votes for now."""
    sides = _sides(obs)
    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    table.add_column("votes so far", style="bold")
    for side in sides:
        table.add_column(" & ".join(seat_name(obs, s) for s in side), justify="right")
    table.add_column("votes for")
    for code, (seats, counts) in leaders(obs).items():
        cells = [f"{count} (top {high})" if count else "-" for count, high in counts]
        to = " & ".join(seat_name(obs, s) for s in seats) if seats else "nobody yet"
        table.add_row(_faction(code), *cells, to)
    return table


def _factions_line(obs: dict[str, Any]) -> Text:
    text = Text("Factions: ")
    for i, name in enumerate(obs["factions"]):
        code = NAME_TO_CODE[name]
        if i:
            text.append(" ")
        text.append(f"{code}=", style="dim")
        text.append_text(_faction(code))
    return text


def board(observation: dict[str, Any]) -> RenderableType:
    """The table as the observing seat sees it."""
    obs = observation
    phase = obs["phase"]
    title = "Claim"
    if phase:
        title += f" · phase {phase} · trick {obs['trick']} of {obs['tricks_per_phase']}"
    lines: list[RenderableType] = [_factions_line(obs)]
    top = Text()
    if phase == 1:
        top.append("Playing for: ")
        top.append_text(cards(obs["face_up"]))
        top.append(f"    Draw pile: {obs['draw_pile']}")
    if obs["trolls_waiting"]:
        top.append("    Trolls waiting: " if top else "Trolls waiting: ")
        top.append_text(cards(obs["trolls_waiting"]))
    if top:
        lines.append(top)
    if obs["played"]:
        trick = Text("On the table: ")
        for i, code in enumerate(obs["played"]):
            trick.append(f"{seat_name(obs, (obs['leader'] + i) % obs['players'])} ")
            trick.append_text(card(code))
            trick.append("  ")
        lines.append(trick)
    last = _last_trick(obs)
    if last is not None:
        lines.append(last)
    voids = [
        f"{_says(obs, s, 'have')} no " + ", ".join(name.capitalize() for name in v)
        for s, v in enumerate(obs["voids"])
        if v
    ]
    if voids:
        lines.append(Text("Known: " + "; ".join(voids), style="dim"))
    lines.append(_status(obs))
    parts: list[RenderableType] = [Panel(Group(*lines), title=title, title_align="left")]
    if phase == 2:
        hands = _hands_line(obs)
        if any(obs["gnomes"]):
            hands.append("   Face-up Gnomes: ")
            hands.append_text(
                Text(" · ").join(
                    Text.assemble(f"{seat_name(obs, s)} ", cards(g))
                    for s, g in enumerate(obs["gnomes"])
                    if g
                )
            )
        parts.extend([hands, _votes(obs)])
    else:
        parts.append(_players(obs))
    if obs["hand"] is not None:
        hand = Text("Your hand: ")
        hand.append_text(cards(obs["hand"], empty="(empty)"))
        parts.append(hand)
    return Group(*parts)


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """The faction votes and the winner (the last line)."""
    obs = observation
    sides = result["sides"]
    table = Table(title="The factions vote")
    table.add_column("faction")
    for side in sides:
        table.add_column(" & ".join(seat_name(obs, s) for s in side), justify="right")
    table.add_column("votes for")
    for vote in result["votes"]:
        code = NAME_TO_CODE[vote["faction"]]
        cells = [
            f"{held} (top {high})" if held else "-"
            for held, high in zip(vote["counts"], vote["highest"], strict=True)
        ]
        if vote["side"] is None:
            to = Text(f"nobody ({vote['reason']})", style="dim")
        else:
            to = Text(" & ".join(seat_name(obs, s) for s in vote["seats"]), style="bold")
            to.append(f" ({vote['reason']})", style="dim")
        table.add_row(_faction(code), *cells, to)
    headline = Text(says([seat_name(obs, s) for s in result["winners"]], "win"), style="bold green")
    headline.append(f" ({result['decided_by']}).", style="")
    return Group(table, headline)


def rules(observation: dict[str, Any]) -> RenderableType:
    """The rules in short, with the powers of the factions in play."""
    obs = observation
    n = obs["players"]
    text = Text()
    text.append("Claim in short\n", style="bold")
    text.append(
        "Phase 1: each trick is played for the face-up card(s); the winner takes one into "
        "their follower deck, the others take what is left or draw. Phase 2: the follower "
        "decks are the new hands; the winner of each trick keeps the cards played in their "
        "score pile. Follow the led faction if you can; the highest card of it wins "
        "(ties: the first played). At the end each faction votes for whoever has most of "
        "its cards (a tie: the highest card); "
    )
    text.append("three factions win.\n" if n == 2 else "most factions wins.\n")
    if n == 4:
        text.append("Partners sit opposite: seats 0 and 2 against seats 1 and 3.\n")
    text.append("Powers of the factions in play\n", style="bold")
    for name in obs["factions"]:
        code = NAME_TO_CODE[name]
        text.append_text(_faction(code))
        text.append(f" ({code}): {POWERS[code]}\n")
    text.append("Full rules: docs/rules/claim.md", style="dim")
    return text


def action_label(notation: str, observation: dict[str, Any]) -> str:
    """``KN9`` -> ``Knight 9``; ``take deck`` -> ``the card you peeked at``."""
    words = notation.split()
    code = words[-1]
    if code == "deck":
        peek = observation.get("peek")
        return f"the card you peeked at ({peek})" if peek else "the top card of the pile"
    if words[0] == "take":
        name = FACTIONS.get(code[:2], (code[:2], ""))[0]
        singular = {"Dwarves": "Dwarf", "Undead": "Undead"}.get(name, name.rstrip("s"))
        return f"{singular} {code[2:]}"
    return ""

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

from regency.core.i18n import N_, _
from regency.render.words import fill

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
    "GB": (N_("Goblins"), "green"),
    "KN": (N_("Knights"), "bright_blue"),
    "UN": (N_("Undead"), "magenta"),
    "DW": (N_("Dwarves"), "red"),
    "DO": (N_("Doppelgangers"), "cyan"),
    "GN": (N_("Gnomes"), "yellow"),
    "GI": (N_("Giants"), "dark_orange"),
    "DR": (N_("Dragons"), "bright_red"),
    "TR": (N_("Trolls"), "grey70"),
    "SE": (N_("Seers"), "orchid"),
}
NAME_TO_CODE = {name.lower(): code for code, (name, _) in FACTIONS.items()}

# What decided a faction's vote and the game, as the result names them (rules.py).
REASONS = {
    "most cards": N_("most cards"),
    "highest card": N_("highest card"),
    "tie": N_("tie"),
    "nobody holds it": N_("nobody holds it"),
    "three factions": N_("three factions"),
    "most factions": N_("most factions"),
    "most cards in the factions won": N_("most cards in the factions won"),
    "highest value of those cards": N_("highest value of those cards"),
    "shared win": N_("shared win"),
}

POWERS = {
    "GB": N_("no power."),
    "KN": N_("when Goblins are led, a Knight played to the trick wins it (the highest Knight)."),
    "UN": N_("phase 1: every Undead played goes to the trick winner's score pile."),
    "DW": N_(
        "phase 2: every Dwarf played goes to the loser's score pile (3-4 players: to "
        "whoever played the lowest card, ties to the last of them)."
    ),
    "DO": N_(
        "may always be played instead of following; counts as the led faction with its "
        "own value, without its power."
    ),
    "GN": N_("phase 2: Gnomes won lie face up before their winner (they count as score pile)."),
    "GI": N_(
        "phase 2: each Giant played smashes one face-up Gnome of its value from each "
        "opponent of the winner."
    ),
    "DR": N_("whoever played the last Dragon leads the next trick, whoever won."),
    "TR": N_(
        "phase 2: the winner takes at most one Troll, the highest played or waiting; "
        "the rest wait for later tricks."
    ),
    "SE": N_(
        "phase 1: a winner who played a Seer peeks at the pile and takes that card or "
        "the face-up one."
    ),
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
    return Text(_(name) if code in FACTIONS else name, style=colour)


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
    return _("You") if seat == observation["seat"] else _("Seat {seat}", seat=seat)


def _mine(obs: dict[str, Any], seat: int) -> bool:
    return bool(seat == obs["seat"])


def _status(obs: dict[str, Any]) -> Text:
    if obs["to_move"] is None:
        return Text(_("The game is over."), style="bold")
    who = seat_name(obs, obs["to_move"])
    mine = obs["to_move"] == obs["seat"]
    if obs["decision"] == "take":
        if not mine:
            text = _("{seat} is choosing a card to take", seat=who)
        elif obs.get("peek"):
            text = _(
                "Choose the card to take (you peeked at the top of the pile: {card})",
                card=obs["peek"],
            )
        else:
            text = _("Choose the card to take")
        return Text(text, style="bold yellow")
    if not obs["played"]:
        return Text(_("Your lead") if mine else _("{seat} to lead", seat=who), style="bold yellow")
    lead = _(obs["lead_faction"].capitalize())
    if mine:
        return Text(
            _("Your turn: follow {faction} if you can (a Doppelganger always may)", faction=lead),
            style="bold yellow",
        )
    return Text(_("{seat} to play", seat=who), style="bold yellow")


def _played(obs: dict[str, Any], seat: int, code: str) -> Text:
    """``Seat 1 KN9``: who played a card, and the card."""
    return fill(_("{seat} {card}"), seat=seat_name(obs, seat), card=card(code))


def _last_trick(obs: dict[str, Any]) -> Text | None:
    """The last trick: who played what, who won, and what happened to the cards."""
    if not obs["tricks"]:
        return None
    last = obs["tricks"][-1]
    n = obs["players"]
    plays = Text(" ").join(
        _played(obs, (last["leader"] + i) % n, code) for i, code in enumerate(last["plays"])
    )
    winner = last["winner"]
    wins = _("You win") if _mine(obs, winner) else _("{seat} wins", seat=seat_name(obs, winner))
    clauses = [
        fill(_("Last trick: {plays} - {winner}"), plays=plays, winner=Text(wins, style="bold"))
    ]
    for seat, code in last.get("takes", []):
        name = seat_name(obs, seat)
        if code is None:
            clauses.append(
                Text(_("You draw") if _mine(obs, seat) else _("{seat} draws", seat=name))
            )
        else:
            template = _("You take {card}") if _mine(obs, seat) else _("{seat} takes {card}")
            clauses.append(fill(template, seat=name, card=card(code)))
    if last["phase"] == 2:
        dwarves: dict[int, list[str]] = {}
        for code in last["plays"]:
            if code.startswith("DW"):
                owner = _pile_holding(obs, code)
                if owner is not None:
                    dwarves.setdefault(owner, []).append(code)
        for seat, codes in dwarves.items():
            template = (
                _("{cards} to your pile") if _mine(obs, seat) else _("{cards} to {seat}'s pile")
            )
            clauses.append(fill(template, cards=cards(codes), seat=seat_name(obs, seat)))
    if last.get("smashed"):
        clauses.append(fill(_("Giants smashed {cards}"), cards=cards(last["smashed"])))
    leader = last["next_leader"]
    if leader != winner:
        if _mine(obs, leader):
            clauses.append(Text(_("You lead (last Dragon)")))
        else:
            clauses.append(Text(_("{seat} leads (last Dragon)", seat=seat_name(obs, leader))))
    return Text("; ").join(clauses)


def _pile_holding(obs: dict[str, Any], code: str) -> int | None:
    for seat, pile in enumerate(obs["score_piles"]):
        if code in pile:
            return seat
    return None


def _hands_line(obs: dict[str, Any]) -> Text:
    hands = Text()
    for seat in range(obs["players"]):
        if seat:
            hands.append(" · ")
        hands.append(f"{seat_name(obs, seat)} {obs['hands'][seat]['count']}")
        if seat == obs["to_move"]:
            hands.append(" <", style="bold")
    return fill(_("Cards in hand: {hands}"), hands=hands)


def _players(obs: dict[str, Any]) -> Table:
    table = Table(expand=True, show_edge=False, pad_edge=False)
    table.add_column(_("player"), no_wrap=True)
    table.add_column(_("hand"), justify="right")
    table.add_column(_("followers (known)"))
    table.add_column(_("score pile"))
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
    table.add_column(_("votes so far"), style="bold")
    for side in sides:
        table.add_column(" & ".join(seat_name(obs, s) for s in side), justify="right")
    table.add_column(_("votes for"))
    for code, (seats, counts) in leaders(obs).items():
        cells = [_("{count} (top {high})", count=n, high=high) if n else "-" for n, high in counts]
        to = " & ".join(seat_name(obs, s) for s in seats) if seats else _("nobody yet")
        table.add_row(_faction(code), *cells, to)
    return table


def _factions_line(obs: dict[str, Any]) -> Text:
    factions = Text()
    for i, name in enumerate(obs["factions"]):
        code = NAME_TO_CODE[name]
        if i:
            factions.append(" ")
        factions.append(f"{code}=", style="dim")
        factions.append_text(_faction(code))
    return fill(_("Factions: {factions}"), factions=factions)


def board(observation: dict[str, Any]) -> RenderableType:
    """The table as the observing seat sees it."""
    obs = observation
    phase = obs["phase"]
    title = "Claim"  # the game's name, the same in every language
    if phase:
        title = _(
            "Claim · phase {phase} · trick {trick} of {tricks}",
            phase=phase,
            trick=obs["trick"],
            tricks=obs["tricks_per_phase"],
        )
    lines: list[RenderableType] = [_factions_line(obs)]
    top: list[Text] = []
    if phase == 1:
        top.append(fill(_("Playing for: {cards}"), cards=cards(obs["face_up"])))
        top.append(Text(_("Draw pile: {count}", count=obs["draw_pile"])))
    if obs["trolls_waiting"]:
        top.append(fill(_("Trolls waiting: {cards}"), cards=cards(obs["trolls_waiting"])))
    if top:
        lines.append(Text("    ").join(top))
    if obs["played"]:
        n = obs["players"]
        plays = Text("  ").join(
            _played(obs, (obs["leader"] + i) % n, code) for i, code in enumerate(obs["played"])
        )
        trick = fill(_("On the table: {plays}"), plays=plays)
        trick.append("  ")
        lines.append(trick)
    last = _last_trick(obs)
    if last is not None:
        lines.append(last)
    voids = []
    for s, v in enumerate(obs["voids"]):
        if v:
            names = ", ".join(_(name.capitalize()) for name in v)
            if _mine(obs, s):
                voids.append(_("You have no {factions}", factions=names))
            else:
                voids.append(_("{seat} has no {factions}", seat=seat_name(obs, s), factions=names))
    if voids:
        lines.append(Text(_("Known: {facts}", facts="; ".join(voids)), style="dim"))
    lines.append(_status(obs))
    parts: list[RenderableType] = [Panel(Group(*lines), title=title, title_align="left")]
    if phase == 2:
        hands = _hands_line(obs)
        if any(obs["gnomes"]):
            gnomes = Text(" · ").join(
                fill(_("{seat} {cards}"), seat=seat_name(obs, s), cards=cards(g))
                for s, g in enumerate(obs["gnomes"])
                if g
            )
            hands.append("   ")
            hands.append_text(fill(_("Face-up Gnomes: {cards}"), cards=gnomes))
        parts.extend([hands, _votes(obs)])
    else:
        parts.append(_players(obs))
    if obs["hand"] is not None:
        hand = cards(obs["hand"], empty=_("(empty)"))
        parts.append(fill(_("Your hand: {cards}"), cards=hand))
    return Group(*parts)


def result(result: dict[str, Any], observation: dict[str, Any]) -> RenderableType:
    """The faction votes and the winner (the last line)."""
    obs = observation
    sides = result["sides"]
    table = Table(title=_("The factions vote"))
    table.add_column(_("faction"))
    for side in sides:
        table.add_column(" & ".join(seat_name(obs, s) for s in side), justify="right")
    table.add_column(_("votes for"))
    for vote in result["votes"]:
        code = NAME_TO_CODE[vote["faction"]]
        cells = [
            _("{count} (top {high})", count=held, high=high) if held else "-"
            for held, high in zip(vote["counts"], vote["highest"], strict=True)
        ]
        reason = _reason(vote["reason"])
        if vote["side"] is None:
            to = Text(_("nobody ({reason})", reason=reason), style="dim")
        else:
            seats = Text(" & ".join(seat_name(obs, s) for s in vote["seats"]), style="bold")
            to = fill(_("{seats} ({reason})"), seats=seats, reason=Text(reason, style="dim"))
        table.add_row(_faction(code), *cells, to)
    winners = Text(win_words(obs, result["winners"]), style="bold green")
    headline = fill(
        _("{winners} ({reason})."), winners=winners, reason=_reason(result["decided_by"])
    )
    return Group(table, headline)


def _reason(code: str) -> str:
    """What decided a vote or the game, in the reader's language."""
    return _(REASONS[code]) if code in REASONS else code


def win_words(obs: dict[str, Any], winners: list[int]) -> str:
    """``You win``, ``Seat 1 wins``, ``You and Seat 2 win``: the winners and their verb."""
    if len(winners) == 1:
        if _mine(obs, winners[0]):
            return _("You win")
        return _("{seat} wins", seat=seat_name(obs, winners[0]))
    return _("{seats} win", seats=names_list([seat_name(obs, s) for s in winners]))


def names_list(names: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``, the ``and`` the reader's."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def rules(observation: dict[str, Any]) -> RenderableType:
    """The rules in short, with the powers of the factions in play."""
    obs = observation
    n = obs["players"]
    text = Text()
    text.append(_("Claim in short") + "\n", style="bold")
    if n == 2:
        text.append(
            _(
                "Phase 1: each trick is played for the face-up card(s); the winner takes one into "
                "their follower deck, the others take what is left or draw. Phase 2: the follower "
                "decks are the new hands; the winner of each trick keeps the cards played in their "
                "score pile. Follow the led faction if you can; the highest card of it wins "
                "(ties: the first played). At the end each faction votes for whoever has most of "
                "its cards (a tie: the highest card); three factions win."
            )
        )
    else:
        text.append(
            _(
                "Phase 1: each trick is played for the face-up card(s); the winner takes one into "
                "their follower deck, the others take what is left or draw. Phase 2: the follower "
                "decks are the new hands; the winner of each trick keeps the cards played in their "
                "score pile. Follow the led faction if you can; the highest card of it wins "
                "(ties: the first played). At the end each faction votes for whoever has most of "
                "its cards (a tie: the highest card); most factions wins."
            )
        )
    text.append("\n")
    if n == 4:
        text.append(_("Partners sit opposite: seats 0 and 2 against seats 1 and 3.") + "\n")
    text.append(_("Powers of the factions in play") + "\n", style="bold")
    for name in obs["factions"]:
        code = NAME_TO_CODE[name]
        line = fill(
            _("{faction} ({code}): {power}"),
            faction=_faction(code),
            code=code,
            power=_(POWERS[code]),
        )
        text.append_text(line)
        text.append("\n")
    text.append(_("Full rules: {path}", path="docs/rules/claim.md"), style="dim")
    return text


def action_label(notation: str, observation: dict[str, Any]) -> str:
    """``KN9`` -> ``Knight 9``; ``take deck`` -> ``the card you peeked at``."""
    words = notation.split()
    code = words[-1]
    if code == "deck":
        peek = observation.get("peek")
        if peek:
            return _("the card you peeked at ({card})", card=peek)
        return _("the top card of the pile")
    if words[0] == "take":
        name = FACTIONS.get(code[:2], (code[:2], ""))[0]
        singular = {"Dwarves": "Dwarf", "Undead": "Undead"}.get(name, name.rstrip("s"))
        return _("{faction} {value}", faction=_(singular), value=code[2:])
    return ""

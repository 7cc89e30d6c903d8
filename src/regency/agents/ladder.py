"""The ladder of computer opponents: per game and player count, levels weakest first.

A level is a computer player as people choose one: a name (``"Beginner"`` up to
``"Strongest"``), the agent spec that plays it, and the measured figure that rates it.
The figure is the share of the games the agent won (a shared win counts its share) on
mirrored deals (``benchmarks/strength.py``; each row of :data:`MEASURED` is a run written
down in docs/measurements/history/, whose file and section it names; docs/measurements.md
shows every ladder), against the game's heuristic player in
every other seat, or, for a level that was measured against the one below it, in a
2-player match against that level. At 3 and 4 players the agent takes one seat against
heuristics in all the others (in 4-player Claim, a partnership game, both seats of one
partnership), so the fair share is 1/players (1/2). Each figure becomes an Elo-style
rating (:attr:`Strength.rating`), the heuristic's 1500, a match's counted from its
rival's rating, and the levels climb by it.

The heuristic is the yardstick: its share against itself is the fair share, by symmetry,
so it needs no run. The top level is the default opponent, read from
:data:`regency.agents.defaults.STRONGEST` and never written here, so the ladder and
``regency play`` cannot disagree; a run of the default belongs in :data:`MEASURED`, and
the tests check that every ladder has one and climbs by its ratings.

Levels are named by place, so a name means the same step in every ladder: the top is
``"Strongest"``, the others from the bottom ``"Beginner"``, ``"Casual"``, ``"Strong"``.
The game server hands the ladders out (``GET /api/games``), the lobby draws them, and
``regency play --level NAME`` and ``regency games`` use them. A computer seat is called
by its level (:func:`computer_name`: ``"Strongest computer"``), wherever a person reads
its name; the agent spec stays in the API beside it.

Example:
    >>> [level.agent for level in ladder("kingdoms", 4)]
    ['random', 'heuristic', 'rollout', 'rollout:most=96']
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from regency.agents.base import AgentError
from regency.agents.defaults import default_opponent
from regency.agents.registry import parse_spec
from regency.core.errors import RegencyError, quote
from regency.core.i18n import DEFAULT, N_, PSEUDO, _, language, ngettext
from regency.core.registry import game_info
from regency.core.words import span

__all__ = [
    "COMPUTER",
    "LOWER_NAMES",
    "MEASURED",
    "RATING_BASE",
    "TOP_NAME",
    "YARDSTICK",
    "Level",
    "Strength",
    "computer_name",
    "computer_with_spec",
    "find_level",
    "ladder",
    "ladders_json",
    "level_of",
]

RATING_BASE = 1500
"""The yardstick's rating (:attr:`Strength.rating`)."""

YARDSTICK = "heuristic"
"""The agent the ratings start from (each game's rule-based player, rated 1500)."""

TOP_NAME = N_("Strongest")
"""The top level's name: the default opponent (in English: the API's code for it)."""

LOWER_NAMES = (N_("Beginner"), N_("Casual"), N_("Strong"), N_("Expert"))
"""The other levels' names, from the bottom up (in English: the API's codes; a reader
reads them through ``_``: :attr:`Level.title`)."""

COMPUTER = N_("Computer")
"""The name of a computer seat whose agent is on no ladder (a spec set by hand)."""

_COMPUTER_NAMES = {
    "Strongest": N_("Strongest computer"),
    "Beginner": N_("Beginner computer"),
    "Casual": N_("Casual computer"),
    "Strong": N_("Strong computer"),
    "Expert": N_("Expert computer"),
}
"""What a seat each level plays is called: one message each, for the adjective agrees
with "computer" in other languages (Stärkster Computer, ordinateur le plus fort)."""


@dataclass(frozen=True, slots=True)
class Strength:
    """One measured figure: how often an agent won against the heuristic, or another level.

    Attributes:
        won: The agent's share of the games won (a shared win counts its share): one
            seat against heuristics in every other seat, or one partnership against a
            heuristic partnership when ``team``, or one seat against ``against``.
        games: How many games (0 for the yardstick, whose share is the fair share).
        low: The lower end of the 95% interval (Wilson).
        high: Its upper end.
        fair: The fair share: 1/players, or 1/2 for a partnership.
        source: Where the run is written down (a file of ``docs/measurements/history/``,
            a section).
        team: Whether the agent played both seats of one partnership (4-player Claim).
        against: The agent spec of the rival: the heuristic (:data:`YARDSTICK`), or for a
            2-player match another level of the same ladder.
        base: The rival's rating (:data:`RATING_BASE` for the heuristic).
    """

    won: float
    games: int
    low: float
    high: float
    fair: float
    source: str
    team: bool = False
    against: str = YARDSTICK
    base: int = RATING_BASE

    @property
    def rating(self) -> int:
        """An Elo-style rating from the run, the heuristic (the yardstick) at 1500.

        The odds of the agent's share of wins against the odds of the fair share, on
        Elo's scale, counted from the rival's rating ``b``:
        ``b + 400 * log10((p / (1 - p)) / (f / (1 - f)))``, so that at 2 players a
        rating 400 above another wins about ten games to one against it. ``p`` carries
        one game of the fair share (``(won * games + fair) / (games + 1)``), so a run of
        no wins (or all wins) still has a finite rating, and the yardstick's is 1500
        exactly. A match against a level rates from that level's figure alone, not from
        every run there is (no fit over all of them).
        """
        fair = self.fair
        p = (self.won * self.games + fair) / (self.games + 1)
        odds = (p / (1 - p)) / (fair / (1 - fair))
        return round(self.base + 400 * math.log10(odds))

    def to_json(self) -> dict[str, Any]:
        """The figure as JSON (for the game server), shares rounded to 0.001."""
        return {
            "rating": self.rating,
            "won": round(self.won, 3),
            "games": self.games,
            "low": round(self.low, 3),
            "high": round(self.high, 3),
            "fair": round(self.fair, 3),
            "against": self.against,
            "team": self.team,
            "source": self.source,
        }


@dataclass(frozen=True, slots=True)
class Level:
    """One step of a ladder.

    Attributes:
        name: What people call it (``"Beginner"``).
        agent: The agent spec that plays it (``"random"``).
        strength: Its measured figure (``None`` only for a default opponent with no run
            yet, in a game outside :data:`MEASURED`).
        default: Whether it is the default opponent (the top level).
        about: One sentence as a player would say it, naming its rival by level
            (``"Wins about 2 games in 3 against Strong."``).
        figures: The measurement behind it, in one sentence (``"Rated 2029. Won 66.0%
            of 100 games against Strong (95% interval: 56.3%-74.5%)."``).
    """

    name: str
    agent: str
    strength: Strength | None
    default: bool
    about: str
    figures: str

    @property
    def title(self) -> str:
        """The level's name in the reader's language (``name`` stays the API's code)."""
        return _(self.name)

    @property
    def computer(self) -> str:
        """What a seat it plays is called: ``"Strongest computer"``, in the reader's language."""
        return _computer_title(self.name)

    def to_json(self) -> dict[str, Any]:
        """The level as JSON (for the game server)."""
        return {
            "name": self.name,
            "title": self.title,
            "agent": self.agent,
            "default": self.default,
            "about": self.about,
            "figures": self.figures,
            "strength": self.strength.to_json() if self.strength else None,
        }


_STRENGTH = 'docs/measurements/history/strength.md, "Strength"'
_LADDER = 'docs/measurements/history/strength.md, "The ladder"'
_LEVELS = 'docs/measurements/history/strength.md, "The levels"'
_LEARNED = 'docs/measurements/history/learned-evaluation.md, "The learned evaluation"'
_SOLVED = 'docs/measurements/history/strength.md, "Claim\'s solved worlds"'


def _run(won: float, games: int, low: float, high: float, fair: float, source: str) -> Strength:
    return Strength(won, games, low, high, fair, source, team=False)


def _team(won: float, games: int, low: float, high: float, source: str) -> Strength:
    return Strength(won, games, low, high, 0.5, source, team=True)


def _match(
    spec: str, rival: Strength, won: float, games: int, low: float, high: float, source: str
) -> Strength:
    """A 2-player match against the level ``spec``, whose figure is ``rival``."""
    return Strength(won, games, low, high, 1 / 2, source, against=spec, base=rival.rating)


# The 2-player levels that a default's match was played against: levels of their own too.
_CLAIM_ISMCTS_1000 = _run(0.920, 100, 0.850, 0.959, 1 / 2, _LEVELS)
_CLAIM_ISMCTS = _match("ismcts:1000", _CLAIM_ISMCTS_1000, 0.66, 100, 0.563, 0.745, _LEVELS)
_KINGDOMS_ROLLOUT = _run(0.698, 200, 0.631, 0.757, 1 / 2, _LADDER)
_CLAIM_KINGDOMS_ROLLOUT = _run(0.620, 200, 0.551, 0.684, 1 / 2, _LADDER)


# Left out on purpose: `ismcts` in Kingdoms (1.7% of 60 games: one win, not told apart
# from random's none); `ismcts:1000` in 3- and 4-player Claim, which no run against the
# heuristics tells apart from the default `ismcts` (68.3% against 66.7% of 102 at 3, 80.0%
# of 100 against 76.0% of 100 at 4) and which never played it there (at 2 players the
# default's match against it rates both: "The levels"); `ismcts:iters=7500` in 2-player Claim,
# 53.75% of 400 games against the default (48.9-58.6%), not made the default ("Claim at 2
# players: a longer search"), and a match above the top is no level; `ismcts:time=1`, never
# measured as such (at about a second a move it is `ismcts`); `pimc` in 3- and 4-player
# Claim, a little below the default on the same deals (64.2% of 102, 73.0% of 100) and over
# 2 s at the 95th percentile ("Claim's solved worlds"); screens of fewer than 40 games.
MEASURED: dict[str, dict[int, dict[str, Strength]]] = {
    "claim": {
        2: {
            "random": _run(0.165, 200, 0.120, 0.223, 1 / 2, _LEVELS),
            # Both win about nine games in ten against the heuristic (ismcts 92.0% of
            # 200), which hides the difference; the default's match against a fifth of
            # its budget shows it, and rates it
            "ismcts:1000": _CLAIM_ISMCTS_1000,
            "ismcts": _CLAIM_ISMCTS,
            # Solved worlds in phase two (issue 50): 58.0% of 400 against the default before
            "pimc": _match("ismcts", _CLAIM_ISMCTS, 0.58, 400, 0.531, 0.627, _SOLVED),
        },
        3: {
            "random": _run(0.080, 201, 0.050, 0.125, 1 / 3, _LEVELS),
            "ismcts": _run(0.667, 102, 0.571, 0.751, 1 / 3, _LEARNED),
        },
        4: {
            "random": _team(0.115, 200, 0.078, 0.167, _LEVELS),
            "ismcts": _team(0.760, 100, 0.668, 0.833, _LEARNED),
        },
    },
    "claim-kingdoms": {
        2: {
            "random": _run(0.0, 200, 0.0, 0.019, 1 / 2, _LEVELS),
            "ismcts": _run(0.267, 60, 0.171, 0.390, 1 / 2, _STRENGTH),
            # rollout:value=net (71.0% of 100 against the heuristic) and its most=48
            # (55.75% of 400 against it) are left out: five levels are the most a ladder
            # names, and the default's match was against rollout, on the deals where they
            # won 51.8% and 54.5% of 400
            "rollout": _CLAIM_KINGDOMS_ROLLOUT,
            "rollout:value=net,most=96": _match(
                "rollout", _CLAIM_KINGDOMS_ROLLOUT, 0.61, 400, 0.561, 0.657, _LEARNED
            ),
        },
        3: {
            "random": _run(0.005, 201, 0.001, 0.028, 1 / 3, _LEVELS),
            "rollout": _run(0.456, 102, 0.363, 0.552, 1 / 3, _LADDER),
            "rollout:value=net": _run(0.520, 102, 0.424, 0.614, 1 / 3, _LEARNED),
        },
        4: {
            "random": _run(0.0, 200, 0.0, 0.019, 1 / 4, _LEVELS),
            "rollout": _run(0.340, 100, 0.255, 0.437, 1 / 4, _LADDER),
            # rollout:most=72 won 41.0% of the same 100 deals, more slowly: left out
            "rollout:most=48": _run(0.435, 100, 0.342, 0.533, 1 / 4, _LEARNED),
        },
    },
    "kingdoms": {
        2: {
            "random": _run(0.0, 200, 0.0, 0.019, 1 / 2, _LEVELS),
            "ismcts:500,eval=heuristic,top=5": _run(0.162, 40, 0.079, 0.305, 1 / 2, _LADDER),
            # rollout:value=net,depth=4,iters=32 (60.0% of 100) is left out: five levels
            # are the most a ladder names, and it was the quick one before rollout's
            # decisions got quicker than it
            "rollout": _KINGDOMS_ROLLOUT,
            # 58.0% of 100 against the heuristic, on deals where rollout won 68.0%; but
            # 61.5% of 400 against rollout itself: the match rates it
            "rollout:most=96": _match(
                "rollout", _KINGDOMS_ROLLOUT, 0.615, 400, 0.566, 0.661, _LEARNED
            ),
        },
        3: {
            "random": _run(0.0, 201, 0.0, 0.019, 1 / 3, _LEVELS),
            "rollout": _run(0.431, 102, 0.339, 0.528, 1 / 3, _LADDER),
            "rollout:most=96": _run(0.534, 102, 0.438, 0.628, 1 / 3, _LADDER),
        },
        4: {
            "random": _run(0.0, 200, 0.0, 0.019, 1 / 4, _LEVELS),
            "rollout": _run(0.315, 100, 0.232, 0.411, 1 / 4, _LEARNED),
            "rollout:most=96": _run(0.555, 100, 0.457, 0.649, 1 / 4, _LEARNED),
        },
    },
}
"""Game -> player count -> agent spec -> its measured figure against the heuristic.

Every row is a run written down in docs/measurements/history/ (the file and section each
names), and every ladder is shown in docs/measurements.md ("The ladders"); the
default opponent's run must be here, and the heuristic's is implied (the fair share)."""


def _computer_title(name: str) -> str:
    """What a seat of the level called ``name`` is called, in the reader's language."""
    return _(_COMPUTER_NAMES.get(name, COMPUTER))


def _percent(share: float) -> str:
    """``"66.0%"``, as the reader's language writes a share (``"66,0 %"`` in German)."""
    code = language()
    if code in (DEFAULT, PSEUDO):
        return f"{share:.1%}"
    from babel.numbers import format_percent

    return format_percent(share, "#,##0.0%", locale=code)


def _fair_percent(share: float) -> str:
    """A fair share as a whole percent: ``"33%"``."""
    code = language()
    if code in (DEFAULT, PSEUDO):
        return f"{share:.0%}"
    from babel.numbers import format_percent

    return format_percent(share, "#,##0%", locale=code)


_DENOMINATORS = (2, 3, 4, 5, 6, 8, 10)
"""The "games in N" a share is said in: the ones people count in."""


def _wins(share: float) -> tuple[int, int] | None:
    """How often a share of games is won, as a player says it: ``(2, 3)`` for "about 2 in 3".

    The fraction near the share with a small denominator (each step of the denominator
    costs as much as 0.006 of distance, so 0.66 is "2 in 3" rather than "5 in 8");
    ``(0, 1)`` for "almost never wins" below 1 in 20, ``None`` for "wins almost every
    game" above 19 in 20.
    """
    if share < 0.05:
        return (0, 1)
    if share > 0.95:
        return None
    fractions = [(k, d) for d in _DENOMINATORS for k in range(1, d) if math.gcd(k, d) == 1]
    return min(fractions, key=lambda f: abs(share - f[0] / f[1]) + 0.006 * f[1])


def _rivals(players: int) -> str:
    """How many rivals a seat has, as a word: ``"two"``, ``"three"`` (a number past them)."""
    others = players - 1
    words = {2: N_("two"), 3: N_("three")}
    return _(words[others]) if others in words else str(others)


def _rival_name(strength: Strength, names: dict[str, str]) -> str:
    """The rival of a run as people see it: its level's name, else its spec."""
    name = names.get(strength.against)
    return _(name) if name is not None else strength.against


def _words(spec: str, strength: Strength | None, players: int, names: dict[str, str]) -> str:
    """What a player reads about a level in the lobby: how often it wins, in words.

    ``names`` gives the level names of the ladder's agents, so that the rival is named
    as people see it. Each case is one whole message, for the reader's language.
    """
    if strength is None:
        return _("The default computer player; its strength is not measured yet.")
    if spec == YARDSTICK:
        return _("Plays by simple rules of thumb: the other levels are measured against it.")
    rival = _rival_name(strength, names)
    wins = _wins(strength.won)
    if strength.team:
        if wins is None:
            return _(
                "With a partner of its level, it wins almost every game against a {rival} "
                "partnership.",
                rival=rival,
            )
        if wins[0] == 0:
            return _(
                "With a partner of its level, it almost never wins against a {rival} partnership.",
                rival=rival,
            )
        return ngettext(
            "With a partner of its level, it wins about {count} game in {games} against a "
            "{rival} partnership.",
            "With a partner of its level, it wins about {count} games in {games} against a "
            "{rival} partnership.",
            wins[0],
            games=wins[1],
            rival=rival,
        )
    if players == 2:
        if wins is None:
            return _("Wins almost every game against {rival}.", rival=rival)
        if wins[0] == 0:
            return _("Almost never wins against {rival}.", rival=rival)
        return ngettext(
            "Wins about {count} game in {games} against {rival}.",
            "Wins about {count} games in {games} against {rival}.",
            wins[0],
            games=wins[1],
            rival=rival,
        )
    others = _rivals(players)
    if wins is None:
        return _(
            "Wins almost every game against {others} {rival} players "
            "(a fair share would be 1 in {players}).",
            others=others,
            rival=rival,
            players=players,
        )
    if wins[0] == 0:
        return _(
            "Almost never wins against {others} {rival} players "
            "(a fair share would be 1 in {players}).",
            others=others,
            rival=rival,
            players=players,
        )
    return ngettext(
        "Wins about {count} game in {games} against {others} {rival} players "
        "(a fair share would be 1 in {players}).",
        "Wins about {count} games in {games} against {others} {rival} players "
        "(a fair share would be 1 in {players}).",
        wins[0],
        games=wins[1],
        others=others,
        rival=rival,
        players=players,
    )


def _about(spec: str, strength: Strength | None, players: int, names: dict[str, str]) -> str:
    """The measurement behind a level, in one sentence (the lobby's details).

    ``names`` gives the level names of the ladder's agents, so that the rival is named
    as people see it. Each case is one whole message, for the reader's language.
    """
    if strength is None:
        return _("The default computer player; its strength is not measured yet.")
    if spec == YARDSTICK:
        return _(
            "A rule-based player, rated {rating}: the yardstick from which the other "
            "levels are rated.",
            rating=RATING_BASE,
        )
    figures: dict[str, object] = {
        "rating": strength.rating,
        "rival": _rival_name(strength, names),  # the heuristic's level, mostly
        "low": _percent(strength.low),
        "high": _percent(strength.high),
    }
    if strength.won == 0:
        if strength.team:
            return ngettext(
                "Rated {rating}. Won none of {count} game, with a partner of its level, "
                "against a {rival} partnership (a fair share is 50%; 95% interval: "
                "{low}-{high}).",
                "Rated {rating}. Won none of {count} games, with a partner of its level, "
                "against a {rival} partnership (a fair share is 50%; 95% interval: "
                "{low}-{high}).",
                strength.games,
                **figures,
            )
        if players == 2:
            return ngettext(
                "Rated {rating}. Won none of {count} game against {rival} "
                "(95% interval: {low}-{high}).",
                "Rated {rating}. Won none of {count} games against {rival} "
                "(95% interval: {low}-{high}).",
                strength.games,
                **figures,
            )
        return ngettext(
            "Rated {rating}. Won none of {count} game against {others} {rival} players "
            "(a fair share is {fair}; 95% interval: {low}-{high}).",
            "Rated {rating}. Won none of {count} games against {others} {rival} players "
            "(a fair share is {fair}; 95% interval: {low}-{high}).",
            strength.games,
            others=_rivals(players),
            fair=_fair_percent(strength.fair),
            **figures,
        )
    figures["share"] = _percent(strength.won)
    if strength.team:
        return ngettext(
            "Rated {rating}. Won {share} of {count} game, with a partner of its level, "
            "against a {rival} partnership (a fair share is 50%; 95% interval: {low}-{high}).",
            "Rated {rating}. Won {share} of {count} games, with a partner of its level, "
            "against a {rival} partnership (a fair share is 50%; 95% interval: {low}-{high}).",
            strength.games,
            **figures,
        )
    if players == 2:
        return ngettext(
            "Rated {rating}. Won {share} of {count} game against {rival} "
            "(95% interval: {low}-{high}).",
            "Rated {rating}. Won {share} of {count} games against {rival} "
            "(95% interval: {low}-{high}).",
            strength.games,
            **figures,
        )
    return ngettext(
        "Rated {rating}. Won {share} of {count} game against {others} {rival} players "
        "(a fair share is {fair}; 95% interval: {low}-{high}).",
        "Rated {rating}. Won {share} of {count} games against {others} {rival} players "
        "(a fair share is {fair}; 95% interval: {low}-{high}).",
        strength.games,
        others=_rivals(players),
        fair=_fair_percent(strength.fair),
        **figures,
    )


def ladder(game: str, players: int) -> tuple[Level, ...]:
    """The levels of computer player for ``game`` at ``players`` seats, weakest first.

    The measured agents of :data:`MEASURED` and the heuristic (the yardstick), ordered by
    their ratings, then the default opponent on top (:func:`default_opponent`). A game
    with no run of its default opponent gets that one level alone.

    Raises:
        UnknownGameError: if no game has that name.
        AgentError: if the game is not played by that many players.
    """
    info = game_info(game)
    if players not in info.players:
        raise AgentError(
            _(
                "{game} is played by {players} players, not {number}",
                game=info.title,
                players=span(info.players),
                number=quote(players),
            )
        )
    top = default_opponent(info.name, players)
    measured = dict(MEASURED.get(info.name, {}).get(players, {}))
    top_strength = measured.pop(top, None)
    if top_strength is None:
        unmeasured = _about(top, None, players, {})
        return (Level(TOP_NAME, top, None, True, _words(top, None, players, {}), unmeasured),)
    if info.heuristic is not None and top != YARDSTICK:
        fair = top_strength.fair
        measured[YARDSTICK] = Strength(
            fair, 0, fair, fair, fair, "by symmetry: the heuristic against itself"
        )
    below = sorted(measured.items(), key=lambda item: item[1].rating)
    if len(below) > len(LOWER_NAMES):
        raise AgentError(f"{info.title} at {players} players has more levels than names")
    names = dict(zip((spec for spec, _ in below), LOWER_NAMES, strict=False))
    levels = [
        Level(
            names[spec],
            spec,
            strength,
            False,
            _words(spec, strength, players, names),
            _about(spec, strength, players, names),
        )
        for spec, strength in below
    ]
    words = _words(top, top_strength, players, names)
    figures = _about(top, top_strength, players, names)
    levels.append(Level(TOP_NAME, top, top_strength, True, words, figures))
    return tuple(levels)


def find_level(game: str, players: int, name: str) -> Level:
    """The level of ``game`` at ``players`` seats called ``name`` (in any case).

    Raises:
        UnknownGameError: if no game has that name.
        AgentError: if the ladder has no such level (the message lists the levels), or the
            game is not played by that many players.
    """
    levels = ladder(game, players)
    for level in levels:
        if level.name.casefold() == name.strip().casefold():
            return level
    title = game_info(game).title
    names = ", ".join(level.name for level in levels)
    raise AgentError(
        _(
            "no level {name} in {game} at {players} players; the levels: {levels}",
            name=quote(name),
            game=title,
            players=players,
            levels=names,
        )
    )


def level_of(game: str, players: int, spec: str) -> Level | None:
    """The level of ``game``'s ladder at ``players`` seats that ``spec`` plays, if any.

    Specs are compared as parsed (``ismcts:1000`` is ``ismcts:iters=1000``); a spec that
    does not parse, a game or a player count with no ladder, has none.
    """
    try:
        wanted = parse_spec(spec)
        levels = ladder(game, players)
    except RegencyError:
        return None
    for level in levels:
        parsed = parse_spec(level.agent)
        if (parsed.name, parsed.params) == (wanted.name, wanted.params):
            return level
    return None


@functools.lru_cache(maxsize=512)
def _level_name(game: str, players: int, spec: str) -> str | None:
    """The English name (the code) of the level ``spec`` plays, if any.

    Cached, for a table names its seats with every view it sends; translated at each use.
    """
    level = level_of(game, players, spec)
    return level.name if level is not None else None


def computer_name(game: str, players: int, spec: str) -> str:
    """What people call a computer seat playing ``spec``: its level's name, or "Computer".

    ``"Strongest computer"`` for the ladder's top, ``"Casual computer"`` for the
    heuristic where it is that level; a spec on no ladder (one set by hand) is
    :data:`COMPUTER`. The spec itself is for the API and a details line, not a name.
    In the reader's language; the level is looked up once (cached: a table names its
    seats with every view it sends) and its name translated at each call.
    """
    name = _level_name(game, players, spec)
    return _computer_title(name) if name is not None else _(COMPUTER)


def computer_with_spec(game: str, players: int, spec: str) -> str:
    """A computer seat's name, its spec after it: ``"Strongest computer (ismcts)"``.

    For the terminal's lines that say who sits where (``Seat 1: Strongest computer
    (ismcts)``), in the reader's language; ``"Computer (SPEC)"`` for a spec on no ladder.
    """
    return _("{computer} ({spec})", computer=computer_name(game, players, spec), spec=spec)


def ladders_json(game: str) -> dict[str, list[dict[str, Any]]]:
    """Every player count's ladder of ``game`` as JSON, keyed by the count as text.

    Raises:
        UnknownGameError: if no game has that name.
    """
    info = game_info(game)
    return {str(n): [level.to_json() for level in ladder(info.name, n)] for n in info.players}

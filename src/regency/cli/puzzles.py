"""``regency puzzles``: solve puzzles from real games in the terminal, or mine new ones.

``regency puzzles`` shows a position from the deciding seat's view (the game's own
screen, :mod:`regency.render`), asks for a move, says whether it was the one that keeps
the game with every move's win chance, and moves the solver's Glicko-2 rating
(:mod:`regency.puzzles.rating`), kept in a small file between sessions.
``regency puzzles mine GAME`` mines a set (:mod:`regency.puzzles.mining`).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

import regency
from regency.cli.args import UsageError, add_agents_arguments, agents_from_args, agents_text
from regency.cli.batch import progress_bar
from regency.cli.play.screen import height, listed_moves, refusal, sentence
from regency.core.errors import IllegalActionError
from regency.core.game import Game
from regency.core.i18n import _, ngettext
from regency.core.record import Record
from regency.core.words import span
from regency.puzzles import Puzzle, PuzzleError, PuzzleSet, Rating, RatingError, load_puzzles
from regency.puzzles.mining import mine, record_sources, self_play_sources
from regency.puzzles.story import group_moves
from regency.render import renderer_for
from regency.render.words import fill

__all__ = ["RatingBook", "add_puzzles_arguments", "mining_command", "run_puzzles", "solve_one"]

SEEN_KEPT = 500
"""How many solved puzzle ids per game the rating file keeps (the oldest go first)."""

MAX_GAMES = 100_000
"""The most games one ``mine`` command plays."""


def ratings_path() -> Path:
    """Where the terminal keeps puzzle ratings: ``$REGENCY_PUZZLE_RATINGS``, else XDG state."""
    chosen = os.environ.get("REGENCY_PUZZLE_RATINGS")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_STATE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "state") / "regency" / "puzzles.json"


class RatingBook:
    """A solver's rating per game and the puzzles already seen, kept in a JSON file.

    A file that cannot be read as one is never overwritten: the error says to move it.

    Args:
        path: The file (it need not exist yet).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.ratings: dict[str, Rating] = {}
        self.seen: dict[str, list[str]] = {}
        if path.exists():
            self._read()

    def _read(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not an object")
            for game, entry in data.get("games", {}).items():
                self.ratings[str(game)] = Rating.from_dict(entry["rating"])
                self.seen[str(game)] = [str(i) for i in entry.get("seen", [])][-SEEN_KEPT:]
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RatingError) as exc:
            raise UsageError(
                _(
                    "{path} is not a puzzle rating file; move it away to start afresh ({error})",
                    path=self.path,
                    error=exc,
                )
            ) from None

    def rating(self, game: str) -> Rating:
        """The solver's rating in ``game`` (a new solver's if none yet)."""
        return self.ratings.get(game, Rating())

    def record(self, game: str, puzzle: str, rating: Rating) -> None:
        """Keep the rating after a try at ``puzzle``, and write the file (atomically)."""
        self.ratings[game] = rating
        seen = [i for i in self.seen.get(game, []) if i != puzzle] + [puzzle]
        self.seen[game] = seen[-SEEN_KEPT:]
        data = {
            "games": {
                g: {"rating": r.to_dict(), "seen": self.seen.get(g, [])}
                for g, r in sorted(self.ratings.items())
            }
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        temporary.replace(self.path)


def add_puzzles_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``regency puzzles``' arguments (solving) and its ``mine`` subcommand."""
    games = [info.name for info in regency.available_games()]
    parser.add_argument("--game", choices=games, help="the game (default: asked for)")
    parser.add_argument("--id", dest="puzzle", metavar="ID", help="solve this puzzle only")
    parser.add_argument(
        "--ratings",
        metavar="FILE",
        help="where your ratings are kept (default: $REGENCY_PUZZLE_RATINGS, else "
        "~/.local/state/regency/puzzles.json)",
    )
    sub = parser.add_subparsers(dest="action", metavar="{mine}")
    mining = sub.add_parser(
        "mine",
        help="mine a puzzle set from games",
        description="Play games (or read recorded ones), judge every decision from the "
        "deciding seat's view, and keep the positions where one move clearly keeps the "
        "game (docs/puzzles.md).",
    )
    mining.add_argument("game", choices=games)
    mining.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    mining.add_argument("--players", default="2,3,4", help="player counts in turn (default 2,3,4)")
    add_agents_arguments(
        mining, "the players' agent specs, in turn (default heuristic)", required=False
    )
    mining.add_argument(
        "--records", nargs="*", default=[], metavar="FILE", help="recorded games to mine as well"
    )
    mining.add_argument("--count", type=int, help="stop at this many puzzles")
    mining.add_argument("--seed", type=int, default=0, help="the mining seed (default 0)")
    mining.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    mining.add_argument("--out", metavar="FILE", required=True, help="where to write the set")
    mining.add_argument("--quiet", action="store_true", help="no progress bar")


def run_puzzles(args: argparse.Namespace, console: Console) -> int:
    """Solve puzzles, or mine a set (``mine``)."""
    if args.action == "mine":
        return _run_mine(args, console)
    book = RatingBook(Path(args.ratings) if args.ratings else ratings_path())
    game = args.game or _ask_game(console)
    if game is None:
        return 0
    try:
        puzzles = load_puzzles(game)
    except PuzzleError as exc:
        raise UsageError(str(exc)) from None
    if args.puzzle:
        try:
            chosen = puzzles.get(args.puzzle)
        except PuzzleError as exc:
            raise UsageError(str(exc)) from None
        solve_one(console, chosen, book, _read_line(console))
        return 0
    read = _read_line(console)
    while True:
        puzzle = puzzles.pick(book.rating(game).rating, book.seen.get(game, []))
        if not solve_one(console, puzzle, book, read):
            return 0
        again = read(Text(_("Enter for the next puzzle, q to stop:"), style="dim").markup + " ")
        if again.strip().lower() in ("q", "quit"):
            return 0


def _judged(low: float, high: float, exact: bool) -> str:
    """A group of moves' figure: its win chance (``40-55%``), or what it does (``wins``).

    A proven puzzle's figures are values under best play (1: a win), said in words.
    """
    if exact:
        said = [
            _("wins") if x >= 1.0 else _("loses") if x <= 0.0 else _("shares the win")
            for x in (low, high)
        ]
        return said[1] if said[0] == said[1] else "-".join(said)
    least, most = (format(100 * x, ".0f") for x in (low, high))
    if least == most:
        return _("{percent}%", percent=most)
    return _("{low}-{high}%", low=least, high=most)


def _read_line(console: Console) -> Any:
    def read(prompt: str) -> str:
        try:
            return console.input(prompt)
        except EOFError:
            return "q"

    return read


def _ask_game(console: Console) -> str | None:
    infos = list(regency.available_games())
    for number, info in enumerate(infos, start=1):
        console.print(f" [bold cyan]{number}[/bold cyan] {info.title}")
    while True:
        entry = _read_line(console)(_("Which game's puzzles?") + " ").strip().lower()
        if entry in ("q", "quit", ""):
            return None
        for number, info in enumerate(infos, start=1):
            if entry in (str(number), info.name, info.title.lower()):
                return info.name
        console.print(refusal(_("Choose 1 to {last}, or q to stop.", last=len(infos))))


def solve_one(console: Console, puzzle: Puzzle, book: RatingBook, read: Any) -> bool:
    """Show ``puzzle``, take a move, show the verdict and the new rating.

    Returns:
        ``False`` if the solver quit instead of answering.
    """
    position = puzzle.position()
    view = position.view(puzzle.seat)
    renderer = renderer_for(puzzle.game)
    obs = view.observation
    if console.is_terminal:
        console.clear()
    board = renderer.board(obs)
    players = position.num_players
    header = Text.assemble(
        (_("Puzzle {id}", id=puzzle.id), "bold"),
        " · ",
        _("rated {rating}", rating=puzzle.rating),
        " · ",
        ngettext("{count} player", "{count} players", players),
        " · ",
        (_("your rating {rating}", rating=round(book.rating(puzzle.game).rating)), "dim"),
    )
    task = Text(puzzle.task, style="bold")
    room = console.height - height(console, board) - 5
    moves, numbered = listed_moves(console, renderer, list(view.legal_actions), obs, room)
    for part in (header, board, task, moves):
        console.print(part)
    while True:
        entry = read(_("[bold]Your move[/bold] (number or notation, q to stop):") + " ").strip()
        if entry.lower() in ("q", "quit", "exit"):
            return False
        if entry.isdecimal() and numbered and 1 <= int(entry[:6]) <= len(numbered):
            entry = str(numbered[int(entry) - 1])
        try:
            verdict = puzzle.answer(entry)
            break
        except IllegalActionError as exc:
            console.print(refusal(sentence(str(exc))))
    before = book.rating(puzzle.game)
    after = before.after(puzzle.rating, verdict.correct)
    book.record(puzzle.game, puzzle.id, after)
    _show_verdict(console, puzzle, position, verdict.move, verdict.correct, (before, after))
    return True


def _show_verdict(
    console: Console,
    puzzle: Puzzle,
    position: Game[Any],
    move: str,
    correct: bool,
    ratings: tuple[Rating, Rating],
) -> None:
    before, after = ratings
    # Two sentences, each its own: the verdict, then the puzzle's explanation.
    if correct:
        verdict = Text(_("Correct!"), style="bold green")
    else:
        verdict = Text(_("Not this time."), style="bold red")
    console.print(Text.assemble(verdict, " ", puzzle.explained()))
    table = Table(box=None, pad_edge=False, show_header=False)
    groups = group_moves(position, puzzle.alternatives, puzzle.solutions, (move,))
    shown = groups[:6] + [g for g in groups[6:] if move in g.moves]  # the move tried too
    for group in shown:
        mark = "✓" if group.moves[0] in puzzle.solutions else ("←" if move in group.moves else "")
        table.add_row(mark, group.text, _judged(group.low, group.high, puzzle.exact))
    console.print(table)
    change = round(after.rating) - round(before.rating)
    console.print(
        fill(
            _("Your rating: {before} → {after} ({change})"),
            before=round(before.rating),
            after=Text(str(round(after.rating)), style="bold"),
            change=f"{change:+d}",
        )
    )


def _run_mine(args: argparse.Namespace, console: Console) -> int:
    try:
        players = [int(p) for p in args.players.split(",")]
    except ValueError:
        raise UsageError(
            _("--players wants counts such as 2,3,4, not {players}", players=repr(args.players))
        ) from None
    info = regency.game_info(args.game)
    for count in players:
        if count not in info.players:
            raise UsageError(
                _(
                    "{game} is played by {players} players, not {number}",
                    game=info.title,
                    players=span(info.players),
                    number=count,
                )
            )
    if not 0 <= args.games <= MAX_GAMES:
        raise UsageError(_("--games must be from 0 to {most}", most=MAX_GAMES))
    if args.workers < 1:
        raise UsageError(_("--workers must be at least 1"))
    agents = agents_from_args(args, ("heuristic",), info.name, players)
    sources = self_play_sources(args.game, players, args.games, args.seed, agents)
    records = [_read_record(path) for path in args.records]
    sources += record_sources(args.game, records, start=len(sources))
    command = mining_command(args, agents)

    def run(progress: Any) -> PuzzleSet:
        return mine(
            args.game,
            sources,
            seed=args.seed,
            workers=args.workers,
            limit=args.count,
            progress=progress,
            command=command,
        )

    if args.quiet:
        found = run(None)
    else:
        with progress_bar(_("mining"), len(sources)) as (bar, task):
            found = run(
                lambda done, total, count: bar.update(
                    task,
                    completed=done,
                    description=ngettext(
                        "mining: {count} puzzle", "mining: {count} puzzles", count
                    ),
                )
            )
    try:
        Path(args.out).write_text(found.to_json(), encoding="utf-8")
    except OSError as exc:
        raise UsageError(
            _("cannot write {path}: {reason}", path=args.out, reason=exc.strerror)
        ) from None
    games = ngettext("{count} game", "{count} games", found.mined["games"])
    console.print(
        ngettext(
            "{count} puzzle from {games}, written to {path}.",
            "{count} puzzles from {games}, written to {path}.",
            len(found),
            games=games,
            path=args.out,
        )
    )
    return 0


def mining_command(args: argparse.Namespace, agents: tuple[str, ...]) -> str:
    """The ``mine`` command that gives this set, as the set keeps it.

    Every setting that shapes the puzzles, in one order (the agents as one ``--agents``,
    however they were given); not ``--workers`` nor ``--quiet``, which change nothing in
    the set.
    """
    parts = [
        f"regency puzzles mine {args.game} --games {args.games} --players {args.players}",
        f"--agents {agents_text(agents)} --seed {args.seed}",
    ]
    if args.count is not None:
        parts.append(f"--count {args.count}")
    if args.records:
        parts.append("--records " + " ".join(args.records))
    parts.append(f"--out {args.out}")
    return " ".join(parts)


def _read_record(path: str) -> Record:
    try:
        return Record.from_json(Path(path).read_bytes())
    except OSError as exc:
        raise UsageError(
            _("cannot read {path}: {reason}", path=path, reason=exc.strerror)
        ) from None

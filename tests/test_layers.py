"""The package's layers, read from its imports: no circles, and imports only point down.

Every module under ``src/regency`` is read with :mod:`ast` (nothing is imported), and
each of its imports of a regency module becomes an edge ``module -> module``:

* imports at the top of a module *and* inside functions, classes and ``try`` blocks (a
  function-level import still ties two modules together; it only defers the cost);
* ``from x import y`` resolved to the module ``x.y`` when ``y`` is a module, else to
  ``x``; relative imports resolved against the importing module's package;
* ``importlib.import_module("regency....")`` with a literal name, like an import.

Exempt, and only these: imports under ``if TYPE_CHECKING:``, which never run (they are
there for annotations, and two modules may name each other's types that way). The
implicit import of a package's ``__init__`` when one of its modules is imported is not
an edge either; :func:`test_importing_the_contract_loads_nothing_above_it` checks the
cost it adds instead.

Two rules hold over those edges:

1. **No circles between modules** (module granularity, not package: a circle inside a
   package, ``state.py`` and ``worlds.py`` importing each other, is a circle too).
2. **Imports point down**: a module imports only modules of its own layer or a lower
   one, in the order of :data:`LAYERS`.

Nothing is exempt but ``TYPE_CHECKING`` imports, which never run.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "regency"

LAYERS: list[tuple[str, ...]] = [
    ("regency.core",),
    ("regency.games",),
    ("regency.agents",),
    ("regency.analysis", "regency.accuracy", "regency.puzzles", "regency.ratings", "regency.learn"),
    ("regency",),
    ("regency.sim", "regency.render", "regency.envs", "regency.train"),
    ("regency.tables", "regency.accounts", "regency.pairing"),
    (
        "regency.server.storage",
        "regency.server.errors",
        "regency.server.protocol",
        "regency.server.settings",
    ),
    ("regency.server.live",),
    ("regency.server.pages", "regency.server.operations"),
    ("regency.server",),
    ("regency.cli", "regency.__main__"),
]
"""The layers, lowest first; a module may import its own layer and those below it.

Drawn from the imports (``docs/architecture.md``, "Layers")::

    cli, __main__            front end: the terminal; `regency serve` and `connect`
      |                      start or reach the server, so cli is above it
    server                   front end: the web tables (imports tables, analysis, regency);
      |                      its routes/ and app.py, above its groups:
      |  pages  operations       what the pages show besides a live table; what a host
      |    |                     runs and watches
      |  live                    the tables in play
      |    |
      |  storage  errors  protocol  settings   the database and its migrations; what
      |                      every part of the server shares
    tables  accounts         setting up a table: options and a person or agent per seat;
    pairing                  what an account is (names, passwords, sessions' secrets);
      |                      the pools and who sits with whom
    sim  render  envs        simulation; the text renderers; the RL environments
      |                      (sim reads ``regency.COMPILED``; envs use render for text)
    regency                  the package's __init__ alone: the public API, and where
      |                      the built-in games join the registry
    analysis  accuracy       judging a recorded game's decisions with an agent, and
      puzzles  ratings       how well a seat played; mining, keeping and answering
      learn                  puzzles; the one rating library (Glicko-2, Weng-Lin, the
      |                      computer levels' ratings); the lessons and the coach
    agents                   computer players, from a seat's view only
      |
    games                    the three games, each registered on import
      |
    core                     the contract, the registry, records, views: names no game

An entry is a package (with every module under it) or, for ``"regency"``, only the
package's own ``__init__``; a module belongs to the longest entry it falls under, so
``regency.server`` holds what its finer entries do not (``app.py``, ``routes/``). Every
module must fall in one layer.
"""


@dataclass(frozen=True)
class Import:
    """One import of a regency module by another."""

    source: str
    target: str
    path: Path
    line: int

    def where(self) -> str:
        """``src/regency/x.py:12``."""
        return f"{self.path.relative_to(SRC.parent)}:{self.line}"


def _modules() -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


MODULES = _modules()


def _known(name: str) -> str:
    """The longest prefix of ``name`` that is a module (``x.y.z`` -> ``x.y``)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    """Every node under ``node``, skipping the bodies of ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield other
                yield from _walk(other)
            continue
        yield child
        yield from _walk(child)


def _targets(node: ast.AST, package: str) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base_parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join([*base_parts, *([node.module] if node.module else [])])
        else:
            base = node.module or ""
        for alias in node.names:
            full = f"{base}.{alias.name}"
            yield full if full in MODULES else base
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, (ast.Name, ast.Attribute))
        and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) == "import_module"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        yield node.args[0].value


def _imports() -> list[Import]:
    found: list[Import] = []
    for module, path in MODULES.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _walk(tree):
            for target in _targets(node, package):
                if target == "regency" or target.startswith("regency."):
                    resolved = _known(target)
                    if resolved != module:
                        found.append(Import(module, resolved, path, getattr(node, "lineno", 0)))
    return found


IMPORTS = _imports()


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of the layer ``module`` belongs to."""
    best, best_length = -1, -1
    for index, entries in enumerate(LAYERS):
        for entry in entries:
            inside = module == entry or (entry != "regency" and module.startswith(entry + "."))
            if inside and len(entry) > best_length:
                best, best_length = index, len(entry)
    if best < 0:
        raise LookupError(f"{module} is in no layer: add it to LAYERS in tests/test_layers.py")
    return best


def _layer_name(index: int) -> str:
    return "/".join(e.removeprefix("regency.") for e in LAYERS[index])


def test_every_module_is_in_a_layer() -> None:
    missing = []
    for module in MODULES:
        try:
            layer_of(module)
        except LookupError as exc:
            missing.append(str(exc))
    assert not missing, "\n".join(missing)


def test_imports_point_down_the_layers() -> None:
    wrong = []
    for edge in IMPORTS:
        low, high = layer_of(edge.target), layer_of(edge.source)
        if low > high:
            wrong.append(
                f"{edge.where()}: {edge.source} -> {edge.target} "
                f"(layer {high} {_layer_name(high)} imports layer {low} {_layer_name(low)})"
            )
    assert not wrong, "imports that point up the layers:\n" + "\n".join(wrong)


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(MODULES):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_one_that_imports_it_back() -> None:
    edges: dict[str, set[str]] = defaultdict(set)
    for edge in IMPORTS:
        edges[edge.source].add(edge.target)
    messages = []
    for circle in _circles(edges):
        members = set(circle)
        inside = [e for e in IMPORTS if e.source in members and e.target in members]
        lines = dict.fromkeys(  # one line per import statement, in file order
            f"  {e.where()}: {e.source} -> {e.target}" for e in inside
        )
        heading = f"a circle of {len(circle)} modules, {', '.join(circle)}:"
        messages.append("\n".join([heading, *lines]))
    assert not messages, "import circles:\n" + "\n".join(messages)


def test_only_the_games_and_their_registration_import_a_game() -> None:
    # Everything above the games reaches them by name, through the registry: agents,
    # analysis, the renderers, the environments, the server and the terminal import no
    # particular game. The package's top level imports regency.games to register them.
    wrong = [
        f"{e.where()}: {e.source} -> {e.target}"
        for e in IMPORTS
        if e.target.startswith("regency.games")
        and not e.source.startswith("regency.games")
        and e.source != "regency"
    ]
    assert not wrong, "a game imported from outside the games:\n" + "\n".join(wrong)


def test_the_reader_finds_imports_of_every_kind() -> None:
    # A function-level import, a relative import and a TYPE_CHECKING one, in modules
    # whose imports are known: the reader sees the first two and exempts the third.
    edges = {(e.source, e.target) for e in IMPORTS}
    assert ("regency", "regency.analysis") in edges  # inside __getattr__
    assert ("regency", "regency.games") in edges  # inside the games' source
    assert ("regency.core.view", "regency.core.game") not in edges  # TYPE_CHECKING only
    assert ("regency.core.view", "regency.core.registry") in edges


def test_importing_the_contract_loads_nothing_above_it() -> None:
    # Importing any module runs the package's __init__ first; it keeps the heavy names
    # (analysis, and through it the agents) for first use, so the contract costs only
    # core, and no game is imported until one is looked up.
    probe = (
        "import sys, regency.core.game\n"
        "print(' '.join(m for m in sys.modules if m.split('.')[0] in ('regency', 'numpy')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = done.stdout.split()
    heavy = [
        m
        for m in loaded
        if m == "numpy"
        or m.startswith(("regency.agents", "regency.analysis", "regency.games", "numpy."))
    ]
    assert not heavy, f"importing regency.core.game loaded {heavy}"
    assert {layer_of(m) for m in loaded} <= {layer_of("regency.core"), layer_of("regency")}

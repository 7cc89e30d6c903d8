"""Compiling the engine with mypyc: which modules, the fall-back, and one fix to mypyc.

``REGENCY_COMPILE=1 pip install .`` compiles the engine (``core``'s game contract and
seeded draws, every module of ``games/``, and the search's tree loop and nodes) to C extension
modules with mypyc. The code is the same mypy-strict Python either way; compiled, the
rules run 2-3 times as fast (docs/measurements.md). Nothing else changes: the other
modules stay Python, and ``regency.COMPILED`` says which build is running.

The build falls back to pure Python, with a warning, when mypyc or a C compiler is
missing or the compiler fails: a compiled install is an optimisation, never a
requirement. Editable installs are always pure Python (backend.py says why).
"""

from __future__ import annotations

import os
import re
import sys
import warnings
from pathlib import Path

from setuptools import Extension
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
TARGET = "build"
"""Where mypyc writes the C code it generates (relative to the project)."""

NOT_COMPILED = {
    # An int subclass: mypyc cannot compile subclasses of int, and its methods are
    # only used for notation, off the hot path.
    "regency/games/claim/actions.py",
    # The RL observation encoders: each subclasses the pure-Python Encoder base of
    # core/encoding.py (mypyc compiles only classes whose bases it compiles) and works
    # in numpy arrays; they are the slow path beside each game's compiled tensor.py.
    "regency/games/claim/encoder.py",
    "regency/games/claim_kingdoms/encoder.py",
    "regency/games/kingdoms/encoder.py",
}


def engine_modules() -> list[str]:
    """The source files compiled, relative to the project: the game contract and games."""
    # Not core/record.py: compiled, a Record built by hand with fields of the wrong type
    # would be refused by its constructor (a TypeError) where the Python build lets
    # replay() explain the refusal; both builds must answer bad input alike, and
    # records are not on a hot path.
    # core/notation.py: the contract's move parsing calls it for every move read.
    core = [f"src/regency/core/{name}.py" for name in ("game", "notation", "rng")]
    games = sorted(p.relative_to(ROOT).as_posix() for p in (SRC / "regency/games").rglob("*.py"))
    # The search's tree loop: a third of an iteration once the games are compiled; the
    # tree's nodes with it, as the loop reads and writes their fields at every step.
    search = ["src/regency/agents/ismcts.py", "src/regency/agents/tree.py"]
    return [m for m in core + games + search if m.removeprefix("src/") not in NOT_COMPILED]


def _warn(message: str) -> None:
    warnings.warn(f"regency: {message}; installing the pure-Python engine", stacklevel=2)
    print(f"regency: {message}; installing the pure-Python engine", file=sys.stderr)


def ext_modules() -> list[Extension]:
    """The extensions to build: none unless ``REGENCY_COMPILE=1`` (and not editable)."""
    if os.environ.get("REGENCY_COMPILE", "") != "1":
        return []
    if os.environ.get("REGENCY_EDITABLE") == "1":
        _warn("an editable install is never compiled (compiled modules would shadow edits)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("REGENCY_COMPILE=1 but mypyc is not installed")
        return []
    modules = list(mypycify(engine_modules(), opt_level="3", debug_level="1", target_dir=TARGET))
    fix_generated_code(ROOT / TARGET)
    return modules


class OptionalBuildExt(build_ext):  # type: ignore[misc]  # setuptools is untyped here
    """``build_ext`` that leaves a pure-Python package when compiling fails.

    mypyc puts every module's code in one shared library with a small stub module per
    source file, so a half-built set would not import: on any failure none is kept.
    """

    extensions: list[Extension]

    def run(self) -> None:
        """Build the extensions, or none of them if any fails."""
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as error:  # any compiler or linker failure: fall back
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []
            _warn(f"compiling the engine failed ({error})")


_WEAKREF_MEMBER = re.compile(
    r"PyMemberDef (\w+)_members\[\] = \{\s*"
    r'\{"__dict__", T_OBJECT_EX, [^}]*\},\s*'
    r'\{"__weakref__", T_OBJECT_EX, ([^,]+), 0, NULL\}'
)


def clear_weakrefs_on_dealloc(code: str) -> tuple[str, int]:
    """Make mypyc's generated deallocators clear weak references (returns the count fixed).

    On Python 3.11, mypyc gives a native class a ``__weakref__`` slot when it has a
    Python base (``Game`` is ``Generic``; closures and exceptions get one too), but the
    deallocator it generates never calls ``PyObject_ClearWeakRefs``: it drops the slot's
    reference like any attribute's. A weak reference held elsewhere (hypothesis keeps
    them; so would any cache keyed by games) is then freed while still in use, and the
    interpreter crashes in the garbage collector later (mypyc/mypyc#1102; this
    project's fuzz tests found it). mypyc itself is compiled, so its code generator
    cannot be patched; the generated C is, here: each such deallocator clears the weak
    references right after the object leaves the collector's lists, as CPython's own
    ``subtype_dealloc`` does. ``tests/core/test_compiled.py`` checks the result.
    """
    fixed = 0
    for match in _WEAKREF_MEMBER.finditer(code):
        prefix, offset = match.group(1), match.group(2).strip()
        head = re.search(rf"\n\s*{re.escape(prefix)}_dealloc\(\w+ \*self\)\s*\{{", code)
        if head is None and _is_trait(code, prefix):
            continue  # a trait (a Protocol): never instantiated, so it has nothing to clear
        if head is None:
            raise RuntimeError(f"no deallocator found for {prefix}")
        untrack = code.find("PyObject_GC_UnTrack(self);", head.end())
        body_end = code.find("\n}", head.end())
        if untrack < 0 or untrack > body_end:
            raise RuntimeError(f"the deallocator of {prefix} does not untrack its object")
        at = untrack + len("PyObject_GC_UnTrack(self);")
        # Indented as the line it follows: mypyc may indent a whole deallocator, and a
        # guarded statement out of line with the next one is an error under its -Werror
        # (gcc's misleading-indentation).
        line = code[code.rfind("\n", 0, untrack) + 1 : untrack]
        indent = line if not line.strip() else ""
        weaklist = f"*((PyObject **)((char *)self + {offset}))"
        clear = f"\n{indent}if ({weaklist} != NULL) PyObject_ClearWeakRefs((PyObject *)self);"
        code = code[:at] + clear + code[at:]
        fixed += 1
    return code, fixed


def _is_trait(code: str, prefix: str) -> bool:
    """Whether mypyc's class ``prefix`` is a trait (a ``Protocol`` compiled with its module).

    A trait gets the same ``__weakref__`` member as a class but no deallocator: it is
    never instantiated (its ``tp_new`` refuses), so no object of it can be freed.
    """
    new = re.search(rf"\n\s*{re.escape(prefix)}_new\(PyTypeObject \*type[^)]*\)\s*\{{", code)
    if new is None:
        return False
    body = code[new.end() : code.find("\n}", new.end())]
    return "traits may not be directly created" in body


def fix_generated_code(target: Path) -> None:
    """Apply :func:`clear_weakrefs_on_dealloc` to the C files mypyc wrote in ``target``."""
    total = 0
    for path in sorted(target.rglob("*.c")):
        code, fixed = clear_weakrefs_on_dealloc(path.read_text())
        if fixed:
            path.write_text(code)
            total += fixed
    if total == 0:
        raise RuntimeError("found no class with a __weakref__ slot in mypyc's output")

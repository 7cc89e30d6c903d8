"""The compiled engine (``REGENCY_COMPILE=1``): what the build does, and that it is safe.

The whole suite runs against both builds (CI's slow step installs the compiled one and
runs the engine's tests again), so these tests only check what is particular to it: the
build's own code, that a compiled install really is compiled, and weak references, which
mypyc's generated code mishandles unless ``build_support.compile`` fixes it.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import regency
from build_support.compile import NOT_COMPILED, clear_weakrefs_on_dealloc, engine_modules

ROOT = Path(__file__).resolve().parents[2]


def _module_name(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".").removesuffix(".__init__")


def test_the_engine_is_the_contract_and_every_game_module() -> None:
    modules = engine_modules()
    assert "src/regency/core/game.py" in modules
    for game in ("claim", "claim_kingdoms", "kingdoms"):
        assert f"src/regency/games/{game}/state.py" in modules
        assert f"src/regency/games/{game}/rules.py" in modules
    assert not any(m.removeprefix("src/") in NOT_COMPILED for m in modules)
    assert all((ROOT / m).is_file() for m in modules)


@pytest.mark.skipif(
    os.environ.get("REGENCY_EXPECT_COMPILED") != "1",
    reason="checks an install built with REGENCY_COMPILE=1 (CI's slow step makes one)",
)
def test_a_compiled_install_compiles_every_engine_module() -> None:
    assert regency.COMPILED
    for path in engine_modules():
        module = importlib.import_module(_module_name(path))
        assert not str(module.__file__).endswith(".py"), f"{module.__name__} is not compiled"


_DEALLOC = """
PyMemberDef m___C_members[] = {
    {"__dict__", T_OBJECT_EX, sizeof(CObject), 0, NULL},
    {"__weakref__", T_OBJECT_EX, sizeof(CObject) + sizeof(PyObject *), 0, NULL},
    {0}
};
static void
m___C_dealloc(CObject *self)
{
    PyObject_GC_UnTrack(self);
    m___C_clear((PyObject *)self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}
"""


def test_the_fix_clears_weak_references_before_the_slots() -> None:
    code, fixed = clear_weakrefs_on_dealloc(_DEALLOC)
    assert fixed == 1
    body = code[code.index("m___C_dealloc(") :]
    clear = body.index("PyObject_ClearWeakRefs((PyObject *)self);")
    assert body.index("PyObject_GC_UnTrack(self);") < clear < body.index("m___C_clear(")
    assert "sizeof(CObject) + sizeof(PyObject *))) != NULL" in body


_TRAIT = """
PyMemberDef m___P_members[] = {
    {"__dict__", T_OBJECT_EX, sizeof(PyObject), 0, NULL},
    {"__weakref__", T_OBJECT_EX, sizeof(PyObject) + sizeof(PyObject *), 0, NULL},
    {0}
};
static PyObject *
m___P_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    if (type != CPyType_m___P) {
        PyErr_SetString(PyExc_TypeError, "interpreted classes cannot inherit from compiled traits");
    } else {
        PyErr_SetString(PyExc_TypeError, "traits may not be directly created");
    }
    return NULL;
}
"""


def test_the_fix_passes_over_traits_which_have_no_objects_to_free() -> None:
    # A Protocol in a compiled module (core/game.py's GameViews) is a mypyc trait: the
    # same __weakref__ member, no deallocator, and a tp_new that refuses to make one.
    assert clear_weakrefs_on_dealloc(_TRAIT) == (_TRAIT, 0)
    code, fixed = clear_weakrefs_on_dealloc(_TRAIT + _DEALLOC)
    assert fixed == 1 and "PyObject_ClearWeakRefs" in code
    with pytest.raises(RuntimeError, match="no deallocator found for m___P"):
        clear_weakrefs_on_dealloc(_TRAIT.replace("traits may not be directly created", "no"))


def test_the_fix_refuses_output_it_does_not_recognise() -> None:
    with pytest.raises(RuntimeError, match="untrack"):
        clear_weakrefs_on_dealloc(_DEALLOC.replace("PyObject_GC_UnTrack(self);", ""))
    with pytest.raises(RuntimeError, match="no deallocator"):
        clear_weakrefs_on_dealloc(_DEALLOC.replace("m___C_dealloc(", "m___D_dealloc("))
    assert clear_weakrefs_on_dealloc("int x;") == ("int x;", 0)


_WEAKREFS = """
import gc, weakref
import regency
from regency.core.errors import IllegalActionError

alive, fired, refs = weakref.WeakSet(), [], []


def track(*things):
    for thing in things:
        try:
            refs.append(weakref.ref(thing, lambda ref: fired.append(1)))
            alive.add(thing)
        except TypeError:  # this object takes no weak references: nothing to check
            pass


for i in range(600):
    name = ("claim", "claim-kingdoms", "kingdoms")[i % 3]
    game = regency.new_game(name, seed=i)
    clone, sampler = game.clone(), game.world_sampler(game.observation(0))
    try:
        game.play("no such move")
    except IllegalActionError as refusal:
        error = refusal
    track(game, clone, sampler, error)
    del game, clone, sampler, error
gc.collect()
print(len(refs), len(alive), len(fired), sum(r() is not None for r in refs))
"""


def test_weak_references_die_with_their_objects() -> None:
    # In a subprocess: with mypyc's own deallocators this crashes the interpreter.
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_WEAKREFS)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"crashed ({done.returncode}): {done.stderr[-2000:]}"
    refs, alive, fired, live = (int(n) for n in done.stdout.split())
    assert refs >= 1200, "the errors and samplers at least take weak references"
    assert alive == 0 and live == 0, "a weak reference outlived its object"
    assert fired == refs, "a weak reference's callback never ran"

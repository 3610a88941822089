"""Which build of the searches runs: compiled (Cython) or plain Python.

There are two searches, each one source: the trick search, ``atout/solver/tricks.py`` (typed by ``tricks.pxd``),
and Sixty-Six's whole-hand search, ``atout/sixty_six/open_alphabeta.py`` (typed by ``open_alphabeta.pxd``).
``setup.py`` compiles them where it can; each compiled module carries the digest of the source it was built from,
and is used only while that source is unchanged (an edited search is never shadowed by an old build: it runs as
plain Python until ``make install`` rebuilds it). ``ATOUT_SOLVER_BUILD=pure`` in the environment asks for plain
Python; ``use`` switches in-process, both searches at once (the tests run every solver test with each build there
is).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from types import ModuleType

from atout.solver.digest import PACKAGE, SEARCHES, TRICKS, source_digest


def _pure_module(name: str) -> ModuleType:
    """The search loaded from its Python source, whatever else is importable under its name."""
    pure_name = name + "_source"
    module = sys.modules.get(pure_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(pure_name, PACKAGE / (SEARCHES[name] + ".py"))
        assert spec is not None and spec.loader is not None, "a .py file always has a spec and a loader"
        module = importlib.util.module_from_spec(spec)
        sys.modules[pure_name] = module
        spec.loader.exec_module(module)
    return module


def _find(name: str = TRICKS) -> tuple[dict[str, ModuleType], str]:
    """The builds of search ``name`` there are here, and why there is no compiled one (or "")."""
    imported = importlib.import_module(name)
    found: dict[str, ModuleType] = {}
    why = ""
    if imported.BUILT_FROM is None:
        why = "no compiled build: a plain-Python wheel, or no C compiler or Cython where it was built"
        found["pure"] = imported
    else:
        if imported.BUILT_FROM == source_digest(name):
            found["compiled"] = imported
        else:
            why = "the compiled build is older than the source: make install rebuilds it"
        found["pure"] = _pure_module(name)
    return found, why


AVAILABLE, WHY_PURE = _find(TRICKS)          # the trick search's (what "the solver's build" has always meant)
_OTHERS: dict[str, tuple[dict[str, ModuleType], str]] = {}     # the other searches', found when first asked for
_wanted = os.environ.get("ATOUT_SOLVER_BUILD", "")
current = "compiled" if "compiled" in AVAILABLE and _wanted != "pure" else "pure"


def _builds(name: str) -> tuple[dict[str, ModuleType], str]:
    if name == TRICKS:
        return AVAILABLE, WHY_PURE
    if name not in _OTHERS:
        _OTHERS[name] = _find(name)
    return _OTHERS[name]


def use(build: str) -> None:
    """Run the searches from now on with ``build`` ("compiled" or "pure")."""
    global current
    if build not in AVAILABLE:
        raise ValueError(f"no {build} build of the solver here: {sorted(AVAILABLE)} ({WHY_PURE})")
    current = build


def module(name: str = TRICKS) -> ModuleType:
    """The search ``name`` (a module of ``digest.SEARCHES``) in the build that runs: the compiled one where asked
    for and found, else plain Python."""
    found, _why = _builds(name)
    return found[current] if current in found else found["pure"]


def describe(name: str = TRICKS) -> str:
    """Which build of search ``name`` runs, in words (for the benchmarks and the logs)."""
    found, why = _builds(name)
    if current == "compiled" and "compiled" in found:
        return "compiled (Cython)"
    if "compiled" in found:
        return "plain Python (asked for)"
    return f"plain Python ({why})"

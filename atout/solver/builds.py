"""Which build of the trick search runs: compiled (Cython, from ``tricks.py`` and ``tricks.pxd``) or plain Python.

There is one search, ``atout/solver/tricks.py``. ``setup.py`` compiles it where it can; the compiled module
carries the digest of the source it was built from, and is used only while that source is unchanged (an
edited search is never shadowed by an old build: it runs as plain Python until ``make install`` rebuilds
it). ``ATOUT_SOLVER_BUILD=pure`` in the environment asks for plain Python; ``use`` switches in-process
(the tests run every solver test with each build there is).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from atout.solver.digest import source_digest

HERE = Path(__file__).parent


def _pure_module() -> ModuleType:
    """The search loaded from its Python source, whatever else is importable under its name."""
    name = "atout.solver._tricks_source"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, HERE / "tricks.py")
        assert spec is not None and spec.loader is not None, "a .py file always has a spec and a loader"
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module


def _find() -> tuple[dict[str, ModuleType], str]:
    from atout.solver import tricks

    found: dict[str, ModuleType] = {}
    why = ""
    if tricks.BUILT_FROM is None:
        why = "no compiled build: a plain-Python wheel, or no C compiler or Cython where it was built"
        found["pure"] = tricks
    else:
        if tricks.BUILT_FROM == source_digest():
            found["compiled"] = tricks
        else:
            why = "the compiled build is older than the source: make install rebuilds it"
        found["pure"] = _pure_module()
    return found, why


AVAILABLE, WHY_PURE = _find()
_wanted = os.environ.get("ATOUT_SOLVER_BUILD", "")
current = "compiled" if "compiled" in AVAILABLE and _wanted != "pure" else "pure"


def use(build: str) -> None:
    """Run the search from now on with ``build`` ("compiled" or "pure")."""
    global current
    if build not in AVAILABLE:
        raise ValueError(f"no {build} build of the solver here: {sorted(AVAILABLE)} ({WHY_PURE})")
    current = build


def module() -> ModuleType:
    return AVAILABLE[current]


def describe() -> str:
    """Which build runs, in words (for the benchmark and the logs)."""
    if current == "compiled":
        return "compiled (Cython)"
    if "compiled" in AVAILABLE:
        return "plain Python (asked for)"
    return f"plain Python ({WHY_PURE})"

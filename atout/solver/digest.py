"""The digests of the compiled searches' sources, shared by ``setup.py`` (which stamps each into its compiled
build) and ``atout.solver.builds`` (which uses a compiled build only while it matches). Standard library only: the
build loads this file by path, before Atout is installed."""

import hashlib
from pathlib import Path

PACKAGE = Path(__file__).parents[1]        # the atout folder


def compiled_searches(package: Path = PACKAGE) -> dict[str, str]:
    """Each search compiled with Cython, found as a source with its C types beside it (``X.py`` and ``X.pxd``, the
    two files the digest covers): its module and its path without suffix. Found, not listed, so that a family's
    search in its own folder (Sixty-Six's whole-hand search) is named nowhere else."""
    found = {}
    for types in sorted(package.rglob("*.pxd")):
        if types.with_suffix(".py").exists():
            stem = types.relative_to(package).with_suffix("").as_posix()
            found["atout." + stem.replace("/", ".")] = stem
    return found


SEARCHES = compiled_searches()
TRICKS = "atout.solver.tricks"


def source_digest(module: str = TRICKS, package: Path = PACKAGE) -> str:
    h = hashlib.sha256()
    stem = SEARCHES[module]
    for suffix in (".py", ".pxd"):
        h.update((package / (stem + suffix)).read_bytes())
    return h.hexdigest()

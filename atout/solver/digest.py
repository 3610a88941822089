"""The digests of the compiled searches' sources, shared by ``setup.py`` (which stamps each into its compiled
build) and ``atout.solver.builds`` (which uses a compiled build only while it matches). Standard library only: the
build loads this file by path, before Atout is installed."""

import hashlib
from pathlib import Path

PACKAGE = Path(__file__).parents[1]        # the atout folder
# Each search compiled with Cython: its module, and its source and C types (the two files the digest covers).
SEARCHES = {"atout.solver.tricks": "solver/tricks", "atout.sixty_six.open_alphabeta": "sixty_six/open_alphabeta"}
TRICKS = "atout.solver.tricks"


def source_digest(module: str = TRICKS, package: Path = PACKAGE) -> str:
    h = hashlib.sha256()
    stem = SEARCHES[module]
    for suffix in (".py", ".pxd"):
        h.update((package / (stem + suffix)).read_bytes())
    return h.hexdigest()

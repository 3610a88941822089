"""The digest of the search's source, shared by ``setup.py`` (which stamps it into the compiled build) and
``atout.solver.builds`` (which uses a compiled build only while it matches). Standard library only: the
build loads this file by path, before Atout is installed."""

import hashlib
from pathlib import Path

SOURCES = ("tricks.py", "tricks.pxd")


def source_digest(folder: Path = Path(__file__).parent) -> str:
    h = hashlib.sha256()
    for name in SOURCES:
        h.update((folder / name).read_bytes())
    return h.hexdigest()

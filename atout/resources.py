"""Where Atout's run-time data is: the lessons, the site's pages and its Voilà configuration ship inside the
package (``atout/data/``) and are found through ``importlib.resources``, so an installed wheel finds them as a
checkout does.

The site serves them from the file system (Voilà reads folders), so the package must be installed unpacked, as pip
and pipx install every wheel; a zipped import of Atout is refused with that said.

A teacher's own lessons are served beside ours: ``atout serve --lessons DIR`` puts ``DIR`` in ``ATOUT_LESSONS``
(folders separated by ``os.pathsep``), which the server's kernels inherit.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

LESSONS_ENV = "ATOUT_LESSONS"


def data_folder(*parts: str) -> Path:
    """A folder or file of ``atout/data`` as a path of the file system."""
    resource = files("atout").joinpath("data", *parts)
    if not isinstance(resource, Path):
        raise RuntimeError(f"Atout's data ({'/'.join(parts)}) is inside an archive ({resource}): install Atout "
                           "unpacked (pip install atout), as the site serves its pages from folders")
    return resource


LESSONS = data_folder("lessons")
NOTEBOOKS = data_folder("notebooks")
VOILA_CONFIG = data_folder("voila.json")


def extra_lesson_folders() -> list[Path]:
    """The teacher's lesson folders served beside ours (``ATOUT_LESSONS``), in the order given."""
    value = os.environ.get(LESSONS_ENV, "")
    return [Path(part) for part in value.split(os.pathsep) if part.strip()]

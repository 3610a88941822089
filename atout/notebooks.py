"""Writes the site's pages: each notebook is the page style and one call to ``atout.widgets.page``.

The pages are few and alike, so they are made from one table here rather than by hand: ``make pages``
(``python -m atout.notebooks``) rewrites ``atout/data/notebooks/`` (they ship in the package), and a test checks the
committed ones are in step. There is
one course page for every lesson (``course.ipynb?lesson=45-trumps``), not a page per lesson; in JupyterLab a lesson
opens with ``atout.lesson("45-trumps")``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

from atout.resources import NOTEBOOKS

KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}
# notebook -> the function of atout.widgets.page that makes it
PAGES = {"index.ipynb": "home_page", "course.ipynb": "course_page", "play.ipynb": "play_page",
         "whatif.ipynb": "whatif_page", "puzzles.ipynb": "puzzles_page", "classroom.ipynb": "classroom_page",
         "handout.ipynb": "handout_page"}


def notebook(cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
                for kind, src in cells]
    for cell in nb.cells:
        cell.pop("id", None)
    nb.metadata["kernelspec"] = KERNEL
    nb.nbformat_minor = 4
    return nb


def page_notebook(function: str) -> nbformat.NotebookNode:
    return notebook([("code", f"from atout.widgets.page import {function}, page_style\n\n"
                              f"display(page_style())\n{function}()")])


def expected() -> dict[Path, str]:
    """Every page's path and text."""
    return {NOTEBOOKS / name: nbformat.writes(page_notebook(function)) + "\n" for name, function in PAGES.items()}


def write() -> list[Path]:
    NOTEBOOKS.mkdir(parents=True, exist_ok=True)
    wanted = expected()
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
    return sorted(wanted)


if __name__ == "__main__":
    paths = write()
    print(f"wrote {len(paths)} pages", file=sys.stderr)

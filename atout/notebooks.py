"""Writes the site's notebooks: one page per lesson, generated from the lesson files.

``python -m atout.notebooks`` rewrites ``notebooks/lessons/``; a test checks they are in step.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

from atout.lessons import load_lessons

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}


def notebook(cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
                for kind, src in cells]
    for cell in nb.cells:
        cell.pop("id", None)
    nb.metadata["kernelspec"] = KERNEL
    nb.nbformat_minor = 4
    return nb


def lesson_notebook(lesson_id: str, title: str) -> nbformat.NotebookNode:
    return notebook([
        ("md", f"# {title}\n\n[All lessons](../course.ipynb) · [Home](../index.ipynb)"),
        ("code", f"from atout.widgets.page import lesson_page, page_style\n\ndisplay(page_style())\n"
                 f"lesson_page({lesson_id!r})"),
    ])


def expected() -> dict[Path, str]:
    """Every generated notebook's path and text."""
    out = {}
    for lesson in load_lessons():
        path = NOTEBOOKS / "lessons" / f"{lesson.id}.ipynb"
        out[path] = nbformat.writes(lesson_notebook(lesson.id, lesson.title["en"])) + "\n"
    return out


def write() -> list[Path]:
    folder = NOTEBOOKS / "lessons"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = expected()
    for stale in set(folder.glob("*.ipynb")) - set(wanted):
        stale.unlink()
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
    return sorted(wanted)


if __name__ == "__main__":
    paths = write()
    print(f"wrote {len(paths)} lesson notebooks", file=sys.stderr)

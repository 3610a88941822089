"""What every page of the site starts with: the page style. Each page is a few cells calling these."""

from __future__ import annotations

from pathlib import Path

from IPython.display import HTML

STYLE = Path(__file__).parent / "site.css"


def page_style() -> HTML:
    """The site's stylesheet, inlined (the site works offline)."""
    return HTML(f"<style>{STYLE.read_text(encoding='utf-8')}</style>")


def course(start: str | None = None):
    """The course page."""
    from atout.widgets.course import Course

    return Course(start=start)


def lesson_page(lesson_id: str):
    """One lesson on its own page (for a direct link and for JupyterLab)."""
    from atout.widgets.course import Course

    return Course(start=lesson_id, play_href="../play.ipynb")   # the lesson pages are in notebooks/lessons/

"""A learner's progress (lessons done, quiz scores), kept in the browser's localStorage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from atout.widgets.page_input import FromPage, PageValueError, boolean

MAX_LESSONS = 1000      # entries kept from the browser's storage (the course has a few dozen lessons)
MAX_ID = 100            # characters of a lesson id


class ProgressStore(FromPage, anywidget.AnyWidget):
    """``progress`` maps a lesson id to ``{"done": bool, "score": [right, total], "best": right}``."""

    _esm = Path(__file__).parent / "progress.js"
    progress = traitlets.Dict({}).tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    page_sets = {"progress": lambda value: _stored_progress(value), "loaded": boolean}

    def entry(self, lesson_id: str) -> dict[str, Any]:
        """A lesson's progress as the page can show it: the browser sends what its storage holds, and what a
        learner's storage holds may be anything (an old format, an edit by hand): what is not understood is left
        out rather than breaking the course page."""
        entry = self.progress.get(lesson_id)
        if not isinstance(entry, dict):
            return {}
        clean: dict[str, Any] = {"done": entry.get("done") is True}
        score = entry.get("score")
        if (isinstance(score, list) and len(score) == 2 and all(_count(v) for v in score)
                and score[0] <= score[1]):
            clean["score"] = list(score)
        if _count(entry.get("best")):
            clean["best"] = entry["best"]
        return clean

    def record(self, lesson_id: str, right: int, total: int) -> None:
        entry = self.entry(lesson_id)
        entry.update(done=True, score=[right, total], best=max(right, entry.get("best", 0)))
        self.progress = {**self.progress, lesson_id: entry}

    def done(self, lesson_id: str) -> bool:
        return bool(self.entry(lesson_id).get("done"))


def _stored_progress(value: Any) -> dict[str, Any]:
    """What the browser's storage sends, as the store keeps it: a table of lesson ids (each entry is read by
    ``entry``, which leaves out what it does not understand)."""
    if not isinstance(value, dict):
        raise PageValueError("the progress is a table of lesson ids")
    kept = {}
    for lesson_id, entry in value.items():
        if isinstance(lesson_id, str) and len(lesson_id) <= MAX_ID and isinstance(entry, dict):
            kept[lesson_id] = entry
            if len(kept) == MAX_LESSONS:
                break
    return kept


def _count(value: Any) -> bool:
    """A number of questions: a whole number from 0 to a thousand (no quiz is longer)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1000

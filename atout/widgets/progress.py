"""A learner's progress (lessons done, quiz scores), kept in the browser's localStorage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets


class ProgressStore(anywidget.AnyWidget):
    """``progress`` maps a lesson id to ``{"done": bool, "score": [right, total], "best": right}``."""

    _esm = Path(__file__).parent / "progress.js"
    progress = traitlets.Dict({}).tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def record(self, lesson_id: str, right: int, total: int) -> None:
        entry: dict[str, Any] = dict(self.progress.get(lesson_id, {}))
        entry.update(done=True, score=[right, total], best=max(right, entry.get("best", 0)))
        self.progress = {**self.progress, lesson_id: entry}

    def done(self, lesson_id: str) -> bool:
        return bool(self.progress.get(lesson_id, {}).get("done"))

"""Presenter keys for the classroom: a clicker or the keyboard steps the class through a deal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from atout.widgets.fault import guarded
from atout.widgets.page_input import FromPage

COMMANDS = ("next", "previous", "first", "last", "hands")


class PresenterKeys(FromPage, anywidget.AnyWidget):
    """Sends ``next``, ``previous``, ``first``, ``last`` or ``hands`` to ``on_command`` when pressed."""

    _esm = Path(__file__).parent / "keys.js"
    hint = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_command: Callable[[str], Any], hint: str = "", **kwargs: Any) -> None:
        super().__init__(hint=hint, **kwargs)
        self.on_command = on_command
        self.on_msg(guarded(self._on_message))

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "key" and content.get("command") in COMMANDS:
            self.on_command(content["command"])

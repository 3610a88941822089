"""Pages learn of a change to their class from a watcher: a background thread waiting on the store's change
counter (``Store.wait_for_change``: polling it on SQLite, ``LISTEN`` on PostgreSQL) that calls the page back when it
moves. The page then reads what it shows; nothing is read while nothing changes but the counter itself.

While the store fails the watcher tries again every ``RETRY_S`` seconds, and carries on from where it was when the
store works again: the page hears of any change made meanwhile. Why the store fails is the store's to say
(``atout.live.store.listen``), once, not each watcher's at each try.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from atout.live.errors import StoreError
from atout.live.store import Store, once_written

log = logging.getLogger(__name__)
WAIT_S = 5.0       # one wait's length: the thread looks at its stop flag at least this often
RETRY_S = 1.0      # after a failed wait (the store fails: ``atout.live.store``), the next begins this much later


class Watch:
    """Calls ``on_change(version)`` from a background thread each time the class changes (``version`` None: the
    class is gone, and the watch stops); ``shown``: only the changes students see (a student's page). ``stop()``
    ends it."""

    def __init__(self, store: Store, class_id: int, on_change: Callable[[int | None], None],
                 version: int | None = None, shown: bool = False) -> None:
        self.store = store
        self.class_id = class_id
        self.on_change = on_change
        self.shown = shown
        self.version = store.version(class_id, shown) if version is None else version
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name=f"atout-watch-{class_id}", daemon=True)

    def start(self) -> Watch:
        """Start watching once what this thread is writing is committed (``once_written``): before, the watcher's
        own connection would not see the class yet and take it for gone."""
        once_written(self._begin)
        return self

    def _begin(self) -> None:
        if not self._stop.is_set():
            self.thread.start()

    def stop(self, wait: bool = True) -> None:
        self._stop.set()
        if wait and self.thread.is_alive() and threading.current_thread() is not self.thread:
            self.thread.join(timeout=WAIT_S + 1)

    @property
    def running(self) -> bool:
        return self.thread.is_alive() and not self._stop.is_set()

    def _run(self) -> None:
        while not self._stop.is_set():
            version = self.version
            if version is None:                # the class was gone when the watch began: nothing to wait for
                return
            try:
                now = self.store.wait_for_change(self.class_id, version, WAIT_S, stop=self._stop,
                                                 shown=self.shown)
            except StoreError:                 # the store told its listeners why (the page says it): try again
                if self._stop.wait(RETRY_S):
                    return
                continue
            except Exception:                  # a fault of Atout's: logged, and tried again
                log.exception("watching class %s", self.class_id)
                if self._stop.wait(RETRY_S):
                    return
                continue
            if self._stop.is_set():
                return
            if now != self.version:
                self.version = now
                try:
                    self.on_change(now)
                except Exception:              # the page's drawing failed: keep watching
                    log.exception("showing a change of class %s", self.class_id)
            if now is None:
                return

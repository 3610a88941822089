"""A fault in Atout met while answering the page is said on the page, and the page is left as it was.

Every callback the browser reaches (a button's click, a widget's message, a trait the page changed) is registered
through ``guarded``. A bad input the learner can correct never gets here: core refuses it with a sentence the widget
shows (an ``AtoutError``). What does get here is a fault inside Atout (a ``TypeError`` in core, say), which the
kernel would otherwise swallow while the click just did nothing. ``guarded`` is the one place that rule lives:

1. Before the callback runs, what it can change is noted: the widgets it reaches (its own, those they hold or
   contain, and those their callbacks belong to: a table's click reaches the page that hears the table), each with
   its attributes (and what the lists, dicts and sets among them hold) and its synced traits, and the same of the
   core objects they hold (a game, its hand, the hand's trick; a game's random generator by its state). Nothing is
   copied deeply, so a click costs little: the objects themselves are kept and put back in place, so whoever holds
   one sees it as it was.
2. When the callback raises, the traceback goes to the kernel's log (stderr) for developers; the state is put back as
   noted, the trait the page changed is put back, every widget is redrawn, and the page's shell says in a plain
   sentence that something went wrong inside Atout, that the page still works, and what to do
   (``PageShell.fault_said``). A lesson in a JupyterLab cell has no page shell: the notice under it says the same
   (``FaultNotice``), and only for a fault of its own lesson.

Nested callbacks (a trait set by an action fires an observer) belong to the outermost one: one note, one message.
What a callback writes to a live class's store is held in one transaction until it returns
(``atout.live.store.writes_held``): a fault rolls it back with the rest, so "what you just did was not done" is true
of the class too.

A live class's store that fails (its file deleted or locked, its server down: ``atout.live.errors.StoreError``) is
no fault inside Atout and is not said as one. The store tells why to its listeners (``atout.live.store.listen``), and
this module passes it on, on the kernel's own thread, to every ``store_said(error)`` of the page (``listen_to_store``):
the page shell's banner says the store's own sentence, the class's panels keep what they show, and when the store
works again they hear ``store_said(None)``: the banner goes and they draw the class afresh. A callback that meets the
failure is undone as after a fault, without the fault's banner.
"""

from __future__ import annotations

import functools
import logging
import random
import sys
import threading
import types
import weakref
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

import ipywidgets as widgets

from atout.live import store as live_store
from atout.live.errors import StoreError
from atout.live.store import writes_held
from atout.widgets import language

log = logging.getLogger(__name__)
# The process's own stderr, not the kernel's redirected one (which goes to the page): in a kernel of the site it is
# the server's log, where developers read the traceback.
if not log.handlers:
    _to_stderr = logging.StreamHandler(sys.__stderr__)
    _to_stderr.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    log.addHandler(_to_stderr)

F = TypeVar("F", bound=Callable[..., Any])

# What ipywidgets and traitlets keep in a widget's __dict__: theirs, never part of what the page shows.
FRAMEWORK = frozenset({"_click_handlers", "_cross_validation_lock", "_holding_sync", "_model_id", "_property_lock",
                       "_states_to_send", "_display_callbacks", "_trait_notifiers", "_trait_validators",
                       "_trait_values"})

_listeners: weakref.WeakSet = weakref.WeakSet()      # the page shells that say a fault (``fault_said``)
_store_listeners: weakref.WeakSet = weakref.WeakSet()    # what says the class database's failures (``store_said``)
_failing: dict[int, Any] = {}       # id -> each store of this kernel that fails now
_running = threading.local()


def listen(listener: Any) -> None:
    """``listener.fault_said()`` is called whenever a guarded callback that ``listener.hears(state)`` (a
    ``PageState``) meets a fault."""
    _listeners.add(listener)


def listen_to_store(listener: Any) -> None:
    """``listener.store_said(error)`` is called, on the kernel's thread, whenever a live class's store starts failing
    (``error``, a ``StoreError`` whose message says why and what to do) or works again (None); at once, if it fails
    now."""
    _store_listeners.add(listener)
    failing = _store_failure()
    if failing is not None:
        listener.store_said(failing)


def _store_failure() -> StoreError | None:
    return next((store.trouble for store in _failing.values() if store.trouble is not None), None)


def _store_changed(store: Any) -> None:
    """From whichever thread noticed: handed to the kernel's event loop, where widgets are drawn."""
    from atout.widgets.live import kernel_caller

    kernel_caller()(lambda: _say_store(store))


def _say_store(store: Any) -> None:
    if store.trouble is None:
        _failing.pop(id(store), None)
    else:
        _failing[id(store)] = store
    failing = _store_failure()
    for listener in list(_store_listeners):
        if getattr(listener, "comm", True) is None:       # closed: no longer on the page
            _store_listeners.discard(listener)
            continue
        try:
            listener.store_said(failing)
        except Exception:       # noqa: BLE001 - the others are told all the same
            log.exception("%s could not say the class database's failure", type(listener).__name__)


live_store.listen(_store_changed)


def guarded(callback: F) -> F:
    """``callback``, answering the page: a fault inside it is logged, undone and said (see the module)."""
    @functools.wraps(callback)
    def answer(*args: Any, **kwargs: Any) -> Any:
        if getattr(_running, "depth", 0):
            return callback(*args, **kwargs)
        noted = PageState(callback)
        _running.depth = 1
        try:
            with writes_held():
                return callback(*args, **kwargs)
        except StoreError as error:     # said by the store, in the banner: undone, and no fault of Atout's
            log.warning("The class database failed while answering the page (%s); the page is put back as it was: "
                        "%s", getattr(callback, "__qualname__", callback), error.message.render("en"))
            noted.restore(args[0] if args and _is_change(args[0]) else None)
            return None
        except Exception:       # noqa: BLE001 - a page never dies silently: the fault is said and undone
            log.exception("A fault in Atout while answering the page (%s); the page is put back as it was",
                          getattr(callback, "__qualname__", callback))
            noted.restore(args[0] if args and _is_change(args[0]) else None)
            _say(noted)
            return None
        finally:
            _running.depth = 0
    return answer  # type: ignore[return-value]


def _is_change(value: Any) -> bool:
    return isinstance(value, dict) and {"owner", "name", "old", "new"} <= value.keys()


def _say(noted: PageState) -> None:
    listeners = [listener for listener in list(_listeners)
                 if getattr(listener, "comm", None) is not None and listener.hears(noted)]
    if not listeners:
        log.error("Something went wrong inside Atout; nothing open on the page can say so")
    for listener in listeners:
        try:
            listener.fault_said()
        except Exception:       # noqa: BLE001 - the fault is in the log already
            log.exception("%s could not say a fault", type(listener).__name__)


def _is_core(value: Any) -> bool:
    """A core object whose attributes may change (a game, its hand, the hand's trick), or a game's generator."""
    kind = type(value)
    core = _CORE_KINDS.get(kind)
    if core is None:
        module = kind.__module__
        core = _CORE_KINDS[kind] = issubclass(kind, random.Random) or (
            module.startswith("atout.") and not module.startswith(("atout.widgets", "atout.i18n"))
            and not issubclass(kind, (Enum, tuple))      # a card, a suit, a named tuple: they never change
            and not getattr(getattr(kind, "__dataclass_params__", None), "frozen", False))    # nor a configuration
    return core


_CORE_KINDS: dict[type, bool] = {}


def _slots(kind: type) -> tuple[str, ...]:
    names = _SLOTS.get(kind)
    if names is None:
        names = _SLOTS[kind] = tuple(name for klass in kind.__mro__ for name in vars(klass).get("__slots__", ())
                                     if name not in ("__dict__", "__weakref__"))
    return names


_SLOTS: dict[type, tuple[str, ...]] = {}
_UNSET = object()


class _Noted:
    """One object's attributes as they were (its __dict__ and its slots), with what the lists, dicts and sets among
    them held; for a widget, its synced traits too (``traits_only``: a widget inside another, whose own attributes
    are ipywidgets')."""

    def __init__(self, obj: Any, traits_only: bool = False) -> None:
        self.obj = obj
        self.attrs: dict[str, Any] = {}
        self.slots: dict[str, Any] = {}
        self.contents: list[tuple[Any, Any]] = []
        if not traits_only:
            self.attrs = {name: value for name, value in getattr(obj, "__dict__", {}).items() if name not in FRAMEWORK}
            self.slots = {name: getattr(obj, name, _UNSET) for name in _slots(type(obj))}
            for value in (*self.attrs.values(), *self.slots.values()):
                _note_contents(value, self.contents, depth=0)
        values = getattr(obj, "_trait_values", None)
        self.traits = values.copy() if type(values) is dict else {}
        self.traits_only = traits_only

    def held(self) -> list[Any]:
        return [*self.attrs.values(), *self.slots.values()]

    def restore(self) -> None:
        if not self.traits_only:
            current = getattr(self.obj, "__dict__", None)
            if current is not None:
                for name in [name for name in current if name not in FRAMEWORK and name not in self.attrs]:
                    del current[name]
                current.update(self.attrs)
            for name, value in self.slots.items():
                if value is _UNSET:
                    if hasattr(self.obj, name):
                        delattr(self.obj, name)
                else:
                    setattr(self.obj, name, value)
            for container, contents in self.contents:
                _put_back(container, contents)
        values = getattr(self.obj, "_trait_values", {})
        synced = getattr(self.obj, "keys", ())
        changed = [name for name in synced if name in self.traits and values.get(name) is not self.traits[name]]
        for name in changed:
            values[name] = self.traits[name]     # not through the trait: its observers must not act again
        if changed and getattr(self.obj, "comm", None) is not None:
            self.obj.send_state(changed)


class _NotedRandom:
    """A game's random generator (the next hand's deal): its state."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.state = rng, rng.getstate()

    def restore(self) -> None:
        self.rng.setstate(self.state)


CONTAINERS = (list, dict, set)
DEEPEST = 3         # lists, dicts and sets inside one another are noted this deep (a position's hands: dict of lists)
DEEPEST_CORE = 3    # core objects held by a widget are noted this deep (the page's game, its hand, the hand's trick)


def _note_contents(value: Any, noted: list[tuple[Any, Any]], depth: int) -> None:
    """Note what ``value`` holds, and what the lists, dicts and sets inside it hold, so each is put back in place
    (whoever holds one of them sees it as it was)."""
    kind = type(value)
    if kind not in CONTAINERS:
        return
    contents = list(value) if kind is list else dict(value) if kind is dict else set(value)
    noted.append((value, contents))
    if depth + 1 < DEEPEST and kind is not set:
        for item in (contents.values() if isinstance(contents, dict) else contents):
            if type(item) in CONTAINERS:
                _note_contents(item, noted, depth + 1)


def _put_back(value: Any, contents: Any) -> None:
    if type(value) is list:
        value[:] = contents
    else:
        value.clear()
        value.update(contents)


CALLBACKS = (types.FunctionType, types.MethodType, functools.partial)


class PageState:
    """What ``callback`` can change, as it is now, to be put back after a fault: the widgets it reaches (its own, the
    widgets they hold or contain, and those their callbacks belong to: a table's click reaches the page that hears
    the table), and the core objects those widgets hold."""

    def __init__(self, callback: Callable[..., Any]) -> None:
        self.noted: list[_Noted | _NotedRandom] = []
        self.widgets: list[Any] = []        # the ones to redraw afterwards (each registered one has ``refresh``)
        self._seen: set[int] = set()
        self._todo: list[tuple[Any, int]] = []
        self._follow(callback)
        while self._todo:
            self._note(*self._todo.pop())

    def reaches(self, widget: Any) -> bool:
        """Whether the callback could change ``widget`` (it was noted)."""
        return id(widget) in self._seen

    def _follow(self, value: Any, depth: int = 0) -> None:
        """Queue what ``value`` leads to: a widget, a core object, what a callback belongs to, and the same inside a
        list, tuple or dict."""
        if isinstance(value, widgets.Widget):
            self._todo.append((value, 0))
        elif _is_core(value):
            self._todo.append((value, 1))
        elif type(value) in (list, tuple) and depth == 0:
            for item in value:
                self._follow(item, 1)
        elif type(value) is dict and depth == 0:
            for item in value.values():
                self._follow(item, 1)
        elif isinstance(value, CALLBACKS) and depth < 3 and id(value) not in self._seen:
            self._seen.add(id(value))
            owner = getattr(value, "__self__", None)
            if owner is not None:
                self._follow(owner, depth + 1)
            for cell in getattr(value, "__closure__", None) or ():
                try:
                    self._follow(cell.cell_contents, depth + 1)
                except ValueError:      # a cell not filled yet
                    pass
            for held in (getattr(value, "func", None), *getattr(value, "args", ())):       # functools.partial
                if held is not None:
                    self._follow(held, depth + 1)
            wrapped = getattr(value, "__wrapped__", None)
            if wrapped is not None:
                self._follow(wrapped, depth + 1)

    def _note(self, obj: Any, depth: int) -> None:
        if id(obj) in self._seen:
            return
        self._seen.add(id(obj))
        if isinstance(obj, random.Random):
            self.noted.append(_NotedRandom(obj))
            return
        noted = _Noted(obj)
        self.noted.append(noted)
        if isinstance(obj, widgets.Widget):
            if obj in language._live:
                self.widgets.append(obj)
            for child in noted.traits.get("children", ()):
                self._follow(child)
            for value in noted.held():
                self._follow(value)
        elif depth < DEEPEST_CORE:
            for value in noted.held():
                if _is_core(value):
                    self._todo.append((value, depth + 1))

    def restore(self, change: Any = None) -> None:
        """Put everything back, the trait the page changed too, and redraw every widget."""
        for noted in self.noted:
            try:
                noted.restore()
            except Exception:       # noqa: BLE001 - put back what can be; the rest is in the log
                log.exception("Could not put %s back as it was", type(getattr(noted, "obj", noted)).__name__)
        if change is not None:
            owner, name = change["owner"], change["name"]
            owner._trait_values[name] = change["old"]
            if name in getattr(owner, "keys", ()) and getattr(owner, "comm", None) is not None:
                owner.send_state([name])
        for widget in self.widgets:
            try:
                widget.refresh()
            except Exception:       # noqa: BLE001 - one widget that cannot redraw keeps what it showed
                log.exception("%s could not redraw after a fault", type(widget).__name__)

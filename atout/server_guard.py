"""What keeps a shared server's pages from abusing it (the site's server process: ``atout.serve`` installs it).

**A kernel answers only to the page it was handed to.** Voilà let any request that knew a kernel's id shut it down
(``POST voila/api/shutdown/<id>``, ``DELETE api/kernels/<id>``) or talk to it over its websocket, with the caller's own
XSRF cookie. Here, as the server hands a page its kernel (started for it, or taken from a pool), it gives the page's
browser a secret of that kernel's own, in a cookie sent only to that kernel's addresses (``Path=`` its websocket and
its shutdown; ``HttpOnly``, ``SameSite=Strict``). Those addresses answer 403 to a request without it, and a kernel no
page was handed (a pool's) answers to nobody. The page's own unload and reconnections carry it as before.

**Kernels per client are capped.** A client is the visitor's network address (the 64-bit prefix of an IPv6 one, which
a single machine may be given whole); behind a reverse proxy the address the proxy adds to ``X-Forwarded-For``, when
the administrator says the site is behind one (``ATOUT_BEHIND_PROXY``: otherwise anyone could write that header). A
client may have ``ATOUT_KERNELS_PER_CLIENT`` pages open at once (``DEFAULT_KERNELS_PER_CLIENT``; 0: no cap), counting
those being opened. A page past the cap is not given a kernel: it answers 429 with a page saying so in the visitor's
language, and when to try again. The default is sized for a school behind one NAT address: a class of 30 with two
pages each, its teacher's, and the pages a reload leaves behind until culled, are under half of it; a school whose
classes share one server at once behind one address raises it.

**Each page's kernel learns its client and, under JupyterHub, its visitor**: ``ATOUT_CLIENT`` (for the live class's
limits, ``atout.live.limits``), and where the server's identity provider is JupyterHub's (Atout as one hub service
for everyone), ``ATOUT_HUB_USER`` and ``ATOUT_HUB_GROUPS`` (who may start a class, ``atout.live.teachers``). They reach
a kernel started for the page in its environment, and a preheated one with its request (``voila/query``).

**The server's memory over repeated classes.** Two things were kept of every page: the request Voilà could not hand
a preheated kernel at once (``forget``), and a logger of each kernel's own (``_one_event_logger_for_every_kernel``).
And what a class's pages took, the C allocator kept once they had gone: it is given back as kernels come and go
(``GiveMemoryBack``). Three classes of 30 pages, each left to the culler, the server's RSS read once idle after each
(MiB): without these 86, then 170, 212, 217; with the trim alone missing 86, 167, 186, 190; with all 77, 108, 130,
130. Python's own objects (``tracemalloc``) grow by about 1 MiB a class after the first (caches filled once): what
stays above the start is the allocators' (Python's arenas, the C library's), not objects kept. With each page's
unload instead (``atout bench class-start --pages 30 --rounds 6``): 86, then 111, 124, 138, 130, 132, 133.

**No request answers with a traceback.** Jupyter Server's error page needs a setting Voilà does not give, so every
error page of Voilà's own handlers failed in turn, logged a traceback and answered 500; Voilà's template files
answered 500 with a traceback for any path that is not ``<template>/static/<file>``, and ``/logout`` did as well.
Errors now answer their own status with a short page, those paths 404 and ``/logout`` sends the visitor home. A page
giving back a kernel that is restarting, or reconnecting to one being shut down (a reload right after a kernel died,
seen in the tests), raised inside Jupyter's kernel manager and answered 500: a kernel that is gone is now gone (its
shutdown answers 204, its websocket 404) and one still restarting says so (409), each in one line of the log.
"""

from __future__ import annotations

import contextvars
import hmac
import ipaddress
import json
import logging
import os
import posixpath
import secrets
import time
from dataclasses import dataclass, field
from html import escape
from typing import Any

from atout.live.limits import CLIENT_ENV
from atout.live.teachers import HUB_GROUPS_ENV, HUB_USER_ENV

log = logging.getLogger(__name__)

KERNELS_PER_CLIENT_ENV = "ATOUT_KERNELS_PER_CLIENT"
BEHIND_PROXY_ENV = "ATOUT_BEHIND_PROXY"
DEFAULT_KERNELS_PER_CLIENT = 150
# The secret of a page's kernel, in two cookies (a response sets one cookie of a name): one for the kernel's own
# addresses (its websocket, its model), one for its shutdown.
KERNEL_COOKIE = "atout-kernel"
SHUTDOWN_COOKIE = "atout-kernel-end"
RETRY_AFTER_S = 30


def kernels_per_client(environ: dict[str, str] | None = None) -> int:
    """The cap on one client's open pages (``ATOUT_KERNELS_PER_CLIENT``; 0: none); ``ValueError`` for a value that is
    not a whole number from 0.

    >>> kernels_per_client({}), kernels_per_client({"ATOUT_KERNELS_PER_CLIENT": "40"})
    (150, 40)
    """
    env = os.environ if environ is None else environ
    text = env.get(KERNELS_PER_CLIENT_ENV, "").strip()
    if not text:
        return DEFAULT_KERNELS_PER_CLIENT
    if not text.isdigit():
        raise ValueError(f"{KERNELS_PER_CLIENT_ENV} is a number of pages from 0 (0: no cap), not {text[:40]!r}")
    return int(text)


def behind_proxy(environ: dict[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    return env.get(BEHIND_PROXY_ENV, "").strip().lower() in ("1", "true", "yes")


def client_of(remote_ip: str, forwarded_for: str | None = None, trust_forwarded: bool = False) -> str:
    """The client a request comes from: its address, or behind a trusted proxy the last address of
    ``X-Forwarded-For`` (the one the proxy added); an IPv6 address by its /64 network.

    >>> client_of("203.0.113.7"), client_of("2001:db8:1:2:aaaa::1"), client_of("::ffff:198.51.100.3")
    ('203.0.113.7', '2001:db8:1:2::/64', '198.51.100.3')
    >>> client_of("127.0.0.1", "10.0.0.1, 198.51.100.20", trust_forwarded=True)
    '198.51.100.20'
    >>> client_of("127.0.0.1", "198.51.100.20")
    '127.0.0.1'
    """
    address = remote_ip
    if trust_forwarded and forwarded_for:
        address = forwarded_for.split(",")[-1].strip() or remote_ip
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return address[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass
class Visit:
    """One page being opened: its client, the kernel it is handed once known, and that kernel's secret."""

    client: str
    handler: Any = field(default=None, repr=False)     # the request handler rendering the page
    kernel_id: str | None = None
    secret: str = field(default_factory=lambda: secrets.token_urlsafe(32))


@dataclass
class Owner:
    client: str
    secret: str
    since: float


VISIT: contextvars.ContextVar[Visit | None] = contextvars.ContextVar("atout_visit", default=None)


class Guard:
    """The server's record of which page (which browser, by its kernel's secret) each kernel was handed to, and how
    many each client has open."""

    def __init__(self, cap: int, trust_forwarded: bool) -> None:
        self.cap = cap
        self.trust_forwarded = trust_forwarded
        self.owners: dict[str, Owner] = {}
        self.opening: dict[str, int] = {}       # client -> pages being opened, not yet handed a kernel
        self.manager: Any = None                 # the server's kernel manager, once it is made

    def client(self, request: Any) -> str:
        return client_of(request.remote_ip or "", request.headers.get("X-Forwarded-For"), self.trust_forwarded)

    def _forget_gone(self) -> None:
        if self.manager is None:
            return
        for kernel_id in [k for k in self.owners if k not in self.manager]:
            del self.owners[kernel_id]

    def open_pages(self, client: str) -> int:
        """The pages ``client`` has open now, or being opened."""
        self._forget_gone()
        return sum(owner.client == client for owner in self.owners.values()) + self.opening.get(client, 0)

    def admit(self, client: str) -> bool:
        """Whether ``client`` may open one page more; if so, it is counted until ``opened``."""
        if self.cap and self.open_pages(client) >= self.cap:
            return False
        self.opening[client] = self.opening.get(client, 0) + 1
        return True

    def opened(self, client: str) -> None:
        left = self.opening.get(client, 0) - 1
        if left > 0:
            self.opening[client] = left
        else:
            self.opening.pop(client, None)

    def hand(self, kernel_id: str, visit: Visit) -> None:
        """The page of ``visit`` is handed ``kernel_id``: from now on the kernel answers to its secret alone."""
        if visit.kernel_id is None:
            visit.kernel_id = kernel_id
            self.owners[kernel_id] = Owner(visit.client, visit.secret, time.monotonic())

    def forget(self, kernel_id: str) -> None:
        """A kernel shut down (by its page, the culler or the server): nothing of it is kept, here or in what Voilà
        kept for its request (``RequestInfoSocketHandler._cache`` keeps each request it could not hand over at once
        and never lets it go: two a class of 30, each with the visitor's headers)."""
        from voila.request_info_handler import RequestInfoSocketHandler

        from atout import serve

        self.owners.pop(kernel_id, None)
        RequestInfoSocketHandler._cache.pop(kernel_id, None)
        serve._addresses.pop(kernel_id, None)      # the address of a preheated page whose kernel never asked for it

    def owns(self, kernel_id: str, secret: str | None) -> bool:
        owner = self.owners.get(kernel_id)
        return owner is not None and secret is not None and hmac.compare_digest(owner.secret.encode(),
                                                                               secret.encode())


GUARD: Guard | None = None


class GiveMemoryBack:
    """While kernels come and go, the server gives the memory it freed back to the system.

    Opening a class's pages at once takes the server's memory up by about 80 MB (each page rendered, its messages
    relayed), and freeing it left most with the C allocator, which keeps freed memory for later. glibc's
    ``malloc_trim`` gives it back: after three classes of 30 pages, 130 MiB with it against 190 without (see the
    module's docstring). Every ``EVERY_S`` seconds in which a kernel started or stopped, once, where the C library
    has it (glibc: Linux)."""

    EVERY_S = 30.0

    def __init__(self) -> None:
        self.changed = False
        self._loop: Any = None
        self._trim: Any = None
        try:
            import ctypes

            self._trim = getattr(ctypes.CDLL(None), "malloc_trim", None)
        except (OSError, AttributeError):
            self._trim = None

    def kernels_changed(self) -> None:
        """A kernel started or stopped: its memory is given back at the next round."""
        if self._trim is None:
            return
        self.changed = True
        if self._loop is None:
            import asyncio

            try:
                self._loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._loop.call_later(self.EVERY_S, self._round)

    def _round(self) -> None:
        if self.changed:
            self.changed = False
            self._trim(0)
        self._loop.call_later(self.EVERY_S, self._round)


MEMORY = GiveMemoryBack()


def install() -> None:
    """Put the guard into Voilà's server (this process): called by ``atout.serve`` before Voilà starts."""
    global GUARD
    GUARD = Guard(kernels_per_client(), behind_proxy())
    _hand_kernels_to_pages()
    _render_for_admitted_clients()
    _kernels_answer_to_their_page()
    _query_carries_the_visit()
    _errors_without_tracebacks()
    _kernels_going_away_answer_plainly()


# --- handing a kernel to its page ---------------------------------------------------------------------------------

def _hand_kernels_to_pages() -> None:
    """The kernel manager records which page each kernel it starts for a page, or takes from a pool, goes to."""
    import voila.app

    make_manager = voila.app.voila_kernel_manager_factory

    def factory(*args: Any, **kwargs: Any) -> type:
        manager = make_manager(*args, **kwargs)
        namespace: dict[str, Any] = {}

        def __init__(self: Any, **kw: Any) -> None:
            manager.__init__(self, **kw)
            if GUARD is not None:
                GUARD.manager = self
            _one_event_logger_for_every_kernel(self.parent)

        async def start_kernel(self: Any, *a: Any, **kw: Any) -> Any:
            # A page's own kernel, started as its page is rendered: it learns its visitor, and is the page's. (A
            # pool's kernels are started by Voilà's manager past this method, with VOILA_PREHEAT in their
            # environment: they are nobody's until a page takes one.)
            visit = VISIT.get()
            for_a_page = visit is not None and (kw.get("env") or {}).get("VOILA_PREHEAT") != "True"
            if for_a_page and visit is not None:
                kw["env"] = {**(kw.get("env") or {}), **visit_environment(visit.handler, visit)}
            kernel_id = await manager.start_kernel(self, *a, **kw)
            if for_a_page and visit is not None and GUARD is not None:
                GUARD.hand(kernel_id, visit)
            MEMORY.kernels_changed()
            return kernel_id

        async def shutdown_kernel(self: Any, kernel_id: str, *a: Any, **kw: Any) -> Any:
            try:
                return await manager.shutdown_kernel(self, kernel_id, *a, **kw)
            finally:
                if GUARD is not None:
                    GUARD.forget(kernel_id)
                MEMORY.kernels_changed()

        namespace.update(__init__=__init__, start_kernel=start_kernel, shutdown_kernel=shutdown_kernel)
        initialize = getattr(manager, "_initialize", None)
        if initialize is not None:          # how Voilà starts a pool's kernels (past start_kernel)
            async def _initialize(self: Any, *a: Any, **kw: Any) -> Any:
                result = await initialize(self, *a, **kw)
                MEMORY.kernels_changed()
                return result

            namespace["_initialize"] = _initialize
        handing_out = getattr(manager, "get_rendered_notebook", None)
        if handing_out is not None:
            async def get_rendered_notebook(self: Any, *a: Any, **kw: Any) -> Any:
                result = await handing_out(self, *a, **kw)
                visit = VISIT.get()
                if GUARD is not None and visit is not None:
                    GUARD.hand(result[2], visit)
                return result

            namespace["get_rendered_notebook"] = get_rendered_notebook
        return type(manager.__name__, (manager,), namespace)

    voila.app.voila_kernel_manager_factory = factory


def _one_event_logger_for_every_kernel(app: Any) -> None:
    """Jupyter Server's kernel manager shares its server's event logger, if the server has one; Voilà's has none, so
    each kernel made its own (registering its schemas again), and with it a logger named after it that Python's
    ``logging`` keeps for ever: one more each time a page opened (seen in the server's ``logging`` registry, 30 a
    class). The server is given one, for every kernel."""
    if app is not None and not hasattr(app, "event_logger"):
        from jupyter_events import EventLogger

        app.event_logger = EventLogger()


def visit_environment(handler: Any, visit: Visit) -> dict[str, str]:
    """What a page's kernel learns of its visitor: its client and, where JupyterHub's identity provider says who they
    are, their hub name and groups. That provider (``jupyterhub.singleuser.extension.JupyterHubIdentityProvider``, and
    Atout's ``atout.hub_identity.HubVisitors`` built on it) makes the request's ``current_user`` a ``JupyterHubUser``,
    whose ``hub_user`` is the hub's user model: its "identify" scopes give the name and the groups. An anonymous
    visitor's has none.

    >>> from types import SimpleNamespace
    >>> from atout.live.teachers import TeacherRule, Visitor
    >>> hub_user = {"kind": "user", "name": "ada", "groups": ["teachers"], "scopes": ["access:services!service=atout"]}
    >>> told = visit_environment(SimpleNamespace(current_user=SimpleNamespace(hub_user=hub_user)), Visit("192.0.2.7"))
    >>> told
    {'ATOUT_CLIENT': '192.0.2.7', 'ATOUT_HUB_USER': 'ada', 'ATOUT_HUB_GROUPS': '["teachers"]'}
    >>> TeacherRule(group="teachers").known_teacher(Visitor.from_environ(told))
    True
    >>> visit_environment(SimpleNamespace(current_user=None), Visit("192.0.2.7"))      # no hub: the client alone
    {'ATOUT_CLIENT': '192.0.2.7'}
    """
    env = {CLIENT_ENV: visit.client}
    hub_user = getattr(getattr(handler, "current_user", None), "hub_user", None)
    if isinstance(hub_user, dict) and isinstance(hub_user.get("name"), str):
        env[HUB_USER_ENV] = hub_user["name"]
        groups = hub_user.get("groups")
        if isinstance(groups, list):
            env[HUB_GROUPS_ENV] = json.dumps([str(group) for group in groups])
    return env


def _render_for_admitted_clients() -> None:
    """A page is rendered only for a client under the cap; its browser gets its kernel's secret with the page."""
    import voila.handler

    render = voila.handler.VoilaHandler.get_generator

    async def get_generator(self: Any, *args: Any, **kwargs: Any) -> Any:
        guard = GUARD
        if guard is None:
            async for chunk in render(self, *args, **kwargs):
                yield chunk
            return
        client = guard.client(self.request)
        if not guard.admit(client):
            log.warning("refused a page to %s: %d pages open, at most %d", client, guard.open_pages(client),
                        guard.cap)
            yield _refusal_page(self, guard.cap)
            return
        visit = Visit(client, self)
        token = VISIT.set(visit)
        try:
            first = True
            async for chunk in render(self, *args, **kwargs):
                if first:
                    first = False
                    guard.opened(client)
                    if visit.kernel_id is not None:
                        _give_kernel_secret(self, visit)
                yield chunk
        finally:
            if first:
                guard.opened(client)
            try:
                VISIT.reset(token)
            except ValueError:      # closed from another context (the request went away): nothing to give back
                pass

    voila.handler.VoilaHandler.get_generator = get_generator


def _give_kernel_secret(handler: Any, visit: Visit) -> None:
    secure = handler.request.protocol == "https"
    for name, path in _kernel_cookies(handler, visit.kernel_id or ""):
        handler.set_cookie(name, visit.secret, path=path, httponly=True, samesite="Strict", secure=secure)


def _kernel_cookies(handler: Any, kernel_id: str) -> tuple[tuple[str, str], ...]:
    """The cookies holding a kernel's secret, each with the one path it is sent to."""
    base = handler.base_url if handler.base_url.endswith("/") else handler.base_url + "/"
    return ((KERNEL_COOKIE, f"{base}api/kernels/{kernel_id}"),
            (SHUTDOWN_COOKIE, f"{base}voila/api/shutdown/{kernel_id}"))


def _refusal_page(handler: Any, cap: int) -> str:
    """The page a client past the cap gets instead of a kernel, in the visitor's language."""
    from atout.i18n import DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, Plural, Text, accepted_language, cookie_value
    from atout.i18n import language as speaking
    from atout.live.limits import wait_words

    asked = handler.get_argument("lang", "").lower()
    lang = (asked if asked in LANGUAGES else cookie_value(handler.request.headers.get("Cookie", ""), LANGUAGE_COOKIE)
            or accepted_language(handler.request.headers.get("Accept-Language", "")) or DEFAULT_LANGUAGE)
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    with speaking(lang):
        title = Text("Too many Atout pages are open from your network").render()
        said = Text("This server lets one network address have {pages} open at once, and yours has reached that "
                    "number. Close an Atout tab you no longer use, then reload this page: a closed tab gives its "
                    "place back at once, and a tab left open on a computer that went to sleep gives it back within "
                    "{wait}.", pages=Plural("{n} page", "{n} pages", cap),
                    wait=wait_words(_cull_idle_s(handler))).render()
        again = Text("Reload this page").render()
    handler.set_status(429)
    handler.set_header("Retry-After", str(RETRY_AFTER_S))
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{escape(title)}</title>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<style>body{font:18px/1.5 system-ui,sans-serif;max-width:40em;margin:4em auto;padding:0 1em;color:#222}"
            "a{display:inline-block;margin-top:1em;padding:.5em 1em;border:1px solid #1565c0;border-radius:4px;"
            "color:#fff;background:#1565c0;text-decoration:none}</style></head>"
            f"<body><main data-testid='too-many-pages' role='alert'><h1>{escape(title)}</h1><p>{escape(said)}</p>"
            f"<a href='{escape(handler.request.uri or '')}' data-testid='too-many-pages-reload'>{escape(again)}</a>"
            "</main></body></html>")


def _cull_idle_s(handler: Any) -> float:
    manager = handler.settings.get("kernel_manager")
    timeout = float(getattr(manager, "cull_idle_timeout", 0) or 0)
    return timeout if timeout > 0 else 180.0


# --- a kernel answers to its page ---------------------------------------------------------------------------------

def _kernels_answer_to_their_page() -> None:
    """The addresses that act on one kernel (its websocket, its model, its shutdown) answer 403 to any request that
    does not carry the secret of the page the kernel was handed to."""
    from jupyter_server.services.kernels.handlers import KernelHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    for handler_class in (KernelHandler, VoilaShutdownKernelHandler, VoilaKernelWebsocketHandler):
        _guard_kernel_route(handler_class)


def _guard_kernel_route(handler_class: type) -> None:
    import inspect

    import tornado.web

    prepare = handler_class.prepare    # type: ignore[attr-defined]

    async def guarded_prepare(self: Any) -> None:
        result = prepare(self)
        if inspect.isawaitable(result):
            await result
        if self._finished or GUARD is None:
            return
        kernel_id = self.path_kwargs.get("kernel_id") or (self.path_args[0] if self.path_args else "")
        manager = GUARD.manager
        if manager is None or kernel_id not in manager:
            return                                          # no such kernel: the handler's own 404
        if not GUARD.owns(kernel_id, self.get_cookie(KERNEL_COOKIE) or self.get_cookie(SHUTDOWN_COOKIE)):
            log.warning("refused %s %s from %s: not the page this kernel was handed to", self.request.method,
                        self.request.path, GUARD.client(self.request))
            raise tornado.web.HTTPError(403, "this kernel belongs to another page")
        if self.request.method in ("POST", "DELETE"):      # the kernel's end: its page's browser forgets its secret
            for name, path in _kernel_cookies(self, kernel_id):     # (a browser keeps some 180 cookies a site)
                self.clear_cookie(name, path=path)

    handler_class.prepare = guarded_prepare            # type: ignore[attr-defined]


def _query_carries_the_visit() -> None:
    """A preheated kernel learns its visitor's client (and hub identity) with the rest of its request (a kernel
    started for its page has them in its environment: ``start_kernel`` above)."""
    from voila.request_info_handler import RequestInfoSocketHandler

    send = RequestInfoSocketHandler.send_updates.__func__

    def send_updates(cls: Any, msg: dict[str, Any]) -> None:
        visit = VISIT.get()
        if visit is not None and isinstance(msg.get("payload"), dict):
            msg = {**msg, "payload": {**msg["payload"], **visit_environment(visit.handler, visit)}}
        send(cls, msg)

    RequestInfoSocketHandler.send_updates = classmethod(send_updates)


# --- errors --------------------------------------------------------------------------------------------------------

def _errors_without_tracebacks() -> None:
    """Every error of Voilà's own pages answers its own status with a short page (Jupyter Server's error template
    needs a ``static_path`` setting Voilà does not give: rendering it failed, logged a traceback and answered 500);
    a template file's address that is not ``<template>/static/<file>`` is not found; ``/logout`` (Voilà has nobody
    to log out) sends the visitor to the site's home."""
    from http.client import responses

    import tornado.web
    from jupyter_server.auth.logout import LogoutHandler
    from jupyter_server.base.handlers import JupyterHandler
    from voila.static_file_handler import TemplateStaticFileHandler

    def write_error(self: Any, status_code: int, **kwargs: Any) -> None:
        reason = responses.get(status_code, "Error")
        exception = (kwargs.get("exc_info") or (None, None, None))[1]
        if isinstance(exception, tornado.web.HTTPError) and exception.reason:
            reason = exception.reason
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{status_code} {escape(reason)}</title>"
                    f"</head><body><h1>{status_code} {escape(reason)}</h1></body></html>")

    JupyterHandler.write_error = write_error         # type: ignore[method-assign]

    parse = TemplateStaticFileHandler.parse_url_path

    def parse_url_path(self: Any, path: str) -> Any:
        # Voilà asserts the shape, after normalising the path ("lab/static/../../x" failed the assertion: a 500).
        parts = path.split("/", 2)
        if (len(parts) != 3 or parts[1] != "static" or parts[0] in ("", ".", "..") or not parts[2]
                or posixpath.normpath(path) != path):
            raise tornado.web.HTTPError(404)
        return parse(self, path)

    TemplateStaticFileHandler.parse_url_path = parse_url_path

    def logout(self: Any) -> None:
        self.redirect(self.base_url)

    LogoutHandler.get = logout                        # type: ignore[method-assign]


def _kernels_going_away_answer_plainly() -> None:
    """Shutting down a kernel that is restarting, or connecting to one that is being shut down, raised inside Jupyter's
    kernel manager (``InvalidStateError``, ``AttributeError``) and answered 500 with a traceback in the log."""
    import tornado.web
    from jupyter_server.services.kernels.handlers import KernelHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    def plainly(method: Any, gone_status: int) -> Any:
        async def answer(self: Any, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
            try:
                return await method(self, kernel_id, *args, **kwargs)
            except tornado.web.HTTPError:
                raise
            except Exception as exc:
                if self._headers_written:
                    raise
                still_there = kernel_id in self.kernel_manager
                log.warning("%s %s: the kernel is %s (%s: %s)", self.request.method, self.request.path,
                            "restarting" if still_there else "gone", type(exc).__name__, exc)
                if still_there:
                    raise tornado.web.HTTPError(409, "the kernel is restarting: try again") from None
                if gone_status == 204:
                    self.set_status(204)
                    self.finish()
                    return None
                raise tornado.web.HTTPError(gone_status, "the kernel is gone") from None

        return answer

    VoilaShutdownKernelHandler.post = plainly(VoilaShutdownKernelHandler.post, 204)
    KernelHandler.delete = plainly(KernelHandler.delete, 204)    # type: ignore[method-assign]
    VoilaKernelWebsocketHandler.get = plainly(VoilaKernelWebsocketHandler.get, 404)

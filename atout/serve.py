"""Run Voilà for the site, with fixes to how it hands out preheated kernels and gives kernels back, its compiled
templates kept from one page to the next, and a lighter garbage collector.

**Open pages keep their kernels; pages that are gone give them back.** The site culls kernels idle past
``MappingKernelManager.cull_idle_timeout`` (``voila.json``), connected or not, so a page that vanished without an
unload (a laptop lid, a dropped connection, a crashed browser) is reclaimed within minutes. An open page keeps its
kernel by a heartbeat (``atout.widgets.shell``): a comm message every ``heartbeat_for(timeout)`` seconds. In
jupyter_server 2.x the culler's clock (``last_activity``) moves on every IOPub message that is not of an untracked
type (``status``, ``stream``, ``display_data``… are untracked) *or whose parent is not* — and the ``status``
busy/idle a comm message causes has the ``comm_msg`` as its parent, so each beat counts as activity
(``MappingKernelManager.start_watching_activity``). The kernels learn the beat from ``ATOUT_HEARTBEAT_S``, set here
from the culling timeout the server really runs with, so one setting governs both.

**Pages opened straight from their address give their kernel back when closed.** Voilà shuts a page's kernel down
from the page's unload, by a POST that needs the ``_xsrf`` cookie; only the tree page sets it (voila#1458), so
every page opened from a link kept its kernel until culled. The render handler sets the cookie too.

**A page is given a pool's kernel only when one is ready.** Voilà's pools hold the tasks that start their kernels, a
refill among them, and handed the first out whatever its state: a visitor arriving just after another waited for
the refill's delay (``fill_delay``) and its start, 30 s and more (seen in ``atout bench class-start``). A visitor
now takes a pool's kernel that has started and run its page up to the request, and when none has, is given a kernel
of its own at once, as when there is no pool.

**A preheated page knows the address it was opened at.** Voilà gives a pool's kernel its visitor's request (the
query, the headers) but not the address itself (``VOILA_REQUEST_URL``, from which a page makes absolute links, such
as the class's link a teacher reads out): it passed that address to the kernel *refilling* the pool, which then
carried the previous visitor's. The address now goes with the request to the kernel handed out, and to none other.

**A preheated kernel is not culled as it is handed out.** Voilà 0.5 protects kernels waiting in the preheated pool
from the idle culler, but the moment a page takes one, its idle clock still counts from when the kernel started. A
pooled kernel older than the culling timeout could then be culled before the page connects, and the page never
came alive (seen here: "Culling 'idle' kernel … due to 179 seconds of inactivity" right after "Using pre-heated
kernel"). Handing a kernel out is activity: this resets its clock then.

**The culler passes over kernels that came or went during its round.** It lists the kernels, then checks each in
turn, waiting for each idle one's shutdown; a kernel its page gave back meanwhile was gone by its turn, and the culler
wrote a ``KeyError`` traceback in the log (seen while a class's pages closed; ``tests/site/test_culler.py``). A kernel
is in the manager's table a moment before its start sets its idle clock: reading the clock then raised ``TraitError``,
with the same traceback. A kernel gone, or not yet given its idle clock, is now passed over.

**Each page's templates are compiled once, not on every visit.** Voilà makes a new exporter for each page it renders,
and with it a new Jinja environment, which compiled the page's templates again. The exporters' environments share one
cache of the compiled templates (``template_cache``); Jinja checks each template's source against it, so an edited
template is compiled again. Loading the Play, course and classroom pages took the server 0.25 s of CPU each before,
and 0.19 s with the cache (two rounds of 15 loads each).

Once the server is up, what it has set up is frozen out of the garbage collector's sweeps (``gc.freeze``): a full
sweep took up to 115 ms here (87 ms in the middle of a benchmark run, 10 ms with the freeze), and every page's
messages waited for it.

``python -m atout.serve NOTEBOOKS [voila options]`` takes the same arguments as ``voila``.
"""

from __future__ import annotations

import os
import sys
from typing import Any

HEARTBEAT_ENV = "ATOUT_HEARTBEAT_S"
HEARTBEAT_MAX_S = 60.0


def heartbeat_for(cull_idle_timeout: float) -> float:
    """Seconds between an open page's heartbeats, for a server culling kernels idle ``cull_idle_timeout`` seconds.

    A quarter of the timeout: a page may miss beats (a busy kernel answers late; a browser wakes a hidden tab's
    timers once a minute at most) and still be well inside it. At most a minute, and a minute when nothing is
    culled (the beat is also how the page learns its kernel still answers).

    >>> heartbeat_for(180), heartbeat_for(15), heartbeat_for(1800), heartbeat_for(0)
    (45.0, 3.75, 60.0, 60.0)
    """
    if cull_idle_timeout <= 0:
        return HEARTBEAT_MAX_S
    return max(1.0, min(HEARTBEAT_MAX_S, cull_idle_timeout / 4))


REQUEST_URL = "VOILA_REQUEST_URL"
_addresses: dict[str, str] = {}     # kernel id -> the address its visitor asked for, until the kernel is told


def _started(task: Any) -> bool:
    """Whether a kernel of a pool has started and run its page up to its visitor's request (Voilà's pools hold the
    tasks that start them, a refill's among them, which waits ``fill_delay`` before it starts at all)."""
    return bool(task.done() and not task.cancelled() and task.exception() is None)


def _has_idle_clock(kernel: Any) -> bool:
    """Whether the kernel manager has given ``kernel`` its idle clock (``last_activity``), which it does once the
    kernel has started: until then the trait has no value, and reading it raises ``TraitError``."""
    from traitlets import TraitError

    try:
        return getattr(kernel, "last_activity", None) is not None
    except TraitError:
        return False


def _export_heartbeat(manager: Any) -> None:
    # Kernels inherit the server's environment (pooled ones when the pool is filled, the others per request).
    os.environ[HEARTBEAT_ENV] = repr(heartbeat_for(float(getattr(manager, "cull_idle_timeout", 0) or 0)))


def template_cache() -> Any:
    """A cache of Jinja's compiled templates, kept in memory, for every environment given it (``bytecode_cache``).
    Jinja stores a template's code under its name and file, with a checksum of its source; here the key also holds
    what the code depends on in the environment that loads it (async or not, its extensions, syntax and escaping),
    read as the template is loaded, since Voilà adds an extension after making the environment."""
    import jinja2  # the server's; a kernel imports this module for ``heartbeat_for`` and never needs Jinja

    class InMemory(jinja2.BytecodeCache):
        def __init__(self) -> None:
            self.code: dict[str, bytes] = {}

        def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None,
                       source: str) -> jinja2.bccache.Bucket:
            made_by = repr((environment.is_async, sorted(environment.extensions), environment.autoescape,
                            environment.finalize, environment.optimized, environment.newline_sequence,
                            environment.keep_trailing_newline, environment.trim_blocks, environment.lstrip_blocks,
                            environment.block_start_string, environment.block_end_string,
                            environment.variable_start_string, environment.variable_end_string,
                            environment.comment_start_string, environment.comment_end_string,
                            environment.line_statement_prefix, environment.line_comment_prefix))
            bucket = jinja2.bccache.Bucket(environment, f"{made_by}:{self.get_cache_key(name, filename)}",
                                           self.get_source_checksum(source))
            self.load_bytecode(bucket)
            return bucket

        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            if bucket.key in self.code:
                bucket.bytecode_from_string(self.code[bucket.key])

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            self.code[bucket.key] = bucket.bytecode_to_string()

    return InMemory()


def _patch_voila() -> None:
    from atout.iri_check import without_iri_format_check

    with without_iri_format_check():      # 1.1 s of the server's start, of 1.6 s importing Voilà, went to that check
        import voila.app
        import voila.handler
        import voila.request_info_handler
    from jupyter_server._tz import utcnow

    make_manager = voila.app.voila_kernel_manager_factory

    def factory(*args: Any, **kwargs: Any) -> type:
        manager = make_manager(*args, **kwargs)
        handing_out = getattr(manager, "get_rendered_notebook", None)
        filling = getattr(manager, "fill_if_needed", None)
        namespace: dict[str, Any] = {}

        def __init__(self: Any, **kw: Any) -> None:
            manager.__init__(self, **kw)
            _export_heartbeat(self)

        namespace["__init__"] = __init__
        culling = getattr(manager, "cull_kernel_if_idle", None)
        if culling is not None:
            async def cull_kernel_if_idle(self: Any, kernel_id: str) -> Any:
                # The culler lists the kernels, then waits on each idle one's shutdown in turn: one given back by its
                # page meanwhile is gone by its turn; one whose start has not yet set its idle clock has none to read
                # (reading the unset trait raises TraitError, where Jupyter expects no attribute). Neither is idle.
                kernel = self._kernels.get(kernel_id)
                if kernel is None or not _has_idle_clock(kernel):
                    self.log.debug("Not culling kernel %s: it is gone, or still starting", kernel_id)
                    return None
                return await culling(self, kernel_id)

            namespace["cull_kernel_if_idle"] = cull_kernel_if_idle
        if filling is not None:
            def fill_if_needed(self: Any, *a: Any, **kw: Any) -> Any:
                # Called while the manager is made, once its configuration is read: the pool's kernels start here.
                _export_heartbeat(self)
                return filling(self, *a, **kw)

            namespace["fill_if_needed"] = fill_if_needed
        if handing_out is not None:
            def get_pool_size(self: Any, notebook_name: str) -> int:
                return sum(1 for task in self._pools.get(notebook_name, []) if _started(task))

            async def get_rendered_notebook(self: Any, notebook_name: str, *a: Any, **kw: Any) -> Any:
                pool = self._pools.get(notebook_name, [])
                ready = next((i for i, task in enumerate(pool) if _started(task)), 0)
                pool.insert(0, pool.pop(ready))          # Voilà hands out the first: the first that is ready
                extra = dict(kw.pop("extra_kernel_env_variables", None) or {})
                address = extra.pop(REQUEST_URL, None)
                result = await handing_out(self, notebook_name, *a, extra_kernel_env_variables=extra, **kw)
                if address is not None:
                    _addresses[result[2]] = address
                kernel = self._kernels.get(result[2])
                if kernel is not None:
                    kernel.last_activity = utcnow()
                return result

            namespace["get_rendered_notebook"] = get_rendered_notebook
            namespace["get_pool_size"] = get_pool_size
        return type(manager.__name__, (manager,), namespace)

    voila.app.voila_kernel_manager_factory = factory

    hand_over = voila.request_info_handler.RequestInfoSocketHandler.send_updates.__func__

    def send_updates(cls: Any, msg: dict[str, Any]) -> None:
        address = _addresses.pop(msg.get("kernel_id", ""), None)
        if address is not None and isinstance(msg.get("payload"), dict):
            msg = {**msg, "payload": {**msg["payload"], REQUEST_URL: address}}
        hand_over(cls, msg)

    voila.request_info_handler.RequestInfoSocketHandler.send_updates = classmethod(send_updates)

    render = voila.handler.VoilaHandler.get_generator

    async def get_generator(self: Any, *args: Any, **kwargs: Any) -> Any:
        _ = self.xsrf_token   # read once, tornado sets the _xsrf cookie the page's unload needs
        async for chunk in render(self, *args, **kwargs):
            yield chunk

    voila.handler.VoilaHandler.get_generator = get_generator

    import voila.exporter

    templates = template_cache()
    create_environment = voila.exporter.VoilaExporter._create_environment

    def _create_environment(self: Any) -> Any:
        environment = create_environment(self)
        environment.bytecode_cache = templates
        return environment

    voila.exporter.VoilaExporter._create_environment = _create_environment

    listen = voila.app.Voila.listen

    def listen_then_freeze(self: Any) -> None:
        import gc

        import tornado.ioloop

        def freeze() -> None:
            # Everything the server set up (modules, templates, configuration) lives as long as it does: left out of
            # the collector's sweeps, a full sweep no longer stalls every page's messages for tens of milliseconds.
            gc.collect()
            gc.freeze()

        tornado.ioloop.IOLoop.current().add_callback(freeze)
        _records_only_what_is_printed(self.log, self.log_level)
        listen(self)

    voila.app.Voila.listen = listen_then_freeze
    _parse_message_dates_quickly()
    _guard_the_server()


def _guard_the_server() -> None:
    """What keeps a shared server's pages from abusing it (``atout.server_guard``): each kernel answers to the page
    it was handed to, kernels per client are capped, each page's kernel learns its client, and no request answers
    with a traceback. After the patches above: the guard wraps what they made."""
    from atout import server_guard

    server_guard.install()


def _find_atout_template() -> None:
    """Put Atout's Voilà template (``atout`` in ``voila.json``: the lab template without what it fetched from other
    hosts) where Voilà looks for templates, Jupyter's data folders: ``JUPYTER_PATH`` comes first among them."""
    from atout.resources import data_folder

    folders = [str(data_folder("jupyter")), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(folders))


def _records_only_what_is_printed(log: Any, level: int) -> None:
    """traitlets leaves the server's logger at DEBUG and filters at its handler, so every debug call (the kernel
    manager makes one for each message a kernel sends) built a record that was then dropped: 6 % of the server's
    time while pages opened (py-spy). The logger itself now takes the level the server logs at.

    Nor does it log that a page "is not trusted" each time one is opened: the pages are Atout's own, shipped without
    outputs, and Voilà runs them whatever their trust (a notebook's trust is about showing outputs it did not make)."""
    log.setLevel(level)
    log.addFilter(lambda record: record.msg != "Notebook %s is not trusted")


def _parse_message_dates_quickly() -> None:
    """jupyter_client reads the times in every kernel message's headers with dateutil's ISO parser, the server's
    largest single cost while pages opened (14 % of its samples, py-spy). For the timestamps it accepts (its own
    pattern, checked first), Python's ``datetime.fromisoformat`` gives the same value, sixty times faster."""
    from datetime import datetime

    import jupyter_client.jsonutil

    jupyter_client.jsonutil._dateutil_parse = datetime.fromisoformat


def main() -> None:
    _find_atout_template()
    _patch_voila()
    from voila.app import main as voila_main

    sys.exit(voila_main())


if __name__ == "__main__":
    main()

"""Run Voilà for the site, with a fix to how it hands out preheated kernels and a lighter garbage collector.

Voilà 0.5 protects kernels waiting in the preheated pool from the idle culler, but the moment a page
takes one, its idle clock still counts from when the kernel started. A pooled kernel older than the
culling timeout can then be culled before the page connects, and the page never comes alive (seen
here: "Culling 'idle' kernel … due to 179 seconds of inactivity" right after "Using pre-heated
kernel"). Handing a kernel out is activity: this resets its clock then.

Once the server is up, what it has set up is frozen out of the garbage collector's sweeps (``gc.freeze``): a full
sweep took up to 115 ms here (87 ms in the middle of a benchmark run, 10 ms with the freeze), and every page's
messages waited for it.

``python -m atout.serve NOTEBOOKS [voila options]`` takes the same arguments as ``voila``.
"""

from __future__ import annotations

import sys
from typing import Any


def _patch_voila() -> None:
    import voila.app
    from jupyter_server._tz import utcnow

    make_manager = voila.app.voila_kernel_manager_factory

    def factory(*args: Any, **kwargs: Any) -> type:
        manager = make_manager(*args, **kwargs)
        handing_out = getattr(manager, "get_rendered_notebook", None)
        if handing_out is None:          # no preheating: nothing to fix
            return manager

        async def get_rendered_notebook(self: Any, *a: Any, **kw: Any) -> Any:
            result = await handing_out(self, *a, **kw)
            kernel = self._kernels.get(result[2])
            if kernel is not None:
                kernel.last_activity = utcnow()
            return result

        manager.get_rendered_notebook = get_rendered_notebook
        return manager

    voila.app.voila_kernel_manager_factory = factory

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
        listen(self)

    voila.app.Voila.listen = listen_then_freeze


def main() -> None:
    _patch_voila()
    from voila.app import main as voila_main

    sys.exit(voila_main())


if __name__ == "__main__":
    main()

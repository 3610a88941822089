"""The idle culler's pass meets kernels that come and go meanwhile without a traceback in the server's log.

Jupyter Server's culler lists the kernels, then checks each in turn, waiting for each idle one's shutdown. A kernel
its page gave back meanwhile was gone from the table by its turn: ``KeyError`` and a traceback in the log ("The
following exception was encountered while checking the idle duration of kernel …"), seen on the site's own server
while a class's pages were closing. Here the turn is made to come after the page's shutdown on purpose: the first
kernel's process is stopped (SIGSTOP), so its culling waits for the kernel manager's shutdown time before killing it,
and meanwhile the second page is closed as a tab closes.

A kernel is also in the manager's table a moment before its start gives it its idle clock (``last_activity``, set by
the server once the kernel's start returns): reading the unset clock raised ``TraitError``, with the same traceback.
That moment is too short to meet on a server on purpose; the site's kernel manager is given such a kernel instead.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from contextlib import suppress

from atout.site_client import open_page
from atout.site_client import run_to_end as run
from tests.programs import printed_by_a_new_process
from tests.site.conftest import ARTIFACTS, CULL_IDLE, CULL_INTERVAL, running_voila, wait_for

LOG = ARTIFACTS / "voila-culler.log"


def test_a_kernel_given_back_while_the_culler_waits_on_another_is_passed_over_without_a_traceback(
        tmp_path_factory):
    with running_voila("voila-culler", tmp_path_factory.mktemp("atout-data-culler")) as server:
        stopped: list[int] = []

        async def visit() -> tuple[str, str, int]:
            first = await open_page(server.url, "/voila/render/play.ipynb")
            second = await open_page(server.url, "/voila/render/play.ipynb")
            assert first.error is None and second.error is None, (first.error, second.error)
            stopped.append(server.kernel_pid(first.kernel_id))
            os.kill(stopped[0], signal.SIGSTOP)     # the culler's turn on it lasts the kernel manager's shutdown wait
            culling = re.compile(rf"Culling 'idle' kernel .*\({re.escape(first.kernel_id)}\)")
            deadline = time.monotonic() + CULL_IDLE * 8
            while not culling.search(LOG.read_text(errors="replace")):
                assert time.monotonic() < deadline, "the stopped page's kernel was never culled"
                await asyncio.sleep(0.2)
            return first.kernel_id, second.kernel_id, await second.shut_down()   # its tab closes meanwhile

        try:
            first, second, given_back = run(visit())
            assert given_back == 204
            assert wait_for(lambda: not {first, second} & server.kernel_ids(), 60)
            # The culler goes on to the second as soon as the first is gone: what it made of it is in the log by then;
            # a few of its rounds are given to it all the same.
            wait_for(lambda: "Traceback" in LOG.read_text(errors="replace"), 3 * CULL_INTERVAL)
        finally:
            for pid in stopped:
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)
    log = LOG.read_text(errors="replace")
    assert "Traceback" not in log and "exception was encountered" not in log, log[-4000:]


CULLING_A_KERNEL_STILL_STARTING = """
import asyncio, logging
from atout.serve import _patch_voila
_patch_voila()
import voila.app
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
manager = voila.app.voila_kernel_manager_factory(AsyncMappingKernelManager, False, 0)(cull_idle_timeout=1)
manager._kernels['starting'] = ServerKernelManager(kernel_name='python3')   # in the table, its clock not yet set
said = []
handler = logging.Handler()
handler.emit = lambda record: said.append(record)
manager.log.addHandler(handler)
asyncio.run(manager.cull_kernels())
print([record.getMessage()[:200] for record in said if record.levelno >= logging.WARNING])
print('starting' in manager._kernels)
"""


def test_the_culler_passes_over_a_kernel_whose_start_has_not_set_its_idle_clock():
    warned, kept = printed_by_a_new_process(CULLING_A_KERNEL_STILL_STARTING).splitlines()
    assert (warned, kept) == ("[]", "True")

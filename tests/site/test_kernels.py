"""Kernels are given back: pages dropped without an unload are culled while an open page, idle all that time, keeps
its kernel, and the preheated course page still works after its pooled kernel has sat idle past the culling timeout.
One wait for the culler serves every side of it.

Kernels are told apart by their ids, never counted: the run's other workers open and close pages on the same server
meanwhile."""

import json
import stat
import tempfile
import time
from pathlib import Path

import pytest

from atout.kernel_fork import connection_file_of
from atout.site import kernel_transport
from tests.site.conftest import CULL_IDLE, CULL_INTERVAL, fresh_tab, in_front, open_page, wait_for
from tests.site.test_shell import BANNER, LEGAL, kernel_id, play_a_card

DROPPED = 3     # a whole class of 30 pages, dropped and culled, is the class_kernels benchmark's


def test_dropped_pages_give_their_kernels_back_an_open_idle_page_keeps_its_and_the_pool_survives(
        chromium_profile, tabs, voila_server, page):
    base = voila_server.url
    wait_for(lambda: voila_server.kernels() >= 1, 60)       # the course page's preheated kernel
    open_page(page, base, "classroom.ipynb", ready=LEGAL)
    kept = kernel_id(page)
    idle_from = time.monotonic()         # the open page is left alone from here on, while the others come and go
    dropped = []
    for _ in range(DROPPED):
        dropped_page = fresh_tab(chromium_profile, base)
        open_page(dropped_page, base, "index.ipynb", ready="[data-testid=games-index]")
        dropped.append(kernel_id(dropped_page))
        dropped_page.close(run_before_unload=False)    # abandoned: no unload, no shutdown request, no more beats
    in_front(page)
    assert len(set(dropped)) == DROPPED, f"the dropped pages shared kernels: {dropped}"
    assert dropped[-1] in voila_server.kernel_ids(), "dropped pages should hold kernels until culled"
    assert wait_for(lambda: not set(dropped) & voila_server.kernel_ids(), CULL_IDLE * 8), (
        f"the dropped pages' kernels {sorted(set(dropped) & voila_server.kernel_ids())} were not culled")
    # Keep the open page idle (however long the dropped pages took) past the culling timeout and three rounds of the
    # culler, by when a page without its heartbeat would have lost its kernel; then click it.
    idle_enough = CULL_IDLE + 3 * CULL_INTERVAL
    assert wait_for(lambda: time.monotonic() - idle_from > idle_enough, idle_enough + CULL_IDLE)
    assert kept in voila_server.kernel_ids(), "the open page's kernel was culled although the page was open"
    assert play_a_card(page)      # the announcement changed: the kernel answered the click
    assert page.locator(BANNER).count() == 0
    assert not page.errors
    # The pooled kernel is now older than the culling timeout: the course page must still come alive.
    course = tabs.take(base)
    open_page(course, base, "course.ipynb", ready=".atout-lesson-title")
    course.locator(".atout-lesson-link").first.click()
    course.wait_for_selector(".atout-lesson-link.atout-current")
    assert not course.errors
    tabs.give_back(course)


def test_a_pages_kernel_talks_to_the_server_over_unix_sockets(page, voila_server):
    """Over TCP a port picked for a kernel could be taken before the kernel bound it, and the kernel was restarted on
    the same ports until given up (``atout.site.kernel_transport``)."""
    if not kernel_transport():
        pytest.skip(f"this machine's temporary folder ({tempfile.gettempdir()}) is too long a path for sockets: "
                    "the site's kernels use TCP here")
    open_page(page, voila_server.url, "index.ipynb", ready="[data-testid=games-index]")
    connection_file = connection_file_of(voila_server.kernel_pid(kernel_id(page)))
    assert connection_file is not None
    connection = json.loads(Path(connection_file).read_text())
    assert connection["transport"] == "ipc", connection
    sockets = [Path(f"{connection['ip']}-{connection[channel]}")
               for channel in ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")]
    assert all(stat.S_ISSOCK(path.stat().st_mode) for path in sockets), sockets

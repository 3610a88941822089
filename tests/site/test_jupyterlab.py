"""A lesson in a real JupyterLab page, in Chromium: ``atout.lesson("45-trumps")`` in a cell shows its cards and
steps, its buttons reach the kernel, and a fault inside Atout is said under the lesson, with the step left as it was.

JupyterLab runs from a folder of the test's own, with its own settings, workspaces and runtime folders (nothing of
the user's), and no token: it listens on 127.0.0.1 for the length of this module.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.browser import free_port, serving, stop
from tests.site.conftest import ARTIFACTS, INTERACTIVE

LESSON = "45-trumps"
PLANT = ("from atout.widgets.lesson import LessonView\n"
         "def _planted(self):\n"
         "    raise TypeError('a fault planted by the test (tests/site/test_jupyterlab.py)')\n"
         "LessonView._moved = _planted")


def _notebook(*sources: str) -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"cell-{i}", "metadata": {},
                       "outputs": [], "source": source} for i, source in enumerate(sources)],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def jupyterlab(chromium, tmp_path_factory):
    home = tmp_path_factory.mktemp("jupyterlab")
    root = home / "notebooks"
    root.mkdir()
    (root / "lesson.ipynb").write_text(json.dumps(_notebook(f'import atout\natout.lesson("{LESSON}")', PLANT)))
    # No announcements pop-up over the notebook (JupyterLab asks whether to fetch news on a first start).
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false",
                                                                           "checkForUpdates": False}))
    port = free_port()
    # The kernel talks to JupyterLab over Unix sockets, as the site's do (atout.site.kernel_transport): over TCP a
    # port picked for it was once taken before it bound it, and JupyterLab restarted it on the same ports until it
    # gave up. The sockets live in the runtime folder, whose path must stay short (107 bytes at most).
    runtime = Path(tempfile.mkdtemp(prefix="atout-lab-"))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(runtime),
               IPYTHONDIR=str(home / "ipython"), PYTHONUNBUFFERED="1")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = open(ARTIFACTS / "jupyterlab.log", "w")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--allow-root", "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={root}",
         f"--LabApp.user_settings_dir={home / 'settings'}", f"--LabApp.workspaces_dir={home / 'workspaces'}",
         "--KernelManager.transport=ipc"],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        if not serving(base, server, 120):
            pytest.fail("JupyterLab did not start: " + (ARTIFACTS / "jupyterlab.log").read_text()[-3000:])
        yield base
    finally:
        stop(server, 30)
        log.close()
        shutil.rmtree(runtime, ignore_errors=True)


def _run_cell(page, index: int, timeout: float = INTERACTIVE) -> None:
    """Run the notebook's cell ``index`` as a user does: click into it, then Shift+Enter; wait for its prompt to
    show its number (run, its output drawn)."""
    cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    cell.locator(".jp-InputPrompt", has_text=f"[{index + 1}]").wait_for(timeout=timeout)


def test_a_lesson_in_a_jupyterlab_cell_works_and_says_a_fault_under_itself(chromium, jupyterlab):
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(INTERACTIVE)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(jupyterlab + "/lab/tree/lesson.ipynb")
        page.locator(".jp-Notebook .jp-Cell").nth(1).wait_for()
        # The kernel has started and answered (the status bar names it, idle), so the first run is not lost.
        page.locator(".jp-StatusBar-Widget", has_text="Idle").first.wait_for(timeout=2 * INTERACTIVE)

        _run_cell(page, 0, timeout=2 * INTERACTIVE)        # the kernel imports Atout and builds the lesson
        lesson = page.locator(f".atout-lesson-{LESSON}")
        lesson.wait_for()
        counter = lesson.locator(".atout-lesson-nav")
        counter.get_by_text("Step 1 of").wait_for()
        assert lesson.locator("svg").count() > 0, "the lesson's first step shows no card"
        lesson.locator(".atout-lesson-next").click()            # a round trip: the button reaches the kernel
        counter.get_by_text("Step 2 of").wait_for()
        notice = page.locator(".atout-fault-notice")
        assert notice.count() == 1 and not notice.is_visible()

        _run_cell(page, 1)                                       # a fault planted in the widget's next move
        lesson.locator(".atout-lesson-next").click()
        notice.wait_for(state="visible")
        said = notice.inner_text()
        assert "Something went wrong inside Atout, so what you just did was not done. The lesson still works" in said
        assert "run its cell again" in said
        assert counter.get_by_text("Step 2 of").is_visible()     # the step was put back as it was
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-lesson-fault.png"))
        notice.get_by_role("button", name="Carry on").click()
        notice.wait_for(state="hidden")
        assert errors == [], errors
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-failed.png"))
        raise
    finally:
        context.close()


"""The deployment recipes of ``deploy/``, run as an administrator would run them, on this machine: a real JupyterHub
(PyPI's ``jupyterhub``, npm's ``configurable-http-proxy``), a real HAProxy (Debian's) in front of several
``atout serve``, each with a throwaway PostgreSQL (``postgres_server``), and Chromium driving a class through them.

Without JupyterHub, its proxy or HAProxy these tests skip locally, saying how to install them; in CI (``CI=true``) they
fail, as a missing Chromium or PostgreSQL does (``tests/conftest.py``).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from atout.live.codes import normalise
from atout.live.store import open_store
from tests.browser import OwnBrowsers, descendants, processes
from tests.site.conftest import INTERACTIVE
from tests.site.test_live import first_question

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
ARTIFACTS = ROOT / "tests" / "artifacts"
START_S = 180              # a hub, its service or a user's server starting on a loaded two-core machine


def need(what: str, found: object, how: str) -> None:
    """Skip without ``what`` locally, saying ``how`` to install it; in CI (CI=true) fail instead."""
    if found:
        return
    message = f"{what} is not installed: {how}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


def configurable_http_proxy() -> str | None:
    """JupyterHub's proxy from npm: the checkout's (``npm install``, which make test runs), else the PATH's."""
    local = ROOT / "node_modules" / ".bin" / "configurable-http-proxy"
    return str(local) if local.exists() else shutil.which("configurable-http-proxy")


def haproxy() -> str | None:
    return shutil.which("haproxy") or next((p for p in ("/usr/sbin/haproxy",) if Path(p).exists()), None)


def answers(url: str, codes: Callable[[int], bool] = lambda code: code < 500) -> bool:
    """Whether ``url`` answers with a status ``codes`` accepts (a redirect is not followed)."""
    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(Stay).open(url, timeout=5) as response:
            return codes(response.status)
    except urllib.error.HTTPError as error:
        return codes(error.code)
    except OSError:
        return False


def wait_until(condition: Callable[[], bool], seconds: float, proc: subprocess.Popen | None = None) -> bool:
    """Poll a server's start (not a page) until ``condition`` holds; False once ``proc`` has exited or time is up."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            return False
        if condition():
            return True
        time.sleep(0.3)
    return condition()


def log_tail(path: Path, chars: int = 4000) -> str:
    return path.read_text(errors="replace")[-chars:] if path.exists() else "(no log)"


@contextmanager
def running(command: list[str], log: Path, env: dict[str, str], cwd: Path) -> Iterator[subprocess.Popen]:
    """A server for the time of the ``with``, its output in ``log``, stopped by SIGTERM as a service manager stops it.
    Each recipe's servers stop what they started (the hub its proxy, service and users' servers; ``atout serve`` its
    Voilà and kernels): whatever is left running 15 s after is killed, by id, and fails the test."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with open(log, "w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    try:
        yield proc
    finally:
        table = processes()
        started = {pid: table[pid][1] for pid in descendants(proc.pid, table)}
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

        def left() -> dict[int, bytes]:     # the same process (pid and command line), not yet a zombie
            now = processes()
            return {pid: cmd for pid, cmd in started.items() if pid in now and now[pid][1] == cmd}

        wait_until(lambda: not left(), 15)
        stray = left()
        for pid in stray:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        assert not stray, ("left running once the server had stopped: "
                           + "; ".join(cmd.replace(b"\0", b" ").decode(errors="replace")[:160]
                                       for cmd in stray.values()))


@pytest.fixture(scope="module")
def class_database(postgres_server) -> Iterator[str]:
    """The class store every server of a recipe shares: a schema of its own at the run's PostgreSQL."""
    import psycopg
    from psycopg.conninfo import make_conninfo

    schema = f"deploy_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield make_conninfo(postgres_server, options=f"-csearch_path={schema}")
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def opened(chromium):
    """Pages of browser contexts of their own (each person's browser: their own cookies); page errors fail the
    test."""
    browsers = OwnBrowsers(chromium, INTERACTIVE)
    yield browsers.open
    assert not browsers.close()


def join(page, code: str, name: str, link: str | None = None, course: str | None = None) -> None:
    """A student joins: from the teacher's ``link`` (its code filled in), or on the ``course`` page with the code."""
    if link is not None:
        page.goto(link)
        page.wait_for_selector(".atout-live-name input")
        assert page.locator(".atout-live-code input").input_value() == code
    else:
        page.goto(course)
        page.locator(".atout-live-open").click()
        page.locator(".atout-live-code input").fill(code)
    page.locator(".atout-live-name input").fill(name)
    page.locator(".atout-live-join").click()
    page.wait_for_selector("[data-testid=live-joined]")


def answer_and_reveal(teacher, right_page, wrong_page) -> None:
    """The teacher asks the lesson's first question; one student answers right, the other wrong; the teacher's chart
    counts both; the reveal reaches each student."""
    question, right, wrong = first_question()
    teacher.locator(".atout-live-ask").click()
    for page, choice in ((right_page, right), (wrong_page, wrong)):
        page.wait_for_selector("[data-testid=live-question][data-number='1']")
        page.locator(f".atout-live-choice-{choice}").click()
        page.locator(".atout-live-send").click()
        page.wait_for_selector("[data-testid=live-sent]")
    chart = teacher.wait_for_selector("[data-testid=live-chart][data-answered='2']")
    assert chart.query_selector(f"[data-choice='{right}']").get_attribute("data-count") == "1"
    assert chart.query_selector(f"[data-choice='{wrong}']").get_attribute("data-count") == "1"
    teacher.locator(".atout-live-reveal").click()
    teacher.wait_for_selector("[data-testid=live-answer]")
    assert right_page.wait_for_selector("[data-testid=live-verdict]").inner_text().startswith("Right!")
    assert wrong_page.wait_for_selector("[data-testid=live-verdict]").inner_text().startswith("Not quite.")


def kept_names(database: str, code: str) -> list[str]:
    """The students the shared store keeps for the class ``code``."""
    kept = open_store(url=database)
    try:
        row = kept.class_by("code", normalise(code))
        assert row is not None
        return [student.name for student in kept.students(row.id)]
    finally:
        kept.close()

"""One Voilà server per test run, shared by every browser test on every worker, and one Chromium per worker, whose
pages are tabs of one profile taken and given back by the tests (``Tabs``).

Chromium is Debian's (``tests.browser.chromium_path``: its headless shell, else its full browser), driven by Playwright
for Python; Playwright's own browser download is never used. Without Chromium these tests skip locally with a message
saying how to install it; in CI (``CI=true``) a missing Chromium is a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from atout.site import NOTEBOOKS, voila_command
from tests.browser import free_port, server_kernels, serving, stop
from tests.conftest import SHARED_SERVER, locked, need_chromium, shared_run_folder

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
INTERACTIVE = 60_000   # ms: a page's first render on a loaded 2-core machine
CULL_IDLE = 15         # s: the test server culls idle kernels sooner than the real site (180 s); open pages
                       # beat every CULL_IDLE / 4 s (atout.serve.heartbeat_for)
CULL_INTERVAL = 2


class Server:
    def __init__(self, url: str, pid: int, data: Path | None = None, database_url: str | None = None) -> None:
        self.url = url
        self.pid = pid
        self.data = data                    # its kernels' data folder (ATOUT_DATA)
        self.database_url = database_url    # and their PostgreSQL store, if they use one (ATOUT_DATABASE_URL)

    def kernels(self) -> int:
        """How many kernel processes the server is running now (read from /proc, as the site benchmark does)."""
        return len(server_kernels(self.pid))

    def kernel_pids(self) -> dict[int, str]:
        """The server's kernel processes: pid -> kernel id."""
        return server_kernels(self.pid)

    def kernel_ids(self) -> set[str]:
        return set(server_kernels(self.pid).values())

    def kernel_pid(self, kernel_id: str) -> int:
        """The process of the kernel ``kernel_id`` (there must be exactly one)."""
        [pid] = [pid for pid, its in server_kernels(self.pid).items() if its == kernel_id]
        return pid


FAULT_STARTUP = Path(__file__).with_name("fault_startup.py")


def fault_planting_ipython(data: Path) -> Path:
    """An IPython folder for the test server's kernels whose one startup file plants a fault in core for a page opened
    with ``atout-test-fault`` in its address (``fault_startup.py``); nothing else of the user's IPython is used."""
    folder = data.parent / f"{data.name}-ipython"
    startup = folder / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    (startup / "00-atout-test-fault.py").write_text(FAULT_STARTUP.read_text())
    return folder


def start_voila(name: str, data: Path, database_url: str | None = None, quick_culling: bool = True,
                environment: dict[str, str] | None = None) -> tuple[subprocess.Popen, Server]:
    """Start a Voilà server of the site, its live classes in ``data`` (SQLite) or at ``database_url`` (PostgreSQL); its
    log in tests/artifacts/<name>.log. ``quick_culling``: idle kernels go after ``CULL_IDLE`` seconds (else after the
    site's own timeout, ``voila.json``). ``environment``: more variables for the server (a shared server's settings)."""
    port = free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    command = (voila_command(port, NOTEBOOKS, cull_idle_timeout=CULL_IDLE, cull_interval=CULL_INTERVAL)
               if quick_culling else voila_command(port, NOTEBOOKS))
    env = {key: value for key, value in os.environ.items() if key != "ATOUT_DATABASE_URL"}
    env.update(PYTHONUNBUFFERED="1", ATOUT_DATA=str(data), IPYTHONDIR=str(fault_planting_ipython(data)))
    if database_url:
        env["ATOUT_DATABASE_URL"] = database_url
    env.update(environment or {})
    with open(ARTIFACTS / f"{name}.log", "w") as log:       # the server writes on to its own copy of the file
        proc = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    if not serving(base, proc, 120):
        proc.kill()
        pytest.fail("the Voilà server did not start: " + (ARTIFACTS / f"{name}.log").read_text()[-3000:])
    return proc, Server(base, proc.pid, data, database_url)


@contextmanager
def running_voila(name: str, data: Path, database_url: str | None = None, quick_culling: bool = True,
                  environment: dict[str, str] | None = None) -> Iterator[Server]:
    """A Voilà server (``start_voila``) for the time of the ``with``."""
    proc, server = start_voila(name, data, database_url, quick_culling, environment)
    try:
        yield server
    finally:
        stop(proc)


@pytest.fixture(scope="session")
def voila_server(request, tmp_path_factory):
    """The run's one server. Its live classes are kept in a folder of the run's own (``ATOUT_DATA``), never in the
    user's data folder, on SQLite, the default store.

    On several processes (pytest-xdist) the first worker to need it starts it and leaves its address in the folder
    the workers share (``shared_run_folder``); the others find it there, and the controller stops it once every worker
    is done (``tests/conftest.py``), since the worker that started it may finish first."""
    need_chromium()
    shared = shared_run_folder(request.config)
    if shared is None:
        with running_voila("voila", tmp_path_factory.mktemp("atout-data")) as server:
            yield server
        return
    with locked(shared / "voila.lock"):
        record = shared / SHARED_SERVER
        if record.exists():
            server = Server(**json.loads(record.read_text()))
            server.data = Path(server.data)
        else:
            (shared / "atout-data").mkdir(exist_ok=True)
            _proc, server = start_voila("voila", shared / "atout-data")
            record.write_text(json.dumps({**vars(server), "data": str(server.data)}))
    yield server


@pytest.fixture(scope="session")
def voila_class_server(tmp_path_factory, postgres_server):
    """The live class's server: its kernels keep their classes at the run's PostgreSQL server, as a site whose
    machines share one store does (``ATOUT_DATABASE_URL`` in the server's environment, for every kernel at once).

    Why not the run's server: a class is four pages open together, and the run's server culls a kernel after
    ``CULL_IDLE`` seconds of quiet (to test culling quickly). On a loaded two-core machine a page's front end can take
    longer than that to connect after its kernel has run the notebook, and a student's page sits quiet while the
    others load: the server culled them mid-test. This server culls as the site does (``voila.json``).
    """
    with running_voila("voila-class-postgresql", tmp_path_factory.mktemp("atout-data-postgresql"), postgres_server,
                       quick_culling=False) as server:
        yield server


@pytest.fixture(scope="session")
def voila_class_server_sqlite(tmp_path_factory):
    """A live class's server on SQLite, the default store, culling as the site does (``voila_class_server`` says
    why); its classes in a data folder of its own (``ATOUT_DATA``)."""
    need_chromium()
    with running_voila("voila-class-sqlite", tmp_path_factory.mktemp("atout-data-class-sqlite"),
                       quick_culling=False) as server:
        yield server


@pytest.fixture(scope="session")
def voila_url(voila_server):
    return voila_server.url


def first_visit(profile, page, base: str, visit_tree: bool = True) -> None:
    """Clear the site's cookies and storage in the profile's context (``chromium_profile``: the language chosen, the
    progress kept), so that ``page`` finds the site as a first visit does; with ``visit_tree``, the tree page is
    visited for the XSRF cookie Voilà's unload needs. The cookies that bind the other tabs' pages to their kernels
    (``atout.server_guard``) are kept: a first visit in one tab is no reason for another tab's page to lose the right
    to give its kernel back."""
    from atout.server_guard import KERNEL_COOKIE, SHUTDOWN_COOKIE

    kept = [cookie for cookie in profile.cookies() if cookie["name"] in (KERNEL_COOKIE, SHUTDOWN_COOKIE)]
    profile.clear_cookies()
    if kept:
        profile.add_cookies(kept)
    session = profile.new_cdp_session(page)
    session.send("Storage.clearDataForOrigin",             # not the caches: what the profile is kept for
                 {"origin": base, "storageTypes": "local_storage,indexeddb,cache_storage,service_workers"})
    session.detach()
    if visit_tree:
        profile.request.get(base + "/")


def _watch(page, viewport: tuple[int, int], reduced_motion: str | None) -> None:
    """The window's size and motion, the tests' timeout, and ``page.errors`` collecting the page's errors."""
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.emulate_media(media="null", reduced_motion=reduced_motion or "null")
    page.set_default_timeout(INTERACTIVE)
    errors: list[str] = []
    page.errors = errors
    page.error_listener = lambda exc: errors.append(str(exc))
    type(page).on(page, "pageerror", page.error_listener)


def in_front(page):
    """``page``, its tab brought to the front: the tabs of a context share one window, and a page in a tab behind
    another is hardly drawn (a course page ran 3 animation frames in 2 s behind, 122 in front), so that a click
    waited 2 s for its element to hold still, against 0.06 s in front. Measured in the full browser, before the tests
    took the headless shell; not measured again there."""
    page.bring_to_front()
    return page


def fresh_tab(profile, base: str, viewport: tuple[int, int] = (1280, 900), reduced_motion: str | None = None,
              visit_tree: bool = True):
    """A new tab of the profile's context, as a first visit finds the site (``first_visit``), for a test that closes
    it itself; page errors are collected in ``page.errors``."""
    page = profile.new_page()
    first_visit(profile, page, base, visit_tree)
    _watch(page, viewport, reduced_motion)
    return page


# What a test may give a tab that stays with it from one page to the next: such a tab is not used again.
LASTING = ("on", "once", "add_init_script", "route", "route_from_har", "expose_function", "expose_binding",
           "set_extra_http_headers", "add_locator_handler")


class Tabs:
    """The tabs of the profile's context that the browser tests take and give back, one test at a time.

    A tab taken finds the site as a first visit does (``first_visit``). A tab given back is moved to a blank page, whose
    navigation runs the page's unload (which gives its kernel back, as closing the tab did), and a later test takes it
    again. Why: a new tab costs Chromium more than its page's load (the Play page: 1.67 s of Chromium's CPU loaded in
    new tabs, 1.11 s in one tab moved from page to page; medians of 5 loads, in the full browser, before the tests took
    the headless shell). A tab to which the test gave something lasting (``LASTING``: a script for every page, a
    route, a listener) is closed instead."""

    def __init__(self, profile) -> None:
        self.profile = profile
        self.idle: list = []
        self.marked: set = set()
        self.own: set = set()

    def take(self, base: str, viewport: tuple[int, int] = (1280, 900), reduced_motion: str | None = None,
             locale: str | None = None):
        """A tab; with ``locale``, a browser in that language (its pages' ``navigator.language`` and the
        Accept-Language of its requests, as Playwright's ``locale`` option sets them) until it is given back."""
        while self.idle and self.idle[-1].is_closed():
            self.idle.pop()
        page = in_front(self.idle.pop() if self.idle else self._open())
        first_visit(self.profile, page, base)
        _watch(page, viewport, reduced_motion)
        page.speaking = None
        if locale:
            # Chromium keeps these for as long as the session that set them: detached, the tab is the profile's again.
            page.speaking = self.profile.new_cdp_session(page)
            page.speaking.send("Emulation.setLocaleOverride", {"locale": locale})
            page.speaking.send("Network.setUserAgentOverride",
                               {"userAgent": page.evaluate("navigator.userAgent"), "acceptLanguage": locale})
        return page

    def _open(self):
        page = self.profile.new_page()
        self.own.add(page)
        for name in LASTING:
            lasting = getattr(page, name)

            def marking(*args, lasting=lasting, **kwargs):
                self.marked.add(page)
                return lasting(*args, **kwargs)

            setattr(page, name, marking)
        return page

    def give_back(self, page) -> None:
        if page.is_closed():
            return
        type(page).remove_listener(page, "pageerror", page.error_listener)
        if page.speaking:
            page.speaking.detach()

        def leave(dialog):          # "Leave this game?": yes
            dialog.accept()

        type(page).on(page, "dialog", leave)
        if page in self.marked:
            self.marked.discard(page)
            page.close(run_before_unload=True)
            return
        try:
            page.goto("about:blank")
        except Exception:       # noqa: BLE001 - a tab that cannot leave its page is not used again
            page.close()
            return
        type(page).remove_listener(page, "dialog", leave)
        self.idle.append(page)


@pytest.fixture(scope="session")
def tabs(chromium_profile) -> Tabs:
    return Tabs(chromium_profile)


@pytest.fixture
def page(chromium_profile, tabs, voila_url, request):
    """A page that finds the site as a first visit does; its kernel is given back at the end (``Tabs``)."""
    before = set(chromium_profile.pages)
    page = tabs.take(voila_url)
    yield page
    try:
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    finally:
        for tab in chromium_profile.pages:      # any page the test opened from it
            if tab not in before and tab not in tabs.own:
                tab.close(run_before_unload=True)
        tabs.give_back(page)


def wait_for(condition, seconds: float) -> bool:
    """Poll a server-side condition (kernel processes), not a page; True once it holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.5)
    return condition()


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def serious_violations(page) -> list[dict]:
    """axe-core's serious and critical accessibility violations on the page as it is now."""
    if not AXE.exists():
        message = "axe-core is not installed: run npm install (make test does it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["html"][:160] for n in v["nodes"][:3]]}
            for v in found if v["impact"] in ("serious", "critical")]


def open_page(page, voila_url: str, notebook: str, ready: str = ".jupyter-widgets, [data-testid]"):
    """Open a notebook page and wait until its widgets are drawn; fail on a Voilà error."""
    page.goto(f"{voila_url}/voila/render/{notebook}")
    page.wait_for_selector(ready, state="visible")
    assert page.locator(".voila-error").count() == 0, page.locator(".voila-error").inner_text()
    return page


def quiz_question(page, number: int):
    """The lesson's quiz (not a step's "try it" question, which it replaces) at question ``number``, once its
    choices are drawn."""
    quiz = page.locator(".atout-quiz", has=page.locator("h3", has_text=f"Quiz: question {number} of"))
    quiz.locator(".atout-quiz-choice").first.wait_for()
    return quiz


def step_to_quiz(page, lesson):
    """Click through every step of the open ``lesson`` page, checking each step's counter; its quiz's first question."""
    steps = len(lesson.steps)
    for i in range(steps):
        page.wait_for_selector(f".atout-lesson-counter:has-text('Step {i + 1} of {steps}')")
        page.locator(".atout-lesson-next").click()
    return quiz_question(page, 1)

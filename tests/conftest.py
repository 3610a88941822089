import fcntl
import json
import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from atout.live.pgtemp import INSTALL_HINT, TempPostgres, find_binaries
from tests.browser import CHROMIUM_ARGS, chromium_path, missing_chromium, stop_process

DATA = Path(__file__).parent / "data"

# The tests keep live classes in a folder of their own, never in the user's data folder (ATOUT_DATA, else
# ~/.local/share/atout): a class database a newer Atout left there is refused by an older one, and the tests would
# fail for it (seen here, after a branch with the next schema ran its tests). Servers the tests start get theirs.
os.environ["ATOUT_DATA"] = tempfile.mkdtemp(prefix="atout-test-data-")


# Fixtures that start something for the whole run on each process that uses them (Chromium, the installed wheel): the
# tests using one run on one worker when the suite is spread over processes (make test: pytest -n CPUS
# --dist loadgroup), each module's browser tests on one worker (their module's pages are shared between them), the
# wheel installed once.
# The run's one Voilà server is shared by the workers (``voila_server``, tests/site/conftest.py).
BROWSER = ("chromium", "chromium_profile", "voila_server", "voila_class_server")
WHEEL = "installed"
RUN_FOLDER = pytest.StashKey[Path]()
RUN_FOLDER_OPTION = "atout_run_folder"      # in each worker's workerinput
SHARED_SERVER = "voila-server.json"         # the shared Voilà server's address, pid and data folder
BROWSER_GROUP = "browser-"                  # and the module's name: the group of a module's browser tests


def run_group(item) -> str | None:
    names = getattr(item, "fixturenames", ())
    if any(name in BROWSER for name in names):
        return BROWSER_GROUP + Path(item.path).stem.removeprefix("test_")
    return "wheel" if WHEEL in names else None


@pytest.hookimpl(tryfirst=True)     # before xdist's own, which writes the groups into the test ids
def pytest_collection_modifyitems(config, items):
    groups = {item: run_group(item) for item in items}
    for item, group in groups.items():
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
    if hasattr(config, "workerinput"):
        # xdist hands out the biggest groups first, then the tests one by one in this order: the browser modules of a
        # single test (the kernels test waits half a minute for the culler) come first too, not at the end of the run
        # with the other workers idle.
        items.sort(key=lambda item: not (groups[item] or "").startswith(BROWSER_GROUP))


UNGROUPED = "ungrouped-{worker}.txt"          # in the shared folder: the tests a worker found without their group


@pytest.hookimpl(tryfirst=True)         # before xdist tells the controller its collection is done
def pytest_collection_finish(session):
    """On a worker of a run spread by groups, each test given a group (a module's browser tests, the wheel's, the
    catalogue's) must carry it in its id, which is how xdist keeps a group on one worker: those that do not are written
    down for the controller (``pytest_xdist_node_collection_finished``)."""
    config = session.config
    folder = shared_run_folder(config)
    if folder is None or not config.getvalue("loadgroup"):     # a worker's own "dist" is "no"
        return
    lost = [item.nodeid for item in session.items
            if (groups := sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                                  for mark in item.iter_markers("xdist_group")}))   # as xdist names them
            and not item.nodeid.endswith("@" + "_".join(groups))]
    if lost:
        (folder / UNGROUPED.format(worker=config.workerinput["workerid"])).write_text("\n".join(lost))


@pytest.hookimpl(optionalhook=True)     # xdist's hooks: the suite runs without it too (-p no:xdist)
def pytest_xdist_node_collection_finished(node, ids):
    """The run stops when a worker's tests come without their group in their ids: xdist would spread a group's tests
    over the workers without a word, each opening a module's shared pages or installing the wheel again (it did on
    pytest 9.2)."""
    written = node.config.stash[RUN_FOLDER] / UNGROUPED.format(worker=node.gateway.id)
    if written.exists():
        lost = written.read_text().splitlines()
        pytest.exit(f"pytest-xdist did not group {len(lost)} test(s), e.g. {lost[0]}: a group's tests would run on "
                    "several workers. Use a pytest it groups with (pyproject.toml's test extras)", 4)


def pytest_configure(config):
    """The controller of a run spread over processes makes the folder its workers share. A process that runs tests
    imports jsonschema as the site does, without its IRI check (``atout.iri_check``): nbformat imports it to check the
    notebooks the tests read, and the check's grammar took each worker over a second to build."""
    if hasattr(config, "workerinput") or config.getoption("dist", default="no") == "no":
        from atout.iri_check import without_iri_format_check

        with without_iri_format_check():
            import jsonschema  # noqa: F401
    # xdist declares its mark; a run without it (-p no:xdist) marks the same tests, and says nothing of it.
    config.addinivalue_line("markers", "xdist_group(name): the tests of one group run on one worker")
    if config.getoption("dist", default="no") != "no" and not hasattr(config, "workerinput"):
        config.stash[RUN_FOLDER] = Path(tempfile.mkdtemp(prefix="atout-run-"))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    node.workerinput[RUN_FOLDER_OPTION] = str(node.config.stash[RUN_FOLDER])


def shared_run_folder(config) -> Path | None:
    """The folder the workers of a run spread over processes share, or None in a run of one process."""
    folder = getattr(config, "workerinput", {}).get(RUN_FOLDER_OPTION)
    return Path(folder) if folder else None


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (made if missing) against the run's other processes."""
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def pytest_unconfigure(config):
    """Once every worker is done, the controller stops the Voilà server one of them started, and removes the folder."""
    folder = config.stash.get(RUN_FOLDER, None)
    if folder is None:
        return
    record = folder / SHARED_SERVER
    if record.exists():
        stop_process(json.loads(record.read_text())["pid"])
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def english():
    """Every test starts in English; tests that switch language switch back."""
    from atout.i18n import language

    with language("en"):
        yield


def _open_widgets() -> dict:
    """The widgets made in this process and not closed yet (ipywidgets' own table of them), by model id; none before
    ipywidgets is imported."""
    widget = sys.modules.get("ipywidgets.widgets.widget")
    return dict(getattr(widget, "_instances", {}))


@pytest.fixture(scope="module", autouse=True)
def widgets_closed_after_their_module():
    """The widgets a test module made are closed once its tests are done, as a page closes the views it replaces.

    Why: a page's kernel shows one page, but the test process makes thousands of widgets, and every language switch
    redraws each one still open (``atout.widgets.language``): left open, a switch late in the run took 20 s instead
    of half a second. Widgets made before the module (at collection) are left alone."""
    before = set(_open_widgets())
    yield
    for model_id, widget in _open_widgets().items():
        if model_id not in before:
            widget.close()


def referee_examples():
    lines = (DATA / "rules" / "referee-examples.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def need_chromium() -> None:
    """Skip without Chromium locally, with how to install it; in CI (CI=true) fail instead."""
    if chromium_path():
        return
    message = missing_chromium("browser tests need")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def chromium_profile(tmp_path_factory):
    """One headless Chromium (Debian's, driven by Playwright; never Playwright's own download) per process of the
    run, started on a profile folder of its own: this context is that profile's, the one whose pages keep the code
    V8 compiled for the site's scripts (a context made by ``new_context`` keeps nothing on disk and compiles the
    5 MB of the Voilà front end again on every page load).

    Why it matters: the browser tests spend most of their time in Chromium, and loading the Play page cost it 2.7 s of
    CPU in a new context, 1.5 to 1.75 s in this one (medians of 7 loads, in two runs; measured in the full browser,
    before the tests took the headless shell)."""
    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            tmp_path_factory.mktemp("chromium-profile"), executable_path=chromium_path(), args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900}, accept_downloads=True)
        yield context
        context.close()


@pytest.fixture(scope="session")
def chromium(chromium_profile):
    """The browser of ``chromium_profile``, for tests that need contexts of their own (another locale, pages that must
    not share cookies)."""
    return chromium_profile.browser


@pytest.fixture
def fastest_solver_build():
    """The compiled build alone, for searches too long to run twice: ``test_both_builds_search_the_same_tree``
    shows the two builds search the same tree node by node. Without a compiler the pure one runs instead
    locally; in CI (CI=true) a missing compiled build is a failure."""
    from atout.solver import builds

    if "compiled" not in builds.AVAILABLE and os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"no compiled build of the solver: {builds.WHY_PURE}")
    saved = builds.current
    builds.use("compiled" if "compiled" in builds.AVAILABLE else "pure")
    try:
        yield builds.current
    finally:
        builds.use(saved)


@pytest.fixture(params=["compiled", "pure"])
def solver_build(request):
    """Run the test with each build of the solver's search (one source: ``atout/solver/tricks.py``). The
    compiled one is missing without a C compiler: skipped locally, a failure in CI (CI=true)."""
    from atout.solver import builds

    if request.param not in builds.AVAILABLE:
        message = f"no {request.param} build of the solver: {builds.WHY_PURE}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    saved = builds.current
    builds.use(request.param)
    try:
        yield request.param
    finally:
        builds.use(saved)


def need_postgres() -> None:
    """Skip without PostgreSQL locally, with how to install it; in CI (CI=true) fail instead."""
    if os.environ.get("ATOUT_TEST_DATABASE_URL") or find_binaries() is not None:
        return
    message = (f"PostgreSQL is not installed: these tests need Debian's server ({INSTALL_HINT}), "
               "or set ATOUT_TEST_DATABASE_URL to a server they may create schemas on")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The address of a PostgreSQL server for this run: ``ATOUT_TEST_DATABASE_URL`` when set, else Debian's
    ``postgresql`` started for the run in a temporary folder (``atout.live.pgtemp``; as an unprivileged user when
    the tests run as root). Without it the tests that need it skip locally, saying how to install it; in CI
    (``CI=true``) they fail."""
    need_postgres()
    if os.environ.get("ATOUT_TEST_DATABASE_URL"):
        yield os.environ["ATOUT_TEST_DATABASE_URL"]
        return
    with TempPostgres() as server:
        yield server.url


@pytest.fixture
def postgres_url(postgres_server) -> Iterator[str]:
    """A connection string whose tables live in a schema of this test's own (made here, dropped after)."""
    import psycopg
    from psycopg.conninfo import make_conninfo

    schema = f"test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield make_conninfo(postgres_server, options=f"-csearch_path={schema}")
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")

"""What every page starts with: the page style, which also keeps the page's long-lived objects out of the garbage
collector's sweeps in the site's kernels, and leaves the collector alone in a JupyterLab kernel."""

import gc
from contextlib import contextmanager

import pytest

from atout.serve import HEARTBEAT_ENV
from atout.widgets.page import page_style
from tests.programs import printed_by_a_new_process


@pytest.fixture
def site_kernel(monkeypatch):
    """A kernel as the site's server starts it (atout.serve gives each its heartbeat)."""
    monkeypatch.setenv(HEARTBEAT_ENV, "45.0")


def test_the_page_style_is_inlined_and_freezes_what_the_page_imported(site_kernel):
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    style = page_style()
    assert style.data.startswith("<style>") and ".atout-" in style.data
    # nothing fetched from anywhere: every url() is the stylesheet's own data (the icons)
    assert "@import" not in style.data and style.data.count("url(") == style.data.count('url("data:')
    assert gc.get_freeze_count() > 10_000          # the modules and objects imported so far
    gc.unfreeze()


def test_what_a_page_cell_builds_is_frozen_once_the_cell_has_run(site_kernel):
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        shell.run_cell("from atout.widgets.page import page_style\nstyle = page_style()")
        hooks = len(shell.events.callbacks["post_run_cell"])
        shell.run_cell("style = page_style()")                  # a second call adds no second hook
        assert len(shell.events.callbacks["post_run_cell"]) == hooks
        gc.unfreeze()
        assert gc.get_freeze_count() == 0
        shell.run_cell("built = [[] for _ in range(5000)]")      # a cell building the page's widgets
        assert gc.get_freeze_count() >= 5000
    finally:
        gc.unfreeze()
        InteractiveShell.clear_instance()


def test_in_a_jupyterlab_kernel_the_page_style_leaves_the_collector_alone(monkeypatch):
    from IPython.core.interactiveshell import InteractiveShell

    monkeypatch.delenv(HEARTBEAT_ENV, raising=False)
    gc.unfreeze()
    shell = InteractiveShell.instance()
    try:
        hooks = len(shell.events.callbacks["post_run_cell"])
        shell.run_cell("from atout.widgets.page import page_style\nstyle = page_style()")
        assert "<style>" in shell.user_ns["style"].data
        assert gc.get_freeze_count() == 0
        shell.run_cell("built = [[] for _ in range(5000)]")      # the user's cell: still the collector's
        assert gc.get_freeze_count() == 0
        assert len(shell.events.callbacks["post_run_cell"]) == hooks
    finally:
        gc.unfreeze()
        InteractiveShell.clear_instance()


@pytest.mark.parametrize(("page", "needs_pandas", "checks_lessons"),
                         [("home_page", False, False), ("classroom_page", False, False), ("whatif_page", False, False),
                          ("puzzles_page", False, False),
                          ("play_page", True, False), ("course_page", True, True)])
def test_only_the_pages_that_need_them_import_pandas_and_jsonschema_as_they_start(page, needs_pandas, checks_lessons):
    """pandas holds about 40 MB of a kernel and half a second of its start: the classroom a class of students opens,
    What-if and the home page show no table and start without it; the Play page's score sheet and the lessons'
    tables are drawn with it, so those pages import it as they start rather than at a later click. jsonschema (a
    tenth of a second) checks the lessons, which only the course page does: the home page reads their headings."""
    said = printed_by_a_new_process(f"from atout.widgets.page import page_style, {page}\npage_style()\n{page}()\n"
                                    "import sys\nprint('pandas' in sys.modules, 'jsonschema' in sys.modules)")
    assert said.split()[-2:] == [str(needs_pandas), str(checks_lessons)]


@pytest.mark.parametrize("program", [
    "from atout.serve import _patch_voila\n_patch_voila()",                    # the site's server, importing Voilà
    "from atout.lessons import load_lessons\nload_lessons()",                  # a course page's kernel
], ids=["server", "course-kernel"])
def test_the_server_and_the_kernels_that_check_lessons_leave_jsonschemas_iri_check_out(program):
    """Importing ``rfc3987_syntax`` (jsonschema's optional IRI check) builds a grammar: 1.1 s of the server's start
    (``atout.iri_check``). jsonschema is loaded, that module is not, and it can still be imported afterwards."""
    said = printed_by_a_new_process(program + "\nimport sys\nprint('jsonschema' in sys.modules, 'rfc3987_syntax' in "
                                    "sys.modules)\nimport rfc3987_syntax\nprint('importable')")
    assert said.split()[-3:] == ["True", "False", "importable"], said


@contextmanager
def handing_over(request: dict[str, str]):
    """A stand-in for Voilà's request socket (``voila/query/<kernel id>``): it hands ``request`` to the kernel that
    asks, as Voilà does once a visitor takes a preheated kernel. Yields the environment of such a kernel and the paths
    asked for."""
    import json
    import threading

    from websockets.sync.server import serve

    asked: list[str] = []

    def hand_over(connection) -> None:
        asked.append(connection.request.path)
        connection.send(json.dumps(request))

    with serve(hand_over, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        env = {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k-42", "VOILA_SERVER_URL": "/",
               "VOILA_APP_PORT": str(server.socket.getsockname()[1])}
        try:
            yield env, asked
        finally:
            server.shutdown()


def test_a_preheated_page_reads_its_visitors_request_without_importing_voila():
    """A kernel started ahead of its visitor waits for the request the server hands it (``atout.preheat``): Voilà's
    own helper imported all of Voilà into every such kernel for that one message (1.6 s of CPU, 46 MB)."""
    with handing_over({"QUERY_STRING": "lesson=66-closing&lang=fr", "HTTP_ACCEPT_LANGUAGE": "fr"}) as (env, asked):
        said = printed_by_a_new_process(
            f"import os\nos.environ.update({env!r})\n"
            "from atout.widgets.page import page_request\nrequest = page_request()\n"
            "import sys\nprint(request.query, request.lang, 'voila' in sys.modules)")
    assert asked == ["/voila/query/k-42"]
    assert said.strip() == "{'lesson': '66-closing', 'lang': 'fr'} fr False"


CLASSROOM = ("from atout.widgets.page import classroom_page\n"
             "from atout.i18n import get_language\n"
             "page = classroom_page()\n"
             "shell, classroom = page.children\n"
             "from atout import dealcode\n"
             "print(classroom.game_picker.value, dealcode.encode(classroom.spec) if {code} else '-', get_language(), "
             "classroom.live.code_input.value, classroom.game_picker.options[0][0], shell.lang, "
             "classroom.message.value.count('atout-ok'))")


@pytest.mark.parametrize("query", ["game=sixty-six&lang=fr&class=K7M-4QX", "code={code}&lang=fr", "lang=en"],
                         ids=["game", "deal-code", "usual"])
def test_a_preheated_classroom_built_ahead_is_turned_to_the_address_as_one_built_after_it(query):
    """The classroom page builds the usual game's classroom while a preheated kernel waits, then turns it to the
    address's game, deal and class: the page is the one a kernel started for the visitor builds."""
    from atout import dealcode

    code = dealcode.encode(dealcode.DealSpec("five-hundred", 4, 0, 12345, dealcode.house_rules("five-hundred", {})))
    query = query.format(code=code)
    program = CLASSROOM.format(code="code" in query)
    after = printed_by_a_new_process(f"import os\nos.environ['QUERY_STRING'] = {query!r}\n" + program)
    with handing_over({"QUERY_STRING": query}) as (env, _asked):
        ahead = printed_by_a_new_process(f"import os\nos.environ.update({env!r})\n" + program)
    assert ahead == after
    assert after.split()[2] == ("fr" if "lang=fr" in query else "en")

"""What every page starts with: the page style, which also keeps the page's long-lived objects out of the garbage
collector's sweeps in the site's kernels, and leaves the collector alone in a JupyterLab kernel."""

import gc

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
    assert style.data.startswith("<style>") and ".atout-" in style.data and "http" not in style.data
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


def test_a_preheated_page_reads_its_visitors_request_without_importing_voila():
    """A kernel started ahead of its visitor waits for the request the server hands it (``atout.preheat``): Voilà's
    own helper imported all of Voilà into every such kernel for that one message (1.6 s of CPU, 46 MB)."""
    import json
    import threading

    from websockets.sync.server import serve

    asked: list[str] = []

    def hand_over(connection) -> None:
        asked.append(connection.request.path)
        connection.send(json.dumps({"QUERY_STRING": "lesson=66-closing&lang=fr", "HTTP_ACCEPT_LANGUAGE": "fr"}))

    with serve(hand_over, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        said = printed_by_a_new_process(
            "import os\n"
            f"os.environ.update(VOILA_PREHEAT='True', VOILA_KERNEL_ID='k-42', VOILA_APP_PORT='{port}', "
            "VOILA_SERVER_URL='/')\n"
            "from atout.widgets.page import page_request\nrequest = page_request()\n"
            "import sys\nprint(request.query, request.lang, 'voila' in sys.modules)")
        server.shutdown()
    assert asked == ["/voila/query/k-42"]
    assert said.strip() == "{'lesson': '66-closing', 'lang': 'fr'} fr False"

"""The site's server (``atout.serve``) keeps the templates it compiles: Voilà makes a new exporter, and a new Jinja
environment, for every page it renders."""

import jinja2

from atout.serve import template_cache
from tests.programs import printed_by_a_new_process


def compiled_while(monkeypatch) -> list[str]:
    """The names of the templates Jinja compiles from now on."""
    names: list[str] = []
    compile_ = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        names.append(name)
        return compile_(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return names


def test_a_template_is_compiled_once_for_environments_made_alike_and_again_once_it_is_changed(monkeypatch):
    templates = template_cache()
    sources = {"page": "{% include 'part' %} {{ x }}", "part": "a"}

    def loaded(is_async: bool = False, extension: str | None = None) -> jinja2.Template:
        environment = jinja2.Environment(loader=jinja2.DictLoader(sources), enable_async=is_async)
        environment.bytecode_cache = templates
        if extension:
            environment.add_extension(extension)        # after it is given the cache, as Voilà adds "do"
        return environment.get_template("page")

    def rendered() -> str:
        return loaded().render(x=1)

    compiled = compiled_while(monkeypatch)
    assert rendered() == "a 1" and sorted(compiled) == ["page", "part"]
    assert rendered() == "a 1" and sorted(compiled) == ["page", "part"]         # a new environment: nothing compiled
    sources["part"] = "b"
    assert rendered() == "b 1" and sorted(compiled) == ["page", "part", "part"]  # the changed one only
    loaded(is_async=True)                     # async code is other code (not rendered here: a test process may
    assert compiled[3:] == ["page"]           # run an event loop, as Playwright's does, and Jinja would start one)
    assert loaded(extension="jinja2.ext.do").render(x=2) == "b 2" and compiled[4:] == ["page", "part"]
    assert loaded(extension="jinja2.ext.do").render(x=3) == "b 3" and len(compiled) == 6


def test_the_servers_exporters_share_what_they_compile():
    said = printed_by_a_new_process(
        "from atout.serve import _patch_voila\n_patch_voila()\n"
        "import jinja2\nfrom voila.exporter import VoilaExporter\nfrom voila.paths import collect_template_paths\n"
        "compiled = []\ncompile_ = jinja2.Environment.compile\n"
        "jinja2.Environment.compile = lambda self, source, name=None, *a, **k: (compiled.append(name), "
        "compile_(self, source, name, *a, **k))[1]\n"
        "paths = collect_template_paths(['voila', 'nbconvert'], 'lab')\n"
        "for page in range(2):\n"
        "    exporter = VoilaExporter(template_paths=paths, template_name='lab', contents_manager=None)\n"
        "    exporter.environment.get_template('index.html.j2')\n"
        "    print(len(compiled))\n")
    first, second = map(int, said.split())
    assert first > 0 and second == first, said


def test_the_server_reads_kernel_message_times_as_jupyter_client_did_only_quicker():
    """``atout.serve`` has jupyter_client read the times in kernel messages with ``datetime.fromisoformat`` instead of
    dateutil's parser: the same datetime for every timestamp jupyter_client takes as one, and text left as it was."""
    said = printed_by_a_new_process(
        "from dateutil.parser import isoparse\n"
        "import jupyter_client.jsonutil as j\n"
        "stamps = ['2024-01-02T03:04:05.123456Z', '2024-01-02T03:04:05Z', '2026-12-07T02:26:00.1+01:00',\n"
        "          '2024-01-02T03:04:05+0100', '2024-01-02T03:04:05.12345-05:30', '2024-02-29T23:59:59.000001+00:00']\n"
        "others = ['2024-01-02', 'tomorrow', '2024-01-02T03:04', '']\n"
        "from atout.serve import _parse_message_dates_quickly\n"
        "_parse_message_dates_quickly()\n"
        "assert j._dateutil_parse is not isoparse\n"
        "header = {'date': stamps, 'other': others}\n"
        "read = j.extract_dates(header)\n"
        "same = [a == isoparse(s) and a.utcoffset() == isoparse(s).utcoffset() for a, s in zip(read['date'], stamps)]\n"
        "print(all(same), read['other'] == others)")
    assert said.split() == ["True", "True"]


def test_atout_serve_reads_jupyters_configuration_takes_voilas_options_and_serves_under_a_base_url(tmp_path):
    """``atout serve`` as a school runs it: a voila.json in the working folder and an option given on the command line
    are read (here, how long idle kernels live), the site is served under ``--base-url`` (a proxy's or JupyterHub's
    path), a preheated page still gets its visitor's address, and the log has times and no "not trusted" noise."""
    import json
    import os
    import subprocess
    import sys
    import time
    import urllib.request

    from atout.site_client import open_page, run_to_end
    from tests.browser import free_port, stop

    (tmp_path / "voila.json").write_text(json.dumps({"MappingKernelManager": {"cull_interval": 7}}))
    port = free_port()
    log = tmp_path / "serve.log"
    env = {**os.environ, "ATOUT_DATA": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}
    with open(log, "w") as out:
        server = subprocess.Popen([sys.executable, "-m", "atout.cli", "serve", f"--port={port}", "--base-url=atout",
                                   "--MappingKernelManager.cull_idle_timeout=321"], cwd=tmp_path, env=env,
                                  stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/atout"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and "filled" not in log.read_text():
            time.sleep(0.2)          # polling the server's start, not timing a page
        async def visit():
            opened = await open_page(base, "/voila/render/course.ipynb?lesson=66-closing&lang=fr")
            opened.close()
            return opened

        page = run_to_end(visit())
        with urllib.request.urlopen(base + "/voila/render/index.ipynb", timeout=60) as response:
            assert response.status == 200
    finally:
        stop(server)
    said = log.read_text()
    assert page.error is None and page.has_class("atout-lesson-66-closing"), (page.error, said[-2000:])
    assert f"http://127.0.0.1:{port}/atout/voila/render/index.ipynb" in said
    assert "Culling kernels with idle durations > 321 seconds at 7 second intervals" in said
    assert "not trusted" not in said
    stamped = [line for line in said.splitlines() if line.startswith("[Voila ")]
    assert stamped and all(line[7:26].replace("-", "").replace(":", "").replace(" ", "").isdigit() for line in stamped)


def test_atout_serve_refuses_a_port_that_is_taken_and_says_its_version():
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = subprocess.run([sys.executable, "-m", "atout.cli", "serve", f"--port={port}"], capture_output=True,
                                 text=True, timeout=60)
    assert refused.returncode == 2 and f"port {port} on 127.0.0.1 is taken" in refused.stderr
    version = subprocess.run([sys.executable, "-m", "atout.cli", "--version"], capture_output=True, text=True,
                             timeout=60)
    from importlib.metadata import version as installed

    assert version.stdout.strip() == f"atout {installed('atout')}"


def test_a_visitor_is_not_kept_waiting_for_a_pool_refill_that_has_not_started(tmp_path):
    """Voilà's pool holds the refill's task as soon as a kernel is handed out, and gave the next visitor that task to
    wait for: the refill's delay, then its kernel's start. The next visitor now gets a kernel of its own at once, and
    the refill still fills the pool."""
    import os
    import subprocess
    import time

    from atout.site import voila_command
    from atout.site_client import open_page, run_to_end
    from tests.browser import free_port, serving, stop

    port = free_port()
    log = tmp_path / "voila.log"
    with open(log, "w") as out:
        server = subprocess.Popen(voila_command(port, options=["--VoilaKernelManager.fill_delay=600"]),
                                  env={**os.environ, "ATOUT_DATA": str(tmp_path)}, stdout=out,
                                  stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        assert serving(base, server, 120)
        deadline = time.monotonic() + 120
        while log.read_text().count("is filled with") < 2 and time.monotonic() < deadline:
            time.sleep(0.2)          # polling the pools' first fill, not timing a page

        async def two_visitors():
            first = await open_page(base, "/voila/render/course.ipynb", timeout_s=120)
            second = await open_page(base, "/voila/render/course.ipynb", timeout_s=120)
            first.close()
            second.close()
            return first, second

        first, second = run_to_end(two_visitors())
    finally:
        stop(server)
    said = log.read_text()
    assert first.error is None and second.error is None, (first.error, second.error, said[-2000:])
    assert said.count("Using pre-heated kernel") == 1, said[-2000:]     # the second was not given the waiting refill

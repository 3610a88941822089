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

"""Each wheel works outside the checkout: installed into a virtual environment of its own in a temporary folder, run
from there, it counts its lessons, refuses an empty folder of lessons, answers a referee line with the solver build
it shipped, and ``atout serve`` (with a teacher's folder of lessons beside ours) answers its course page over HTTP.

The wheels are ``make dist``'s: the compiled one (this platform's, with the solver's search compiled where a C
compiler was found) and the plain-Python one (``py3-none-any``, for every platform), in ``ATOUT_DIST`` (``make test``
gives ``dist``), else built here. The environment is
made with no pip and nothing of the checkout: the wheel is installed into it with ``--no-deps``, and Atout's
dependencies are found in the test environment's site-packages, named by a ``.pth`` line (a path, not a site
folder: the editable install of the checkout living there is not loaded), and their Jupyter data (Voilà's
templates) by ``JUPYTER_PATH``, which keeps this test to seconds rather
than the minutes an install from the index takes. That the dependencies install is ``make install``'s check; this
one is of what the wheel holds.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

from atout.lessons import LESSONS_DIR, lesson_paths
from atout.solver import builds
from tests.browser import descendants, free_port, serving, stop

ROOT = Path(__file__).resolve().parents[2]
LESSON_FILES = lesson_paths(LESSONS_DIR)        # the lessons (their translation files beside them are no lessons)
SERVER_START_S = 180
PAGE_S = 300           # the course page's kernel runs its notebook before the page is sent, on a loaded machine


WHEELS = ("compiled", "pure")


def _wheel(kind: str, tmp: Path) -> Path:
    """The wheel of ``kind``: the platform's (``compiled``: its search compiled where a compiler was found) or the
    plain-Python one (``pure``)."""
    given = os.environ.get("ATOUT_DIST")
    folder = Path(given).resolve() if given else tmp
    if not given:
        env = {**os.environ, **({"ATOUT_PURE": "1"} if kind == "pure" else {})}
        done = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp),
                               str(ROOT)], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    found = [wheel for wheel in folder.glob("atout-*.whl")
             if wheel.name.endswith("-py3-none-any.whl") == (kind == "pure")]
    assert len(found) == 1, f"one {kind} wheel in {folder}, not {found}"
    return found[0]


@pytest.fixture(scope="module", params=WHEELS)
def installed(request, tmp_path_factory):
    """The folder the installed wheel is run from, and the environment to run it with."""
    if request.param == "compiled" and "compiled" not in builds.AVAILABLE:
        pytest.skip("no C compiler here: make dist builds the plain-Python wheel alone")
    tmp = tmp_path_factory.mktemp(f"wheel-{request.param}")
    wheel = _wheel(request.param, tmp)
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True)
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "atout-test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "ATOUT_LESSONS", "ATOUT_SOLVER_BUILD")}
    # The dependencies' Jupyter data (Voilà's templates, the widgets' front end) is theirs too.
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", ATOUT_DATA=str(tmp / "data"),
               PYTHONUNBUFFERED="1", JUPYTER_PATH=str(Path(sys.prefix) / "share" / "jupyter"))
    where = tmp / "elsewhere"
    where.mkdir()
    return where, env, venv, request.param, wheel


def _run(installed, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    where, env, venv, _kind, _wheel = installed
    return subprocess.run([str(venv / "bin" / args[0]), *args[1:]], cwd=where, env=env, input=stdin,
                          capture_output=True, text=True, timeout=600)


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    done = _run(installed, "python", "-c", "import atout, json, sys; print(atout.__file__, json.dumps(sys.path))")
    assert done.returncode == 0, done.stderr
    where, _env, venv, _kind, _wheel = installed
    module, path = done.stdout.strip().split(" ", 1)
    assert Path(module).is_relative_to(venv)
    dependencies = sysconfig.get_paths()["purelib"]
    assert [entry for entry in json.loads(path) if entry and Path(entry).resolve().is_relative_to(ROOT)
            and entry != dependencies] == []       # nothing of the checkout but the dependencies' folder


def test_the_installed_package_counts_its_lessons_and_refuses_an_empty_folder(installed):
    done = _run(installed, "atout", "lessons", "check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"{len(LESSON_FILES)} lessons, all valid"), done.stdout
    where = installed[0]
    (where / "no-lessons").mkdir()
    empty = _run(installed, "atout", "lessons", "check", "--folder", "no-lessons")
    assert empty.returncode == 1 and "no-lessons has no lessons" in empty.stdout, empty.stdout


def test_the_installed_package_carries_its_type_marker(installed):
    """py.typed (PEP 561): a type checker reads the annotations of the installed package, not Any for all of it."""
    done = _run(installed, "python", "-c", "import atout, pathlib; print((pathlib.Path(atout.__file__).parent"
                " / 'py.typed').is_file())")
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stdout + done.stderr


def test_the_installed_referee_answers_a_line_with_the_solver_it_shipped(installed):
    query = json.dumps({"kind": "trick", "game": "forty-fives", "trump": "C", "plays": ["KH", "AH"]})
    done = _run(installed, "atout", "judge", stdin=query + "\n")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["winner"] == 1 and answer["rule"] == "45.rank.ace-of-hearts", answer
    build = _run(installed, "python", "-c", "import atout.solver; print(atout.solver.BUILD)")
    # The compiled wheel built where the checkout's search compiled holds the compiled search; the plain-Python one,
    # and a wheel built without a compiler, run the plain search.
    kind, wheel = installed[3], installed[4]
    expected = "compiled" if kind == "compiled" and "compiled" in builds.AVAILABLE else "plain Python"
    assert build.stdout.strip().startswith(expected), build.stdout + build.stderr
    platform_free = wheel.name.endswith("-py3-none-any.whl")
    assert platform_free == (kind == "pure"), wheel.name
    if platform_free:
        import zipfile

        assert not [name for name in zipfile.ZipFile(wheel).namelist() if name.endswith((".so", ".pyd", ".c"))]


def test_atout_serve_refuses_an_empty_folder_of_lessons_before_starting(installed):
    where = installed[0]
    (where / "empty-lessons").mkdir()
    done = _run(installed, "atout", "serve", "--port", str(free_port()), "--lessons", "empty-lessons")
    assert done.returncode == 2
    assert "empty-lessons has no lessons" in done.stderr and "the site was not started" in done.stderr


def test_atout_serve_answers_its_course_page_with_a_teachers_lessons_beside_ours(installed):
    where, env, venv, _kind, _wheel = installed
    teacher = where / "my-lessons" / "forty-fives"
    teacher.mkdir(parents=True)
    ours = LESSONS_DIR / "forty-fives" / "02-trumps.toml"
    text = ours.read_text(encoding="utf-8")
    assert 'id = "45-trumps"' in text
    (teacher / "my-trumps.toml").write_text(text.replace('id = "45-trumps"', 'id = "my-trumps"'), encoding="utf-8")
    port = free_port()
    log = open(where / "serve.log", "w")  # noqa: SIM115 (closed below)
    server = subprocess.Popen([str(venv / "bin" / "atout"), "serve", "--port", str(port), "--lessons", "my-lessons"],
                              cwd=where, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        assert serving(base, server, SERVER_START_S), (where / "serve.log").read_text()[-3000:]
        with urllib.request.urlopen(base + "/voila/render/course.ipynb?lesson=my-trumps", timeout=PAGE_S) as response:
            assert response.status == 200
            page = response.read().decode("utf-8")
        (where / "course.html").write_text(page, encoding="utf-8")
        assert "application/vnd.jupyter.widget-view+json" in page      # the page's cell ran and showed its widgets
        assert "Traceback" not in page and '"output_type": "error"' not in page
        running = descendants(server.pid)        # Voilà and the course page's kernel, under atout serve
        assert running, "atout serve runs the site in a process of its own"
    finally:
        stop(server, 30)
        log.close()
    # Stopped as a service manager stops it (SIGTERM), atout serve takes the site and its kernels down with it:
    # before, Voilà ran on without its parent, the port taken.
    deadline = time.monotonic() + 30
    while (left := [pid for pid in running if _alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.2)       # a kernel's last moments after Voilà told it to go
    assert left == [], f"still running after atout serve stopped: {left}"
    printed = (where / "serve.log").read_text()
    assert f"http://127.0.0.1:{port}/voila/render/index.ipynb" in printed
    assert f"1 lesson of yours ({teacher.parent.resolve()}) beside Atout's {len(LESSON_FILES)}" in printed, printed
    shutil.rmtree(teacher.parent)


def test_no_run_time_data_is_left_outside_the_package():
    """Lessons, pages or a server configuration added at the checkout's top (where they were before they shipped in
    the package) would be missing from every installed site."""
    assert [name for name in ("lessons", "notebooks", "voila.json") if (ROOT / name).exists()] == []


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False

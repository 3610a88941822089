"""The plain-Python wheel (``py3-none-any``) on every other Python this machine has that Atout supports
(``requires-python``): installed with its dependencies from the package index into a new virtual environment outside
the checkout, it answers a referee line, checks its lessons and serves its course page.

The Pythons are pyenv's and those on the ``PATH`` (``python3.12``, …); the test for one that is not here is skipped,
saying so. In CI a missing interpreter is a skip too: which versions a machine has is the machine's, and the note of
each run says which ran.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

import pytest

from tests.browser import free_port, serving, stop

ROOT = Path(__file__).resolve().parents[2]
INSTALL_S = 900


def _supported() -> tuple[int, int]:
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    major, minor = re.fullmatch(r">=\s*(\d+)\.(\d+)", requires).groups()
    return int(major), int(minor)


def _pythons() -> dict[str, str]:
    """Other Pythons found here that Atout supports, by version: pyenv's, then those on the PATH."""
    found: dict[str, str] = {}
    roots = [Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"]
    candidates = [path / "bin" / "python3" for root in roots if root.is_dir() for path in sorted(root.iterdir())]
    candidates += [Path(p) for minor in range(11, 20) if (p := shutil.which(f"python3.{minor}"))]
    for python in candidates:
        if not python.exists():
            continue
        said = subprocess.run([str(python), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                              capture_output=True, text=True)
        version = said.stdout.strip()
        if said.returncode != 0 or version in found:
            continue
        if tuple(map(int, version.split("."))) >= _supported() and version != "{}.{}".format(*sys.version_info[:2]):
            found[version] = str(python)
    return found


# The CPython releases at or above requires-python up to the newest released (3.14), but the one running the tests
VERSIONS = [f"3.{minor}" for minor in range(_supported()[1], 15) if (3, minor) != sys.version_info[:2]]


def _pure_wheel(tmp: Path) -> Path:
    given = os.environ.get("ATOUT_DIST")
    if given:
        [wheel] = Path(given).resolve().glob("atout-*-py3-none-any.whl")
        return wheel
    done = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp),
                           str(ROOT)], capture_output=True, text=True, env={**os.environ, "ATOUT_PURE": "1"})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return next(tmp.glob("atout-*.whl"))


@pytest.mark.parametrize("version", VERSIONS)
def test_the_plain_wheel_installs_and_runs_on_another_python(version, tmp_path):
    python = _pythons().get(version)
    if python is None:
        pytest.skip(f"no Python {version} on this machine (pyenv or the PATH)")
    wheel = _pure_wheel(tmp_path)
    venv = tmp_path / "venv"
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    installed = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                               capture_output=True, text=True, timeout=INSTALL_S)
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    where = tmp_path / "elsewhere"
    where.mkdir()
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "ATOUT_LESSONS", "ATOUT_SOLVER_BUILD", "JUPYTER_PATH")}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", ATOUT_DATA=str(tmp_path / "data"),
               PYTHONUNBUFFERED="1")

    def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([str(venv / "bin" / args[0]), *args[1:]], cwd=where, env=env, input=stdin,
                              capture_output=True, text=True, timeout=600)

    said = run("python", "-c", "import sys, atout.solver; print('%d.%d' % sys.version_info[:2], atout.solver.BUILD)")
    assert said.stdout.split()[:3] == [version, "plain", "Python"], said.stdout + said.stderr
    query = json.dumps({"kind": "trick", "game": "forty-fives", "trump": "C", "plays": ["KH", "AH"]})
    judged = run("atout", "judge", stdin=query + "\n")
    assert json.loads(judged.stdout)["rule"] == "45.rank.ace-of-hearts", judged.stdout + judged.stderr
    checked = run("atout", "lessons", "check")
    assert checked.returncode == 0 and "lessons, all valid" in checked.stdout, checked.stdout + checked.stderr
    port = free_port()
    with open(tmp_path / "serve.log", "w") as log:
        server = subprocess.Popen([str(venv / "bin" / "atout"), "serve", "--port", str(port)], cwd=where, env=env,
                                  stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        assert serving(base, server, 180), (tmp_path / "serve.log").read_text()[-3000:]
        with urllib.request.urlopen(base + "/voila/render/course.ipynb?lesson=45-trumps", timeout=300) as response:
            page = response.read().decode("utf-8")
        assert "application/vnd.jupyter.widget-view+json" in page and "Traceback" not in page
    finally:
        stop(server, 30)

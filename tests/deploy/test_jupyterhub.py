"""Atout on a real JupyterHub, configured by the repository's recipe (``deploy/jupyterhub/trial_config.py``, which
loads ``jupyterhub_config.py``), with its one PostgreSQL class store: the hub, its proxy (npm's
configurable-http-proxy), Atout as the hub service ``/services/atout/``, and each user's own server opening Atout
(``atout.hub``) once signed in.

A class runs through it in Chromium: the teacher signs in (their own server opens Atout's home page), then starts a
class on the hub's service at a projector's size; Ada signs in and joins from the course page of her own server
(another ``atout serve``, under /user/ada/), Ben follows the teacher's link to the service without an account. Both
answer a question, the teacher sees the chart and reveals the answer, and the class is in the shared store, and in no
user's own folder. Screenshots: tests/artifacts/hub-<who>.png.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from atout.bench_class_start import pss_mib
from atout.hub import DEFAULT_URL
from atout.kernel_fork import kernel_id_of
from tests.browser import descendants, free_port, processes
from tests.deploy.conftest import (
    ARTIFACTS,
    DEPLOY,
    START_S,
    answer_and_reveal,
    answers,
    configurable_http_proxy,
    join,
    kept_names,
    log_tail,
    need,
    running,
    wait_until,
)
from tests.site.test_live import end_class, start_class

TEACHER = {"width": 1920, "height": 1080}
STUDENT = {"width": 1366, "height": 768}
PASSWORD = "trial-password-1"
TEACHERS = "teachers"             # the hub group whose users start classes (the recipe's ATOUT_TEACHER_GROUP)
LOG = ARTIFACTS / "jupyterhub.log"


class Hub:
    def __init__(self, url: str, homes: Path, database: str, pid: int) -> None:
        self.url = url
        self.homes = homes
        self.database = database
        self.pid = pid

    def users_servers_mib(self) -> dict[str, dict[str, float]]:
        """Each running user's server (jupyterhub-singleuser and everything it started: Atout's server, its Voilà,
        fork server and kernels), by user: its memory (PSS, MiB) and its kernels."""
        table = processes()
        found = {}
        for pid in descendants(self.pid, table):
            if not any(part.endswith(b"jupyterhub-singleuser") for part in table[pid][1].split(b"\0")[:2]):
                continue
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            user = next(e.split(b"=", 1)[1].decode() for e in environ if e.startswith(b"JUPYTERHUB_USER="))
            tree = [pid, *descendants(pid, table)]
            found[user] = {"pss_mib": round(sum(pss_mib(p) for p in tree), 1),
                           "kernels": sum(kernel_id_of(p) is not None for p in tree)}
        return found


@pytest.fixture(scope="module")
def hub(class_database, tmp_path_factory):
    """The recipe's hub on free ports of this machine, in a folder of its own (its database, cookie secret and the
    trial users' homes), its proxy found on the PATH as an administrator's would be."""
    need("JupyterHub's proxy (configurable-http-proxy)", configurable_http_proxy(),
         "npm install (make test runs it; package.json lists it), or npm install -g configurable-http-proxy")
    need("JupyterHub", (Path(sys.executable).parent / "jupyterhub").exists(),
         "pip install 'atout[hub]' (the test extras have it)")
    folder = tmp_path_factory.mktemp("jupyterhub")
    port, hub_port, api_port, service_port = (free_port() for _ in range(4))
    config = folder / "test_config.py"
    config.write_text(
        f"load_subconfig({str(DEPLOY / 'jupyterhub' / 'trial_config.py')!r})\n"
        f"c.JupyterHub.bind_url = 'http://127.0.0.1:{port}'\n"
        f"c.JupyterHub.hub_bind_url = 'http://127.0.0.1:{hub_port}'\n"
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{api_port}'\n"
        f"c.SimpleLocalProcessSpawner.home_dir_template = {str(folder / 'home' / '{username}')!r}\n")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("ATOUT_", "JUPYTERHUB_"))}
    env.update(ATOUT_DATABASE_URL=class_database, ATOUT_SERVICE_PORT=str(service_port), ATOUT_POOL="1",
               ATOUT_TRIAL_PASSWORD=PASSWORD, PYTHONUNBUFFERED="1",
               ATOUT_TEACHER_GROUP=TEACHERS, ATOUT_TRIAL_TEACHERS="teacher",
               PATH=os.pathsep.join([str(Path(configurable_http_proxy()).parent), env.get("PATH", "")]))
    url = f"http://127.0.0.1:{port}"
    with running([str(Path(sys.executable).parent / "jupyterhub"), "-f", str(config)], LOG, env, folder) as proc:
        if not (wait_until(lambda: answers(f"{url}/hub/api", lambda code: code == 200), START_S, proc)
                and wait_until(lambda: answers(f"{url}/services/atout/", lambda code: code == 200), START_S, proc)):
            pytest.fail(f"the hub or its Atout service did not start: {log_tail(LOG)}")
        yield Hub(url, folder / "home", class_database, proc.pid)


def sign_in(page, hub: Hub, name: str) -> None:
    """Sign in on the hub's own page; the hub starts the user's server and opens its default address."""
    page.goto(f"{hub.url}/hub/login")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(PASSWORD)
    page.locator("#login_submit").click()
    page.wait_for_url(re.compile(re.escape(f"{hub.url}/user/{name}{DEFAULT_URL}")), timeout=START_S * 1000)
    page.wait_for_selector(".atout-index, .jupyter-widgets", timeout=START_S * 1000)


def test_a_class_runs_through_the_hub_service_and_a_users_own_server_on_one_store(hub, opened):
    teacher = opened(TEACHER)
    sign_in(teacher, hub, "teacher")
    assert teacher.locator(".voila-error").count() == 0
    teacher.screenshot(path=str(ARTIFACTS / "hub-teacher-own-server.png"))

    service = f"{hub.url}/services/atout"
    teacher.goto(f"{hub.url}/hub/home")                 # the hub's menu lists Atout under Services
    assert teacher.locator("a[href$='/services/atout/']").count() == 1
    code, link = start_class(teacher, service)         # the link: the hub's address, the service's path

    ada, ben = opened(STUDENT), opened(STUDENT)
    sign_in(ada, hub, "ada")
    join(ada, code, "Ada", course=f"{hub.url}/user/ada/atout/voila/render/course.ipynb")
    join(ben, code, "Ben", link=link)                   # Ben has no account: the service needs none
    assert "Ada, Ben" in teacher.wait_for_selector("[data-testid=live-roster][data-count='2']").inner_text()

    answer_and_reveal(teacher, ada, ben)
    # For the README's sizing: a user's own server, idle (the teacher's: its home page closed) and with a page open.
    (ARTIFACTS / "hub-users-servers.json").write_text(json.dumps(hub.users_servers_mib(), indent=1))
    for name, page in (("teacher", teacher), ("ada-own-server", ada), ("ben-service", ben)):
        page.screenshot(path=str(ARTIFACTS / f"hub-{name}.png"))
    assert kept_names(hub.database, code) == ["Ada", "Ben"]
    assert not list(hub.homes.glob("*/.local/share/atout/classes.sqlite3"))      # in no user's own folder
    end_class(teacher, [(ada, "has ended"), (ben, "has ended")])


def start_offered(page, base: str) -> str | None:
    """Open the classroom at ``base``: None where "Start a class" is offered, else what the page says instead."""
    page.goto(f"{base}/voila/render/classroom.ipynb")
    page.wait_for_selector("[data-testid=card-table] .atout-card-button")
    if page.locator(".atout-live-start").is_visible():
        assert page.locator("[data-testid=live-teachers-only]").count() == 0
        return None
    return page.locator("[data-testid=live-teachers-only]").inner_text()


def test_only_the_hubs_teachers_group_is_offered_start_a_class_on_the_service_and_in_their_own_servers(hub, opened):
    service = f"{hub.url}/services/atout"
    zoe = opened(TEACHER)
    sign_in(zoe, hub, "zoe")
    for base in (f"{hub.url}/user/zoe/atout", service):       # her own server; the service, through the hub's OAuth
        said = start_offered(zoe, base)
        assert said == ("Only teachers start classes on this server: you are signed in as zoe, who is not in the "
                        f"group {TEACHERS}. Ask whoever runs Atout at your school to add you to it"), (base, said)
    assert zoe.url.startswith(f"{service}/voila/render/classroom.ipynb")
    zoe.screenshot(path=str(ARTIFACTS / "hub-zoe-not-a-teacher.png"))
    # Her page sends the click all the same (the button shown again by hand): the kernel refuses, saying why.
    zoe.locator(".atout-live-start").evaluate("button => { button.style.display = 'inline-flex'; }")
    zoe.locator(".atout-live-start").click()
    refused = zoe.wait_for_selector("[data-testid=live-start-refused]").inner_text()
    assert "you are signed in as zoe, who is not in the group teachers" in refused
    assert zoe.locator("[data-testid=class-code]").count() == 0

    anonymous = opened(STUDENT)                              # no account: the service lets them in, as a visitor
    assert "it does not know who you are" in start_offered(anonymous, service)

    teacher = opened(TEACHER)
    sign_in(teacher, hub, "teacher")
    assert start_offered(teacher, f"{hub.url}/user/teacher/atout") is None       # their own server knows their group
    code, _link = start_class(teacher, f"{hub.url}/user/teacher/atout")
    end_class(teacher, [])

"""Two ``atout serve`` behind one address, HAProxy (``deploy/haproxy/haproxy.cfg``, run as it is) sticky by a cookie,
and one PostgreSQL class store: the teacher lands on one server, the students on the other, and the class runs across
them. Each page's kernel is known to its own server alone (a kernel id is 404 on the other): what the cookie is for.
Screenshots: tests/artifacts/servers-<who>.png.
"""

from __future__ import annotations

import os
import re
import sys
import urllib.error
import urllib.request
from contextlib import ExitStack

import pytest

from tests.browser import free_port
from tests.deploy.conftest import (
    ARTIFACTS,
    DEPLOY,
    START_S,
    answer_and_reveal,
    answers,
    haproxy,
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
COOKIE = "ATOUT_SERVER"                 # haproxy.cfg's sticky cookie, naming the server: atout1, atout2


class Servers:
    def __init__(self, url: str, servers: dict[str, str], database: str) -> None:
        self.url = url                  # the proxy's address, the only one people use
        self.servers = servers          # the cookie's value -> that server's own address
        self.database = database


@pytest.fixture(scope="module")
def servers(class_database, tmp_path_factory):
    need("HAProxy", haproxy(), "apt-get install haproxy (.ci/run installs it)")
    folder = tmp_path_factory.mktemp("servers")
    proxy_port, *ports = (free_port() for _ in range(3))
    env = {key: value for key, value in os.environ.items() if not key.startswith(("ATOUT_", "JUPYTERHUB_"))}
    env.update(ATOUT_DATABASE_URL=class_database, PYTHONUNBUFFERED="1")
    addresses = {f"atout{n}": f"http://127.0.0.1:{port}" for n, port in enumerate(ports, 1)}
    with ExitStack() as stack:
        started = [stack.enter_context(running(
            [sys.executable, "-m", "atout.cli", "serve", f"--port={port}", "--pool=1"],
            ARTIFACTS / f"servers-atout{n}.log", env, folder)) for n, port in enumerate(ports, 1)]
        for (name, address), proc in zip(addresses.items(), started, strict=True):
            if not wait_until(lambda address=address: answers(f"{address}/voila/render/index.ipynb",
                                                              lambda code: code == 200), START_S, proc):
                pytest.fail(f"{name} did not start: {log_tail(ARTIFACTS / f'servers-{name}.log')}")
        proxy_env = {**env, "ATOUT_PROXY_BIND": f"127.0.0.1:{proxy_port}",
                     **{f"ATOUT_SERVER_{n}": f"127.0.0.1:{port}" for n, port in enumerate(ports, 1)}}
        log = ARTIFACTS / "servers-haproxy.log"
        proc = stack.enter_context(running([haproxy(), "-db", "-f", str(DEPLOY / "haproxy" / "haproxy.cfg")],
                                           log, proxy_env, folder))
        url = f"http://127.0.0.1:{proxy_port}"
        if not wait_until(lambda: answers(f"{url}/voila/render/index.ipynb", lambda code: code == 200), 30, proc):
            pytest.fail(f"HAProxy did not start: {log_tail(log)}")
        yield Servers(url, addresses, class_database)


def kernel_ids(page) -> list[str]:
    """The kernels whose websockets ``page`` opens from now on (the page's traffic to its kernel)."""
    ids: list[str] = []
    page.on("websocket", lambda socket: ids.extend(re.findall(r"/api/kernels/([0-9a-f-]{36})/channels", socket.url)))
    return ids


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def landed_on(page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE)


def test_teacher_and_students_on_two_servers_behind_a_sticky_proxy_run_one_class(servers, opened):
    teacher = opened(TEACHER)
    teacher_kernels = kernel_ids(teacher)
    code, link = start_class(teacher, servers.url)       # the link the teacher reads out: the proxy's address
    home = landed_on(teacher)                            # the proxy chose a server, and told the browser in a cookie
    other = next(name for name in servers.servers if name != home)

    ada, ben = opened(STUDENT), opened(STUDENT)
    for page in (ada, ben):                              # the students' browsers were sent to the other server
        page.context.add_cookies([{"name": COOKIE, "value": other, "url": servers.url}])
    ada_kernels = kernel_ids(ada)
    join(ada, code, "Ada", link=link)
    join(ben, code, "Ben", course=f"{servers.url}/voila/render/course.ipynb")
    assert landed_on(ada) == landed_on(ben) == other
    assert "Ada, Ben" in teacher.wait_for_selector("[data-testid=live-roster][data-count='2']").inner_text()

    answer_and_reveal(teacher, ada, ben)
    for name, page in (("teacher", teacher), ("ada", ada), ("ben", ben)):
        page.screenshot(path=str(ARTIFACTS / f"servers-{name}.png"))
    assert kept_names(servers.database, code) == ["Ada", "Ben"]

    # Each page's kernel is on the server its cookie names, and unknown to the other: without the cookie, half of a
    # page's requests would reach a server that answers 404 for its kernel.
    # Asked from the page's own browser: a kernel answers only to its page (its cookies; atout.server_guard).
    for page, kernels, there, not_there in ((teacher, teacher_kernels, home, other), (ada, ada_kernels, other, home)):
        assert kernels
        assert page.request.get(f"{servers.servers[there]}/api/kernels/{kernels[-1]}").status == 200
        assert page.request.get(f"{servers.servers[not_there]}/api/kernels/{kernels[-1]}").status == 404
        assert status(f"{servers.servers[there]}/api/kernels/{kernels[-1]}") == 403      # another client: refused
    end_class(teacher, [(ada, "has ended"), (ben, "has ended")])

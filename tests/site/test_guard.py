"""A shared server no page can abuse, and teachers known on it: real servers of the site, pages opened as browsers open
them (``atout.site_client``, from 127.0.0.1 and from other loopback addresses, each a client of its own) and in
Chromium where the page must show something.

* A kernel answers only to the page it was handed to: another client's shutdown, model or websocket request is
  refused with 403; the page's own unload still gives it back.
* Pages per client are capped; the page past the cap says so in the visitor's language, and once a tab is closed the
  same page opens.
* A page's kernel counts its class joins under its visitor's address (``ATOUT_CLIENT``), preheated or not.
* No request answers with a traceback, nor writes one in the server's log.
* ``atout serve --teacher-passcode-file``: the classroom asks for the passcode, says why a wrong one is refused, and
  starts the class with the right one; a student joins with a code and a name; the passcode is on no command line
  and in no process's environment.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from atout.site_client import OpenPage, cookies_set, open_page
from atout.site_client import run_to_end as run
from tests.browser import free_port, stop
from tests.site.conftest import ARTIFACTS, CULL_IDLE, INTERACTIVE, running_voila, wait_for

OTHER = "127.0.0.2"          # another machine, as far as the server can tell
THIRD = "127.0.0.3"
CAP = 2


async def another_clients_request(base: str, method: str, path: str, source: str = OTHER) -> int:
    """``method path`` from another client that has visited the site (its own XSRF cookie and token)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest

    client = AsyncHTTPClient()
    visit = await client.fetch(HTTPRequest(base + "/", network_interface=source), raise_error=False)
    xsrf = cookies_set(visit.headers).get("_xsrf", "")
    body = b"" if method in ("POST", "PUT") else None
    response = await client.fetch(HTTPRequest(base + path, method=method, body=body,
                                              headers={"Cookie": f"_xsrf={xsrf}", "X-XSRFToken": xsrf},
                                              network_interface=source, follow_redirects=False), raise_error=False)
    return int(response.code)


async def another_clients_websocket(base: str, kernel_id: str) -> str:
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    url = f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel_id}/channels?session_id=other"
    try:
        socket = await websocket_connect(HTTPRequest(url, network_interface=OTHER))
    except HTTPClientError as exc:
        return f"HTTP {exc.code}"
    socket.close()
    return "open"


def test_a_kernel_answers_only_to_the_page_it_was_handed_to(voila_server):
    base = voila_server.url

    async def visit() -> tuple[OpenPage, dict[str, int], str, int, bool, int]:
        page = await open_page(base, "/voila/render/play.ipynb")
        assert page.error is None, page.error
        refused = {f"{method} {path.split('/')[1]}": await another_clients_request(base, method, path)
                   for method, path in (("POST", f"/voila/api/shutdown/{page.kernel_id}"),
                                        ("DELETE", f"/api/kernels/{page.kernel_id}"),
                                        ("GET", f"/api/kernels/{page.kernel_id}"))}
        socket = await another_clients_websocket(base, page.kernel_id)
        # The same address without the page's own cookie is another page too (a second browser at the same desk).
        same_machine = await another_clients_request(base, "POST", f"/voila/api/shutdown/{page.kernel_id}",
                                                     source="127.0.0.1")
        still_there = page.kernel_id in voila_server.kernel_ids()
        return page, refused, socket, same_machine, still_there, await page.shut_down()

    page, refused, socket, same_machine, still_there, given_back = run(visit())
    assert refused == {"POST voila": 403, "DELETE api": 403, "GET api": 403} and socket == "HTTP 403"
    assert same_machine == 403
    assert still_there
    assert given_back == 204                                    # its own page gives it back
    assert wait_for(lambda: page.kernel_id not in voila_server.kernel_ids(), 30)


@pytest.fixture(scope="module")
def capped_server(tmp_path_factory):
    """A server that lets each client have ``CAP`` pages open at once, behind a proxy (a request without
    X-Forwarded-For is its own address's)."""
    with running_voila("voila-capped", tmp_path_factory.mktemp("atout-data-capped"),
                       environment={"ATOUT_KERNELS_PER_CLIENT": str(CAP), "ATOUT_BEHIND_PROXY": "1"}) as server:
        yield server


def test_pages_per_client_are_capped_and_the_page_past_the_cap_says_so(capped_server, chromium):
    base = capped_server.url
    context = chromium.new_context(viewport={"width": 1366, "height": 768}, locale="fr-FR")
    try:
        context.request.get(base + "/")
        tabs = []
        for _ in range(CAP):
            tab = context.new_page()
            tab.set_default_timeout(INTERACTIVE)
            tab.goto(f"{base}/voila/render/play.ipynb")
            tab.wait_for_selector("[data-testid=card-table]")
            tabs.append(tab)
        past = context.new_page()
        past.set_default_timeout(INTERACTIVE)
        answer = past.goto(f"{base}/voila/render/play.ipynb")
        assert answer.status == 429 and answer.headers["retry-after"] == "30"
        said = past.locator("[data-testid=too-many-pages]")
        said.wait_for()
        past.screenshot(path=str(ARTIFACTS / "guard-too-many-pages-fr.png"))
        assert said.locator("h1").inner_text() == "Trop de pages d'Atout sont ouvertes depuis votre réseau"
        assert f"d'ouvrir {CAP} pages à la fois" in said.inner_text()
        assert f"la libère en {CULL_IDLE} secondes au plus" in said.inner_text()     # the server's culling time
        # Another client is not held back by this one.
        async def another_client() -> OpenPage:
            page = await open_page(base, "/voila/render/play.ipynb", source=OTHER)
            await page.shut_down()
            return page

        other = run(another_client())
        assert other.error is None, other.error
        # A tab closed gives its place back: the page past the cap opens once reloaded from its own button.
        gone = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', tabs[0].content()).group(1)
        assert sorted(c["name"] for c in context.cookies() if gone in c["path"]) == ["atout-kernel", "atout-kernel-end"]
        tabs[0].close(run_before_unload=True)
        assert wait_for(lambda: gone not in capped_server.kernel_ids(), 30)
        # Its secret forgotten, by the shutdown's answer, which may reach the browser after the kernel has gone.
        assert wait_for(lambda: not [c["name"] for c in context.cookies() if gone in c["path"]], 30), context.cookies()
        past.locator("[data-testid=too-many-pages-reload]").click()
        past.wait_for_selector("[data-testid=card-table]")
    finally:
        for tab in context.pages:
            if not tab.is_closed():
                # A tab closed above with its unload handlers may still be closing: closing it again raised
                # TargetClosedError in CI's teardown once.
                with contextlib.suppress(PlaywrightError):
                    tab.close(run_before_unload=True)
        context.close()


def test_a_pages_kernel_counts_its_joins_under_its_visitors_address(capped_server, chromium):
    """Two course pages opened one after the other from a visitor behind the school's proxy: the first is handed the
    pool's kernel (its visitor's address reaches it with its request), the second a kernel started for it (in its
    environment), the pool's refill waiting. Each page's wrong code is counted under the visitor's address, the one
    the proxy added to X-Forwarded-For, and under nobody else's."""
    base = capped_server.url
    visitor = "198.51.100.7"
    log = ARTIFACTS / "voila-capped.log"
    preheated_before = log.read_text().count("Using pre-heated kernel")
    store = capped_server.data / "classes.sqlite3"

    def counted() -> list[str]:
        if not store.exists():
            return []
        with sqlite3.connect(store) as db:
            try:
                return [scope for (scope,) in db.execute("SELECT scope FROM live_attempts")]
            except sqlite3.OperationalError:        # the store's tables are not made yet
                return []

    def scope(kind: str, client: str) -> str | None:
        """The scope the store counts this client's attempts under; None while the store has not yet made its key
        (the page shows its refusal and the kernel may still be writing the first attempt: CI met that once)."""
        if not store.exists():
            return None
        with sqlite3.connect(store) as db:
            try:
                row = db.execute("SELECT value FROM live_meta WHERE key = 'secret:limits'").fetchone()
            except sqlite3.OperationalError:        # the store's tables are not made yet
                return None
        if row is None:
            return None
        return f"{kind}:{hmac.new(row[0].encode(), client.encode(), hashlib.sha256).hexdigest()[:32]}"

    context = chromium.new_context(extra_http_headers={"X-Forwarded-For": f"10.0.0.1, {visitor}"})
    try:
        context.request.get(base + "/")
        for n in (1, 2):
            page = context.new_page()
            page.set_default_timeout(INTERACTIVE)
            page.goto(f"{base}/voila/render/course.ipynb?class=ZZZ-ZZZ")
            page.locator(".atout-live-name input").fill(f"Ada {n}")
            page.locator(".atout-live-join").click()
            assert "No class is open with the code ZZZ-ZZZ" in page.locator(
                "[data-testid=live-join-error]").inner_text()
            assert wait_for(lambda n=n: counted().count(scope("wrong-code", visitor)) == n, 30), counted()
        for page in context.pages:
            page.close(run_before_unload=True)
    finally:
        context.close()
    assert log.read_text().count("Using pre-heated kernel") - preheated_before == 1     # one of each kind
    assert scope("wrong-code", visitor) is not None
    assert not {scope("wrong-code", client) for client in ("127.0.0.1", "10.0.0.1", "this machine")} & set(counted())


ODD_REQUESTS = [("GET", "/voila/templates/anything"), ("GET", "/voila/templates/lab/static/"),
                ("GET", "/voila/templates/x/static/"), ("GET", "/voila/templates/lab/static/../../../etc/passwd"),
                ("GET", "/voila/templates/../static/x"), ("GET", "/voila/templates/lab/static/a/../../x"),
                ("GET", "/logout"), ("GET", "/voila/render/%ff"), ("GET", "/voila/render/nothing.ipynb"),
                ("GET", "/voila/files/../../etc/passwd"), ("GET", "/voila/static/%2e%2e/x"), ("GET", "/nowhere"),
                ("GET", "/voila/tree/nowhere"), ("GET", "/voila/api/contents/../../etc"),
                ("POST", "/voila/api/shutdown/00000000-0000-0000-0000-000000000000"),
                ("POST", "/voila/api/shutdown/not-a-kernel"), ("DELETE", "/api/kernels/not-a-kernel"),
                ("GET", "/api/kernels/00000000-0000-0000-0000-000000000000/channels"),
                ("GET", "/voila/query/00000000-0000-0000-0000-000000000000"), ("PUT", "/voila/render/index.ipynb"),
                ("GET", "/voila/api/themes/x")]


def test_no_request_answers_with_a_traceback(capped_server):
    async def ask() -> dict[str, int]:
        return {f"{method} {path}": await another_clients_request(capped_server.url, method, path, source=THIRD)
                for method, path in ODD_REQUESTS}

    answered = run(ask())
    assert all(code < 500 for code in answered.values()), answered
    assert answered["GET /voila/templates/anything"] == 404 and answered["GET /logout"] == 302
    log = (ARTIFACTS / "voila-capped.log").read_text()      # what the server answered, and what it wrote
    assert "Uncaught exception" not in log and not re.search(r"^500 ", log, re.MULTILINE), log[-3000:]


PASSCODE = "tulip-harbour-42"


def test_a_server_with_a_teacher_passcode_asks_for_it_and_students_still_join_with_a_code(tmp_path, chromium):
    passcode_file = tmp_path / "teacher-passcode"
    passcode_file.write_text(PASSCODE + "\n")
    passcode_file.chmod(0o600)
    port = free_port()
    log = tmp_path / "serve.log"
    env = {key: value for key, value in os.environ.items() if not key.startswith("ATOUT_TEACHER")}
    env.update(ATOUT_DATA=str(tmp_path / "data"), PYTHONUNBUFFERED="1")
    with open(log, "w") as out:
        server = subprocess.Popen([sys.executable, "-m", "atout.cli", "serve", f"--port={port}",
                                   f"--teacher-passcode-file={passcode_file}"], cwd=tmp_path, env=env, stdout=out,
                                  stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and "filled" not in log.read_text():
            time.sleep(0.2)          # polling the server's start, not timing a page
        assert "Starting a class asks for the teacher passcode" in log.read_text()
        for pid in (server.pid, *_children(server.pid)):
            for what in ("cmdline", "environ"):
                assert PASSCODE.encode() not in Path(f"/proc/{pid}/{what}").read_bytes(), (pid, what)
        context.request.get(base + "/")
        teacher = context.new_page()
        teacher.set_default_timeout(INTERACTIVE)
        teacher.goto(f"{base}/voila/render/classroom.ipynb")
        teacher.wait_for_selector("[data-testid=card-table] .atout-card-button")
        teacher.locator(".atout-live-start").click()
        asked = teacher.locator("[data-testid=live-passcode-asked]")
        assert asked.inner_text().startswith("Type the teacher passcode to start a class")
        field = teacher.locator(".atout-live-passcode input")
        assert field.get_attribute("type") == "password"
        field.fill("tulip-harbour-41")
        teacher.locator(".atout-live-passcode-start").click()
        refused = teacher.locator("[data-testid=live-passcode-refused]")
        assert refused.inner_text() == ("This is not the teacher passcode of this server: check it (capital letters "
                                        "count), or ask whoever runs Atout at your school")
        teacher.screenshot(path=str(ARTIFACTS / "guard-passcode-refused.png"))
        assert teacher.locator("[data-testid=class-code]").count() == 0
        field.fill(PASSCODE)
        teacher.locator(".atout-live-passcode-start").click()
        code = teacher.wait_for_selector("[data-testid=class-code]").inner_text()
        assert teacher.locator(".atout-live-passcode-form").is_hidden()
        student_context = chromium.new_context(viewport={"width": 1366, "height": 768})
        try:
            student_context.request.get(base + "/")
            student = student_context.new_page()
            student.set_default_timeout(INTERACTIVE)
            student.goto(f"{base}/voila/render/course.ipynb?class={code}")
            student.locator(".atout-live-name input").fill("Ada")
            student.locator(".atout-live-join").click()
            student.wait_for_selector("[data-testid=live-joined]")
            student.close(run_before_unload=True)
        finally:
            student_context.close()
        teacher.close(run_before_unload=True)
    finally:
        context.close()
        stop(server)
    said = log.read_text()
    assert "Uncaught exception" not in said and not re.search(r"^500 ", said, re.MULTILINE), said[-3000:]


def _children(pid: int) -> list[int]:
    from tests.browser import descendants

    return descendants(pid)


@pytest.mark.parametrize("args, said", [
    (["--teacher-passcode-file", "/nonexistent/passcode"], "the teacher passcode file /nonexistent/passcode does not "
                                                           "exist"),
    (["--teacher-passcode-file", "{short}"], "has 5 characters: a passcode has at least 8"),
    (["--kernels-per-client", "-1"], "--kernels-per-client is a number of pages from 0 (0: no cap), not -1"),
])
def test_atout_serve_refuses_a_shared_servers_setting_it_cannot_use(tmp_path, args, said):
    short = tmp_path / "short"
    short.write_text("12345\n")
    refused = subprocess.run([sys.executable, "-m", "atout.cli", "serve", f"--port={free_port()}",
                              *(a.format(short=short) for a in args)], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and said in refused.stderr, refused.stderr

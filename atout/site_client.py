"""A page of the site opened as a browser opens it, at the level Voilà serves it, without a browser: the page's
address fetched (Voilà runs the page in its kernel and sends the HTML), then the kernel's websocket opened and the
widgets' state asked for, as the page's widget manager does before it draws anything (ipywidgets' control comm,
``request_states``). The page is *ready* once the kernel has sent the state of every widget it shows.

One machine cannot run thirty browsers and still measure the server (a Chromium page costs about as much CPU as the
kernel behind it), so ``atout bench class-start`` opens pages with this instead; the tests use it to open pages where
what is tested is the server, not the page's look.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
CONTROL_PROTOCOL = "1.0.0"          # ipywidgets' control comm
T = TypeVar("T")


def run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` in an event loop of its own, on a thread of its own: the caller may already be inside a
    running loop (a test beside Playwright's synchronous browser, a notebook), where ``asyncio.run`` refuses."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="atout-site-client") as worker:
        return worker.submit(asyncio.run, coroutine).result()


@dataclass
class OpenPage:
    """A page opened (``open_page``), its websocket still open: its kernel lives while it is."""

    path: str
    kernel_id: str = ""
    html_s: float = 0.0               # from the request to the page's HTML, whole
    ready_s: float = 0.0              # from the request to every widget's state
    widgets: int = 0
    states: dict[str, Any] = field(default_factory=dict, repr=False)     # every widget's state, by model id
    error: str | None = None
    socket: Any = field(default=None, repr=False)
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    cookies: dict[str, str] = field(default_factory=dict, repr=False)   # what the server set, as a browser keeps them
    base: str = ""
    source: str | None = None          # the local address its requests leave from (None: the system's choice)

    def message(self, channel: str, msg_type: str, content: dict[str, Any]) -> str:
        """A message of the Jupyter protocol from this page, as JSON text (the websocket's JSON format)."""
        return json.dumps({
            "channel": channel, "content": content, "buffers": [], "parent_header": {},
            "metadata": {"version": CONTROL_PROTOCOL},
            "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "", "session": self.session,
                       "date": "", "version": "5.3"}})

    def has_class(self, css_class: str) -> bool:
        """Whether a widget of the page carries ``css_class`` (what a page shows, read from its widgets' state)."""
        return any(css_class in state.get("state", {}).get("_dom_classes", ()) for state in self.states.values())

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()
            self.socket = None

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    async def shut_down(self) -> int:
        """Close the page as a browser's tab closes: its socket, then the unload's request giving its kernel back
        (Voilà's ``voila/api/shutdown``, with the XSRF token the page's cookie holds). The answer's HTTP status."""
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

        self.close()
        if not self.kernel_id:
            return 0
        headers = {"Cookie": self.cookie_header(), "X-XSRFToken": self.cookies.get("_xsrf", "")}
        try:
            response = await AsyncHTTPClient().fetch(HTTPRequest(
                f"{self.base}/voila/api/shutdown/{self.kernel_id}", method="POST", body=b"", headers=headers,
                request_timeout=60, network_interface=self.source))
        except HTTPClientError as exc:
            return int(exc.code)
        return int(response.code)


def cookies_set(headers: Any) -> dict[str, str]:
    """The cookies a response sets (``Set-Cookie``), by name, as a browser would send them back to the same page.

    >>> from tornado.httputil import HTTPHeaders
    >>> h = HTTPHeaders()
    >>> h.add("Set-Cookie", '_xsrf=2|ab|cd; Path=/'); h.add("Set-Cookie", "other=x; HttpOnly")
    >>> cookies_set(h)
    {'_xsrf': '2|ab|cd', 'other': 'x'}
    """
    from http.cookies import SimpleCookie

    found: dict[str, str] = {}
    for line in headers.get_list("Set-Cookie"):
        jar: SimpleCookie = SimpleCookie()
        jar.load(line)
        found.update({name: morsel.value for name, morsel in jar.items()})
    return found


async def open_page(base: str, path: str, timeout_s: float = 300.0, source: str | None = None) -> OpenPage:
    """Open ``base + path`` (``/voila/render/course.ipynb?lesson=…``) as a browser would, up to its widgets' state;
    a failure is kept in ``error`` (the page's HTTP status, no kernel, a closed socket, the time out). ``source``:
    the local address the requests leave from (another client on this machine: 127.0.0.2)."""

    from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
    from tornado.websocket import WebSocketError, websocket_connect

    page = OpenPage(path, base=base, source=source)
    start = time.monotonic()
    try:
        # A client of its own, as each student's browser is: tornado's shared client fetches ten at a time and
        # fails the rest after 20 s in its queue, which no class of browsers does.
        client = AsyncHTTPClient(force_instance=True)
        try:
            response = await client.fetch(HTTPRequest(base + path, request_timeout=timeout_s,
                                                      connect_timeout=timeout_s, network_interface=source))
        finally:
            client.close()
    except HTTPClientError as exc:
        page.error = f"HTTP {exc.code}"
        return page
    except OSError as exc:
        page.error = f"{type(exc).__name__}: {exc}"
        return page
    page.html_s = time.monotonic() - start
    page.cookies = cookies_set(response.headers)
    found = KERNEL_ID.search(response.body.decode("utf-8", "replace"))
    if found is None:
        page.error = "the page names no kernel"
        return page
    page.kernel_id = found.group(1)
    url = f"{base.replace('http', 'ws', 1)}/api/kernels/{page.kernel_id}/channels?session_id={page.session}"
    try:
        request = HTTPRequest(url, headers={"Cookie": page.cookie_header()} if page.cookies else None,
                              connect_timeout=timeout_s, network_interface=source)
        page.socket = await websocket_connect(request, max_message_size=64 << 20)
        comm = uuid.uuid4().hex
        await page.socket.write_message(page.message("shell", "comm_open", {
            "comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}))
        await page.socket.write_message(page.message("shell", "comm_msg", {
            "comm_id": comm, "data": {"method": "request_states"}}))
        deadline = start + timeout_s
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no widget state after {timeout_s:.0f} s")
            text = await asyncio.wait_for(page.socket.read_message(), left)
            if text is None:
                raise ConnectionError("the kernel's websocket closed")
            if not isinstance(text, str):
                continue                           # a message with binary buffers: not the state's reply
            reply = json.loads(text)
            data = reply.get("content", {}).get("data", {}) if reply.get("msg_type") == "comm_msg" else {}
            if data.get("method") == "update_states":
                page.states = data.get("states", {})
                page.widgets = len(page.states)
                break
    except (OSError, TimeoutError, ConnectionError, ValueError, WebSocketError) as exc:
        page.error = f"{type(exc).__name__}: {exc}"
        page.close()
        return page
    page.ready_s = time.monotonic() - start
    return page

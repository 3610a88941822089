"""What a preheated kernel waits for: its visitor's request.

Voilà starts some pages' kernels ahead of any visitor (``kernel_pools_config`` in ``voila.json``) and runs the page
until it asks for its request (the address, the browser's language and cookie). The server sends that request, once a
visitor takes the kernel, over a websocket at ``voila/query/<kernel id>`` as one JSON object of environment variables.

Voilà's own helper (``voila.utils.wait_for_request``) imports the whole of Voilà, and with it Jupyter Server and
JupyterLab's server, into the kernel: 1.6 s of CPU and 46 MB measured here, for a page that needs one message. This
module reads the same message with the ``websockets`` client alone (what Voilà's helper uses underneath).
"""

from __future__ import annotations

import json
import logging
import os

log = logging.getLogger(__name__)
OPEN_TIMEOUT_S = 5.0      # as Voilà's helper: the server is on this machine and already running


def preheated() -> bool:
    """Whether this kernel was started ahead of its visitor (``VOILA_PREHEAT``, set by Voilà's kernel pool)."""
    return os.environ.get("VOILA_PREHEAT") == "True"


def request_url(environ: dict[str, str] | None = None) -> str:
    """Where the server hands this kernel its request, from what Voilà put in the kernel's environment.

    >>> request_url({"VOILA_KERNEL_ID": "k1", "VOILA_APP_PORT": "8866", "VOILA_SERVER_URL": "/"})
    'ws://127.0.0.1:8866/voila/query/k1'
    >>> request_url({"VOILA_KERNEL_ID": "k1", "VOILA_APP_PORT": "80", "VOILA_SERVER_URL": "/",
    ...              "VOILA_WS_BASE_URL": "/atout/", "VOILA_APP_IP": "10.0.0.5"})
    'ws://10.0.0.5:80/atout/voila/query/k1'
    """
    env = os.environ if environ is None else environ
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


def wait_for_request() -> None:
    """In a preheated kernel, wait until a visitor takes it and put their request in ``os.environ`` (as Voilà's
    helper does); at once anywhere else. When the server cannot be reached, the page goes on without the request
    (it opens as its address were empty), as with Voilà's helper, and the reason is logged."""
    if not preheated():
        return
    from websockets.sync.client import connect

    url = request_url()
    try:
        with connect(url, open_timeout=OPEN_TIMEOUT_S, max_size=2**20) as socket:
            message = socket.recv()
    except Exception as exc:       # noqa: BLE001 - refused, timed out, or websockets' own (a closed handshake)
        log.warning("no request from %s: %s", url, exc)
        return
    try:
        info = json.loads(message)
    except ValueError:
        log.warning("the request from %s is not JSON", url)
        return
    if isinstance(info, dict):
        os.environ.update({str(key): str(value) for key, value in info.items()})

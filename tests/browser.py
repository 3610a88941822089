"""Chromium and the processes of a Voilà server, for the browser tests (``tests/site``) and the benchmarks that
drive pages (``benchmarks/``), which import them from here: the tests never import a benchmark's helpers.

Chromium is Debian's, driven by Playwright; Playwright's own browser download is never used. Processes are read from
``/proc``.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from contextlib import suppress
from pathlib import Path

# Debian's headless shell (package chromium-headless-shell) where it is installed, else its full browser (chromium);
# ATOUT_CHROMIUM names another. The shell is Chromium's own engine without the browser's windows, and what Playwright
# itself runs for headless pages. Why: the browser tests are bound by the CPU, and the shell costs less of it. Seen
# here: a Play and a course page loaded, 1.79 s of Chromium's CPU in the shell and 2.36 s in the browser (medians of 5);
# the browser tests (tests/site, 2 processes) took 176 s and 195 s, Chromium's processes 157 and 198 s of CPU.
CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


def chromium_path() -> str | None:
    """The Chromium binary to drive (``CHROMIUMS``, or ATOUT_CHROMIUM), or None when there is none."""
    if os.environ.get("ATOUT_CHROMIUM"):
        return os.environ["ATOUT_CHROMIUM"] if Path(os.environ["ATOUT_CHROMIUM"]).exists() else None
    for path in CHROMIUMS:
        if Path(path).exists():
            return path
    return next(filter(None, map(shutil.which, (Path(path).name for path in CHROMIUMS))), None)


def missing_chromium(who: str) -> str:
    """What to say when ``chromium_path`` finds none: ``who`` needs it, and how to install it."""
    if os.environ.get("ATOUT_CHROMIUM"):
        return f"{who} Chromium, and ATOUT_CHROMIUM names {os.environ['ATOUT_CHROMIUM']}, which does not exist"
    return (f"Chromium is not installed: {who} Debian's chromium-headless-shell or chromium "
            "(sudo apt-get install chromium-headless-shell), or set ATOUT_CHROMIUM to a Chromium binary")


def free_port() -> int:
    """A local TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serving(base: str, server: subprocess.Popen, seconds: float) -> bool:
    """Whether the server at ``base`` answers its tree page within ``seconds`` (False once it has exited)."""
    deadline = time.monotonic() + seconds
    while server.poll() is None and time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/", timeout=5) as response:
                if response.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(0.2)   # polling the server's start-up, not waiting on a page
    return False


def stop(server: subprocess.Popen, seconds: float = 20) -> None:
    """Stop a server (SIGTERM: Voilà shuts its kernels down), killed if it has not gone within ``seconds``."""
    server.terminate()
    try:
        server.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        server.kill()


def stop_process(pid: int, seconds: float = 20) -> None:
    """``stop`` for a process that is not this one's child (the run's shared Voilà server, started by a worker): gone is
    also a zombie its parent has not reaped yet."""
    def running() -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    with suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + seconds
        while running() and time.monotonic() < deadline:
            time.sleep(0.2)    # polling a process's end, not waiting on a page
        if running():
            os.kill(pid, signal.SIGKILL)


def processes() -> dict[int, tuple[int, bytes]]:
    """Every process: pid -> (parent pid, command line)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        found[int(entry.name)] = (int(stat.rsplit(")", 1)[1].split()[1]), cmdline)
    return found


def descendants(pid: int, table: dict[int, tuple[int, bytes]] | None = None) -> list[int]:
    table = table if table is not None else processes()
    out, todo = [], [pid]
    while todo:
        parent = todo.pop()
        for child, (ppid, _cmd) in table.items():
            if ppid == parent:
                out.append(child)
                todo.append(child)
    return out


def server_kernels(server_pid: int) -> dict[int, str]:
    """The server's kernel processes: pid -> kernel id (``atout.kernel_fork.kernel_id_of``: a spawned kernel's command
    line, or the connection file a forked kernel keeps open)."""
    from atout.kernel_fork import kernel_id_of

    kernels = {}
    for pid in descendants(server_pid):
        kernel_id = kernel_id_of(pid)
        if kernel_id is not None:
            kernels[pid] = kernel_id
    return kernels


def rss_kb(pid: int) -> int:
    """A process's resident memory in kB (0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class OwnBrowsers:
    """Pages in browser contexts of their own, as each person has their own browser and cookies. A page still open
    at the end is closed with its unload handlers (its kernel given back), and every page's errors are returned."""

    def __init__(self, chromium, timeout_ms: float) -> None:
        self._chromium = chromium
        self._timeout_ms = timeout_ms
        self._opened: list[tuple[object, object]] = []
        self.errors: list[str] = []

    def open(self, viewport: dict, base: str | None = None, **context_options):
        """A page in a new context; with ``base``, the site's tree page is asked first for its XSRF cookie, which a
        page's unload needs to shut its kernel down."""
        context = self._chromium.new_context(viewport=viewport, reduced_motion="reduce", **context_options)
        if base is not None:
            context.request.get(base + "/")
        page = context.new_page()
        page.set_default_timeout(self._timeout_ms)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self._opened.append((page, context))
        return page

    def close(self) -> list[str]:
        for page, context in self._opened:
            if not page.is_closed():            # a test may close a page itself (a student leaving)
                page.close(run_before_unload=True)
            context.close()
        return self.errors

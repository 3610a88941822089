"""A throwaway PostgreSQL server for the tests and the class benchmark: Debian's binaries, a temporary folder,
a unix socket in it (no TCP port), stopped and removed when done.

PostgreSQL refuses to run as root, so when the caller is root the server runs as an unprivileged user (Debian's
``postgres``, which its package creates, or ``ATOUT_PG_USER``) through ``runuser``. ``find_binaries`` says where
``initdb`` and ``pg_ctl`` are, or None when PostgreSQL is not installed.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

INSTALL_HINT = "sudo apt-get install postgresql (Debian's server; the tests start and stop their own)"


def find_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: ``ATOUT_PG_BIN``, Debian's newest
    ``/usr/lib/postgresql/N/bin``, or the ``PATH``; None when PostgreSQL is not installed."""
    candidates = []
    if os.environ.get("ATOUT_PG_BIN"):
        candidates.append(Path(os.environ["ATOUT_PG_BIN"]))
    debian = Path("/usr/lib/postgresql")
    if debian.is_dir():
        versions = sorted((p for p in debian.iterdir() if p.name.isdigit()), key=lambda p: int(p.name), reverse=True)
        candidates += [p / "bin" for p in versions]
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    for folder in candidates:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


def server_user() -> str | None:
    """Who runs the server: nobody else when the caller is not root; an unprivileged user when it is (None when
    there is none)."""
    if os.geteuid() != 0:
        return None
    for name in (os.environ.get("ATOUT_PG_USER"), "postgres"):
        if name:
            try:
                pwd.getpwnam(name)
                return name
            except KeyError:
                continue
    return None


class TempPostgres:
    """``with TempPostgres() as pg: pg.url`` — a fresh cluster with a database ``atout``, reached by its socket."""

    def __init__(self) -> None:
        binaries = find_binaries()
        if binaries is None:
            raise RuntimeError(f"PostgreSQL is not installed: {INSTALL_HINT}")
        self.bin = binaries
        self.user = server_user()
        if os.geteuid() == 0 and self.user is None:
            raise RuntimeError("PostgreSQL refuses to run as root and there is no unprivileged user to run it: "
                               "create one (Debian's postgresql package makes 'postgres') or set ATOUT_PG_USER")
        self.folder = Path(tempfile.mkdtemp(prefix="atout-pg-"))
        self.data = self.folder / "data"
        self.socket = self.folder / "socket"
        self.log = self.folder / "server.log"
        self.url = ""

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{Path(command[0]).name} failed: {done.stderr.strip() or done.stdout.strip()}\n{log}")

    def start(self) -> TempPostgres:
        self.socket.mkdir()
        if self.user:
            entry = pwd.getpwnam(self.user)
            for path in (self.folder, self.socket):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "atout", "-A", "trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        self.start_server()
        self._run(str(self.bin / "createdb"), "-h", str(self.socket), "-U", "atout", "atout")
        self.url = f"postgresql://atout@/atout?host={quote(str(self.socket), safe='')}"
        return self

    def start_server(self) -> None:
        """Start the server on its data (again, after ``stop_server``)."""
        # No TCP at all (listen_addresses empty): the socket in our own folder; durability is not needed here.
        options = f"-k {self.socket} -c listen_addresses='' -c fsync=off -c synchronous_commit=off " \
                  "-c full_page_writes=off -c max_connections=200"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")

    def stop_server(self) -> None:
        """Stop the server as an administrator would (``pg_ctl stop``: its sessions are ended), keeping its data."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def pid(self) -> int | None:
        """The server's process id (the postmaster's), while it runs."""
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, IndexError, ValueError):
            return None

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            try:
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
            except (RuntimeError, subprocess.TimeoutExpired):
                pass
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> TempPostgres:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc: object) -> None:
        self.stop()

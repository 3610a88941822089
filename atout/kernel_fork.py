"""The site's kernels, forked from a process that has already imported what the pages run.

A page's kernel started as a new Python paid, on every page opened, for importing IPython, ipywidgets, pandas and
Atout and for loading and checking the lessons: 0.5 to 1.2 s of CPU per page, and 50 to 95 MB of memory each (PSS)
holding the same modules thirty times over. A class opening thirty pages in the same minute waited on it.

Here one process, the **fork server**, imports all that once (``atout.widgets.page.warm``), then waits. Each kernel
the site starts is a fork of it: the kernel begins with everything imported and shares those pages of memory with
every other kernel until it writes to them. The kernel is then the same ipykernel a new Python would have run, with
the same command line, environment, working folder and session; Jupyter sees no difference.

How a kernel is made (``ForkingProvisioner``, Jupyter's way of starting kernels, named in the server's command line):

* The server asks the fork server over a socket pair; the fork server forks a short-lived child, which forks the
  kernel and exits at once. The server has made itself a *subreaper* (Linux's ``PR_SET_CHILD_SUBREAPER``), so the
  kernel, orphaned, becomes the server's own child: the server waits on it, signals it and reads its exit status
  exactly as for a kernel it had spawned, and a kernel does not die with the fork server (the kernel's parent, which
  it watches to exit with the server, is the server, ``JPY_PARENT_PID``).
* The kernel leads a session of its own (interrupts and kills reach its process group, as Jupyter's spawned kernels
  do), has the signals, standard input and file descriptors a new process would, and keeps its connection file open
  as descriptor 3, where tools that list a server's kernels (``kernel_id_of``) find its id (a spawned kernel has it
  on its command line).
* The fork server forks only while it runs one thread (a fork copies no other thread, and a lock another thread held
  would stay locked in the kernel forever): it checks before each fork, and its numeric libraries are started with one
  thread (``OPENBLAS_NUM_THREADS``).

Where any of this cannot be done (not Linux, a command that is not the site's Python kernel, the fork server gone and
not restartable), a kernel is started as a new process, as before, and the server's log says why.

All the kernels of one server share the hash seed of the fork server (Python's ``PYTHONHASHSEED`` randomisation, drawn
when the fork server starts), as they share its other memory.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import pathlib
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import traceback
from pathlib import Path
from typing import Any, cast

from jupyter_client.provisioning import LocalProvisioner

log = logging.getLogger(__name__)
PROVISIONER = "atout-forking-provisioner"     # its entry point (pyproject.toml), named in the server's command line
KERNEL_MODULE = "ipykernel_launcher"
_PR_SET_CHILD_SUBREAPER = 36
CONNECTION_FD = 3                              # where a forked kernel keeps its connection file open
MAX_REQUEST = 4 << 20                          # bytes: a kernel's command line and environment
_HEADER = struct.Struct("!I")


def supported() -> bool:
    """Whether kernels can be forked here: Linux (subreapers), with ``os.fork``."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def become_subreaper() -> bool:
    """Make this process adopt its orphaned descendants (the forked kernels); whether it could."""
    if not supported():
        return False
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    return bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)


# --- messages over the socket pair: a length, then JSON -------------------------------------------------------------

def _send(sock: socket.socket, message: dict[str, Any]) -> None:
    data = json.dumps(message).encode("utf-8")
    sock.sendall(_HEADER.pack(len(data)) + data)


def _receive(sock: socket.socket) -> dict[str, Any] | None:
    """The next message, or None when the other end has closed."""
    header = _exactly(sock, _HEADER.size)
    if header is None:
        return None
    (size,) = _HEADER.unpack(header)
    if size > MAX_REQUEST:
        raise ValueError(f"a message of {size} bytes (at most {MAX_REQUEST})")
    data = _exactly(sock, size)
    if data is None:
        return None
    message = json.loads(data)
    if not isinstance(message, dict):
        raise ValueError("a message is a JSON object")
    return message


def _exactly(sock: socket.socket, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = sock.recv(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


# --- the fork server (its own process) ------------------------------------------------------------------------------

def kernel_command(argv: list[str]) -> bool:
    """Whether ``argv`` starts this Python's ipykernel (the only command the fork server runs)."""
    return len(argv) >= 3 and argv[0] == sys.executable and argv[1:3] == ["-m", KERNEL_MODULE]


def _threads() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def serve(sock: socket.socket) -> None:
    """The fork server's loop: warm up, then fork a kernel for each request until the server closes the socket."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C reaches the server's whole group: the server decides
    warm()
    while True:
        try:
            request = _receive(sock)
        except (OSError, ValueError) as exc:
            log.error("the fork server stops: %s", exc)
            return
        if request is None:
            return
        _refresh()
        try:
            reply: dict[str, Any] = {"pid": _fork_kernel(request, sock)}
        except Exception as exc:      # noqa: BLE001 - said to the server, which starts the kernel as a new process
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        _send(sock, reply)


def warm() -> None:
    """Import what the pages run and load what every page reads, then keep it out of the garbage collector's sweeps
    (the kernels inherit it; a sweep would also write to every shared page of memory)."""
    import gc
    import importlib

    if sys.path and (sys.path[0] in ("", os.getcwd())):
        del sys.path[0]                  # as ipykernel_launcher does; the kernel's shell puts its own folder back
    importlib.import_module("ipykernel.kernelapp")
    importlib.import_module("atout.widgets.page").warm()
    gc.collect()
    gc.freeze()


def _refresh() -> None:
    """Before a fork: what the kernels take from here must still be what they would load themselves."""
    from atout.lessons import reload_changed_lessons

    try:
        reload_changed_lessons()
    except Exception:           # noqa: BLE001 - the kernel loads the lessons itself, and its page says what is wrong
        log.exception("reading the lessons again")


def _fork_kernel(request: dict[str, Any], server: socket.socket) -> int:
    argv, env, cwd = request.get("argv"), request.get("env"), request.get("cwd")
    if not isinstance(argv, list) or not kernel_command(argv):
        raise ValueError(f"not this Python's kernel: {argv!r:.200}")
    if not isinstance(env, dict) or not isinstance(cwd, str):
        raise ValueError("a kernel needs its environment and working folder")
    if _threads() != 1:
        raise RuntimeError(f"the fork server runs {_threads()} threads, and forks only with one")
    sys.stdout.flush()
    sys.stderr.flush()
    server_pid = os.getppid()
    read_end, write_end = os.pipe()
    middle = os.fork()
    if middle == 0:                                    # the short-lived child: fork the kernel, say its pid, go
        try:
            os.close(read_end)
            kernel = os.fork()
            if kernel == 0:
                os.close(write_end)
                _become_kernel(argv, env, cwd, server, server_pid)  # never returns
            os.write(write_end, str(kernel).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    try:
        said = b""
        while chunk := os.read(read_end, 32):
            said += chunk
    finally:
        os.close(read_end)
        os.waitpid(middle, 0)       # once it is gone, the kernel is the server's child (the subreaper's)
    if not said:
        raise RuntimeError("the kernel could not be forked")
    return int(said)


def _become_kernel(argv: list[str], env: dict[str, str], cwd: str, server: socket.socket, server_pid: int) -> None:
    """In the forked kernel: become what a new process running ``argv`` would be, run ipykernel, and exit."""
    code = 1
    try:
        server.close()
        _adopted_by(server_pid)
        os.setsid()                                  # as Jupyter's spawned kernels (start_new_session)
        for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD, signal.SIGQUIT):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.closerange(3, _max_fd())                  # as Popen's close_fds: nothing of the fork server's
        connection = argv[argv.index("-f") + 1] if "-f" in argv[:-1] else None
        if connection is not None:                     # kept open: connection_file_of finds it there
            kept = os.open(connection, os.O_RDONLY)
            if kept != CONNECTION_FD:
                os.dup2(kept, CONNECTION_FD)
                os.close(kept)
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
        os.environ["JPY_PARENT_PID"] = str(server_pid)
        from ipykernel import kernelapp

        # ipykernel read JPY_PARENT_PID when the fork server imported it: the kernel is told its parent (the server,
        # whom it exits with) on its command line instead.
        sys.argv = [_launcher_path(), *argv[3:], f"--IPKernelApp.parent_handle={server_pid}"]
        app = kernelapp.IPKernelApp.instance()
        app.initialize(sys.argv[1:])
        _as_if_imported_here()
        app.start()
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    except BaseException:        # noqa: BLE001 - the kernel's own failure, printed as a new process would
        traceback.print_exc()
    finally:
        _exit(code)


def _adopted_by(server_pid: int, most_s: float = 10.0) -> None:
    """Wait until the server has adopted this kernel (the short-lived child that forked it is gone): the kernel
    watches its parent to exit with the server, and must find the server there from the start."""
    import time

    deadline = time.monotonic() + most_s
    while os.getppid() != server_pid:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server (process {server_pid}) did not adopt the kernel")
        time.sleep(0.001)


def _launcher_path() -> str:
    import importlib.util

    spec = importlib.util.find_spec(KERNEL_MODULE)
    return str(spec.origin) if spec is not None and spec.origin else KERNEL_MODULE


def _as_if_imported_here() -> None:
    """What the modules imported ahead would have done had the kernel imported them: ipywidgets registers its comm
    targets with the kernel's shell as it is imported, and there was no shell in the fork server (without them no
    widget reaches the page)."""
    widgets = sys.modules.get("ipywidgets")
    if widgets is not None:
        widgets.register_comm_target()


def _exit(code: int) -> None:
    """End the kernel as an interpreter ends (its exit functions, its output flushed), never returning into the fork
    server's loop."""
    import atexit

    try:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def _max_fd() -> int:
    try:
        return int(os.sysconf("SC_OPEN_MAX"))
    except (ValueError, OSError):
        return 4096


def main() -> None:
    """``python -m atout.kernel_fork FD``: the fork server, on the socket ``FD`` the server gave it."""
    sock = socket.socket(fileno=int(sys.argv[1]))
    serve(sock)


# --- the server's side ----------------------------------------------------------------------------------------------

class ForkServer:
    """The server's fork server: started at the first kernel, restarted once if it has gone."""

    _instance: ForkServer | None = None

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._sock: socket.socket | None = None
        self.failed: str | None = None           # why kernels are no longer forked, once it is hopeless

    @classmethod
    def instance(cls) -> ForkServer:
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def _start(self) -> None:
        ours, theirs = socket.socketpair()
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
        self._process = subprocess.Popen([sys.executable, "-m", "atout.kernel_fork", str(theirs.fileno())],
                                         pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, env=env)
        theirs.close()
        self._sock = ours

    def fork(self, argv: list[str], env: dict[str, str], cwd: str) -> int:
        """A forked kernel's pid; ``OSError`` or ``RuntimeError`` when it could not be made (the caller spawns)."""
        with self._lock:
            if self.failed is not None:
                raise RuntimeError(self.failed)
            for attempt in range(2):
                if self._sock is None or self._process is None or self._process.poll() is not None:
                    self._close()
                    self._start()
                assert self._sock is not None
                try:
                    _send(self._sock, {"argv": argv, "env": env, "cwd": cwd})
                    reply = _receive(self._sock)
                except (OSError, ValueError) as exc:
                    reply, why = None, str(exc)
                else:
                    why = "it stopped"
                if reply is not None:
                    if "pid" in reply:
                        return int(reply["pid"])
                    raise RuntimeError(str(reply.get("error")))
                self._close()
                if attempt:
                    self.failed = f"the fork server could not be started again ({why})"
                    raise RuntimeError(self.failed)
            raise AssertionError("unreachable")

    def _close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        if self._process is not None:
            if self._process.poll() is None:
                self._process.kill()
            self._process.wait()
            self._process = None

    def stop(self) -> None:
        with self._lock:
            self._close()


class ForkedKernel:
    """A forked kernel as Jupyter's provisioner handles a spawned one (``subprocess.Popen``'s part it uses): the
    server's child, once adopted, waited on and signalled by its pid."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:          # reaped already (it cannot be anyone else's child)
                self.returncode = -1
            else:
                if pid:
                    self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            try:
                _pid, status = os.waitpid(self.pid, 0)
                self.returncode = os.waitstatus_to_exitcode(status)
            except ChildProcessError:
                self.returncode = -1
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


class ForkingProvisioner(LocalProvisioner):
    """Jupyter's local provisioner, whose kernels are forked from the fork server (``ForkServer``) where they can be,
    and spawned as before where not."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> Any:
        why = _why_not_forked(cmd, kwargs)
        if why is None:
            env = {str(k): str(v) for k, v in (kwargs.get("env") or os.environ).items()}
            cwd = str(kwargs.get("cwd") or os.getcwd())
            try:
                pid = await asyncio.to_thread(ForkServer.instance().fork, list(cmd), env, cwd)
            except (OSError, RuntimeError) as exc:
                why = str(exc)
            else:
                self.process = cast(Any, ForkedKernel(pid))     # the part of Popen the provisioner uses
                self.pid = self.pgid = pid       # the kernel leads its own process group
                self.cwd = kwargs.get("cwd", pathlib.Path.cwd())
                return self.connection_info
        self.log.warning("Kernel started as a new process, not forked: %s", why)
        return await super().launch_kernel(cmd, **kwargs)


_SUBREAPER: bool | None = None


def _why_not_forked(cmd: list[str], kwargs: dict[str, Any]) -> str | None:
    global _SUBREAPER
    if not supported():
        return "kernels are forked on Linux only"
    if not kernel_command(list(cmd)):
        return f"the kernel's command is not this Python's ipykernel ({' '.join(cmd[:3])})"
    if kwargs.get("independent"):
        return "an independent kernel outlives the server"
    if _SUBREAPER is None:
        _SUBREAPER = become_subreaper()
    if not _SUBREAPER:
        return "the server could not adopt forked kernels (prctl PR_SET_CHILD_SUBREAPER)"
    return None


# --- finding a server's kernels -------------------------------------------------------------------------------------

_KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def connection_file_of(pid: int) -> str | None:
    """The connection file of the kernel running as process ``pid``: on its command line (a spawned kernel), or the
    file it keeps open (a forked one); None when it is no kernel."""
    proc = Path(f"/proc/{pid}")
    try:
        arguments = (proc / "cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return None
    if any("ipykernel" in argument for argument in arguments) and "-f" in arguments[:-1]:
        return arguments[arguments.index("-f") + 1]
    if not any(argument == "atout.kernel_fork" for argument in arguments):
        return None
    try:
        return os.readlink(proc / "fd" / str(CONNECTION_FD)).removesuffix(" (deleted)")
    except OSError:
        return None


def kernel_id_of(pid: int) -> str | None:
    """The id of the kernel running as process ``pid`` (``connection_file_of``), or None when it is no kernel."""
    found = _KERNEL_FILE.search(connection_file_of(pid) or "")
    return found.group(1) if found else None


if __name__ == "__main__":
    main()

"""Start the tutorial site: Voilà serving the pages that ship in the package (``atout serve``; ``make serve``).

The pages (``atout/data/notebooks``) and Voilà's configuration (``atout/data/voila.json``: lab template, sources
stripped, tracebacks hidden, the preheated course page, culling of abandoned kernels) are found through
``atout.resources``, so an installed package serves the same site as a checkout, from any working directory.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from atout.resources import LESSONS_ENV, NOTEBOOKS, VOILA_CONFIG

STOP_S = 30       # after Ctrl-C, how long Voilà has to shut its kernels down before it is killed
# Bytes in a Unix socket's path: sun_path less its final NUL, 108 bytes on Linux, 104 on macOS and the BSDs.
SOCKET_PATH_MAX = 107 if sys.platform.startswith("linux") else 103
# The longest socket Voilà's kernels make: in the folder Voilà makes for the connection files (mkdtemp, "voila_" and
# 8 characters, in the temporary folder), the kernel's id and the last of its 5 channels.
KERNEL_SOCKET = os.path.join("voila_12345678", "kernel-12345678-1234-1234-1234-123456789012-ipc-5")


def kernel_transport(temporary_folder: str | None = None) -> list[str]:
    """The options that have the site's kernels talk to Voilà over Unix sockets, where they can.

    Why: over TCP, the server picks 5 free ports for each kernel, which the kernel binds a second later; another
    process can take one in between (the browser's and the server's own connections take ports from the same range),
    and the kernel cannot bind it. Seen in test runs: a site kernel's heartbeat was left unbound ("Address already in
    use"), and a JupyterLab kernel failed to start 6 times on the same port, since jupyter_client restarts a kernel on
    the ports it picked first; a page whose kernel fails this way never comes alive. A Unix socket lives in the folder
    Voilà makes for its kernels' files (in ``temporary_folder``, given to Voilà so that both mean the same one), which
    nothing else uses. Where sockets cannot be made (Windows), or their paths would be too long for the system (a long
    temporary folder), the kernels keep TCP.

    >>> kernel_transport("/tmp")
    ['--KernelManager.transport=ipc', '--Voila.connection_dir_root=/tmp']
    >>> kernel_transport("/" + "t" * 60)
    []
    """
    folder = tempfile.gettempdir() if temporary_folder is None else temporary_folder
    if not kernel_sockets_fit(folder):
        return []
    return ["--KernelManager.transport=ipc", f"--Voila.connection_dir_root={folder}"]


def kernel_sockets_fit(folder: str) -> bool:
    """Whether kernels' Unix sockets can be made in a folder Voilà makes in ``folder`` (or in ``folder`` itself):
    on POSIX systems, where the longest of their paths stays within the system's limit."""
    return os.name == "posix" and len(os.fsencode(os.path.join(folder, KERNEL_SOCKET))) <= SOCKET_PATH_MAX


def kernel_provisioner() -> list[str]:
    """The option that has the site's kernels forked from a process that has imported what the pages run
    (``atout.kernel_fork``), where that can be done (Linux)."""
    from atout import kernel_fork

    if not kernel_fork.supported():
        return []
    return [f"--KernelProvisionerFactory.default_provisioner_name={kernel_fork.PROVISIONER}"]


def voila_command(port: int, notebooks: Path = NOTEBOOKS, ip: str = "127.0.0.1",
                  cull_idle_timeout: int | None = None, cull_interval: int | None = None,
                  config_folder: Path = VOILA_CONFIG.parent, pool: int | None = None, base_url: str = "/",
                  log_level: str | None = None, user_config: bool = False, options: Sequence[str] = ()) -> list[str]:
    """The Voilà command line the site runs with (the tests start the same server).

    Voilà reads ``voila.json`` from Atout's data folder (``config_folder``: the site's own settings) and, with
    ``user_config`` (``atout serve``), from the standard Jupyter configuration folders (``jupyter --paths``: the
    user's, the environment's, the system's, ``JUPYTER_CONFIG_DIR``) and the working folder, each taking precedence
    over the ones after it; ``options`` (Voilà's or Jupyter Server's own, such as
    ``--MappingKernelManager.cull_idle_timeout=600``) come last and decide. Without ``user_config`` (the tests, the
    benchmarks) only Atout's is read, so where they run changes nothing. The tests shorten the culling times.
    """
    folders = [str(config_folder)]
    if user_config:
        from jupyter_core.paths import jupyter_config_path

        folders = list(dict.fromkeys([os.getcwd(), *jupyter_config_path(), str(config_folder)]))
    command = [sys.executable, "-m", "atout.serve", str(notebooks), "--no-browser", f"--port={port}",
               "--Voila.port_retries=0", f"--Voila.ip={ip}", *(f"--Voila.config_file_paths={f}" for f in folders),
               *kernel_transport(), *kernel_provisioner()]
    if base_url != "/":
        command.append(f"--Voila.base_url={base_url}")
    if log_level is not None:
        command.append(f"--Voila.log_level={log_level}")
    if cull_idle_timeout is not None:
        command.append(f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}")
    if cull_interval is not None:
        command.append(f"--MappingKernelManager.cull_interval={cull_interval}")
    if pool is not None:
        command.append(f"--VoilaKernelManager.kernel_pools_config={json.dumps(kernel_pools(pool))}")
    return [*command, *options]


def base_url_of(text: str) -> str:
    """A base URL as Voilà takes it: a path beginning and ending with ``/``; ``ValueError`` for one that is not a path.

    >>> base_url_of("atout"), base_url_of("/services/atout/"), base_url_of("/")
    ('/atout/', '/services/atout/', '/')
    """
    path = "/" + text.strip().strip("/")
    if any(c in path for c in "?#\\ ") or "//" in path or not all(part.isprintable() for part in path):
        raise ValueError(f"a base URL is a path such as /atout/, not {text[:60]!r}")
    return path if path.endswith("/") else path + "/"


def port_taken(ip: str, port: int) -> bool:
    """Whether something already listens on ``ip``:``port`` (the site would not be reachable there)."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as probe:
            probe.bind((ip, port))
    except OSError:
        return True
    return False


CLASS_PAGES = ("course.ipynb", "classroom.ipynb")      # what a class opens at once: students, the teacher


def kernel_pools(pool: int | None = None, config: Path = VOILA_CONFIG) -> dict[str, dict[str, int]]:
    """Voilà's kernel pools (``voila.json``'s), with ``pool`` kernels started ahead for each page a class opens at once
    (``CLASS_PAGES``) when it is given.

    >>> kernel_pools(30)["course.ipynb"], kernel_pools(30)["classroom.ipynb"], kernel_pools()["course.ipynb"]
    ({'pool_size': 30}, {'pool_size': 30}, {'pool_size': 1})
    """
    pools: dict[str, dict[str, int]] = json.loads(config.read_text(encoding="utf-8"))["VoilaKernelManager"][
        "kernel_pools_config"]
    if pool is None:
        return pools
    return {**pools, **{page: {**pools.get(page, {}), "pool_size": pool} for page in CLASS_PAGES}}


def unshared_store_warning(environ: Mapping[str, str] | None = None) -> str | None:
    """What ``atout serve`` tells the administrator when it runs as a JupyterHub user's own server with no store
    shared by every user's server (``atout.live.store.hub_user_without_shared_store``); None otherwise.

    >>> print(unshared_store_warning({"JUPYTERHUB_USER": "ada"}))
    atout serve: this is JupyterHub user ada's own server and ATOUT_DATABASE_URL is not set: live classes are refused \
here, as each user's server would keep its own. Give every user's server the PostgreSQL database they share \
(ATOUT_DATABASE_URL)
    >>> unshared_store_warning({"JUPYTERHUB_USER": "ada", "ATOUT_DATABASE_URL": "postgresql:///atout"})
    """
    from atout.live.store import hub_user_without_shared_store

    user = hub_user_without_shared_store(environ)
    if user is None:
        return None
    return (f"atout serve: this is JupyterHub user {user}'s own server and ATOUT_DATABASE_URL is not set: live "
            "classes are refused here, as each user's server would keep its own. Give every user's server the "
            "PostgreSQL database they share (ATOUT_DATABASE_URL)")


def serve(port: int, ip: str = "127.0.0.1", lessons: list[Path] | None = None, pool: int | None = None,
          base_url: str = "/", log_level: str | None = None, options: Sequence[str] = (),
          environment: dict[str, str | None] | None = None) -> int:
    """Run the site until Ctrl-C; ``lessons``: a teacher's folders served beside ours, checked first (a folder that
    is missing, empty or holds an invalid lesson is refused, with every problem listed, before anything starts). A
    port something else listens on is refused, never swapped for another in silence. ``environment``: variables
    set for the server and its kernels (None: taken out), as a shared server's settings (``atout.cli``)."""
    from atout.lessons import LESSONS_DIR, check_lessons, lesson_paths

    if port_taken(ip, port):
        print(f"atout serve: port {port} on {ip} is taken (another program, or another Atout, listens there): stop "
              "it, or choose another port with --port", file=sys.stderr)
        return 2
    warning = unshared_store_warning()
    if warning:
        print(warning, file=sys.stderr, flush=True)
    env = dict(os.environ)
    for name, value in (environment or {}).items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    # A preheated page's kernel asks the server for its visitor's request (atout.preheat): at the address the server
    # listens on, or on this machine's loopback when it listens on every address.
    env["VOILA_APP_IP"] = "127.0.0.1" if ip in ("", "0.0.0.0") else "::1" if ip == "::" else ip
    if lessons:
        folders = [folder.resolve() for folder in lessons]
        problems = [problem for folder in folders for problem in check_lessons(folder)]
        if problems:
            print("\n".join(problems), file=sys.stderr)
            print(f"the site was not started: {len(problems)} problem(s) in the lessons given "
                  "(atout lessons check --folder DIR checks them)", file=sys.stderr)
            return 2
        env[LESSONS_ENV] = os.pathsep.join(str(folder) for folder in folders)
        theirs = sum(len(lesson_paths(folder)) for folder in folders)
        print(f"{theirs} lesson{'' if theirs == 1 else 's'} of yours ({', '.join(map(str, folders))}) beside Atout's "
              f"{len(lesson_paths(LESSONS_DIR))}", flush=True)
    host = f"[{ip}]" if ":" in ip else ip
    print(f"Atout tutorial site: http://{host}:{port}{base_url}voila/render/index.ipynb  (Ctrl-C stops it)", flush=True)
    server = subprocess.Popen(voila_command(port, ip=ip, pool=pool, base_url=base_url, log_level=log_level,
                                            user_config=True, options=options), env=env)
    # Stopped by a service manager or a test (SIGTERM), the site stops with it: Voilà is told, and shuts its kernels
    # down, instead of running on without its parent (Ctrl-C reaches both already, the terminal's whole group).
    signal.signal(signal.SIGTERM, lambda signum, _frame: server.send_signal(signum))
    try:
        return server.wait()
    except KeyboardInterrupt:
        # Ctrl-C in a terminal reached Voilà too; an interrupt sent to this process alone did not, and Voilà ran on
        # once Atout was gone: JupyterHub stops its services so, and jupyter-server-proxy the Atout of a user's own
        # server (tests/deploy/test_jupyterhub.py found both left running).
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=STOP_S)
        except subprocess.TimeoutExpired:
            server.kill()
        return 0


def main(argv: list[str] | None = None) -> int:
    from atout.cli import main as atout_main

    return atout_main(["serve", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())

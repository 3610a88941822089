"""Start the tutorial site: Voilà serving the pages that ship in the package (``atout serve``; ``make serve``).

The pages (``atout/data/notebooks``) and Voilà's configuration (``atout/data/voila.json``: lab template, sources
stripped, tracebacks hidden, the preheated course page, culling of abandoned kernels) are found through
``atout.resources``, so an installed package serves the same site as a checkout, from any working directory.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
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
                  config_folder: Path = VOILA_CONFIG.parent, pool: int | None = None) -> list[str]:
    """The Voilà command line the site runs with (the tests start the same server).

    Voilà reads ``voila.json`` from ``config_folder`` only (not from the working directory), so where the site is
    started from never changes how it runs; the tests shorten the culling times.
    """
    command = [sys.executable, "-m", "atout.serve", str(notebooks), "--no-browser", f"--port={port}",
               f"--Voila.ip={ip}", f"--Voila.config_file_paths={config_folder}", *kernel_transport(),
               *kernel_provisioner()]
    if cull_idle_timeout is not None:
        command.append(f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}")
    if cull_interval is not None:
        command.append(f"--MappingKernelManager.cull_interval={cull_interval}")
    if pool is not None:
        command.append(f"--VoilaKernelManager.kernel_pools_config={json.dumps(kernel_pools(pool))}")
    return command


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


def serve(port: int, ip: str = "127.0.0.1", lessons: list[Path] | None = None, pool: int | None = None) -> int:
    """Run the site until Ctrl-C; ``lessons``: a teacher's folders served beside ours, checked first (a folder that
    is missing, empty or holds an invalid lesson is refused, with every problem listed, before anything starts)."""
    from atout.lessons import LESSONS_DIR, check_lessons, lesson_paths

    env = dict(os.environ)
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
    print(f"Atout tutorial site: http://{ip}:{port}/voila/render/index.ipynb  (Ctrl-C stops it)", flush=True)
    server = subprocess.Popen(voila_command(port, ip=ip, pool=pool), env=env)
    # Stopped by a service manager or a test (SIGTERM), the site stops with it: Voilà is told, and shuts its kernels
    # down, instead of running on without its parent (Ctrl-C reaches both already, the terminal's whole group).
    signal.signal(signal.SIGTERM, lambda signum, _frame: server.send_signal(signum))
    try:
        return server.wait()
    except KeyboardInterrupt:
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

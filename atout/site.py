"""Start the tutorial site: Voilà serving the pages that ship in the package (``atout serve``; ``make serve``).

The pages (``atout/data/notebooks``) and Voilà's configuration (``atout/data/voila.json``: lab template, sources
stripped, tracebacks hidden, the preheated course page, culling of abandoned kernels) are found through
``atout.resources``, so an installed package serves the same site as a checkout, from any working directory.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from atout.resources import LESSONS_ENV, NOTEBOOKS, VOILA_CONFIG

STOP_S = 30       # after Ctrl-C, how long Voilà has to shut its kernels down before it is killed


def voila_command(port: int, notebooks: Path = NOTEBOOKS, ip: str = "127.0.0.1",
                  cull_idle_timeout: int | None = None, cull_interval: int | None = None,
                  config_folder: Path = VOILA_CONFIG.parent) -> list[str]:
    """The Voilà command line the site runs with (the tests start the same server).

    Voilà reads ``voila.json`` from ``config_folder`` only (not from the working directory), so where the site is
    started from never changes how it runs; the tests shorten the culling times.
    """
    command = [sys.executable, "-m", "atout.serve", str(notebooks), "--no-browser", f"--port={port}",
               f"--Voila.ip={ip}", f"--Voila.config_file_paths={config_folder}"]
    if cull_idle_timeout is not None:
        command.append(f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}")
    if cull_interval is not None:
        command.append(f"--MappingKernelManager.cull_interval={cull_interval}")
    return command


def serve(port: int, ip: str = "127.0.0.1", lessons: list[Path] | None = None) -> int:
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
    server = subprocess.Popen(voila_command(port, ip=ip), env=env)
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

"""Start the tutorial site: Voilà serving ``notebooks/`` (``make serve``; ``python -m atout.site``)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def voila_command(port: int, notebooks: Path = NOTEBOOKS, ip: str = "127.0.0.1",
                  cull_idle_timeout: int | None = None, cull_interval: int | None = None) -> list[str]:
    """The Voilà command line the site runs with (the tests start the same server).

    The rest of the configuration (lab template, sources stripped, tracebacks hidden, the preheated
    course page, culling of abandoned kernels) is in ``voila.json`` at the project root, which Voilà
    reads from its working directory; the tests shorten the culling times.
    """
    command = [sys.executable, "-m", "atout.serve", str(notebooks), "--no-browser", f"--port={port}",
               f"--Voila.ip={ip}"]
    if cull_idle_timeout is not None:
        command.append(f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}")
    if cull_interval is not None:
        command.append(f"--MappingKernelManager.cull_interval={cull_interval}")
    return command


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Atout tutorial site with Voilà.")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8866)))
    parser.add_argument("--ip", default="127.0.0.1")
    args = parser.parse_args(argv)
    print(f"Atout tutorial site: http://{args.ip}:{args.port}/voila/render/index.ipynb  (Ctrl-C stops it)", flush=True)
    return subprocess.call(voila_command(args.port, ip=args.ip), cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main())

"""Start the tutorial site: Voilà serving ``notebooks/`` (``make serve``; ``python -m atout.site``)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def voila_command(port: int, notebooks: Path = NOTEBOOKS, ip: str = "127.0.0.1") -> list[str]:
    """The Voilà command line the site runs with (the tests start the same server)."""
    return [
        sys.executable, "-m", "voila", str(notebooks), "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
        "--strip_sources=True", "--show_tracebacks=False", "--template=lab",
        "--MappingKernelManager.cull_idle_timeout=120", "--MappingKernelManager.cull_interval=30",
        "--MappingKernelManager.cull_connected=True",
        "--VoilaConfiguration.file_allowlist=['.*\\.(png|jpg|gif|svg|css|js)']",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Atout tutorial site with Voilà.")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8866)))
    parser.add_argument("--ip", default="127.0.0.1")
    args = parser.parse_args(argv)
    print(f"Atout tutorial site: http://{args.ip}:{args.port}/voila/render/index.ipynb", flush=True)
    return subprocess.call(voila_command(args.port, ip=args.ip), cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main())

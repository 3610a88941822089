"""Notebooks run in a real kernel for the tests (nbclient), the kernel talking to the test over Unix sockets in a
folder of its own, as the site's kernels do (``atout.site.kernel_transport``): over TCP a port picked for the kernel
could be taken by the run's other processes before the kernel bound it, and the kernel never started."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbformat import NotebookNode


def execute(nb: NotebookNode, cwd: Path | None = None, timeout: int = 120) -> None:
    """Run every cell of ``nb`` in a new Python kernel started in ``cwd``, its outputs written into ``nb``."""
    folder = tempfile.mkdtemp(prefix="atout-kernel-")      # short: a socket's path is at most 107 bytes
    try:
        manager = KernelManager(kernel_name="python3", transport="ipc",
                                connection_file=str(Path(folder) / "kernel.json"))
        resources = {"metadata": {"path": str(cwd)}} if cwd else {}
        NotebookClient(nb, km=manager, timeout=timeout, kernel_name="python3", resources=resources).execute()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

"""Notebooks run in a real kernel for the tests (nbclient), the kernel talking to the test over Unix sockets in a
folder of its own, as the site's kernels do (``atout.site.kernel_transport``): over TCP a port picked for the kernel
could be taken by the run's other processes before the kernel bound it, and the kernel never started."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from nbclient import NotebookClient
from nbformat import NotebookNode
from traitlets.config import Config

from atout.site import kernel_sockets_fit


def execute(nb: NotebookNode, cwd: Path | None = None, timeout: int = 120) -> None:
    """Run every cell of ``nb`` in a new Python kernel started in ``cwd``, its outputs written into ``nb``; the kernel
    is shut down after (nbclient starts it and owns it)."""
    folder = tempfile.mkdtemp(prefix="atout-kernel-")
    config = Config()
    if kernel_sockets_fit(folder):        # as for the site's kernels; else TCP
        config.KernelManager.transport = "ipc"
        config.KernelManager.connection_file = str(Path(folder) / "kernel.json")
    resources = {"metadata": {"path": str(cwd)}} if cwd else {}
    try:
        NotebookClient(nb, timeout=timeout, kernel_name="python3", resources=resources, config=config).execute()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

"""Programs the tests run in a Python of their own."""

import subprocess
import sys


def printed_by_a_new_process(program: str) -> str:
    """What ``program`` prints, run in a Python of its own: what a process imports as it starts, as a kernel or the
    server starts."""
    shown = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr[-2000:]
    return shown.stdout

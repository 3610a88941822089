"""``atout bench class-start --pages 30``: a class arriving at once. Thirty pages of the site (course pages, as
students open the class's link, and classroom pages) are opened against one server within ten seconds, as browsers
open them (``atout.site_client``: the page, then its widgets' state over the kernel's websocket), and every page stays
open until all are ready.

Reported, beside one page of each kind opened alone on the same server in the same run (the baseline):

* ``ready_s``: each page's time from its request to every widget's state (p50, p95, slowest), all pages and per kind;
  ``ratio_p95_to_alone``: the p95 over the median time of one page alone (target: at most 2);
* ``failures``: pages that did not become ready, and why;
* ``cpu_s_per_page``: the CPU the server's processes spent over the burst (the server, its fork server, every kernel,
  those the pools started meanwhile), over the pages opened; ``kernel_cpu_s``: a page's own kernel (median);
* ``pss_mib``: each open page's kernel's memory, its proportional set size (pages shared between kernels split
  between them), median and largest per kind (target: a course page's kernel at most 80 MB); the server's and the
  fork server's.
* ``server_mib`` (``--rounds N``): whether the server gives back what a class took. The class arrives ``N`` times;
  after each, its pages close as browsers' tabs do (each page's unload gives its kernel back), and once the server
  runs only its pools' kernels again, the server process's own memory is read (resident and proportional set size):
  before the first class, then after each. A server that keeps something of every class grows by about as much each
  round; one whose allocator keeps its high-water mark grows after the first and stays there.

The server is the site's own (``atout.site.voila_command``, the packaged ``voila.json``), on a free port, its live
classes in a throwaway folder. The pages' requests come from this process: run it where nothing else competes for
the CPU, and compare ratios, not seconds, between machines.
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from atout.errors import ConfigError
from atout.kernel_fork import kernel_id_of
from atout.site_client import run_to_end

SPREAD_S = 10.0
ALONE_ROUNDS = 3
KINDS = ("course", "classroom")


def class_pages() -> dict[str, list[str]]:
    """The addresses a class opens, per kind: a student's course page from the class's link, on a lesson of each game
    (half of them in French), and the classroom on each game."""
    from atout.games import available_games
    from atout.lessons import lesson_headings

    lessons = list({heading.game: heading.id for heading in reversed(lesson_headings())}.values())
    course = [f"course.ipynb?lesson={lesson}&class=K7M-4QX" + ("&lang=fr" if i % 2 else "")
              for i, lesson in enumerate(lessons)]
    classroom = [f"classroom.ipynb?game={game}" + ("&lang=fr" if i % 2 else "")
                 for i, game in enumerate(available_games())]
    return {"course": course, "classroom": classroom}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    """Every descendant of ``pid``, from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    parents[int(entry)] = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        for child, its in parents.items():
            if its == parent:
                found.append(child)
                todo.append(child)
    return found


def _cpu_s(pid: int) -> float:
    """A process's CPU time so far (user and system), 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def pss_mib(pid: int) -> float:
    """A process's proportional set size (its shared pages split among their users), in MiB; 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as fh:
            for line in fh:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _summary(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "max": None}
    ordered = sorted(values)
    k = (len(ordered) - 1) * 0.95
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    p95 = ordered[low] + (ordered[high] - ordered[low]) * (k - low)
    return {"p50": round(statistics.median(ordered), 3), "p95": round(p95, 3), "max": round(ordered[-1], 3)}


class _Site:
    def __init__(self, data: Path, pool: int | None) -> None:
        from atout.site import kernel_pools, voila_command

        self.pool_total = sum(int(config.get("pool_size", 0)) for page, config in kernel_pools(pool).items()
                              if page != "default")
        self.ours: set[str] = set()          # the kernels of the pages this benchmark opened

        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(data / "server.log", "w")                # noqa: SIM115 - open as long as the server runs
        env = {k: v for k, v in os.environ.items() if k not in ("ATOUT_DATABASE_URL", "VOILA_PREHEAT")}
        env.update(ATOUT_DATA=str(data), PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(voila_command(self.port, pool=pool), stdout=self.log, stderr=subprocess.STDOUT,
                                     env=env, cwd=data)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the site's server stopped: {(data / 'server.log').read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/", timeout=5):
                    return
            except OSError:
                time.sleep(0.2)         # polling the server's start, not timing a page
        raise RuntimeError("the site's server did not start in 3 minutes")

    def processes(self) -> list[int]:
        return [self.proc.pid, *_children(self.proc.pid)]

    def cpu_s(self) -> dict[int, float]:
        return {pid: _cpu_s(pid) for pid in self.processes()}

    def kernels(self) -> dict[str, int]:
        """kernel id -> pid, for the server's kernels now."""
        found = {}
        for pid in _children(self.proc.pid):
            kernel = kernel_id_of(pid)
            if kernel is not None:
                found[kernel] = pid
        return found

    def wait_for_pools(self, most_s: float = 600.0) -> None:
        """Wait until every pool is full again (its kernels started and their pages built up to the visitor's
        request), then until the server is idle: each measurement starts from the server a class would find."""
        deadline = time.monotonic() + most_s
        while len(set(self.kernels()) - self.ours) < self.pool_total and time.monotonic() < deadline:
            time.sleep(0.5)         # polling the pools' refill, not timing a page
        self.settle(most_s=max(1.0, deadline - time.monotonic()))

    def settle(self, quiet_s: float = 1.0, most_s: float = 60.0) -> None:
        """Wait until the server's processes are idle (a pool refilled, kernels done): under 5 % of a CPU for
        ``quiet_s``."""
        deadline = time.monotonic() + most_s
        before = sum(self.cpu_s().values())
        while time.monotonic() < deadline:
            time.sleep(quiet_s)
            now = sum(self.cpu_s().values())
            if now - before < 0.05 * quiet_s:
                return
            before = now

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


async def _alone(site: _Site, path: str) -> float | None:
    from atout.site_client import open_page

    site.wait_for_pools()
    page = await open_page(site.base, "/voila/render/" + path)
    site.ours.add(page.kernel_id)
    page.close()
    return None if page.error else page.ready_s


async def _burst(site: _Site, paths: list[tuple[str, str]], spread_s: float) -> list[tuple[str, Any]]:
    from atout.site_client import open_page

    async def one(i: int, kind: str, path: str) -> tuple[str, Any]:
        await asyncio.sleep(i * spread_s / max(len(paths) - 1, 1))
        return kind, await open_page(site.base, "/voila/render/" + path)

    return await asyncio.gather(*(one(i, kind, path) for i, (kind, path) in enumerate(paths)))


def run(pages: int = 30, spread_s: float = SPREAD_S, pool: int | None = None, rounds: int = 1) -> dict[str, Any]:
    if pages < 1 or not spread_s >= 0 or not 1 <= rounds <= 20:
        raise ConfigError(f"--pages is a number of pages from 1, --spread a number of seconds from 0 and --rounds a "
                          f"number of classes from 1 to 20, not {pages}, {spread_s:g} and {rounds}")
    with tempfile.TemporaryDirectory(prefix="atout-class-start-") as folder:
        site = _Site(Path(folder), pool)
        try:
            results = run_to_end(_measure(site, pages, spread_s, rounds))
            results["class_start"]["pool"] = pool
            return results
        finally:
            site.stop()


def _rss_mib(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _server_memory(site: _Site) -> dict[str, float]:
    """The server process's own memory (not its kernels', not the fork server's), in MiB."""
    return {"rss": round(_rss_mib(site.proc.pid), 1), "pss": round(pss_mib(site.proc.pid), 1)}


async def _closed(site: _Site, opened: list[tuple[str, Any]], most_s: float = 300.0) -> None:
    """Close a class's pages as their tabs close (each unload gives its kernel back), then wait until the server
    runs only its pools' kernels, its pools full again, and is idle, and until it has given back the memory it freed
    (once every ``GiveMemoryBack.EVERY_S`` seconds after kernels came and went: ``atout.server_guard``)."""
    from atout.server_guard import GiveMemoryBack

    await asyncio.gather(*(page.shut_down() for _kind, page in opened))
    gone = {page.kernel_id for _kind, page in opened}
    deadline = time.monotonic() + most_s
    while set(site.kernels()) & gone and time.monotonic() < deadline:
        await asyncio.sleep(0.5)        # polling the kernels' end, not timing a page
    site.ours |= gone
    site.wait_for_pools()
    await asyncio.sleep(GiveMemoryBack.EVERY_S + 1)       # its round, not timing a page
    site.settle()


def _class_of(pages: int, addresses: dict[str, list[str]]) -> list[tuple[str, str]]:
    """The pages a class opens: the kinds in turn, each kind's addresses in turn."""
    burst = []
    for i in range(pages):
        kind = KINDS[i % len(KINDS)]
        burst.append((kind, addresses[kind][(i // len(KINDS)) % len(addresses[kind])]))
    return burst


async def _measure(site: _Site, pages: int, spread_s: float, rounds: int = 1) -> dict[str, Any]:
    addresses = class_pages()
    for kind in KINDS:                                      # the first visit of each compiles what later ones reuse
        await _alone(site, addresses[kind][0])
    alone: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for round_ in range(ALONE_ROUNDS):
        for kind in KINDS:
            took = await _alone(site, addresses[kind][round_ % len(addresses[kind])])
            if took is not None:
                alone[kind].append(took)
    site.wait_for_pools()
    burst = _class_of(pages, addresses)
    if rounds > 1:             # read as after each class: once the server has given back what it freed
        from atout.server_guard import GiveMemoryBack

        await asyncio.sleep(GiveMemoryBack.EVERY_S + 1)
        site.settle()
    server_mib = [_server_memory(site)]
    before = site.cpu_s()
    started = time.monotonic()
    opened = await _burst(site, burst, spread_s)
    wall_s = time.monotonic() - started
    after = site.cpu_s()
    kernels = site.kernels()
    memory: dict[str, list[float]] = {kind: [] for kind in KINDS}
    kernel_cpu: list[float] = []
    failures = []
    ready: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for kind, page in opened:
        if page.error is not None:
            failures.append({"page": page.path, "error": page.error})
            continue
        ready[kind].append(page.ready_s)
        pid = kernels.get(page.kernel_id)
        if pid is not None:
            memory[kind].append(pss_mib(pid))
            kernel_cpu.append(_cpu_s(pid))
    server_pss = pss_mib(site.proc.pid)
    fork_server = [pid for pid in _children(site.proc.pid) if kernel_id_of(pid) is None]
    if rounds > 1:
        await _closed(site, opened)
        server_mib.append(_server_memory(site))
        for _round in range(1, rounds):
            again = await _burst(site, burst, spread_s)
            failures += [{"page": page.path, "error": page.error} for _kind, page in again if page.error is not None]
            await _closed(site, again)
            server_mib.append(_server_memory(site))
    else:
        for _kind, page in opened:
            page.close()
    spent = sum(after.get(pid, 0.0) - before.get(pid, 0.0) for pid in after)
    everything = [t for times in ready.values() for t in times]
    alone_all = statistics.median([t for times in alone.values() for t in times]) if any(alone.values()) else None
    ratios: dict[str, float | None] = {}
    for kind in KINDS:
        p95 = _summary(ready[kind])["p95"]
        ratios[kind] = round(p95 / statistics.median(alone[kind]), 2) if p95 and alone[kind] else None
    worst = max((r for r in ratios.values() if r is not None), default=None)
    return {"class_start": {
        "pages": pages, "spread_s": spread_s, "ready": len(everything), "failures": failures,
        "wall_s": round(wall_s, 2), "cpus": os.cpu_count(), "cpus_usable": len(os.sched_getaffinity(0)),
        "alone_s": {kind: round(statistics.median(times), 3) if times else None for kind, times in alone.items()},
        "alone_s_all": round(alone_all, 3) if alone_all is not None else None,
        "ready_s": {"all": _summary(everything), **{kind: _summary(times) for kind, times in ready.items()}},
        "ratio_p95_to_alone": {**ratios, "worst": worst},
        "cpu_s_per_page": round(spent / pages, 3),
        "kernel_cpu_s": round(statistics.median(kernel_cpu), 3) if kernel_cpu else None,
        "pss_mib": {kind: {"median": round(statistics.median(m), 1) if m else None,
                           "max": round(max(m), 1) if m else None} for kind, m in memory.items()},
        "server_pss_mib": round(server_pss, 1),
        "rounds": rounds,
        "server_mib": server_mib if rounds > 1 else None,
        "fork_server_pss_mib": round(sum(pss_mib(pid) for pid in fork_server), 1),
        "kernels_forked": bool(fork_server),
        "python": sys.version.split()[0],
    }}


def format_results(results: dict[str, Any]) -> str:
    r = results["class_start"]
    pool = "voila.json's pools" if r.get("pool") is None else f"pools of {r['pool']}"
    lines = [f"{r['ready']} of {r['pages']} pages ready, opened over {r['spread_s']:g} s "
             f"({r['cpus_usable']} CPUs; kernels {'forked' if r['kernels_forked'] else 'spawned'}; {pool})"]
    for kind in ("all", *KINDS):
        s = r["ready_s"][kind]
        if s["p50"] is None:
            continue
        alone = r["alone_s"].get(kind) if kind != "all" else r["alone_s_all"]
        ratio = r["ratio_p95_to_alone"].get(kind) if kind != "all" else r["ratio_p95_to_alone"]["worst"]
        lines.append(f"  {kind:10s} ready p50 {s['p50']:.2f} s, p95 {s['p95']:.2f} s, slowest {s['max']:.2f} s; "
                     f"alone {alone:.2f} s; p95 / alone {ratio}")
    for failure in r["failures"]:
        lines.append(f"  failed: {failure['page']}: {failure['error']}")
    lines.append(f"  CPU per page {r['cpu_s_per_page']:.2f} s (every process of the server; a page's own kernel "
                 f"{r['kernel_cpu_s']} s)")
    for kind in KINDS:
        m = r["pss_mib"][kind]
        if m["median"] is not None:
            lines.append(f"  {kind:10s} kernel memory (PSS) median {m['median']:.0f} MiB, largest {m['max']:.0f} MiB")
    lines.append(f"  server {r['server_pss_mib']:.0f} MiB, fork server {r['fork_server_pss_mib']:.0f} MiB (PSS)")
    if r.get("server_mib"):
        before, *after = r["server_mib"]
        lines.append(f"  server memory (RSS) before the first class {before['rss']:.0f} MiB, after each of "
                     f"{r['rounds']} once its pages closed: " + ", ".join(f"{m['rss']:.0f}" for m in after) + " MiB")
    return "\n".join(lines)


STUDENT_PAGES = 3               # course pages opened to measure what one student's page costs


def student_pages(pages: int = STUDENT_PAGES) -> dict[str, Any]:
    """What one student's page costs the server while it is open: ``pages`` course pages opened one after another
    from a class's link (no pool: each page's kernel forked for it, as once a pool is used up), all kept open, then
    their kernels' memory (PSS, median) and CPU (median), and the CPU every process of the server spent per page."""
    with tempfile.TemporaryDirectory(prefix="atout-student-pages-") as folder:
        site = _Site(Path(folder), pool=0)
        try:
            return run_to_end(_student_pages(site, pages))
        finally:
            site.stop()


async def _student_pages(site: _Site, pages: int) -> dict[str, Any]:
    from atout.site_client import open_page

    addresses = class_pages()["course"]
    (await open_page(site.base, "/voila/render/" + addresses[0])).close()    # compiles what later visits reuse
    site.settle()
    before = site.cpu_s()
    opened = [await open_page(site.base, "/voila/render/" + addresses[i % len(addresses)]) for i in range(pages)]
    site.settle()
    after = site.cpu_s()
    kernels = site.kernels()
    pids = [kernels[page.kernel_id] for page in opened if page.error is None and page.kernel_id in kernels]
    memory = [pss_mib(pid) for pid in pids]
    cpu = [_cpu_s(pid) for pid in pids]
    for page in opened:
        page.close()
    if not pids:
        raise RuntimeError(f"no student page opened: {[page.error for page in opened]}")
    return {"pages": len(pids), "kernel_pss_mib": round(statistics.median(memory), 1),
            "kernel_cpu_s": round(statistics.median(cpu), 3),
            "server_cpu_s_per_page": round(sum(after.get(pid, 0.0) - before.get(pid, 0.0) for pid in after)
                                           / pages, 3)}

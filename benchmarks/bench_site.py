"""The site benchmark: speed and memory of the tutorial site, in Chromium against a real Voilà server
(``make bench-site``, or ``python benchmarks/bench_site.py [--json]`` from a checkout).

One Voilà server is started from a temporary folder holding a copy of the project's ``voila.json``
(its kernel pools extended so the baseline page is preheated too), a copy of ``notebooks/`` and two
copies of a baseline notebook: an empty page with one ipywidgets Button whose click sets a Label.
``bench-baseline.ipynb`` is preheated (pool of 1, like ``course.ipynb``); ``bench-baseline-cold.ipynb``
is not (like ``classroom.ipynb``), so every site figure has a baseline measured the same way in the
same run, and the ratios are what to compare between runs on a shared, noisy machine.

Pages are opened one after another in one Chromium, each in a new browser context that first visits
the tree page (the XSRF cookie Voilà's unload needs) and is closed with ``run_before_unload``, so its
kernel is given back; between pages the server and its kernels are left to go quiet (the preheated
pool refills after each preheated page). The server and the browser are stopped whatever happens.

Speed goals live here, in ``benchmarks/``, never in tests; this benchmark and its browser code stay outside the
package (Playwright is a test dependency, not Atout's).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run as a script from a checkout

from atout.resources import NOTEBOOKS, VOILA_CONFIG  # noqa: E402
from tests.browser import (  # noqa: E402
    CHROMIUM_ARGS,
    chromium_path,
    descendants,
    free_port,
    missing_chromium,
    processes,
    rss_kb,
    server_kernels,
)

TIMEOUT_MS = 60_000        # a page's first render on a loaded 2-core machine
SERVER_START_S = 120
SETTLE_TIMEOUT_S = 60      # at most this long waiting for the server and its kernels to go quiet
QUIET_CORES = 0.10         # "quiet": the server and its kernels use under a tenth of a core ...
QUIET_WINDOW_S = 0.5       # ... over this long
KERNEL_GONE_S = 20         # a closed page's kernel must exit within this long, else it is counted as leaked
# Idle time before each timed click, as a person leaves between clicks. Clicks sent back to back (within ~30 ms of
# the previous answer) wait ~40 ms more somewhere between the browser and the kernel: the bare button's round trip
# is then ~47 ms instead of ~5 ms, which would measure that stall rather than the page.
PAUSE_MS = 250

BASELINE = "bench-baseline.ipynb"             # preheated, like course.ipynb
BASELINE_COLD = "bench-baseline-cold.ipynb"   # not preheated, like classroom.ipynb
CLASSROOM = "classroom.ipynb"
COURSE = "course.ipynb"

TABLE_READY = "[data-testid=card-table] .atout-card-button"
LEGAL_CARD = ('[data-testid=card-table] .atout-seat.atout-to-act .atout-hand '
              '.atout-card-button[data-legal="true"]')
# A legal card already in sight while the deal is still coming in (the other cards wait out of sight for their packet).
VISIBLE_LEGAL_CARD = ('[data-testid=card-table] .atout-seat.atout-to-act .atout-hand '
                      '.atout-slot:not(.atout-waiting) > .atout-card-button[data-legal="true"]')
# Which deal each table on the page shows (a new deal may come in a new table or in the same one).
DEALS_SHOWN = ("() => [...document.querySelectorAll('[data-testid=card-table]')]"
               ".map((t) => `${t.id}:${t.getAttribute('data-deal')}`).join(' ')")
# Every card of the deal is on the table: none still waits out of sight for its packet, nothing in the table moves.
DEAL_LANDED = ("() => [...document.querySelectorAll('[data-testid=card-table]')].every((t) => "
               "!t.querySelector('.atout-waiting') && t.getAnimations({subtree: true}).length === 0)")
DEAL_LANDED_TIMEOUT_MS = 10_000     # a deal takes under 2 s; past this the run goes on and counts the deal
# While a deal comes in: a legal card of the seat to act is in sight, or no card is still to come (too late).
CARD_IN_SIGHT_OR_LANDED = (f"() => !!document.querySelector({VISIBLE_LEGAL_CARD!r}) "
                           "|| !document.querySelector('[data-testid=card-table] .atout-waiting')")
ANNOUNCEMENT = "[data-testid=announcement]"
LESSON_READY = ".atout-lesson-title"
# The lesson's step "Next" button and step counter (older class names too).
STEP_NEXT = ".atout-lesson .atout-lesson-next, .atout-lesson .atout-step-next"
STEP_COUNTER = ".atout-lesson .atout-lesson-counter, .atout-lesson .atout-step-counter"
BUTTON, LABEL = ".bench-button", ".bench-label"

TARGETS = {
    "lesson_interactive": 1.2,      # lesson page (preheated course.ipynb) ≤ 1.2 × the preheated empty page
    "click_round_trip_p95": 1.5,    # card table click p95 ≤ 1.5 × the bare button's p95
    "lesson_switch_p95_ms": 300.0,  # lesson switch in place: p95 < 300 ms
    "kernel_rss_mb": 150.0,         # kernel memory of one open page ≤ 150 MB
}

DEFINITIONS = {
    "interactive": ("seconds from the start of navigation (the page's performance.now()) until the ready element "
                    "is visible AND one click has made a round trip through the kernel: card table = a legal card "
                    "of the seat to act clicked until the announcement text changes; lesson page = the step 'Next' "
                    "button clicked until the step counter changes; baseline = the Button clicked until the Label "
                    "text changes. Classroom is compared with the cold baseline copy (neither is preheated), the "
                    "course page with the preheated one (both from a pool of 1, refilled after each visit)"),
    "click_round_trip_ms": ("in the page: from element.click() to the first DOM mutation that changes the "
                            "watched text (card table: a random legal card of the seat to act, watching "
                            "[data-testid=announcement], a fresh deal every deal_every clicks and whenever no card "
                            "is legal; baseline: the Button, watching the Label); each click sent pause_ms after "
                            "the previous answer, as a person clicks (back-to-back clicks add a ~40 ms stall on "
                            "every page, the bare button's included); p50/p95 over every click of every round. "
                            "These clicks start once the deal has landed (no card of it still out of sight, "
                            "nothing in the table moving: about 2 s after each new deal, and after the page's "
                            "first click): the player waits to see the hand, as play starts once the deal is "
                            "complete. The gathering of a won trick (about 1 s) is not waited for"),
    "click_during_deal_ms": ("not in the target: one click per new deal, pause_ms after the new deal is shown "
                             "(or as soon as the seat to act has one), on a legal card already in sight while the "
                             "rest of the deal is still coming in (the deal animation runs about 2 s); none for "
                             "a deal whose seat to act has no card in sight before the last packet; timed as "
                             "click_round_trip_ms, p50/p95 over every deal of every round (null when none)"),
    "lesson_switch_ms": ("on the course page, in the page: click on another .atout-lesson-link (going round the "
                         "lesson list) until .atout-lesson-title text changes, pause_ms after the lesson map "
                         "has caught up with the previous switch; p50/p95 over every switch"),
    "kernel_rss_mb": ("VmRSS from /proc of the kernel process (and its children) the open page talks to (the "
                      "kernel id from the page's websocket), read after the page's clicks, before it is closed: "
                      "the classroom after its deals and clicks, the course page after its lesson switches "
                      "(at_open: once the page is interactive, before them)"),
    "ratio_to_baseline": "site figure / baseline figure, both measured in this run",
    "ratio_p95_interval_95": ("2.5th and 97.5th percentiles of the p95 ratio over 2000 bootstrap resamples of "
                              "this run's card table and bare button clicks (each drawn again with replacement, "
                              "as if independent): the sampling variation within this run only, not the drift "
                              "between runs on a shared machine"),
}

# The baseline page: nothing but one Button and one Label (no page style, no Markdown).
BASELINE_SOURCE = """\
import ipywidgets as widgets

button = widgets.Button(description="Click me")
button.add_class("bench-button")
label = widgets.Label("Not clicked yet")
label.add_class("bench-label")
clicks = 0


def on_click(_button):
    global clicks
    clicks += 1
    label.value = f"Clicked {clicks} times"


button.on_click(on_click)
widgets.VBox([button, label])
"""

# Click an element and resolve with the time until the watched text changes (both read in the page).
# ``pick`` chooses the element among those matching ``target``: "index" (index modulo their number) or
# "other-lesson" (a lesson link that is neither the current lesson nor titled like it).
TIMED_CLICK = r"""
async ({target, index, pick, watch, timeout}) => {
  const read = () => { const n = document.querySelector(watch); return n ? n.textContent : null; };
  let candidates = [...document.querySelectorAll(target)];
  if (pick === "other-lesson") {
    const title = (read() || "").trim();
    const bare = (b) => b.textContent.replace(/^✓ /, "").replace(/ \(\d+\/\d+\)$/, "").trim();
    candidates = candidates.filter((b) => !b.classList.contains("atout-current") && bare(b) !== title);
  }
  if (!candidates.length) return null;
  const element = candidates[index % candidates.length];
  const before = read();
  return await new Promise((resolve, reject) => {
    let start = 0;
    const observer = new MutationObserver(() => {
      if (read() !== before) {
        const now = performance.now();
        observer.disconnect();
        clearTimeout(timer);
        const opens = [...element.classList].find((c) => c.startsWith("atout-open-"));
        resolve({ms: now - start, at: now, what: opens ? opens.slice("atout-open-".length) : null});
      }
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`no change of ${watch} within ${timeout} ms after clicking ${target}`));
    }, timeout);
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
    start = performance.now();
    element.click();
  });
}
"""

# The lesson map has been rebuilt for the lesson shown (its link marked current), so its links are live.
MAP_CAUGHT_UP = """() => {
  const lesson = document.querySelector(".atout-lesson");
  const id = lesson && [...lesson.classList].find((c) => c.startsWith("atout-lesson-"));
  const current = document.querySelector(".atout-lesson-link.atout-current");
  return Boolean(id && current && current.classList.contains("atout-open-" + id.slice("atout-lesson-".length)));
}"""

KERNEL_WS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")


# --- small helpers ---------------------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation between closest ranks.

    >>> percentile([10, 20, 30, 40], 50), percentile([10, 20, 30, 40], 95), percentile([7], 95)
    (25.0, 38.5, 7.0)
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    rank = (len(ordered) - 1) * q / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (rank - low))


def ratio_interval(numerator: list[float], denominator: list[float], q: float, *, resamples: int = 2000,
                   level: float = 95, seed: int = 20261130) -> tuple[float, float]:
    """A percentile-bootstrap interval (``level`` %) of percentile(numerator, q) / percentile(denominator, q), each
    sample drawn again with replacement: how far the ratio moves when this run's own clicks are drawn again (the
    drift between runs on a shared machine is not in it).

    >>> low, high = ratio_interval([10.0, 11.0, 12.0, 13.0] * 25, [5.0, 5.5, 6.0, 6.5] * 25, 95)
    >>> low <= 2.0 <= high and high - low < 0.3
    True
    """
    if not numerator or not denominator:
        raise ValueError("no values")
    rng = random.Random(seed)
    ratios = [percentile(rng.choices(numerator, k=len(numerator)), q)
              / percentile(rng.choices(denominator, k=len(denominator)), q) for _ in range(resamples)]
    tail = (100 - level) / 2
    return round(percentile(ratios, tail), 3), round(percentile(ratios, 100 - tail), 3)


def _summary(values: list[float], digits: int) -> dict[str, Any]:
    return {"median": round(statistics.median(values), digits), "min": round(min(values), digits),
            "max": round(max(values), digits), "n": len(values)}


def _spread(values: list[float], digits: int = 1) -> dict[str, Any]:
    return {"p50": round(percentile(values, 50), digits), "p95": round(percentile(values, 95), digits),
            "min": round(min(values), digits), "max": round(max(values), digits), "n": len(values)}


def _ratio(a: float, b: float) -> float:
    return round(a / b, 3) if b else float("inf")


def _click_spread(clicks: list[float], baseline: list[float]) -> dict[str, Any]:
    """Clicks' spread with their p50 and p95 beside the baseline's, from the unrounded percentiles (a 0.1 ms
    rounding is 2% of a 5 ms click)."""
    spread = _spread(clicks)
    for q in (50, 95):
        spread[f"ratio_p{q}_to_baseline"] = _ratio(percentile(clicks, q), percentile(baseline, q))
    return spread


# --- processes (read from /proc) --------------------------------------------------------------------------------

def _cpu_ticks(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])     # utime + stime
    return total


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


# --- the server ------------------------------------------------------------------------------------------------

def _site_folder(folder: Path) -> None:
    """The site's notebooks, the baseline pages and voila.json with the baseline page preheated too."""
    from atout.notebooks import notebook

    config = json.loads(VOILA_CONFIG.read_text(encoding="utf-8"))
    pools = config.setdefault("VoilaKernelManager", {}).setdefault("kernel_pools_config", {})
    pools[BASELINE] = {"pool_size": 1}
    (folder / "voila.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    shutil.copytree(NOTEBOOKS, folder, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    text = json.dumps(notebook([("code", BASELINE_SOURCE)]), indent=1)
    for name in (BASELINE, BASELINE_COLD):
        (folder / name).write_text(text, encoding="utf-8")


class Server:
    """Voilà serving the temporary folder; kernels it ever started are remembered so none outlives it."""

    def __init__(self, folder: Path) -> None:
        from atout.site import voila_command

        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = folder.parent / "voila.log"
        self.log = open(self.log_path, "w")  # noqa: SIM115 (closed in stop())
        self.proc = subprocess.Popen(voila_command(self.port, folder, config_folder=folder), cwd=folder,
                                     stdout=self.log, stderr=subprocess.STDOUT,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.seen_kernels: set[int] = set()

    def wait_ready(self) -> None:
        deadline = time.monotonic() + SERVER_START_S
        while True:
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the Voilà server did not start:\n" + self.log_tail())
            time.sleep(0.2)

    def log_tail(self, chars: int = 3000) -> str:
        with contextlib.suppress(OSError):
            self.log.flush()
            return self.log_path.read_text(errors="replace")[-chars:]
        return ""

    def kernels(self) -> dict[int, str]:
        found = server_kernels(self.proc.pid)
        self.seen_kernels.update(found)
        return found

    def settle(self) -> bool:
        """Wait until the server and its kernels are quiet (a pool refilled, a closed page's kernel gone)."""
        hz = os.sysconf("SC_CLK_TCK")
        deadline = time.monotonic() + SETTLE_TIMEOUT_S
        while time.monotonic() < deadline:
            pids = [self.proc.pid, *descendants(self.proc.pid)]
            before, start = _cpu_ticks(pids), time.monotonic()
            time.sleep(QUIET_WINDOW_S)
            used = (_cpu_ticks(pids) - before) / hz / (time.monotonic() - start)
            if used < QUIET_CORES:
                self.kernels()
                return True
        return False

    def stop(self) -> int:
        """Stop the server, then any kernel it started that is still running; returns how many had to be killed."""
        self.kernels()
        if self.proc.poll() is None:
            self.proc.terminate()      # Voilà stops its loop on SIGTERM and shuts every kernel down
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        killed = 0
        deadline = time.monotonic() + 5
        while any(_alive(pid) for pid in self.seen_kernels) and time.monotonic() < deadline:
            time.sleep(0.2)
        for pid in self.seen_kernels:
            if _alive(pid):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
                    killed += 1
        self.log.close()
        return killed


# --- pages -----------------------------------------------------------------------------------------------------

class PageRun:
    """One page in its own browser context: its kernel ids, its errors."""

    def __init__(self, browser: Any, server: Server) -> None:
        self.server = server
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.request.get(server.url + "/")     # the tree page sets the XSRF cookie Voilà's unload needs
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT_MS)
        self.kernel_ids: set[str] = set()
        self.rss_at_open = 0.0       # kernel RSS once the page is interactive, before the rest of its clicks
        self.deals_not_landed = 0
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("websocket", self._websocket)

    def _websocket(self, ws: Any) -> None:
        match = KERNEL_WS.search(ws.url)
        if match:
            self.kernel_ids.add(match.group(1))

    def open(self, notebook: str, ready: str) -> None:
        self.page.goto(f"{self.server.url}/voila/render/{notebook}", wait_until="commit")
        self.page.wait_for_selector(ready, state="visible")
        if self.page.locator(".voila-error").count():
            raise RuntimeError(f"{notebook}: Voilà error: {self.page.locator('.voila-error').first.inner_text()}")

    def timed_click(self, target: str, watch: str, index: int = 0, pick: str = "index") -> dict[str, float] | None:
        """Click and time the answer in the page: {"ms": round trip, "at": ms since navigation}, None if no target."""
        return self.page.evaluate(TIMED_CLICK, {"target": target, "index": index, "pick": pick, "watch": watch,
                                                "timeout": TIMEOUT_MS})

    def kernel_rss_mb(self) -> float:
        """RSS of the kernel(s) this page talks to, with their child processes."""
        kernels = self.server.kernels()
        pids = [pid for pid, kid in kernels.items() if kid in self.kernel_ids]
        if not pids:
            raise RuntimeError(f"no kernel process found for the page's kernels {sorted(self.kernel_ids)}")
        table = processes()
        every = {p for pid in pids for p in (pid, *descendants(pid, table))}
        return sum(rss_kb(p) for p in every) / 1024

    def close(self) -> int:
        """Close with the unload (the kernel is shut down); returns how many of its kernels did not exit."""
        pids = [pid for pid, kid in self.server.kernels().items() if kid in self.kernel_ids]
        with contextlib.suppress(Exception):
            self.page.close(run_before_unload=True)      # returns at once; the unload asks Voilà for the shutdown
        deadline = time.monotonic() + KERNEL_GONE_S
        while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.1)
        with contextlib.suppress(Exception):
            self.context.close()
        return sum(_alive(pid) for pid in pids)


@contextlib.contextmanager
def _page(browser: Any, server: Server, record: dict[str, Any], name: str) -> Iterator[PageRun]:
    run = PageRun(browser, server)
    try:
        yield run
    finally:
        record["leaked_kernels"] += run.close()
        record["deals_not_landed"] += run.deals_not_landed
        record["page_errors"].extend(f"{name}: {e}" for e in run.errors)
        if not server.settle():
            record["unsettled"] += 1


# --- one round -------------------------------------------------------------------------------------------------

def _new_deal(run: PageRun) -> None:
    """Click "New deal" and wait until the table shows the new deal with a legal card to click (its animation has
    only begun)."""
    page = run.page
    before = page.evaluate(DEALS_SHOWN)
    page.locator(".atout-new-deal").click()
    page.wait_for_function(f"(before) => ({DEALS_SHOWN})() !== before && !!document.querySelector({LEGAL_CARD!r})",
                           arg=before)


def _came_true(run: PageRun, condition: str) -> bool:
    """Wait for ``condition`` (a function run in the page) while a deal settles; False when it never comes true."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        run.page.wait_for_function(condition, timeout=DEAL_LANDED_TIMEOUT_MS)
    except PlaywrightTimeout:
        return False
    return True


def _click_during_deal(run: PageRun, rng: random.Random) -> dict[str, Any] | None:
    """One timed click on a legal card already in sight while cards of the deal are still to come; None when the
    seat to act has none in sight before the deal is over."""
    if not _came_true(run, CARD_IN_SIGHT_OR_LANDED):
        return None
    return run.timed_click(VISIBLE_LEGAL_CARD, ANNOUNCEMENT, rng.randrange(1000))


def _deal_landed(run: PageRun) -> None:
    """Wait until the deal is on the table, every card in sight and nothing moving; a deal that never settles is
    counted (the run goes on) rather than ending the benchmark."""
    if not _came_true(run, DEAL_LANDED):
        run.deals_not_landed += 1


def _classroom(run: PageRun, clicks: int, deal_every: int, rng: random.Random,
               pause_ms: int) -> tuple[float, list[float], list[float]]:
    run.open(CLASSROOM, TABLE_READY)
    run.page.wait_for_selector(LEGAL_CARD, state="attached")
    first = run.timed_click(LEGAL_CARD, ANNOUNCEMENT, rng.randrange(1000))
    if first is None:
        raise RuntimeError("classroom: no legal card to click on a fresh deal")
    run.rss_at_open = run.kernel_rss_mb()
    _deal_landed(run)      # the first deal too, before the timed clicks
    times: list[float] = []
    during: list[float] = []
    on_this_deal = 1
    while len(times) < clicks:
        if on_this_deal >= deal_every or not run.page.locator(LEGAL_CARD).count():
            _new_deal(run)
            run.page.wait_for_timeout(pause_ms)
            early = _click_during_deal(run, rng)
            if early is not None:
                during.append(early["ms"])
            _deal_landed(run)
            on_this_deal = 0
        run.page.wait_for_timeout(pause_ms)
        answer = run.timed_click(LEGAL_CARD, ANNOUNCEMENT, rng.randrange(1000))
        if answer is None:          # the table was redrawn without a legal card (the hand is over): deal again
            on_this_deal = deal_every
            continue
        times.append(answer["ms"])
        on_this_deal += 1
    return first["at"] / 1000, times, during


def _baseline(run: PageRun, notebook: str, clicks: int, pause_ms: int) -> tuple[float, list[float]]:
    run.open(notebook, BUTTON)
    first = run.timed_click(BUTTON, LABEL)
    if first is None:
        raise RuntimeError(f"{notebook}: no button")
    times = []
    for _ in range(clicks):
        run.page.wait_for_timeout(pause_ms)
        times.append(run.timed_click(BUTTON, LABEL)["ms"])
    return first["at"] / 1000, times


def _course(run: PageRun, switches: int, offset: int, pause_ms: int) -> tuple[float, list[tuple[str, float]]]:
    run.open(COURSE, LESSON_READY)
    run.page.wait_for_selector(STEP_NEXT, state="visible")
    first = run.timed_click(STEP_NEXT, STEP_COUNTER)
    if first is None:
        raise RuntimeError("course: no step 'Next' button")
    run.rss_at_open = run.kernel_rss_mb()
    times = []
    run.page.wait_for_function(MAP_CAUGHT_UP)
    for k in range(switches):
        run.page.wait_for_timeout(pause_ms)
        answer = run.timed_click(".atout-lesson-link", LESSON_READY, offset + k, pick="other-lesson")
        if answer is None:
            raise RuntimeError("course: no other lesson to switch to")
        times.append((answer["what"], answer["ms"]))
        run.page.wait_for_function(MAP_CAUGHT_UP)     # not timed: the next click must find the new map's links
    return first["at"] / 1000, times


# --- the benchmark ---------------------------------------------------------------------------------------------

def run(seconds: float | None = None, rounds: int = 5, *, clicks: int = 40, switches: int = 10,
        deal_every: int = 5, pause_ms: int = PAUSE_MS) -> dict[str, Any]:
    """Measure the site beside the baseline pages; ``rounds`` rounds (medians over them), or fewer when
    ``seconds`` is given and that much time has passed (at least one round runs).

    Forty clicks a round, two hundred in all, so that a p95 does not rest on the six slowest of a hundred (that
    figure moved by a fifth between two runs on this machine).

    Each round opens, one after another: the cold baseline, the classroom (``clicks`` clicks on its card
    table over fresh deals, one every ``deal_every`` clicks, each clicked once the deal has landed, and one
    more click per deal while it comes in, reported apart), the preheated baseline (``clicks`` clicks)
    and the course page (``switches`` lesson switches); every timed click but a page's first waits
    ``pause_ms`` after the previous answer, as a person would.
    """
    from playwright.sync_api import sync_playwright

    executable = chromium_path()
    if executable is None:
        raise RuntimeError(missing_chromium("the site benchmark needs"))
    if rounds < 1 or clicks < 1 or switches < 1:
        raise ValueError("rounds, clicks and switches must be at least 1")
    started = time.monotonic()
    load_start = os.getloadavg()
    record: dict[str, Any] = {"leaked_kernels": 0, "page_errors": [], "unsettled": 0, "deals_not_landed": 0}
    figures: dict[str, list[float]] = {key: [] for key in (
        "table_s", "base_cold_s", "lesson_s", "base_hot_s", "table_click", "base_click", "switch", "deal_click",
        "table_rss", "lesson_rss", "table_rss_open", "lesson_rss_open", "base_cold_rss", "base_hot_rss")}
    switched: list[tuple[str, float]] = []     # (lesson id, ms) of every lesson switch
    rng = random.Random(20261129)
    done = 0
    with tempfile.TemporaryDirectory(prefix="atout-bench-site-") as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        _site_folder(site)
        server = Server(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
                try:
                    server.wait_ready()
                    deadline = time.monotonic() + SERVER_START_S       # both pools filled, the server quiet
                    while len(server.kernels()) < 2 and time.monotonic() < deadline:
                        time.sleep(0.5)
                    server.settle()
                    browser_version = browser.version
                    for r in range(rounds):
                        with _page(browser, server, record, BASELINE_COLD) as page:
                            ready, _times = _baseline(page, BASELINE_COLD, 1, pause_ms)
                            figures["base_cold_s"].append(ready)
                            figures["base_cold_rss"].append(page.kernel_rss_mb())
                        with _page(browser, server, record, CLASSROOM) as page:
                            ready, times, during = _classroom(page, clicks, deal_every, rng, pause_ms)
                            figures["table_s"].append(ready)
                            figures["table_click"].extend(times)
                            figures["deal_click"].extend(during)
                            figures["table_rss"].append(page.kernel_rss_mb())
                            figures["table_rss_open"].append(page.rss_at_open)
                        with _page(browser, server, record, BASELINE) as page:
                            ready, times = _baseline(page, BASELINE, clicks, pause_ms)
                            figures["base_hot_s"].append(ready)
                            figures["base_click"].extend(times)
                            figures["base_hot_rss"].append(page.kernel_rss_mb())
                        with _page(browser, server, record, COURSE) as page:
                            ready, times = _course(page, switches, r * switches, pause_ms)
                            figures["lesson_s"].append(ready)
                            figures["switch"].extend(ms for _lesson, ms in times)
                            switched.extend(times)
                            figures["lesson_rss"].append(page.kernel_rss_mb())
                            figures["lesson_rss_open"].append(page.rss_at_open)
                        done += 1
                        if seconds is not None and time.monotonic() - started >= seconds:
                            break
                finally:
                    browser.close()
        except Exception as error:
            error.add_note("Voilà log (end):\n" + server.log_tail())
            raise
        finally:
            record["killed_at_stop"] = server.stop()
            record["kernels_left"] = sum(_alive(pid) for pid in server.seen_kernels)
    settings = {"rounds": done, "clicks_per_round": clicks, "switches_per_round": switches, "deal_every": deal_every,
                "pause_ms": pause_ms, "seconds": seconds, "wall_s": round(time.monotonic() - started, 1),
                "chromium": browser_version, "chromium_binary": executable}
    return _results(figures, switched, settings, record, load_start)


def _results(f: dict[str, list[float]], switched: list[tuple[str, float]], settings: dict[str, Any],
             record: dict[str, Any], load_start: tuple[float, ...]) -> dict[str, Any]:
    from importlib.metadata import version

    table_s, lesson_s = _summary(f["table_s"], 2), _summary(f["lesson_s"], 2)
    base_cold_s, base_hot_s = _summary(f["base_cold_s"], 2), _summary(f["base_hot_s"], 2)
    table_s["ratio_to_baseline"] = _ratio(table_s["median"], base_cold_s["median"])
    table_s["page"] = f"{CLASSROOM} (not preheated), beside {BASELINE_COLD}"
    lesson_s["ratio_to_baseline"] = _ratio(lesson_s["median"], base_hot_s["median"])
    lesson_s["page"] = f"{COURSE} (preheated), beside {BASELINE}"
    base_click = _spread(f["base_click"])
    click = _click_spread(f["table_click"], f["base_click"])
    # The p95 of 200 clicks lies among their eleven slowest: the interval says how far this run's own clicks,
    # drawn again, move the ratio (not how far another run on a differently loaded machine would).
    click["ratio_p95_interval_95"] = list(ratio_interval(f["table_click"], f["base_click"], 95))
    during = _click_spread(f["deal_click"], f["base_click"]) if f["deal_click"] else None
    switch = _spread(f["switch"])
    switch["slowest"] = [{"lesson": lesson, "ms": round(ms, 1)}
                         for lesson, ms in sorted(switched, key=lambda s: -s[1])[:5]]
    rss = {"classroom": _summary(f["table_rss"], 1), "lesson": _summary(f["lesson_rss"], 1)}
    base_rss = {"cold": _summary(f["base_cold_rss"], 1), "preheated": _summary(f["base_hot_rss"], 1)}
    rss["max"] = round(max(f["table_rss"] + f["lesson_rss"]), 1)
    rss["at_open"] = {"classroom": _summary(f["table_rss_open"], 1), "lesson": _summary(f["lesson_rss_open"], 1)}
    rss["ratio_to_baseline"] = {
        "classroom": _ratio(rss["classroom"]["median"], base_rss["cold"]["median"]),
        "lesson": _ratio(rss["lesson"]["median"], base_rss["preheated"]["median"])}
    targets = {
        "lesson_interactive": {
            "rule": "lesson page interactive ≤ 1.2 × the preheated empty page (medians)",
            "value": lesson_s["ratio_to_baseline"], "limit": TARGETS["lesson_interactive"],
            "met": lesson_s["ratio_to_baseline"] <= TARGETS["lesson_interactive"]},
        "click_round_trip": {
            "rule": "card table click → announcement p95 ≤ 1.5 × the bare button's click → label p95",
            "value": click["ratio_p95_to_baseline"], "limit": TARGETS["click_round_trip_p95"],
            "met": click["ratio_p95_to_baseline"] <= TARGETS["click_round_trip_p95"],
            "interval_95": click["ratio_p95_interval_95"]},
        "lesson_switch": {
            "rule": "lesson switch in place p95 < 300 ms",
            "value": switch["p95"], "limit": TARGETS["lesson_switch_p95_ms"],
            "met": switch["p95"] < TARGETS["lesson_switch_p95_ms"]},
        "kernel_rss": {
            "rule": "kernel RSS of one open page ≤ 150 MB (largest of classroom and lesson page, every round)",
            "value": rss["max"], "limit": TARGETS["kernel_rss_mb"], "met": rss["max"] <= TARGETS["kernel_rss_mb"]},
    }
    return {
        "site": {"card_table_interactive_s": table_s, "lesson_interactive_s": lesson_s,
                 "click_round_trip_ms": click, "click_during_deal_ms": during, "lesson_switch_ms": switch,
                 "kernel_rss_mb": rss},
        "baseline": {"page": "one ipywidgets Button whose click sets a Label's text, nothing else",
                     "interactive_cold_s": base_cold_s, "interactive_preheated_s": base_hot_s,
                     "click_round_trip_ms": base_click, "kernel_rss_mb": base_rss},
        "targets": targets,
        "definitions": DEFINITIONS,
        "machine": {"cores": os.cpu_count(), "load_avg": [round(x, 2) for x in load_start],
                    "load_avg_end": [round(x, 2) for x in os.getloadavg()]},
        "run": {**settings,
                "leaked_kernels": record["leaked_kernels"], "killed_at_stop": record["killed_at_stop"],
                "kernels_left": record["kernels_left"], "unsettled": record["unsettled"],
                "deals_not_landed": record["deals_not_landed"],
                "page_errors": record["page_errors"], "voila": version("voila"), "python": sys.version.split()[0]},
    }


def format_results(results: dict[str, Any]) -> str:
    """The figures for a person to read."""
    site, base, machine, info = results["site"], results["baseline"], results["machine"], results["run"]
    table, lesson = site["card_table_interactive_s"], site["lesson_interactive_s"]
    click, switch, rss = site["click_round_trip_ms"], site["lesson_switch_ms"], site["kernel_rss_mb"]
    during = site.get("click_during_deal_ms")
    bc, bh, bclick, brss = (base["interactive_cold_s"], base["interactive_preheated_s"], base["click_round_trip_ms"],
                            base["kernel_rss_mb"])
    lines = [
        f"Site benchmark: {info['rounds']} round(s), {info['wall_s']} s, clicks {info['pause_ms']} ms apart; "
        f"{machine['cores']} cores, load average "
        f"{' '.join(map(str, machine['load_avg']))} (at the end {' '.join(map(str, machine['load_avg_end']))})",
        "Interactive = ready element visible and one click answered by the kernel (median, min-max over rounds):",
        f"  card table (classroom, cold)   {table['median']:6.2f} s  ({table['min']:.2f}-{table['max']:.2f})   "
        f"baseline cold {bc['median']:.2f} s   {table['ratio_to_baseline']:.2f}x",
        f"  lesson page (course, preheated){lesson['median']:6.2f} s  ({lesson['min']:.2f}-{lesson['max']:.2f})   "
        f"baseline preheated {bh['median']:.2f} s   {lesson['ratio_to_baseline']:.2f}x",
        f"Click round trip (p50 / p95, n={click['n']}):",
        f"  card table click → announcement {click['p50']:7.1f} / {click['p95']:7.1f} ms   "
        f"bare button → label {bclick['p50']:.1f} / {bclick['p95']:.1f} ms   "
        f"{click['ratio_p50_to_baseline']:.2f}x / {click['ratio_p95_to_baseline']:.2f}x",
        "  p95 ratio, 95% bootstrap interval over this run's clicks: "
        f"{click['ratio_p95_interval_95'][0]:.2f}-{click['ratio_p95_interval_95'][1]:.2f}x",
        *([f"  not in the target, a click while the deal comes in {during['p50']:5.1f} / {during['p95']:7.1f} ms "
           f"(n={during['n']})   {during['ratio_p50_to_baseline']:.2f}x / {during['ratio_p95_to_baseline']:.2f}x"]
          if during else []),
        f"Lesson switch in place (p50 / p95, n={switch['n']}): {switch['p50']:.1f} / {switch['p95']:.1f} ms; slowest: "
        + ", ".join(f"{s['lesson']} {s['ms']:.0f} ms" for s in switch.get("slowest", [])),
        "Kernel RSS of one open page (median):",
        f"  classroom {rss['classroom']['median']:.1f} MB, lesson page {rss['lesson']['median']:.1f} MB "
        f"(largest {rss['max']:.1f} MB; at open {rss['at_open']['classroom']['median']:.1f} and "
        f"{rss['at_open']['lesson']['median']:.1f} MB); baseline {brss['cold']['median']:.1f} MB cold, "
        f"{brss['preheated']['median']:.1f} MB preheated",
        "Targets:",
    ]
    for target in results["targets"].values():
        lines.append(f"  [{'met' if target['met'] else 'NOT met'}] {target['rule']}: {target['value']}")
    if (info["leaked_kernels"] or info["kernels_left"] or info["page_errors"] or info["unsettled"]
            or info.get("deals_not_landed")):
        lines.append(f"Warnings: {info['leaked_kernels']} kernel(s) outlived their page, {info['kernels_left']} "
                     f"outlived the server, {info['unsettled']} wait(s) for a quiet server timed out, "
                     f"{info.get('deals_not_landed', 0)} deal(s) never settled, "
                     f"page errors: {info['page_errors'][:5]}")
    return "\n".join(lines)


if __name__ == "__main__":
    outcome = run()
    print(json.dumps(outcome, indent=1) if "--json" in sys.argv else format_results(outcome))

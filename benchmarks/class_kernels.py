"""A class of pages against the site's real settings: do open, idle pages keep their kernels, and are pages that
vanish without an unload given back, and how soon?

    python benchmarks/class_kernels.py                       # 30 pages, idle 35 minutes (about an hour in all)
    python benchmarks/class_kernels.py --pages 6 --idle-min 5 --json

1. The site is started as ``make serve`` starts it (``voila.json`` as it is: its culling timeout and interval).
2. ``--pages`` pages (course, classroom and Play in turn), each in its own browser context as a student's laptop
   would be, are opened one after another and kept open; each is clicked once to check it answers.
3. They sit idle ``--idle-min`` minutes (kernel processes counted each minute), then each is clicked again: a page
   answers when its click changes what it shows; a page showing the lost-page banner is counted apart.
4. A third of the pages are dropped without an unload by closing their browser contexts abruptly, then the
   Chromium process holding the rest is killed (SIGKILL): the minutes until each group's kernels are gone.

Chromium is Debian's, started here with a DevTools port so that its process can be killed; Playwright drives it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from atout.resources import VOILA_CONFIG  # noqa: E402
from atout.site import voila_command  # noqa: E402
from tests.browser import CHROMIUM_ARGS, chromium_path, free_port, rss_kb, server_kernels  # noqa: E402

KINDS = ["course.ipynb", "classroom.ipynb", "play.ipynb"]
LEGAL_CARD = ".atout-to-act .atout-card-button:not([data-illegal])"
READY = {"course.ipynb": ".atout-lesson-next", "classroom.ipynb": LEGAL_CARD, "play.ipynb": LEGAL_CARD}
OPEN_TIMEOUT_MS = 180_000
CLICK_TIMEOUT_MS = 60_000


def log(*parts: Any) -> None:
    print(time.strftime("%H:%M:%S"), *parts, file=sys.stderr, flush=True)


def click_answers(page: Any, kind: str) -> bool:
    """Click the page's obvious control once; True when what it shows changes in time."""
    try:
        if kind == "course.ipynb":
            before = page.locator(".atout-lesson-counter, .atout-lesson-title").first.inner_text()
            page.locator(".atout-lesson-next").first.click(timeout=CLICK_TIMEOUT_MS)
            page.wait_for_function("t => { const c = document.querySelector('.atout-lesson-counter') || "
                                   "document.querySelector('.atout-quiz'); return c && c.innerText !== t; }",
                                   arg=before, timeout=CLICK_TIMEOUT_MS)
        else:
            before = page.locator("[data-testid=announcement]").inner_text()
            page.locator(READY[kind]).first.click(timeout=CLICK_TIMEOUT_MS)
            page.wait_for_function("t => document.querySelector('[data-testid=announcement]').innerText !== t",
                                   arg=before, timeout=CLICK_TIMEOUT_MS)
        return True
    except Exception as exc:  # noqa: BLE001 - a page that does not answer is what is counted
        log("no answer:", kind, type(exc).__name__, str(exc)[:120])
        return False


def banner_shown(page: Any) -> bool:
    try:
        return page.locator("[data-testid=lost-banner]:not([hidden])").count() > 0
    except Exception:  # noqa: BLE001
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--idle-min", type=float, default=35.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    config = json.loads(VOILA_CONFIG.read_text(encoding="utf-8"))["MappingKernelManager"]
    port, debug_port = free_port(), free_port()
    base = f"http://127.0.0.1:{port}"
    workdir = Path(tempfile.mkdtemp(prefix="atout-class-"))
    server_log = open(workdir / "voila.log", "w")  # noqa: SIM115
    server = subprocess.Popen(voila_command(port), stdout=server_log, stderr=subprocess.STDOUT,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    # A session of its own, killed whole: Debian's /usr/bin/chromium-headless-shell is a shell script that runs the
    # browser as its child. "--headless": the full browser's new headless mode; the shell is headless anyway.
    chromium = subprocess.Popen([chromium_path(), "--headless", f"--remote-debugging-port={debug_port}",
                                 f"--user-data-dir={workdir / 'profile'}", *CHROMIUM_ARGS, "about:blank"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    result: dict[str, Any] = {"pages": args.pages, "idle_min": args.idle_min, "cull_idle_timeout_s":
                              config["cull_idle_timeout"], "cull_interval_s": config["cull_interval"]}
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                urllib.request.urlopen(f"http://127.0.0.1:{debug_port}/json/version", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        with sync_playwright() as p:
            browser = p.chromium.connect_over_cdp(f"http://127.0.0.1:{debug_port}")
            opened: list[dict[str, Any]] = []
            not_opened: list[dict[str, Any]] = []
            for i in range(args.pages):
                kind = KINDS[i % len(KINDS)]
                context = browser.new_context(viewport={"width": 1366, "height": 768})
                page = context.new_page()
                start = time.monotonic()
                try:
                    page.goto(f"{base}/voila/render/{kind}", timeout=OPEN_TIMEOUT_MS)
                    page.wait_for_selector(READY[kind], timeout=OPEN_TIMEOUT_MS)
                except Exception as exc:  # noqa: BLE001 - a page that never opens is what is counted
                    shot = workdir / f"not-opened-{i + 1}.png"
                    with contextlib.suppress(Exception):
                        page.screenshot(path=str(shot), full_page=True)
                    not_opened.append({"kind": kind, "error": type(exc).__name__, "screenshot": str(shot)})
                    log(f"page {i + 1}/{args.pages} {kind} did not open: {type(exc).__name__} ({shot})")
                    context.close()
                    continue
                kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                                       ".kernelId")
                answered = click_answers(page, kind)
                opened.append({"kind": kind, "context": context, "page": page, "kernel": kernel})
                log(f"page {i + 1}/{args.pages} {kind} ready in {time.monotonic() - start:.1f}s, answered={answered}")
            result["not_opened"] = not_opened
            kernels = server_kernels(server.pid)
            result["kernels_with_pages_open"] = len(kernels)
            result["kernel_rss_mb"] = round(sum(rss_kb(pid) for pid in kernels) / 1024)
            idle_until = time.monotonic() + args.idle_min * 60
            counts = []
            while time.monotonic() < idle_until:
                time.sleep(min(60, max(0.0, idle_until - time.monotonic())))
                counts.append(len(server_kernels(server.pid)))
                log(f"idle: {len(counts)} min, {counts[-1]} kernels")
            result["kernels_during_idle"] = {"min": min(counts), "max": max(counts)} if counts else {}
            answers = banners = 0
            for entry in opened:
                banners += banner_shown(entry["page"])
                answers += click_answers(entry["page"], entry["kind"])
            result["answered_after_idle"] = answers
            result["banners_after_idle"] = banners
            log(f"after {args.idle_min} min idle: {answers}/{len(opened)} answered, {banners} banners")
            pool = len(server_kernels(server.pid)) - len(opened)   # the preheated page's kernel, waiting
            # Dropped without an unload: a third by closing their contexts, the rest by killing Chromium.
            third = len(opened) // 3
            closed, killed = opened[:third], opened[third:]
            t0 = time.monotonic()
            for entry in closed:
                entry["context"].close()
            os.killpg(chromium.pid, signal.SIGKILL)
            chromium.wait(timeout=30)
            t_kill = time.monotonic()
            gone_at: dict[str, float] = {}
            deadline = t0 + 30 * 60
            while time.monotonic() < deadline and len(gone_at) < len(opened):
                alive = set(server_kernels(server.pid).values())
                now = time.monotonic()
                for entry in opened:
                    if entry["kernel"] not in alive and entry["kernel"] not in gone_at:
                        gone_at[entry["kernel"]] = now
                time.sleep(5)

            def minutes(group: list[dict[str, Any]], since: float) -> dict[str, Any]:
                times = [(gone_at[e["kernel"]] - since) / 60 for e in group if e["kernel"] in gone_at]
                return {"pages": len(group), "reclaimed": len(times),
                        "minutes_max": round(max(times), 2) if times else None,
                        "minutes_min": round(min(times), 2) if times else None}

            result["dropped_context_closed"] = minutes(closed, t0)
            result["dropped_chromium_killed"] = minutes(killed, t_kill)
            result["kernels_left"] = len(server_kernels(server.pid))
            result["pool_kernels"] = pool
    finally:
        with contextlib.suppress(ProcessLookupError):      # its browser, even once the script has gone
            os.killpg(chromium.pid, signal.SIGKILL)
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        server_log.close()
        shutil.rmtree(workdir / "profile", ignore_errors=True)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

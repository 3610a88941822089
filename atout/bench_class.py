"""``atout bench class --students N``: a live class driven at the protocol level, on each store back-end.

One machine cannot run thirty browsers and still measure the server, so the students are sessions speaking the
page protocol (``atout.live.protocol``), as their pages' kernels would: each in its own thread with its own
connection to the store and its own watcher (``atout.live.watch``), spread over a few worker processes. This
process is the teacher's page: it starts the class, asks ``--questions`` lesson questions one after another, and
draws its projector chart (counts, roster) at every change its own watcher reports.

Each student answers each question after a random pause (a person reading it); the clock starts when the student's
answer message is handed to the protocol and stops when the projector's chart first counts it (both read
``time.monotonic``, one clock for every process of the machine). Reported per back-end:

* ``latency_ms``: answer → projector, median, p95 and slowest, over every answer; split into
  ``answer_handled_ms`` (the student's kernel checks, marks and writes it) and ``then_on_projector_ms`` (the change
  is announced or polled, noticed, and drawn);
* ``baseline_ms``: in the same run, one change written and its counter read back in one process, without waiting
  on anything (what a change costs the store), and the latency's ratio to it;
* ``wake_up_lateness_ms``: in the same run, how late a thread of the teacher's process that sleeps 50 ms wakes up:
  the machine's own delay (a loaded machine shows it in every tail);
* ``reads_per_s_per_page``: change-counter reads a second by each watching page (how hard pages poll the store);
* ``student_mib``: what one student costs the machine: their page's kernel (``student_page``, below) plus their
  class session in it plus, on a throwaway PostgreSQL, their share of the database server; made of
  ``session_kib_per_student``: what a student's class session adds to its kernel's memory (resident size before the
  sessions opened and once all have answered, over the students in that process; median over the processes);
  ``worker_mib``: a student process's resident size (Python with Atout's core loaded), for scale; on a throwaway
  PostgreSQL, ``server_kib_per_student``: what the server's processes grew by (their PSS), over the students.
* ``student_page`` (once, for both back-ends): a student's course page opened on the site's own server
  (``atout.bench_class_start.student_pages``): its kernel's memory (PSS) and CPU, and the CPU the server spent per
  page. A class session alone is a few hundred KiB; the page that holds it is a kernel of tens of MiB.

PostgreSQL is the server at ``ATOUT_DATABASE_URL`` when set, else a throwaway one (``atout.live.pgtemp``), else it
is reported as not measured with how to install it.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from atout.i18n import LANGUAGES

QUESTIONS = 5
THINK_S = (0.1, 1.0)          # how long a student takes to answer
PER_PROCESS = 6               # student sessions per worker process
BASELINE_ROUNDS = 50
LESSON = "45-trumps"
SLEEP_S = 0.05                # the lateness baseline's sleep


def _rss_kib() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _pss_kib(pid: int) -> int:
    """A process's proportional set size (its shared pages split among their users), 0 when it is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as fh:
            for line in fh:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def server_pss_kib(pid: int) -> int:
    """The memory of a PostgreSQL server: its postmaster and every backend it forked, by their PSS."""
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    if int(fh.read().rsplit(")", 1)[1].split()[1]) == pid:
                        children.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return _pss_kib(pid) + sum(_pss_kib(c) for c in children)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


# --- a worker process: some students ----------------------------------------------------------------------------

def _warm_up() -> None:
    """Load what a kernel loads once, whatever its number of students (the lessons, the questions in both
    languages), so the memory measured after it is the sessions' own."""
    from atout.live.questions import from_spec

    for k in range(3):
        question = from_spec({"source": "lesson", "lesson": LESSON, "index": k})
        for lang in LANGUAGES:
            question.prompt(lang), [question.label(c, lang) for c in question.choices], question.explanation(lang)
            question.is_right(question.answer)


def _student_worker(where: dict[str, Any], code: str, names: list[str], seed: int, out: Any) -> None:
    from atout.live.classes import Classes
    from atout.live.protocol import handle
    from atout.live.store import open_store
    from atout.live.watch import Watch

    store = open_store(**where)
    classes = Classes(store)
    rng = random.Random(seed)
    _warm_up()
    before = _rss_kib()
    answers: list[tuple[int, int, float, float]] = []     # (student number, question, answer sent, its reply back)
    lock = threading.Lock()
    done = threading.Event()
    watches: list[Watch] = []
    left = [len(names)]
    errors: list[str] = []

    def session(name: str) -> None:
        joined = handle(classes, {"op": "join", "code": code, "name": name, "lang": rng.choice(LANGUAGES)})
        if "error" in joined:
            errors.append(joined["error"])
            return
        token, number = joined["token"], joined["number"]
        answered: set[int] = set()
        wake = threading.Event()
        watch = Watch(store, classes.student(token).class_id, lambda _v: wake.set(), shown=True)
        with lock:
            watches.append(watch)
        watch.start()
        wake.set()                                      # look once at the start (a late joiner's open question)
        think = random.Random(rng.random())
        while True:
            wake.wait(5.0)
            wake.clear()
            view = handle(classes, {"op": "view", "token": token}).get("view")
            if view is None or view["ended"]:
                break
            question = view["question"]
            if question and question["open"] and question["number"] not in answered:
                time.sleep(think.uniform(*THINK_S))
                choice = think.choice(question["choices"])[0]
                sent = time.monotonic()
                reply = handle(classes, {"op": "answer", "token": token, "question": question["number"],
                                         "answer": [choice]})
                back = time.monotonic()
                answered.add(question["number"])
                if "error" in reply:
                    errors.append(reply["error"])
                else:
                    with lock:
                        answers.append((number, question["number"], sent, back))
        with lock:
            left[0] -= 1
            if left[0] == 0:
                done.set()

    threads = [threading.Thread(target=session, args=(name,), daemon=True) for name in names]
    watching_from = time.monotonic()
    for thread in threads:
        thread.start()
    out.put(("joined", len(names)))
    done.wait(600)
    watched_s = time.monotonic() - watching_from
    after = _rss_kib()                                # every session still open: its watcher, connection, state
    for watch in watches:
        watch.stop(wait=False)
    for watch in watches:
        watch.stop()
    out.put(("worker", {"answers": answers, "before_kib": before, "after_kib": after, "students": len(names),
                        "reads": store.reads, "watched_s": watched_s, "errors": errors}))
    store.close()


# --- the teacher's page --------------------------------------------------------------------------------------

def _one_backend(where: dict[str, Any], students: int, questions: int, server_pid: int | None = None
                 ) -> dict[str, Any]:
    from atout.live.classes import Classes
    from atout.live.store import open_store
    from atout.live.watch import Watch

    store = open_store(**where)
    classes = Classes(store)
    teacher = classes.start()
    seen: dict[tuple[int, int], float] = {}          # (question, student number) → first counted on the projector
    noticed: dict[tuple[int, int], float] = {}       # → when the projector's watcher woke for it
    counted: dict[int, int] = {}
    changed = threading.Condition()
    draws = [0]

    def projector(_version: int | None) -> None:
        woke = time.monotonic()
        chart = teacher.chart()                       # what the projector draws: the counts and who has joined
        roster = {s.id: s.number for s in teacher.roster()}
        answers = store.answers(teacher.class_id)     # (the benchmark's own bookkeeping: whose answers are in)
        now = time.monotonic()
        for answer in answers:
            key = (answer.question_number, roster[answer.student_id])
            if key not in seen:
                seen[key] = now
                noticed[key] = woke
        with changed:
            draws[0] += 1
            if chart["number"] is not None:
                counted[chart["number"]] = chart["answered"]
            changed.notify_all()

    watch = Watch(store, teacher.class_id, projector).start()
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    names = [f"Student {i + 1}" for i in range(students)]
    groups = [names[i:i + PER_PROCESS] for i in range(0, students, PER_PROCESS)]
    workers = [context.Process(target=_student_worker, args=(where, teacher.code, group, k, out))
               for k, group in enumerate(groups)]
    server_before = server_pss_kib(server_pid) if server_pid else 0
    started = time.monotonic()
    for worker in workers:
        worker.start()
    for _ in workers:
        out.get(timeout=300)
    with changed:
        changed.wait_for(lambda: len(store.students(teacher.class_id)) == students, timeout=300)
    reads_from = store.reads
    lateness: list[float] = []
    asked = threading.Event()

    def sleeper() -> None:
        # The machine's own delay, in the same run: how late a thread that sleeps POLL_S wakes up.
        while not asked.is_set():
            t0 = time.monotonic()
            time.sleep(SLEEP_S)
            lateness.append((time.monotonic() - t0 - SLEEP_S) * 1000)

    threading.Thread(target=sleeper, daemon=True).start()
    asking = time.monotonic()
    for k in range(questions):
        teacher.ask_lesson(LESSON, k % 3)
        def all_answered(k: int = k) -> bool:
            return counted.get(k + 1, 0) >= students

        with changed:
            if not changed.wait_for(all_answered, timeout=120):
                raise RuntimeError(f"question {k + 1}: {counted.get(k + 1, 0)} of {students} answers arrived")
        teacher.reveal()
    asked_s = time.monotonic() - asking
    asked.set()
    server_after = server_pss_kib(server_pid) if server_pid else 0
    teacher_reads = store.reads - reads_from
    # The baseline: one change written (the counter alone, which no student's page hears of) and read back here,
    # nothing waited on.
    baseline = []
    for _ in range(BASELINE_ROUNDS):
        t0 = time.perf_counter()
        with store.change(teacher.class_id):
            pass
        store.version(teacher.class_id)
        baseline.append((time.perf_counter() - t0) * 1000)
    teacher.end()
    reports: list[dict[str, Any]] = []
    while len(reports) < len(workers):
        kind, payload = out.get(timeout=300)
        if kind == "worker":
            reports.append(payload)
    for worker in workers:
        worker.join(60)
    watch.stop()
    elapsed = time.monotonic() - started
    latencies, handling, showing, drawing = [], [], [], []
    for report in reports:
        for number, question, sent, back in report["answers"]:
            key = (question, number)
            latencies.append((seen[key] - sent) * 1000)
            handling.append((back - sent) * 1000)          # the student's kernel: checked, marked, written
            showing.append((seen[key] - back) * 1000)      # then: announced, noticed, drawn by the projector
            drawing.append((seen[key] - noticed[key]) * 1000)   # of which the drawing
    errors = [e for r in reports for e in r["errors"]]
    per_student = [(r["after_kib"] - r["before_kib"]) / r["students"] for r in reports]
    reads_per_page = [r["reads"] / r["students"] / r["watched_s"] for r in reports]
    base = statistics.median(baseline)
    p50 = statistics.median(latencies)
    result = {
        "store": store.backend,
        "students": students, "questions": questions, "answers": len(latencies), "errors": errors[:5],
        "latency_ms": {"p50": round(p50, 2), "p95": round(_percentile(latencies, 0.95), 2),
                       "max": round(max(latencies), 2)},
        "answer_handled_ms": {"p50": round(statistics.median(handling), 2),
                              "p95": round(_percentile(handling, 0.95), 2)},
        "then_on_projector_ms": {"p50": round(statistics.median(showing), 2),
                                 "p95": round(_percentile(showing, 0.95), 2)},
        "projector_drawing_ms": {"p50": round(statistics.median(drawing), 2),
                                 "p95": round(_percentile(drawing, 0.95), 2)},
        "baseline_ms": round(base, 3),
        "wake_up_lateness_ms": {"p50": round(statistics.median(lateness), 2),
                                "p95": round(_percentile(lateness, 0.95), 2),
                                "max": round(max(lateness), 2)}, "latency_p50_to_baseline": round(p50 / base, 1),
        # Each student page's watcher read the counter this often while the class ran (and the teacher's page).
        "reads_per_s_per_page": round(statistics.median(reads_per_page), 2),
        "teacher_reads_per_s": round(teacher_reads / asked_s, 2),
        "projector_draws": draws[0],
        "session_kib_per_student": round(statistics.median(per_student), 1),
        "worker_mib": round(statistics.median(r["after_kib"] for r in reports) / 1024, 1),
        "processes": len(workers), "seconds": round(elapsed, 1),
    }
    if server_pid:
        # Each student's kernel holds two connections (its page's and its watcher's): two server processes.
        result["server_kib_per_student"] = round((server_after - server_before) / students, 1)
    store.close()
    return result


def run(students: int = 30, backends: tuple[str, ...] = ("sqlite", "postgresql"),
        questions: int = QUESTIONS, pages: int | None = None) -> dict[str, Any]:
    """The class on each back-end, and what a student's page costs (``pages`` course pages opened; 0: not
    measured)."""
    from atout.bench_class_start import STUDENT_PAGES, student_pages

    page = student_pages(STUDENT_PAGES if pages is None else pages) if pages != 0 else None
    results: dict[str, Any] = {}
    for backend in backends:
        if backend == "sqlite":
            with tempfile.TemporaryDirectory(prefix="atout-bench-class-") as folder:
                results["sqlite"] = _one_backend({"url": "", "folder": Path(folder)}, students, questions)
            continue
        url = os.environ.get("ATOUT_DATABASE_URL", "")
        if url:
            results["postgresql"] = _one_backend({"url": url}, students, questions)
            continue
        from atout.live.pgtemp import INSTALL_HINT, TempPostgres, find_binaries

        if find_binaries() is None:
            results["postgresql"] = {"not_measured": f"PostgreSQL is not installed: {INSTALL_HINT}, or set "
                                                     "ATOUT_DATABASE_URL"}
            continue
        with TempPostgres() as server:
            results["postgresql"] = _one_backend({"url": server.url}, students, questions, server.pid())
    if page is not None:
        for fig in results.values():
            if "not_measured" not in fig:
                fig["student_mib"] = student_mib(fig, page)
    return {"class": results, "student_page": page}


def student_mib(fig: dict[str, Any], page: dict[str, Any]) -> float:
    """One student's memory: their page's kernel, their class session in it, their share of the database server.

    >>> student_mib({"session_kib_per_student": 512.0, "server_kib_per_student": 1024.0}, {"kernel_pss_mib": 60.0})
    61.5
    """
    kib = float(fig["session_kib_per_student"]) + float(fig.get("server_kib_per_student", 0.0))
    return round(float(page["kernel_pss_mib"]) + kib / 1024, 1)


def format_results(results: dict[str, Any]) -> str:
    lines = []
    for backend, fig in results["class"].items():
        if "not_measured" in fig:
            lines.append(f"{backend:11s} not measured: {fig['not_measured']}")
            continue
        lat = fig["latency_ms"]
        lines.append(f"{backend:11s} {fig['students']} students, {fig['answers']} answers: answer → projector "
                     f"p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms, max {lat['max']:.1f} ms "
                     f"({fig['latency_p50_to_baseline']}x a bare write + read, {fig['baseline_ms']:.2f} ms)")
        lines.append(f"{'':11s} of which the answer's handling (checked, marked, written) p50 "
                     f"{fig['answer_handled_ms']['p50']:.1f} ms, p95 {fig['answer_handled_ms']['p95']:.1f} ms; "
                     f"then on the projector p50 {fig['then_on_projector_ms']['p50']:.1f} ms, "
                     f"p95 {fig['then_on_projector_ms']['p95']:.1f} ms (its drawing p50 "
                     f"{fig['projector_drawing_ms']['p50']:.1f} ms, p95 {fig['projector_drawing_ms']['p95']:.1f} ms)")
        late = fig["wake_up_lateness_ms"]
        lines.append(f"{'':11s} the machine's own delay meanwhile (a 50 ms sleep's lateness): "
                     f"p50 {late['p50']:.1f} ms, p95 {late['p95']:.1f} ms, max {late['max']:.1f} ms")
        lines.append(f"{'':11s} counter reads {fig['reads_per_s_per_page']}/s per student page, "
                     f"{fig['teacher_reads_per_s']}/s the teacher's; {fig['processes']} processes, "
                     f"{fig['seconds']} s" + (f"; errors: {fig['errors']}" if fig["errors"] else ""))
        server = (f", the database server {fig['server_kib_per_student']} KiB"
                  if "server_kib_per_student" in fig else "")
        if "student_mib" in fig:
            lines.append(f"{'':11s} a student costs {fig['student_mib']} MiB of memory: their page's kernel "
                         f"{results['student_page']['kernel_pss_mib']} MiB, their class session in it "
                         f"{fig['session_kib_per_student']} KiB{server}")
        else:
            lines.append(f"{'':11s} a student's class session adds {fig['session_kib_per_student']} KiB to their "
                         f"page's kernel{server} (the page itself not measured)")
    page = results.get("student_page")
    if page:
        lines.append(f"{'student page':11s} kernel {page['kernel_pss_mib']} MiB (PSS), {page['kernel_cpu_s']} s of "
                     f"CPU to open; every process of the server {page['server_cpu_s_per_page']} s of CPU a page "
                     f"(median of {page['pages']} course pages)")
    return "\n".join(lines)

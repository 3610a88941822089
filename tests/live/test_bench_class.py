"""``atout bench class`` runs on both back-ends and accounts for every answer (its figures are printed, never
asserted: speed goals live in the benchmark)."""

from __future__ import annotations

from atout import bench, bench_class


def test_the_class_benchmark_drives_every_student_and_counts_every_answer(where, backend):
    result = bench_class._one_backend(where, students=4, questions=2)
    assert result["store"] == backend
    assert result["answers"] == 8 and result["errors"] == []
    assert result["latency_ms"]["p50"] <= result["latency_ms"]["p95"] <= result["latency_ms"]["max"]
    assert result["session_kib_per_student"] > 0 and result["reads_per_s_per_page"] > 0
    text = bench.format_results({"class": {backend: result}})
    assert f"{backend}" in text and "4 students, 8 answers: answer → projector p50" in text


def test_a_missing_server_is_reported_not_measured(monkeypatch):
    monkeypatch.delenv("ATOUT_DATABASE_URL", raising=False)
    monkeypatch.setattr("atout.live.pgtemp.find_binaries", lambda: None)
    result = bench_class.run(students=1, backends=("postgresql",))
    assert "apt-get install postgresql" in result["class"]["postgresql"]["not_measured"]
    assert "not measured" in bench_class.format_results(result)


def test_a_students_cost_includes_their_pages_kernel():
    """What a student costs is their page (a kernel of tens of MiB), not only their class session in it (the
    benchmark once said "a student session adds 566.7 KiB", which a server's sizing would take for the student)."""
    result = bench_class.run(students=2, backends=("sqlite",), questions=1, pages=1)
    page, fig = result["student_page"], result["class"]["sqlite"]
    assert page["pages"] == 1 and page["kernel_pss_mib"] > 20 and page["kernel_cpu_s"] > 0
    assert fig["student_mib"] == round(page["kernel_pss_mib"] + fig["session_kib_per_student"] / 1024, 1)
    text = bench_class.format_results(result)
    assert f"a student costs {fig['student_mib']} MiB of memory: their page's kernel" in text

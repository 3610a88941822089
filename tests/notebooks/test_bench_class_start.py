"""``atout bench class-start``: a class's pages opened at once against a real server of the site, at the level Voilà
serves them (``atout.site_client``). The figures are the benchmark's to print; here, that it measures what it says."""

import subprocess
import sys

from atout import bench_class_start


def test_the_class_start_benchmark_opens_every_page_and_measures_each_kind():
    results = bench_class_start.run(pages=4, spread_s=1.0, pool=2)
    r = results["class_start"]
    assert r["ready"] == 4 and r["failures"] == [] and r["pool"] == 2
    assert r["kernels_forked"]
    for kind in bench_class_start.KINDS:
        assert r["alone_s"][kind] > 0 and r["ready_s"][kind]["p50"] > 0
        assert r["ratio_p95_to_alone"][kind] > 0
        assert 10 < r["pss_mib"][kind]["median"] <= r["pss_mib"][kind]["max"]
    assert r["cpu_s_per_page"] > 0 and r["kernel_cpu_s"] > 0
    printed = bench_class_start.format_results(results)
    assert "4 of 4 pages ready" in printed and "pools of 2" in printed


def test_the_benchmark_and_the_server_refuse_numbers_they_cannot_use():
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "atout.cli", *args], capture_output=True, text=True, timeout=60)

    refused = run("bench", "class-start", "--pages", "0")
    assert refused.returncode == 2 and "--pages is a number of pages from 1" in refused.stderr
    refused = run("serve", "--pool", "-1")
    assert refused.returncode == 2 and "--pool is a number of kernels from 0 to 200" in refused.stderr

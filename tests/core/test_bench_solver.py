"""The solver benchmark says which build of the search it measured, solves the count of positions asked for (the
same deals however loaded the machine), and gives the baseline measured in the same run."""

import os

import pytest

from atout import bench_solver
from atout.solver import builds


@pytest.mark.parametrize("build, said", [("pure", "plain Python"), ("compiled", "compiled (Cython)")])
def test_the_benchmark_reports_the_build_it_ran_and_the_positions_asked_for(build, said, monkeypatch):
    if build not in builds.AVAILABLE:                        # as the solver_build fixture: a failure in CI
        message = f"no {build} build of the solver: {builds.WHY_PURE}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    monkeypatch.setenv("ATOUT_SOLVER_BUILD", build)         # the workers are fresh processes: they read it
    results = bench_solver.run(games=["forty-fives"], positions=3)
    assert results["build"].startswith(said)
    figures = results["solver"]["forty-fives"]
    assert figures["positions"] == 3 and figures["exact"] == 3
    assert 0 < figures["median_ms"] <= figures["p95_ms"] <= figures["max_ms"]
    assert results["baseline"]["forty-fives"]["median_ms"] > 0 and results["ratio_to_baseline"]["forty-fives"] > 0
    assert said in bench_solver.format_results(results) and "3/3 exact" in bench_solver.format_results(results)

"""The referee's benchmark (``atout bench referee``) times each kind of hostile line, the largest ``atout judge``
reads, and names the worst: what every later line of a stream waits for. Its figures are the benchmark's business;
here, that it measures what it says."""

import json

from atout import bench_referee
from atout.cli import main
from atout.nesting import text_depth
from atout.referee import MAX_DEPTH, MAX_LINE_BYTES, judge_line


def test_each_hostile_line_is_as_long_as_the_referee_reads_and_gets_one_answer(monkeypatch, capsys):
    """The escaped quotes took 70 s before its nesting check was linear (one round, this machine, the worst line)."""
    lines = bench_referee.hostile_lines()
    assert all(len(line) <= MAX_LINE_BYTES for line in lines.values())
    assert sum(len(line) > MAX_LINE_BYTES - 8 for line in lines.values()) >= 10
    monkeypatch.setattr(bench_referee, "ROUNDS", 1)
    assert main(["bench", "referee", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert set(results["referee"]) == set(lines)
    worst = results["worst"]
    assert worst["median_s"] == max(fig["median_s"] for fig in results["referee"].values())
    assert results["referee"][worst["line"]]["bytes"] == len(lines[worst["line"]])
    assert "worst line: " in bench_referee.format_results(results)


def test_the_nesting_of_escaped_quotes_and_open_strings_is_counted_as_json_reads_it():
    for line in bench_referee.hostile_lines().values():
        text = line.decode()
        assert text_depth(text) <= MAX_DEPTH or "at most 20 deep" in judge_line(text)
    assert text_depth('["\\"[[[", ["]"]]') == 2           # brackets in strings are not nesting
    assert text_depth('"\\"' + "[" * 30) == 0              # nor in a string never closed
    assert text_depth('{"a": "\\\\", "b": [[1]]}') == 3    # an escaped backslash closes nothing

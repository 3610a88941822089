"""`atout judge` as a client sees it: every line that is not blank gets exactly one answer line, in order, whatever
the line holds, and errors quote only a short excerpt of what was sent (issue 12)."""

import json
import os
import subprocess
import sys

import pytest

from atout.referee import MAX_LINE_BYTES, judge, judge_line
from tests.conftest import referee_examples

RANK = b'{"kind": "rank", "game": "forty-fives", "trump": "C"}'


def run_judge(data: bytes) -> list[dict]:
    """The real command on ``data``; its output must be UTF-8 and one JSON object a line for every way of splitting
    lines (Python's splitlines also splits at U+2028, U+0085…)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    run = subprocess.run([sys.executable, "-m", "atout.cli", "judge"], input=data, capture_output=True, env=env,
                         timeout=120)
    assert run.returncode == 0, run.stderr.decode("utf-8", "replace")[-2000:]
    assert run.stderr == b""
    text = run.stdout.decode("utf-8")
    assert text.splitlines() == text.split("\n")[:-1]
    return [json.loads(line) for line in text.splitlines()]


def assert_rank_answer(answer: dict) -> None:
    assert answer["trump"][0] == "5C", answer


def test_deep_nesting_gets_an_error_and_the_stream_goes_on():
    out = run_judge(b"[" * 1000 + b"]" * 1000 + b"\n" + b'{"a":' * 900 + b"1" + b"}" * 900 + b"\n" + RANK + b"\n")
    assert len(out) == 3
    assert "at most 20 deep" in out[0]["error"] and "at most 20 deep" in out[1]["error"]
    assert_rank_answer(out[2])


def test_an_integer_of_5000_digits_gets_an_error_and_the_stream_goes_on():
    line = b'{"kind": "bids", "game": "five-hundred", "players": 4, "dealer": ' + b"7" * 5000 + b', "calls": []}'
    out = run_judge(line + b"\n" + RANK + b"\n")
    assert out[0] == {"error": "a number in a query has at most 18 digits; this one has 5000"}
    assert_rank_answer(out[1])


def test_a_lone_surrogate_is_answered_in_valid_utf8():
    line = b'{"kind": "bids", "game": "auction-forty-fives", "players": 4, "dealer": 3, "calls": ["\\ud800"]}'
    out = run_judge(line + b"\n" + RANK + b"\n")
    assert "\ud800" in out[0]["error"] and "not a bid" in out[0]["error"]
    assert_rank_answer(out[1])


def test_invalid_utf8_gets_an_error_and_the_stream_goes_on():
    out = run_judge(b'{"kind": "rank", "game": "forty-fives", "trump": "\xff"}\n\xc3\n' + RANK + b"\n")
    assert len(out) == 3
    assert out[0]["error"].startswith("this line is not UTF-8 text (byte 0xff at position 51)")
    assert "not UTF-8" in out[1]["error"]
    assert_rank_answer(out[2])


def test_blank_lines_follow_the_documented_rule():
    """Empty lines and lines of JSON's white space (space, tab, carriage return) get no answer; a line with any other
    character, U+00A0 and U+3000 among them, gets exactly one."""
    blank = [b"", b" ", b"\t \t", b"\r", b"  \r"]
    other = ["\u00a0", "\u3000", " \u2028 ", "\x0b", "\x0c", "\x85", "\ufeff\ufeff"]
    data = b"\n".join(blank + [t.encode("utf-8") for t in other] + [RANK]) + b"\n"
    out = run_judge(data)
    assert len(out) == len(other) + 1
    assert all("not JSON" in answer["error"] for answer in out[:-1])
    assert_rank_answer(out[-1])


def test_a_byte_order_mark_before_the_first_query_is_read_past():
    out = run_judge(b"\xef\xbb\xbf" + RANK + b"\r\n" + RANK)
    assert len(out) == 2
    assert_rank_answer(out[0])
    assert_rank_answer(out[1])


def test_errors_quote_a_short_excerpt_of_what_was_sent():
    big = "x" * 1_000_000
    for query in ({"kind": "rank", "game": "forty-fives", "trump": big},
                  {"kind": "trick", "game": "forty-fives", "trump": "C", "plays": [big]},
                  {"kind": big, "game": "forty-fives"},
                  {"kind": "rank", "game": "forty-fives", "trump": "C", "options": {big: 1}},
                  {"kind": "trick", "game": "forty-fives", "trump": "C", "plays": [5] * 100_000},
                  {"kind": "bids", "game": "five-hundred", "dealer": 0, "calls": ["x" * 99] * 1000}):
        error = judge(query)["error"]
        assert len(error) < 700, error[:300]
    assert "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'" in judge({"kind": "rank", "game": "forty-fives",
                                                                   "trump": big})["error"]


def test_a_line_too_long_is_refused_unread_and_the_stream_goes_on():
    long_line = b'{"kind": "rank", "game": "forty-fives", "trump": "' + b"x" * 3 * MAX_LINE_BYTES + b'"}'
    out = run_judge(long_line + b"\n" + RANK + b"\n" + long_line)
    assert len(out) == 3
    size = len(long_line)
    assert out[0]["error"] == (f"a line has at most {MAX_LINE_BYTES} bytes; this one has {size}: each line must "
                               "be one JSON query")
    assert_rank_answer(out[1])
    assert out[2] == out[0]


def test_a_line_separator_sent_is_written_back_escaped():
    """U+2028 quoted back raw would split the answer in two for Python's splitlines and for JavaScript."""
    query = {"kind": "bids", "game": "auction-forty-fives", "players": 4, "dealer": 3, "calls": ["x\u2028\x85x"]}
    assert "may not call x\u2028\x85x" in judge(query)["error"]
    answer = judge_line(json.dumps(query, ensure_ascii=False))
    assert "\u2028" not in answer and "\x85" not in answer
    assert "may not call x\u2028\x85x" in json.loads(answer)["error"]


def test_nan_and_infinity_are_refused():
    for text in ("NaN", "Infinity", "-Infinity"):
        answer = json.loads(judge_line('{"kind": "rank", "game": "forty-fives", "trump": ' + text + "}"))
        assert answer["error"] == f"{text} is not a JSON value: numbers are written in digits"


def test_a_query_without_kind_says_so():
    assert judge({"game": "forty-fives"}) == {"error": "a query needs the field 'kind'"}


def test_the_examples_still_pass_through_the_stream():
    cases = referee_examples()
    data = "".join(json.dumps(c["query"]) + "\n" for c in cases).encode("utf-8")
    out = run_judge(data)
    assert len(out) == len(cases)


def test_a_fault_in_an_engine_is_not_reported_as_a_malformed_query(monkeypatch, capsys):
    """A query the referee checked and found well formed is answered by the engine: an engine's own TypeError,
    KeyError or IndexError is a fault in Atout, raised in process and said so (with its traceback) on the stream,
    never passed off as the sender's mistake."""
    import io

    from atout import forty_fives
    from atout.referee import judge_stream

    def broken(kind, game, q, options):
        raise KeyError("a table the engine lost")

    monkeypatch.setattr(forty_fives.referee, "answer", broken)
    query = {"kind": "trick", "game": "forty-fives", "trump": "C", "plays": ["KH", "AH"]}
    with pytest.raises(KeyError, match="a table the engine lost"):
        judge(query)
    out = io.BytesIO()
    judge_stream(io.BytesIO((json.dumps(query) + "\n" + json.dumps({**query, "game": "sixty-six"}) + "\n").encode()),
                 out)
    first, second = (json.loads(line) for line in out.getvalue().decode().splitlines())
    assert "a fault in Atout: KeyError" in first["error"] and "malformed" not in first["error"]
    assert second["winner"] == 1                      # the stream goes on
    assert "a table the engine lost" in capsys.readouterr().err

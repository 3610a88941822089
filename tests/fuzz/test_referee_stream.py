"""Fuzzing `atout judge`: whatever the lines hold, every line that is not blank gets exactly one JSON answer line, in
order, in valid UTF-8; errors stay short; the stream goes on to the next line."""

import io
import json
import os
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from atout.referee import is_blank, judge, judge_stream
from tests.fuzz.strategies import fuzz, lines, queries

LONGEST_ERROR = 1500      # the longest real refusal lists every call of Five Hundred: about 600 characters


def expected_answers(raw_lines: list[bytes]) -> int:
    count = 0
    for i, raw in enumerate(raw_lines):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            count += 1
            continue
        count += not is_blank(text.removeprefix("\ufeff") if i == 0 else text)
    return count


def check_answers(output: bytes, raw_lines: list[bytes]) -> list[dict]:
    text = output.decode("utf-8")                     # strict: the answers are always UTF-8
    assert text.splitlines() == text.split("\n")[:-1]    # one line each, for every reader's idea of a line
    answers = [json.loads(line) for line in text.splitlines()]
    assert len(answers) == expected_answers(raw_lines)
    for answer in answers:
        assert isinstance(answer, dict)
        if "error" in answer:
            assert isinstance(answer["error"], str) and 0 < len(answer["error"]) <= LONGEST_ERROR
            assert "fault in Atout" not in answer["error"] and "malformed query" not in answer["error"]
    return answers


@fuzz(300)
@given(st.lists(lines, max_size=8))
def test_every_line_gets_one_answer_in_process(raw_lines):
    out = io.BytesIO()
    judge_stream(io.BytesIO(b"\n".join(raw_lines) + b"\n"), out)
    check_answers(out.getvalue(), raw_lines)


@fuzz(300)
@given(queries())
def test_a_query_near_a_real_one_gets_an_answer_or_a_clear_error(query):
    answer = judge(query)
    json.dumps(answer)          # plain JSON values only
    if "error" in answer:
        assert len(answer["error"]) <= LONGEST_ERROR
        assert "malformed query" not in answer["error"], (query, answer)


@fuzz(15)
@given(st.lists(lines, min_size=1, max_size=40))
def test_every_line_gets_one_answer_from_the_real_process(raw_lines):
    """Through ``atout judge`` itself, with standard input and output strictly UTF-8, and no final newline."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    run = subprocess.run([sys.executable, "-m", "atout.cli", "judge"], input=b"\n".join(raw_lines),
                         capture_output=True, env=env, timeout=120)
    assert run.returncode == 0 and run.stderr == b"", run.stderr.decode("utf-8", "replace")[-2000:]
    check_answers(run.stdout, raw_lines)

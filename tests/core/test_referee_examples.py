"""Every public referee example (copied from the rules into tests/data) is a test."""

import json
import subprocess
import sys

import pytest

from atout.games import available_games
from atout.referee import judge, judge_line
from tests.conftest import referee_examples

AVAILABLE = set(available_games())
CASES = [pytest.param(c, marks=pytest.mark.xfail(strict=True, reason="game family not written yet"))
         if c["query"]["game"] not in AVAILABLE and "error" not in c["expect"] else c
         for c in referee_examples()]
RAW = referee_examples()


def _matches(expect, got):
    for key, want in expect.items():
        if key == "error" and want is True:
            if "error" not in got:
                return False
        elif got.get(key) != want:
            return False
    return True


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['query']['kind']}-{c['query']['game']}"
                                             for i, c in enumerate(RAW)])
def test_example(case):
    got = judge(case["query"])
    assert _matches(case["expect"], got), got


def test_errors_name_the_problem():
    got = judge({"kind": "trick", "game": "forty-fives", "trump": "S", "plays": ["3S", "1H"]})
    assert "'1H' is not a card" in got["error"] and "10H" in got["error"]
    got = judge({"kind": "trick", "game": "forty-fives", "trump": "H", "plays": ["JD", "JD"]})
    assert "J♦ appears twice" in got["error"]
    got = judge({"kind": "rank", "game": "canasta", "trump": "H"})
    assert "game" in got["error"] and "forty-fives" in got["error"]
    got = judge({"kind": "rank", "game": "forty-fives", "trump": "H", "options": {"robbing": "never"}})
    assert "unknown option 'robbing'" in got["error"] and "must_follow_suit" in got["error"]


def test_bad_line_does_not_stop_the_stream():
    lines = "not json\n" + json.dumps(RAW[0]["query"]) + "\n"
    run = subprocess.run([sys.executable, "-m", "atout.cli", "judge"], input=lines, capture_output=True,
                         text=True, check=True)
    out = [json.loads(x) for x in run.stdout.splitlines()]
    assert "error" in out[0] and "JSON" in out[0]["error"]
    assert _matches(RAW[0]["expect"], out[1])


def test_judge_line_is_one_line():
    assert "\n" not in judge_line('{"kind": "rank", "game": "forty-fives", "trump": "S"}')

"""The Five Hundred referee: answers in the README's contract shape, and errors that name the problem."""

import json
import subprocess
import sys

import pytest

from atout.referee import judge
from atout.rulebook import RULES
from tests.core import oracle_500 as oracle

GAME = {"game": "five-hundred"}


@pytest.mark.parametrize("strain", ["C", "D", "H", "S", "NT"])
def test_rank_matches_the_oracle(strain):
    got = judge({"kind": "rank", **GAME, "trump": strain})
    assert got["trump"] == oracle.trump_order(strain)
    assert got["plain"] == {s: oracle.plain_order(s, strain) for s in "CDHS" if s != strain}
    assert got["rule"] in RULES


def test_rank_accepts_lower_case_and_symbols():
    assert judge({"kind": "rank", **GAME, "trump": "nt"})["trump"] == ["JK"]
    assert judge({"kind": "rank", **GAME, "trump": "♥"})["trump"][:3] == ["JK", "JH", "JD"]


def test_joker_suit_is_needed_only_for_a_no_trump_joker_lead():
    # a joker not led, or led in a suit contract, needs no suit named; a named one is ignored there
    assert judge({"kind": "trick", **GAME, "trump": "NT", "plays": ["AS", "JK", "KS", "QS"]})["winner"] == 1
    assert judge({"kind": "trick", **GAME, "trump": "S", "plays": ["JK", "JS", "AS", "KS"]})["winner"] == 0
    assert judge({"kind": "trick", **GAME, "trump": "S", "plays": ["JK", "JS", "AS", "KS"],
                  "joker_suit": "H"})["winner"] == 0
    got = judge({"kind": "trick", **GAME, "trump": "NT", "plays": ["JK", "5S", "AS", "KH"]})
    assert "joker_suit" in got["error"]
    got = judge({"kind": "legal", **GAME, "trump": "NT", "hand": ["KD", "5C"], "plays": ["JK", "AD"],
                 "joker_suit": "D"})
    assert got["legal"] == ["KD"]
    got = judge({"kind": "legal", **GAME, "trump": "NT", "hand": ["KD"], "plays": ["JK"], "joker_suit": "X"})
    assert "joker_suit" in got["error"] and "C, D, H or S" in got["error"]


def test_legal_answers_explain_the_first_illegal_card():
    got = judge({"kind": "legal", **GAME, "trump": "H", "hand": ["JD", "KD", "5C"], "plays": ["AD"]})
    assert got["legal"] == ["KD"] and got["rule"] == "500.rank.left-bower" and "J♦" in got["explanation"]
    got = judge({"kind": "legal", **GAME, "trump": "H", "hand": ["JD", "KD"], "plays": []})
    assert got["legal"] == ["JD", "KD"]


@pytest.mark.parametrize("query, words", [
    ({"kind": "trick", "trump": "S", "plays": ["AS", "KS", "QS"]}, ["4 cards", "not 3"]),
    ({"kind": "trick", "trump": "S", "plays": ["AS", "KS", "QS", "JS", "10S"]}, ["4 cards", "not 5"]),
    ({"kind": "trick", "trump": "S", "plays": ["AS", "KS", "QS", "2C"]}, ["2♣", "43-card"]),
    ({"kind": "trick", "trump": "S", "plays": ["AS", "KS", "QS", "AS"]}, ["A♠ appears twice"]),
    ({"kind": "trick", "trump": "X", "plays": ["AS", "KS", "QS", "JS"]}, ["trump", "NT"]),
    ({"kind": "trick", "trump": "S", "plays": ["AS", "KS", "QS", "ZZ"]}, ["'ZZ' is not a card"]),
    ({"kind": "legal", "trump": "S", "hand": ["AS"], "plays": ["KS", "QS", "JS", "10S"]}, ["at most 3"]),
    ({"kind": "legal", "trump": "S", "hand": [], "plays": []}, ["at least one card"]),
    ({"kind": "legal", "trump": "S", "hand": ["AS"], "plays": ["AS"]}, ["A♠ appears twice"]),
    ({"kind": "bids", "dealer": 4, "calls": []}, ["dealer", "0 to 3"]),
    ({"kind": "bids", "dealer": 0, "calls": ["6S", "6S"]}, ["6S", "not higher"]),
    ({"kind": "bids", "dealer": 0, "calls": ["6X"]}, ["'6X' is not a call"]),
    ({"kind": "rank", "trump": "S", "options": {"misere": "yes"}}, ["misere", "false, true"]),
])
def test_errors_name_what_is_wrong(query, words):
    got = judge({**GAME, **query})
    assert "error" in got, got
    for word in words:
        assert word in got["error"], got["error"]


def test_the_stream_goes_on_after_an_error():
    lines = [{"kind": "trick", **GAME, "trump": "S", "plays": ["2S", "AS", "KS", "QS"]},
             {"kind": "trick", **GAME, "trump": "C", "plays": ["AS", "JS", "KS", "QS"]}]
    run = subprocess.run([sys.executable, "-m", "atout.cli", "judge"], input="".join(json.dumps(q) + "\n"
                                                                                     for q in lines),
                         capture_output=True, text=True, check=True)
    out = [json.loads(x) for x in run.stdout.splitlines()]
    assert "error" in out[0] and out[1]["winner"] == 1

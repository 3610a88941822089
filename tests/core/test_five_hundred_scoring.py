"""Five Hundred scoring (500.score.*) and the game target (500.game.target), against the oracle."""

import itertools

import pytest

from atout.five_hundred import make_config
from atout.five_hundred.scoring import game_winner, score_hand
from atout.referee import judge
from atout.rulebook import RULES
from tests.core import oracle_500 as oracle


def referee_score(contract, contractor, tricks_won, scores_before, **options):
    return judge({"kind": "score", "game": "five-hundred", "contract": contract, "contractor": contractor,
                  "tricks_won": tricks_won, "scores_before": scores_before, "options": options})


def test_the_avondale_table():
    config = make_config("five-hundred")
    table = {c.call: c.value for c in config.ladder}
    assert [table[f"6{s}"] for s in ("S", "C", "D", "H", "NT")] == [40, 60, 80, 100, 120]
    assert table["7S"] == 140 and table["8H"] == 300 and table["10NT"] == 520


@pytest.mark.parametrize("order", ["avondale", "seed"])
@pytest.mark.parametrize("misere", [False, True])
def test_every_contract_and_trick_count_matches_the_oracle(order, misere):
    config = make_config("five-hundred", strain_order=order, misere=misere)
    for contract, side, taken in itertools.product(config.ladder, (0, 1), range(11)):
        tricks_won = [taken, 10 - taken] if side == 0 else [10 - taken, taken]
        before = [120, -60]
        want = oracle.score(contract.call, side, tricks_won, before, order)
        assert score_hand(config, contract, side, tricks_won, before).scores_after == want, (contract, side, taken)
        got = referee_score(contract.call, side, tricks_won, before, strain_order=order, misere=misere)
        assert got["scores_after"] == want and got["rule"] in RULES


def test_contract_made_lost_and_slam():
    assert referee_score("8S", 1, [2, 8], [100, 200])["scores_after"] == [120, 440]
    assert referee_score("7H", 0, [10, 0], [0, 0])["scores_after"] == [250, 0]          # slam: 200 → 250
    assert referee_score("8C", 0, [10, 0], [0, 0])["scores_after"] == [260, 0]          # worth 260: no slam bonus
    assert referee_score("9NT", 0, [8, 2], [300, 50])["scores_after"] == [-120, 70]
    assert referee_score("6S", 1, [1, 9], [0, 0])["scores_after"] == [10, 40]           # extra tricks earn nothing
    got = referee_score("7H", 0, [10, 0], [0, 0])
    assert got["rule"] == "500.score.slam"


def test_misere_scoring():
    options = {"misere": True}
    assert referee_score("misere", 0, [0, 10], [0, 0], **options)["scores_after"] == [250, 100]
    assert referee_score("misere", 0, [1, 9], [0, 0], **options)["scores_after"] == [-250, 90]
    assert referee_score("open-misere", 1, [10, 0], [0, 0], **options)["scores_after"] == [100, 500]
    assert "option misere" in referee_score("misere", 0, [0, 10], [0, 0])["error"]


def test_must_bid_to_win_caps_the_defenders_at_490():
    config = make_config("five-hundred", must_bid_to_win=True)
    r = score_hand(config, config.contract("6S"), 0, [2, 8], [0, 460])
    assert r.scores_after == [-40, 490] and r.winner is None and r.capped == [False, True]
    assert oracle.score("6S", 0, [2, 8], [0, 460], must_bid_to_win=True) == [-40, 490]
    free = make_config("five-hundred")
    r = score_hand(free, free.contract("6S"), 0, [2, 8], [0, 460])
    assert r.scores_after == [-40, 540] and r.winner == 1           # the defenders reach 500 and win


def test_the_game_target():
    config = make_config("five-hundred")
    assert game_winner(config, [480, 520], contractor_side=1, made=True) == 1
    assert game_winner(config, [510, 520], contractor_side=0, made=True) == 0       # both: the contractors
    assert game_winner(config, [490, 100], contractor_side=1, made=False) is None
    strict = make_config("five-hundred", must_bid_to_win=True)
    assert game_winner(strict, [500, 100], contractor_side=1, made=False) is None   # not by defending
    assert game_winner(strict, [500, 100], contractor_side=0, made=True) == 0
    assert game_winner(strict, [-500, 100], contractor_side=0, made=False) == 1     # −500 loses
    assert game_winner(strict, [-480, 100], contractor_side=0, made=False) is None
    assert referee_score("8S", 1, [2, 8], [100, 300])["game_winner"] == 1


@pytest.mark.parametrize("query, problem", [
    ({"contract": "5S"}, "contract"),
    ({"contract": "pass"}, "contract"),
    ({"contractor": 2}, "contractor"),
    ({"tricks_won": [3, 6]}, "tricks_won"),
    ({"tricks_won": [11, -1]}, "tricks_won"),
    ({"tricks_won": [10]}, "tricks_won"),
    ({"scores_before": [0]}, "scores_before"),
])
def test_score_errors_name_the_field(query, problem):
    base = {"kind": "score", "game": "five-hundred", "contract": "8S", "contractor": 1, "tricks_won": [2, 8],
            "scores_before": [0, 0]}
    got = judge({**base, **query})
    assert problem in got["error"], got

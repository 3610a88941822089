"""The solver on whole Five Hundred deals, every opening card, against DDS (the bridge double-dummy solver):
a trump contract with four players is bridge in disguise (``dds_five_hundred``), so a second, independent
search checks the values no brute force can reach."""

from pathlib import Path

import pytest

from atout.bench_solver import position
from atout.position import hand_from_text
from atout.solver import solve
from tests.core.test_solver_reference import dds_five_hundred

pytestmark = pytest.mark.usefixtures("solver_build")     # every test with each build of the search

DATA = Path(__file__).parent.parent / "data" / "solver"


def test_the_issue_position_gets_its_proven_values():
    """Issue 15's full deal after the kitty: A♣, 4♥, K♥, 9♣ and J♣ take 8 tricks, J♥ 7 (and the other low
    hearts go with the 4♥); every value exact, the same on every run, and the best proven."""
    hand = hand_from_text((DATA / "five-hundred-issue-15.txt").read_text())
    expected = dds_five_hundred(hand)
    by_card = {str(a.card): v for a, v in expected.items()}
    assert {c: by_card[c] for c in ("AC", "4H", "KH", "9C", "JC", "JH")} == {
        "AC": 8, "4H": 8, "KH": 8, "9C": 8, "JC": 8, "JH": 7}
    first = solve(hand)
    assert first.exact
    assert first.values == expected
    assert all(first.is_exact(a) for a in first.bounds)
    assert set(first.proven_best()) == {a for a, v in expected.items() if v == 8}
    assert first.best in first.proven_best()
    again = solve(hand)
    assert again.bounds == first.bounds and again.best == first.best and again.line == first.line


def test_whole_deals_in_trumps_match_dds_card_by_card():
    checked = 0
    seed = 0
    while checked < 6:
        hand = position("five-hundred", seed)
        seed += 1
        if hand is None or hand.trump is None or hand.contract.misere:
            continue
        assert solve(hand, line=False).values == dds_five_hundred(hand), seed - 1
        checked += 1

"""The solver on whole Five Hundred deals, every opening card, against DDS (the bridge double-dummy solver):
a trump contract with four players is bridge in disguise (``dds_five_hundred``), so a second, independent
search checks the values no brute force can reach."""

from pathlib import Path

import pytest

from atout.bench_solver import position
from atout.position import hand_from_text
from atout.solver import solve
from tests.core.test_solver_reference import dds_five_hundred

pytestmark = pytest.mark.usefixtures("fastest_solver_build")

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


def test_the_double_dummy_table_of_a_five_hundred_deal_matches_dds():
    """Every trump strain and contractor of a dealt hand: the contractor's side's tricks, as DDS finds them on the
    same cards (the ten dealt to each player, the contractor leading); no trumps has a cell for each too."""
    from atout.engine import Action
    from atout.games import package_of
    from atout.position import contract_actions, hand_from_position, position_of
    from atout.solver.table import double_dummy

    hand = package_of("five-hundred").new_hand("five-hundred", seed=11)
    table = double_dummy(hand)
    assert table.complete and table.by == "contractor" and table.columns == [0, 1, 2, 3]
    assert table.strains[-1] is None and len(table.cells) == 20
    dealt = position_of(hand)
    for strain in table.strains[:-1]:
        for contractor in table.columns:
            dealt.actions = contract_actions(dealt, contractor, "7" + strain.letter)
            dealt.actions += [Action("discard", c) for c in dealt.piles["kitty"]]
            played = hand_from_position(dealt)
            assert played.hands == hand.hands and played.to_act == contractor
            assert table.value(strain, contractor).lo == max(dds_five_hundred(played).values()), (strain, contractor)


def test_the_double_dummy_table_of_forty_fives_sides_and_players():
    from atout.forty_fives import FortyFivesHand
    from atout.solver.table import double_dummy, double_dummy_steps

    partners = FortyFivesHand.new("forty-fives-partners", seed=6)
    table = double_dummy(partners)
    assert table.by == "side" and table.columns == [0, 1]
    assert all(table.value(s, 0).lo + table.value(s, 1).lo == 25 for s in table.strains)
    alone = FortyFivesHand.new("forty-fives", seed=6, players=3)
    assert [len(t.cells) for t in double_dummy_steps(alone)] == list(range(13))   # a cell at a time: progress
    table = double_dummy(alone)
    assert table.by == "player" and table.columns == [0, 1, 2] and table.complete
    for strain in table.strains:                                      # each alone against the others: at most 30
        assert all(0 <= table.value(strain, s).lo <= 30 for s in range(3))
        assert sum(table.value(strain, s).lo for s in range(3)) <= 30

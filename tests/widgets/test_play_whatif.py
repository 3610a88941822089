"""The Play and What-if pages, driven as the browser would."""

import pytest

from atout.engine import Action
from atout.widgets.play import PlayGame, review_hand
from atout.widgets.whatif import WhatIf


def _click(table, action: Action) -> None:
    message = ({"type": "play", "card": action.card.code} if action.kind == "play" and action.card is not None
               and action.value is None else {"type": "action", "action": str(action)})
    table._handle_custom_msg(message, [])


@pytest.mark.parametrize("game", ["forty-fives", "auction-forty-fives", "five-hundred", "sixty-six"])
def test_a_hand_against_the_computer_is_scored_and_reviewed(game):
    page = PlayGame(game, seed=5)
    for _ in range(400):
        if page.game.completed_hands or page.game.is_over:
            break
        assert page.game.hand.to_act == 0            # the computer answers at once
        _click(page.table, page.game.hand.legal_actions()[-1])
    assert page.game.completed_hands, "the hand never finished"
    assert "Review" in page.review_button.description
    findings = page.review()
    assert "hand-review" in page.review_view.value
    for f in findings:
        assert f["lost"] > 0 and f["played"] != f["best"]
    assert page.log_view.value.count("<li>") >= 3 and "(" in page.log_view.value   # explanations with rule ids


def test_the_hint_is_a_legal_action_from_what_the_learner_sees():
    page = PlayGame("forty-fives", seed=2)
    while page.game.hand.to_act != 0:
        _click(page.table, page.game.hand.legal_actions()[0])
    text = page.hint()
    assert "expert" in text.lower() and "atout-hint-text" in page.hint_view.value


def test_review_finds_a_play_below_the_best():
    from atout.forty_fives import FortyFivesHand
    from atout.solver import solve

    worst = None
    for seed in range(40):
        hand = FortyFivesHand.new("forty-fives", seed=seed, players=3)
        worst = _play_one_mistake(hand, solve)
        if worst is not None:
            break
    assert worst is not None
    findings = review_hand(hand, 0)
    assert any(f["played"] == worst for f in findings)


def _play_one_mistake(hand, solve):
    """Play the hand out perfectly but for one of seat 0's plays below the best, if there is one."""
    worst = None
    while not hand.is_over:
        if hand.to_act == 0 and hand.phase.value == "play" and worst is None:
            solution = solve(hand)
            worse = [a for a, v in solution.values.items() if v < solution.value]
            if worse:
                worst = worse[0]
                hand.apply(worst)
                continue
        hand.apply(solve(hand).best)
    return worst


def test_what_if_compares_two_lines_and_refuses_a_bad_position():
    page = WhatIf("forty-fives", seed=2)
    assert "data-testid='solver'" in page.solver_view.value
    first = page.hand.legal_actions()
    _click(page.table, first[0])
    page.keep("A")
    assert page.take_back()
    _click(page.table, first[-1])
    page.keep("B")
    assert "branch-A" in page.compare_view.value and "branch-B" in page.compare_view.value
    text = page.text.value
    assert page.load(text) and page.text.value == text                   # the position round-trips
    before = page.text.value
    assert not page.load("game: forty-fives\nseat 0: 1H")
    assert "1H&#x27; is not a card" in page.message.value and page.text.value == before


def test_evaluation_view_runs_stops_and_draws_the_distribution():
    from atout.position import hand_from_text
    from atout.widgets.evaluation import EvaluationView
    from tests.core.test_evaluate import TOP_TRUMPS

    view = EvaluationView(hand_from_text(TOP_TRUMPS), samples=12, target=25)
    view.run(wait=True)
    assert view.bar.value == 12 and view.result.values == [25] * 12
    assert "evaluation-result" in view.output.value and "<svg" in view.output.value and "100%" in view.output.value
    view.stop()
    view.run(wait=True)     # a stop asked before a run does not carry over
    assert view.result.samples == 12 and not view.result.stopped


def test_the_whatif_page_evaluates_a_sixty_six_hand_while_the_stock_is_open():
    from atout.widgets.whatif import WhatIf

    page = WhatIf(game="sixty-six", seed=1)
    assert page.hand.stock_open
    view = page.evaluation_box.children[0]
    view.samples.value, view.target.value = 20, 1
    view.run(wait=True)
    assert view.bar.value == 20 and view.result.samples == 20 and set(view.result.values) <= {-3, -2, -1, 1, 2, 3}
    assert "game points on average" in view.output.value and "<svg" in view.output.value
    assert "role='alert'" not in view.output.value


def test_evaluation_view_says_why_a_position_cannot_be_evaluated():
    from atout.games import family
    from atout.widgets.evaluation import EvaluationView

    view = EvaluationView(family("five-hundred").new_hand("five-hundred", seed=1))
    view.run(wait=True)
    assert "role='alert'" in view.output.value and "during play" in view.output.value
    assert not view.start_button.disabled and view.stop_button.disabled

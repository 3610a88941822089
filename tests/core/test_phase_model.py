"""One phase model (issue 16 §1): a hand, every seat's view and every table answer the question "which phase?" with
the same value of ``Phase``. Sixty-Six used to answer PLAY, "play" and "draw" at a pending draw."""

from __future__ import annotations

import random

import pytest

from atout.engine import Action, Phase
from atout.games import GAMES, package_of

PHASE_VALUES = {p.value for p in Phase}


def _answers(hand) -> set[str]:
    n = hand.config.players
    views = [hand.view(s)["phase"] for s in range(n)]
    tables = [hand.table_view(v).phase for v in (None, *range(n))]
    return {hand.phase.value, *views, *tables}


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_its_views_and_its_tables_name_the_same_phase(game):
    rng = random.Random(16)
    seen: set[Phase] = set()
    for seed in range(6):
        hand = package_of(game).new_hand(game, seed=seed)
        while True:
            answers = _answers(hand)
            assert answers == {hand.phase.value} and answers <= PHASE_VALUES, (seed, hand.history[-1], answers)
            seen.add(hand.phase)
            if hand.is_over:
                break
            hand.apply(rng.choice(list(hand.legal_actions())))
    assert Phase.PLAY in seen and Phase.OVER in seen


def test_a_sixty_six_draw_is_the_draw_phase_everywhere():
    hand = package_of("sixty-six").new_hand("sixty-six", seed=7)
    hand.apply(hand.legal_actions()[-1])
    hand.apply(hand.legal_actions()[0])           # the trick is won, the stock open: its winner closes or draws
    assert hand.phase is Phase.DRAW and hand.draw_pending
    assert _answers(hand) == {"draw"}
    assert list(hand.legal_actions()) == [Action("close"), Action("draw")]
    hand.apply(Action("draw"))
    assert hand.phase is Phase.PLAY and not hand.draw_pending and _answers(hand) == {"play"}

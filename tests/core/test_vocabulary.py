"""Actions and phases are worded by core or the families that have them (``atout.vocabulary``): every action and
phase of every registered game has its words, and two families may share a kind only with the same words."""

from __future__ import annotations

import random
import sys
import types
from types import SimpleNamespace

import pytest

from atout.engine import action_said, allowed_words
from atout.games import GAMES, package_of
from atout.i18n import N_
from atout.vocabulary import (
    ActionWords,
    PhaseWords,
    VocabularyError,
    gather_phases,
    gather_words,
    phase_during,
    phase_name,
)
from atout.widgets.table import action_label


@pytest.mark.parametrize("game", GAMES)
def test_every_action_a_hand_offers_is_worded_on_its_button_and_in_sentences(game):
    """A hand played at random to its end: each legal action on the way has a button in words and is said as a
    sentence's subject in words, never in the rules' notation ("keep", "close"), and what the player may do is
    said in words."""
    rng = random.Random(7)
    for seed in range(3):
        hand = package_of(game).new_hand(game, seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            for action in legal:
                if action.kind == "bid":
                    continue            # the calls are worded by the bidding box (vocabulary.call_label)
                assert action_label(action, "en") != str(action), (game, str(action))
                assert action_said(action).render("en") != str(action), (game, str(action))
            assert "{" not in allowed_words(legal).render("en")
            hand.apply(rng.choice(legal))


@pytest.fixture
def families_with_words():
    """Two made-up families' packages, each with a vocabulary module, removed after the test."""
    made = []

    def declare(package: str, words: dict[str, ActionWords], phases: dict[str, PhaseWords] | None = None):
        module = types.ModuleType(f"{package}.vocabulary")
        module.ACTION_WORDS = words
        module.PHASE_WORDS = phases or {}
        sys.modules[package] = types.ModuleType(package)
        sys.modules[module.__name__] = module
        made.extend([package, module.__name__])
        return SimpleNamespace(id=package.rsplit(".", 1)[-1], package=package)

    yield declare
    for name in made:
        sys.modules.pop(name, None)


def test_a_family_words_its_own_moves_and_shares_a_kind_only_with_the_same_words(families_with_words):
    rob = ActionWords(N_("rob (exchange a card for the turned card)"))
    first = families_with_words("tests_made.first", {"jinx": ActionWords(N_("jinx")), "rob": rob})
    same = families_with_words("tests_made.same", {"rob": rob})
    words = gather_words([first, same])
    assert words["jinx"].allowed == "jinx" and words["rob"] is rob and words["play"].allowed == "play a card"
    other = families_with_words("tests_made.other", {"rob": ActionWords(N_("steal the turned card"))})
    with pytest.raises(VocabularyError, match="other words the action 'rob' otherwise than first does"):
        gather_words([first, other])


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_of_a_registered_game_is_worded_and_every_phase_with_actions_is_said(game):
    """Each phase a family's hands pass through (its ``PHASES``) has a name for the table's status, and each phase
    in which a hand played at random offers an action can be said inside a sentence ("during the bidding"), in the
    words core or the family declares, never the engine's id."""
    hand_class = type(package_of(game).new_hand(game, seed=0))
    for phase in hand_class.PHASES:
        assert phase_name(phase).render("en") != phase.value or phase.value == "play", (game, phase)
    rng = random.Random(3)
    hand = package_of(game).new_hand(game, seed=3)
    while not hand.is_over:
        if hand.to_act is not None:
            said = phase_during(hand.phase)
            assert said is not None and said.render("en") != hand.phase.value, (game, hand.phase)
        hand.apply(rng.choice(hand.legal_actions()))


def test_a_family_words_its_own_phases_and_shares_one_only_with_the_same_words(families_with_words):
    robbing = PhaseWords(N_("robbing"), N_("the robbing of the turned ace"))
    first = families_with_words("tests_made.first", {}, {"jinx": PhaseWords(N_("jinxing")), "rob": robbing})
    same = families_with_words("tests_made.same", {}, {"rob": robbing})
    phases = gather_phases([first, same])
    assert phases["jinx"].name == "jinxing" and phases["rob"] is robbing and phases["bid"].during == "the bidding"
    other = families_with_words("tests_made.other", {}, {"rob": PhaseWords(N_("stealing"))})
    with pytest.raises(VocabularyError, match="other words the phase 'rob' otherwise than first does"):
        gather_phases([first, other])

"""House rules as switches on the classroom and Play pages: named in words, a change deals again with the rule and
says it, the rule travels with the deal code and the page's address, and what core refuses is said and undone."""

from __future__ import annotations

import re

from atout import dealcode
from atout.house_rules import SWITCHES
from atout.i18n import language
from atout.widgets import page as pages
from atout.widgets.classroom import Classroom
from atout.widgets.language import set_page_language
from atout.widgets.play import PlayGame


def _words(panel) -> list[str]:
    """Everything the panel shows a reader: the switches' names and menu words, the summary and the message."""
    shown = [panel.toggle.description, panel.summary.value, panel.message.value]
    for control in panel.controls.values():
        shown.append(control.description)
        shown += [label for label, _value in getattr(control, "options", [])]
    return shown


def test_a_house_rule_switched_on_deals_again_with_it_and_says_the_rule_in_words():
    room = Classroom(game="five-hundred")
    code = room.code_view.value
    assert room.hand.config.misere is False and "misere" not in [c.call for c in room.hand.config.ladder]
    room.rules_panel.controls["misere"].value = True
    assert room.code_view.value != code and room.hand.config.misere                    # a new deal, with misère
    assert room.spec.options == {"misere": True}
    effect = room.rules_panel.message.value
    assert "A new deal with this rule: Misère (250) and open misère (500)" in effect and "role='status'" in effect
    summary = room.rules_panel.summary.value                                          # and it stays said, briefly:
    assert ">Misère and open misère</span>" in summary and "title='Misère (250) and open misère (500)" in summary
    assert room.rules_panel.toggle.description == "House rules (1)"
    for text in _words(room.rules_panel):
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text                        # never an option id


def test_a_student_typing_the_code_gets_the_same_rules_and_the_handout_says_them():
    teacher = Classroom(game="forty-fives-partners")
    teacher.rules_panel.controls["scoring"].value = "tricks"
    teacher.rules_panel.controls["must_follow_suit"].value = True
    code = re.search(r"data-testid='deal-code'>([^<]+)<", teacher.code_view.value)[1]
    student = Classroom(game="sixty-six")
    assert student.join(code)
    assert student.hand.config.options() == teacher.hand.config.options()
    assert student.hand.hands == teacher.hand.hands
    assert student.rules_panel.values["scoring"] == "tricks" and student.rules_panel.values["must_follow_suit"]
    assert "House rules (2)" == student.rules_panel.toggle.description
    rules = dealcode.rules_text("forty-fives-partners", {"scoring": "tricks", "must_follow_suit": True})
    assert f"rules={rules}" in student.handout_link.value


def test_a_rule_core_refuses_is_said_in_its_words_and_undone():
    room = Classroom(game="auction-forty-fives", players=3)
    code = room.code_view.value
    room.rules_panel.controls["partners"].value = True                   # partnerships with three players
    refusal = room.rules_panel.message.value
    assert "two partnerships need 4 players (2 against 2), not 3" in refusal and "role='alert'" in refusal
    assert room.rules_panel.controls["partners"].value is False and room.code_view.value == code
    room.players_picker.value = 4
    room.rules_panel.controls["partners"].value = True
    assert room.hand.config.partners and len(room.hand.hands) == 4
    room.players_picker.value = 3                                        # fewer players than the rule needs
    assert room.players_picker.value == 4 and room.hand.config.partners
    assert "two partnerships need 4 players" in room.message.value


def test_another_game_has_its_own_switches_at_its_usual_rules():
    room = Classroom(game="five-hundred")
    room.rules_panel.controls["misere"].value = True
    room.game_picker.value = "sixty-six"
    assert set(room.rules_panel.controls) == {"strict_marriages", "tie_carries", "show_totals"}   # a deal's rules
    assert room.spec.options == {} and room.rules_panel.message.value == ""
    assert "The usual rules of the game" in room.rules_panel.summary.value


def test_the_classroom_offers_a_deals_rules_and_play_a_whole_games_too():
    room, play = Classroom(game="five-hundred"), PlayGame(game="five-hundred", seed=3)
    assert set(room.rules_panel.controls) == {"strain_order", "misere", "misere_defenders", "single_round"}
    assert set(play.rules_panel.controls) == set(room.rules_panel.controls) | {"must_bid_to_win", "target",
                                                                                 "first_dealer"}
    assert set(play.rules_panel.controls) <= set(SWITCHES["five-hundred"])


def test_play_starts_a_new_game_with_the_rule_and_its_address_brings_it_back(address):
    address(game="five-hundred")
    page = pages.play_page()
    play = page.children[1]
    game = play.game
    play.rules_panel.controls["target"].value = 250
    assert play.game is not game and play.game.config.target == 250
    assert "A new game with this rule: The game is played to 250 points." in play.rules_panel.message.value
    state = dict(page.children[0].address)
    assert state["rules"] == dealcode.rules_text("five-hundred", {"target": 250})
    address(**state)
    again = pages.play_page().children[1]
    assert again.game.config.target == 250 and again.rules_panel.values["target"] == 250
    address(game="five-hundred", rules="ZZZZ")
    page = pages.play_page()
    assert "“ZZZZ”, could not be used" in page.children[0].notices[0]
    assert page.children[1].game.config.target == 500


def test_the_switches_speak_the_page_language():
    room = Classroom(game="five-hundred")
    try:
        set_page_language("fr")
        assert room.rules_panel.controls["misere"].description == "Misère et misère ouverte"
        assert room.rules_panel.toggle.description == "Règles maison"
        room.rules_panel.controls["misere"].value = True
        assert "Une nouvelle donne avec cette règle\u00a0: " in room.rules_panel.message.value
        with language("fr"):
            labels = [label for label, _v in room.rules_panel.controls["strain_order"].options]
        assert labels == ["♠ ♣ ♦ ♥ SA", "♣ ♦ ♥ ♠ SA"]
    finally:
        set_page_language("en")
    assert room.rules_panel.controls["misere"].description == "Misère and open misère"


def test_the_handout_page_prints_the_house_rules_of_its_address(address):
    address(game="five-hundred", rules=dealcode.rules_text("five-hundred", {"misere": True}), lang="fr")
    page = pages.handout_page()
    handout = page.children[1]
    assert "Règles maison à cette table" in handout.content.value
    assert "data-rule='500.bid.misere'" in handout.content.value
    assert page.children[0].address == {"game": "five-hundred", "rules": "2"}

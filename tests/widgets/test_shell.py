"""The page shell and the pages' addresses, in process: the heartbeat is answered, the language follows the switch,
each page's state goes into its address and comes back from it, and values a page cannot use are said in words."""

from __future__ import annotations

import pytest

from atout import dealcode
from atout.engine import Action
from atout.games import available_games
from atout.i18n import get_language
from atout.widgets import page as pages
from atout.widgets.address import moves_text, parse_moves
from atout.widgets.language import set_page_language
from atout.widgets.shell import PageShell, page_words


def shell_of(page):
    return page.children[0]


def notices(page) -> list[str]:
    return list(shell_of(page).notices)


def test_the_shell_answers_each_heartbeat_and_follows_the_language_switch():
    shell = PageShell("play")
    sent = []
    shell.send = sent.append
    shell._on_message(shell, {"beat": 7}, [])
    shell._on_message(shell, {"beat": "x"}, [])          # not a beat: nothing to answer
    assert sent == [{"beat": 7}] and shell.beats == 1
    try:
        shell.lang = "fr"                                 # the browser chose French
        assert get_language() == "fr"
        set_page_language("en")                           # and back, from Python: the shell follows
        assert shell.lang == "en"
    finally:
        set_page_language("en")


def test_the_shell_sends_its_words_in_every_language_for_a_page_without_a_kernel():
    words = page_words("classroom")
    assert words["en"]["nav-learn"] == "Learn" and words["fr"]["nav-learn"] == "Apprendre"
    assert words["fr"]["title"] == "La classe" and "Reprendre" in words["fr"]["reload"]
    assert set(words["en"]) == set(words["fr"])
    with pytest.raises(ValueError, match="the pages are"):
        PageShell("nowhere")


def test_moves_refused_in_an_address_say_which_and_why():
    with pytest.raises(ValueError, match="move 2 in the address, “zz_zz_zz”"):
        parse_moves("5H.zz_zz_zz")
    with pytest.raises(ValueError, match="too long"):
        parse_moves("5H." * 10_000)
    assert moves_text(parse_moves("bid_30-for-60.keep")) == "bid_30-for-60.keep"


def test_the_course_opens_on_its_addresss_lesson_and_step_and_writes_them_back(address):
    address(lesson="45-trumps", step="3", lang="fr")
    page = pages.course_page()
    course = page.children[1]
    assert course.current.lesson.id == "45-trumps" and course.current.step_index == 2
    assert get_language() == "fr" and shell_of(page).lang == "fr" and shell_of(page).lang_source == "address"
    assert shell_of(page).address == {"lesson": "45-trumps", "step": "3"}
    course.current.forward()
    assert shell_of(page).address == {"lesson": "45-trumps", "step": "4"}
    course.show_lesson("66-closing")
    assert shell_of(page).address == {"lesson": "66-closing", "step": "1"}
    assert notices(page) == []


def test_the_course_says_what_it_cannot_open(address):
    address(lesson="45-trumps", step="99")
    page = pages.course_page()
    assert page.children[1].current.step_index == 0
    [said] = notices(page)
    assert "“Trumps: the three top cards” has steps 1 to" in said and "“99”" in said
    set_page_language("fr")                                # the notice is said again in the new language
    assert "La leçon «\u00a0L'atout\u00a0: les trois plus fortes cartes\u00a0» a les étapes 1 à 4" in notices(page)[0]
    set_page_language("en")
    address(lesson="nope")
    page = pages.course_page()
    assert page.children[1].current.lesson.id == "45-deal"
    assert "There is no lesson “nope”" in notices(page)[0]


def test_a_game_in_progress_comes_back_from_its_address(address):
    from atout.position import position_text

    address(game="five-hundred", level="beginner")
    page = pages.play_page()
    play = page.children[1]
    assert play.game.config.game == "five-hundred" and play.level_picker.value == "beginner"
    assert not shell_of(page).confirm_leave          # the computer may have bid; the learner has not acted
    for _ in range(12):
        play.table.act(play.game.hand.legal_actions()[0])
    state = dict(shell_of(page).address)
    assert state["seed"] == str(play.game_seed) and shell_of(page).confirm_leave
    address(**state)
    again = pages.play_page().children[1]
    assert again.moves() == play.moves() and again.game.scores == play.game.scores
    assert position_text(again.game.hand) == position_text(play.game.hand) and again.in_progress()


def test_a_game_that_cannot_be_carried_on_starts_anew_and_says_why(address):
    address(game="bridge", level="grandmaster", seed="12", moves="AS.AS.AS")
    page = pages.play_page()
    play = page.children[1]
    said = notices(page)
    assert play.game.config.game == "forty-fives" and play.level_picker.value == "club"
    assert "“bridge”, which Atout does not have" in said[0] and "“grandmaster”" in said[1]
    assert "could not be carried on (Player 2 does not hold A♠" in said[2] and not play.in_progress()
    address(moves="5H")                                    # moves without their seed
    assert "its seed is missing" in notices(pages.play_page())[0]


def test_the_classroom_opens_a_deal_its_moves_and_its_walk_through_step_from_the_address(address):
    code = dealcode.encode(dealcode.DealSpec("five-hundred", 4, 0, 4242))
    address(code=code)
    page = pages.classroom_page()
    room = page.children[1]
    assert room.hand.config.game == "five-hundred" and shell_of(page).address["code"] == code
    for _ in range(3):
        room.table.act(room.hand.legal_actions()[0])
    room.mode.value = "walk"
    room.stepper.go(6)
    state = dict(shell_of(page).address)
    assert state["mode"] == "walk" and state["step"] == "7" and len(parse_moves(state["moves"])) == 3
    address(**state)
    again = pages.classroom_page().children[1]
    assert again.hand.history == room.hand.history
    assert again.mode.value == "walk" and again.stepper.step == 6
    assert again.stepper.hand.history == room.stepper.hand.history


def test_the_classroom_says_what_it_cannot_open(address):
    address(code="0W3-QQAX-FXWU")
    said = notices(pages.classroom_page())
    assert "“0W3-QQAX-FXWU”, could not be used: 'U' is not used in deal codes" in said[0]
    code = dealcode.encode(dealcode.DealSpec("sixty-six", 2, 0, 7))
    address(code=code, moves="AS.AS")
    page = pages.classroom_page()
    assert "could not be played" in notices(page)[0]
    assert len(page.children[1].hand.history) == 1          # the deal as dealt


def test_what_if_opens_the_position_in_its_address(address):
    from atout.games import package_of
    from atout.position import compact_text, position_text

    hand = package_of("sixty-six").new_hand("sixty-six", seed=3)
    hand.apply(hand.legal_actions()[0])
    address(position=position_text(hand))
    page = pages.whatif_page()
    # The address keeps the position in its short form, which reads back to the same position.
    assert shell_of(page).address == {"position": compact_text(hand)}
    assert position_text(page.children[1].hand) == position_text(hand)
    address(position="game: forty-fives\nplayers: 9", game="sixty-six")
    page = pages.whatif_page()
    assert "could not be set up: line 2: unknown key 'players'" in notices(page)[0]
    assert page.children[1].hand.config.game == "sixty-six"


def test_the_index_links_each_game_to_its_first_lesson_in_the_page_language(address):
    address(lang="fr")
    page = pages.home_page()
    html = page.children[1].value
    assert "href='course.ipynb?lesson=45-partners'>Quarante-cinq par équipes</a>" in html
    assert "href='course.ipynb?lesson=500-cards-and-deal'" in html and "Apprenez" in html
    set_page_language("en")
    assert page.children[1].value.count("<a href='course.ipynb?lesson=") == len(available_games())   # every game


def test_the_index_s_first_sentence_names_every_registered_family_in_the_page_language():
    """It named three families by hand, and left out a family registered after them."""
    from atout.games import FAMILIES_BY_ID
    from atout.i18n import Text
    from atout.widgets.index import games_index_html

    try:
        for lang in ("en", "fr", "ja"):
            set_page_language(lang)
            intro = games_index_html().split("atout-index-intro'>")[1].split("<")[0]
            for info in FAMILIES_BY_ID.values():
                assert Text(info.title).render(lang) in intro, (lang, info.id, intro)
    finally:
        set_page_language("en")


def test_a_lesson_opens_in_a_jupyterlab_cell():
    import atout

    box = atout.lesson("45-trumps")
    assert box.children[0].value.startswith("<style>") and box.children[1].lesson.id == "45-trumps"
    with pytest.raises(ValueError, match="there is no lesson 'x': the lessons are 45-deal"):
        atout.lesson("x")


def test_moves_text_round_trips_every_kind_of_action():
    actions = [Action.parse(text) for text in ("play 5H", "play JK H", "bid 7NT", "bid misere", "trump H", "kitty",
                                               "discard 7C", "done", "draw", "close", "exchange 9H", "marriage KH",
                                               "declare", "rob 2C", "keep", "bid hold", "bid 30-for-60")]
    assert parse_moves(moves_text(actions)) == actions

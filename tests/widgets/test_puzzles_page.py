"""The Puzzles page, driven as the browser would: a click on the table is the learner's answer, told right or wrong
with the solver's proof, in the page's language; each attempt moves the puzzle's rating in the class store."""

from html import unescape

import pytest

from atout.games import available_games
from atout.i18n import set_language
from atout.live.sqlite import SQLiteStore
from atout.puzzles import packaged_puzzles
from atout.ratings import START
from atout.widgets import language
from atout.widgets.puzzles import EVERY_GAME, PuzzleTrainer


def click(table, action) -> None:
    message = ({"type": "play", "card": action.card.code} if action.kind == "play" and action.card is not None
               and action.value is None else {"type": "action", "action": str(action)})
    table._handle_custom_msg(message, [])


@pytest.fixture
def store(tmp_path):
    store = SQLiteStore(tmp_path / "data")
    yield store
    store.close()


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_a_wrong_click_is_told_wrong_with_the_proof_and_makes_the_puzzle_harder(store):
    trainer = PuzzleTrainer(seed=2, store=lambda: store)
    puzzle = trainer.puzzle
    assert trainer.table.state["to_act"] == puzzle.seat
    assert "Nobody has tried this puzzle yet" in trainer.heading.value
    wrong = next(c.action for c in puzzle.choices if c.action != puzzle.answer)
    click(trainer.table, wrong)
    feedback = unescape(trainer.feedback.value)
    assert "data-verdict='wrong'" in feedback and "Not this one: the answer was" in feedback
    assert "Only " in feedback and "keeps the best result" in feedback and "less." in feedback
    record = store.puzzle_record(puzzle.id)
    assert record.attempts == 1 and record.solved == 0 and record.rating.rating > START
    assert "learned from 1 attempt" in trainer.heading.value
    assert trainer.table.looking                 # the position stays to be looked at: a click plays nothing more
    click(trainer.table, puzzle.answer)
    assert store.puzzle_record(puzzle.id).attempts == 1


def test_the_answer_is_told_right_and_makes_the_puzzle_easier(store):
    trainer = PuzzleTrainer(seed=3, store=lambda: store)
    puzzle = trainer.puzzle
    click(trainer.table, puzzle.answer)
    assert "data-verdict='right'" in trainer.feedback.value
    record = store.puzzle_record(puzzle.id)
    assert (record.attempts, record.solved) == (1, 1) and record.rating.rating < START
    trainer.next_puzzle()
    assert trainer.puzzle.id != puzzle.id and trainer.feedback.value == "" and not trainer.table.looking


def test_the_game_menu_keeps_to_one_game_and_the_address_follows():
    puzzles = packaged_puzzles()
    trainer = PuzzleTrainer(seed=1, puzzles=puzzles)
    values = [value for _label, value in trainer.game_picker.options]
    assert values == [EVERY_GAME, *available_games()]
    for game in available_games():
        trainer.game_picker.value = game
        assert trainer.puzzle.game == game and trainer.address_state() == {"game": game, "puzzle": trainer.puzzle.id}
    again = PuzzleTrainer(game=trainer.puzzle.game, puzzle=trainer.puzzle.id, puzzles=puzzles)
    assert again.puzzle == trainer.puzzle


def test_the_page_speaks_the_page_s_language(store):
    trainer = PuzzleTrainer(seed=4, store=lambda: store)
    puzzle = trainer.puzzle
    click(trainer.table, next(c.action for c in puzzle.choices if c.action != puzzle.answer))
    english = trainer.feedback.value
    language.set_page_language("fr")
    assert "Ce n'est pas le bon" in unescape(trainer.feedback.value) and trainer.feedback.value != english
    assert "C'est à vous de jouer" in unescape(trainer.prompt.value)
    assert trainer.next_button.description == "Problème suivant"


def test_a_store_that_fails_is_said_and_the_puzzles_go_on(tmp_path):
    def broken():
        raise OSError("disk gone")

    trainer = PuzzleTrainer(seed=5, store=broken)
    click(trainer.table, trainer.puzzle.answer)
    assert "data-verdict='right'" in trainer.feedback.value
    assert "The puzzles&#x27; difficulty could not be kept" in trainer.feedback.value
    trainer.next_puzzle()
    assert trainer.puzzle is not None


def test_the_learner_s_seat_sits_at_the_bottom_of_the_table_whichever_it_is():
    puzzles = [p for p in packaged_puzzles() if p.seat != 0][:2] + [p for p in packaged_puzzles() if p.seat == 0][:1]
    trainer = PuzzleTrainer(puzzle=puzzles[0].id, puzzles=puzzles)
    for puzzle in puzzles:
        trainer.show(puzzle)
        state = trainer.table.state
        assert state["bottom"] == puzzle.seat and state["seats"][puzzle.seat]["position"] == "s"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_closing_puzzle_is_answered_with_the_stock_s_button_and_holds_whatever_the_stock_s_order(store, lang):
    """Issue 32: Sixty-Six's "closing at the right moment", from the shipped set: the learner closes (or draws) with the
    table's own button, and the proof says the answer holds whatever order the stock's face-down cards lie in."""
    from atout.puzzles import theme_words

    puzzle = next(p for p in packaged_puzzles() if "closing" in p.themes)
    trainer = PuzzleTrainer(game="sixty-six", puzzle=puzzle.id, store=lambda: store)
    assert trainer.puzzle == puzzle and puzzle.answer.kind in ("close", "draw")
    language.set_page_language(lang)
    try:
        click(trainer.table, puzzle.answer)
        feedback = unescape(trainer.feedback.value)
        assert "data-verdict='right'" in feedback
        assert theme_words("closing").render(lang) in feedback
        words = {"en": "Whatever order the stock's face-down cards lie in, only",
                 "fr": "Quel que soit l'ordre des cartes cachées du talon, un seul choix"}[lang]
        assert words in feedback
    finally:
        language.set_page_language("en")

"""Lessons are data: every lesson file is valid, and bad ones are refused with a clear message."""

import pytest

from atout.lessons import LessonError, check_lessons, drill, lesson_headings, load_lessons, parse_lesson

MINIMAL = """
id = "x-test"
family = "forty-fives"
game = "forty-fives"
order = 1
rules = ["45.rank.trump"]
title = {en = "T", fr = "T"}
summary = {en = "S", fr = "S"}
[[steps]]
text = {en = "One idea.", fr = "Une idée."}
"""


def test_every_lesson_is_valid():
    assert check_lessons() == []
    lessons = load_lessons()
    assert lessons, "no lessons found"
    assert len({lesson.id for lesson in lessons}) == len(lessons)


def test_a_minimal_lesson_parses():
    lesson = parse_lesson(MINIMAL, "x.toml")
    assert lesson.id == "x-test" and lesson.steps[0]["text"]["fr"] == "Une idée."


@pytest.mark.parametrize("change, message", [
    ('summary = {en = "S", fr = "S"}', "at summary: the field 'en' is missing"),     # the others fall back to it
    ('rules = ["45.rank.trump"]', "the rule id 45.rank.nope is not in the rulebook"),
    ('game = "forty-fives"', "at game: 'canasta' is not allowed here: write one of forty-fives, "
                             "forty-fives-partners, auction-forty-fives, five-hundred, sixty-six"),
])
def test_bad_lessons_are_refused_with_the_place(change, message):
    bad = {
        'summary = {en = "S", fr = "S"}': 'summary = {fr = "S"}',
        'rules = ["45.rank.trump"]': 'rules = ["45.rank.nope"]',
        'game = "forty-fives"': 'game = "canasta"',
    }[change]
    with pytest.raises(LessonError) as info:
        parse_lesson(MINIMAL.replace(change, bad), "bad.toml")
    assert "bad.toml" in str(info.value) and message in str(info.value)


def test_a_bad_card_in_a_quiz_is_refused():
    text = MINIMAL + '[[quiz]]\nkind = "winner"\ntrump = "S"\nplays = ["JS", "1H"]\n'
    with pytest.raises(LessonError, match="quiz 1: this winner question has no answer: '1H' is not a card"):
        parse_lesson(text, "bad.toml")


def test_invalid_toml_is_refused():
    with pytest.raises(LessonError, match="not valid TOML"):
        parse_lesson("id = ", "broken.toml")


def test_a_card_question_without_its_trump_is_refused_naming_the_trumps():
    text = MINIMAL + '[[quiz]]\nkind = "winner"\nplays = ["KH", "AH"]\n'
    with pytest.raises(LessonError, match=r"q.toml: quiz 1: a winner question needs its trump: write trump = C, D, H, "
                                          r"or S$"):
        parse_lesson(text, "q.toml")


def test_questions_are_marked_by_the_referee():
    text = MINIMAL + '[[quiz]]\nkind = "winner"\ntrump = "C"\nplays = ["KH", "AH"]\n'
    question = parse_lesson(text, "q.toml").questions()[0]
    assert question.answer == ["AH"]
    right = question.check("ah")
    assert right.correct and right.rule == "45.rank.ace-of-hearts" and "(45." not in right.text
    wrong = question.check("KH")
    assert not wrong.correct and "A♥ beats K♥" in wrong.text and "KH" in wrong.highlight


def test_legal_questions_need_every_legal_card():
    text = MINIMAL + '[[quiz]]\nkind = "legal"\ntrump = "C"\nhand = ["KH", "2S", "3C"]\nplays = ["QH"]\n'
    question = parse_lesson(text, "q.toml").questions()[0]
    assert sorted(question.answer) == ["3C", "KH"]
    assert question.check(["KH", "3C"]).correct
    partial = question.check(["KH", "3C", "2S"])
    assert not partial.correct and partial.rule == "45.follow.plain-lead" and "(45." not in partial.text


def test_drills_favour_the_traps_and_are_repeatable():
    first = drill("forty-fives", "winner", 30, seed=3)
    again = drill("forty-fives", "winner", 30, seed=3)
    assert [q.choices for q in first] == [q.choices for q in again]
    trap_cards = sum(c in {"AH", "AD", "2C", "2S", "10C", "10S"} for q in first for c in q.choices)
    assert trap_cards >= 15   # about 2 cards in 3 come from the trap list


def test_the_lessons_command_reports_a_bad_lesson(tmp_path, capsys):
    from atout.cli import main

    (tmp_path / "forty-fives").mkdir()
    (tmp_path / "forty-fives" / "bad.toml").write_text(MINIMAL.replace('rules = ["45.rank.trump"]',
                                                                       'rules = ["45.rank.nope"]'))
    assert main(["lessons", "check", "--folder", str(tmp_path)]) == 1
    assert "the rule id 45.rank.nope is not in the rulebook" in capsys.readouterr().out
    (tmp_path / "forty-fives" / "bad.toml").write_text(MINIMAL)
    assert main(["lessons", "check", "--folder", str(tmp_path)]) == 0
    assert "1 lessons, all valid" in capsys.readouterr().out


def heads(lessons) -> list[tuple]:
    return [(lesson.id, lesson.family, lesson.game, lesson.order) for lesson in lessons]


def test_the_headings_read_without_the_checks_are_the_lessons_in_course_order(tmp_path):
    assert heads(lesson_headings()) == heads(load_lessons())
    (tmp_path / "sixty-six").mkdir()
    (tmp_path / "forty-fives").mkdir()
    (tmp_path / "sixty-six" / "a.toml").write_text(MINIMAL.replace("x-test", "a-66").replace('"forty-fives"',
                                                                                         '"sixty-six"'))
    (tmp_path / "forty-fives" / "b.toml").write_text(MINIMAL.replace("order = 1", "order = 2"))
    (tmp_path / "forty-fives" / "c.toml").write_text(MINIMAL.replace("x-test", "c-45"))
    assert heads(lesson_headings(tmp_path)) == heads(load_lessons(tmp_path)) == [
        ("c-45", "forty-fives", "forty-fives", 1), ("x-test", "forty-fives", "forty-fives", 2),
        ("a-66", "sixty-six", "sixty-six", 1)]


@pytest.mark.parametrize("broken", ["id = [", 'order = "first"', 'game = "canasta"'])
def test_a_file_that_is_not_a_lesson_is_left_out_of_the_headings_and_refused_by_the_course(tmp_path, broken):
    (tmp_path / "forty-fives").mkdir()
    (tmp_path / "forty-fives" / "good.toml").write_text(MINIMAL)
    line = {"id": 'id = "x-test"', "order": "order = 1", "game": 'game = "forty-fives"'}[broken.split()[0]]
    (tmp_path / "forty-fives" / "bad.toml").write_text(MINIMAL.replace(line, broken).replace("x-test", "y-test"))
    assert heads(lesson_headings(tmp_path)) == [("x-test", "forty-fives", "forty-fives", 1)]
    with pytest.raises(LessonError, match="bad.toml"):
        load_lessons(tmp_path)

"""`atout lessons check` tells the truth and never hangs (issue 12): every malformed lesson is refused with the file,
the place and what is allowed; nothing passes the check that breaks its page; no traceback, no endless drill."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from atout.games import FAMILY_LIST, family_id
from atout.i18n import OneOf
from atout.lessons import LessonError, check_lessons, lesson_headings, load_lessons
from atout.widgets.lesson import LessonView
from tests.registry import games_with_an_auction

HEAD = """id = "{id}"
family = "{family}"
game = "{game}"
order = 1
rules = ["{rule}"]
title = {{en = "T", fr = "T"}}
summary = {{en = "S", fr = "S"}}
"""
RULES = {"forty-fives": "45.rank.trump", "five-hundred": "500.deal", "sixty-six": "66.points"}
STEP = """
[[steps]]
text = {en = "One idea.", fr = "Une idée."}
"""


def lesson_text(steps: str = "", quiz: str = "", game: str = "forty-fives", id: str = "x-test") -> str:
    family = family_id(game)
    return HEAD.format(id=id, family=family, game=game, rule=RULES[family]) + STEP + steps + "\n" + quiz


def write(folder: Path, files: dict[str, bytes | str]) -> Path:
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def run_check(folder: Path) -> subprocess.CompletedProcess:
    """The real command; a check that hung before is stopped by the timeout and fails."""
    return subprocess.run([sys.executable, "-m", "atout.cli", "lessons", "check", "--folder", str(folder)],
                          capture_output=True, text=True, timeout=300)


def refused(tmp_path: Path, files: dict[str, bytes | str]) -> str:
    """The one problem the check reports for ``files``, from the real command (which must not fail with a
    traceback) and in process (the same words)."""
    run = run_check(write(tmp_path, files))
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr[-2000:]
    problems = check_lessons(tmp_path)
    assert run.stdout.splitlines() == problems and len(problems) == 1, problems
    return problems[0]


@pytest.mark.parametrize("trumps, message", [
    ('["NT"]', "quiz 1: trumps: 'NT' is not a trump in forty-fives: write C, D, H, or S"),
    ('["X"]', "quiz 1: trumps: 'X' is not a trump in forty-fives: write C, D, H, or S"),
])
def test_a_drill_with_a_trump_the_game_lacks_is_refused_at_once(tmp_path, trumps, message):
    text = lesson_text(quiz=f'[[quiz]]\nkind = "drill"\ntrumps = {trumps}\n')
    problem = refused(tmp_path, {"forty-fives/01.toml": text})
    assert problem == f"{tmp_path}/forty-fives/01.toml: {message}"


def test_a_drill_with_an_unknown_option_is_refused_at_once(tmp_path):
    text = lesson_text(quiz='[[quiz]]\nkind = "drill"\noptions = {robbing = "never"}\n')
    problem = refused(tmp_path, {"forty-fives/01.toml": text})
    assert "01.toml: quiz 1: unknown option 'robbing' for forty-fives: the options are " in problem


def test_a_drill_in_no_trumps_for_sixty_six_is_refused(tmp_path):
    text = lesson_text(quiz='[[quiz]]\nkind = "drill"\ndrill = "legal"\ntrumps = ["NT"]\n', game="sixty-six")
    assert "quiz 1: trumps: 'NT' is not a trump in sixty-six" in refused(tmp_path, {"sixty-six/01.toml": text})


@pytest.mark.parametrize("content, message", [
    (lesson_text().encode("utf-8") + b"# caf\xe9\n", "01.toml: line 12, column 6: byte 0xe9 is not UTF-8 text: "
                                                     "save the lesson as UTF-8"),
    (b"\xff\xfe" + "id = \ud800".encode("utf-16-le", "surrogatepass"), "01.toml: not UTF-16-LE text"),
    (lesson_text().encode("utf-16-be"), "01.toml: not UTF-8 text: it holds NUL bytes, as UTF-16 saved without a "
                                        "byte-order mark does: save the lesson as UTF-8"),
    (lesson_text() + "deep = " + "[" * 3000 + "]" * 3000 + "\n", "01.toml: tables and lists nest at most 20 deep"),
    (lesson_text() + "deep = " + "{a = " * 2000 + "1" + "}" * 2000 + "\n", "nest at most 20 deep"),
    (lesson_text() + "deep = " + "[" * 30 + "]" * 30 + "\n", "nest at most 20 deep"),
])
def test_a_file_that_is_not_utf8_or_nests_too_deep_is_refused_without_a_traceback(tmp_path, content, message):
    assert message in refused(tmp_path, {"forty-fives/01.toml": content})


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path, encoding):
    write(tmp_path, {"forty-fives/01.toml": lesson_text().encode(encoding)})
    assert check_lessons(tmp_path) == []
    assert [lesson.id for lesson in load_lessons(tmp_path)] == ["x-test"]


def test_two_files_with_one_id_are_refused_by_name(tmp_path):
    problem = refused(tmp_path, {"forty-fives/01.toml": lesson_text(), "forty-fives/02.toml": lesson_text()})
    assert problem == (f"{tmp_path}/forty-fives/02.toml: the id x-test is already the id of "
                       f"{tmp_path}/forty-fives/01.toml: each lesson needs its own id")
    with pytest.raises(LessonError, match="02.toml: the id x-test is already the id of"):
        load_lessons(tmp_path)


def test_a_folder_named_like_a_lesson_is_refused(tmp_path):
    (tmp_path / "forty-fives" / "x.toml").mkdir(parents=True)
    problem = refused(tmp_path, {})
    assert problem == f"{tmp_path}/forty-fives/x.toml is a folder: a lesson is a file ending in .toml"


def test_an_empty_lessons_folder_is_an_error(tmp_path):
    """Issue 16 too: "0 lessons, all valid" said an empty or mistyped folder was fine."""
    problem = refused(tmp_path, {})
    assert problem.startswith(f"{tmp_path} has no lessons: a lesson is a .toml file in a folder of its family")
    run = run_check(tmp_path / "nowhere")
    assert run.returncode == 1 and run.stdout.strip() == f"{tmp_path}/nowhere is not a folder of lessons"


def test_a_teachers_folder_is_read_beside_ours(tmp_path, monkeypatch):
    """``atout serve --lessons DIR`` hands its kernels ``ATOUT_LESSONS``: every page reads those lessons with ours."""
    ours = load_lessons()
    (tmp_path / "forty-fives").mkdir()
    (tmp_path / "forty-fives" / "mine.toml").write_text(lesson_text(id="x-mine"), encoding="utf-8")
    monkeypatch.setenv("ATOUT_LESSONS", str(tmp_path))
    both = load_lessons()
    assert len(both) == len(ours) + 1 and "x-mine" in {lesson.id for lesson in both}
    (tmp_path / "forty-fives" / "theirs.toml").write_text(lesson_text(id=ours[0].id), encoding="utf-8")
    with pytest.raises(LessonError, match=f"theirs.toml: the id {ours[0].id} is already the id of"):
        load_lessons()


def test_a_kernel_loads_the_course_lessons_once_and_a_file_broken_meanwhile_leaves_them_as_they_were(tmp_path,
                                                                                                     monkeypatch):
    """A page's kernel shares one load of the lessons (``course_lessons``) between its course, the teacher's panel and
    a live class's questions: a teacher's lesson saved half-written during a class changes nothing in it, and the
    lessons of another set of folders are loaded for themselves."""
    from atout.lessons import course_lessons

    ours = course_lessons()
    assert course_lessons() is ours and [lesson.id for lesson in ours] == [lesson.id for lesson in load_lessons()]
    (tmp_path / "forty-fives").mkdir()
    mine = tmp_path / "forty-fives" / "mine.toml"
    mine.write_text(lesson_text(id="x-mine"), encoding="utf-8")
    monkeypatch.setenv("ATOUT_LESSONS", str(tmp_path))
    with_mine = course_lessons()
    assert {lesson.id for lesson in with_mine} - {lesson.id for lesson in ours} == {"x-mine"}
    mine.write_text(lesson_text(id="x-mine")[:40], encoding="utf-8")         # saved half-written
    with pytest.raises(LessonError):
        load_lessons()
    assert course_lessons() is with_mine
    monkeypatch.delenv("ATOUT_LESSONS")
    assert course_lessons() is ours


BREAKS_ITS_PAGE = [
    ('show = "trick"\ntrump = "C"\nplays = ["AS", "AS"]', "forty-fives",
     "step 1: the trick cannot be shown: A♠ appears twice; each card exists once in the deck"),
    ('show = "trick"\ntrump = "C"\nplays = ["AS"]', "forty-fives",
     "step 1: the trick cannot be shown: a trick of forty-fives holds one card per player, 2, 3, 4, 5, or 6 cards, "
     "not 1"),
    ('show = "trick"\ntrump = "C"\nplays = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]', "forty-fives",
     "step 1: the trick cannot be shown: a trick of forty-fives holds one card per player, 2, 3, 4, 5, or 6 cards, "
     "not 9"),
    # a trick's winner depends on the trump: it was taken to be spades when a step named none
    ('show = "trick"\nplays = ["AS", "KH"]', "forty-fives",
     "step 1: a trick step needs its trump: write trump = C, D, H, or S"),
    ('show = "trick"\nplays = ["AS", "KH", "JK", "QD"]', "five-hundred",
     "step 1: a trick step needs its trump: write trump = C, D, H, S, or NT"),
    ('show = "trick"\ntrump = "C"\nplays = ["JK", "AS", "KS"]', "forty-fives",
     "step 1: the trick cannot be shown: the joker is not in the 52-card deck"),
    ('show = "trick"\ntrump = "X"\nplays = ["AS", "KS"]', "forty-fives",
     "step 1: trump: 'X' is not a suit: write C, D, H or S (or ♣ ♦ ♥ ♠)"),
    ('show = "ranking"\ntrump = "X"', "forty-fives", "step 1: trump: 'X' is not a suit"),
    # the order of the cards depends on the trump: it was taken to be spades when a ranking step named none
    ('show = "ranking"', "forty-fives", "step 1: a ranking step needs its trump: write trump = C, D, H, or S"),
    ('show = "ranking"', "five-hundred", "step 1: a ranking step needs its trump: write trump = C, D, H, S, or NT"),
    ('show = "ranking"\ntrump = "NT"', "sixty-six", "step 1: trump: 'NT' is not a suit: write C, D, H or S"),
    ('show = "cards"\ntrump = "NT"\ncards = ["AS"]', "forty-fives",
     "step 1: trump: 'NT' is not a suit: write C, D, H or S"),
    ('show = "table"\nseed = 1\nactions = ["play AS"]', "forty-fives",
     "step 1: Player 2 does not hold A♠; their hand is 5♥, 6♥, 4♠, K♥, and Q♣"),
    ('show = "stepper"\nseed = 1\nactions = ["bid 15"]', "forty-fives",
     "step 1: Bidding 15, a move in Auction Forty-Fives, is not part of Forty-Fives: Player 2 may only play a card"),
    ('show = "table"\nseed = 1\nplayers = 6', "sixty-six",
     "step 1: option players of sixty-six cannot be 6: allowed values are 2"),
    ('show = "table"\nseed = 1\nviewer = 4', "forty-fives",
     "step 1: viewer must be a seat from 0 to 3, or left out to show every hand"),
    ('show = "bidding"\nseed = 1', "forty-fives",
     "step 1: forty-fives has no bidding: a bidding step is for " + OneOf(games_with_an_auction()).render("en")),
]


@pytest.mark.parametrize("step, game, message", BREAKS_ITS_PAGE)
def test_a_step_that_breaks_its_page_is_refused(tmp_path, step, game, message):
    """Each of these passed the check and then broke its page (or showed nothing) when the learner reached it."""
    family = {"forty-fives": "forty-fives"}.get(game, game)
    text = lesson_text(steps=STEP + step + "\n", game=game)     # the second step
    problem = refused(tmp_path, {f"{family}/01.toml": text})
    assert problem.startswith(f"{tmp_path}/{family}/01.toml: ") and message.replace("step 1", "step 2") in problem


@pytest.mark.parametrize("players, message", [
    (11, "at steps/1/players: 11 is out of range: from 2 to 10"),
    (10, "step 2: option players of forty-fives cannot be 10: allowed values are 2, 3, 4, 5, 6"),
])
def test_a_lesson_may_seat_as_many_as_the_table_and_its_game_says_how_many_it_allows(tmp_path, players, message):
    """A lesson's players are checked against the table's limit (``atout.limits``: 10, was 6), then by the game."""
    text = lesson_text(steps=STEP + f'show = "table"\nseed = 1\nplayers = {players}\nviewer = {players - 1}\n')
    assert message in refused(tmp_path, {"forty-fives/01.toml": text})


def test_what_passes_the_check_builds_its_page(tmp_path):
    """The other side of the bargain: a lesson with every kind of step that the check accepts builds every step."""
    steps = "".join(STEP + step + "\n" for step in (
        'show = "trick"\ntrump = "d"\nplays = ["AD", "5D"]', 'show = "ranking"\ntrump = "h"',
        'show = "cards"\ntrump = "S"\ncards = ["AS", "5H"]', 'show = "table"\nseed = 1\nviewer = 0',
        'show = "stepper"\nseed = 2'))
    write(tmp_path, {"forty-fives/01.toml": lesson_text(steps=steps)})
    assert check_lessons(tmp_path) == []
    lesson = load_lessons(tmp_path)[0]
    view = LessonView(lesson)
    for i in range(len(lesson.steps)):
        view.go(i)
    view.start_quiz()


def test_a_score_question_without_its_score_is_refused(tmp_path):
    """Found by the fuzz suite: it ended the check with KeyError 'score'."""
    problem = refused(tmp_path, {"forty-fives/01.toml": lesson_text(quiz='[[quiz]]\nkind = "score"\n')})
    assert problem == f"{tmp_path}/forty-fives/01.toml: at quiz/0: the field 'score' is missing"


# --- issue 33, item 6: only regular files, a limit on every field, each lesson in its own family's folder -----------

def test_a_named_pipe_named_like_a_lesson_is_refused_at_once(tmp_path):
    """The check opened it and waited for ever for a writer that never came."""
    write(tmp_path, {"forty-fives/01.toml": lesson_text()})
    os.mkfifo(tmp_path / "forty-fives" / "02.toml")
    run = subprocess.run([sys.executable, "-m", "atout.cli", "lessons", "check", "--folder", str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.stdout.splitlines() == [f"{tmp_path}/forty-fives/02.toml is a named pipe, not a file: a lesson is a "
                                       "regular file ending in .toml"]
    assert [heading.id for heading in lesson_headings(tmp_path)] == ["x-test"]     # the home page leaves it out


def test_atout_serve_refuses_a_folder_with_a_named_pipe_before_starting(tmp_path):
    write(tmp_path, {"forty-fives/01.toml": lesson_text()})
    os.mkfifo(tmp_path / "forty-fives" / "02.toml")
    run = subprocess.run([sys.executable, "-m", "atout.cli", "serve", "--lessons", str(tmp_path), "--port", "1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "02.toml is a named pipe, not a file" in run.stderr
    assert "the site was not started" in run.stderr and "Atout tutorial site" not in run.stdout


def test_a_device_named_like_a_lesson_is_refused(tmp_path):
    (tmp_path / "forty-fives").mkdir()
    (tmp_path / "forty-fives" / "zero.toml").symlink_to("/dev/zero")
    assert refused(tmp_path, {"forty-fives/01.toml": lesson_text()}) == (
        f"{tmp_path}/forty-fives/zero.toml is a device, not a file: a lesson is a regular file ending in .toml")


@pytest.mark.parametrize("change, message", [
    (lambda text: text.replace('id = "x-test"', f'id = "{"x" * 10_000}"'),
     "at id: this text has 10000 characters: at most 64 here"),
    (lambda text: text.replace('en = "One idea."', 'en = "One \\u0000idea."'),
     "at steps/0/text/en: the text holds the control character U+0000, which a page cannot show: write only "
     "printable text (a line break is written \\n)"),
    (lambda text: text.replace('fr = "Une idée."', 'fr = "Une \\u001b[31midée."'),
     "at steps/0/text/fr: the text holds the control character U+001B"),
    (lambda text: text.replace('title = {en = "T"', 'title = {en = "T\\u202e"'),
     "at title/en: the text holds the control character U+202E"),
    (lambda text: text.replace('en = "One idea."', f'en = "{"word " * 500}"'),
     "at steps/0/text/en: this text has 2500 characters: at most 2000 here"),
    (lambda text: text + STEP * 61, "at steps: this list has 62 items: at most 60 here"),
    (lambda text: text + STEP + 'show = "table"\nseed = 1\nactions = [' + '"x", ' * 301 + "]\n",
     "at steps/1/actions: this list has 301 items: at most 300 here"),
    (lambda text: text + STEP + 'show = "table"\nseed = 99999999999\n', "at steps/1/seed: 99999999999 is out of range: "
                                                                        "from 0 to 4294967295"),
    (lambda text: text.replace("order = 1", "order = 100000"), "at order: 100000 is out of range: from 1 to 1000"),
    (lambda text: text + STEP + f'rule = "{"45." * 30}"\n', "at steps/1/rule: this text has 90 characters: at most "
                                                             "60 here"),
    (lambda text: text.replace('id = "x-test"', 'id = "X test"'),
     "at id: 'X test' is not allowed here: write lowercase letters, digits and hyphens, starting with a letter or a "
     "digit"),
])
def test_every_field_has_a_limit_and_a_text_only_printable_characters(tmp_path, change, message):
    """A 10,000-character id, NUL and ESC in a text, a list of any length: all were accepted."""
    problem = refused(tmp_path, {"forty-fives/01.toml": change(lesson_text())})
    assert problem == f"{tmp_path}/forty-fives/01.toml: {message}" or problem.startswith(
        f"{tmp_path}/forty-fives/01.toml: {message}"), problem


def test_a_lesson_filed_under_another_games_folder_is_refused(tmp_path):
    """A Forty-Fives lesson in the Sixty-Six folder was accepted, and listed with the Sixty-Six lessons' files."""
    problem = refused(tmp_path, {"sixty-six/01.toml": lesson_text()})
    assert problem == (f"{tmp_path}/sixty-six/01.toml: a forty-fives lesson is filed in the folder 'sixty-six': put "
                       f"it in the folder forty-fives (the folders are {', '.join(f.id for f in FAMILY_LIST)})")
    with pytest.raises(LessonError, match="a forty-fives lesson is filed in the folder 'sixty-six'"):
        load_lessons(tmp_path)
    assert lesson_headings(tmp_path) == []


def test_a_lesson_whose_game_is_not_of_its_family_is_refused(tmp_path):
    text = lesson_text().replace('game = "forty-fives"', 'game = "sixty-six"')
    assert refused(tmp_path, {"forty-fives/01.toml": text}) == (
        f"{tmp_path}/forty-fives/01.toml: the game sixty-six is not of the family forty-fives: a forty-fives lesson "
        "teaches forty-fives, forty-fives-partners, or auction-forty-fives")

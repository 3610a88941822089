"""The class model on both back-ends: joining, follow me, questions marked by core, who may read what, bad input
refused with nothing kept, the end of a class and its retention."""

from __future__ import annotations

import io
import secrets

import pandas as pd
import pytest

from atout import dealcode
from atout.games import package_of
from atout.i18n import language
from atout.live import codes
from atout.live.classes import AWAY_AFTER_S, HANDOVER_MINUTES, MAX_NAME, OPEN_HOURS, RETENTION_HOURS
from atout.live.errors import (
    AnswerError,
    ClassCodeError,
    MessageError,
    QuestionError,
    SessionError,
    StudentNameError,
)
from atout.live.questions import lesson_questions, lessons_by_id
from atout.live.store import TABLES
from atout.players import make_player


def unchanged(store, class_id):
    """What must not move when something is refused: every table's rows and the class's counter."""
    return store.row_counts(), store.version(class_id)


# --- joining -------------------------------------------------------------------------------------------------

def test_students_join_with_the_code_typed_any_way_and_the_teacher_sees_them(classes):
    teacher = classes.start()
    assert len(codes.normalise(teacher.code)) == codes.LENGTH
    typed = teacher.code.lower().replace("-", " ").replace("1", "l").replace("0", "o")   # I/L for 1, O for 0
    ada = classes.join(typed, "  Ada   Lovelace ", "en")
    zoe = classes.join(teacher.code, "Zoë", "fr")
    assert [(s.name, s.number, s.lang) for s in teacher.roster()] == [("Ada Lovelace", 0, "en"), ("Zoë", 1, "fr")]
    assert ada.token != zoe.token and len(ada.token) >= 20
    assert (ada.seat(4), zoe.seat(4), classes.join(teacher.code, "C", "en").seat(2)) == (0, 1, 0)


@pytest.mark.parametrize("code, message", [
    ("", "Type the class code"),
    ("K7M-4QU", "'U' is not used in class codes"),
    ("K7M-4Q", "a class code has 6 letters and digits"),
    (12, "a class code is text"),
])
def test_a_malformed_code_says_what_is_wrong(classes, store, code, message):
    teacher = classes.start()
    before = unchanged(store, teacher.class_id)
    with pytest.raises(ClassCodeError, match=message):
        classes.join(code, "Ada", "en")
    assert unchanged(store, teacher.class_id) == before


def test_a_code_that_names_no_class_or_an_ended_one_gets_one_and_the_same_answer(classes, store, clock):
    """Trying codes tells nobody which classes there were: a class that ended and a code that never named one are
    refused with the same sentence (each naming the code typed)."""
    teacher = classes.start()
    other = "".join("Z" if c != "Z" else "Y" for c in codes.normalise(teacher.code))
    with pytest.raises(ClassCodeError) as never:
        classes.join(other, "Ada", "en")
    teacher.end()
    before = unchanged(store, teacher.class_id)
    with pytest.raises(ClassCodeError) as ended:
        classes.join(teacher.code, "Ada", "en")
    assert unchanged(store, teacher.class_id) == before
    late = classes.start()
    clock.advance(OPEN_HOURS)                 # nobody ended it: it ends by itself
    with pytest.raises(ClassCodeError) as closed:
        classes.join(late.code, "Ada", "en")
    said = {str(error.value).replace(code, "CODE") for error, code in ((never, codes.display(other)),
                                                                        (ended, teacher.code), (closed, late.code))}
    assert said == {"No class is open with the code CODE: check it on the teacher's screen, or ask your teacher for "
                    "the code of a new class"}


@pytest.mark.parametrize("second", ["Ada", "ADA", " ada ", "A\u200bda", "Ａda"])
def test_a_name_already_taken_is_refused_in_every_spelling(classes, store, second):
    teacher = classes.start()
    classes.join(teacher.code, "Ada", "en")
    before = unchanged(store, teacher.class_id)
    with pytest.raises(StudentNameError, match="is already in this class: add an initial"):
        classes.join(teacher.code, second, "fr")
    assert unchanged(store, teacher.class_id) == before


@pytest.mark.parametrize("name, message", [
    ("   ", "Type your name"),
    ("x" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"),
    ("Ada\x00", "control characters"),
    ("Ada\nBob", None),              # a newline is only spacing: it joins as "Ada Bob"
    (["Ada"], "a name is text"),
])
def test_a_name_that_cannot_be_one_says_why(classes, store, name, message):
    teacher = classes.start()
    if message is None:
        assert classes.join(teacher.code, name, "en").name == "Ada Bob"
        return
    before = unchanged(store, teacher.class_id)
    with pytest.raises(StudentNameError, match=message):
        classes.join(teacher.code, name, "en")
    assert unchanged(store, teacher.class_id) == before


def test_a_name_is_kept_as_typed_markup_and_all(classes):
    teacher = classes.start()
    classes.join(teacher.code, "<b>Bob</b> & co", "en")
    assert teacher.roster()[0].name == "<b>Bob</b> & co"     # escaped where it is shown, never changed here


def test_a_student_page_comes_back_with_its_token_and_only_with_it(classes):
    teacher = classes.start()
    ada = classes.join(teacher.code, "Ada", "fr")
    again = classes.student(ada.token)
    assert (again.id, again.name, again.lang) == (ada.id, "Ada", "fr")
    for token in ("", "x" * 500, None, ada.token[:-1] + ("A" if ada.token[-1] != "A" else "B")):
        with pytest.raises(SessionError, match="no longer in a class"):
            classes.student(token)
    assert classes.teacher(teacher.token).class_id == teacher.class_id
    with pytest.raises(SessionError):
        classes.teacher(ada.token)             # a student's token is not the teacher's


# --- a class that survives its pages ------------------------------------------------------------------------

def test_another_device_takes_the_teachers_page_with_a_ticket_that_works_once(classes, store, clock):
    teacher = classes.start()
    classes.join(teacher.code, "Ada", "en")
    ticket = teacher.handover()
    assert ticket != teacher.token and len(ticket) >= 32
    laptop = classes.claim(ticket)
    assert (laptop.class_id, laptop.token) == (teacher.class_id, teacher.token)   # its browser keeps the token
    with pytest.raises(SessionError, match="used already, or is more than 30 minutes old"):
        classes.claim(ticket)                                                     # once only
    late = teacher.handover()
    clock.advance(HANDOVER_MINUTES / 60 + 0.001)
    with pytest.raises(SessionError, match="more than 30 minutes old"):
        classes.claim(late)


@pytest.mark.parametrize("key", ["code", "student", "guess", "empty", "long", "not text"])
def test_the_class_is_not_reclaimed_without_the_teachers_key(classes, store, key):
    teacher = classes.start()
    ada = classes.join(teacher.code, "Ada", "en")
    teacher.handover()
    given = {"code": teacher.code, "student": ada.token, "guess": secrets.token_urlsafe(24), "empty": "",
             "long": "x" * 500, "not text": {"ticket": 1}}[key]
    before = unchanged(store, teacher.class_id)
    with pytest.raises(SessionError):
        classes.claim(given)
    with pytest.raises(SessionError):
        classes.teacher(given)
    assert unchanged(store, teacher.class_id) == before


def test_a_student_page_that_comes_back_is_the_same_student_with_the_question_and_answer(classes):
    teacher = classes.start()
    ben = classes.join(teacher.code, "Ben", "en")
    teacher.ask_lesson("45-trumps", 0)
    ben.answer(1, "AH")
    back = classes.student(ben.token)              # the reloaded page's token, kept by its browser
    assert (back.id, back.name) == (ben.id, "Ben")
    assert back.view()["question"]["mine"] == ["AH"]
    teacher.ask_lesson("45-trumps", 1)
    back.answer(2, back.view()["question"]["choices"][0][0])
    assert [s.name for s in teacher.roster()] == ["Ben"] and len(teacher.results()) == 1


def test_who_is_here_is_what_the_pages_say(classes, store, clock):
    teacher = classes.start()
    ada, ben, zoe = (classes.join(teacher.code, name, "en") for name in ("Ada", "Ben", "Zoë"))
    assert [here for _s, here in teacher.presence()] == [True, True, True]     # here from the moment they join
    teacher.ask_lesson("45-trumps", 0)
    ada.answer(1, "AH")
    zoe.here("zoe-tab")
    zoe.leave("zoe-tab")                           # Zoë closed her page
    assert [here for _s, here in teacher.presence()] == [True, True, False]
    assert teacher.chart()["students"] == 2 and teacher.chart()["answered"] == 1
    clock.now += AWAY_AFTER_S - 1
    ben.here()                                     # Ben's page says it is open; Ada's went quiet
    clock.now += 2
    assert [here for _s, here in teacher.presence()] == [False, True, False]
    assert teacher.chart()["students"] == 2        # Ada answered, then left: she still counts, Zoë does not
    # A page saying it is still there wakes nobody; one coming back wakes the teacher's page.
    version = store.version(teacher.class_id)
    ben.here()
    assert store.version(teacher.class_id) == version
    zoe.here()
    assert store.version(teacher.class_id) == version + 1
    assert [here for _s, here in teacher.presence()] == [False, True, True]
    # Ben reloads: the new page says it is here before the old one's goodbye arrives; he stays here.
    ben.here("old page")
    ben.here("new page")
    ben.leave("old page")
    assert [here for _s, here in teacher.presence()] == [False, True, True]
    ben.leave("new page")
    assert [here for _s, here in teacher.presence()] == [False, False, True]


def test_a_removed_student_is_refused_and_told_and_their_name_is_free(classes, store):
    teacher = classes.start()
    _ada, ben = classes.join(teacher.code, "Ada", "en"), classes.join(teacher.code, "Ben", "en")
    teacher.ask_lesson("45-trumps", 0)
    ben.answer(1, "KD")
    ben.record_progress("45-trumps", 3, 5)
    seen = store.version(teacher.class_id, shown=True)
    assert teacher.remove(ben.id) == "Ben"
    assert store.version(teacher.class_id, shown=True) == seen + 1           # every page looks, Ben's too
    assert [s.name for s in teacher.roster()] == ["Ada"] and teacher.chart()["answered"] == 0
    assert [r["name"] for r in teacher.results()] == ["Ada"] and "Ben" not in teacher.export_csv()
    for refused in (lambda: classes.student(ben.token), lambda: ben.view(), lambda: ben.answer(1, "AH"),
                    lambda: ben.here()):
        with pytest.raises(SessionError, match="The teacher has taken you out of this class"):
            refused()
    with pytest.raises(MessageError, match="no longer in the class"):
        teacher.remove(ben.id)
    other = classes.start()
    eve = classes.join(other.code, "Eve", "en")
    with pytest.raises(MessageError, match="no longer in the class"):
        teacher.remove(eve.id)                                               # not this teacher's student
    again = classes.join(teacher.code, "ben", "en")                          # the name may join again
    assert again.id != ben.id and again.view()["question"]["mine"] is None


def test_a_countdown_closes_the_question_by_the_clock(classes, store, clock):
    teacher = classes.start()
    ada, ben, zoe = (classes.join(teacher.code, name, "en") for name in ("Ada", "Ben", "Zoë"))
    teacher.ask_lesson("45-trumps", 0)
    assert teacher.countdown(30) == clock.now + 30
    assert ada.view()["question"]["closes_in"] == 30
    clock.now += 29.5
    ada.answer(1, "AH")                            # in time
    assert ben.view()["question"]["closes_in"] == 0.5 and ben.view()["question"]["open"]
    clock.now += 0.5
    before = store.row_counts()
    with pytest.raises(AnswerError, match="Time is up"):
        ben.answer(1, "AH")                        # whatever Ben's page still showed
    assert store.row_counts() == before
    seen = zoe.view()["question"]                  # the first page to look closes it for every page
    assert not seen["open"] and seen["closes_in"] is None and "answer" not in seen
    [question] = store.questions(teacher.class_id)
    assert question.closed == question.closes_at == clock.now and question.revealed is None
    assert teacher.chart()["open"] is False
    with pytest.raises(AnswerError, match="Time is up"):
        zoe.answer(1, "AH")
    teacher.reveal()
    assert ada.view()["question"]["right"] is True and ben.view()["question"]["right"] is None


def test_a_countdown_needs_an_open_question_and_a_sensible_length(classes, store):
    teacher = classes.start()
    with pytest.raises(QuestionError, match="No question is open"):
        teacher.countdown(30)
    teacher.ask_lesson("45-trumps", 0)
    for seconds in (0, 4, 3601, 30.5, "30", True):
        with pytest.raises(MessageError, match="from 5 to 3600 seconds"):
            teacher.countdown(seconds)
    teacher.close_question()
    with pytest.raises(QuestionError, match="No question is open"):
        teacher.countdown(30)


def test_times_are_said_in_the_readers_time_zone_and_anything_else_is_the_servers(classes):
    teacher = classes.start()                      # the test clock: 2027-01-15 08:00 UTC
    with language("en"):
        assert "Saturday, January 16, 2027, 5:00\u202fPM" in str(teacher.retention("Asia/Tokyo"))
        assert "Saturday, January 16, 2027, 4:00\u202fAM" in str(teacher.retention("America/Halifax"))
        assert str(teacher.retention("../../etc/passwd")) == str(teacher.retention(None))
    with language("fr"):
        assert "samedi 16 janvier 2027, 09:00" in str(teacher.retention("Europe/Paris"))


# --- follow me -----------------------------------------------------------------------------------------------

def test_follow_me_sends_the_teachers_deal_step_and_view_to_every_student(classes):
    teacher = classes.start()
    ada = classes.join(teacher.code, "Ada", "en")
    code = dealcode.encode(dealcode.DealSpec("forty-fives", 4, 0, 99))
    hand = dealcode.deal(code)
    actions = []
    for _ in range(3):
        action = str(hand.legal_actions()[0])
        hand.apply(action)
        actions.append(action)
    teacher.follow(code, actions, view="all", step=7)
    assert ada.view()["follow"] == {"code": code, "game": "forty-fives", "actions": actions, "view": "all", "step": 7}
    teacher.stop_following()
    assert ada.view()["follow"] is None


def test_follow_me_refuses_a_position_core_does_not_allow(classes, store):
    teacher = classes.start()
    code = dealcode.encode(dealcode.DealSpec("sixty-six", 2, 0, 5))
    before = unchanged(store, teacher.class_id)
    with pytest.raises(QuestionError, match="not a valid deal code"):
        teacher.follow(code[:-1] + ("0" if code[-1] != "0" else "1"), [])
    with pytest.raises(QuestionError):
        teacher.follow(code, ["play AS", "play AS"])
    with pytest.raises(MessageError, match="the view is one of seat, all"):
        teacher.follow(code, [], view="teacher")
    assert unchanged(store, teacher.class_id) == before


# --- questions, answers, reveal ------------------------------------------------------------------------------

def test_a_lesson_question_reaches_each_student_in_their_own_language(classes):
    teacher = classes.start()
    ada, zoe = classes.join(teacher.code, "Ada", "en"), classes.join(teacher.code, "Zoé", "fr")
    teacher.ask_lesson("45-trumps", 0)
    en, fr = ada.view()["question"], zoe.view()["question"]
    assert en["prompt"] == "Which card wins the trick?" and fr["prompt"] == "Quelle carte remporte la levée\u202f?"
    assert [c for c, _ in en["choices"]] == [c for c, _ in fr["choices"]] == ["AD", "AH", "KD"]
    assert en["open"] and not en["revealed"] and en["mine"] is None and "answer" not in en
    assert en["lesson"] == ["45-trumps", 0]


def test_answers_are_marked_by_core_and_shown_only_once_revealed(classes):
    teacher = classes.start()
    ada, bob, zoe = (classes.join(teacher.code, n, lang) for n, lang in (("Ada", "en"), ("Bob", "en"), ("Zoé", "fr")))
    teacher.ask_lesson("45-trumps", 0)          # the referee: A♥ wins
    ada.answer(1, "AH")
    bob.answer(1, ["ad"])                       # cards in any spelling
    assert ada.view()["question"]["mine"] == ["AH"] and "right" not in ada.view()["question"]
    chart = teacher.chart()
    assert chart == {"number": 1, "counts": {"AD": 1, "AH": 1, "KD": 0}, "answered": 2, "students": 3,
                     "open": True, "revealed": False, "closes_at": None}
    teacher.reveal()
    seen = ada.view()["question"]
    assert seen["revealed"] and seen["right"] is True and seen["answer"] == ["AH"]
    assert seen["rule"] == "45.rank.ace-of-hearts" and "always a trump" in seen["explanation"]
    assert bob.view()["question"]["right"] is False
    late = zoe.view()["question"]
    assert late["right"] is None and late["feedback"] is None and "atout" in late["explanation"]
    assert teacher.who_was_right() == {"right": ["Ada"], "wrong": ["Bob"]}
    with pytest.raises(AnswerError, match="closed"):
        zoe.answer(1, "AH")


def test_late_joiners_see_the_open_question(classes):
    teacher = classes.start()
    teacher.ask_lesson("45-following", 0)
    late = classes.join(teacher.code, "Late", "en")
    question = late.view()["question"]
    assert question["number"] == 1 and question["open"] and question["pick_all"]
    late.answer(1, ["KH", "9D"])
    teacher.reveal()
    assert late.view()["question"]["right"] is True


def test_a_closed_question_shows_closed_without_its_answer_until_revealed_and_takes_no_answers(classes, store):
    teacher = classes.start()
    ada = classes.join(teacher.code, "Ada", "en")
    teacher.ask_lesson("45-trumps", 0)
    teacher.close_question()
    seen = ada.view()["question"]
    assert seen["number"] == 1 and not seen["open"] and not seen["revealed"] and "answer" not in seen
    before = unchanged(store, teacher.class_id)
    with pytest.raises(AnswerError, match="This question is closed"):
        ada.answer(1, "AH")
    assert unchanged(store, teacher.class_id) == before


@pytest.mark.parametrize("number, response, message", [
    (1, "QS", "'QS' is not one of this question's choices"),
    (1, [], "Choose an answer first"),
    (1, ["AH", "KD"], "takes one answer, not 2"),
    (1, {"card": "AH"}, "an answer is a list of the question's choices"),
    (1, ["A" * 41], "an answer is a list"),
    (2, "AH", "This question is closed"),          # not the question being asked
])
def test_an_answer_that_is_not_one_is_refused_and_nothing_is_kept(classes, store, number, response, message):
    teacher = classes.start()
    ada = classes.join(teacher.code, "Ada", "en")
    teacher.ask_lesson("45-trumps", 0)
    before = unchanged(store, teacher.class_id)
    with pytest.raises(AnswerError, match=message):
        ada.answer(number, response)
    assert unchanged(store, teacher.class_id) == before


def test_one_answer_per_student_per_question(classes, store):
    teacher = classes.start()
    ada = classes.join(teacher.code, "Ada", "en")
    teacher.ask_lesson("45-trumps", 0)
    ada.answer(1, "AD")
    before = unchanged(store, teacher.class_id)
    with pytest.raises(AnswerError, match="already answered"):
        ada.answer(1, "AH")
    assert unchanged(store, teacher.class_id) == before
    assert ada.my_answers() == {1: ["AD"]}


def test_asking_again_closes_the_question_before(classes):
    teacher = classes.start()
    ada = classes.join(teacher.code, "Ada", "en")
    teacher.ask_lesson("45-trumps", 0)
    teacher.ask_lesson("45-trumps", 1)
    with pytest.raises(AnswerError, match="closed"):
        ada.answer(1, "AH")
    assert ada.view()["question"]["number"] == 2
    assert [q.is_open for q in classes.store.questions(teacher.class_id)] == [False, True]


def test_a_student_reads_only_their_own_answers(classes):
    teacher = classes.start()
    ada, bob = classes.join(teacher.code, "Ada", "en"), classes.join(teacher.code, "Bob", "en")
    teacher.ask_lesson("45-trumps", 0)
    ada.answer(1, "AH")
    bob.answer(1, "KD")
    teacher.reveal()
    assert ada.my_answers() == {1: ["AH"]} and bob.my_answers() == {1: ["KD"]}
    text = repr(ada.view())
    assert "Bob" not in text and "KD'], 'correct" not in text and "counts" not in text
    assert ada.view()["question"]["mine"] == ["AH"] and bob.view()["question"]["mine"] == ["KD"]


@pytest.mark.parametrize("lesson, index, message", [
    ("no-such-lesson", 0, "there is no lesson 'no-such-lesson'"),
    ("45-trumps", 99, "has questions 1 to"),
    ("45-trumps", True, "has questions 1 to"),
])
def test_a_question_that_does_not_exist_is_not_asked(classes, store, lesson, index, message):
    teacher = classes.start()
    before = unchanged(store, teacher.class_id)
    with pytest.raises(QuestionError, match=message):
        teacher.ask_lesson(lesson, index)
    assert unchanged(store, teacher.class_id) == before


# --- questions about the table, marked by the referee and checked against the engine -------------------------

def _line(game: str, seed: int, players: int | None = None) -> tuple[str, list[str], object]:
    """A deal code and the whole hand played by club players, as text actions."""
    default = package_of(game).make_config(game).players
    code = dealcode.encode(dealcode.DealSpec(game, players or default, 0, seed))
    hand = dealcode.deal(code)
    player = make_player(game, "club", seed=seed)
    actions = []
    while not hand.is_over:
        action = player.act(hand, hand.to_act)
        hand.apply(action)
        actions.append(str(action))
    return code, actions, hand


TABLE_GAMES = [("forty-fives", 3), ("forty-fives", 5), ("forty-fives-partners", 4), ("auction-forty-fives", 4),
               ("five-hundred", 4), ("sixty-six", 2)]


@pytest.mark.parametrize("game, players", TABLE_GAMES)
def test_table_questions_agree_with_the_engine_at_every_moment_of_a_hand(game, players):
    from atout.live.questions import from_spec

    for seed in (1, 2):
        code, actions, played = _line(game, seed, players)
        winners = [t.winner for t in played.tricks]
        legal_asked = winner_asked = 0
        hand = dealcode.deal(code)
        for k in range(len(actions) + 1):
            spec = {"source": "table", "code": code, "actions": actions[:k]}
            table = hand.table_view(None)
            legal = hand.legal_actions()
            if hand.phase.value == "play" and legal and all(a.kind == "play" for a in legal):
                q = from_spec({**spec, "ask": "legal"})
                assert set(q.answer) == {a.card.code for a in legal}
                assert q.prompt("en") == f"You are Player {hand.to_act + 1}. Which cards may you play?"
                legal_asked += 1
            if not table.trick and table.last_trick:
                q = from_spec({**spec, "ask": "winner"})
                winner_seat = winners[len(hand.tricks) - 1]
                assert q.answer == [dict((s, c.code) for s, c in table.last_trick)[winner_seat]]
                winner_asked += 1
            else:
                with pytest.raises(QuestionError, match="No trick is complete"):
                    from_spec({**spec, "ask": "winner"})
            if k < len(actions):
                hand.apply(actions[k])
        assert legal_asked >= 5 and winner_asked >= 2


def test_what_to_lead_is_the_solvers_best_and_every_equal_lead_is_right(classes):
    from atout.solver import solve

    teacher = classes.start()
    ada, bob = classes.join(teacher.code, "Ada", "en"), classes.join(teacher.code, "Bob", "fr")
    worse: list[str] = []
    for seed in range(1, 30):                      # the first lead where some cards are worth less than others
        code, actions, _ = _line("forty-fives-partners", seed, 4)
        hand = dealcode.deal(code)
        for k in range(len(actions)):
            if hand.phase.value == "play" and not hand.table_view(None).trick and \
                    all(a.kind == "play" for a in hand.legal_actions()):
                solution = solve(hand)
                best = sorted(a.card.code for a in solution.best_actions())
                worse = sorted(a.card.code for a in solution.values if a.card.code not in best)
                if worse:
                    break
            hand.apply(actions[k])
        if worse:
            break
    assert worse, "no lead in these hands where the cards differ"
    row = teacher.ask_table("lead", code, actions[:k])
    assert sorted(row.answer) == best
    assert ada.view()["question"]["prompt"] == f"What should Player {hand.to_act + 1} lead?"
    assert "values" not in repr(ada.view())           # the solver's figures would give the answer away
    ada.answer(1, best[-1])
    bob.answer(1, worse[0])
    teacher.reveal()
    assert ada.view()["question"]["right"] is True
    assert "secures the most by leading" in ada.view()["question"]["explanation"]
    assert bob.view()["question"]["right"] is False
    assert "ne rapporte que" in bob.view()["question"]["feedback"]


def test_a_table_question_where_it_makes_no_sense_says_why(classes, store):
    teacher = classes.start()
    code, actions, _ = _line("five-hundred", 4)
    before = unchanged(store, teacher.class_id)
    with pytest.raises(QuestionError, match="Nobody is about to play a card"):
        teacher.ask_table("legal", code, [])          # the auction: nobody plays a card yet
    hand = dealcode.deal(code)
    k = 0
    while not hand.table_view(None).trick:
        hand.apply(actions[k])
        k += 1
    with pytest.raises(QuestionError, match="is not on lead"):
        teacher.ask_table("lead", code, actions[:k])
    with pytest.raises(QuestionError, match="not 'trump'"):
        teacher.ask_table("trump", code, actions[:k])
    assert unchanged(store, teacher.class_id) == before


# --- results, export, the end, retention ---------------------------------------------------------------------

def _class_with_results(classes):
    teacher = classes.start()
    ada = classes.join(teacher.code, "Ada", "en")
    eve = classes.join(teacher.code, "=HYPERLINK(\"x\")", "fr")
    teacher.ask_lesson("45-trumps", 0)
    ada.answer(1, "AH")
    eve.answer(1, "KD")
    teacher.reveal()
    teacher.ask_lesson("45-following", 0)
    ada.answer(2, ["KH", "9D"])
    ada.record_progress("45-trumps", 4, 5)
    return teacher, ada, eve


def test_the_teacher_keeps_each_students_answers_and_lesson_progress(classes):
    teacher, _ada, _eve = _class_with_results(classes)
    results = {r["name"]: r for r in teacher.results()}
    assert results["Ada"]["answers"] == {1: (["AH"], True), 2: (["KH", "9D"], True)}
    assert results["Ada"]["lessons"] == {"45-trumps": (4, 5)}
    assert results['=HYPERLINK("x")']["answers"] == {1: (["KD"], False)}


def test_the_export_is_csv_through_pandas_in_the_teachers_language(classes, clock):
    teacher, _ada, _eve = _class_with_results(classes)
    first, second = (lesson_questions(lesson)[0] for lesson in ("45-trumps", "45-following"))
    frame = pd.read_csv(io.StringIO(teacher.export_csv("en", "America/Halifax")), keep_default_na=False)
    # Each question's own words head its answers; then the right answers, the questions asked and the share right.
    assert list(frame.columns) == ["Name", "Language", "Joined", f"Question 1: {first.prompt_text('en')}",
                                   "Question 1: right", f"Question 2: {second.prompt_text('en')}", "Question 2: right",
                                   "Right answers", "Questions asked", "Right answers (%)",
                                   f"Lesson: {lessons_by_id()['45-trumps'].title['en']}"]
    assert frame["Name"].tolist() == ["Ada", "'=HYPERLINK(\"x\")"]      # a formula stays text in a spreadsheet
    assert frame[f"Question 1: {first.prompt_text('en')}"].tolist() == ["A♥", "K♦"]
    assert frame["Question 1: right"].tolist() == ["yes", "no"]
    assert frame["Question 2: right"].tolist() == ["yes", ""]
    assert frame["Right answers"].tolist() == [2, 0]
    assert frame["Questions asked"].tolist() == [2, 2] and frame["Right answers (%)"].tolist() == [100, 0]
    # The clock says 2027-01-15 08:00 UTC: the teacher in Halifax reads 4:00 AM, the day in words.
    assert frame["Joined"].tolist() == ["Friday, January 15, 2027, 4:00\u202fAM"] * 2
    french = pd.read_csv(io.StringIO(teacher.export_csv("fr", "Europe/Paris")), keep_default_na=False)
    assert list(french.columns)[:5] == ["Nom", "Langue", "Arrivée", f"Question 1\u00a0: {first.prompt_text('fr')}",
                                        "Question 1\u00a0: juste"]
    assert french["Question 1\u00a0: juste"].tolist() == ["oui", "non"]
    assert french["Arrivée"].tolist() == ["vendredi 15 janvier 2027, 09:00"] * 2


def test_ending_the_class_closes_it_and_keeps_the_results_for_the_teacher(classes, store):
    teacher, ada, _eve = _class_with_results(classes)
    teacher.end()
    assert teacher.ended and ada.view()["ended"]
    with pytest.raises(AnswerError, match="This class has ended"):
        ada.answer(2, ["KH", "9D"])
    with pytest.raises(SessionError, match="has ended"):
        teacher.ask_lesson("45-trumps", 1)
    assert len(teacher.results()) == 2 and "Ada" in teacher.export_csv()


def test_nothing_is_kept_past_the_stated_retention(classes, store, clock):
    teacher, ada, _eve = _class_with_results(classes)
    other = classes.start()
    with language("en"):
        stated = str(teacher.retention())
    assert f"({RETENTION_HOURS} hours after the class started)" in stated
    clock.advance(RETENTION_HOURS - 0.01)
    assert len(teacher.results()) == 2                 # kept up to the stated time
    clock.advance(0.02)
    with pytest.raises(SessionError, match="deleted"):
        teacher.results()                              # refused to every reader from that moment
    assert store.row_counts() == {table: 0 for table in TABLES}      # and deleted: both classes, every row
    with pytest.raises(ClassCodeError, match="No class is open with the code"):
        classes.join(teacher.code, "Ada", "en")
    with pytest.raises(SessionError):
        classes.student(ada.token)
    with pytest.raises(SessionError):
        classes.teacher(other.token)


def test_retention_is_enforced_by_any_kernel_using_the_store(classes, store, clock):
    _class_with_results(classes)
    clock.advance(RETENTION_HOURS)
    fresh = classes.start()                            # another teacher, another day: the old class goes
    counts = store.row_counts()
    assert counts["live_classes"] == 1 and sum(counts.values()) == 1
    assert fresh.roster() == []


def test_the_teacher_reads_the_retention_in_their_language(classes):
    teacher = classes.start()
    with language("fr"):
        assert "24 heures après le début de la séance" in str(teacher.retention())


def test_a_puzzle_asked_of_the_class_is_marked_by_its_proven_answer_and_explained_by_its_proof(classes, store):
    from atout.live.questions import puzzles_by_id

    puzzle = next(p for p in puzzles_by_id().values() if p.game == "forty-fives-partners" and "unblock" not in
                  p.themes and all(c.action.kind == "play" for c in p.choices))
    teacher = classes.start()
    ada, bob = classes.join(teacher.code, "Ada", "en"), classes.join(teacher.code, "Bob", "fr")
    row = teacher.ask_puzzle(puzzle.id)
    answer = puzzle.answer.card.code
    wrong = next(c.action.card.code for c in puzzle.choices if c.action != puzzle.answer)
    assert row.answer == [answer] and set(row.choices) == {c.action.card.code for c in puzzle.choices}
    asked = ada.view()["question"]
    assert asked["puzzle"] == puzzle.id and asked["cards"]
    assert asked["prompt"] == (f"Every hand is in view. What should Player {puzzle.seat + 1} play? One play alone "
                               "keeps the best result.")
    assert "score" not in repr(asked) and "answer" not in asked      # nothing gives the answer away before the reveal
    ada.answer(1, answer)
    bob.answer(1, wrong)
    teacher.reveal()
    assert ada.view()["question"]["right"] is True and bob.view()["question"]["right"] is False
    assert "keeps the best result" in ada.view()["question"]["explanation"]
    assert "Un seul choix garde le meilleur résultat" in bob.view()["question"]["feedback"]


def test_a_puzzle_the_set_does_not_have_is_refused_and_nothing_is_asked(classes, store):
    teacher = classes.start()
    before = unchanged(store, teacher.class_id)
    with pytest.raises(QuestionError, match="there is no puzzle"):
        teacher.ask_puzzle("not-a-puzzle")
    assert unchanged(store, teacher.class_id) == before and teacher.current() is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_puzzle_with_a_call_among_its_plays_names_every_card_and_reads_in_the_language(lang):
    """A Sixty-Six puzzle offering "declaring 66" beside three plays showed the plays as 10c, 9c, kc (the card's code
    read back as an action), and its proof joined Japanese sentences with ". " and the plays with ", "."""
    from atout.cards import Card
    from atout.live.questions import from_spec, puzzle_choice, puzzles_by_id

    mixed = [p for p in puzzles_by_id().values()
             if any(c.action.kind != "play" for c in p.choices) and any(c.action.kind == "play" for c in p.choices)]
    assert mixed
    for puzzle in mixed:
        question = from_spec({"source": "puzzle", "puzzle": puzzle.id})
        for choice in puzzle.choices:
            action = choice.action
            label = question.label(puzzle_choice(action), lang)
            if action.kind == "play" and action.card is not None and action.value is None:
                assert label == Card.parse(action.card.code).render(lang), (puzzle.id, label)
        if lang == "ja":
            proof = question.explanation(lang)
            assert ". " not in proof and ", " not in proof and "。 " not in proof, (puzzle.id, proof)

"""Quizzes on the special rules (card points, discards, the trump nine, marriages, closing, robbing, the draw):
written as data, answered by the referee, marked right and wrong with the rule quoted; malformed questions are
refused."""

import pytest

from atout.games import family_id
from atout.i18n import language
from atout.lessons import ASKS, LessonError, load_lessons, make_questions, parse_lesson
from atout.limits import LESSON
from atout.rulebook import RULES
from tests.lessons.test_lessons import MINIMAL

HAND = '["9H", "KS", "QS", "AC", "10D", "JD"]'

# (the game, the question's TOML, the right answer worked out from the rules by hand, the rule the feedback cites)
CASES = {
    "card points": ("sixty-six", 'kind = "points"\ntricks = [["AS", "10S"], ["KH", "9C"], ["QD", "JD"]]',
                    ["30"], "66.points"),                                        # 11 + 10 + 4 + 0 + 3 + 2
    "points with a pending marriage": (
        "sixty-six", 'kind = "points"\ntricks = []\nmarriages = ["QH"]\ntrump = "H"', ["0"], "66.marriage.pending"),
    "reached 66": ("sixty-six", 'kind = "points"\nask = "66"\ntrump = "S"\nmarriages = ["KS"]\n'
                   'tricks = [["AH", "10H"], ["JC", "9C"]]\nlast_trick = true', ["yes"], "66.points"),  # 73
    "exchange after a trick": ("sixty-six", f'kind = "exchange"\ntrump = "H"\nstock = 9\nhand = {HAND}', ["yes"],
                               "66.exchange-nine"),
    "exchange on the first lead": ("sixty-six", f'kind = "exchange"\ntrump = "H"\nstock = 11\nhand = {HAND}',
                                   ["no"], "66.exchange-nine"),
    "exchange after closing": ("sixty-six", f'kind = "exchange"\ntrump = "H"\nstock = 9\nclosed = true\n'
                               f'hand = {HAND}', ["no"], "66.exchange-nine"),
    "exchange when following": ("sixty-six", f'kind = "exchange"\ntrump = "H"\nstock = 9\nplays = ["AH"]\n'
                                f'hand = {HAND}', ["no"], "66.exchange-nine"),
    "marriage on the first lead": ("sixty-six", f'kind = "marriage"\ntrump = "H"\nstock = 11\nhand = {HAND}\n'
                                   'marriage = "KS"', ["20-pending"], "66.marriage.pending"),
    "marriage in trumps": ("sixty-six", f'kind = "marriage"\ntrump = "S"\nstock = 5\nhand = {HAND}\n'
                           'marriage = "QS"', ["40"], "66.marriage.trump"),
    "marriage once the stock is closed": ("sixty-six", f'kind = "marriage"\ntrump = "H"\nstock = 5\nclosed = true\n'
                                          f'hand = {HAND}\nmarriage = "KS"', ["no"], "66.strict.no-marriage"),
    "close before drawing": ("sixty-six", 'kind = "close"\ntrump = "H"\nstock = 3\nbefore_draw = true\n'
                             'hand = ["9H", "KS", "QS", "AC", "10D"]', ["yes"], "66.close.before-draw"),
    "close after a marriage": ("sixty-six", f'kind = "close"\ntrump = "H"\nstock = 9\nhand = {HAND}\n'
                               'actions = ["marriage KS"]', ["no"], "66.close.after-marriage"),
    "close on an exhausted stock": ("sixty-six", 'kind = "close"\ntrump = "H"\nstock = 0\nhand = ["9H", "KS"]', ["no"],
                                    "66.close"),
    "closer reaches 66": ("sixty-six", 'kind = "close"\nask = "score"\n'
                          'score = { closer = 1, points = [40, 70], tricks = [2, 4], tricks_at_close = [1, 2] }',
                          ["0 – 1"], "66.game-points"),
    "closer misses 66": ("sixty-six", 'kind = "close"\nask = "score"\n'
                         'score = { closer = 0, points = [60, 20], tricks = [5, 1], tricks_at_close = [2, 0] }',
                         ["0 – 3"], "66.close.failed"),
    "discards": ("auction-forty-fives", 'kind = "discards"\ntrump = "S"\nhand = ["AH", "KD", "2S", "10C", "JS"]',
                 ["10C", "KD"], "a45.discard.others"),
    "the bidder's discards": ("auction-forty-fives", 'kind = "discards"\ntrump = "D"\nbidder = true\n'
                              'hand = ["5D", "AH", "8D", "3D", "KC"]\nkitty = ["JD", "AD", "2S", "QH"]',
                              ["2S", "3D", "KC", "QH"], "a45.discard.bidder"),
    "the draw": ("auction-forty-fives", 'kind = "discards"\nask = "draw"\ntrump = "H"\n'
                 'hand = ["KS", "QS", "7H", "4C", "2D"]', ["4"], "a45.draw"),
    "kitty discards": ("five-hundred", 'kind = "discards"\ntrump = "H"\nhand = ["JK", "JD"]\n'
                       'kitty = ["4D", "8S", "9C"]', ["4D", "8S", "9C", "JD", "JK"], "500.kitty"),
    "the dealer must rob a turned ace": ("forty-fives", 'kind = "rob"\nturn_up = "AH"\nplayers = 3', ["must"],
                                         "45.rob.dealer-ace"),
    "the partnership dealer may rob": ("forty-fives-partners", 'kind = "rob"\nturn_up = "AS"', ["may"],
                                       "45.rob.dealer-ace"),
    "the option makes the dealer rob": ("forty-fives-partners", 'kind = "rob"\nturn_up = "AS"\n'
                                        'options = { dealer_rob = "must" }', ["must"], "45.rob.dealer-ace"),
    "only the dealer robs an ace": ("forty-fives", 'kind = "rob"\nturn_up = "AD"\nseat = 1', ["no"],
                                    "45.rob.dealer-ace"),
    "the ace holder may rob": ("forty-fives", 'kind = "rob"\nturn_up = "7H"\ndealer = 2\nseat = 0\n'
                               'hand = ["AH", "KD", "2C", "9S", "3H"]', ["may"], "45.rob.ace-holder"),
    "who robs a turned five": ("forty-fives", 'kind = "rob"\nask = "who"\nturn_up = "5S"\nholder = 2', ["2"],
                               "45.rob.ace-holder"),
    "nobody holds the ace": ("forty-fives", 'kind = "rob"\nask = "who"\nturn_up = "5S"', ["nobody"],
                             "45.rob.ace-holder"),
    "who robs in a seeded deal": ("forty-fives", 'kind = "rob"\nask = "who"\nseed = 14\nplayers = 3', ["1"],
                                  "45.rob.ace-holder"),
    "which cards go to rob": ("forty-fives", 'kind = "rob"\nask = "cards"\nturn_up = "9D"\nseat = 1\n'
                              'hand = ["AD", "KS", "10S", "5C", "4H"]', ["10S", "4H", "5C", "KS"],
                              "45.rob.ace-holder"),
    "the winner draws first": ("sixty-six", 'kind = "draw"\ntrump = "C"\nstock = 7\nplays = ["10H", "AH"]\n'
                               'hand = ["9S", "KD", "QD", "JC", "AS"]', ["0"], "66.draw"),          # A♥ beats 10♥
    "a trump wins and draws first": ("sixty-six", 'kind = "draw"\ntrump = "C"\nstock = 7\nplays = ["9C", "AH"]\n'
                                     'hand = ["9S", "KD", "QD", "JC", "AS"]', ["1"], "66.draw"),
    "nobody draws once closed": ("sixty-six", 'kind = "draw"\ntrump = "C"\nstock = 5\nclosed = true\n'
                                 'plays = ["9C", "AH"]\nhand = ["9S", "KD"]', ["nobody"], "66.close"),
    "the loser takes the turned trump": ("sixty-six", 'kind = "draw"\nask = "take"\ntrump = "C"\nstock = 1\n'
                                         'plays = ["9C", "AH"]\nhand = ["9S", "KD", "QD", "JC", "AS"]', ["turn-up"],
                                         "66.draw"),
    "the winner takes the last face-down card": (
        "sixty-six", 'kind = "draw"\nask = "take"\ntrump = "C"\nstock = 1\nplays = ["9H", "AH"]\n'
        'hand = ["9S", "KD", "QD", "JC", "AS"]', ["face-down"], "66.draw"),
    "follow once the stock is drawn": ("sixty-six", 'kind = "draw"\nask = "follow"\ntrump = "C"\nstock = 1\n'
                                       'plays = ["9H", "AH"]\nhand = ["9S", "KD", "QD", "JC", "AS"]', ["strict"],
                                       "66.strict.follow"),
    "any card while the stock lasts": ("sixty-six", 'kind = "draw"\nask = "follow"\ntrump = "C"\nstock = 3\n'
                                       'plays = ["9H", "AH"]\nhand = ["9S", "KD", "QD", "JC", "AS"]', ["open"],
                                       "66.open.free"),
    "kitty discard count": ("five-hundred", 'kind = "discards"\nask = "count"\nhand = ["JK", "JD"]\n'
                            'kitty = ["4D", "8S", "9C"]', ["3"], "500.kitty"),
}


def lesson_with(game: str, question: str, where: str = "quiz"):
    family = family_id(game)
    text = MINIMAL.replace('family = "forty-fives"', f'family = "{family}"').replace('game = "forty-fives"',
                                                                                    f'game = "{game}"')
    header = f"[[{where}]]" if where == "quiz" else f"[{where}]"
    return parse_lesson(text + f"{header}\n{question}\n", "special.toml")


@pytest.mark.parametrize("case", list(CASES))
def test_each_special_question_is_marked_right_and_wrong_quoting_the_rule(case):
    game, question_text, right, rule = CASES[case]
    question = lesson_with(game, question_text).questions()[0]
    assert sorted(question.answer) == right and question.rule == rule
    good = question.check(right)
    assert good.correct and good.rule == rule and says_it_in_words(good.text)
    wrong = [c for c in question.choices if c not in right][:1] or right[:-1]   # a right pick left out
    bad = question.check(wrong)
    assert not bad.correct and bad.rule in RULES and says_it_in_words(bad.text)


def says_it_in_words(text: str) -> bool:
    """A sentence, with the rule id beside it (the feedback's ``rule``), not inside it."""
    return bool(text) and not any(f"({rule})" in text for rule in RULES)


def test_wrong_card_picks_say_why_card_by_card():
    question = lesson_with(*CASES["discards"][:2]).questions()[0]
    kept_ace = question.check(["KD", "10C", "AH"])
    assert "A♥ is a trump whatever suit is named" in kept_ace.text and "AH" in kept_ace.highlight
    missed = question.check(["KD"])
    assert "10♣ is not a trump" in missed.text
    joker = lesson_with(*CASES["kitty discards"][:2]).questions()[0].check(["4D", "8S", "9C", "JD"])
    assert not joker.correct and "The joker may be discarded too" in joker.text


def test_the_feedback_follows_the_page_language():
    question = lesson_with(*CASES["exchange on the first lead"][:2]).questions()[0]
    with language("fr"):
        assert question.label("no") == "Non"
        assert "Vous ne pouvez pas échanger maintenant\u00a0: vous n'avez pas encore fait de levée" in \
            question.check("yes").text


def test_every_special_kind_is_used_in_the_lessons():
    used = {q["kind"] for lesson in load_lessons() for q in lesson.quiz}
    assert set(ASKS) <= used


@pytest.mark.parametrize("question, message", [
    ('kind = "points"', "at quiz/0: the field 'tricks' is missing"),
    ('kind = "points"\nask = "draw"\ntricks = []',
     "at quiz/0/ask: 'draw' is not allowed here: write one of points, 66"),
    ('kind = "exchange"\ntrump = "H"\nhand = ["9H"]', "the field 'stock' is missing"),
    ('kind = "marriage"\ntrump = "H"\nstock = 9\nhand = ["9H"]', "the field 'marriage' is missing"),
    ('kind = "close"\nask = "score"', "the field 'score' is missing"),
    ('kind = "close"\ntrump = "H"\nstock = 12\nhand = ["9H"]', "at quiz/0/stock: 12 is out of range: from 0 to 11"),
    ('kind = "close"\ntrump = "H"\nstock = 8\nhand = ["9H"]', "quiz 1: the referee cannot answer this may question: "
                                                              "the stock cannot hold 8 face-down cards"),
    ('kind = "marriage"\ntrump = "H"\nstock = 9\nhand = ' + HAND + '\nmarriage = "AC"',
     "quiz 1: marriage: name the marriage by its king or queen, not A♣"),
    ('kind = "points"\ntricks = [["AS", "10S", "KS"]]', "at quiz/0/tricks/0: this list has 3 items: at most 2 here"),
    ('kind = "exchange"\ntrump = "H"\nstock = true\nhand = ["9H"]', "at quiz/0/stock: true is not a whole number"),
    ('kind = "winner"\nask = "66"\ntrump = "S"\nplays = ["AS", "KS"]',
     "ask is for the kinds points, discards, exchange, marriage, close, rob, draw, not winner"),
    ('kind = "draw"\ntrump = "H"\nstock = 7\nhand = ["9H"]', "at quiz/0: the field 'plays' is missing"),
    ('kind = "draw"\nask = "last"\ntrump = "H"\nstock = 7\nplays = ["9H", "AH"]\nhand = ["9S"]',
     "'last' is not allowed here: write one of first, take, follow"),
    ('kind = "draw"\ntrump = "H"\nstock = 7\nplays = ["AH"]\nhand = ["9S", "KD", "QD", "JC", "AS"]',
     "quiz 1: the referee cannot answer this draw question: a draw question gives the trick just played: plays "
     "holds 2 cards"),
    ('kind = "draw"\nask = "follow"\ntrump = "H"\nstock = 0\nplays = ["9H", "AH"]\nhand = []',
     "no trick follows, so ask first or take"),
])
def test_malformed_special_questions_are_refused_with_the_place(question, message):
    with pytest.raises(LessonError) as info:
        lesson_with("sixty-six", question)
    assert "special.toml" in str(info.value) and message in str(info.value)


@pytest.mark.parametrize("game, question, message", [
    ("five-hundred", 'kind = "discards"\nask = "draw"\nhand = ["JK"]\nkitty = ["4D", "8S", "9C"]',
     "five-hundred has no draw after the kitty"),
    ("auction-forty-fives", 'kind = "discards"\ntrump = "S"\nhand = ["AH"]\noptions = { free_discard = true }',
     "with option free_discard"),
    ("forty-fives", 'kind = "discards"\ntrump = "S"\nhand = ["AH"]', "forty-fives has no kitty and no discards"),
])
def test_discard_questions_a_game_cannot_answer_are_refused(game, question, message):
    with pytest.raises(LessonError, match=message):
        lesson_with(game, question)


@pytest.mark.parametrize("question, message", [
    ('kind = "rob"\nplayers = 3', "quiz 1: the referee cannot answer this rob question: a rob question needs the "
                                   "deal: a seed, or the turned card turn_up"),
    ('kind = "rob"\nask = "how"\nturn_up = "AS"', "'how' is not allowed here: write one of may, who, cards"),
    (f'kind = "rob"\nturn_up = "AS"\nholder = {LESSON.most}',      # one past the last seat a lesson takes
     f"at quiz/0/holder: {LESSON.most} is out of range: from 0 to {LESSON.most - 1}"),
    ('kind = "rob"\nturn_up = "AS"\nholder = 7', "quiz 1: the referee cannot answer this rob question: holder must "
                                                   "be a whole number from 0 to 2, not 7"),
    ('kind = "rob"\nturn_up = "AS"\nseed = 4', "quiz 1: the referee cannot answer this rob question: a rob "
                                                 "question gives its deal either by seed or by turn_up"),
    ('kind = "rob"\nask = "cards"\nturn_up = "5S"\nholder = 1', "seat 0 may not rob here"),
    ('kind = "rob"\nturn_up = "AS"\nseat = 4', "seat must be a whole number from 0 to 2, not 4"),
    ('kind = "rob"\nturn_up = "AX"', "the referee cannot answer this rob question"),
])
def test_malformed_rob_questions_are_refused_with_the_place(question, message):
    with pytest.raises(LessonError) as info:
        lesson_with("forty-fives", question)
    assert "special.toml" in str(info.value) and message in str(info.value)


def test_rob_questions_follow_the_lesson_options():
    lesson = lesson_with("forty-fives", 'kind = "rob"\nturn_up = "AS"')
    assert lesson.questions()[0].answer == ["must"]
    lesson.options = {"dealer_rob": "may"}
    question = lesson.questions()[0]
    assert question.answer == ["may"] and "the dealer may choose" in question.check("may").text


def test_picking_a_seat_that_may_not_rob_says_why():
    question = lesson_with(*CASES["who robs a turned five"][:2]).questions()[0]
    assert question.label("0") == "You, the dealer" and question.labels["0"].render() == "Player 1, the dealer"
    wrong = question.check("0")
    assert not wrong.correct and "you do not hold it" in wrong.text and wrong.rule == "45.rob.ace-holder"


def test_a_step_may_try_a_special_question():
    lesson = lesson_with("sixty-six", 'kind = "points"\ntricks = [["AS", "10S"]]', where="steps.try")
    from atout.lessons import make_questions

    assert make_questions(lesson.steps[0]["try"], lesson.game)[0].answer == ["21"]


def test_a_question_is_marked_with_the_working_core_gave_in_the_readers_language(monkeypatch):
    """Issue 16: a question keeps core's working (its explanations, not a referee answer parsed back) and marks the
    learner's answer without asking the referee again; a learner who switched language reads it in the new one,
    the cards named as that language names them."""
    from atout import lessons

    with language("en"):
        points = lessons.make_questions({"kind": "points", "tricks": [["AS", "10S"], ["KH", "QD"]]}, "sixty-six")[0]
        score = lessons.make_questions({"kind": "score", "score": {
            "contract": "8S", "contractor": 1, "tricks_won": [2, 8], "scores_before": [100, 200]}}, "five-hundred")[0]
        bids = lessons.make_questions({"kind": "bids", "dealer": 0, "calls": ["6S", "7C"]}, "five-hundred")[0]
        rob = lessons.make_questions({"kind": "rob", "ask": "cards", "turn_up": "KS", "hand": ["AS", "2C", "3D"],
                                      "players": 3}, "forty-fives")[0]
        draw = lessons.make_questions({"kind": "draw", "ask": "take", "trump": "H", "stock": 1, "plays": ["9S", "10S"],
                                       "hand": ["AS", "KC", "QC", "JD", "9D"]}, "sixty-six")[0]
    assert "K♥ 4" in points.explanation

    def refused(*args, **kwargs):
        raise AssertionError("the referee was asked again to mark an answer")

    monkeypatch.setattr(lessons, "typed", refused)
    for name in ("ask", "judge", "typed"):
        monkeypatch.setattr(f"atout.referee.{name}", refused)
    with language("fr"):
        marked = points.check("24")
        assert not marked.correct and "R♥ 4" in marked.text and marked.rule == "66.points"
        assert score.check(score.answer[0]).correct
        wrong = next(c for c in bids.choices if c not in bids.answer)
        refusal = bids.check([wrong])
        assert not refusal.correct and refusal.rule in RULES
        kept = rob.check(["AS"])      # the ace of trumps lets you rob: it is never the card given up
        assert not kept.correct and kept.rule.startswith("45.rob.") and "l'as d'atout, l'A♠" in kept.text
        taken = draw.check("turn-up")      # you won the trick: you draw first, the face-down card
        assert not taken.correct and taken.rule == "66.draw" and "Vous remportez la levée" in taken.text


@pytest.mark.parametrize("kind, ask", [("rob", "first"), ("draw", "may"), ("exchange", "who")])
def test_a_question_built_in_python_with_an_ask_its_kind_lacks_is_refused_with_the_asks_it_has(kind, ask):
    """Outside a lesson file (whose schema says it first), ``make_questions`` itself names the asks of the kind."""
    with pytest.raises(LessonError, match=rf"a {kind} question asks .*, not '{ask}'"):
        make_questions({"kind": kind, "ask": ask}, "sixty-six" if kind != "rob" else "forty-fives")

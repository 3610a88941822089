"""Strategy lessons (issue 32, part 3): a ``best`` question states a strategic claim on a position, and the lesson
check proves it with the solver (every hand known) or the sampler (the cards the player cannot see, dealt again and
again), or refuses the lesson naming the step, the claimed choice and the values found."""

from __future__ import annotations

from pathlib import Path

import pytest

from atout.engine import Action
from atout.games import package_of
from atout.i18n import language
from atout.lessons import LessonError, load_lessons, parse_lesson
from atout.position import position_text
from atout.strategy import Discards, choice_values, claim_problem
from tests.lessons.test_lesson_check import refused

LESSONS = load_lessons()
BEST = [(lesson, where, spec) for lesson in LESSONS
        for where, spec in [*((f"step {i + 1}", step["try"]) for i, step in enumerate(lesson.steps) if "try" in step),
                            *((f"quiz {i + 1}", spec) for i, spec in enumerate(lesson.quiz))]
        if spec["kind"] == "best"]

# Forty-Fives in partnerships, three cards left each: leading the 5♥ or the 7♣ keeps the best result, A♥ loses a trick.
OPEN = """game: forty-fives-partners
trump: H
trick: 0
won: 1 0 1 0
seat 0: 5H AH 7C
seat 1: JH 2C 3S
seat 2: KH 9D 8D
seat 3: 4H QS 10D"""

FIVE_HUNDRED = """game: five-hundred
contract: 0 8H
trick: 0
won: 3 1 2 1
seat 0: JH AS KS
seat 1: 9H 5C 6C
seat 2: 5D 6D 7D
seat 3: 10C 6S 7S"""


def _sampled_rob() -> str:
    """Seed 54 of Forty-Fives in partnerships: Player 2 holds the A♥, the 5♥ is turned up, and may rob."""
    return position_text(package_of("forty-fives-partners").new_hand("forty-fives-partners", seed=54))


def lesson(claim: list[str], position: str = OPEN, check: str = "exact", extra: str = "") -> str:
    claimed = ", ".join(f'"{c}"' for c in claim)
    return f'''id = "x-strategy"
family = "forty-fives"
game = "forty-fives-partners"
order = 1
rules = ["45.rank.five-of-trumps"]
title = {{en = "T"}}
summary = {{en = "S"}}

[[steps]]
text = {{en = "Lead the 5."}}

[steps.try]
kind = "best"
check = "{check}"
claim = [{claimed}]
why = {{en = "The 5 draws the jack."}}
position = """{position}"""
{extra}
'''


def test_every_shipped_claim_is_borne_out_where_the_lesson_shows_it():
    """Each claim of the shipped lessons, valued again here: the answer the page marks is what the check found, and
    it is the claim. Forty-Fives and Five Hundred have strategy lessons, checked both ways."""
    assert {lesson.family for lesson, _where, _spec in BEST} >= {"forty-fives", "five-hundred"}
    assert {spec.get("check", "exact") for _lesson, _where, spec in BEST} == {"exact", "sampled"}
    for lesson_, where, spec in BEST:
        hand, claimed = _claimed(spec)
        values = choice_values(hand, spec.get("check", "exact"), spec.get("samples", 100), spec.get("seed", 0),
                               _compare(spec))
        assert claim_problem(values, claimed) is None, (lesson_.id, where)
        assert {str(a) for a in values.best} == {str(a) for a in claimed}, (lesson_.id, where)


def _claimed(spec: dict) -> tuple:
    from atout.position import hand_from_text

    hand = hand_from_text(spec["position"])
    if "compare" in spec:         # discard sets after taking the kitty
        return hand, [Discards.parse(c) for c in spec["claim"]]
    return hand, [a for a in hand.legal_actions() if str(a) in spec["claim"] or
                  (a.card is not None and a.kind == "play" and a.card.code in spec["claim"])]


def _compare(spec: dict) -> tuple:
    return tuple(Discards.parse(c) for c in spec.get("compare", ()))


@pytest.mark.parametrize("other_seed", [1, 2])
def test_every_shipped_sampled_claim_holds_on_other_deals_too(other_seed):
    """A sampled claim is no lucky draw: it holds on as many deals dealt from other seeds. Checked on 100 deals, five
    of the first claims did not (the 9♠ and 4♦ robbed alike, the 5♦ lead, and three Euchre leads): the lessons now
    sample 400 deals and claim only what held on every seed tried."""
    sampled = [(lesson_, where, spec) for lesson_, where, spec in BEST if spec.get("check") == "sampled"]
    assert len(sampled) >= 6
    for lesson_, where, spec in sampled:
        hand, claimed = _claimed(spec)
        values = choice_values(hand, "sampled", spec.get("samples", 100), other_seed, _compare(spec))
        problem = claim_problem(values, claimed)
        assert problem is None, (lesson_.id, where, problem.render("en"))


def test_a_wrong_claim_is_refused_naming_the_step_the_claim_and_the_values(tmp_path):
    problem = refused(tmp_path, {"forty-fives/01.toml": lesson(["AH"])})
    assert problem == (f"{tmp_path}/forty-fives/01.toml: step 1: the claim does not hold: A♥ is claimed best, but "
                       "the solver finds 5♥ and 7♣ best (5♥: 15 points; 7♣: 15 points; A♥: 5 points)")


def test_a_claim_that_leaves_out_an_equally_good_choice_is_refused(tmp_path):
    problem = refused(tmp_path, {"forty-fives/01.toml": lesson(["5H"])})
    assert problem.endswith("step 1: the claim does not hold: 5♥ is claimed best, but the solver finds 5♥ and 7♣ "
                            "best (5♥: 15 points; 7♣: 15 points; A♥: 5 points)")


def test_a_wrong_sampled_claim_is_refused_with_the_values_and_their_error_bars(tmp_path):
    text = lesson(["keep"], _sampled_rob(), "sampled")
    problem = refused(tmp_path, {"forty-fives/01.toml": text})
    assert problem.startswith(f"{tmp_path}/forty-fives/01.toml: step 1: the claim does not hold: not robbing is "
                              "claimed best, but the sampler finds robbing with 9♠ and robbing with 4♦ best "
                              "(robbing with 9♠: about 20.4 points, ± 1.2; "), problem
    assert "not robbing: about 12.4 points, ± 2.5)" in problem


def test_a_sampled_claim_within_the_error_bar_is_refused(tmp_path):
    """Two choices the deals cannot tell apart: claiming one of them alone is more than the sampler shows."""
    problem = refused(tmp_path, {"forty-fives/01.toml": lesson(["rob 9S"], _sampled_rob(), "sampled")})
    assert "the claim does not hold: robbing with 9♠ is claimed best, but the sampler finds robbing with 9♠ and " \
           "robbing with 4♦ best" in problem


def test_the_same_claim_sampled_on_the_same_deals_holds_and_is_marked_by_what_was_found(tmp_path):
    path = tmp_path / "forty-fives" / "01.toml"
    parsed = parse_lesson(lesson(["rob 9S", "rob 4D"], _sampled_rob(), "sampled"), path)
    [question] = parsed.step_questions(0)
    assert question.answer == ["rob 9S", "rob 4D"] and question.multiple and not question.cards
    assert question.choices == ["rob 4D", "rob 9S", "rob 4H", "rob KD", "keep"]
    assert question.viewer == 1 and not question.shown["open"]
    right = question.check(["rob 9S", "rob 4D"])
    assert right.correct and right.text.startswith("The 5 draws the jack. What each choice is worth: robbing with "
                                                   "9♠: about 20.4 points, ± 1.2;")
    assert "Each choice was valued on 100 deals of the cards you cannot see" in right.text
    wrong = question.check(["keep"])
    assert not wrong.correct and wrong.text == ("Here your choice, not robbing, is worth about 12.4 points, ± 2.5, "
                                                "against about 20.4 points, ± 1.2 for robbing with 9♠")


# Auction Forty-Fives after the first trick: Player 3 led the 7♥, and you (Player 2), the bidder, won it with the A♥.
AFTER_A_TRICK = """game: auction-forty-fives
options: players=4
dealer: 3
seat 0: 2H KS 4H QS 4D
seat 1: JS AH 10C 5C KH
seat 2: QC 2S 6S 3H 3S
seat 3: 5S 9D 10S JC 4C
kitty: 5H 8H 6H 2D
stock: 6D 8C AD 6C 2C 9C 10H JH 7H 8D 9H 9S 7D KD KC 10D 4S 5D 7S 8S 3D QD 3C QH JD AS AC 7C
actions: bid 5, bid 10, bid pass, bid hold, bid pass, bid 15, bid pass, trump C, play 7H, play 4C, play 2C, play AH"""


def test_a_sampled_forty_fives_claim_after_a_trick_shows_who_played_each_card(tmp_path):
    """A Forty-Fives trick's seats were read as an attribute (Five Hundred's), but Forty-Fives' tricks had a method of
    that name: the question could not be built (TypeError) once a trick had been played."""
    path = tmp_path / "forty-fives" / "01.toml"
    text = lesson(["5C"], AFTER_A_TRICK, "sampled", "samples = 400").replace('"forty-fives-partners"',
                                                                           '"auction-forty-fives"')
    [question] = parse_lesson(text, path).step_questions(0)
    assert question.answer == ["5C"] and question.viewer == 1 and not question.shown["open"]
    assert question.shown["tricks"] == [([2, 3, 0, 1], ["7H", "4C", "2C", "AH"], 1)]


def test_the_feedback_is_in_the_readers_language(tmp_path):
    path = tmp_path / "forty-fives" / "01.toml"
    [question] = parse_lesson(lesson(["5H", "7C"]), path).step_questions(0)
    with language("fr"):
        said = question.check(["AH"])
    assert said.text == "Ici, votre choix, l'A♥, vaut 5 points, contre 15 points pour le 5♥"
    assert "Ce que vaut chaque choix : 5♥ : 15 points ; 7♣ : 15 points ; A♥ : 5 points." in \
        said.working.replace("\xa0", " ").replace("\u202f", " ")


@pytest.mark.parametrize("change, message", [
    (lambda text: text.replace("seat 0: 5H AH 7C", "seat 0: 5H AH 7X"),
     "step 1: position: line 5: '7X' is not a card"),
    (lambda text: text.replace('claim = ["AH"]', 'claim = ["2S"]'),
     "step 1: claim: '2S' is not a choice in this position: the choices are 5H, AH, 7C"),
    (lambda text: text.replace('claim = ["AH"]', 'claim = ["rob X"]'),
     "step 1: claim: 'rob X' is not a card or an action:"),
    (lambda text: text.replace('why = {en = "The 5 draws the jack."}\n', ""),
     "at steps/0/try: the field 'why' is missing"),
    (lambda text: text.replace('check = "exact"', 'check = "guess"'),
     "at steps/0/try/check: 'guess' is not allowed here: write one of exact, sampled"),
    (lambda text: text.replace(OPEN, FIVE_HUNDRED),
     "step 1: position: it is a position of five-hundred: a lesson of forty-fives shows forty-fives, "
     "forty-fives-partners, or auction-forty-fives"),
    (lambda text: text.replace("trick: 0", "trick: 0 5H AH 7C").replace("seat 0: 5H AH 7C", "seat 0:"),
     "step 1: position: "),
])
def test_bad_input_is_refused_naming_what_is_wrong(tmp_path, change, message):
    text = change(lesson(["AH"]))
    with pytest.raises(LessonError) as refusal:
        parse_lesson(text, tmp_path / "forty-fives" / "01.toml")
    assert message in str(refusal.value), str(refusal.value)


def test_a_position_with_one_choice_or_none_is_refused(tmp_path):
    over = OPEN.replace("seat 0: 5H AH 7C", "seat 0: 7C").replace("seat 1: JH 2C 3S", "seat 1: JH") \
        .replace("seat 2: KH 9D 8D", "seat 2: KH").replace("seat 3: 4H QS 10D", "seat 3: 4H") \
        .replace("won: 1 0 1 0", "won: 2 1 1 0")
    with pytest.raises(LessonError) as refusal:
        parse_lesson(lesson(["7C"], over), tmp_path / "forty-fives" / "01.toml")
    assert "step 1: position: there is only one thing to do here: a claim is about a choice" in str(refusal.value)


def test_a_claim_is_about_what_the_claim_says_not_a_choice_that_changes_nothing(tmp_path):
    """Every choice worth the same: none is the best, whatever the lesson claims."""
    even = OPEN.replace("seat 0: 5H AH 7C", "seat 0: 6C 7C 8C").replace("seat 1: JH 2C 3S", "seat 1: 5H JH AH")
    with pytest.raises(LessonError) as refusal:
        parse_lesson(lesson(["6C"], even), tmp_path / "forty-fives" / "01.toml")
    assert "the claim does not hold: 6♣ is claimed best, but the solver finds every choice worth the same" \
        in str(refusal.value)


def test_sampled_values_are_the_same_for_the_same_seed_and_the_deals_keep_what_was_seen():
    hand = package_of("forty-fives-partners").new_hand("forty-fives-partners", seed=54)
    first, again = choice_values(hand, "sampled", 30, seed=3), choice_values(hand, "sampled", 30, seed=3)
    assert first == again and first.samples == 30
    other = choice_values(hand, "sampled", 30, seed=4)
    assert other.per_deal != first.per_deal        # other deals: the seed decides them
    # each action's mean is the mean of its values on the deals, and the paired error bar is the differences'
    keep, rob = Action.parse("keep"), Action.parse("rob 9S")
    deals = dict(first.per_deal)
    assert first.worth(keep).score == pytest.approx(sum(deals[keep]) / 30)
    gain, error = first.ahead(rob, keep)
    assert gain == pytest.approx(first.worth(rob).score - first.worth(keep).score) and 0 < error < 10


def test_sixty_six_at_its_first_lead_is_not_sampled(tmp_path):
    """Eleven cards face down: each deal would take the whole-hand search far too long for a lesson's check."""
    hand = package_of("sixty-six").new_hand("sixty-six", seed=1)
    from atout.strategy import StrategyError

    with pytest.raises(StrategyError) as refusal:
        choice_values(hand, "sampled")
    assert "11 cards lie face down in the stock: a claim with the stock open is checked once 5 or fewer do" \
        in str(refusal.value)


def test_the_check_of_a_lesson_folder_runs_the_claims(tmp_path):
    """The command a teacher runs refuses the wrong claim (``refused`` runs ``atout lessons check``)."""
    problem = refused(tmp_path, {"forty-fives/01.toml": lesson(["AH"])})
    assert "A♥ is claimed best" in problem and Path(problem.split(":")[0]).name == "01.toml"


def _spoil_five_lesson(claim: list[str], position: str, check: str = "exact") -> str:
    """The shipped Spoil Five strategy lesson's shape, one step, its claim as given."""
    claimed = ", ".join(f'"{c}"' for c in claim)
    return f'''id = "x-s5-strategy"
family = "spoil-five"
game = "spoil-five"
order = 1
rules = ["s5.score.jinx-made"]
title = {{en = "T"}}
summary = {{en = "S"}}

[[steps]]
text = {{en = "Stop a jinx."}}

[steps.try]
kind = "best"
check = "{check}"
samples = 400
claim = [{claimed}]
why = {{en = "Why."}}
position = """{position}"""
'''


# Spoil Five, three players, hearts trumps: Player 3 has won the first two tricks and holds the 5♥ and the J♥. Your
# 4♥ on the K♠ takes the third trick (1 counter lost); let it go and Player 3 jinxes and takes all five (2 lost).
STOP_THE_JINX = """game: spoil-five
options: players=3
trump: H
trick: 2 KS 7S
won: 0 0 2
seat 0: 6D 7D
seat 1: 4H 9C 8C
seat 2: 5H JH"""

# Spoil Five, three players, spades trumps: Player 2 holds the A♠ and may rob the 10♠ first thing in the hand.
S5_ROB = """game: spoil-five
options: players=3
dealer: 0
seat 0: 2S AC KH 6S 3C
seat 1: 5D 8S AH AS KC
seat 2: 3D 5C 7S 8D QH
turn-up: 10S"""


def test_a_spoil_five_claim_that_lets_another_player_jinx_is_refused_in_counters(tmp_path):
    """Letting the third trick go costs a stake more (another player's jinx made): the check counts it, so the claim
    that a club does as well is refused, with each choice's worth in counters."""
    problem = refused(tmp_path, {"spoil-five/01.toml": _spoil_five_lesson(["9C"], STOP_THE_JINX)})
    assert problem == (f"{tmp_path}/spoil-five/01.toml: step 1: the claim does not hold: 9♣ is claimed best, but the "
                       "solver finds 4♥ best (4♥: −1 counter; 8♣: −2 counters; 9♣: −2 counters)")


def test_a_sampled_spoil_five_claim_is_said_in_counters(tmp_path):
    """Sampled means and error bars name the hand's unit: counters in Spoil Five, not points."""
    wrong = refused(tmp_path, {"spoil-five/01.toml": _spoil_five_lesson(["keep"], S5_ROB, "sampled")})
    assert "not robbing is claimed best, but the sampler finds robbing with 5♦ best (robbing with 5♦: about 4 " \
           "counters, ± 0.1;" in wrong, wrong
    [question] = parse_lesson(_spoil_five_lesson(["rob 5D"], S5_ROB, "sampled"),
                              tmp_path / "spoil-five" / "02.toml").step_questions(0)
    assert question.check(["keep"]).text == ("Here your choice, not robbing, is worth about 2.6 counters, ± 0.1, "
                                             "against about 4 counters, ± 0.1 for robbing with 5♦")
    with language("fr"):
        said = question.check(["keep"]).text.replace("\xa0", " ").replace("\u202f", " ")
    assert "environ 2,6 jetons, ± 0,1" in said and "point" not in said, said


# Spoil Five, three players, spades trumps: you have taken the first three tricks and hold the K♠ and the Q♠; Player 1
# holds the A♥, a trump that beats both. Stopping takes the pool (3 counters); a jinx loses a trick and fails (−1).
JINX_OR_STOP = """game: spoil-five
options: players=3
trump: S
trick: 1
won: 0 2 0
seat 0: AH 2C 3D
seat 1: KC KS QS
seat 2: 8C 9C 10D
actions: play KC, play 8C, play 2C"""


def test_the_jinx_decision_is_valued_by_the_hand_each_choice_leaves():
    """The search weighs the jinx inside the lead after it; the check values jinxing and stopping themselves (on
    main it listed the two cards of the lead, which are not the choices, and no claim could be checked)."""
    from atout.position import hand_from_text

    hand = hand_from_text(JINX_OR_STOP)
    assert [str(a) for a in hand.legal_actions()] == ["jinx", "stop"]
    values = choice_values(hand)
    assert [(str(w.action), w.score) for w in values.worths] == [("stop", 3), ("jinx", -1)]
    assert [str(a) for a in values.best] == ["stop"] and values.unit == "counters"
    sure = hand_from_text(JINX_OR_STOP.replace("seat 0: AH 2C 3D", "seat 0: KH 2C 3D"))     # no trump against you
    assert [(str(w.action), w.score) for w in choice_values(sure).worths] == [("jinx", 5), ("stop", 3)]


def test_a_wrong_jinx_claim_is_refused_naming_the_choices(tmp_path):
    problem = refused(tmp_path, {"spoil-five/01.toml": _spoil_five_lesson(["jinx"], JINX_OR_STOP)})
    assert problem.endswith("step 1: the claim does not hold: jinxing is claimed best, but the solver finds stopping "
                            "at three tricks best (stopping at three tricks: 3 counters; jinxing: −1 counter)"), problem


def test_a_sampled_jinx_claim_is_refused_with_a_clear_message(tmp_path):
    """The sampler values cards and robbing, not the jinx: the lesson is told to check it exactly, nothing breaks."""
    problem = refused(tmp_path, {"spoil-five/01.toml": _spoil_five_lesson(["stop"], JINX_OR_STOP, "sampled")})
    assert problem.endswith("step 1: position: the sampler does not value jinxing and stopping at three tricks: check "
                            "this claim exactly, with every hand known"), problem


def test_an_error_bar_under_a_twentieth_is_not_written_as_none():
    """A sampled value's error bar of 0.03 read "± 0" (Sixty-Six's closing step: "about 1.1 game points, ± 0"), as if
    the sampling had no error; only an error of exactly 0 is written so."""
    from atout.strategy import _About

    assert _About(1.1, 0.03, "game points").render("en") == "about 1.1 game points, ± 0.03"
    assert _About(1.1, 0.03, "game points").render("fr") == "environ 1,1 point de partie, ± 0,03"
    assert _About(4.03, 0.14, "counters").render("en") == "about 4 counters, ± 0.1"
    assert _About(2.0, 0.0, "points").render("en") == "about 2 points, ± 0"

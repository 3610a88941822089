"""The traps of each game (the teaching notes' list) are taught on purpose: each has a question right after its rule
(a step's "try") and another in a quiz, and the referee's answer to it cites the trap's rule. Checked on the
questions as the learner meets them, answers computed by the referee (nothing here is written by hand)."""

from collections.abc import Callable

import pytest

from atout.cards import Card
from atout.lessons import Question, load_lessons, make_questions
from atout.referee import judge
from atout.rulebook import RULES

LESSONS = load_lessons()


def _cards(codes) -> list[Card]:
    return [Card.parse(c) for c in codes]


def _is_45_trump(card: Card, trump: str) -> bool:
    return card.code == "AH" or card.suit.letter == trump


def _top_45(card: Card, trump: str) -> bool:
    return card.code in ("AH", f"5{trump}", f"J{trump}")


def ace_of_hearts(q: Question) -> bool:
    """The A♥ wins as a trump although hearts are not trumps."""
    return (q.kind == "winner" and q.rule == "45.rank.ace-of-hearts" and q.query["trump"] != "H"
            and q.answer == ["AH"])


def ace_of_diamonds(q: Question) -> bool:
    """The A♦ loses to a small diamond when diamonds are not trumps."""
    return (q.kind == "winner" and q.rule == "45.rank.plain-red" and q.query["trump"] != "D"
            and "AD" in q.choices and q.answer != ["AD"] and Card.parse(q.answer[0]).suit.letter == "D")


def black_backwards(q: Question) -> bool:
    """A lower black card beats a higher one of the same suit (2 high, 10 low)."""
    if q.kind != "winner" or q.rule not in ("45.rank.black-trumps", "45.rank.plain-black"):
        return False
    won = Card.parse(q.answer[0])
    return won.suit.letter in "CS" and 2 <= won.rank <= 10 and any(
        c.suit == won.suit and won.rank < c.rank <= 10 for c in _cards(q.choices))


def renege_refused(q: Question) -> bool:
    """A top trump may not be held back: the card led is a higher trump, so only top trumps may be played."""
    if q.kind != "legal" or q.rule != "45.follow.renege" or not q.answer:
        return False
    trump = q.query["trump"]
    return all(_top_45(Card.parse(c), trump) for c in q.answer) and any(c not in q.answer for c in q.choices)


def trump_when_you_can_follow(q: Question) -> bool:
    """To a plain lead, a trump may be played although the player holds the suit led."""
    if q.kind != "legal" or q.rule != "45.follow.plain-lead" or not q.query.get("plays"):
        return False
    trump = q.query["trump"]
    led = Card.parse(q.query["plays"][0])
    hand = _cards(q.choices)
    follows = any(c.suit == led.suit and not _is_45_trump(c, trump) for c in hand)
    trumps = [c for c in hand if _is_45_trump(c, trump)]
    return follows and any(c.code in q.answer for c in trumps)


def left_bower(q: Question) -> bool:
    """The jack of the other suit of the trump colour is a trump, not a card of its printed suit."""
    trump = q.query.get("trump", "NT")
    if trump == "NT":
        return False
    partner = {"H": "D", "D": "H", "C": "S", "S": "C"}[trump]
    return q.rule == "500.rank.left-bower" and f"J{partner}" in q.choices


def joker_in_no_trumps(q: Question) -> bool:
    """In no trumps the joker may be played only when leading or unable to follow."""
    return (q.kind == "legal" and q.rule == "500.joker.no-trump" and q.query.get("trump") == "NT"
            and "JK" in q.choices and "JK" not in q.answer)


def bid_table_order(q: Question) -> bool:
    """A bid at the standing level in a lower strain (7♠ after 7♣) is offered, and the referee says why it is
    too low by the bid table's order."""
    if q.kind != "bids" or q.game != "five-hundred":
        return False
    why = judge(q.query).get("why", {})
    return any(why.get(c, {}).get("rule") == "500.bid.order" for c in q.choices if c not in q.answer)


def ten_above_king(q: Question) -> bool:
    """The 10 beats the king of its suit."""
    return (q.kind == "winner" and q.rule == "66.rank" and len(q.answer) == 1 and q.answer[0].startswith("10")
            and "K" + q.answer[0][2:] in q.choices)


def marriage_pending(q: Question) -> bool:
    """A marriage declared before its player has won a trick does not count yet."""
    return q.rule == "66.marriage.pending"


def head_the_trick(q: Question) -> bool:
    """In the strict phase a lower card of the suit led is not allowed when a higher one is held."""
    if q.kind != "legal" or q.query.get("phase") != "strict" or q.rule != "66.strict.follow":
        return False
    led = Card.parse(q.query["plays"][0])
    suit = [c.code for c in _cards(q.choices) if c.suit == led.suit]
    return any(c in q.answer for c in suit) and any(c not in q.answer for c in suit)


def closing_is_a_promise(q: Question) -> bool:
    """A closer who does not reach 66 gives the opponent 2 or 3 game points."""
    return q.rule == "66.close.failed"


TRAPS: dict[str, dict[str, Callable[[Question], bool]]] = {
    "forty-fives": {"the A♥ is always a trump": ace_of_hearts, "the A♦ is the lowest plain diamond": ace_of_diamonds,
                    "black suits run backwards": black_backwards,
                    "reneging only against a lower trump lead": renege_refused,
                    "you may trump even when you can follow": trump_when_you_can_follow},
    "five-hundred": {"the left bower changes suit": left_bower, "the joker in no trumps": joker_in_no_trumps,
                     "the bid table's order": bid_table_order},
    "sixty-six": {"the 10 ranks above the king": ten_above_king,
                  "marriages need a trick before they count": marriage_pending,
                  "the strict phase demands heading the trick": head_the_trick,
                  "closing is a promise": closing_is_a_promise},
}


def authored_questions(family: str):
    """(lesson id, "try" or "quiz", question) for every question a lesson writer wrote (drills left out)."""
    for lesson in LESSONS:
        if lesson.family != family:
            continue
        for i, step in enumerate(lesson.steps):
            if "try" in step and step["try"]["kind"] != "drill":
                for q in make_questions(step["try"], lesson.game, lesson.options, seed=i):
                    yield lesson.id, "try", q
        for i, spec in enumerate(lesson.quiz):
            if spec["kind"] != "drill":
                for q in make_questions(spec, lesson.game, lesson.options, seed=spec.get("seed", i)):
                    yield lesson.id, "quiz", q


CASES = [(family, trap) for family, traps in TRAPS.items() for trap in traps]


@pytest.mark.parametrize("family, trap", CASES, ids=[trap for _f, trap in CASES])
def test_each_trap_is_tried_after_its_rule_and_asked_again_in_a_quiz(family, trap):
    found = {(where) for _lesson, where, q in authored_questions(family) if TRAPS[family][trap](q)}
    assert found == {"try", "quiz"}, f"{trap}: found only in {sorted(found) or 'no question'}"


@pytest.mark.parametrize("family, trap", CASES, ids=[trap for _f, trap in CASES])
def test_a_wrong_answer_to_a_trap_quotes_the_trap_rule(family, trap):
    """The feedback on a wrong pick names a rule id; for the bid table, the order's own rule."""
    questions = [q for _lesson, _where, q in authored_questions(family) if TRAPS[family][trap](q)]
    assert questions
    for q in questions:
        wrong = [c for c in q.choices if c not in q.answer][:1] or q.answer[:-1]
        feedback = q.check(wrong)
        assert not feedback.correct and feedback.rule in RULES and feedback.text
        if trap == "the bid table's order":
            traps = [c for c in q.choices if c not in q.answer
                     and judge(q.query)["why"].get(c, {}).get("rule") == "500.bid.order"]
            assert q.check(traps[:1]).rule == "500.bid.order"


def test_a_trap_predicate_can_fail():
    """The checks are not vacuous: a plain trick is no A♥ trap, a bid question without a lower strain is no
    bid-table trap, an open-phase question is no heading trap."""
    plain = make_questions({"kind": "winner", "trump": "C", "plays": ["KH", "2H"]}, "forty-fives")[0]
    assert not ace_of_hearts(plain) and not ace_of_diamonds(plain)
    opening = make_questions({"kind": "bids", "calls": []}, "five-hundred")[0]
    assert not bid_table_order(opening)
    after_clubs = make_questions({"kind": "bids", "calls": ["pass", "7C"]}, "five-hundred")[0]
    assert bid_table_order(after_clubs)
    open_phase = make_questions({"kind": "legal", "trump": "C", "phase": "open", "hand": ["9H", "AH"],
                                 "plays": ["10H"]}, "sixty-six")[0]
    assert not head_the_trick(open_phase)

"""Claims about decisions before the first lead (issue 32, part 3): going alone in Euchre, the discards after taking
the kitty in Five Hundred, closing the stock in Sixty-Six. Each choice is made on deals of the cards the seat cannot
see, as it may imagine them, and the rest of the hand is valued by the solver (or, with Sixty-Six's stock open, by the
whole-hand search) with every card known; a call in the auction cannot be valued and is refused."""

from __future__ import annotations

import random
import tomllib

import pytest

from atout.engine import Action
from atout.games import package_of
from atout.lessons import LESSONS_DIR, LessonError, parse_lesson
from atout.position import hand_from_text
from atout.strategy import (
    Discards,
    StrategyError,
    _imagined,
    choice_values,
    claim_problem,
    how_words,
)
from tests.lessons.test_lesson_check import refused

LESSONS = LESSONS_DIR
# The steps this work added, one per game: (the lesson's file, the claim as shipped, a wrong claim)
NEW_STEPS = {
    "euchre": ("euchre/04-playing-well.toml", ["alone"], ["with-partner"]),
    "five-hundred": ("five-hundred/10-playing-well.toml", ["discard AS KD JC"], ["discard AS KD 8C"]),
    "sixty-six": ("sixty-six/10-playing-well.toml", ["close"], ["KS"]),
}


def _shipped(family: str) -> dict:
    """The ``try`` of the shipped step whose claim is about a decision before the first lead."""
    path, claim, _wrong = NEW_STEPS[family]
    steps = tomllib.loads((LESSONS / path).read_text())["steps"]
    [spec] = [s["try"] for s in steps if s.get("try", {}).get("claim") == claim]
    return spec


def _lesson(family: str, spec: dict, claim: list[str]) -> str:
    """A lesson of one step holding ``spec`` with ``claim``, as a teacher would write it."""
    game = hand_from_text(spec["position"]).config.game
    rule = {"euchre": "eu.alone", "five-hundred": "500.kitty", "sixty-six": "66.close"}[family]
    lines = [f'id = "x-{family}"', f'family = "{family}"', f'game = "{game}"', "order = 1", f'rules = ["{rule}"]',
             'title = {en = "T"}', 'summary = {en = "S"}', "", "[[steps]]", 'text = {en = "A step."}', "",
             "[steps.try]", 'kind = "best"', f'check = "{spec.get("check", "exact")}"']
    if "samples" in spec:
        lines.append(f"samples = {spec['samples']}")
    lines.append("claim = [" + ", ".join(f'"{c}"' for c in claim) + "]")
    if "compare" in spec:
        lines.append("compare = [" + ", ".join(f'"{c}"' for c in spec["compare"]) + "]")
    lines += ['why = {en = "Because."}', f'position = """{spec["position"]}"""', ""]
    return "\n".join(lines)


def _claimed(spec: dict, hand) -> list:
    if "compare" in spec:
        return [Discards.parse(c) for c in spec["claim"]]
    return [a for a in hand.legal_actions() if str(a) in spec["claim"] or
            (a.kind == "play" and a.card is not None and a.card.code in spec["claim"])]


def _compare(spec: dict) -> tuple:
    return tuple(Discards.parse(c) for c in spec.get("compare", ()))


@pytest.mark.parametrize("family", list(NEW_STEPS))
def test_each_new_claim_holds_where_the_lesson_shows_it(family, tmp_path):
    spec = _shipped(family)
    text = _lesson(family, spec, spec["claim"])
    [question] = parse_lesson(text, tmp_path / family / "01.toml").step_questions(0)
    assert question.answer == spec["claim"] or question.answer == [c for c in spec["claim"]]
    right = question.check(question.answer)
    assert right.correct and "double-dummy" in right.text and "take the values as a guide" in right.text


@pytest.mark.parametrize("family", list(NEW_STEPS))
def test_each_new_claim_made_wrong_is_refused_naming_the_values(family, tmp_path):
    spec = _shipped(family)
    path, claim, wrong = NEW_STEPS[family]
    problem = refused(tmp_path, {f"{family}/01.toml": _lesson(family, spec, wrong)})
    assert "step 1: the claim does not hold:" in problem and "is claimed best, but the sampler finds" in problem, \
        problem
    assert "about" in problem and "±" in problem


def test_the_wrong_claims_name_what_the_sampler_found(tmp_path):
    problem = refused(tmp_path, {"euchre/01.toml": _lesson("euchre", _shipped("euchre"), ["with-partner"])})
    assert "the claim does not hold: playing with your partner is claimed best, but the sampler finds going alone " \
           "best (going alone: about 3.1 points, ± 0.1; playing with your partner: about 1.7 points, ± 0.04)" in problem


@pytest.mark.parametrize("other_seed", [1, 2])
@pytest.mark.parametrize("family", list(NEW_STEPS))
def test_each_new_claim_holds_on_other_deals_too(family, other_seed):
    spec = _shipped(family)
    hand = hand_from_text(spec["position"])
    values = choice_values(hand, "sampled", spec["samples"], other_seed, _compare(spec))
    problem = claim_problem(values, _claimed(spec, hand))
    assert problem is None, problem.render("en")


def test_going_alone_is_valued_with_every_hand_known_too():
    """With the cards as dealt, the partner holds the left bower: playing with the partner marches (2), alone the
    maker takes four tricks (1). An exact claim says so, and the sampled claim is about what the dealer can see."""
    hand = hand_from_text(_shipped("euchre")["position"])
    values = choice_values(hand, "exact")
    assert [(str(w.action), w.score) for w in values.worths] == [("with-partner", 2), ("alone", 1)]
    assert [str(a) for a in values.best] == ["with-partner"] and values.model == "rest"
    assert how_words(values).render("en").startswith("The solver valued each choice with every card known")


def test_a_call_in_the_auction_is_refused_not_guessed():
    """Passing or ordering up: what it is worth depends on the others' calls, which the solver does not value."""
    hand = package_of("euchre").new_hand("euchre", seed=8)
    assert {a.kind for a in hand.legal_actions()} == {"pass", "order"}
    for how in ("exact", "sampled"):
        with pytest.raises(StrategyError) as refusal:
            choice_values(hand, how)
        assert "a call in the bidding cannot be checked: what it is worth depends on the calls the other players " \
               "would make" in str(refusal.value)
    five_hundred = package_of("five-hundred").new_hand("five-hundred", seed=3)
    with pytest.raises(StrategyError, match="a call in the bidding cannot be checked"):
        choice_values(five_hundred, "sampled")


def test_discards_are_named_in_full_and_only_where_cards_are_discarded(tmp_path):
    spec = _shipped("five-hundred")
    hand = hand_from_text(spec["position"])
    with pytest.raises(StrategyError, match="there are too many ways to discard to value them all"):
        choice_values(hand, "sampled", 10)
    with pytest.raises(StrategyError, match="after these discards there are more to make"):
        choice_values(hand, "sampled", 10, 0, (Discards.parse("discard AS KD"), Discards.parse("discard 4H 4D")))
    with pytest.raises(StrategyError, match=r"discard AS KD 7S is not a choice in this position"):
        choice_values(hand, "sampled", 10, 0, (Discards.parse("discard AS KD JC"), Discards.parse("discard AS KD 7S")))
    euchre = hand_from_text(_shipped("euchre")["position"])
    with pytest.raises(StrategyError, match="discards are compared only where cards are discarded"):
        choice_values(euchre, "sampled", 10, 0, (Discards.parse("discard 9H AS"),))
    text = _lesson("five-hundred", spec, ["discard 5H 6C 8S"])
    with pytest.raises(LessonError) as refusal:
        parse_lesson(text, tmp_path / "five-hundred" / "01.toml")
    assert "step 1: claim: 'discard 5H 6C 8S' is not among the discards compared: discard AS KD JC, " \
           "discard AS KD 8C, discard 4H 4D 5C" in str(refusal.value)


def test_each_imagined_deal_keeps_what_the_dealer_saw_and_moves_the_rest():
    """The Euchre dealer at the choice to go alone: its own five cards and the up-card stay, the auction is replayed,
    and the fifteen cards of the other hands and the kitty's three are dealt again (the up-card is not yet in the
    dealer's hand: it lies on the table until the maker has spoken)."""
    hand = hand_from_text(_shipped("euchre")["position"])
    me = hand.to_act
    assert me == hand.dealer == 1
    others_seats = [s for s in range(4) if s != me]
    rng = random.Random(5)
    others = set()
    for _ in range(30):
        world = _imagined(hand, me, rng, "rest")
        assert world.hands[me] == hand.hands[me] and world.up_card == hand.up_card
        assert world.history[1:] == hand.history[1:] and world.deciding_alone and world.to_act == me
        hidden = [c.code for s in others_seats for c in world.hands[s]] + [c.code for c in world.kitty]
        assert sorted(hidden) == sorted([c.code for s in others_seats for c in hand.hands[s]] +
                                        [c.code for c in hand.kitty])
        others.add(tuple(sorted(c.code for c in world.hands[3])))
    assert len(others) == 30          # the partner's hand is dealt again each time


def test_the_up_card_is_not_counted_in_the_dealers_hand_before_it_is_taken_up():
    """The view at the choice to go alone: the up-card still lies on the table, so no deal puts it in the dealer's
    five cards (before, the sampler gave the dealer the up-card and four more, and the kitty a card of the dealer's)."""
    from atout.players.euchre import knowledge

    hand = hand_from_text(_shipped("euchre")["position"].replace("actions: pass, pass, pass, order",
                                                                  "actions: pass, pass, order"))
    assert hand.deciding_alone and hand.to_act == 0 and hand.dealer == 1
    know = knowledge(hand.view(0))
    assert know.known == {} and hand.up_card not in know.unseen and know.sizes == {1: 5, 2: 5, 3: 5}
    assert len(know.unseen) == 18          # fifteen in the other hands, three in the kitty


def test_sixty_six_samples_the_other_hand_and_the_order_of_the_stock():
    spec = _shipped("sixty-six")
    hand = hand_from_text(spec["position"])
    rng = random.Random(3)
    stocks, hands = set(), set()
    for _ in range(40):
        world = _imagined(hand, 0, rng, "whole")
        assert sorted(world.hands[0]) == sorted(hand.hands[0]) and world.turn_up == hand.turn_up
        stock = tuple(c.code for c in world.deck_order[world.next_card:])
        assert len(stock) == 3
        stocks.add(stock)
        hands.add(tuple(sorted(c.code for c in world.hands[1])))
        unseen = {c.code for c in hand.hands[1]} | {c.code for c in hand.deck_order[hand.next_card:]}
        assert set(stock) | {c.code for c in world.hands[1]} == unseen
    assert len(stocks) > 10 and len(hands) > 5
    # the same cards in another order are another deal: some deals share the opponent's hand, not the stock's order
    assert len({s for s in stocks}) > len({tuple(sorted(s)) for s in stocks})


def test_the_feedback_says_it_in_the_readers_language(tmp_path):
    from atout.i18n import language

    spec = _shipped("sixty-six")
    [question] = parse_lesson(_lesson("sixty-six", spec, spec["claim"]),
                              tmp_path / "sixty-six" / "01.toml").step_questions(0)
    with language("fr"):
        said = question.check(["close"]).text.replace("\xa0", " ").replace("\u202f", " ")
    assert "donnes des cartes de votre adversaire et de l'ordre du talon" in said and "« à jeux ouverts »" in said
    assert "Ce que vaut chaque choix : fermer le talon : environ 1,6 point de partie, ± 0,1 ;" in said


def test_a_discard_set_is_a_button_of_its_own(tmp_path):
    spec = _shipped("five-hundred")
    [question] = parse_lesson(_lesson("five-hundred", spec, spec["claim"]),
                              tmp_path / "five-hundred" / "01.toml").step_questions(0)
    assert question.choices == spec["compare"] and not question.cards and not question.shown["open"]
    assert question.labels["discard AS KD JC"].render("en") == "Discard A♠, K♦, and J♣"
    wrong = question.check(["discard 4H 4D 5C"])
    assert not wrong.correct and wrong.text.startswith("Here your choice, discarding 4♥, 4♦, and 5♣, is worth about")



def test_a_misere_is_scored_with_one_probe_as_its_exact_count_scores_it():
    """The misère after each discard set: ``solve_score`` (one probe: every trick to the defenders or not) proves the
    same score for every seat as the exact count of tricks, on deals of the hidden cards."""
    from atout.solver import solve_score, solve_value
    from atout.solver.scoring import scorer

    spec = _shipped("five-hundred")
    hand = hand_from_text(spec["position"])
    rng = random.Random(2)
    scores = set()
    for _ in range(6):
        world = _imagined(hand, hand.to_act, rng, "rest")
        for discards in _compare(spec):
            after = world.copy()
            for card in discards.cards:
                after.apply(Action("discard", card))
            for seat in range(4):
                if seat == after.sitting_out:
                    continue
                score = scorer(after, seat)
                assert score.whose == "contract"
                proven = solve_score(after, seat, score)
                assert proven == score(solve_value(after, seat).lo)
                scores.add(proven)
    assert scores == {250, -250}


def test_a_decision_followed_by_others_the_check_cannot_value_is_refused_before_any_deal():
    """Auction Forty-Fives' high bidder naming trumps: the kitty and everyone's discards and draws follow, which the
    check does not value. It says so, on the hand itself, before dealing the hidden cards (the seat's knowledge has
    no trumps to read yet: dealing first crashed)."""
    hand = package_of("auction-forty-fives").new_hand("auction-forty-fives", seed=3)
    from atout.players import make_player

    players = [make_player("auction-forty-fives", "club", seed=i) for i in range(4)]
    while hand.phase.value == "bid":
        hand.apply(players[hand.to_act].act(hand, hand.to_act))
    assert {a.kind for a in hand.legal_actions()} == {"trump", "kitty"}
    for how in ("exact", "sampled"):
        with pytest.raises(StrategyError) as refusal:
            choice_values(hand, how, 10)
        assert "after this choice, more decisions come before the first card is played, and the check does not " \
               "value them" in str(refusal.value)


def test_sixty_six_with_the_stock_open_is_valued_exactly_when_every_card_and_the_stocks_order_are_known():
    """The shipped position as dealt: closing, or leading the 10♠ or any ace or the K♠, wins 1 game point; the K♣
    loses 1. So an exact claim that closing alone is best would be refused; sampled, closing is ahead."""
    hand = hand_from_text(_shipped("sixty-six")["position"])
    values = choice_values(hand, "exact")
    assert [(str(w.action), w.score) for w in values.worths] == [
        ("close", 1), ("play 10S", 1), ("play AC", 1), ("play AD", 1), ("play AS", 1), ("play KS", 1),
        ("play KC", -1), ("declare", -2)]
    assert values.model == "whole" and claim_problem(values, [Action("close")]) is not None

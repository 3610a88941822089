"""The deal stepper, driven as a user drives it: buttons clicked, the slider and the Play widget moved."""

from __future__ import annotations

import random
import re
from html import escape

import pytest

from atout.cards import Card
from atout.engine import Action, HandStart
from atout.errors import ConfigError
from atout.five_hundred import FiveHundredHand
from atout.forty_fives import FortyFivesHand
from atout.games import package_of
from atout.sixty_six import SixtySixHand
from atout.widgets.language import set_page_language
from atout.widgets.stepper import DealStepper
from tests.registry import one_game_per_family
from tests.widgets import fake_french


def played(hand, seed: int = 1):
    """The hand played to the end with seeded random legal actions."""
    rng = random.Random(seed)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@pytest.fixture(scope="module")
def auction_hand():
    return played(FortyFivesHand.new("auction-forty-fives", seed=3, players=4))


@pytest.fixture(scope="module")
def turn_up_hand():
    return played(FortyFivesHand.new("forty-fives", seed=5, players=4), seed=2)


def core_steps(hand):
    """What core says happened, step by step: each deal packet (the deal's explanation), then every
    flattened event after the deal (its turn-up included)."""
    deal = hand.events[0]
    later = {e.kind for e in list(deal.flatten())[1:]}
    packets = [p for p in hand.deal_packets() if p[0] not in later]
    flat = list(deal.flatten())[1:] + [e for event in hand.events[1:] for e in event.flatten()]
    return packets, flat


def seat_cards(stepper) -> dict[int, list[str]]:
    """The cards the stepper's table shows in each seat, in the deck's order (the table sorts each hand)."""
    return {seat["seat"]: sorted(seat["cards"] or [], key=lambda code: Card.parse(code).index)
            for seat in stepper.table.state["seats"]}


def deck_order(cards) -> list[str]:
    return [c.code for c in sorted(cards, key=lambda card: card.index)]


@pytest.mark.parametrize("fixture", ["auction_hand", "turn_up_hand"])
def test_steps_are_core_packets_then_core_flattened_events(fixture, request):
    hand = request.getfixturevalue(fixture)
    stepper = DealStepper(hand)
    packets, flat = core_steps(hand)
    assert [s.packet for s in stepper.steps if s.kind == "packet"] == packets
    assert [s.event for s in stepper.steps if s.kind == "event"] == flat
    assert stepper.steps[len(packets)].event.kind == ("turn-up" if fixture == "turn_up_hand" else "bid")
    assert stepper.steps[-1].event.kind == "score"


def test_clicking_forward_shows_at_each_step_exactly_cores_explanation_and_rule(auction_hand):
    stepper = DealStepper(auction_hand)
    packets, flat = core_steps(auction_hand)
    deal_why = auction_hand.events[0].explanation
    expected = [deal_why] * len(packets) + [e.explanation_for(None) for e in flat]      # every hand face up
    for k, why in enumerate(expected):
        assert stepper.step == k
        shown = stepper.explanation_html.value
        assert escape(why.sentence()) in shown
        assert f'data-rule="{why.rule}"' in shown
        read = re.sub(r'<abbr class="atout-rule-id"[^>]*>[^<]*</abbr>', "", shown)    # the rule's hover mark aside
        assert why.rule not in read and ">Rule<" not in read, read                # the learner reads sentences
        assert f"Step {k + 1} of {len(expected)}" in stepper.position_html.value
        if k < len(expected) - 1:
            stepper.next_button.click()
    assert stepper.next_button.disabled and stepper.last_button.disabled


def test_the_table_at_each_step_is_the_hand_replayed_by_core(turn_up_hand):
    hand = turn_up_hand
    stepper = DealStepper(hand)
    for k, step in enumerate(stepper.steps):
        if step.kind != "event":
            continue
        stepper.go(k)
        replayed = FortyFivesHand.replay(hand.config, hand.history[:step.action_index + 1], hand.dealer,
                                         hand.start())
        shown = seat_cards(stepper)
        assert shown == {s: deck_order(replayed.hands[s]) for s in range(hand.n)}
        assert [c.code for c in stepper.state_at().hands[0]] == [c.code for c in replayed.hands[0]]


def test_deal_packets_arrive_one_by_one(turn_up_hand):
    hand = turn_up_hand
    stepper = DealStepper(hand)
    packets, _ = core_steps(hand)
    dealt: dict[int, list[Card]] = {s: [] for s in range(hand.n)}
    for k, (_what, seat, cards) in enumerate(packets):
        stepper.go(k)
        dealt[seat] += list(cards)
        assert seat_cards(stepper) == {s: deck_order(held) for s, held in dealt.items()}
        assert set(stepper.table.state["seats"][seat]["ringed"]) == {c.code for c in cards}
        assert escape(f"Player {seat + 1} receives") in stepper.explanation_html.value
    after_deal = FortyFivesHand.replay(hand.config, hand.history[:1], hand.dealer, hand.start())
    assert {s: deck_order(held) for s, held in dealt.items()} == {s: deck_order(after_deal.hands[s])
                                                                  for s in range(hand.n)}
    assert stepper.table.state["status"] == "The deal"    # heading the table, as a heading is written
    set_page_language("fr")
    try:
        assert stepper.table.state["status"] == "La donne"
    finally:
        set_page_language("en")
    stepper.next_button.click()   # the turn-up, an event of its own
    assert stepper.current.event.kind == "turn-up"
    assert stepper.table.state["turn_up"] == hand.turned_card.code


def test_a_seat_watching_the_deal_is_told_only_its_own_cards(turn_up_hand):
    """Another seat's packet is counted, never named, as the table shows it face down (a student following the
    teacher from their seat); every hand face up, every packet is named."""
    hand = turn_up_hand
    packets, _ = core_steps(hand)
    watching, teacher = DealStepper(hand, viewer=1), DealStepper(hand)
    for k, (_what, seat, cards) in enumerate(packets):
        watching.go(k)
        teacher.go(k)
        named = Card.parse(cards[0].code).render("en")
        assert named in teacher.explanation_html.value
        if seat == 1:
            assert named in watching.explanation_html.value
        else:
            assert escape(f"Player {seat + 1} receives {len(cards)} cards") in watching.explanation_html.value
            assert not any(c.render("en") in watching.explanation_html.value for c in cards)


def test_the_classroom_walk_through_names_player_1_in_its_sentences_as_its_table_does(turn_up_hand):
    """The classroom walks through Player 1's hand (viewer 0) at a table where nobody is "you": its sentences said
    "You lead 5♠" and "You receive …" beside a seat named "Player 1"."""
    hand = turn_up_hand
    stepper = DealStepper(hand, viewer=0)
    assert [seat["name"] for seat in stepper.table.state["seats"] if seat["seat"] == 0] == ["Player 1"]
    def sentence(shown: str) -> str:        # the step's own sentence (the rule's statement under it says "you")
        return re.search(r'<p class="atout-(?:sentence|packet)">(.*?)</p>', shown, re.S).group(1)

    spoken = []
    for k in range(len(stepper.steps)):
        stepper.go(k)
        spoken.append(sentence(stepper.explanation_html.value))
    plays = [said for said, step in zip(spoken, stepper.steps, strict=True)
             if step.packet is None and step.event.kind == "play" and step.event.seat == 0]
    assert plays and all(said.startswith("Player 1 ") for said in plays), plays
    assert not [said for said in spoken if re.search(r"\b(You|you|your|Your)\b", said)]
    following = DealStepper(hand, viewer=0)
    following.table.you = 0            # a student following from their seat, which their table calls "You"
    following.go(next(k for k, step in enumerate(following.steps)
                      if step.packet is None and step.event.kind == "play" and step.event.seat == 0))
    assert sentence(following.explanation_html.value).startswith("You ")


def test_back_and_forward_buttons_and_their_limits(auction_hand):
    stepper = DealStepper(auction_hand)
    assert stepper.back_button.disabled and stepper.first_button.disabled
    for _ in range(5):
        stepper.next_button.click()
    stepper.back_button.click()
    stepper.back_button.click()
    assert stepper.step == 3
    stepper.last_button.click()
    assert stepper.step == len(stepper.steps) - 1 and stepper.next_button.disabled
    stepper.next_button.click()
    assert stepper.step == len(stepper.steps) - 1
    stepper.first_button.click()
    assert stepper.step == 0 and stepper.back_button.disabled


def test_one_step_counter_which_the_slider_matches(auction_hand):
    stepper = DealStepper(auction_hand)
    assert not stepper.slider.readout and stepper.slider.description == ""      # no second number beside the first
    for _ in range(4):
        stepper.next_button.click()
    n = len(stepper.steps)
    assert f">Step 5 of {n}</p>" in stepper.position_html.value and stepper.slider.value == 5
    assert (stepper.slider.min, stepper.slider.max) == (1, n)
    stepper.slider.value = n                     # dragged to the end: the counter follows
    assert f">Step {n} of {n}</p>" in stepper.position_html.value


def test_autoplay_is_linked_to_the_slider_at_the_chosen_speed(auction_hand):
    stepper = DealStepper(auction_hand)
    assert stepper.play.max == stepper.slider.max == len(stepper.steps)
    stepper.play.value = 8       # what the Play widget does at each tick
    assert stepper.step == 7 and "Step 8 of" in stepper.position_html.value
    assert escape(stepper.steps[7].explanation.sentence()) in stepper.explanation_html.value
    stepper.slider.value = 2
    assert stepper.play.value == 2
    fast = dict(stepper.speed.options)["fast"]
    stepper.speed.value = fast
    assert stepper.play.interval == fast < dict(stepper.speed.options)["slow"]


def test_the_stepper_takes_a_history_and_replays_it(auction_hand):
    history = [str(a) for a in auction_hand.history]
    stepper = DealStepper(history, game="auction-forty-fives", players=4)
    assert stepper.hand.history == [Action.parse(a) for a in history]
    direct = DealStepper(auction_hand)
    assert [s.explanation.render("en") for s in stepper.steps] == [s.explanation.render("en") for s in direct.steps]


def test_a_history_is_replayed_from_the_start_it_is_given():
    five_hundred = played(FiveHundredHand.new("five-hundred", seed=4))
    history = [str(a) for a in five_hundred.history]
    stepper = DealStepper(history, game="five-hundred", scores_before=[120, -40])
    assert stepper.hand.scores_before == [120, -40]
    assert stepper.hand.result.scores_after == [a + p for a, p in zip([120, -40], five_hundred.result.points,
                                                                       strict=True)]
    sixty_six = played(SixtySixHand.new("sixty-six", seed=4))
    history = [str(a) for a in sixty_six.history]
    carried = DealStepper(history, game="sixty-six", start=HandStart(carry=2), tie_carries=True)
    assert carried.hand.carry == 2 and carried.hand.start() == HandStart(carry=2)
    # A Sixty-Six hand has no scores before it (the set keeps them): said so, not a TypeError from deep inside.
    with pytest.raises(ConfigError, match="a Sixty-Six hand starts with no scores"):
        DealStepper(history, game="sixty-six", scores_before=[3, 0])


@pytest.mark.parametrize("preset", one_game_per_family())
def test_every_family_steps_through_the_same_protocol(preset):
    hand = package_of(preset).new_hand(preset, seed=4)
    played(hand, seed=3)
    stepper = DealStepper(hand)
    packets, flat = core_steps(hand)
    assert len(stepper.steps) == len(packets) + len(flat)
    stepper.last_button.click()
    why = flat[-1].explanation
    assert escape(why.sentence()) in stepper.explanation_html.value and why.rule in stepper.explanation_html.value


def test_the_page_language_switch_redraws_the_stepper(monkeypatch, turn_up_hand):
    fake_french(monkeypatch)
    stepper = DealStepper(turn_up_hand)
    stepper.go(len(stepper.steps) // 2)
    assert stepper.table.state["seats"][0]["name"] == "Player 1" and stepper.table.state["lang"] == "en"
    try:
        set_page_language("fr")
        assert stepper.table.state["seats"][0]["name"] == "Joueur 1" and stepper.table.state["lang"] == "fr"
        assert escape(stepper.current.explanation.sentence("fr")) in stepper.explanation_html.value
    finally:
        set_page_language("en")
    assert stepper.table.state["seats"][0]["name"] == "Player 1"

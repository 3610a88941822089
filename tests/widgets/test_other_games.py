"""Every widget works for every registered family (its first preset), Sixty-Six and Five Hundred as Forty-Fives: the
card table played by the browser's messages, the deal stepper, the bidding box, the classroom's deal codes and the
lessons' hands.

The table is driven as ``table.js`` drives it: only what the synced ``state`` offers is clicked (the cards
in ``state["legal"]`` and the buttons in ``state["actions"]``), through the custom messages anywidget
delivers to ``_handle_custom_msg``.
"""

from __future__ import annotations

import random
from html import escape

import pytest

from atout.cards import JOKER, Card, Suit
from atout.engine import Action, Phase
from atout.errors import ConfigError
from atout.five_hundred import FiveHundredHand
from atout.games import FAMILY_LIST, package_of, player_counts
from atout.lessons import load_lessons, played_hand
from atout.sixty_six import SixtySixHand
from atout.widgets.bidding import BiddingBox, auction_calls, call_action, call_grid, call_label
from atout.widgets.classroom import Classroom
from atout.widgets.lesson import step_widget
from atout.widgets.stepper import DealStepper, replay_prefix
from atout.widgets.table import CardTable
from tests.registry import one_game_per_family, rule_id_in_text, rule_prefixes
from tests.widgets import shown_codes, sorted_codes

GAMES = one_game_per_family()
PREFIX = {game: rule_prefixes(game) for game in GAMES}      # how each family's rule ids begin
RULE_IN_TEXT = rule_id_in_text()


def send(table: CardTable, content: dict) -> None:
    """What anywidget does with ``model.send(content)`` from the browser."""
    table._handle_custom_msg(content, [])


def new(game: str, seed: int, **options):
    return package_of(game).new_hand(game, seed=seed, **options)


def choices(state: dict) -> list[dict]:
    """Everything the browser offers to click: the playable cards and the action buttons."""
    return ([{"type": "play", "card": code} for code in state["legal"]]
            + [{"type": "action", "action": a["action"]} for a in state["actions"]])


def pick(rng: random.Random, state: dict) -> dict:
    """A seeded click that plays the hand out: closing the stock, declaring 66 and passing come last."""
    offered = choices(state)
    going_on = [m for m in offered if m.get("action", "").split(" ")[-1] not in ("close", "declare", "pass")]
    return rng.choice(going_on or offered)


def assert_offers_exactly_cores_actions(table: CardTable, hand) -> None:
    """The clickable cards and the buttons are core's legal actions, and every legal action can be reached."""
    state, legal = table.state, hand.legal_actions()
    cards = {Card.parse(code) for code in state["legal"]}
    buttons = [Action.parse(a["action"]) for a in state["actions"]]
    assert all(b in legal for b in buttons)
    assert cards <= {a.card for a in legal}
    for action in legal:
        assert action in buttons or action.card in cards, f"{action} cannot be reached"


def shown_by_core(view) -> set[str]:
    """The cards core's table view shows its viewer face up."""
    shown = [card for cards in view.hands if isinstance(cards, list) for card in cards]
    shown += [card for _seat, card in view.trick] + [card for _seat, card in view.last_trick or []]
    for pile in (view.kitty, view.discards):
        if isinstance(pile, list):
            shown += pile
    if view.turn_up is not None:
        shown.append(view.turn_up)
    return {card.code for card in shown}


def said(events) -> list[str]:
    return [e.explanation.render("en") for event in events for e in event.flatten()]


def random_opponent(seed: int):
    rng = random.Random(seed)
    return lambda hand, _seat: rng.choice(hand.legal_actions())


def advance(hand, rng: random.Random, until, limit: int = 400):
    """Play seeded random legal actions until ``until(hand)``; None when the hand ends first."""
    for _ in range(limit):
        if until(hand):
            return hand
        if hand.is_over:
            return None
        hand.apply(rng.choice(hand.legal_actions()))
    return None


def find(game: str, until, seeds=range(200)):
    for seed in seeds:
        found = advance(new(game, seed), random.Random(seed), until)
        if found is not None:
            return found
    raise AssertionError(f"no seeded {game} hand reaches the position")


# --- the card table, played as the browser plays it ----------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_teacher_plays_a_whole_seeded_hand_by_messages(game):
    hand = new(game, seed=11)
    table = CardTable(hand)
    rng = random.Random(5)
    moves = 0
    while not hand.is_over:
        assert_offers_exactly_cores_actions(table, hand)
        assert all(seat["visible"] for seat in table.state["seats"])          # the teacher sees every hand
        message = pick(rng, table.state)
        legal, before = list(hand.legal_actions()), len(hand.history)
        send(table, message)
        assert not table.refused, table.announcement
        done = hand.history[before]
        assert len(hand.history) == before + 1 and done in legal
        if message["type"] == "play":
            assert done.card == Card.parse(message["card"])
        else:
            assert str(done) == message["action"]
        lines = table.announcement.split("\n")
        assert lines == said(hand.events[before:])
        # each line is core's sentence; its rule, the family's, stays beside it, never inside it
        assert all(e.rule.startswith(PREFIX[game]) for event in hand.events[before:] for e in event.flatten())
        assert not any(RULE_IN_TEXT.search(line) for line in lines)
        moves += 1
    assert hand.tricks and not hand.legal_actions()
    if any(hand.hands):      # ended before the last card: only by a rule the family declares ends a hand early
        ending = {e.rule for event in hand.events[-1:] for e in event.flatten()}
        assert ending & type(hand).EARLY_END_RULES, (ending, [len(h) for h in hand.hands])
    assert table.state["over"] and table.state["status"] == "The hand is over"
    assert table.state["actions"] == [] and table.state["legal"] == [] and not table.state["can_act"]
    assert [row["score"] for row in table.state["scores"]] == hand.table_view(None).scores


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_sees_only_its_own_hand_while_the_computer_plays_the_others(game):
    hand = new(game, seed=21)
    table = CardTable(hand, viewer=0, opponents=random_opponent(3), show_legal=True)
    rng = random.Random(8)
    while not hand.is_over:
        state = table.state
        assert state["to_act"] == 0 and state["can_act"]         # the opponents have played up to the viewer
        for seat in state["seats"][1:]:
            assert not seat["visible"] and seat["cards"] is None and seat["count"] == len(hand.hands[seat["seat"]])
        # every card but those core's table shows the seat (its hand, the trick, a turned card…): the others'
        # hands, a stock's order, a kitty
        hidden = {c.code for c in hand.all_cards()} - shown_by_core(hand.table_view(0))
        assert hidden >= {c.code for seat in range(1, len(hand.hands)) for c in hand.hands[seat]}
        if not hand.table_view(0).tricks_won:          # (Sixty-Six: only whether each has won a trick)
            assert all(seat["tricks"] is None for seat in state["seats"])
        assert not hidden & shown_codes(state), "a card the seat may not see was sent to the browser"
        assert list(table.faces["cards"]) == sorted_codes(hand.deck_order), "drawings in the deck order, not the deal's"
        assert sorted(state["seats"][0]["cards"]) == sorted(c.code for c in hand.hands[0])
        assert_offers_exactly_cores_actions(table, hand)
        send(table, pick(rng, state))
        assert not table.refused, table.announcement
    assert table.state["over"]


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_may_not_act_out_of_turn(game):
    hand = new(game, seed=2)
    viewer = (hand.to_act + 1) % len(hand.hands)
    table = CardTable(hand, viewer=viewer)
    history = list(hand.history)
    send(table, {"type": "play", "card": hand.hands[viewer][0].code})
    send(table, {"type": "action", "action": str(hand.legal_actions()[0])})
    assert hand.history == history and table.refused
    assert table.announcement == f"Wait for your turn (to play: Player {hand.to_act + 1})"


def _following_with_illegal_cards(game: str):
    def reached(hand) -> bool:
        view = hand.table_view(None)
        return bool(view.trick) and any(why.rule.startswith(PREFIX[game]) for why in view.illegal.values())

    return find(game, reached)


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_card_is_refused_with_cores_sentence_and_the_state_is_unchanged(game):
    hand = _following_with_illegal_cards(game)
    table = CardTable(hand, show_legal=True)
    card, why = next(iter(hand.table_view(None).illegal.items()))
    assert table.state["illegal"][card.code] == why.render("en")               # the tooltip is core's sentence
    assert card.code not in table.state["legal"]
    history, hands, state = list(hand.history), [list(h) for h in hand.hands], table.state

    send(table, {"type": "play", "card": card.code})

    assert hand.history == history and hand.hands == hands
    assert table.refused and table.last_refusal.rule == why.rule
    assert table.announcement == hand.explain_illegal(Action("play", card)).render("en") == why.render("en")
    assert why.rule.startswith(PREFIX[game]) and not RULE_IN_TEXT.search(table.announcement)
    assert {k: v for k, v in table.state.items() if k != "said_id"} == {
        k: v for k, v in state.items() if k != "said_id"}


# --- Sixty-Six's table: what each seat sees, the draw, closing, marriages ---------------------------------


def test_sixty_six_a_seat_sees_the_turned_trump_the_stock_count_and_no_running_totals():
    hand = SixtySixHand.new("sixty-six", seed=1)
    seat = hand.to_act
    view = hand.table_view(seat)
    assert view.players == 2 and view.trump is hand.trump and view.turn_up == hand.turned_card
    assert view.stock == 11 and view.kitty == 0 and view.phase == "play"
    assert view.hands[seat] == hand.hands[seat] and view.hands[1 - seat] == 6
    # No scores to show: the running points are the players' to remember, and the hand has given no game points yet
    # (its game points, 0 all hand long beside 55 points taken, read as the points taken: issue 33).
    assert view.scores == [] and view.score_unit is None and view.tricks_won == [] and view.last_trick is None
    assert [n.render("en") for n in view.notes] == ["Player 1 has not won a trick yet",
                                                    "Player 2 has not won a trick yet"]
    assert view.notes[seat].render("en", seat) == "You have not won a trick yet"
    teacher = hand.table_view(None)
    assert teacher.hands == hand.hands and teacher.tricks_won == [0, 0]
    assert [label.render("en") for label in teacher.score_labels] == ["Points of Player 1", "Points of Player 2"]
    shown = SixtySixHand.new("sixty-six", seed=1, show_totals=True)
    for action in ("play 9D", "play AD"):
        shown.apply(action)
    assert shown.table_view(1).scores == [11, 0] == [shown.points(0), shown.points(1)]
    assert shown.table_view(1).score_unit.render("en") == "Points counted toward 66 this hand"


def test_sixty_six_the_trick_just_won_stays_before_each_seat_until_it_acts_then_only_the_teacher_sees_it():
    hand = SixtySixHand.new("sixty-six", seed=1)
    table = CardTable(hand, viewer=0)
    for action in ("play 9D", "play AD"):
        hand.apply(action)
    table.refresh()
    view = hand.table_view(1)
    assert view.last_trick == [(1, Card.parse("9D")), (0, Card.parse("AD"))] and view.last_trick_winner == 0
    assert view.phase == "draw" and hand.table_view(0).legal == [Action("close"), Action("draw")]
    assert table.state["last_trick"]["label"] == "Last trick (winner: You)"
    assert "You have won a trick" in table.state["notes"]        # the learner, as the table names them
    send(table, {"type": "play", "card": hand.hands[0][0].code})              # draw or close first
    assert table.refused and table.last_refusal.rule == "66.draw" and len(hand.history) == 3
    send(table, {"type": "action", "action": "draw"})
    assert not table.refused and hand.history[-1] == Action("draw")
    assert table.announcement == hand.events[-1].explanation.render("en", 0)
    # The winner has acted since (drawn): gathered for them; Player 2 has not acted since, and still sees it.
    assert hand.table_view(0).last_trick is None and hand.table_view(1).last_trick == view.last_trick
    assert table.state["last_trick"] is None
    assert hand.table_view(None).last_trick_winner == 0 and hand.table_view(0).stock == 9


def test_sixty_six_closing_turns_the_trump_face_down_and_the_table_says_so():
    hand = SixtySixHand.new("sixty-six", seed=1)
    table = CardTable(hand)
    turned = hand.turn_up
    buttons = [a["action"] for a in table.state["actions"]]
    assert buttons == ["close"] and table.state["actions"][0]["label"] == "Close the stock"
    send(table, {"type": "action", "action": "close"})
    assert hand.closer == 1 and hand.events[-1].rule == "66.close"
    view = hand.table_view(0)
    assert view.turn_up is None and view.stock == 12                    # 11 face down and the turned trump
    closed = f"Player 2 closed the stock: the turned-up trump, {turned.render('en')}, lies face down"
    assert closed in table.state["notes"]
    assert table.state["turn_up"] is None and table.state["stock"] == 12


def test_sixty_six_a_marriage_is_a_button_then_the_lead_must_be_its_king_or_queen():
    def marriage_on_lead(hand) -> bool:
        return any(a.kind == "marriage" for a in hand.legal_actions())

    hand = find("sixty-six", marriage_on_lead)
    table = CardTable(hand, show_legal=True)
    marriage = next(a for a in hand.legal_actions() if a.kind == "marriage")
    king, queen = marriage.card, Card.parse("Q" + marriage.card.suit.letter)
    assert king.code in table.state["legal"]                            # a click on the king leads it
    label = f"Declare the marriage in {marriage.card.suit.render('en')}"
    assert {"action": str(marriage), "label": label} in table.state["actions"]
    send(table, {"type": "action", "action": str(marriage)})
    assert hand.history[-1] == marriage and hand.married is marriage.card.suit
    assert sorted(table.state["legal"]) == sorted([king.code, queen.code])
    other = next((c for c in hand.hands[hand.to_act] if c not in (king, queen)), None)
    if other is not None:
        history = list(hand.history)
        send(table, {"type": "play", "card": other.code})
        assert hand.history == history and table.last_refusal.rule == "66.marriage"
        assert table.state["illegal"][other.code] == table.announcement
    note = (f"Player {hand.to_act + 1} declared the marriage in {marriage.card.suit.render('en')}: the lead must be "
            f"its king or queen")
    assert note in table.state["notes"]
    send(table, {"type": "play", "card": queen.code})
    assert hand.history[-1] == Action("play", queen) and not table.refused


def test_sixty_six_explain_illegal_copy_and_deal_packets():
    hand = SixtySixHand.new("sixty-six", seed=4)
    assert all(hand.explain_illegal(a) is None for a in hand.legal_actions())
    why = hand.explain_illegal("draw")
    assert why.rule == "66.draw" and hand.explain_illegal(Action("exchange", Card.parse("9S"))).rule.startswith("66.")
    copy = hand.copy()
    assert copy is not hand and copy.history == hand.history and copy.hands == hand.hands
    packets = hand.deal_packets()
    assert [(what, len(cards)) for what, _seat, cards in packets] == [("hand", 3)] * 4 + [("turn-up", 1), ("stock", 11)]
    for seat in range(2):
        assert sorted(c for what, s, cards in packets if s == seat for c in cards) == sorted(hand.hands[seat])
    assert packets[4][2] == [hand.turned_card]
    with pytest.raises(ConfigError):
        SixtySixHand.new("sixty-six", seed=4, players=4)
    assert SixtySixHand.new("sixty-six", seed=4, players=2).hands == hand.hands


def test_sixty_six_a_marriage_named_by_its_queen_is_allowed_as_apply_allows_it():
    hand = find("sixty-six", lambda h: any(a.kind == "marriage" for a in h.legal_actions()))
    marriage = next(a for a in hand.legal_actions() if a.kind == "marriage")
    by_queen = f"marriage Q{marriage.card.suit.letter}"
    assert hand.explain_illegal(by_queen) is None
    table = CardTable(hand)
    send(table, {"type": "action", "action": by_queen})
    assert not table.refused and hand.history[-1] == marriage


# --- Five Hundred's table: the kitty, the joker led in no trumps ---------------------------------------


def test_five_hundred_the_kitty_is_shown_once_and_the_discards_to_the_contractor_only():
    """The kitty taken is in the contractor's hand (13 cards), not a second time on the table; while the
    contractor discards, the cards discarded so far lie apart, face up to the contractor only."""
    hand = find("five-hundred", lambda h: h.phase is Phase.KITTY)
    contractor = hand.contractor
    table = CardTable(hand, viewer=contractor)
    # The kitty taken is in the contractor's hand: shown there once, each of its cards marked, not again as a pile.
    assert table.state["kitty_cards"] == [] and table.state["kitty"] == 0
    mine = table.state["seats"][contractor]
    assert sorted(mine["from_kitty"]) == sorted(c.code for c in hand.kitty_taken)
    assert set(mine["from_kitty"]) <= set(mine["cards"]) and len(mine["cards"]) == 13
    assert table.state["discards"] == 0
    assert table.state["hint"] == "Choose a card to discard"
    other = CardTable(hand, viewer=(contractor + 1) % 4)
    assert not {c.code for c in hand.kitty_taken} & shown_codes(other.state)
    card = hand.hands[contractor][0]
    send(table, {"type": "play", "card": card.code})                   # a click discards in the kitty phase
    assert hand.history[-1] == Action("discard", card) and hand.events[-1].rule.startswith("500.")
    assert table.state["discards_cards"] == [card.code] and table.state["discards_label"] == "Discarded: 1"
    assert card.code not in table.state["seats"][contractor]["cards"]             # once, among the discards
    other.refresh()
    assert other.state["discards"] == 1 and other.state["discards_cards"] is None
    assert card.code not in shown_codes(other.state)
    kitty_card = next(c for c in hand.kitty_taken if c in hand.hands[contractor])
    send(table, {"type": "play", "card": kitty_card.code})              # a kitty card discarded: shown once, apart
    state = table.state
    assert state["discards_cards"] == [card.code, kitty_card.code] and state["kitty_cards"] == []
    assert kitty_card.code not in state["seats"][contractor]["cards"] + state["seats"][contractor]["from_kitty"]


def test_five_hundred_the_joker_led_in_no_trumps_names_a_suit_with_the_buttons():
    def joker_lead(hand) -> bool:
        return any(a.card is JOKER and isinstance(a.value, Suit) for a in hand.legal_actions())

    hand = find("five-hundred", joker_lead)
    table = CardTable(hand)
    named = [a for a in hand.legal_actions() if a.card is JOKER]
    buttons = {a["action"]: a["label"] for a in table.state["actions"]}
    for action in named:
        assert buttons[str(action)] == f"Play the joker naming {action.value.render('en')}"
    assert JOKER.code not in table.state["legal"]
    history = list(hand.history)
    send(table, {"type": "play", "card": JOKER.code})
    assert hand.history == history and table.refused
    assert table.announcement == "The joker may be played in more than one way: choose one of the buttons"
    send(table, {"type": "action", "action": str(named[-1])})
    assert hand.history[-1] == named[-1] and hand.trick.joker_suit is named[-1].value
    assert table.announcement == said([hand.events[-1]])[0] and hand.events[-1].rule == "500.joker.no-trump"
    assert f"The joker was led calling for {named[-1].value.render('en')}" in table.state["notes"]


def test_five_hundred_table_view_follows_the_engine_contract():
    hand = FiveHundredHand.new("five-hundred", seed=9)
    view = hand.table_view(2)
    assert view.players == 4 and view.kitty == 3 and view.stock == 0 and view.phase == "bid"
    assert view.hands[2] == hand.hands[2] and view.hands[1] == view.hands[3] == 10
    assert [str(label) for label in view.score_labels] == ["Players 1 and 3", "Players 2 and 4"]
    assert hand.explain_illegal(hand.legal_actions()[0]) is None
    assert hand.explain_illegal("bid hold").rule.startswith("500.")
    assert hand.copy().history == hand.history
    assert [(w, len(c)) for w, _s, c in hand.deal_packets()] == [("hand", 3)] * 4 + [("kitty", 3)] + [
        ("hand", 4)] * 4 + [("hand", 3)] * 4


# --- the deal stepper ----------------------------------------------------------------------------------


def played(hand, seed: int):
    rng = random.Random(seed)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def seat_cards(stepper) -> dict[int, list[str]]:
    """The cards the stepper's table shows in each seat, in the deck's order (the table sorts each hand)."""
    return {seat["seat"]: sorted(seat["cards"] or [], key=lambda code: Card.parse(code).index)
            for seat in stepper.table.state["seats"]}


@pytest.mark.parametrize("game", GAMES)
def test_the_stepper_steps_are_cores_flattened_events_over_real_tables(game):
    hand = next(h for seed in range(50) if (h := played(new(game, seed), seed)).events[-1].kind != "thrown-in")
    stepper = DealStepper(hand)
    deal = hand.events[0]
    later = {e.kind for e in list(deal.flatten())[1:]}
    packets = [p for p in hand.deal_packets() if p[0] not in later]
    flat = list(deal.flatten())[1:] + [e for event in hand.events[1:] for e in event.flatten()]
    assert [s.packet for s in stepper.steps if s.kind == "packet"] == packets
    assert [s.event for s in stepper.steps if s.kind == "event"] == flat
    assert stepper.steps[-1].event.kind == "score"
    last_of_action = {step.action_index: k for k, step in enumerate(stepper.steps)}
    for k, step in enumerate(stepper.steps):
        stepper.go(k)
        why = step.event.explanation_for(None)         # every hand face up: the kitty and discards named
        assert escape(why.sentence()) in stepper.explanation_html.value
        assert f'data-rule="{why.rule}"' in stepper.explanation_html.value and why.rule.startswith(PREFIX[game])
        if step.kind == "event" and last_of_action[step.action_index] == k:     # (the steps before it: its events)
            replayed = replay_prefix(hand, step.action_index + 1)
            assert seat_cards(stepper) == {s: [c.code for c in sorted(h, key=lambda card: card.index)]
                                           for s, h in enumerate(replayed.hands)}
    stepper.go(len(packets) - 1)          # the deal done, before the first event
    state, dealt = stepper.table.state, replay_prefix(hand, 1).table_view(None)
    assert state["stock"] == dealt.stock and state["kitty"] == (dealt.kitty if isinstance(dealt.kitty, int)
                                                                 else len(dealt.kitty))
    if dealt.stock:
        assert state["stock_label"] == f"Stock: {dealt.stock}"


def test_the_stepper_shows_sixty_six_closed_stock_and_marriages_in_notes():
    hand = SixtySixHand.new("sixty-six", seed=1)
    for action in ("play 9D", "play AD", "close"):
        hand.apply(action)
    played(hand, 2)
    stepper = DealStepper(hand)
    index = next(k for k, s in enumerate(stepper.steps) if s.event.kind == "close")
    stepper.go(index)
    assert any(note.startswith("Player 1 closed the stock") for note in stepper.table.state["notes"])
    assert 'data-rule="66.close.before-draw"' in stepper.explanation_html.value     # closed before drawing


# --- the bidding box (Five Hundred) ----------------------------------------------------------------------


def test_the_bidding_box_enables_cores_legal_calls_and_closed_ones_say_cores_reason():
    hand = FiveHundredHand.new("five-hundred", seed=5)
    box = BiddingBox(hand)
    legal = {a.value for a in hand.legal_actions()}
    assert {call for call, b in box.buttons.items() if not b.disabled} == legal
    for call, button in box.buttons.items():
        if button.disabled:
            why = hand.explain_illegal(Action("bid", None, call))
            assert why is not None and button.tooltip == why.render() and why.rule.startswith("500.")
    opening = next(c for c in ("7H", "7S", "6NT") if c in legal)
    seat = hand.to_act
    box.buttons[opening].click()
    assert auction_calls(hand) == [(seat, opening)] and hand.to_act != seat
    assert escape(hand.events[-1].explanation.sentence()) in box.said_html.value
    assert box.buttons[opening].disabled and box.reason(opening)                 # one may not call it again
    assert f"To call: Player {hand.to_act + 1}" in box.status_html.value
    assert call_label(opening) in box.table_html.value


def test_every_call_of_both_auction_games_is_written_and_said_as_french_writes_it():
    from atout.five_hundred.config import BID_WORDS, Strain
    from atout.forty_fives.hand import FortyFivesHand
    from atout.i18n import Text

    misere = FiveHundredHand.new("five-hundred", seed=5, options={"misere": True})
    calls = [c for row in call_grid(misere) for c in row]
    assert len(calls) == 28                                  # pass, the two misères and 25 bids
    french = {c: (call_label(c, "fr"), call_action(c, "fr")) for c in calls}
    assert french["pass"] == ("Passe", "Passe")               # the call, as a French bidding box writes it
    assert french["6S"] == ("6♠", "Annoncer 6 piques") and french["10D"] == ("10♦", "Annoncer 10 carreaux")
    assert french["7C"][1] == "Annoncer 7 trèfles" and french["8H"][1] == "Annoncer 8 cœurs"
    assert french["7NT"] == ("7 SA", "Annoncer 7 sans-atout")
    assert french["misere"] == ("Misère", "Misère") and french["open-misere"] == ("Misère ouverte", "Misère ouverte")
    for call, (_label, said) in french.items():               # core's words: a strain after a number is plural
        if call[0].isdigit():
            strain = Strain.parse(call.lstrip("0123456789"))
            assert said == "Annoncer " + Text(BID_WORDS[strain], n=int(call.rstrip("SCDHNT"))).render("fr"), call
            assert said.split()[-1] in ("piques", "trèfles", "carreaux", "cœurs", "sans-atout"), said
    auction = FortyFivesHand.new("auction-forty-fives", seed=2)
    calls = [c for row in call_grid(auction) for c in row]
    assert {c: call_label(c, "fr") for c in calls if not c.isdigit()} == {
        "pass": "Passe", "hold": "Je tiens", "30-for-60": "30 pour 60", "60-for-120": "60 pour 120"}
    assert call_action("15", "fr") == "Annoncer 15" and call_action("30-for-60", "fr") == "Annoncer 30 pour 60"


def test_a_closed_call_clicked_anyway_is_refused_and_changes_nothing():
    hand = FiveHundredHand.new("five-hundred", seed=5)
    box = BiddingBox(hand)
    box.buttons["7NT"].click()
    closed = next(call for call, b in box.buttons.items() if b.disabled)
    history = list(hand.history)
    box.call(closed)
    assert hand.history == history and box.error and "atout-error" in box.said_html.value


def test_the_bidding_box_follows_the_auction_to_its_end():
    hand = FiveHundredHand.new("five-hundred", seed=5)
    box = BiddingBox(hand)
    box.call("6S")
    while hand.phase is Phase.BID:
        box.buttons["pass"].click()
    assert hand.contractor is not None and all(b.disabled for b in box.buttons.values())
    assert "The auction is over" in box.status_html.value
    assert [e.kind for e in box.last_events][-2:] == ["contract", "kitty"]


# --- the classroom ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_classroom_deal_code_gives_the_student_the_teachers_hands(game):
    teacher = Classroom(game)
    players = teacher.players_picker.value
    assert [count for _label, count in teacher.players_picker.options] == player_counts(game)
    assert players in player_counts(game)
    code = teacher.new_deal(seed=4321)
    assert code in teacher.code_view.value
    student = Classroom(next(other for other in GAMES if other != game))
    assert student.join(code)
    assert student.game_picker.value == game and student.players_picker.value == players
    assert student.hand.hands == teacher.hand.hands == new(game, 4321, players=players).hands
    assert [s["cards"] for s in student.table.state["seats"]] == [s["cards"] for s in teacher.table.state["seats"]]


@pytest.mark.parametrize("game", GAMES)
def test_the_classroom_plays_hides_and_walks_through_the_other_games(game):
    room = Classroom(game)
    room.new_deal(seed=99)
    assert all(seat["visible"] for seat in room.table.state["seats"])
    room.every_hand.value = False
    seats = room.table.state["seats"]
    assert seats[0]["visible"] and not any(seat["visible"] for seat in seats[1:])
    assert room.table.state["to_act"] in (0, None)               # the computer has played up to seat 0
    room.command("next")
    assert room.mode.value == "walk" and room.stepper.step == 0      # the walk-through opens at step 1
    room.command("next")
    assert room.stepper.step == 1
    room.command("last")
    walked = room.stepper.hand
    assert walked.is_over and walked.history[0] == room.hand.history[0]        # the same deal, played out
    last = list(walked.events[-1].flatten())[-1]
    assert room.stepper.current.event is last and last.kind in ("score", "thrown-in")
    assert f'data-rule="{last.rule}"' in room.stepper.explanation_html.value and last.rule.startswith(PREFIX[game])


# --- lessons ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_played_hand_applies_the_lesson_actions_and_completes_a_guided_hand(game):
    first, rng, actions = new(game, 3), random.Random(3), []
    while len(actions) < 4:                        # a lesson's first actions, the hand still under way after them
        action = rng.choice(first.legal_actions())
        probe = first.copy()
        probe.apply(action)
        if probe.is_over:
            break
        first.apply(action)
        actions.append(str(action))
    hand = played_hand(game, 3, None, {}, actions)
    assert hand.history[1:] == [Action.parse(a) for a in actions] and not hand.is_over
    done = played_hand(game, 3, None, {}, actions, complete=True)
    assert done.is_over and done.history[:len(hand.history)] == hand.history
    assert DealStepper(done).steps[-1].event.kind == "score"


@pytest.mark.parametrize("family_id", [fam.id for fam in FAMILY_LIST])
def test_every_lesson_table_stepper_and_bidding_step_builds_from_core(family_id):
    lessons = [lesson for lesson in load_lessons() if lesson.family == family_id]
    shown = 0
    for lesson in lessons:
        for step in lesson.steps:
            if step.get("show") not in ("table", "stepper", "bidding"):
                continue
            widget = step_widget(step, lesson)
            shown += 1
            if isinstance(widget, CardTable):
                viewer = step.get("viewer")
                for seat in widget.state["seats"]:
                    assert seat["visible"] == (viewer is None or seat["seat"] == viewer)
                assert widget.state["to_act"] == widget.hand.to_act
            elif isinstance(widget, DealStepper):
                assert widget.steps and widget.hand.is_over
            else:
                assert isinstance(widget, BiddingBox)
    assert shown >= 5


def test_sixty_six_notes_keep_the_exchange_and_game_points_carried_in():
    hand = SixtySixHand.new("sixty-six", seed=1, carry=2)
    for action in ("play 9D", "play AD", "draw", "play 9H", "play 10H", "draw", "exchange 9C"):
        hand.apply(action)
    table = CardTable(hand, viewer=1)
    exchanged = hand.events[-1].explanation.sentence("en", viewer=1)      # said to the player who exchanged
    assert exchanged.startswith("You exchange ")           # the move, as it is made; the table keeps it as done
    assert exchanged.replace("You exchange ", "You exchanged ", 1) in table.state["notes"]
    assert table.state["turn_up"] == "9C"
    assert "Game points carried from tied hands, for this hand's winner: 2" in table.state["notes"]


def test_five_hundreds_ladder_of_calls_shows_each_call_alone_and_names_it_in_full():
    """Twenty-six buttons reading "Bid 7 no trumps" took three rows of a laptop's table and pushed it off the screen
    (issue 13): the ladder shows the call alone, after one "Bids:", each button still named "Bid …"."""
    from atout.games import package_of

    hand = package_of("five-hundred").new_hand("five-hundred", seed=1)
    state = CardTable(hand).state
    buttons = {b["action"]: b for b in state["actions"]}
    assert len(buttons) > 8 and state["labels"]["bids"] == "Bids:"
    assert (buttons["bid 6S"]["short"], buttons["bid 6S"]["label"]) == ("6♠", "Bid 6 spades")
    assert (buttons["bid 7NT"]["short"], buttons["bid 7NT"]["label"]) == ("7 NT", "Bid 7 no trumps")
    assert (buttons["bid pass"]["short"], buttons["bid pass"]["label"]) == ("Pass", "Pass")
    forty_fives = CardTable(package_of("auction-forty-fives").new_hand("auction-forty-fives", seed=1)).state
    assert [(b["short"], b["label"]) for b in forty_fives["actions"]][:3] == [("Pass", "Pass"), ("5", "Bid 5"),
                                                                              ("10", "Bid 10")]
    sixty_six = CardTable(package_of("sixty-six").new_hand("sixty-six", seed=1)).state
    assert not any("short" in b for b in sixty_six["actions"])        # not calls: said in full

"""The Sixty-Six hand: crafted deals for each rule and trap, and random complete hands checked against the
independent oracle (legal actions at every step, final game points) and against the engine's own invariants."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cards import Card, parse_cards
from atout.engine import Action, HandStart, Phase
from atout.errors import IllegalActionError
from atout.games import package_of
from atout.rulebook import RULES
from atout.sixty_six import SixtySixGame, SixtySixHand, make_config, new_hand
from atout.sixty_six.config import DECK as SIXTY_SIX_DECK
from tests.core import sixty_six_oracle as oracle

DECK = [c.code for c in SIXTY_SIX_DECK]


def deal(first: str, dealer: str, turn_up: str, stock: str = "", dealer_seat: int = 0,
         **options) -> SixtySixHand:
    """A hand dealt as given: the non-dealer's and dealer's six cards, the turned card, the stock from the top
    (the rest of the stock follows in deck order)."""
    first_cards, dealer_cards = first.split(), dealer.split()
    stock_cards = stock.split()
    used = first_cards + dealer_cards + [turn_up] + stock_cards
    stock_cards += [c for c in DECK if c not in used]
    order = first_cards[:3] + dealer_cards[:3] + first_cards[3:] + dealer_cards[3:] + [turn_up] + stock_cards
    assert sorted(order) == sorted(DECK)
    hand = SixtySixHand(make_config("sixty-six", options), dealer=dealer_seat)
    hand.apply(Action("deal", None, tuple(parse_cards(order))))
    return hand


def act(hand: SixtySixHand, *actions: str) -> None:
    for a in actions:
        hand.apply(a)


def legal_texts(hand: SixtySixHand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


def snapshot(hand: SixtySixHand) -> str:
    """Everything that makes up the state, as text."""
    fields = ("phase", "to_act", "hands", "trick", "tricks", "tricks_won", "card_points", "marriage_points",
              "marriages", "stage", "married", "closer", "tricks_at_close", "next_card", "turn_up", "draw_pending",
              "exchanged_by", "leader", "last_trick_bonus", "result", "history")
    return repr([getattr(hand, f) for f in fields])


# --- the deal ----------------------------------------------------------------------------------

def test_the_deal_gives_packets_of_three_non_dealer_first():
    order = parse_cards(DECK)
    hand = SixtySixHand(make_config("sixty-six"), dealer=1)
    event = hand.apply(Action("deal", None, tuple(order)))
    assert hand.hands[0] == order[0:3] + order[6:9] and hand.hands[1] == order[3:6] + order[9:12]
    assert hand.turned_card is order[12] and hand.trump is order[12].suit
    assert hand.stock_size == 12 and hand.face_down == 11
    assert hand.to_act == 0                                   # the non-dealer leads (66.open.lead)
    assert [e.rule for e in event.flatten()] == ["66.deal", "66.trump"]
    kinds = [k for k, _, _ in hand.deal_packets()]
    assert kinds == ["hand"] * 4 + ["turn-up", "stock"]


def test_a_deal_must_order_the_24_cards():
    hand = SixtySixHand(make_config("sixty-six"))
    bad = tuple(parse_cards(DECK[:23] + ["8S"]))
    with pytest.raises(IllegalActionError) as err:
        hand.apply(Action("deal", None, bad))
    assert err.value.rule == "66.deck" and hand.phase is Phase.DEAL and not hand.history
    with pytest.raises(IllegalActionError):
        hand.apply("play AS")


def test_the_first_lead_offers_close_and_marriages_but_no_exchange_nor_declaration():
    hand = deal("KH QH 9S JC 9D JD", "AH 10H AC 10C AD 10D", "AS")
    assert legal_texts(hand) == ["close", "marriage KH", "play KH", "play QH", "play 9S", "play JC", "play 9D",
                                 "play JD"]


# --- play while the stock is open ----------------------------------------------------------------

def test_open_play_is_free_and_the_winner_draws_first():
    hand = deal("KH QH 9S JC 9D JD", "AH 10H AC 10C AD 10D", "AS", stock="KS QS")
    act(hand, "play 9D")
    assert legal_texts(hand) == ["play " + c for c in "AH 10H AC 10C AD 10D".split()]   # 66.open.free
    event = hand.apply("play AH")                     # a heart on a diamond: the diamond wins
    trick = [e for e in event.flatten() if e.kind == "trick"][0]
    assert trick.seat == 1 and hand.card_points == [0, 11]
    assert legal_texts(hand) == ["close", "draw"]
    event = hand.apply("draw")
    assert event.rule == "66.draw"
    assert Card.parse("KS") in hand.hands[1] and Card.parse("QS") in hand.hands[0]
    assert hand.stock_size == 10


def test_trap_the_ten_beats_the_king_in_play():
    hand = deal("KS QH 9S JC 9D JD", "10S 10H AC 10C AD 10D", "AH")
    act(hand, "play KS")
    event = hand.apply("play 10S")
    trick = [e for e in event.flatten() if e.kind == "trick"][0]
    assert trick.seat == 0 and trick.rule == "66.rank"
    assert "the ten ranks above the king" in trick.explanation.render("en")
    assert hand.card_points == [14, 0]


def test_trap_a_marriage_counts_only_after_a_trick():
    # Seat 1 shows the marriage in hearts and loses the trick: 20 points wait. Then it trumps and they count.
    hand = deal("KH QH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "AS", stock="QD 10S")
    event = hand.apply("marriage KH")
    assert event.rule == "66.marriage.pending"
    assert legal_texts(hand) == ["declare", "play KH", "play QH"]
    with pytest.raises(IllegalActionError) as err:
        hand.apply("play 9C")
    assert err.value.rule == "66.marriage"
    act(hand, "play QH", "play AH")
    assert hand.marriage_points == [0, 20] and hand.points(1) == 0 and hand.points(0) == 14
    act(hand, "draw")                                  # seat 0 draws QD, seat 1 the 10S
    act(hand, "play 10H")
    event = hand.apply("play 10S")
    kinds = [e.kind for e in event.flatten()]
    assert "marriage-counts" in kinds
    assert hand.points(1) == 20 + 10 + 10


def test_a_marriage_shown_by_its_queen_is_recorded_by_its_king():
    hand = deal("KH QH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "AS")
    hand.apply(Action("marriage", Card.parse("QH")))
    assert str(hand.history[-1]) == "marriage KH"


def test_a_trump_marriage_is_worth_40():
    hand = deal("KS QS 9C JC 9D JD", "AH 10H AC 10C AD 10D", "AS")
    event = hand.apply("marriage KS")
    assert hand.marriage_points[1] == 40 and "40" in event.explanation.render("en")


def test_declaring_at_once_after_a_pending_marriage_is_wrong():
    hand = deal("KH QH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "AS")
    act(hand, "marriage KH", "declare")
    assert hand.is_over and hand.result.rule == "66.declare.wrong"
    assert hand.returns() == [3, 0]                  # seat 0 had won no trick


def test_exchanging_the_nine_needs_a_won_trick_and_an_open_stock():
    hand = deal("9S QH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "KS", stock="QD JH")
    assert "exchange 9S" not in legal_texts(hand)
    with pytest.raises(IllegalActionError) as err:
        hand.apply("exchange 9S")
    assert err.value.rule == "66.exchange-nine" and "not won a trick" in str(err.value)
    act(hand, "play 9D", "play AH", "draw")           # seat 1 wins with the diamond, draws QD
    assert legal_texts(hand)[:2] == ["exchange 9S", "close"]
    event = hand.apply("exchange 9S")
    assert event.rule == "66.exchange-nine" and Card.parse("KS") in hand.hands[1]
    assert hand.turn_up is Card.parse("9S") and "exchange 9S" not in legal_texts(hand)
    assert hand.view(0)["trump_card"] is Card.parse("9S")


def test_the_loser_of_the_sixth_trick_takes_the_turned_trump():
    hand = new_hand("sixty-six", seed=3)
    rng = random.Random(3)
    while hand.stock_size:
        actions = [a for a in hand.legal_actions() if a.kind in ("play", "draw")]
        hand.apply(rng.choice(actions))
    assert len(hand.tricks) == 6 and hand.is_strict and not hand.draw_pending
    loser = 1 - hand.tricks[-1].winner
    assert hand.turned_card in hand.hands[loser]
    assert [e.kind for e in hand.events[-1].flatten()] == ["draw", "stock-exhausted"]
    assert [len(h) for h in hand.hands] == [6, 6]


# --- closing and the strict phase ----------------------------------------------------------------

def test_trap_closing_is_a_promise():
    # Seat 1 closes before the first trick with a weak hand, then cannot reach 66: seat 0 scores 3,
    # as it had won no trick when the stock was closed (66.close.failed).
    hand = deal("9H JH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "AS")
    event = hand.apply("close")
    assert event.rule == "66.close" and hand.is_strict and hand.tricks_at_close == (0, 0)
    assert "close" not in legal_texts(hand) and "draw" not in legal_texts(hand)
    act(hand, "play 9H")
    assert legal_texts(hand) == ["play AH", "play 10H"]                    # head the trick
    act(hand, "play AH")
    while not hand.is_over:
        act(hand, str(hand.legal_actions()[-1]))
    assert hand.result.rule == "66.close.failed" and hand.returns() == [3, 0]
    assert hand.last_trick_bonus is None and len(hand.tricks) <= 6       # no 10 for the last trick


def test_closing_before_drawing_leaves_five_cards_each():
    hand = deal("AH 10H 9C JC 9D JD", "KH QC AC 10C AD 10D", "AS")
    act(hand, "play AH", "play KH")
    assert legal_texts(hand) == ["close", "draw"]
    event = hand.apply("close")
    assert event.data is True and "before drawing" in event.explanation.render("en")
    assert [len(h) for h in hand.hands] == [5, 5] and hand.stock_size == 12
    assert "exchange" not in " ".join(legal_texts(hand)) and "declare" in legal_texts(hand)


def test_strict_heading_after_the_stock_is_closed():
    hand = deal("AH 10H 9C JC 9D JD", "KH QH AC 10C AD JH", "AS")
    act(hand, "play AH", "play KH", "close", "play 9D")
    assert legal_texts(hand) == ["play AD"]
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as err:
        hand.apply("play 10C")
    assert err.value.rule == "66.strict.follow" and snapshot(hand) == before


def test_no_marriage_once_strict_unless_the_option_allows_it():
    cards = ("AH 10H 9C JC 9D JD", "KH QH AC 10C AD QD", "AS")
    for allowed in (False, True):
        hand = deal(*cards, strict_marriages=allowed)
        act(hand, "play 9C", "play AC", "close")       # seat 0 wins, closes before drawing
        assert ("marriage KH" in legal_texts(hand)) is allowed
        if not allowed:
            with pytest.raises(IllegalActionError) as err:
                hand.apply("marriage KH")
            assert err.value.rule == "66.strict.no-marriage"


def test_the_closers_opponent_who_reaches_66_scores_2_or_3():
    # Seat 1 closes at once; seat 0 takes every trick and passes 66 during play: it declares.
    hand = deal("KH QH KC QC KD QD", "AH 10H AC 10C AD 10D", "KS")
    act(hand, "close", "play KH", "play AH", "play 10H", "play QH", "play AC", "play KC", "play 10C", "play QC")
    assert hand.points(0) == 15 + 13 + 15 + 13
    act(hand, "play AD", "play KD")
    assert hand.points(0) == 71 and hand.hands[0] == [Card.parse("10D")]
    event = hand.apply("declare")
    assert hand.result.rule == "66.close.failed" and hand.returns() == [3, 0]
    assert [e.kind for e in event.flatten()] == ["declare", "score"]


# --- declaring and the end of the hand -------------------------------------------------------------

def test_a_right_declaration_scores_by_the_opponents_points():
    hand = deal("9H JH 9C JC 9D QD", "AH 10H AC 10C AD 10D", "KS")
    act(hand, "play 9H", "play AH", "draw", "declare")
    assert hand.result.rule == "66.declare.wrong" and hand.returns() == [0, 3]


def test_declare_is_offered_only_on_lead_after_a_trick():
    hand = deal("9H JH 9C JC 9D QD", "AH 10H AC 10C AD 10D", "KS")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("declare")
    assert err.value.rule == "66.declare"
    act(hand, "play 9H")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("declare")
    assert err.value.rule == "66.declare"


def _play_out(hand: SixtySixHand, rng: random.Random) -> None:
    while not hand.is_over:
        actions = [a for a in hand.legal_actions() if a.kind not in ("close", "declare")]
        hand.apply(rng.choice(actions))


def test_a_hand_played_out_counts_120_card_points_and_10_for_the_last_trick():
    for seed in range(30):
        hand = new_hand("sixty-six", seed=seed)
        _play_out(hand, random.Random(seed))
        assert len(hand.tricks) == 12 and sum(hand.card_points) == 120
        last = hand.tricks[-1].winner
        assert hand.last_trick_bonus == last
        melds = sum(hand.marriage_points[s] for s in (0, 1) if hand.tricks_won[s])
        assert sum(hand.result.points) == 130 + melds
        assert hand.result.rule == "66.no-declaration"
        assert [e.kind for e in hand.events[-1].flatten()][-2:] == ["last-trick", "score"]


def _find_tied_hand():
    for seed in range(5000):
        hand = new_hand("sixty-six", seed=seed)
        _play_out(hand, random.Random(seed))
        if hand.result.points == [65, 65]:
            return hand
    raise AssertionError("no 65-65 hand in 5000 seeds")


def test_65_65_gives_the_last_trick_a_point_or_carries_with_the_option():
    hand = _find_tied_hand()
    last = hand.tricks[-1].winner
    assert hand.returns() == [1 - last, last] and hand.result.carry_out == 0
    carried = SixtySixHand.replay(make_config("sixty-six", tie_carries=True), hand.history)
    assert carried.returns() == [0, 0] and carried.result.carry_out == 1
    assert "65" in carried.events[-1].consequences[-1].explanation.render("en")
    # The next hand's winner gets the carried point.
    again = SixtySixHand.replay(make_config("sixty-six", tie_carries=True), hand.history, start=HandStart(carry=2))
    assert again.result.carry_out == 3 and again.returns() == [0, 0]
    nxt = deal("9H JH 9C JC 9D QD", "AH 10H AC 10C AD 10D", "KS", tie_carries=True)
    nxt.carry = 1
    act(nxt, "play 9H", "play AH", "draw", "declare")
    assert nxt.returns() == [0, 4]


# --- hidden information ----------------------------------------------------------------------------

def _cards_in(obj) -> set[str]:
    text = json.dumps(obj, default=str)
    return {c for c in DECK if f'"{c}"' in text or f"'{c}'" in text}


def test_the_view_hides_the_other_hand_and_the_stock_order():
    hand = new_hand("sixty-six", seed=11)
    rng = random.Random(11)
    while not hand.is_over:
        for seat in (0, 1):
            view = hand.view(seat)
            played = [c for t in hand.tricks for c in t.cards]
            shown = {c.code for c in view["hand"] + view["trick"] + played}
            public = {c.code for c in (view["turned_card"], view["trump_card"]) if c is not None}
            assert _cards_in(view) <= shown | public, seat
            # the seat saw every trick (its view remembers them), but is not told the running totals
            assert view["points"] is None and [t.cards for t in view["tricks"]] == [t.cards for t in hand.tricks]
            assert view["stock_size"] == hand.stock_size
            assert view["legal"] == ([str(a) for a in hand.legal_actions()] if hand.to_act == seat else [])
        actions = [a for a in hand.legal_actions() if a.kind != "declare"]
        hand.apply(rng.choice(actions))


def test_show_totals_shows_the_running_points():
    hand = deal("KS QH 9S JC 9D JD", "10S 10H AC 10C AD 10D", "AH", show_totals=True)
    act(hand, "play KS", "play 10S")
    assert hand.view(1)["points"] == [14, 0]
    assert hand.view(0)["won_a_trick"] == [True, False]


# --- undo, replay, random complete hands -------------------------------------------------------------

def test_undo_restores_the_state():
    hand = deal("KH QH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "AS")
    before = snapshot(hand)
    act(hand, "marriage KH")
    assert hand.undo() == Action("marriage", Card.parse("KH"))
    assert snapshot(hand) == before
    with pytest.raises(IllegalActionError):
        hand.undo()


STYLES = ("random", "play-out", "declare-at-66")


def _choose(hand: SixtySixHand, style: str, index: int) -> Action:
    actions = hand.legal_actions()
    if style == "play-out":
        actions = [a for a in actions if a.kind not in ("close", "declare")] or actions
    elif style == "declare-at-66":
        if Action("declare") in actions and hand.points(hand.to_act) >= 66:
            return Action("declare")
        actions = [a for a in actions if a.kind != "declare"] or actions
    return actions[index % len(actions)]


def _illegal_candidates(hand: SixtySixHand) -> list[Action]:
    legal = set(hand.legal_actions())
    cards = [Card.parse(c) for c in DECK]
    candidates = [Action("play", c) for c in cards] + [Action("exchange", c) for c in cards if c.rank == 9]
    candidates += [Action("marriage", c) for c in cards if c.rank == 13]
    candidates += [Action("close"), Action("draw"), Action("declare"), Action("bid", None, "pass")]
    return [a for a in candidates if a not in legal
            and not (a.kind == "marriage" and a.card and Action("marriage", a.card) in legal)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 1), style=st.sampled_from(STYLES),
       strict_marriages=st.booleans(), data=st.data())
def test_random_complete_hands(seed, dealer, style, strict_marriages, data):
    config = make_config("sixty-six", strict_marriages=strict_marriages)
    hand = SixtySixHand.new(config, seed=seed, dealer=dealer)
    model = oracle.OracleHand([c.code for c in hand.deck_order], dealer, strict_marriages)
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal, "someone must act and has nothing to do"
        assert sorted(str(a) for a in legal) == sorted(model.legal_actions())
        assert sorted(c.code for c in hand.all_cards()) == sorted(DECK)
        if rng.random() < 0.2:
            wrong = rng.choice(_illegal_candidates(hand))
            before = snapshot(hand)
            with pytest.raises(IllegalActionError) as err:
                hand.apply(wrong)
            assert err.value.rule in RULES and snapshot(hand) == before
        action = _choose(hand, style, data.draw(st.integers(0, 50), label="choice"))
        event = hand.apply(action)
        model.apply(str(action))
        for e in event.flatten():
            assert e.rule in RULES and e.explanation.render("en") and e.explanation.render("fr")
    assert hand.legal_actions() == () and model.legal_actions() == set()
    assert hand.returns() == model.game_points
    assert hand.result.points == [model.counted(0), model.counted(1)]
    assert sorted(c.code for c in hand.all_cards()) == sorted(DECK)
    if hand.result.how == "played-out":
        assert sum(hand.card_points) == 120 and hand.last_trick_bonus == hand.tricks[-1].winner
    replayed = SixtySixHand.replay(config, hand.history, dealer=dealer)
    assert snapshot(replayed) == snapshot(hand)
    with pytest.raises(IllegalActionError):
        hand.apply("play " + DECK[0])


# --- the set, the family entry points, the benchmark's path ----------------------------------------------

def test_a_set_runs_to_seven_with_the_deal_alternating():
    game = SixtySixGame("sixty-six", seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.hand.legal_actions()))
    assert game.scores[game.winner] >= 7 and game.scores[1 - game.winner] < 7
    assert sum(game.scores) == sum(sum(r.game_points) for r in game.results)
    assert game.dealers == [i % 2 for i in range(len(game.dealers))]
    with pytest.raises(IllegalActionError) as err:
        game.apply("declare")
    assert err.value.rule == "66.game.target"


def test_a_set_to_ten_and_a_random_first_dealer():
    firsts = set()
    for seed in range(8):
        game = SixtySixGame("sixty-six", seed=seed, target=10, first_dealer="random")
        firsts.add(game.dealers[0])
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.hand.legal_actions()))
        assert max(game.scores) >= 10
    assert firsts == {0, 1}


def test_the_family_entry_points():
    fam = package_of("sixty-six")
    assert fam.PRESETS == ("sixty-six",)
    hand = fam.new_hand("sixty-six", seed=1)
    assert hand.phase is Phase.PLAY and new_hand("sixty-six", seed=1).deck_order == hand.deck_order
    assert fam.make_config("sixty-six").options() == {"strict_marriages": False, "tie_carries": False,
                                                      "target": 7, "show_totals": False, "first_dealer": "seat-0"}


@pytest.mark.parametrize("setup, action, rule, words", [
    ((), "draw", "66.draw", "nothing to draw"),
    ((), "play AH", "66.open.lead", "does not hold A♥"),
    ((), "exchange 9S", "66.exchange-nine", "do not hold 9♠"),
    ((), "marriage KC", "66.marriage", "do not hold"),
    ((), "marriage 9C", "66.marriage", "king and queen"),
    (("play 9C",), "close", "66.close", "Only the player on lead"),
    (("play 9C",), "declare", "66.declare", "Only the player on lead"),
    (("play 9C", "play AC"), "play AH", "66.draw", "first draw from the stock"),
    (("play 9C", "play AC", "draw"), "exchange 9H", "66.exchange-nine", "only the 9 of trumps"),
    (("play 9C", "play AC", "close"), "close", "66.close", "already closed"),
    (("marriage KH",), "close", "66.close.after-marriage", "closed only before the lead"),
    (("marriage KH",), "marriage KH", "66.marriage", "already declared a marriage"),
    (("marriage KH",), "bid pass", "66.open.lead", "not part of Sixty-Six"),
])
def test_refusals_name_the_rule_and_leave_the_state(setup, action, rule, words):
    hand = deal("KH QH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "AS", stock="9S")
    act(hand, *setup)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as err:
        hand.apply(action)
    assert err.value.rule == rule and words in str(err.value), str(err.value)
    assert snapshot(hand) == before


def test_the_exchange_is_refused_after_closing_and_once_the_stock_is_gone():
    hand = deal("9S QH 9C JC 9D JD", "AH 10H AC 10C AD 10D", "KS")
    act(hand, "play 9D", "play AH", "close")
    with pytest.raises(IllegalActionError, match="once the stock is closed"):
        hand.apply("exchange 9S")
    hand = new_hand("sixty-six", seed=4)
    rng = random.Random(4)
    while hand.stock_size:
        hand.apply(rng.choice([a for a in hand.legal_actions() if a.kind in ("play", "draw")]))
    assert not [a for a in hand.legal_actions() if a.kind in ("exchange", "close", "draw")]
    if hand.trick:
        hand.apply(hand.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="exhausted"):
        hand.apply("close")


def test_a_position_set_up_for_a_question_shows_copies_and_refuses_undo():
    from atout.cards import Suit, parse_cards
    from atout.errors import IllegalActionError

    hand = SixtySixHand.position(make_config("sixty-six"), Suit.HEARTS, parse_cards("9H KS QS AC 10D JD"),
                                 face_down=9)
    assert hand.set_up and hand.history == []
    view = hand.table_view(0)
    assert view.hands[0] == parse_cards("9H KS QS AC 10D JD") and view.to_act == 0
    twin = hand.copy()
    assert twin is not hand and twin.view(0) == hand.view(0) and twin.legal_actions() == hand.legal_actions()
    twin.apply(twin.legal_actions()[-1])
    assert twin.view(0) != hand.view(0) and hand.view(0) == view_before(hand)    # the copy is independent
    before = hand.view(0)
    with pytest.raises(IllegalActionError, match="set up, not played"):
        hand.undo()
    assert hand.view(0) == before


def view_before(hand):
    return SixtySixHand.position(make_config("sixty-six"), hand.trump, hand.hands[0], face_down=9).view(0)


def test_a_seat_sees_the_trick_just_won_until_it_acts_again():
    """The winner draws and leads at once (on the Play page, the computer does): the other seat saw nothing of the
    trick before it was gone (issue 33). It stays before that seat until the seat acts; earlier tricks never come
    back."""
    hand = deal("KH QH 9S JC 9D JD", "AH 10H AC 10C AD 10D", "AS", stock="KS QS")
    act(hand, "play 9D", "play AH")                   # Player 2 (seat 1) leads and wins
    first = [(1, Card.parse("9D")), (0, Card.parse("AH"))]
    assert hand.table_view(0).last_trick == first and hand.table_view(1).last_trick == first
    act(hand, "draw", "play KH")                      # the winner draws for both, then leads
    view = hand.table_view(0)
    assert view.last_trick == first and view.last_trick_winner == 1
    assert hand.table_view(1).last_trick is None       # the winner has acted since: it is gathered
    act(hand, "play AD")                               # seat 0 follows: this trick is the one just won now
    assert hand.table_view(0).last_trick == [(1, Card.parse("KH")), (0, Card.parse("AD"))]
    winner = hand.tricks[-1].winner
    act(hand, "draw")                                  # its winner draws: gone for the winner, not for the other
    assert hand.table_view(winner).last_trick is None and hand.table_view(1 - winner).last_trick is not None
    assert hand.table_view(None).last_trick is not None                  # the teacher sees it all along


def test_a_hand_taken_up_at_an_ending_shows_no_last_trick_it_does_not_remember():
    from atout.position import hand_from_text

    # Ten tricks were played before the ending: they have their winners and no cards, so no table shows them.
    hand = hand_from_text("game: sixty-six\ntrump: H\nseat 0: AH KH\nseat 1: 10H QH\ntrick: 0\nwon: 6 4\n"
                          "points: 62 30")
    for viewer in (None, 0, 1):
        view = hand.table_view(viewer)
        assert (view.last_trick, view.last_trick_winner) == (None, None)
    hand.apply("play AH")
    hand.apply("play QH")
    view = hand.table_view()
    assert view.last_trick == [(0, Card.parse("AH")), (1, Card.parse("QH"))] and view.last_trick_winner == 0

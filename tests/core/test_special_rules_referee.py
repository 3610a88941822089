"""The referee's special-rule answers (``points``, ``may``, ``discards``, the closed-hand ``score``) checked against
the independent oracles (tests/core/sixty_six_oracle.py, tests/core/oracle_45.py) along random hands the engines
play, and their refusals of impossible questions."""

import copy
import random

import pytest

from atout.cards import Suit
from atout.engine import Phase
from atout.five_hundred.hand import FiveHundredHand
from atout.forty_fives.hand import FortyFivesHand
from atout.referee import judge
from atout.rulebook import RULES
from atout.sixty_six.config import make_config
from atout.sixty_six.hand import SixtySixHand
from tests.core import oracle_45
from tests.core import sixty_six_oracle as oracle

SUITS = "CDHS"


def _lead_questions(trump: str) -> list[str]:
    """Every special action a player might ask about on lead."""
    return [f"exchange 9{trump}", "close", "declare", "draw", *(f"marriage K{s}" for s in SUITS)]


def _position(hand: SixtySixHand) -> dict:
    """The ``may`` query describing the player to act's position by its counts, as a lesson would."""
    query = {"kind": "may", "game": "sixty-six", "trump": hand.trump.letter, "stock": hand.face_down,
             "hand": [c.code for c in hand.hands[hand.to_act]], "plays": [c.code for c in hand.trick],
             "closed": hand.closer is not None, "before_draw": hand.draw_pending,
             "options": {"strict_marriages": hand.config.strict_marriages}}
    if hand.turn_up is not None and hand.face_down:
        query["turn_up"] = hand.turn_up.code
    return query


@pytest.mark.parametrize("seed", range(120))
def test_may_answers_agree_with_the_oracle_along_random_hands(seed):
    rng = random.Random(seed)
    strict_marriages = seed % 4 == 0
    config = make_config("sixty-six", strict_marriages=strict_marriages)
    hand = SixtySixHand.new(config, seed=seed, dealer=seed % 2)
    model = oracle.OracleHand([c.code for c in hand.deck_order], hand.dealer, strict_marriages)
    asked = 0
    while not hand.is_over:
        if hand.stage == 0:          # a fresh decision point: the position is given by its counts alone
            query = _position(hand)
            legal = model.legal_actions()
            for action in _lead_questions(hand.trump.letter):
                answer = judge({**query, "action": action})
                assert "error" not in answer, (query, answer)
                assert answer["allowed"] == (action in legal), (query, action, answer)
                assert answer["rule"] in RULES
                asked += 1
            # What was already done on this lead: each first action, then every question again.
            for first in sorted(a for a in legal if a.split()[0] in ("exchange", "close", "marriage")):
                after = copy.deepcopy(model)
                after.apply(first)
                for action in _lead_questions(hand.trump.letter):
                    answer = judge({**query, "actions": [first], "action": action})
                    assert answer["allowed"] == (action in after.legal_actions()), (query, first, action)
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        model.apply(str(action))
    assert asked


def test_a_marriage_answer_says_what_it_is_worth_and_whether_it_counts_yet():
    first_lead = {"kind": "may", "game": "sixty-six", "trump": "H", "stock": 11,
                  "hand": ["KH", "QH", "KS", "QS", "AC", "9D"]}
    trumps = judge({**first_lead, "action": "marriage QH"})
    assert (trumps["allowed"], trumps["points"], trumps["counts"], trumps["rule"]) == (
        True, 40, False, "66.marriage.pending")
    later = judge({**first_lead, "stock": 9, "action": "marriage KS"})
    assert (later["points"], later["counts"], later["rule"]) == (20, True, "66.marriage")


@pytest.mark.parametrize("seed", range(60))
def test_points_and_the_closed_score_agree_with_the_oracle(seed):
    rng = random.Random(seed)
    hand = SixtySixHand.new("sixty-six", seed=seed, dealer=seed % 2)
    model = oracle.OracleHand([c.code for c in hand.deck_order], hand.dealer)
    while not hand.is_over:
        legal = hand.legal_actions()
        close = [a for a in legal if a.kind == "close"]
        action = close[0] if close and seed % 2 and rng.random() < 0.3 else rng.choice(legal)   # odd: closed
        hand.apply(action)
        model.apply(str(action))
    trump = hand.trump.letter
    for seat in (0, 1):
        won = [[c.code for c in t.cards] for t in hand.tricks if t.winner == seat]
        marriages = [f"K{suit.letter}" for s, suit, _value in hand.marriages if s == seat]
        answer = judge({"kind": "points", "game": "sixty-six", "trump": trump, "tricks": won, "marriages": marriages,
                        "last_trick": hand.last_trick_bonus == seat})
        assert answer["points"] == model.counted(seat) == hand.points(seat)
        assert answer["card_points"] == sum(oracle.VALUE[oracle.rank(c)] for t in won for c in t)
        assert answer["reached"] == (model.counted(seat) >= 66)
    result = hand.result
    if result.closer is None or (result.by is None and result.points[result.closer] >= 66):
        return      # not closed, or closed and played out with nobody counting: no declaration to score
    answer = judge({"kind": "score", "game": "sixty-six", "event": "closed", "closer": result.closer,
                    "by": result.closer if result.by is None else result.by, "points": result.points,
                    "tricks": result.tricks_won, "tricks_at_close": list(result.tricks_at_close)})
    assert answer["game_points"] == model.game_points, (result, answer)


@pytest.mark.parametrize("seed", range(30))
def test_discards_and_draw_agree_with_the_oracle(seed):
    rng = random.Random(seed)
    players = 2 + seed % 3
    hand = FortyFivesHand.new("auction-forty-fives", seed=seed, players=players, dealer=seed % players)
    while hand.phase is Phase.BID:
        calls = [a for a in hand.legal_actions() if a.value != "pass"]
        hand.apply(rng.choice(calls) if calls and rng.random() < 0.5 else hand.legal_actions()[0])
    if hand.phase is not Phase.TRUMP:
        return   # thrown in
    trump = rng.choice(SUITS)
    before = [[c.code for c in h] for h in hand.hands]
    kitty = [c.code for c in hand.kitty]
    want, _stock = oracle_45.exchange(before, kitty, [c.code for c in hand.stock], hand.bidder, trump, hand.dealer)
    hand.apply(f"trump {trump}")
    for seat in range(players):
        bidder = seat == hand.bidder
        query = {"kind": "discards", "game": "auction-forty-fives", "trump": trump, "hand": before[seat],
                 "bidder": bidder, "players": players}
        if bidder:
            query["kitty"] = kitty
        answer = judge(query)
        held = before[seat] + (kitty if bidder else [])
        kept = [c for c in want[seat] if c in held]
        assert sorted(answer["keep"]) == sorted(kept)
        assert sorted(answer["discard"]) == sorted(c for c in held if c not in kept)
        assert answer["draw"] == 5 - len(kept) == len(want[seat]) - len(kept)
        assert sorted(answer["discard"]) == sorted(c.code for c in hand.discards[seat])   # what the engine did
        assert set(answer["why"]) == set(held)


def test_five_hundred_discards_are_any_three_as_the_engine_allows():
    hand = FiveHundredHand.new("five-hundred", seed=3)
    while hand.phase is Phase.BID:
        hand.apply(hand.legal_actions()[-1] if not hand.events[1:] else "bid pass")
    assert hand.phase is Phase.KITTY
    contractor = hand.to_act
    cards = [c.code for c in hand.hands[contractor]]
    answer = judge({"kind": "discards", "game": "five-hundred", "hand": cards[:10], "kitty": cards[10:]})
    assert sorted(answer["may_discard"]) == sorted(a.card.code for a in hand.legal_actions())
    discarded = 0
    while hand.phase is Phase.KITTY:
        hand.apply(hand.legal_actions()[0])
        discarded += 1
    assert answer["count"] == discarded == 3


@pytest.mark.parametrize("query, message", [
    ({"kind": "may", "trump": "H", "stock": 6, "hand": ["9H"], "action": "close"},
     "cannot hold 6 face-down cards"),
    ({"kind": "may", "trump": "H", "stock": 7, "hand": ["9H", "KS"], "action": "close"},
     "while the stock is open a hand holds 6 cards"),
    ({"kind": "may", "trump": "H", "stock": 0, "closed": True, "hand": ["9H"], "action": "close"},
     "an exhausted stock cannot be closed"),
    ({"kind": "may", "trump": "H", "stock": 7, "turn_up": "AS", "hand": ["9H", "KS", "QS", "AC", "10D", "JD"],
      "action": "close"}, "the turned-up trump must be a card of the trump suit"),
    ({"kind": "may", "trump": "H", "stock": 7, "hand": ["9H", "KS", "QS", "AC", "10D", "JD"],
      "actions": ["exchange 9S"], "action": "close"}, "action 1 ('exchange 9S') cannot be done"),
    ({"kind": "points", "tricks": [["AS"]]}, "each of 2 cards"),
    ({"kind": "points", "tricks": [], "last_trick": True}, "this player won no trick"),
    ({"kind": "points", "tricks": [["AS", "10S"]], "marriages": ["AH"], "trump": "H"}, "name it by its king"),
    ({"kind": "points", "tricks": [["AS", "10S"]], "last_trick": "yes"}, "last_trick must be true or false"),
    ({"kind": "score", "event": "closed", "closer": 0, "points": [70, 20], "tricks": [2, 1],
      "tricks_at_close": [3, 0]}, "cannot be more than the tricks won"),
    ({"kind": "discards", "hand": ["AS"]}, "sixty-six has no discards questions"),
])
def test_impossible_sixty_six_questions_are_refused_with_the_reason(query, message):
    answer = judge({"game": "sixty-six", **query})
    assert message in answer.get("error", ""), answer


@pytest.mark.parametrize("game, query, message", [
    ("forty-fives", {"trump": "C", "hand": ["AH"]}, "forty-fives has no kitty and no discards"),
    ("auction-forty-fives", {"trump": "C", "hand": ["AH"], "kitty": ["2C", "3C", "4C", "5C"]},
     "only the high bidder takes the kitty"),
    ("auction-forty-fives", {"trump": "C", "hand": ["AH"], "options": {"free_discard": True}},
     "with option free_discard"),
    ("auction-forty-fives", {"trump": "C", "hand": ["AH"], "bidder": True, "kitty": ["2C", "3C", "4C", "5C", "6C"]},
     "the kitty holds 4 cards"),
    ("five-hundred", {"hand": ["JK"], "kitty": ["4H", "5H"]}, "the kitty holds 3 cards, not 2"),
])
def test_impossible_discard_questions_are_refused_with_the_reason(game, query, message):
    answer = judge({"kind": "discards", "game": game, **query})
    assert message in answer.get("error", ""), answer


def test_a_position_from_counts_keeps_every_card_once():
    from atout.cards import parse_cards

    config = make_config("sixty-six")
    for face_down, size, closed in ((11, 6, False), (5, 6, False), (5, 4, True), (0, 3, False)):
        position = SixtySixHand.position(config, Suit.SPADES, parse_cards("9S KD QD AH 10H JC")[:size],
                                         face_down=face_down, closed=closed)
        assert sorted(c.code for c in position.all_cards()) == sorted(oracle.deck())
        assert position.face_down == face_down and len(position.hands[1]) == size
        assert (position.tricks_won[0] > 0) == (face_down < 11)   # every leader after the first won a trick


# --- robbing the turned card (45.rob.*) and the draw (66.draw) ----------------------------------------------------

ROB_TABLES = [("forty-fives", p) for p in (2, 3, 4, 5, 6)] + [("forty-fives-partners", p) for p in (4, 6)]


@pytest.mark.parametrize("seed", range(70))
def test_rob_answers_agree_with_the_oracle(seed):
    """Every seat's right to rob and the cards it may give up, in a seeded deal and in the same deal described by
    the turned card, one seat's hand and the holder of the ace of trumps, against the oracle's reading of the
    rules on the oracle's own deal of the engine's deck order."""
    game, players = ROB_TABLES[seed % len(ROB_TABLES)]
    dealer_rob = ("must", "may")[seed // len(ROB_TABLES) % 2]
    dealer = seed % players
    options = {"dealer_rob": dealer_rob}
    engine = FortyFivesHand.new(game, seed=seed, dealer=dealer, players=players, options=options)
    order = [c.code for c in engine.deck_order]
    if seed % 5 == 0:     # a turned ace now and then, the A♥ among them
        ace = ("AH", "AS", "AC", "AD")[seed % 4]
        turned = 5 * players
        order[order.index(ace)], order[turned] = order[turned], ace
    dealt = oracle_45.deal(order, players, dealer)
    want = oracle_45.rob_rights(dealt["hands"], dealt["turn_up"], dealer, dealer_rob)
    trump = dealt["turn_up"][-1]
    holder = next((s for s, h in enumerate(dealt["hands"]) if "A" + trump in h), None)
    base = {"kind": "rob", "game": game, "players": players, "dealer": dealer, "options": options}
    for seat in range(players):
        by_cards = {**base, "turn_up": dealt["turn_up"], "hand": dealt["hands"][seat], "seat": seat}
        if holder is not None and holder != seat:
            by_cards["holder"] = holder
        queries = [by_cards] if seed % 5 == 0 else [by_cards, {**base, "seed": seed, "seat": seat}]
        for query in queries:
            answer = judge(query)
            assert "error" not in answer, (query, answer)
            assert answer["rights"] == [right for right, _cards in want], (query, answer)
            assert answer["who"] == [s for s, (right, _cards) in enumerate(want) if right != "no"]
            assert answer["may"] == want[seat][0] and sorted(answer["cards"]) == sorted(want[seat][1])
            assert sorted(answer["hand"]) == sorted(dealt["hands"][seat]) and answer["turn_up"] == dealt["turn_up"]
            assert answer["rule"] == ("45.rob.dealer-ace" if dealt["turn_up"][0] == "A" else "45.rob.ace-holder")
            assert set(answer["why"]) == set(dealt["hands"][seat]) - set(want[seat][1]) if want[seat][1] else True
            who = judge({**query, "ask": "who"})
            assert who["rule"] in RULES and set(who["why"]) == {str(s) for s, (r, _c) in enumerate(want) if r == "no"}


def test_rob_answers_say_the_house_rule_in_force_in_words():
    query = {"kind": "rob", "game": "forty-fives", "turn_up": "AH", "players": 3}
    must = judge(query)
    assert (must["rights"], must["trump"]) == (["must", "no", "no"], "H")
    assert "the dealer has no choice" in must["explanation"] and "dealer_rob" not in must["explanation"]
    may = judge({**query, "options": {"dealer_rob": "may"}})
    assert may["may"] == "may" and "the dealer may choose" in may["explanation"] and "after the first trick" in \
        may["explanation"] and "option" not in may["explanation"]
    assert judge(query, viewer=0)["explanation"].startswith("The turned card is an ace: you, the dealer, must rob it")
    other = judge({**query, "seat": 2})     # where the dealer must rob, nobody is told the dealer "may" (issue 33)
    assert other["may"] == "no" and "Player 1, the dealer, must rob it, and nobody else may" in other["explanation"]
    other = judge({**query, "seat": 2, "options": {"dealer_rob": "may"}})
    assert other["may"] == "no" and "only Player 1, the dealer, may rob it" in other["explanation"]
    holder = judge({"kind": "rob", "game": "forty-fives", "turn_up": "5H", "hand": ["AH", "2C"], "seat": 1,
                    "ask": "cards"})
    assert holder["why"]["AH"]["rule"] == "45.rob.ace-holder" and "AH" not in holder["cards"]
    assert "announced as holding the ace" in holder["explanation"]
    nobody = judge({"kind": "rob", "game": "forty-fives", "turn_up": "5H", "ask": "who"})
    assert nobody["who"] == [] and "nobody robs" in nobody["explanation"]


@pytest.mark.parametrize("game, query, message", [
    ("auction-forty-fives", {"turn_up": "AS"}, "auction-forty-fives turns no card up"),
    ("forty-fives", {}, "a rob question needs the deal"),
    ("forty-fives", {"seed": 3, "turn_up": "AS"}, "either by seed or by turn_up"),
    ("forty-fives", {"turn_up": "AS", "seat": 3}, "seat must be a whole number from 0 to 2"),
    ("forty-fives", {"turn_up": "AS", "hand": ["AS"]}, "A♠ appears twice"),
    ("forty-fives", {"turn_up": "5S", "holder": 1, "hand": ["AS"]}, "the holder of the ace of trumps, A♠, is given "
                                                                    "twice"),
    ("forty-fives", {"turn_up": "5S", "holder": 0, "hand": ["2C", "3C", "4C", "5C", "6C"]}, "it must be one of"),
    ("forty-fives", {"turn_up": "5S", "ask": "cards"}, "seat 0 may not rob here"),
    ("forty-fives", {"turn_up": "5S", "ask": "how"}, "ask cannot be \"how\": allowed values are may, who, cards"),
    ("sixty-six", {"turn_up": "AS"}, "sixty-six has no rob questions"),
])
def test_impossible_rob_questions_are_refused_with_the_reason(game, query, message):
    answer = judge({"kind": "rob", "game": game, **query})
    assert message in answer.get("error", ""), answer


def _draw_query(hand: SixtySixHand, reply) -> dict:
    """The ``draw`` query for the trick the player to act is about to finish with ``reply``: that player is seat 0
    of the query, the leader seat 1."""
    query = {**_position(hand), "kind": "draw", "plays": [hand.trick[0].code, reply.code]}
    query["hand"].remove(reply.code)
    del query["before_draw"]
    return query


@pytest.mark.parametrize("seed", range(80))
def test_draw_answers_agree_with_the_oracle_along_random_hands(seed):
    """After every trick of random hands (some closed): who draws first, what each player takes (a face-down card
    or the turned-up trump) and whether the next trick is played by the strict rules, against the oracle."""
    rng = random.Random(seed)
    hand = SixtySixHand.new("sixty-six", seed=seed, dealer=seed % 2)
    model = oracle.OracleHand([c.code for c in hand.deck_order], hand.dealer)
    asked = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.trick:
            action = rng.choice(legal)
            replier = hand.to_act
            seats = {replier: 0, 1 - replier: 1}          # the oracle's seats as the query numbers them
            query = _draw_query(hand, action.card)
            after = copy.deepcopy(model)
            after.apply(str(action))
            first = seats[after.turn] if after.must_draw else None
            takes = [None, None]
            if after.must_draw:
                before = {p: list(after.cards[p]) for p in (0, 1)}
                turned = after.stock[-1]                   # the turned-up trump (or the 9 exchanged for it)
                after.apply("draw")
                for p in (0, 1):
                    taken = [c for c in after.cards[p] if c not in before[p]]
                    takes[seats[p]] = "turn-up" if taken == [turned] else "face-down"
            for ask in ("first", "take", "follow"):
                answer = judge({**query, "ask": ask})
                if after.game_points is not None and ask == "follow":
                    assert "no trick follows" in answer["error"]
                    continue
                assert "error" not in answer, (query, answer)
                assert answer["first"] == first and answer["takes"] == takes, (query, answer)
                assert answer["strict"] == (None if after.game_points is not None else after.strict())
                assert answer["rule"] in RULES and answer["explanation"] and "(66." not in answer["explanation"]
                asked += 1
        else:
            close = [a for a in legal if a.kind == "close"]
            action = close[0] if close and seed % 3 == 0 and rng.random() < 0.3 else rng.choice(legal)
        hand.apply(action)
        model.apply(str(action))
    assert asked


@pytest.mark.parametrize("query, message", [
    ({"trump": "H", "stock": 7, "hand": ["KS", "QS", "AC", "10D", "JD"], "plays": ["10H"]}, "plays holds 2 cards"),
    ({"trump": "H", "stock": 7, "hand": ["KS", "QS", "AC", "10D"], "plays": ["10H", "AH"]},
     "your hand holds 5 cards once you have played to the trick"),
    ({"trump": "H", "stock": 6, "hand": ["KS", "QS", "AC", "10D", "JD"], "plays": ["10H", "AH"]},
     "cannot hold 6 face-down cards"),
    ({"trump": "H", "stock": 0, "hand": [], "plays": ["10H", "AH"], "ask": "follow"}, "no trick follows"),
    ({"trump": "H", "stock": 0, "hand": ["KS"], "plays": ["10H", "AH"], "ask": "last"},
     "ask cannot be \"last\": allowed values are first, take, follow"),
])
def test_impossible_draw_questions_are_refused_with_the_reason(query, message):
    answer = judge({"kind": "draw", "game": "sixty-six", **query})
    assert message in answer.get("error", ""), answer


@pytest.mark.parametrize("query, card", [
    ({"kind": "rob", "game": "forty-fives", "players": 3}, "AS"),
    ({"kind": "may", "game": "sixty-six", "trump": "H", "stock": 9, "hand": ["9H", "KS", "QS", "AC", "10D", "JD"],
      "action": "exchange 9H"}, "AH"),
])
@pytest.mark.parametrize("turn_up, reason", [([], "not []"), (["AS", "KS"], 'not ["AS", "KS"]'), (7, "not 7")])
def test_the_turned_card_must_be_one_card(query, card, turn_up, reason):
    assert judge({**query, "turn_up": turn_up}) == {"error": f'turn_up must be one card such as "AS", {reason}'}
    answer = judge({**query, "turn_up": card})
    assert "error" not in answer and judge({**query, "turn_up": [card]}) == answer     # one card, or a list of one

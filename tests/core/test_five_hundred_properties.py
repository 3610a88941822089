"""Properties of random complete Five Hundred hands, checked step by step against the oracle.

Hypothesis draws the options, the dealer, the deck order, the scores before and every action.
"""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import event as note_case
from hypothesis import strategies as st

from atout.cards import JOKER, Card, Suit
from atout.engine import Action, HandStart, Phase
from atout.errors import IllegalActionError
from atout.five_hundred import FiveHundredHand, make_config
from atout.five_hundred.config import DECK as FIVE_HUNDRED_DECK
from atout.rulebook import RULES
from tests.core import oracle_500 as oracle

DECK43 = Counter(FIVE_HUNDRED_DECK.cards)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def codes(cards):
    return [c.code for c in cards]


def snapshot(hand):
    return (hand.phase, hand.to_act, [codes(h) for h in hand.hands], codes(hand.kitty), codes(hand.discards),
            [(t.leader, codes(t.cards), t.winner) for t in hand.tricks],
            codes(hand.trick.cards) if hand.trick else None, [str(a) for a in hand.history],
            list(hand.shown_out), list(hand.auction.calls) if hand.auction else None,
            hand.result.scores_after if hand.result else None)


@st.composite
def configs(draw):
    options = {"misere": draw(st.booleans())}    # always drawn: misère hands need it on
    for name, values in (("strain_order", ["avondale", "seed"]),
                         ("single_round", [False, True]), ("must_bid_to_win", [False, True])):
        if draw(st.booleans()):
            options[name] = draw(st.sampled_from(values))
    return options


def bid_options(options):
    return {k: v for k, v in options.items() if k in ("strain_order", "misere", "single_round")}


def strain_of(call):
    return "NT" if call in ("misere", "open-misere") else ("NT" if call.endswith("NT") else call[-1])


def shown_out_by(hand, seat):
    """The suits ``seat`` has failed to follow, read from the tricks (not from the engine's bookkeeping)."""
    strain = strain_of(hand.contract.call)
    out = set()
    for trick in hand.tricks + ([hand.trick] if hand.trick else []):
        if not trick.cards:
            continue
        lead = oracle.led(codes(trick.cards), strain, trick.joker_suit.letter if trick.joker_suit is not None else None)
        for s, card in zip(trick.seats[1:], trick.cards[1:], strict=True):
            if s == seat and oracle.counts_as(card.code, strain) != lead:
                out.add(lead)
    return out


def try_illegal(hand, data):
    """An action that is not legal now must be refused, naming a rule, and leave the state as it was."""
    legal = hand.legal_actions()
    if hand.phase is Phase.BID:
        candidates = [Action("bid", None, c) for c in ("6S", "7H", "10NT", "misere", "5S", "hold")]
    elif hand.phase is Phase.KITTY:
        candidates = [Action("discard", c) for c in FIVE_HUNDRED_DECK] + [Action("play", hand.hands[hand.to_act][0])]
    else:
        candidates = [Action("play", c) for c in FIVE_HUNDRED_DECK] + [Action("play", JOKER, s) for s in
                                                                       (Suit.CLUBS, Suit.DIAMONDS)]
    candidates = [a for a in candidates if a not in legal]
    if not candidates:
        return
    action = data.draw(st.sampled_from(candidates))
    before = snapshot(hand)
    try:
        hand.apply(action)
    except IllegalActionError as exc:
        assert exc.rule in RULES, exc
    else:
        raise AssertionError(f"{action} was applied though not legal")
    assert snapshot(hand) == before


@SETTINGS
@given(options=configs(), order=st.permutations(oracle.DECK), dealer=st.integers(0, 3),
       before=st.lists(st.integers(-400, 480).map(lambda x: x - x % 10), min_size=2, max_size=2), data=st.data())
def test_random_complete_hands(options, order, dealer, before, data):
    config = make_config("five-hundred", options)
    hand = FiveHundredHand(config, dealer, before)
    hand.apply(Action("deal", None, tuple(Card.parse(c) for c in order)))
    dealt = oracle.deal(order, dealer)
    assert [codes(h) for h in hand.hands] == dealt["hands"] and codes(hand.kitty) == dealt["kitty"]
    calls = []
    steps = 0
    while not hand.is_over:
        steps += 1
        assert steps < 200
        assert Counter(hand.all_cards()) == DECK43
        legal = hand.legal_actions()
        assert hand.to_act is not None and legal, "someone must act and may do something"
        seat = hand.to_act
        if hand.phase is Phase.BID:
            want = oracle.auction(dealer, calls, **bid_options(options))
            assert want["to_act"] == seat and [a.value for a in legal] == want["legal"]
            # mostly pass or one of the lowest few bids, so that every contract and misère get played
            misere = [a for a in legal if a.value in ("misere", "open-misere")]
            if misere and data.draw(st.integers(0, 7)) == 0:
                action = data.draw(st.sampled_from(misere))
            else:
                action = data.draw(st.sampled_from(legal[:4] if data.draw(st.integers(0, 4)) else legal))
            calls.append(action.value)
        elif hand.phase is Phase.KITTY:
            assert seat == hand.contractor and len(hand.hands[seat]) == 13 - len(hand.discards)
            assert sorted(a.card for a in legal) == sorted(hand.hands[seat])
            action = data.draw(st.sampled_from(legal))
        else:
            strain = strain_of(hand.contract.call)
            trick = hand.trick
            assert seat != hand.sitting_out
            if not trick.cards:
                assert seat == (hand.contractor if not hand.tricks else hand.tricks[-1].winner)
            joker = trick.joker_suit.letter if trick.joker_suit is not None else None
            want = oracle.legal(codes(hand.hands[seat]), codes(trick.cards), strain, joker)
            assert sorted({a.card.code for a in legal}) == sorted(want)
            if not trick.cards and strain == "NT" and JOKER in hand.hands[seat]:
                names = [a.value.letter for a in legal if a.card is JOKER]
                assert names == (oracle.joker_names("NT", shown_out_by(hand, seat)) or list("CDHS"))
            else:
                assert all(a.value is None for a in legal)
            action = data.draw(st.sampled_from(legal))
        if data.draw(st.integers(0, 9)) == 0:
            try_illegal(hand, data)
        event = hand.apply(action)
        for e in event.flatten():
            assert e.rule in RULES and e.explanation.render("en")
    result = hand.result
    note_case("thrown in" if result.thrown_in else "misère" if hand.contract.misere else "no trumps"
          if hand.trump is None else "suit contract")
    if result.thrown_in:
        assert all(c == "pass" for c in calls) and hand.tricks == []
        assert result.scores_after == before and hand.returns() == [0, 0, 0, 0]
        return
    state = oracle.auction(dealer, calls, **bid_options(options))
    assert hand.contractor == state["winner"] and hand.contract.call == state["bid"]
    # exactly ten tricks, each won as the oracle says, each winner leading the next
    strain = strain_of(hand.contract.call)
    assert len(hand.tricks) == 10
    players = 3 if hand.contract.misere else 4
    leader = hand.contractor
    for trick in hand.tricks:
        assert trick.leader == leader and len(trick.cards) == players
        joker = trick.joker_suit.letter if trick.joker_suit is not None else None
        leader = trick.seats[oracle.trick_winner(codes(trick.cards), strain, joker)]
        assert trick.winner == leader
    assert Counter(hand.all_cards()) == DECK43 and len(hand.discards) == 3
    side = hand.contractor % 2
    won = [0, 0]
    for trick in hand.tricks:
        won[trick.winner % 2] += 1
    want = oracle.score(hand.contract.call, side, won, before, options.get("strain_order", "avondale"),
                        options.get("must_bid_to_win", False))
    assert result.scores_after == want and result.tricks_won == won
    gained = [a - b for a, b in zip(want, before, strict=True)]
    assert hand.returns() == [gained[seat % 2] for seat in range(4)]
    # the history replays to the same state
    replayed = FiveHundredHand.replay(config, [str(a) for a in hand.history], dealer,
                                      HandStart(scores_before=tuple(before)))
    assert snapshot(replayed) == snapshot(hand)
    last = hand.history[-1]
    hand.undo()
    assert not hand.is_over and hand.legal_actions()
    hand.apply(last)
    assert snapshot(hand) == snapshot(replayed)

"""Properties of random complete Forty-Fives hands and games, checked step by step against the oracle.

Hypothesis draws the preset, the player count, the options, the deck order and every action.
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cards import FULL_DECK, Card
from atout.engine import Action, HandStart, Phase
from atout.forty_fives import FortyFivesGame, FortyFivesHand, make_config
from atout.games import player_counts
from atout.referee import judge
from tests.core import oracle_45 as oracle
from tests.core.test_forty_fives_engine import assert_private, sensible
from tests.registry import bids_first, presets_of

DECK52 = Counter(FULL_DECK.cards)
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def codes(cards):
    return [c.code for c in cards]


@st.composite
def configs(draw, game, players=None, partners=False):
    options = {"must_follow_suit": draw(st.booleans()), "ace_of_hearts_led": draw(st.booleans())}
    if draw(st.booleans()):       # half the time, the preset's own defaults for the follow rules
        options = {}
    if game == "forty-fives":
        options["players"] = players or draw(st.integers(2, 6))
        options["dealer_rob"] = draw(st.sampled_from(["must", "may"]))
    elif game == "forty-fives-partners":
        options["players"] = players or draw(st.sampled_from([4, 6]))
        options["scoring"] = draw(st.sampled_from(["net", "tricks"]))
        options["dealer_rob"] = draw(st.sampled_from(["may", "must"]))
    else:
        options["players"] = players or draw(st.integers(2, 4))
        if partners:
            options["partners"] = True
        options["min_bid"] = draw(st.sampled_from([5, 10, 15, 20]))
        options["dealer_forced"] = draw(st.booleans())
        options["free_discard"] = draw(st.booleans())
        options["kitty"] = draw(st.sampled_from([4, 4, 3, 0]))
    return make_config(game, options)


def deck_orders():
    return st.permutations(oracle.DECK)


def play_out(data, config, order, dealer, scores_before, turned_aces=False):
    """Play one hand with actions drawn by hypothesis, checking every step; returns the finished hand."""
    n = config.players
    hand = FortyFivesHand(config, dealer, scores_before)
    hand.apply(Action("deal", None, tuple(Card.parse(c) for c in order)))
    if not config.auction or config.kitty in (0, 4):
        dealt = oracle.deal(order, n, dealer, auction=config.auction, kitty=config.kitty)
        assert [codes(h) for h in hand.hands] == dealt["hands"]
        assert codes(hand.kitty) == dealt["kitty"]
    views = [[hand.view(s) for s in range(n)]]
    calls: list[str] = []
    before_exchange = None
    kitty_in_place = False
    opts = (config.must_follow_suit, config.ace_of_hearts_led)
    while True:
        # Card conservation: the 52 cards, each once, wherever they lie.
        assert Counter(hand.all_cards()) == DECK52
        if hand.is_over:
            break
        legal = hand.legal_actions()
        assert legal, f"no legal action in phase {hand.phase}"
        for action in legal:
            assert Action.parse(str(action)) == action
        seat = hand.to_act
        if hand.phase is Phase.PLAY and legal[0].kind == "play":
            want = oracle.legal_plays(codes(hand.hands[seat]), codes(hand.trick.cards), hand.trump.letter, *opts)
            assert [a.card.code for a in legal] == want
        elif hand.phase is Phase.BID:
            want = oracle.auction(calls, n, dealer, config.min_bid, config.dealer_forced)
            assert not want["over"] and want["to_act"] == seat and [a.value for a in legal] == want["legal"]
        elif hand.phase is Phase.TRUMP and before_exchange is None:
            before_exchange = ([codes(h) for h in hand.hands], codes(hand.kitty), codes(hand.stock))
        if hand.phase is Phase.ROB:          # 45.rob.dealer-ace: the dealer robs (or, where allowed, keeps)
            assert seat == dealer and hand.turned_card.rank == 14
            keep = ["keep"] if config.dealer_rob == "may" else []
            assert sorted(map(str, legal)) == sorted([f"rob {c.code}" for c in hand.hands[seat]] + keep)
        elif hand.phase is Phase.PLAY and legal[0].kind != "play":    # 45.rob.ace-holder
            ace = "A" + hand.trump.letter
            assert ace in codes(hand.hands[seat]) and not hand.tricks and hand.turn_up is hand.turned_card
            assert sorted(map(str, legal)) == sorted([f"rob {c}" for c in codes(hand.hands[seat]) if c != ace]
                                                     + ["keep"])
        if hand.phase is Phase.BID:          # pass (or the forced bid, listed first) half the time
            action = data.draw(st.sampled_from(legal) | st.just(legal[0]))
        else:
            action = data.draw(st.sampled_from(legal))
        phase, tricks_before = hand.phase, len(hand.tricks)
        discards_before = ([codes(h) for h in hand.hands], codes(hand.stock))
        hand.apply(action)
        # Checks after the action.
        if action.kind == "bid":
            calls.append(action.value)
        if len(hand.tricks) > tricks_before:
            trick = hand.tricks[-1]
            assert trick.winner == (trick.leader + oracle.trick_winner(codes(trick.cards), hand.trump.letter)) % n
            if not hand.is_over:
                assert hand.trick.leader == trick.winner and hand.to_act == trick.winner
        if action.kind == "kitty":
            kitty_in_place = True
        if phase is Phase.PLAY and action.kind == "keep":
            assert all(hand.view(s)["announced_ace_holder"] == seat for s in range(n))
        if action.kind == "rob":
            assert hand.turned_card in hand.hands[seat] or (
                phase is Phase.ROB and config.dealer_rob == "may" and hand.turn_up is hand.turned_card)
            assert action.card in hand.discards[seat]
        if phase is Phase.TRUMP and action.kind == "trump" and not config.free_discard:
            hands, kitty, stock = before_exchange
            want, rest = oracle.exchange(hands, kitty, stock, hand.bidder, action.value.letter, dealer, kitty_in_place)
            assert [sorted(codes(h)) for h in hand.hands] == [sorted(h) for h in want]
            assert codes(hand.stock) == rest
            assert hand.to_act == (hand.bidder + 1) % n and hand.phase is Phase.PLAY
        if phase is Phase.DISCARD and hand.phase is Phase.PLAY:
            want, rest = oracle.draw(*discards_before, dealer)
            assert [codes(h) for h in hand.hands] == want and codes(hand.stock) == rest
            assert hand.to_act == (hand.bidder + 1) % n
        if phase is Phase.ROB and hand.phase is Phase.PLAY:
            assert hand.to_act == (dealer + 1) % n
        views.append([hand.view(s) for s in range(n)])
        assert_private(hand)
    # Replaying the history gives the same views, at the end and at any step along the way.
    again = FortyFivesHand.replay(config, hand.history, dealer, HandStart(scores_before=tuple(scores_before)))
    assert [again.view(s) for s in range(n)] == views[-1]
    k = data.draw(st.integers(1, len(hand.history)))
    again = FortyFivesHand.replay(config, hand.history[:k], dealer, HandStart(scores_before=tuple(scores_before)))
    assert [again.view(s) for s in range(n)] == views[k - 1]
    return hand, calls


def tricks_of(hand):
    return [(t.leader, codes(t.cards)) for t in hand.tricks]


def check_score(hand, calls):
    config, n = hand.config, hand.config.players
    result = hand.result
    if result.thrown_in:
        assert oracle.auction(calls, n, hand.dealer, config.min_bid, config.dealer_forced)["winner"] is None
        assert result.scores_after == result.scores_before and hand.returns() == [0] * n
        return
    assert len(hand.tricks) == 5 and sum(result.tricks_won) == 5
    trump = hand.trump.letter
    tricks = tricks_of(hand)
    query = {"kind": "score", "game": config.game, "trump": trump, "players": n, "options": config.options(),
             "tricks": [{"leader": leader, "plays": plays} for leader, plays in tricks]}
    if config.game == "forty-fives":
        want = oracle.score_forty_fives(tricks, trump, n)
        any_trump = any(oracle.is_trump(c, trump) for _, plays in tricks for c in plays)
        assert sum(result.points) == (30 if any_trump else 25)
    elif config.game == "forty-fives-partners":
        want = oracle.score_partners(tricks, trump, n, config.scoring)
        if config.scoring == "net":
            side = [sum(t for s, t in enumerate(result.tricks_won) if s % 2 == x) for x in (0, 1)]
            assert sorted(result.points) == [0, {5: 25, 4: 15, 3: 5}[max(side)]]
    else:
        want, made = oracle.score_auction(tricks, trump, n, hand.bidder, hand.bid, hand.scores_before,
                                          config.partners)
        assert result.made is made
        query.update(bidder=hand.bidder, bid=hand.bid, scores_before=hand.scores_before)
    # returns() is per player: partners both get their side's points
    assert result.points == want and hand.returns() == [want[config.side_of(seat)] for seat in range(n)]
    assert result.scores_after == [b + p for b, p in zip(hand.scores_before, want, strict=True)]
    answer = judge(query)
    assert answer.get("points") == want, answer


def scores_for(config):
    high = 130 if config.auction else 44
    return st.lists(st.integers(-60 if config.auction else 0, high), min_size=config.sides, max_size=config.sides)


HAND_CASES = ([(game, n, False) for game in presets_of("forty-fives") for n in player_counts(game)]
              + [("auction-forty-fives", 4, True)])        # the Auction's partnership option, at four


@pytest.mark.parametrize("game,players,partners", HAND_CASES,
                         ids=[f"{g}-{n}{'-partners' if p else ''}" for g, n, p in HAND_CASES])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_hands(game, players, partners, data):
    config = data.draw(configs(game, players, partners))
    assert config.players == players and config.partners == partners
    order = data.draw(deck_orders())
    dealer = data.draw(st.integers(0, config.players - 1))
    scores_before = data.draw(scores_for(config))
    hand, calls = play_out(data, config, order, dealer, scores_before)
    check_score(hand, calls)


@SETTINGS
@given(data=st.data(), game=st.sampled_from([game for game in presets_of("forty-fives") if not bids_first(game)]))
def test_turned_aces_and_ace_holders(data, game):
    """Decks with a turned ace (the dealer robs) or an ace of trumps in a hand (its holder may rob)."""
    config = data.draw(configs(game))
    n = config.players
    order = list(data.draw(deck_orders()))
    turn = 5 * n
    suit = data.draw(st.sampled_from(oracle.SUITS))
    ace = "A" + suit
    if data.draw(st.booleans()):
        target = turn                                   # the ace is turned up
    else:
        target = data.draw(st.integers(0, turn - 1))   # somebody holds the ace; turn up another card of the suit
        other = next(c for c in order[turn + 1:] + order[:turn] if oracle.suit_of(c) == suit and c not in (ace,))
        i, j = order.index(other), turn
        order[i], order[j] = order[j], order[i]
    i = order.index(ace)
    order[i], order[target] = order[target], order[i]
    assert oracle.suit_of(order[turn]) == suit
    hand, calls = play_out(data, config, order, 0, [0] * config.sides)
    kinds = [a.kind for a in hand.history]
    if target == turn:
        assert hand.history[1].kind in ("rob", "keep")
        assert config.dealer_rob == "may" or hand.history[1].kind == "rob"
    else:
        assert kinds.count("rob") + kinds.count("keep") == 1
    check_score(hand, calls)


@settings(max_examples=15, deadline=None)
@given(game=st.sampled_from(presets_of("forty-fives")),
       players=st.integers(2, 6), seed=st.integers(0, 2**32), partners=st.booleans())
def test_random_games_reach_a_winner(game, players, seed, partners):
    import random

    allowed = player_counts(game)
    players = players if players in allowed else allowed[0]
    options = {"players": players}
    if game == "auction-forty-fives" and players == 4 and partners:
        options["partners"] = True
    g = FortyFivesGame(game, seed=seed, **options)
    config = g.config
    rng = random.Random(seed)
    for _ in range(50000):
        if g.is_over:
            break
        g.apply(sensible(g.hand.legal_actions(), rng))
    assert g.is_over and g.scores[g.winner] >= config.target
    previous = [0] * config.sides
    step = 1 if config.rotation == "left" else -1
    for i, result in enumerate(g.results):
        assert result.scores_before == previous
        if result.thrown_in:
            assert result.scores_after == previous
        bidder_side = oracle.side_of(result.bidder, config.has_partners) if result.bidder is not None else None
        winner = None if result.thrown_in else oracle.game_winner(
            result.scores_after, config.target, config.auction, bidder_side, bool(result.made))
        assert winner == (g.winner if i == len(g.results) - 1 else None)
        previous = result.scores_after
        if i:
            assert g.dealers[i] == (g.dealers[i - 1] + step) % players
    assert g.scores == previous

"""The typed rules API (atout.rules_api) against the independent oracles, family by family, and the referee's answers
as the JSON of its objects."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from atout import rules_api
from atout.cards import Card, Suit
from atout.errors import AtoutError, CardNotInDeckError, ConfigError, DuplicateCardError, IllegalActionError
from atout.games import GAMES
from atout.referee import judge, typed
from atout.rulebook import RULES
from tests.core import oracle_45, oracle_500
from tests.core import sixty_six_oracle as oracle_66

CARD = Card.parse


def cards(codes):
    return [CARD(c) for c in codes]


def codes(seq):
    return [c.code for c in seq]


def strain(text):
    return None if text == "NT" else Suit.parse(text)


def check_order(verdict, trump_order, plain_order):
    """The cards strongest first: the winner, then the trumps and the suit led in their orders (the oracle's), then
    the cards that cannot win, in play order; each comparison is of neighbours and cites a rule of the rulebook."""
    plays = codes(verdict.plays)
    led = verdict.led.letter
    rest = [c for i, c in enumerate(plays) if i != verdict.winner]
    trumps = [c for c in trump_order if c in rest]
    following = [c for c in (plain_order(led) if verdict.trump is None or led != verdict.trump.letter else [])
                 if c in rest and c not in trumps]
    others = [c for c in rest if c not in trumps and c not in following]
    assert codes(verdict.strongest) == [plays[verdict.winner], *trumps, *following, *others]
    assert [(c.higher, c.lower) for c in verdict.comparisons] == list(zip(verdict.strongest, verdict.strongest[1:],
                                                                         strict=False))
    assert all(c.rule in RULES for c in verdict.comparisons) and verdict.reason.rule in RULES
    assert set(verdict.beats) == set(verdict.plays) - {verdict.winning_card}


# --- Forty-Fives ------------------------------------------------------------------------------------------------

def test_forty_fives_ranking_and_tricks_are_the_oracles():
    rng = random.Random(45)
    for trump in oracle_45.SUITS:
        ranking = rules_api.ranking("forty-fives", Suit.parse(trump))
        assert codes(ranking.trumps) == oracle_45.trump_order(trump) and ranking.rule == "45.rank.trump"
        assert {s.letter: codes(c) for s, c in ranking.plain.items()} == {
            s: oracle_45.plain_order(s, trump) for s in oracle_45.SUITS if s != trump}
        assert ranking.points is None
    for _ in range(400):
        trump = rng.choice(oracle_45.SUITS)
        plays = rng.sample(oracle_45.DECK, rng.randint(2, 6))
        verdict = rules_api.trick_verdict("forty-fives", cards(plays), Suit.parse(trump))
        assert verdict.winner == oracle_45.trick_winner(plays, trump)
        assert verdict.led.letter == oracle_45.follows_as(plays[0], trump)
        win = plays[verdict.winner]
        assert {c.code: why.rule for c, why in verdict.beats.items()} == {
            c: oracle_45.deciding_rule(win, c, trump, verdict.led.letter) for c in plays if c != win}
        check_order(verdict, oracle_45.trump_order(trump), lambda led, t=trump: oracle_45.plain_order(led, t))


@pytest.mark.parametrize("options", [{}, {"must_follow_suit": True}, {"ace_of_hearts_led": False},
                                     {"must_follow_suit": True, "ace_of_hearts_led": False}])
def test_forty_fives_legal_plays_follow_the_options_as_the_oracle_does(options):
    rng = random.Random(len(options) * 7 + options.get("must_follow_suit", 0))     # forty-fives: the A♥ rule on
    config = rules_api.config_of("forty-fives", options)
    flags = {"must_follow_suit": config.must_follow_suit, "ace_of_hearts_led": config.ace_of_hearts_led}
    for _ in range(300):
        drawn = rng.sample(oracle_45.DECK, 7)
        if rng.random() < 0.3:                 # the A♥ led: its own house rule
            drawn = ["AH", *[c for c in drawn if c != "AH"]][:7]
        trump = rng.choice(oracle_45.SUITS)
        plays, hand = drawn[:rng.randint(0, 2)], drawn[2:]
        legality = rules_api.legality(config, cards(hand), cards(plays), Suit.parse(trump))
        legal = oracle_45.legal_plays(hand, plays, trump, **flags)
        assert codes(legality.legal) == legal
        assert codes(legality.refused) == [c for c in hand if c not in legal]
        expected = (oracle_45.illegal_rule(hand, plays, trump, **flags) if len(legal) < len(hand)
                    else oracle_45.legal_rule(hand, plays, trump, **flags))
        assert legality.reason.rule == expected
        assert all(legality.allows(c) != (c in legality.refused) for c in legality.hand)


# --- Five Hundred -----------------------------------------------------------------------------------------------

def test_five_hundred_ranking_and_tricks_are_the_oracles():
    rng = random.Random(500)
    for trump in oracle_500.STRAINS:
        ranking = rules_api.ranking("five-hundred", strain(trump))
        assert codes(ranking.trumps) == oracle_500.trump_order(trump)
        assert {s.letter: codes(c) for s, c in ranking.plain.items()} == {
            s: oracle_500.plain_order(s, trump) for s in oracle_500.SUITS if s != trump}
    for _ in range(400):
        trump = rng.choice(oracle_500.STRAINS)
        plays = rng.sample(oracle_500.DECK, 4)
        named = rng.choice(oracle_500.SUITS) if plays[0] == "JK" and trump == "NT" else None
        verdict = rules_api.trick_verdict("five-hundred", cards(plays), strain(trump),
                                          Suit.parse(named) if named else None, whole=True)
        assert verdict.winner == oracle_500.trick_winner(plays, trump, named)
        assert verdict.led.letter == oracle_500.led(plays, trump, named)
        check_order(verdict, oracle_500.trump_order(trump), lambda led, t=trump: oracle_500.plain_order(led, t))


def test_five_hundred_legal_plays_are_the_oracles_and_a_joker_led_in_no_trumps_needs_its_suit():
    rng = random.Random(5)
    for _ in range(400):
        trump = rng.choice(oracle_500.STRAINS)
        drawn = rng.sample(oracle_500.DECK, 7)
        plays, hand = drawn[:rng.randint(0, 3)], drawn[3:]
        named = rng.choice(oracle_500.SUITS) if plays and plays[0] == "JK" and trump == "NT" else None
        legality = rules_api.legality("five-hundred", cards(hand), cards(plays), strain(trump),
                                      Suit.parse(named) if named else None)
        legal = oracle_500.legal(hand, plays, trump, named)
        assert codes(legality.legal) == legal and codes(legality.refused) == [c for c in hand if c not in legal]
        assert legality.reason.rule in RULES
    with pytest.raises(IllegalActionError, match="without naming a suit"):
        rules_api.trick_verdict("five-hundred", cards(["JK", "AS"]), None)


# --- Sixty-Six --------------------------------------------------------------------------------------------------

def test_sixty_six_ranking_points_tricks_and_legal_plays_are_the_oracles():
    rng = random.Random(66)
    deck = oracle_66.deck()
    ranking = rules_api.ranking("sixty-six", Suit.HEARTS)
    assert ranking.points is not None and sum(ranking.points.values()) == 120
    assert ranking.points[CARD("10S")] == 10 and ranking.points[CARD("KS")] == 4
    for _ in range(400):
        trump = rng.choice(oracle_66.SUITS)
        lead, second, *hand = rng.sample(deck, 8)
        verdict = rules_api.trick_verdict("sixty-six", cards([lead, second]), Suit.parse(trump), whole=True)
        assert verdict.winner == oracle_66.trick_winner(lead, second, trump) and verdict.led.letter == lead[-1]
        check_order(verdict, [c.code for c in rules_api.ranking("sixty-six", Suit.parse(trump)).trumps],
                    lambda led: [r + led for r in ("A", "10", "K", "Q", "J", "9")])
        phase = rng.choice(["open", "strict"])
        legality = rules_api.legality("sixty-six", cards(hand), cards([lead]), Suit.parse(trump), phase=phase)
        assert codes(legality.legal) == oracle_66.legal(hand, lead, trump, phase)
        assert all(why.rule == "66.strict.follow" for why in legality.refused.values())
    with pytest.raises(ConfigError, match="give the phase, open"):
        rules_api.legality("sixty-six", cards(["AS"]), cards(["KS"]), Suit.HEARTS)


# --- what every family shares -----------------------------------------------------------------------------------

def test_the_trumps_of_each_game_are_its_families():
    for game in GAMES:
        expected = (*Suit, None) if game == "five-hundred" else tuple(Suit)
        assert rules_api.trumps(game) == expected
        assert [rules_api.parse_trump(game, rules_api.trump_text(t)) for t in expected] == list(expected)
    with pytest.raises(ConfigError, match="sixty-six is always played with a trump suit: write C, D, H, or S"):
        rules_api.ranking("sixty-six", None)
    with pytest.raises(AtoutError, match="'NT' is not a suit"):
        rules_api.parse_trump("forty-fives", "NT")


@pytest.mark.parametrize("game", GAMES)
def test_the_cards_a_ranking_marks_are_the_ones_its_order_sets_apart(game):
    """Each family declares the cards that stand apart from a suit's plain order; the declaration agrees with the
    order itself, in both directions: the joker heads the trumps; the bowers are the two jacks of the trumps' colour,
    both trumps; a card that is a trump whichever suit is trumps is marked so; and where a suit's 2 sits above its 10,
    its numbered cards below its face cards run backwards."""
    rankings = [rules_api.ranking(game, trump) for trump in rules_api.trumps(game)]
    always = set.intersection(*(set(r.trumps) for r in rankings))
    for ranking in rankings:
        expected: dict[Card, rules_api.CardMark] = {}
        for cards in (ranking.trumps, *ranking.plain.values()):
            for suit in Suit:
                own = [card for card in cards if card.suit == suit and not card.is_joker and card not in always]
                numbered = [card.rank for card in own if 2 <= card.rank <= 10]
                if 2 in numbered and 10 in numbered and numbered.index(2) < numbered.index(10):
                    last_face = max((i for i, card in enumerate(own) if card.rank > 10), default=-1)
                    expected.update({card: rules_api.CardMark.REVERSED for card in own[last_face + 1:]})
            for card in cards:
                if card.is_joker:
                    expected[card] = rules_api.CardMark.JOKER
                elif card in always and card.suit != ranking.trump:
                    expected[card] = rules_api.CardMark.ALWAYS_TRUMP
                elif (cards is ranking.trumps and card.rank == 11 and ranking.trump is not None
                      and Card.of(11, ranking.trump.partner) in ranking.trumps):
                    expected[card] = rules_api.CardMark.BOWER
        always_in_own_suit = {c: m for c, m in ranking.marks.items()
                              if m is rules_api.CardMark.ALWAYS_TRUMP and c.suit == ranking.trump}
        assert dict(ranking.marks) == expected | always_in_own_suit, (game, ranking.trump)


@pytest.mark.parametrize("game, plays, error, message", [
    ("forty-fives", ["AS", "as"], DuplicateCardError, "A♠ appears twice; each card exists once in the deck"),
    ("five-hundred", ["2S", "AS", "KS", "QS"], CardNotInDeckError, "2♠ is not in the 43-card deck"),
    ("sixty-six", ["8S", "AS"], CardNotInDeckError, "8♠ is not in the 24-card deck"),
    ("forty-fives", [], AtoutError, "a trick needs at least one card"),
    ("auction-forty-fives", ["AS", "KS", "QS", "JS", "10S"], AtoutError,
     "a trick of auction-forty-fives holds one card per player, 2, 3, or 4 cards, not 5"),
])
def test_bad_cards_are_refused_naming_what_is_wrong(game, plays, error, message):
    with pytest.raises(error, match=message):
        rules_api.trick_verdict(game, [CARD(c) for c in plays], Suit.HEARTS)


def test_the_objects_are_frozen():
    verdict = rules_api.trick_verdict("forty-fives", cards(["KH", "AH"]), Suit.CLUBS)
    with pytest.raises(AttributeError):
        verdict.winner = 0
    with pytest.raises(TypeError):
        verdict.beats[CARD("KH")] = verdict.reason


# --- the referee writes the API's objects out ---------------------------------------------------------------------

def test_the_referees_trick_legal_and_rank_answers_are_the_apis_objects_written_out():
    """A random sample of good queries in every game: the referee's answer holds exactly what the API says."""
    rng = random.Random(16)
    for _ in range(300):
        game = rng.choice(list(GAMES))
        config = rules_api.config_of(game)
        deck = [c.code for c in rules_api.ranking(game, Suit.SPADES).cards]
        trump = rng.choice(rules_api.trumps(game))
        size = max(rules_api.player_counts(game))
        plays = rng.sample(deck, size)
        if plays[0] == "JK" and trump is None:
            continue
        query = {"game": game, "trump": rules_api.trump_text(trump)}
        verdict = rules_api.trick_verdict(config, cards(plays), trump)
        answer = judge({"kind": "trick", "plays": plays, **query})
        assert answer["winner"] == verdict.winner and answer["rule"] == verdict.reason.rule
        assert answer["explanation"] == verdict.reason.render()
        if "beats" in answer:
            assert answer["beats"] == {c.code: {"rule": w.rule, "explanation": w.render()}
                                       for c, w in verdict.beats.items()}
        hand, so_far = plays[1:], plays[:1]
        phase = {"phase": rng.choice(["open", "strict"])} if game == "sixty-six" else {}
        legality = rules_api.legality(config, cards(hand), cards(so_far), trump, phase=phase.get("phase"))
        answer = judge({"kind": "legal", "plays": so_far, "hand": hand, **query, **phase})
        assert answer["legal"] == codes(legality.legal) and answer["rule"] == legality.reason.rule
        assert answer["explanation"] == legality.reason.render()
        assert answer.get("why", {}) in ({}, {c.code: {"rule": w.rule, "explanation": w.render()}
                                             for c, w in legality.refused.items()})
        ranking = rules_api.ranking(config, trump)
        answer = judge({"kind": "rank", **query})
        assert answer == {"trump": codes(ranking.trumps), "rule": ranking.rule,
                          "plain": {s.letter: codes(c) for s, c in ranking.plain.items()}}


# --- scores and bids ----------------------------------------------------------------------------------------------

def _deal_tricks(rng, deck, players):
    shuffled = rng.sample(deck, 5 * players)
    return [(rng.randrange(players), shuffled[t * players:(t + 1) * players]) for t in range(5)]


def _played(tricks):
    return tuple(rules_api.PlayedTrick(leader, tuple(cards(plays))) for leader, plays in tricks)


def test_forty_fives_scores_are_the_oracles():
    """Each preset's points from random hands: per player, per side (net or by tricks), and the Auction's change of
    score with whether the bid was made; each trick's winner and the best card as the oracle finds them."""
    rng = random.Random(4545)
    deck = codes(rules_api.ranking("forty-fives", Suit.SPADES).cards)
    for _ in range(200):
        trump = rng.choice(oracle_45.SUITS)
        game = rng.choice(["forty-fives", "forty-fives-partners", "auction-forty-fives"])
        players = rng.choice({"forty-fives": [2, 3, 4, 5, 6], "forty-fives-partners": [4, 6],
                              "auction-forty-fives": [2, 3, 4]}[game])
        scoring = rng.choice(["net", "tricks"])
        options = {"players": players, **({"scoring": scoring} if game == "forty-fives-partners" else {})}
        config = rules_api.config_of(game, options)
        tricks = _deal_tricks(rng, deck, players)
        bidder, bid = rng.randrange(players), rng.choice(["15", "20", "25", "30", "30-for-60", "60-for-120"])
        before = tuple(rng.randrange(0, 120, 5) for _ in range(players))
        facts = rules_api.TricksPlayed(Suit.parse(trump), _played(tricks), before if game != "forty-fives-partners"
                                       else None, *((bidder, bid) if config.auction else (None, None)))
        result = rules_api.score(config, facts)
        assert list(result.winners) == oracle_45.trick_winners(tricks, trump, players)
        best = oracle_45.best_card_trick(tricks, trump)
        assert (result.best_card is None) == (best is None)
        assert result.rule in RULES and result.reason is not None and result.reason.rule == result.rule
        if game == "forty-fives":
            assert list(result.points) == oracle_45.score_forty_fives(tricks, trump, players)
            assert result.scores_after is None and result.made is None
        elif game == "forty-fives-partners":
            assert list(result.points) == oracle_45.score_partners(tricks, trump, players, scoring)
        else:
            change, made = oracle_45.score_auction(tricks, trump, players, bidder, bid, before)
            assert list(result.points) == change and result.made == made
            assert list(result.scores_after) == [b + c for b, c in zip(before, change, strict=True)]


def test_five_hundred_and_sixty_six_scores_are_the_oracles():
    rng = random.Random(500)
    ladder = [c for c in oracle_500.bids(misere=True) if c != "pass"]
    for _ in range(300):
        contract, side, taken = rng.choice(ladder), rng.randrange(2), rng.randrange(11)
        won = (taken, 10 - taken) if side == 0 else (10 - taken, taken)
        before = (rng.randrange(-400, 450, 10), rng.randrange(-400, 450, 10))
        result = rules_api.score(rules_api.config_of("five-hundred", {"misere": True}),
                                 rules_api.ContractPlayed(contract, side, won, before))
        assert list(result.scores_after) == oracle_500.score(contract, side, won, before)
        assert result.reason is not None and result.rule in RULES
    for _ in range(300):
        points, tricks = (rng.randrange(131), rng.randrange(131)), (rng.randrange(7), rng.randrange(7))
        by = rng.randrange(2)
        declared = rules_api.score("sixty-six", rules_api.HandEnding("declare", by=by, points=points, tricks=tricks))
        assert list(declared.points) == oracle_66.declare_points(by, list(points), list(tricks))
        at_close = (rng.randrange(4), rng.randrange(4))
        failed = rules_api.score("sixty-six", rules_api.HandEnding("close-failed", by=by, tricks_at_close=at_close))
        assert list(failed.points) == oracle_66.close_failed_points(by, list(at_close))
        assert failed.reason is None and failed.rule == "66.close.failed"    # a failed close counts no points
        first = rng.randrange(13)
        out = (first, 12 - first)
        played = rules_api.score(rules_api.config_of("sixty-six", {"tie_carries": True}),
                                 rules_api.HandEnding("no-declaration", points=points, tricks=out, last_trick=by))
        assert list(played.points) == oracle_66.no_declaration_points(list(points), list(out), by, True)
        assert played.carried == (played.points == (0, 0))


def test_a_family_is_given_its_own_scoring_facts():
    with pytest.raises(AtoutError, match="five-hundred scores a hand from its contract and the tricks won"):
        rules_api.score("five-hundred", rules_api.HandEnding("declare", by=0))
    with pytest.raises(AtoutError, match='contract cannot be "5S"'):
        rules_api.score("five-hundred", rules_api.ContractPlayed("5S", 0, (5, 5), (0, 0)))


def test_auctions_are_the_oracles():
    """Random auctions of both bidding games: the state after each call sequence the oracle accepts, and the call
    it refuses refused by the API too, naming the calls allowed."""
    rng = random.Random(1616)
    for _ in range(300):
        dealer = rng.randrange(4)
        calls: list[str] = []
        for _ in range(rng.randrange(7)):
            state = oracle_500.auction(dealer, calls, misere=True)
            if state.get("over"):
                break
            calls.append(rng.choice(state["legal"][:6]))
        expected = oracle_500.auction(dealer, calls, misere=True)
        state = rules_api.bids(rules_api.config_of("five-hundred", {"misere": True}), dealer, calls)
        if expected.get("over"):
            assert state.over and (state.winner, state.bid) == (expected["winner"], expected["bid"])
        else:
            assert not state.over and state.to_act == expected["to_act"] and list(state.legal) == expected["legal"]
            assert set(state.refused) == {c for c in oracle_500.bids(misere=True) if c not in expected["legal"]}
            assert all(why.rule in RULES for why in state.refused.values())
    for _ in range(300):
        players, dealer = rng.choice([2, 3, 4]), rng.randrange(4)
        dealer %= players
        calls = []
        for _ in range(rng.randrange(6)):
            state = oracle_45.auction(calls, players, dealer)
            if state["over"]:
                break
            calls.append(rng.choice(state["legal"]))
        expected = oracle_45.auction(calls, players, dealer)
        state = rules_api.bids(rules_api.config_of("auction-forty-fives", {"players": players}), dealer, calls)
        assert state.over == expected["over"]
        if state.over:
            assert (state.winner, state.bid) == (expected["winner"], expected["bid"])
        else:
            assert state.to_act == expected["to_act"] and list(state.legal) == expected["legal"]
    with pytest.raises(AtoutError, match=r"call 2 \('15'\) is not allowed: .*the calls allowed were “Pass”, 20, 25"):
        rules_api.bids(rules_api.config_of("auction-forty-fives", {"players": 4}), 3, ["15", "15"])
    with pytest.raises(AtoutError, match="forty-fives has no bidding"):
        rules_api.bids("forty-fives", 0, [])


def test_the_referees_score_and_bids_answers_are_the_apis_objects_written_out():
    query = {"kind": "score", "game": "five-hundred", "contract": "8S", "contractor": 1, "tricks_won": [2, 8],
             "scores_before": [100, 200]}
    result = rules_api.score("five-hundred", rules_api.ContractPlayed("8S", 1, (2, 8), (100, 200)))
    assert typed(query) == result
    assert judge(query) == {"scores_after": [120, 440], "points": [20, 240], "made": True, "game_winner": None,
                            "rule": result.rule, "explanation": result.reason.render()}
    query = {"kind": "bids", "game": "five-hundred", "dealer": 0, "calls": ["6S", "7C"]}
    state = typed(query)
    assert judge(query) == {"to_act": state.to_act, "legal": list(state.legal), "rule": "500.bid.higher",
                            "why": {c: {"rule": w.rule, "explanation": w.render()} for c, w in state.refused.items()}}
    with pytest.raises(AtoutError, match="a score query needs the field 'contract'"):
        typed({"kind": "score", "game": "five-hundred"})


def test_discards_are_the_oracles():
    """Auction Forty-Fives: every card that is not a trump goes, the bidder keeping its five highest trumps, then
    the draw back to five; Five Hundred: any three of the hand and the kitty may go."""
    rng = random.Random(4)
    deck = codes(rules_api.ranking("forty-fives", Suit.SPADES).cards)
    config = rules_api.config_of("auction-forty-fives", {"players": 4})
    for _ in range(200):
        trump, bidder = rng.choice(oracle_45.SUITS), rng.random() < 0.5
        dealt = rng.sample(deck, 9)
        hand, kitty = dealt[:5], dealt[5:] if bidder else []
        result = rules_api.discards(config, Suit.parse(trump), cards(hand), cards(kitty), bidder)
        trumps = [c for c in hand + kitty if oracle_45.is_trump(c, trump)]
        if bidder:
            trumps = sorted(trumps, key=lambda c: oracle_45.trump_strength(c, trump))[:5]
        assert sorted(codes(result.keep)) == sorted(trumps) and result.draw == 5 - len(trumps)
        assert codes(result.discard) == [c for c in hand + kitty if c not in trumps] and not result.free
        assert set(result.why) == set(result.cards) and all(why.rule in RULES for why in result.why.values())
    with pytest.raises(AtoutError, match="with option free_discard every player chooses"):
        rules_api.discards(rules_api.config_of("auction-forty-fives", {"free_discard": True}), Suit.CLUBS,
                           cards(["AS"]))
    kitty = rules_api.discards("five-hundred", None, cards(["JK", "5S"]), cards(["AH", "KH", "QH"]))
    assert kitty.free and kitty.count == 3 and codes(kitty.discard) == ["JK", "5S", "AH", "KH", "QH"]
    assert kitty.draw is None and kitty.reason.rule == "500.kitty"
    with pytest.raises(AtoutError, match="sixty-six has no discards questions"):
        rules_api.discards("sixty-six", Suit.CLUBS, cards(["AS"]))


def test_sixty_six_points_are_the_oracles():
    rng = random.Random(66)
    for _ in range(200):
        won = rng.sample(oracle_66.deck(), 2 * rng.randrange(7))
        tricks = [cards(won[i:i + 2]) for i in range(0, len(won), 2)]
        trump = rng.choice(list(Suit))
        marriages = rng.sample(list(Suit), rng.randrange(3))
        last = bool(tricks) and rng.random() < 0.5
        count = rules_api.points("sixty-six", tricks, marriages, trump, last)
        card_points = sum(oracle_66.VALUE[oracle_66.rank(c)] for c in won)
        married = sum(40 if suit is trump else 20 for suit in marriages)
        assert (count.card_points, count.marriage_points) == (card_points, married)
        assert count.points == card_points + (married if tricks else 0) + (10 if last else 0)
        assert count.reached == (count.points >= 66)
        assert count.reason.rule == ("66.marriage.pending" if marriages and not tricks else "66.points")
    with pytest.raises(AtoutError, match="five-hundred has no points questions"):
        rules_api.points("five-hundred", [])


# --- Sixty-Six's may and draw questions, Forty-Fives' robbing -------------------------------------------------

def _counted_positions(rng, count):
    """Random Sixty-Six positions seat 0 is on lead in, each possible: the stock open (a hand of 6, or 5 just
    before the draw), closed or exhausted (1 to 6 cards)."""
    deck = oracle_66.deck()
    for _ in range(count):
        trump = rng.choice(oracle_66.SUITS)
        face_down = rng.choice([11, 9, 7, 5, 3, 1, 0])
        closed = face_down > 0 and rng.random() < 0.3
        before_draw = face_down > 0 and not closed and face_down < 11 and rng.random() < 0.2
        size = 6 - before_draw if face_down and not closed else rng.randrange(1, 7)
        if face_down == 11:
            size = 6
        hand = rng.sample([c for c in deck if c != "A" + trump], size)   # the ace stays free to be turned up
        if rng.random() < 0.5 and "9" + trump not in hand:
            hand[0] = "9" + trump
        yield trump, hand, face_down, closed, before_draw


def test_sixty_six_exchange_close_and_marriages_are_the_rules():
    """66.exchange-nine: the 9 of trumps for the turned-up trump, on lead after a trick won, while the stock is
    open with a card face down; 66.close: on lead while the stock is open with a card face down; 66.marriage:
    on lead holding its king and queen, 20 or 40 in trumps, counting once a trick is won, not once the stock is
    gone or closed (66.strict.no-marriage)."""
    rng = random.Random(9)
    asked = {"exchange": [0, 0], "close": [0, 0], "marriage": [0, 0]}
    for trump, hand, face_down, closed, before_draw in _counted_positions(rng, 400):
        position = rules_api.CountedPosition(Suit.parse(trump), tuple(cards(hand)), None, face_down, closed,
                                             before_draw)
        open_stock = face_down > 0 and not closed
        exchange = rules_api.may("sixty-six", position, f"exchange 9{trump}")
        if not before_draw:
            assert exchange.allowed == (open_stock and face_down < 11 and "9" + trump in hand), position
        close = rules_api.may("sixty-six", position, "close")
        assert close.allowed == open_stock, position
        closing = "66.close.before-draw" if before_draw and close.allowed else "66.close"
        assert (close.rule, close.action) == (closing, rules_api.Action("close"))
        assert (close.action in close.actions) == close.allowed
        assert codes(close.hand) == hand and close.turn_up == (CARD("A" + trump) if face_down else None)
        suit = rng.choice(oracle_66.SUITS)
        marriage = rules_api.may("sixty-six", position, f"marriage K{suit}")
        if not before_draw:
            married = {"K" + suit, "Q" + suit} <= set(hand)
            assert marriage.allowed == (married and open_stock), position
            if marriage.allowed:
                assert marriage.marriage_points == (40 if suit == trump else 20)
                assert marriage.counts == (face_down < 11)     # every leader after the first has won a trick
        assert (marriage.marriage_points is None) == (not marriage.allowed)
        for answer in (exchange, close, marriage):
            assert answer.rule in RULES and answer.reason.render()
            asked[answer.action.kind][answer.allowed] += 1
    assert all(no and yes for no, yes in asked.values()), asked    # each action both allowed and refused


def test_sixty_six_may_after_earlier_actions_and_refuses_what_cannot_be():
    position = rules_api.CountedPosition(Suit.HEARTS, tuple(cards(["9H", "KS", "QS", "AC", "10D", "JD"])),
                                         face_down=7)
    assert rules_api.may("sixty-six", position, "exchange 9H").allowed
    exchanged = replace(position, earlier=("exchange 9H",))
    after = rules_api.may("sixty-six", exchanged, "exchange 9H")
    assert not after.allowed and CARD("9H") not in after.hand and after.turn_up == CARD("9H")
    assert rules_api.Action("exchange", CARD("9H")) not in rules_api.actions("sixty-six", exchanged)
    with pytest.raises(AtoutError, match=r"action 3 \('close'\) cannot be done in this position: The stock is "
                                         r"already closed"):
        rules_api.actions("sixty-six", replace(position, earlier=("exchange 9H", "close", "close")))
    with pytest.raises(AtoutError, match="while the stock is open a hand holds 6 cards"):
        rules_api.may("sixty-six", rules_api.CountedPosition(Suit.HEARTS, tuple(cards(["9H"]))), "close")
    for game in ("forty-fives", "five-hundred"):
        with pytest.raises(AtoutError, match=f"{game} has no may questions"):
            rules_api.may(game, position, "close")
        with pytest.raises(AtoutError, match=f"{game} has no draw questions"):
            rules_api.draw(game, position, CARD("9H"))
        with pytest.raises(AtoutError, match=f"{game} has no actions questions"):
            rules_api.actions(game, position)


def test_sixty_six_draws_are_the_rules():
    """66.draw: the winner draws first, the loser of the sixth trick takes the turned-up trump; nobody draws from
    a stock closed or exhausted; the strict rules once it is gone or closed (66.strict.follow, else 66.open.free);
    no trick after the last."""
    rng = random.Random(12)
    deck = oracle_66.deck()
    seen = set()
    for _ in range(400):
        trump = rng.choice(oracle_66.SUITS)
        face_down = rng.choice([11, 9, 7, 5, 3, 1, 1, 0])
        closed = face_down > 0 and rng.random() < 0.3
        open_stock = face_down > 0 and not closed
        dealt = rng.sample([c for c in deck if c != "A" + trump], 7)
        lead, held = dealt[0], dealt[1:7 if open_stock else rng.randrange(2, 8)]
        phase = "open" if open_stock else "strict"
        reply = rng.choice(oracle_66.legal(held, lead, trump, phase))
        position = rules_api.CountedPosition(Suit.parse(trump), tuple(cards(held)), CARD(lead), face_down, closed)
        after = rules_api.draw("sixty-six", position, CARD(reply))
        winner = 0 if oracle_66.trick_winner(lead, reply, trump) == 1 else 1
        assert after.winner == winner and codes(after.hand) == [c for c in held if c != reply]
        if open_stock:
            loser_takes = "turn-up" if face_down == 1 else "face-down"
            assert after.first == winner and after.drawing.rule == "66.draw"
            assert after.takes == tuple("face-down" if s == winner else loser_takes for s in (0, 1))
        else:
            assert after.first is None and after.takes == (None, None)
        last = not open_stock and len(held) == 1
        assert after.over == last
        if not last:
            assert after.strict == (not open_stock or face_down == 1)
            assert after.following.rule == ("66.strict.follow" if after.strict else "66.open.free")
        assert dict(after.reasons) == {"first": after.drawing, "take": after.drawing, "follow": after.following}
        seen.add((after.first is None, after.takes[1 - winner], after.strict))
    assert seen == {(False, "face-down", False), (False, "turn-up", True), (True, None, True), (True, None, None)}
    with pytest.raises(AtoutError, match="what follows a trick is asked once your opponent has led"):
        rules_api.draw("sixty-six", rules_api.CountedPosition(Suit.CLUBS, tuple(cards(["AS"])), face_down=0),
                       CARD("AS"))


@pytest.mark.parametrize("game", ["forty-fives", "forty-fives-partners"])
def test_robbing_is_the_oracles(game):
    """45.rob.dealer-ace: a turned ace is robbed by the dealer (must or may, under dealer_rob), with any card;
    45.rob.ace-holder: otherwise the seat dealt the ace of trumps may rob, with any other card; nobody else."""
    rng = random.Random(game)
    counts = (2, 3, 4, 5, 6) if game == "forty-fives" else (4, 6)
    rights_seen = set()
    for _ in range(150):
        players, dealer_rob = rng.choice(counts), rng.choice(["must", "may"])
        config = rules_api.config_of(game, {"players": players, "dealer_rob": dealer_rob})
        dealer, seat = rng.randrange(players), rng.randrange(players)
        if rng.random() < 0.5:
            deal: int | rules_api.TurnedDeal = rng.randrange(10 ** 6)
        else:
            turn_up = rng.choice(["AS", "AH", "AC", "KD", "5S", "2H"])
            holder = None if turn_up.startswith("A") else rng.choice([None, rng.randrange(players)])
            deal = rules_api.TurnedDeal(CARD(turn_up), holder=holder)
        rights = rules_api.rob(config, deal, dealer, seat)
        hands = [codes(h) for h in rights.hands]
        expected = oracle_45.rob_rights(hands, rights.turn_up.code, dealer, dealer_rob)
        assert [(r, codes(c)) for r, c in zip(rights.rights, rights.cards, strict=True)] == expected
        assert rights.trump == rights.turn_up.suit and (rights.dealer, rights.seat) == (dealer, seat)
        assert rights.who == tuple(s for s, (r, _) in enumerate(expected) if r != "no")
        assert rights.right == expected[seat][0] and codes(rights.hand) == hands[seat]
        for s, refused in enumerate(rights.refused):
            assert set(codes(refused)) == (set(hands[s]) - set(codes(rights.cards[s])) if rights.cards[s] else set())
            assert all(why.rule in RULES for why in refused.values())
        ace_turned = rights.turn_up.rank == CARD("AS").rank
        assert rights.who_reason.rule == ("45.rob.dealer-ace" if ace_turned else "45.rob.ace-holder")
        assert all(why.rule.startswith("45.rob.") for why in rights.reasons)
        rights_seen.update(rights.rights)
    assert rights_seen == {"must", "may", "no"}
    with pytest.raises(AtoutError, match="auction-forty-fives turns no card up, so nobody robs"):
        rules_api.rob("auction-forty-fives", 1)
    with pytest.raises(AtoutError, match="sixty-six has no rob questions"):
        rules_api.rob("sixty-six", 1)


def test_the_referees_may_draw_and_rob_answers_are_the_apis_objects_written_out():
    query = {"kind": "may", "game": "sixty-six", "trump": "H", "stock": 7, "action": "marriage KS",
             "hand": ["9H", "KS", "QS", "AC", "10D", "JD"]}
    permission = typed(query)
    assert permission == rules_api.may("sixty-six", rules_api.CountedPosition(
        Suit.HEARTS, tuple(cards(query["hand"])), face_down=7), "marriage KS")
    assert judge(query) == {"allowed": True, "actions": [str(a) for a in permission.actions],
                            "hand": query["hand"], "turn_up": "AH", "rule": permission.rule,
                            "explanation": permission.reason.render(), "points": 20, "counts": True}
    query = {"kind": "draw", "game": "sixty-six", "ask": "follow", "trump": "H", "stock": 1,
             "hand": ["AS", "KC", "QC", "JD", "9D"], "plays": ["9S", "10S"]}
    after = typed(query)
    assert (after.winner, after.first, after.takes, after.strict) == (0, 0, ("face-down", "turn-up"), True)
    assert judge(query) == {"winner": 0, "first": 0, "takes": ["face-down", "turn-up"], "strict": True,
                            "hand": query["hand"], "turn_up": "AH", "rule": "66.strict.follow",
                            "explanation": after.following.render(),
                            "why": {k: {"rule": w.rule, "explanation": w.render()} for k, w in after.reasons.items()}}
    query = {"kind": "rob", "game": "forty-fives", "players": 3, "ask": "who", "turn_up": "KS", "hand": ["AS"],
             "seat": 2}
    rights = typed(query)
    assert rights.who == (2,) and rights.right == "may" and CARD("AS") in rights.hand
    answer = judge(query)
    assert answer["who"] == [2] and answer["may"] == "may" and answer["rule"] == rights.who_reason.rule
    assert answer["why"] == {str(s): {"rule": rights.reasons[s].rule, "explanation": rights.reasons[s].render()}
                             for s in (0, 1)}
    assert answer["cards"] == codes(rights.cards[2]) and "AS" not in answer["cards"]
    with pytest.raises(AtoutError, match="seat 0 may not rob here, so gives up no card"):
        typed({**query, "ask": "cards", "seat": 0, "hand": []})
    with pytest.raises(AtoutError, match="that was the last trick: no trick follows"):
        typed({"kind": "draw", "game": "sixty-six", "ask": "follow", "trump": "H", "stock": 0, "hand": [],
               "plays": ["9S", "10S"]})
    assert judge({"kind": "may", "game": "five-hundred"})["error"] == (
        "five-hundred has no may questions: its kinds are rank, trick, legal, bids, score, discards")
    with pytest.raises(AtoutError, match="sixty-six has no rob questions: its kinds are rank, trick, legal, bids"):
        typed({"kind": "rob", "game": "sixty-six"})

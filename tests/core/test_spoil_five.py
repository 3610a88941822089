"""Spoil Five as ``tests/data/rules/spoil-five.md`` states it: the pool and its stakes, three tricks winning it at
once, a spoiled hand carrying it over, the jinx made and failed, robbing, reneging, and the referee's score."""

from __future__ import annotations

import random

import pytest

from atout.cards import FULL_DECK, Card, parse_cards
from atout.engine import Action
from atout.errors import IllegalActionError
from atout.referee import judge
from atout.spoil_five import SpoilFiveGame, SpoilFiveHand, make_config


def dealt(players: int, hands: dict[int, str], turn_up: str, **options) -> SpoilFiveHand:
    """A hand dealt by seat 0 with these cards (s5.deal.packets: 3 then 2 from the dealer's left) and ``turn_up``."""
    given = {seat: parse_cards(cards) for seat, cards in hands.items()}
    used = {c for cards in given.values() for c in cards} | {Card.parse(turn_up)}
    rest = [c for c in FULL_DECK if c not in used]
    full = {seat: given.get(seat) or [rest.pop() for _ in range(5)] for seat in range(players)}
    order: list[Card] = []
    for start, size in ((0, 3), (3, 2)):
        for seat in [*range(1, players), 0]:
            order += full[seat][start:start + size]
    order += [Card.parse(turn_up), *rest]
    hand = SpoilFiveHand(make_config("spoil-five", players=players, **options), dealer=0)
    hand.apply(Action("deal", None, tuple(order)))
    return hand


def play(hand: SpoilFiveHand, *actions: str) -> None:
    for action in actions:
        hand.apply(action)


@pytest.mark.parametrize(("options", "carried", "stakes"), [
    ({}, 0, [2, 1, 1, 1, 1]),                                         # s5.score.stake, s5.score.dealer-stake
    ({}, 6, [2, 1, 1, 1, 1]),                                         # s5.score.spoiled: one each over a carried pool
    ({"stake": 3}, 0, [4, 3, 3, 3, 3]),
    ({"after_spoil": "dealer"}, 6, [1, 0, 0, 0, 0]),
    ({"dealer_adds": False}, 0, [1, 1, 1, 1, 1]),
    ({"dealer_adds": False, "after_spoil": "dealer"}, 6, [1, 0, 0, 0, 0]),
])
def test_each_deal_s_stakes_go_into_the_pool(options, carried, stakes):
    hand = SpoilFiveHand.new("spoil-five", seed=1, carried=carried, players=5, **options)
    assert hand.stakes == stakes and hand.pool == carried + sum(stakes)


THREE = {1: "5D 2C 3C 4C 9H", 2: "KC QC 7H 8H 10H", 0: "6C 7C 8C 9C AC"}     # diamonds turned: nobody has the A♦
FIRST_TRICKS = ("play 5D", "play 8H", "play 6C",          # Player 2 leads the 5 of trumps
                "play 2C", "play KC", "play 7C",          # Player 3's K♣
                "play QC", "play 8C", "play 3C")          # Player 3's Q♣: 1 and 2 tricks


def test_three_tricks_win_the_pool_and_end_the_hand_at_once():
    hand = dealt(3, THREE, "6D")
    play(hand, *FIRST_TRICKS, "play 10H", "play 9C", "play 9H")
    assert hand.is_over and hand.tricks_won == [0, 1, 3] and len(hand.tricks) == 4     # not the first three: no jinx
    assert hand.result.winner == 2 and hand.returns() == [-2, -1, 3] and hand.result.pool_after == 0


def test_a_hand_nobody_takes_three_tricks_of_is_spoiled_and_its_pool_carried_over():
    hand = dealt(3, THREE, "6D")
    play(hand, *FIRST_TRICKS, "play 7H", "play 9C", "play 9H", "play 4C", "play 10H", "play AC")
    assert hand.is_over and hand.tricks_won == [1, 2, 2] and hand.result.winner is None
    assert hand.returns() == [-2, -1, -1] and hand.result.pool_after == hand.pool == 4
    said = [str(e.explanation) for event in hand.events for e in event.flatten() if e.kind == "score"]
    assert said == ["Nobody took three tricks: the hand is spoiled, and the pool of 4 counters is carried over to the "
                    "next deal"]


def test_the_first_three_tricks_offer_the_jinx_and_a_jinx_made_takes_a_stake_from_each():
    hand = dealt(2, {1: "5D JD AH KD QD", 0: "2C 3C 4C 2S 3S"}, "6D")
    play(hand, "play 5D", "play 2C", "play JD", "play 3C", "play AH", "play 4C")
    assert [str(a) for a in hand.legal_actions()] == ["jinx", "stop"] and hand.to_act == 1
    assert "must first say whether they stop" in str(hand.explain_illegal("play KD"))
    play(hand, "jinx", "play KD", "play 2S", "play QD", "play 3S")
    assert hand.is_over and hand.result.jinx == "made" and hand.result.winner == 1
    assert hand.returns() == [-3, 3]                      # the pool of 3 (2 from the dealer), and 1 more from Player 1


def test_the_hint_says_what_stopping_and_jinxing_stake_on_the_pool():
    """The choice after the first three tricks had no reason in the hint (the hint said only "would choose: Jinx")."""
    from atout.hints import reason

    hand = dealt(2, {1: "5D JD AH KD QD", 0: "2C 3C 4C 2S 3S"}, "6D")
    play(hand, "play 5D", "play 2C", "play JD", "play 3C", "play AH", "play 4C")
    said = {str(a): reason(hand, 1, a) for a in hand.legal_actions()}
    assert said["stop"].render("en", 1) == "stopping, you take the pool of 3 counters now"
    assert said["jinx"].render("en", 1) == ("jinxing, you play on for the pool of 3 counters and one stake more from "
                                            "each player, and lose the pool if another player takes a trick")
    for text in said.values():
        assert "{" not in text.render("fr", 1) and text.render("fr", 1) != text.render("en", 1)


def test_stopping_takes_the_pool_and_a_jinx_failed_carries_it_over():
    cards = {1: "5D JD AH 2C 3C", 0: "KC QC 2S 3S 4S"}
    stopped = dealt(2, cards, "6D")
    play(stopped, "play 5D", "play 2S", "play JD", "play 3S", "play AH", "play 4S", "stop")
    assert stopped.is_over and stopped.returns() == [-2, 2] and stopped.result.pool_after == 0
    failed = dealt(2, cards, "6D")
    play(failed, "play 5D", "play 2S", "play JD", "play 3S", "play AH", "play 4S", "jinx", "play 2C", "play KC")
    assert failed.is_over and failed.result.jinx == "failed" and failed.result.winner is None
    assert failed.returns() == [-2, -1] and failed.result.pool_after == 3


def test_the_table_says_who_took_the_pool_once_the_hand_is_over():
    """The table said "The pool holds 5 counters" beside the last step of a hand whose winner had taken it."""
    cards = {1: "5D JD AH 2C 3C", 0: "KC QC 2S 3S 4S"}
    stopped = dealt(2, cards, "6D")
    play(stopped, "play 5D", "play 2S", "play JD", "play 3S", "play AH", "play 4S")
    assert [n.render("en") for n in stopped.table_view().notes] == ["The pool holds 3 counters"]
    stopped.apply("stop")
    assert [n.render("en") for n in stopped.table_view().notes] == ["Player 2 took the pool"]
    assert [n.render("en", viewer=1) for n in stopped.table_view(1).notes] == ["You took the pool"]
    failed = dealt(2, cards, "6D")
    play(failed, "play 5D", "play 2S", "play JD", "play 3S", "play AH", "play 4S", "jinx", "play 2C", "play KC")
    assert [n.render("en") for n in failed.table_view().notes] == [
        "The pool of 3 counters is carried over to the next deal"]


def test_without_the_jinx_three_tricks_end_the_hand():
    hand = dealt(2, {1: "5D JD AH KD QD", 0: "2C 3C 4C 2S 3S"}, "6D", jinx=False)
    play(hand, "play 5D", "play 2C", "play JD", "play 3C", "play AH", "play 4C")
    assert hand.is_over and hand.result.winner == 1 and hand.result.jinx is None
    with pytest.raises(IllegalActionError):
        hand.apply("jinx")


def test_the_top_trumps_may_be_reneged_against_a_lower_trump_lead_only():
    hand = dealt(3, {1: "3S 2C 3C 4C 6C", 2: "JS KD 2D 7D 8D"}, "6S")
    play(hand, "play 3S")
    assert {str(a) for a in hand.legal_actions()} == {"play JS", "play KD", "play 2D", "play 7D", "play 8D"}
    hand = dealt(3, {1: "5S 2C 3C 4C 6C", 2: "JS KD 2D 7D 8D"}, "6S")
    play(hand, "play 5S")
    assert [str(a) for a in hand.legal_actions()] == ["play JS"]


@pytest.mark.parametrize(("rule", "keep"), [("may", True), ("must", False)])
def test_the_holder_of_the_ace_of_trumps_robs_when_their_turn_first_comes(rule, keep):
    hand = dealt(3, {1: "AS 2C 3C 4C 6C"}, "9S", ace_holder_rob=rule)
    assert hand.to_act == 1 and hand.rob_offer == 1
    assert (Action("keep") in hand.legal_actions()) is keep
    assert Action("rob", Card.parse("AS")) not in hand.legal_actions()
    hand.apply("rob 2C")
    assert Card.parse("9S") in hand.hands[1] and hand.turn_up is None


def test_random_hands_end_as_the_rules_say_and_the_game_carries_the_pool():
    for seed in range(300):
        hand = SpoilFiveHand.new("spoil-five", seed=seed, players=2 + seed % 5, carried=seed % 4)
        rng = random.Random(seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        result = hand.result
        assert sum(result.counters) + result.pool_after == hand.carried
        if result.jinx is None:
            assert (result.winner is None) == (max(hand.tricks_won) < 3)
            assert result.winner is None or len(hand.tricks) < 5 or hand.tricks[-1].winner == result.winner
    game = SpoilFiveGame("spoil-five", seed=3, players=4)
    rng = random.Random(3)
    while len(game.results) < 12 and not game.is_over:
        before = len(game.results)
        game.apply(rng.choice(game.hand.legal_actions()))
        if len(game.results) > before and not game.is_over:
            assert game.hand.carried == game.results[-1].pool_after


def test_the_referee_scores_a_hand_from_its_tricks():
    tricks = [{"leader": 1, "plays": p} for p in (["5H", "2C", "3C"], ["JH", "4C", "6C"], ["AH", "7C", "8C"])]
    answer = judge({"kind": "score", "game": "spoil-five", "players": 3, "trump": "H", "tricks": tricks,
                    "pool": 5, "dealer": 2})
    assert (answer["winner"], answer["pool"], answer["counters"]) == (1, 9, [-1, 8, -2])
    late = [{"leader": 1, "plays": ["5H", "2C", "3C"]}, {"leader": 1, "plays": ["4C", "KC", "6C"]},
            {"leader": 2, "plays": ["QC", "7C", "JH"]}, {"leader": 1, "plays": ["AH", "8C", "9C"]},
            {"leader": 1, "plays": ["KH", "10C", "2D"]}]
    assert judge({"kind": "score", "game": "spoil-five", "players": 3, "trump": "H", "tricks": late})["error"] == (
        "the hand ended at trick 4, when a player took three tricks: give no more tricks")


def test_a_puzzle_s_proof_and_a_review_count_in_the_counters_the_pool_pays():
    """Spoil Five's puzzles said "Only 4♦ keeps the best result: 4 points." of the card that takes the pool, and a
    review counted what a play lost in points: the hand pays counters (jetons, チップ)."""
    from atout.position import hand_from_text
    from atout.puzzles import proof, puzzle_at
    from atout.review import review_hand

    hand = hand_from_text("s5.0.SJ5H3DACJ-S9HK92C7-ST7H6D53-SK6H5CK6-S8H7D6CQ3.uD4.a9S-5D-6S-8S-r3H-5S-TS-KS-6D-AD-2H")
    puzzle = puzzle_at(hand, Action.parse("play JC"))
    assert puzzle is not None and puzzle.unit == "counters"
    said = {lang: [line.render(lang) for line in proof(puzzle, False)][:2] for lang in ("en", "fr", "ja")}
    assert said["en"] == ["Only 4♦ keeps the best result: 4 counters.",
                          "Otherwise, J♣ or J♠: −2 counters, 6 counters less."]
    assert said["fr"][1] == "Sinon, V♣ ou V♠\u00a0: −2 jetons, soit 6 jetons de moins."
    assert said["ja"][0] == "最善の結果を保てるのは4♦だけです：チップ4枚。"
    review = review_hand(hand, 2, budget_s=10, seed=1)
    assert review.exact and review.unit == "counters" and {r.unit for r in review.exact} == {"counters"}


def test_the_double_dummy_table_scores_each_cell_in_the_counters_the_hand_pays():
    """The table's cells gave the tricks again as their score ("3 … 3 tricks"): each is what the hand pays the player
    taking so many, three tricks the pool less the player's stake, five the jinx made, fewer the stake lost, and a
    stake more where another player can be made to take all five (its jinx made: the brute force over the engine says
    where)."""
    from atout.endings import Ending
    from atout.solver.table import double_dummy
    from atout.spoil_five.scoring import pool_result
    from tests.core.test_solver_spoil_five import sweep

    hand = SpoilFiveHand.new("spoil-five", seed=1, players=3)
    table = double_dummy(hand)
    assert table.complete and len(table.cells) == 4 * 3
    leader = (hand.dealer + 1) % 3
    swept = 0
    for (trump, seat), value in table.cells.items():
        tricks = value.lo
        winner = seat if tricks >= 3 else None
        paid = pool_result(hand.config, hand.dealer, hand.carried, winner, "made" if tricks == 5 else None,
                           [0, 0, 0]).counters[seat]
        played = SpoilFiveHand(hand.config, hand.dealer)
        played.apply(Action("ending", None, Ending(tuple(map(tuple, hand.hands)), leader, trump=trump)))
        if sweep(played, seat):        # another player takes all five and jinxes: a stake more
            paid -= hand.config.stake
            swept += 1
        assert value.exact and table.scores[(trump, seat)].lo == table.scores[(trump, seat)].hi == paid, (trump, seat)
    assert {table.scores[key].lo for key in table.cells} - {value.lo for value in table.cells.values()}
    assert swept, "no cell with another player's jinx made: the seed no longer tests it"

"""Endings (a position taken up mid-hand: each player's cards, the trick so far, the trump or contract, what was won
so far) and the one-line short form: they round-trip, an ending plays and scores as the hand it was taken from
would, the solver gives it the same values, and a wrong one says what is wrong."""

import random
from pathlib import Path

import pytest

from atout.cards import JOKER
from atout.engine import Ending, Phase
from atout.errors import AtoutError
from atout.games import available_games, package_of
from atout.position import (
    Position,
    compact_text,
    format_compact,
    format_position,
    hand_from_position,
    hand_from_text,
    parse_compact,
    parse_position,
    position_of,
    position_text,
)
from atout.solver import solve
from tests.core.test_solver_reference import random_position, sixty_six_strict


def played_on(game, seed, steps):
    hand = package_of(game).new_hand(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


# --- the short form ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", available_games())
def test_the_short_form_round_trips_at_every_stage(game):
    for seed in range(20):
        hand = played_on(game, seed, random.Random(seed).randrange(0, 30))
        short = compact_text(hand)
        assert set(short) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-*_"), short
        assert format_compact(parse_compact(short)) == short
        again = hand_from_text(short)                       # the page reads either form
        assert [sorted(h, key=lambda c: c.index) for h in again.hands] == \
            [sorted(h, key=lambda c: c.index) for h in hand.hands]
        assert again.history[1:] == hand.history[1:] and again.phase is hand.phase
        assert compact_text(again) == short
        assert len(short) < len(position_text(hand)) / 2    # short enough for an address


def test_the_short_form_keeps_options_and_the_stock_order():
    hand = played_on("auction-forty-fives", 4, 3)
    short = compact_text(hand)
    assert short.startswith("a45.") and ".s" in short
    assert parse_compact(short).piles["stock"] == position_of(hand).piles["stock"]     # the draw's order
    three = package_of("forty-fives").new_hand("forty-fives", seed=2, players=3, must_follow_suit=True)
    short = compact_text(three)
    assert set(short.split(".")[0].split("*")) == {"45", "players-3", "must_follow_suit-true"}
    assert hand_from_text(short).config == three.config
    dealt = package_of("forty-fives").new_hand("forty-fives", seed=2)
    assert compact_text(dealt).startswith("45.0.")  # defaults unsaid


@pytest.mark.parametrize("text, message", [
    ("bridge.0.SAK", "starts with the game's code"),
    ("500.x.SAK", "the dealer is a seat number"),
    ("500.0.SAKZ", "is not a hand"),
    ("500.0.SAK.q12", "is not a part of the short form"),
    ("500.0.SAK.aZZ9", "not a card"),
    ("500", "separated by dots"),
])
def test_a_malformed_short_form_says_what_is_wrong(text, message):
    with pytest.raises(AtoutError) as caught:
        hand_from_text(text)
    assert message in str(caught.value)


# --- endings ---------------------------------------------------------------------------------------------

def ending_of(hand) -> Position:
    """The ending a player would type for ``hand`` mid-play, read off what the table shows (``table_view``) for
    every family alike: the cards held, the trick so far, the tricks each seat won, the trump, the contract where an
    auction made one, the best trump among the finished tricks where that card scores (a config's
    ``scores_best_card``: Forty-Fives), and the card points, marriages and closing where the family counts card
    points and has a stock (its capabilities: Sixty-Six)."""
    from atout.cards import Suit
    from atout.family_contract import Capability
    from atout.games import family_of

    config, view = hand.config, hand.table_view(None)
    fam = family_of(config.game)
    n = len(hand.hands)
    leader = view.leader if view.leader is not None else view.to_act
    trick = tuple(card for _seat, card in view.trick)
    kwargs = {}
    if view.contract is not None:
        kwargs["contract"] = view.contract
    if isinstance(view.trump, Suit):
        kwargs["trump"] = view.trump
    if fam.has(Capability.CARD_POINTS):
        kwargs.update(points=tuple(hand.card_points), marriages=tuple(hand.marriage_points))
    if fam.has(Capability.STOCK) and hand.closer is not None:
        kwargs["closed"] = (hand.closer, *hand.tricks_at_close)
    if getattr(config, "scores_best_card", False):
        power = fam.ranking_module().TABLES[view.trump].power
        earlier = [((t.leader + i) % n, c) for t in hand.tricks for i, c in enumerate(t.cards)]
        best = max(earlier, key=lambda sc: power[sc[1].index], default=None)
        if best is not None and power[best[1].index] > 100:
            kwargs["best"] = best
    ending = Ending((), leader, trick, tuple(hand.tricks_won), **kwargs)     # each seat's (the view's: a side's)
    return Position(config.game, position_of(hand).options, hand.dealer,
                    {s: list(h) for s, h in enumerate(hand.hands)}, {}, [], ending)


def trick_hands(game, seeds, tricks_left, **options):
    for seed in seeds:
        hand = random_position(game, seed, tricks_left, **options)
        if hand is None or hand.is_over or hand.phase is not Phase.PLAY:
            continue
        rng = random.Random(seed)
        for _ in range(seed % 3):                          # mid-trick too
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.is_over or getattr(hand, "rob_offer", None) is not None or getattr(hand, "turn_up", None):
            continue
        if (type(hand).__module__.startswith("atout.five_hundred") and hand.trump is None
                and (any(JOKER in h for h in hand.hands) or JOKER in hand.trick.cards)):
            continue       # the joker in no trumps: which suits a player failed to follow earlier is not part of an
                           # ending (its lead may name any suit)
        yield hand


def final_score(hand):
    result = hand.result
    return list(getattr(result, "scores_after", None) or result.game_points)


@pytest.mark.parametrize("game, options", [("forty-fives", {"players": 4}), ("forty-fives-partners", {}),
                                           ("auction-forty-fives", {}), ("five-hundred", {}),
                                           ("five-hundred", {"misere": True})])
def test_an_ending_is_worth_and_scores_what_its_hand_is(game, options):
    checked = 0
    for hand in trick_hands(game, range(60), 3, **options):
        position = ending_of(hand)
        text = format_position(position)
        ending = hand_from_text(text)
        assert ending.from_ending and ending.to_act == hand.to_act and ending.hands == hand.hands
        assert solve(ending).values == solve(hand).values, text
        line = solve(hand).line
        played, again = hand.copy(), ending.copy()
        for action in line:
            played.apply(action)
            again.apply(action)
        assert again.is_over and final_score(again) == final_score(played), text
        assert position_text(ending) == text
        assert [set(h) for h in hand_from_text(compact_text(ending)).hands] == [set(h) for h in ending.hands]
        checked += 1
    assert checked >= 15


def test_a_sixty_six_ending_is_worth_what_its_hand_is():
    checked = 0
    for seed in range(80):
        hand = sixty_six_strict(seed, close=seed % 2 == 0)
        if hand is None or hand.is_over:
            continue
        ending = hand_from_position(ending_of(hand))
        assert solve(ending).values == solve(hand).values, format_position(ending_of(hand))
        again = hand_from_text(compact_text(ending))
        assert compact_text(ending).startswith("66.")
        assert [set(h) for h in again.hands] == [set(h) for h in ending.hands]
        checked += 1
    assert checked >= 20


def test_an_ending_typed_by_hand_plays_on_and_takes_back_to_its_start():
    text = (Path(__file__).parents[2] / "tests/data/solver/five-hundred-ending.txt").read_text().strip()
    hand = hand_from_text(text)
    assert hand.to_act == 3 and hand.trump.letter == "H" and hand.tricks_won == [2, 3, 1, 1]
    assert len(hand.tricks) == 7 and hand.table_view(None).last_trick in (None, [])   # nothing shows them
    hand.apply("play JK")
    hand.undo()
    assert hand.to_act == 3 and [c.code for c in hand.hands[3]] == ["10D", "AS", "JK"]
    with pytest.raises(AtoutError, match="nothing to take back"):
        hand.undo()
    assert parse_position(text).ending.contract == (1, "7H")


@pytest.mark.parametrize("text, message", [
    ("game: five-hundred\nseat 0: AD\nseat 1: 4H\nseat 2: 8S\nseat 3: 10D\ntrick: 0\nwon: 9 0 0 0",
     "names the contract"),
    ("game: five-hundred\ncontract: 1 7H\nseat 0: AD KS\nseat 1: 4H\nseat 2: 8S\nseat 3: 10D\ntrick: 0\n"
     "won: 9 0 0 0", "as many cards as the others"),
    ("game: five-hundred\ncontract: 1 7H\nseat 0: AD\nseat 1: 4H\nseat 2: 8S\nseat 3: 10D\ntrick: 0\nwon: 2 0 0 0",
     "adding up to 9"),
    ("game: five-hundred\ncontract: 1 7H\nseat 0: AD\nseat 1: AD\nseat 2: 8S\nseat 3: 10D\ntrick: 0\nwon: 9 0 0 0",
     "A♦ appears twice"),
    ("game: five-hundred\ncontract: 1 7H\nseat 0: AD\nseat 1: 4H\nseat 2: 8S\nseat 3: 10D\nwon: 9 0 0 0",
     "who leads the trick"),
    ("game: five-hundred\ncontract: 1 7H\nseat 0: AD\nseat 1: 6D\nseat 2: 8S 8D\nseat 3: 10D 4D\n"
     "trick: 0 5D KS\nwon: 4 4 0 0", "cannot have been played"),
    ("game: forty-fives\nseat 0: 5H\nseat 1: 4H\nseat 2: 8S\nseat 3: 10D\ntrick: 0\nwon: 4 0 0 0",
     "names the trump suit"),
    ("game: forty-fives\ntrump: S\nseat 0: 5H\nseat 1: 4H\nseat 2: 8S\nseat 3: 10D\ntrick: 0\nwon: 4 0 0 0\n"
     "best: 1 2C", "is not a trump"),
    ("game: sixty-six\ntrump: H\nseat 0: AH\nseat 1: 10H\ntrick: 0\nwon: 6 5", "card points"),
    ("game: sixty-six\ntrump: H\nseat 0: AH\nseat 1: 10H\ntrick: 0\nwon: 6 5\npoints: 50 30", "worth 99"),
    ("game: five-hundred\ncontract: 1 7H\nseat 0: AD\nseat 1: 4H\nseat 2: 8S\nseat 3: 10D\ntrick: 0\n"
     "won: 9 0 0 0\nkitty: 5H 6H 7H", "leave out kitty"),
])
def test_a_wrong_ending_says_what_is_wrong(text, message):
    with pytest.raises(AtoutError) as caught:
        hand_from_text(text)
    assert message in str(caught.value)

"""The Python API refuses what it cannot use with the project's narrow errors (issue 12): an action built by hand
with the wrong parts, a dealer the game does not seat. Nothing changes in the hand."""

import pytest

from atout.cards import Card
from atout.engine import Action
from atout.errors import AtoutError, NotationError
from atout.games import available_games, package_of, player_counts

WRONG_SHAPES = [Action("play", "AS"), Action("play", 5), Action("rob", "2C"), Action("marriage", "KH"),
                Action("discard", "AS"), Action("exchange", "9C"), Action("deal", None, None),
                Action("deal", None, ("AS", "KS")), Action(5), Action(None), Action("play", "K" * 10_000)]


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("action", WRONG_SHAPES, ids=lambda a: repr(a)[:40])
def test_an_action_with_the_wrong_parts_is_refused_by_name(game, action):
    """These raised AttributeError ('str' object has no attribute 'code') or TypeError from inside the engine."""
    hand = package_of(game).new_hand(game, seed=1)
    history = list(hand.history)
    with pytest.raises(NotationError) as info:
        hand.apply(action)
    assert "is not an action: its kind is a word, its card a Card" in str(info.value)
    assert len(str(info.value)) < 300 and hand.history == history


@pytest.mark.parametrize("game", available_games())
def test_an_action_written_right_still_plays(game):
    hand = package_of(game).new_hand(game, seed=1)
    action = hand.legal_actions()[0]
    hand.apply(Action(action.kind, action.card, action.value))
    assert hand.history[-1] == action and all(isinstance(c, Card) for c in hand.history[0].value)


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("dealer", [9, -1, 2.0, True, "0"])
def test_a_hand_refuses_a_dealer_the_game_does_not_seat(game, dealer):
    """``dealer: 9`` in a three-player game was accepted, and play went on around a seat nobody holds."""
    with pytest.raises(AtoutError, match="the dealer is a seat from 0 to"):
        package_of(game).new_hand(game, seed=1, dealer=dealer)


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("options", ["players=3", [("players", 3)], 4])
def test_options_that_are_not_a_table_are_refused_by_name(game, options):
    """These raised TypeError ('str' object is not a mapping) from inside the configuration."""
    with pytest.raises(AtoutError, match="options are a table of names and values, such as"):
        package_of(game).new_hand(game, seed=1, options=options)
    with pytest.raises(AtoutError, match="options are a table of names and values"):
        package_of(game).new_game(game, seed=1, options=options)


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("seed", [[1], "7", 1.5, True, {"seed": 1}])
def test_a_seed_that_is_not_a_whole_number_is_refused_by_name(game, seed):
    """A list raised TypeError from the random module; text, a fraction or True dealt a hand no deal code or
    address can name."""
    with pytest.raises(AtoutError, match="a seed is a whole number"):
        package_of(game).new_hand(game, seed=seed)
    with pytest.raises(AtoutError, match="a seed is a whole number"):
        package_of(game).new_game(game, seed=seed)


@pytest.mark.parametrize("game", [game for game in available_games() if len(player_counts(game)) > 1])
def test_a_game_plays_the_player_count_given_in_its_options(game):
    """``options={"players": 3}`` was overridden by Forty-Fives' four players without a word: every count a game
    allows is played when asked for, in its options or as a keyword, and one it allows when not asked."""
    for count in player_counts(game):
        assert package_of(game).new_hand(game, seed=1, options={"players": count}).config.players == count
        assert package_of(game).new_hand(game, seed=1, players=count).config.players == count
    assert package_of(game).new_hand(game, seed=1).config.players in player_counts(game)


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("seed", range(6))
def test_a_card_played_with_a_suit_named_is_refused_in_words_and_changes_nothing(game, seed):
    """``play 5H S`` raised IndexError in Forty-Fives and Sixty-Six: only Five Hundred's joker names a suit."""
    import random

    from atout.cards import Suit
    from atout.errors import IllegalActionError
    from atout.i18n import Text

    hand = package_of(game).new_hand(game, seed=seed)
    rng = random.Random(seed)
    while hand.legal_actions() and not any(a.kind == "play" for a in hand.legal_actions()):
        hand.apply(rng.choice(hand.legal_actions()))
    plays = [a for a in hand.legal_actions() if a.kind == "play" and a.value is None]
    assert plays, "every game reaches its play"
    for action in plays:
        named = Action("play", action.card, Suit.SPADES)
        history, legal = list(hand.history), hand.legal_actions()
        why = hand.explain_illegal(named)
        assert why is not None and "without naming a suit" in why.render("en"), why
        assert Text("{card}", card=action.card).render("en").lower() in why.render("en").lower()
        with pytest.raises(IllegalActionError):
            hand.apply(named)
        assert hand.history == history and hand.legal_actions() == legal


# --- the bad inputs issue 36 found, each refused by name ------------------------------------------------------------

NOT_SEATS = [-1, "0", 1.0, True, None, [0], 2 ** 70]


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("seat", NOT_SEATS, ids=repr)
def test_a_view_of_a_seat_the_hand_does_not_have_is_refused_by_name(game, seat):
    """``view(-1)`` gave the last seat's private hand and ``view(True)`` the second's; ``view("0")`` raised
    TypeError, ``view(9)`` IndexError."""
    from atout.errors import SeatError

    hand = package_of(game).new_hand(game, seed=1)
    last = len(hand.hands) - 1
    with pytest.raises(SeatError, match=f"a seat is a number from 0 to {last}, not "):
        hand.view(seat)
    with pytest.raises(SeatError, match=f"a seat is a number from 0 to {last}, not "):
        hand.view(last + 1)
    assert hand.view(last)["hand"] == hand.hands[last]


@pytest.mark.parametrize("game", available_games())
def test_the_table_is_seen_from_a_seat_or_from_none(game):
    from atout.errors import SeatError

    hand = package_of(game).new_hand(game, seed=1)
    for viewer in (-1, len(hand.hands), "0", True):
        with pytest.raises(SeatError, match="the table is seen from a seat from 0 to .*, or from no seat"):
            hand.table_view(viewer)
        with pytest.raises(SeatError, match="or from no seat"):
            hand.staged_views(viewer)
    assert hand.table_view(None).viewer is None and hand.table_view(0).viewer == 0


def test_a_finished_sixty_six_hand_says_where_its_scores_are():
    """``scores_now`` raised AttributeError (no ``scores_before``, no ``scores_after``), before the end and after."""
    from atout.errors import NotKeptError

    hand = package_of("sixty-six").new_hand("sixty-six", seed=1)
    with pytest.raises(NotKeptError, match=r"the set's game points are its game's \(game.scores\)"):
        _ = hand.scores_now
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    with pytest.raises(NotKeptError, match=r"this hand's are its returns\(\)"):
        _ = hand.scores_now
    assert sum(hand.returns()) > 0


@pytest.mark.parametrize("cards", [None, 5, b"5H JH", 2.5])
def test_parse_cards_refuses_what_is_not_cards_by_name(cards):
    """``parse_cards(None)`` raised TypeError ('NoneType' object is not iterable)."""
    from atout.cards import parse_cards
    from atout.errors import CardParseError

    with pytest.raises(CardParseError, match="cards are text such as '5H JH 10C', or a list of cards, not "):
        parse_cards(cards)
    assert parse_cards(["5H", "jh"]) == parse_cards("5H, JH")


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("action", [None, 5, b"play AS", "", "fly away now"], ids=repr)
def test_whether_an_action_is_of_this_game_is_asked_of_an_action(game, action):
    """``is_of_this_game("play AS")`` raised AttributeError ('str' object has no attribute 'kind')."""
    hand = package_of(game).new_hand(game, seed=1)
    with pytest.raises(NotationError, match="is not an action"):
        hand.is_of_this_game(action)
    assert hand.is_of_this_game("play AS") and hand.is_of_this_game(Action.parse("play AS"))

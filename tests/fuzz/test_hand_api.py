"""Fuzzing the hand API (issue 36 §2): a hand of any registered game and player count, played a random way, is given
anything at all where a method takes a seat, a viewer or an action. Each call answers, or refuses with a narrow error
in a short sentence and leaves the hand as it was; nothing else escapes."""

from hypothesis import given
from hypothesis import strategies as st

from atout.engine import Action
from atout.errors import AtoutError
from atout.games import GAMES, player_counts
from tests.core.test_conformance import deal, public_methods, state
from tests.fuzz.strategies import CARD_TEXTS, awkward_text, fuzz, json_values

WORDS = ["play", "bid", "rob", "keep", "trump", "kitty", "discard", "done", "draw", "close", "marriage", "exchange",
         "declare", "deal", "ending", "pass", "hold", "misere", "NT", "H", "15", "30-for-60", "7S", "x"]
action_texts = st.lists(st.sampled_from(WORDS + CARD_TEXTS), min_size=0, max_size=4).map(" ".join)
actions = st.builds(Action, st.sampled_from(WORDS) | st.none() | st.integers(),
                    st.none() | st.sampled_from(CARD_TEXTS) | st.integers(), json_values)
anything = action_texts | actions | json_values | awkward_text | st.integers(-3, 12)


@st.composite
def hands(draw):
    game = draw(st.sampled_from(list(GAMES)))
    players = draw(st.sampled_from(player_counts(game)))
    hand = deal(game, players, draw(st.integers(0, 2 ** 32 - 1)))
    for _ in range(draw(st.integers(0, 60))):
        if hand.is_over:
            break
        hand.apply(draw(st.sampled_from(hand.legal_actions())))
    return hand


@fuzz(300)
@given(hands(), st.data())
def test_anything_given_to_a_hand_is_answered_or_refused_narrowly(hand, data):
    methods = [name for name, params in public_methods(type(hand)) if params[:1] in (["seat"], ["viewer"], ["action"])]
    name = data.draw(st.sampled_from(methods))
    value = data.draw(anything)
    before = state(hand)
    try:
        getattr(hand, name)(value)
    except AtoutError as error:
        assert type(error) is not AtoutError and 0 < len(str(error)) <= 400, (name, value, str(error)[:500])
        assert state(hand) == before, (name, value)
    else:
        if name != "apply":
            assert state(hand) == before, (name, value)

"""Fuzzing deal codes (the classroom's code box): any text, any fields behind a right check character, any deal to
encode. Each is a deal that core deals and that writes back to the same code, or refused in a short sentence."""

from hypothesis import given
from hypothesis import strategies as st

from atout.dealcode import ALPHABET, GAMES, DealSpec, deal, decode, encode
from atout.errors import NotationError
from tests.core.test_dealcode import code_for
from tests.fuzz.strategies import awkward_text, fuzz, made_or_refused

code_texts = st.one_of(
    st.text(st.sampled_from(ALPHABET + "ILOU-  abcz"), max_size=16),
    awkward_text, st.text(max_size=20),
    st.builds(code_for, st.integers(0, 7), st.integers(0, 7), st.integers(0, 7), st.integers(0, 2 ** 32 - 1)),
)


def dealt_or_refused(code: str) -> None:
    spec = made_or_refused(lambda: decode(code), NotationError, longest=300)
    if spec is None:
        return
    hand = deal(code)
    assert hand.dealer == spec.dealer and len(hand.hands) == spec.players
    assert decode(encode(spec)) == spec


@fuzz(300)
@given(code_texts)
def test_any_code_deals_or_is_refused_in_a_short_sentence(code):
    dealt_or_refused(code)


@fuzz(200)
@given(st.builds(DealSpec, st.sampled_from([*GAMES, "canasta"]), st.integers(-1, 9) | st.sampled_from([3.0, True]),
                 st.integers(-1, 9), st.integers(-1, 2 ** 33)))
def test_encode_writes_only_codes_that_deal(spec):
    code = made_or_refused(lambda: encode(spec), NotationError, longest=300)
    if code is None:
        return
    assert decode(code) == spec
    dealt_or_refused(code)

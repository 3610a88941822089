"""Fuzzing position text (the What-if page's text box): a real position with lines changed, repeated or dropped,
or any text at all, is either a hand that writes back to the same text or refused with core's short message."""

from hypothesis import given
from hypothesis import strategies as st

from atout.errors import AtoutError
from atout.games import available_games, package_of
from atout.position import deal_layout, hand_from_text, parse_position, position_text
from tests.fuzz.strategies import CARD_TEXTS, awkward_text, fuzz, made_or_refused

KEYS = ["game", "options", "dealer", "seat 0", "seat 1", "seat 2", "seat 7", "seat x", "kitty", "turn-up", "stock",
        "actions", "hands", "Game", "SEAT 01"]
VALUES = st.one_of(
    st.sampled_from(available_games()), st.integers(-2, 9).map(str), st.sampled_from(["3.0", "9" * 5000, "[" * 500,
                                                                                      "true", "1e999", "NaN", "-0"]),
    st.lists(st.sampled_from(["players", "target", "misere", "dealer_rob", "x"]), min_size=1, max_size=3).flatmap(
        lambda names: st.lists(st.sampled_from(["2", "3", "4", "3.0", "true", "x", "", "[1]", "9" * 30]),
                               min_size=len(names), max_size=len(names)).map(
            lambda values: " ".join(f"{n}={v}" for n, v in zip(names, values, strict=True)))),
    st.lists(st.sampled_from(CARD_TEXTS), max_size=12).map(" ".join),
    st.lists(st.sampled_from(["play 5H", "bid pass", "bid 15", "rob 2C", "keep", "draw", "trump H", "fly"]),
             max_size=5).map(", ".join),
    awkward_text,
)


@st.composite
def positions(draw) -> str:
    game = draw(st.sampled_from(available_games()))
    hand = package_of(game).new_hand(game, seed=draw(st.integers(0, 50)))
    for _ in range(draw(st.integers(0, 6))):
        if hand.is_over:
            break
        hand.apply(draw(st.sampled_from(hand.legal_actions())))
    lines = position_text(hand).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["set", "add", "drop", "repeat"]))
        at = draw(st.integers(0, len(lines) - 1)) if lines else 0
        if how == "set" and lines:
            key = lines[at].partition(":")[0]
            lines[at] = f"{key}: {draw(VALUES)}"
        elif how == "add":
            lines.insert(at, f"{draw(st.sampled_from(KEYS))}: {draw(VALUES)}")
        elif how == "drop" and lines:
            del lines[at]
        elif lines:
            lines.insert(at, lines[at])
    return "\n".join(lines)


def read(text: str) -> None:
    hand = made_or_refused(lambda: hand_from_text(text), AtoutError)
    if hand is None:
        return
    again = position_text(hand)
    assert position_text(hand_from_text(again)) == again


@fuzz(200)
@given(positions())
def test_a_changed_position_is_a_hand_or_a_short_refusal(text):
    read(text)


@fuzz(200)
@given(st.text(max_size=300) | st.lists(awkward_text, max_size=8).map("\n".join))
def test_any_text_is_a_hand_or_a_short_refusal(text):
    read(text)


@fuzz(200)
@given(positions())
def test_the_editor_reads_a_changed_position_or_refuses_it(text):
    """What the editor does with each keystroke: read the text and its deal's layout, or refuse them."""
    position = made_or_refused(lambda: parse_position(text), AtoutError)
    if position is not None:
        made_or_refused(lambda: deal_layout(position.game, position.options, position.dealer), AtoutError)

"""Inputs for the fuzz suite: anything at all, and things close enough to a real input to reach deep code."""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from atout.games import GAMES
from atout.referee import KINDS
from tests.conftest import referee_examples

# ATOUT_FUZZ_SCALE=20 runs twenty times the examples (a longer hunt than make test's minute).
SCALE = float(os.environ.get("ATOUT_FUZZ_SCALE", "1"))


def fuzz(examples: int) -> settings:
    """Settings of a fuzz test: ``examples`` examples (times ATOUT_FUZZ_SCALE), no deadline (the machine is
    shared; speed is the benchmarks' business)."""
    return settings(max_examples=max(1, int(examples * SCALE)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def made_or_refused(make, refusal: type[Exception], longest: int = 600):
    """What ``make()`` makes, or None when core refuses it with ``refusal`` in a sentence of at most ``longest``
    characters; any other exception fails the test."""
    try:
        return make()
    except refusal as exc:
        assert 0 < len(str(exc)) <= longest, str(exc)[:300]
        return None


CARD_TEXTS = ["AS", "5H", "JK", "10C", "TD", "jh", "A♠", "1H", "15C", "ZZ", "", "AS ", "5h"]
SUITS = ["C", "D", "H", "S", "NT", "♣", "X", "", "nt"]
FIELDS = ["kind", "game", "trump", "plays", "hand", "players", "dealer", "calls", "tricks", "options", "phase",
          "joker_suit", "seat", "holder", "seed", "turn_up", "stock", "closed", "before_draw", "actions", "action",
          "ask", "kitty", "bidder", "contract", "contractor", "tricks_won", "scores_before", "bid", "event", "by",
          "points", "last_trick", "marriages", "tricks_at_close", "first_dealer", "target", "misere", "partners"]

# Text with the characters that broke the stream before: lone surrogates, line separators, wide spaces.
awkward_text = st.text(st.characters(categories=None), max_size=12) | st.sampled_from(
    ["\ud800", "\udfff", "\u2028", "\u2029", "\x85", "\u00a0", "\u3000", "\ufeff", "\x00", "\n", "\r"])

scalars = (st.none() | st.booleans() | st.integers() | st.integers(-10, 60) | st.floats(allow_nan=True)
           | st.sampled_from([3.0, 10 ** 30, -1, 0, 2 ** 63]) | awkward_text | st.sampled_from(CARD_TEXTS + SUITS))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=6)
                           | st.dictionaries(st.sampled_from(FIELDS) | awkward_text, inner, max_size=6),
                           max_leaves=30)
cards = st.lists(st.sampled_from(CARD_TEXTS), max_size=8)
field_values = (json_values | cards | st.lists(cards, max_size=6)
                | st.lists(st.fixed_dictionaries({"leader": st.integers(-1, 6), "plays": cards}), max_size=6)
                | st.dictionaries(st.sampled_from(FIELDS), scalars, max_size=3))


@st.composite
def queries(draw) -> dict:
    """A referee query near a real one: an example from the rules with fields changed, added or removed, or a
    kind and game with fields drawn at random."""
    if draw(st.booleans()):
        query = dict(draw(st.sampled_from(referee_examples()))["query"])
    else:
        query = {"kind": draw(st.sampled_from(KINDS)), "game": draw(st.sampled_from(list(GAMES)))}
    for name in draw(st.lists(st.sampled_from(FIELDS), max_size=4)):
        if draw(st.integers(0, 4)) == 0:
            query.pop(name, None)
        else:
            query[name] = draw(field_values)
    return query


def as_line(value) -> str:
    return json.dumps(value, ensure_ascii=draw_ascii(value))


def draw_ascii(value) -> bool:
    """JSON's escapes where the text cannot be written raw in UTF-8 (a lone surrogate), raw characters otherwise."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


# One line of input as bytes: a query near a real one, any JSON, a nesting or a number too large, bytes that are not
# UTF-8, white space of every kind, or garbage.
lines = st.one_of(
    queries().map(lambda q: as_line(q).encode("utf-8")),
    json_values.map(lambda v: as_line(v).encode("utf-8")),
    st.integers(1, 3000).map(lambda n: ("[" * n + "]" * n).encode()),
    st.integers(1, 3000).map(lambda n: ('{"a":' * n + "1" + "}" * n).encode()),
    st.integers(4000, 6000).map(lambda n: b'{"kind": "rank", "game": "forty-fives", "trump": ' + b"9" * n + b"}"),
    st.binary(max_size=40),
    st.text(st.sampled_from(" \t\r\u00a0\u3000\u2028\x0b\x0c\x85\ufeff"), max_size=6).map(
        lambda t: t.encode("utf-8")),
    st.text(max_size=40).map(lambda t: t.encode("utf-8", "surrogatepass")),
).map(lambda raw: raw.replace(b"\n", b" "))

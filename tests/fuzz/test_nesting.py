"""Fuzzing the nesting check that guards the JSON parser: on any JSON text it counts the depth that ``json`` reads."""

import json

from hypothesis import given

from atout.nesting import text_depth, value_depth
from tests.fuzz.strategies import fuzz, json_values


def depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


@fuzz(300)
@given(json_values)
def test_the_depth_of_any_json_text_is_the_depth_json_reads(value):
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False), json.dumps(value, indent=1)):
        assert text_depth(text) == depth(value)
    assert value_depth(value, most=100) == depth(value)

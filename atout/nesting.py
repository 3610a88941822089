"""How deep a JSON text or value nests, found in linear time and without recursion, so that a referee line or a live
class's message nested too deep is refused before a parser reads it (Python's ``json`` recurses: past about a
thousand levels it raises ``RecursionError``, and it would do the work first).

>>> text_depth('{"a": [1, {"b": "[[[not counted"}]}'), text_depth('"\\\\"' * 3), text_depth("[[]] [")
(3, 0, 2)
>>> text_depth("[" * 99, most=20)
21
>>> value_depth({"a": [1, {"b": []}]}, most=20), value_depth([[[[]]]], most=2)
(4, 3)
"""

from __future__ import annotations

import re
from typing import Any

# A JSON string (escapes skipped two characters at a time, its closing quote optional). A string that is never closed
# runs to the end of the text: each character is looked at once. (The pattern that needed the closing quote was retried
# from every quote after an unclosed one: a 64 KB line of escaped quotes took more than a minute.)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")


def text_depth(text: str, most: int | None = None) -> int:
    """How deep the lists and objects of a JSON text nest, strings skipped, without parsing it (valid or not); with
    ``most``, counted only until it is past ``most`` (what is deeper counts as ``most`` + 1)."""
    depth = deepest = 0
    for bracket in _NOT_A_BRACKET.sub("", _STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if most is not None and deepest > most:
                    return deepest
        else:
            depth -= 1
    return deepest


def value_depth(value: Any, most: int) -> int:
    """How deep the dicts, lists and tuples of ``value`` nest, looked at no deeper than ``most`` + 1 (what is
    deeper counts as ``most`` + 1)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, dict | list | tuple):
            continue
        deepest = max(deepest, depth)
        if depth > most:
            return depth
        stack.extend((inner, depth + 1) for inner in (item.values() if isinstance(item, dict) else item))
    return deepest

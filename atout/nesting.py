"""How deep a JSON text or value nests, found in one pass and without recursion, so that a referee line or a live
class's message nested too deep is refused before a parser reads it (Python's ``json`` recurses: past about a
thousand levels it raises ``RecursionError``, and it would do the work first).

>>> text_depth('{"a": [1, {"b": "[[[not counted"}]}'), text_depth('"\\\\"' * 3), text_depth("[[]] [")
(3, 0, 2)
>>> value_depth({"a": [1, {"b": []}]}, most=20), value_depth([[[[]]]], most=2)
(4, 3)
"""

from __future__ import annotations

import re
from typing import Any

# A JSON string (escapes skipped two characters at a time, its closing quote optional) or a bracket. A string that is
# never closed runs to the end of the text: each character is looked at once. (The pattern that needed the closing
# quote was retried from every quote after an unclosed one: a 64 KB line of escaped quotes took half a minute.)
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


def text_depth(text: str) -> int:
    """How deep the lists and objects of a JSON text nest, strings skipped, without parsing it (valid or not)."""
    depth = deepest = 0
    for token in _TOKEN.finditer(text):
        opening = text[token.start()]
        if opening in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif opening in "]}":
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

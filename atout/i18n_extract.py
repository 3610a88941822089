"""A Babel extraction method that reads Python with ``ast``, so it also finds messages written
inside f-strings (Babel's own Python extractor does not see them before Python 3.12).

Used by ``babel.cfg``; never imported at run time.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any, BinaryIO

PLURAL = {"ngettext": 2, "Plural": 2}


def extract(fileobj: BinaryIO, keywords: dict[str, Any], comment_tags: list[str],
            options: dict[str, Any]) -> Iterator[tuple[int, str, str | tuple[str, ...], list[str]]]:
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    found: list[tuple[int, str, str | tuple[str, ...], list[str]]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name is None or (name not in keywords and name not in PLURAL):
            continue
        count = PLURAL.get(name, 1)
        args = node.args[:count]
        if len(args) < count or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
            continue
        texts = tuple(a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str))   # all
        if not texts[0]:
            continue
        found.append((node.lineno, "ngettext" if count == 2 else name, texts[0] if count == 1 else texts, []))
    yield from sorted(found, key=lambda item: item[0])

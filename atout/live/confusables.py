"""Names that look alike: "Bob" and "Вob" (a Cyrillic В) are one name on the teacher's roster.

Unicode's table of confusable characters (UTS #39, ``confusables.txt``) maps each character that looks like another to
a prototype: Cyrillic В and Greek Β to Latin B, the digit 1 and capital I to small l, m to "rn". Two texts look alike
when their *skeletons* are equal: each written in decomposed form (NFD), each character replaced by its prototype,
and the result decomposed again (``skeleton``).

The table is the one the ``confusable-homoglyphs`` package keeps up to date with Unicode's releases. It stores each
group of look-alikes both ways (each character lists the others), so the prototype of a group is found again as the
member every other member lists; a group of two has no such centre, and one of its two stands for both (the one of
several characters, as Unicode's prototypes may be, else the lower code point): for telling whether two names look
alike, what matters is that every member of a group is replaced by the same text. Characters written right to left
are stored there between two left-to-right marks, which are taken off.

>>> skeleton("Вob") == skeleton("Bob"), skeleton("Bob") == skeleton("Rob")
(True, False)
>>> skeleton("Adа") == skeleton("Ada"), skeleton("Zoë") == skeleton("Zoe")
(True, False)
"""

from __future__ import annotations

import json
import unicodedata
from functools import lru_cache
from importlib.resources import files

_MARKS = str.maketrans("", "", "\u200e\u200f")     # the table's bidirectional marks around right-to-left characters


@lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """Each confusable character -> the text that stands for its group (itself left out where it stands for it).
    Read once per process (the site's fork server reads it for every kernel: ``atout.widgets.page.warm``)."""
    table = json.loads(files("confusable_homoglyphs").joinpath("confusables.json").read_text(encoding="utf-8"))
    listed: dict[str, set[str]] = {}
    for key, entries in table.items():
        listed.setdefault(key.translate(_MARKS), set()).update(entry["c"].translate(_MARKS) for entry in entries)
    parent: dict[str, str] = {}

    def root(member: str) -> str:
        while parent.setdefault(member, member) != member:
            parent[member] = parent[parent[member]]
            member = parent[member]
        return member

    for key, others in listed.items():
        for other in others:
            a, b = root(key), root(other)
            if a != b:
                parent[a] = b
    groups: dict[str, list[str]] = {}
    for member in list(parent):
        groups.setdefault(root(member), []).append(member)
    mapping: dict[str, str] = {}
    for members in groups.values():
        centres = [m for m in members if all(m in listed.get(o, ()) for o in members if o != m)]
        if len(members) > 2 and len(centres) == 1:
            centre = centres[0]
        else:
            centre = min(members, key=lambda m: (len(m) == 1, [ord(c) for c in m]))
        mapping.update({m: centre for m in members if len(m) == 1 and m != centre})
    return mapping


def skeleton(text: str) -> str:
    """What ``text`` looks like, as UTS #39's skeleton: two texts that look alike have the same one."""
    table = prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text)))

"""What a hand's score and the solver's counts are counted in, each unit worded here once: **points** (Forty-Fives,
Five Hundred, Euchre), **game points** (Sixty-Six), **counters** (Spoil Five's pool) and **tricks** (a count, and
the evaluation of Five Hundred, Euchre and Spoil Five). A family declares its score's unit (``Family.score_unit``)
and its solver's scorer names it; pages, reviews, puzzles and the live class word it from here.

>>> from atout.i18n import language
>>> with language("en"):
...     amount("counters", 1).render(), signed("counters", -3, "−3"), more("game points", 1.5), name("tricks")
('1 counter', '−3 counters', '1.5 more game points', 'tricks')
"""

from __future__ import annotations

from atout.i18n import N_, Plural, Text, decimal, ngettext, plural_count

# Every unit, with its name as a column heading or after a range of numbers says it ("4…6 points").
NAMES = {"points": N_("points"), "game points": N_("game points"), "counters": N_("counters"), "tricks": N_("tricks")}
UNITS = tuple(NAMES)


def name(unit: str) -> str:
    """The unit's name in the page language ("points", "jetons"); an unknown unit as it is written."""
    return Text(NAMES[unit]).render() if unit in NAMES else unit


def amount(unit: str, n: int) -> Plural:
    """A number of the unit, in the form its number asks for ("1 counter", "6 tricks"), said when rendered."""
    if unit == "tricks":
        return Plural("{n} trick", "{n} tricks", n)
    if unit == "game points":
        return Plural("{n} game point", "{n} game points", n)
    if unit == "counters":
        return Plural("{n} counter", "{n} counters", n)
    return Plural("{n} point", "{n} points", n)


def signed(unit: str, value: int, number: str) -> str:
    """A score as a sheet writes it, ``number`` being ``value`` written with its sign ("+15 points", "−2 game
    points", "−3 counters")."""
    if unit == "game points":
        return ngettext("{score} game point", "{score} game points", abs(value), score=number)
    if unit == "counters":
        return ngettext("{score} counter", "{score} counters", abs(value), score=number)
    if unit == "tricks":
        return ngettext("{score} trick", "{score} tricks", abs(value), score=number)
    return ngettext("{score} point", "{score} points", abs(value), score=number)


def more(unit: str, n: float) -> str:
    """How much more something was worth, in the unit: "10 more points", "1.6 more game points"."""
    count = plural_count(n)
    if unit == "game points":
        return ngettext("{amount} more game point", "{amount} more game points", count, amount=decimal(n))
    if unit == "counters":
        return ngettext("{amount} more counter", "{amount} more counters", count, amount=decimal(n))
    if unit == "tricks":
        return ngettext("{amount} more trick", "{amount} more tricks", count, amount=decimal(n))
    return ngettext("{amount} more point", "{amount} more points", count, amount=decimal(n))


def reached(unit: str, n: int, p: str, e: str) -> str:
    """How often ``n`` of the unit or more was reached: "4 tricks or more in 62% of the deals (± 3%)"."""
    if unit == "tricks":
        return ngettext("{n} trick or more in {p} of the deals (± {e})",
                        "{n} tricks or more in {p} of the deals (± {e})", n, p=p, e=e)
    if unit == "game points":
        return ngettext("{n} game point or more in {p} of the deals (± {e})",
                        "{n} game points or more in {p} of the deals (± {e})", n, p=p, e=e)
    if unit == "counters":
        return ngettext("{n} counter or more in {p} of the deals (± {e})",
                        "{n} counters or more in {p} of the deals (± {e})", n, p=p, e=e)
    return ngettext("{n} point or more in {p} of the deals (± {e})",
                    "{n} points or more in {p} of the deals (± {e})", n, p=p, e=e)

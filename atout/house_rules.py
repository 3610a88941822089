"""House rules in words: what each option of a game changes, said once, as a learner reads it.

Tables differ (the robbing of a turned ace, the Five Hundred strain order, the Sixty-Six set). Each option a lesson
or a sentence speaks of is described here, in plain words, never by its id: the lessons' "House rules" box, the
rules index and the engines' sentences all say it from this one table.

>>> house_rule("forty-fives", "must_follow_suit").render("en").startswith("Atout lets you trump even when you could")
True

The classroom and Play pages offer the same options as switches (``SWITCHES``): each named in words, and each value
said as the rule it makes, the rulebook's statement where it has one:

>>> [t.render("en")[:101] for t in in_force("five-hundred", {"misere": True})]
['Misère (250) and open misère (500): the contractor plays alone in no trumps and must lose every trick']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from atout.i18n import N_, Text


def house_rule(family: str, option: str) -> Text:
    """The house rule an option sets, in words (a ``KeyError`` naming it when none is written)."""
    try:
        return Text(HOUSE_RULES[family][option])
    except KeyError:
        raise KeyError(f"no house rule written for option {option!r} of {family}") from None


# --- house rules as switches on the classroom and Play pages ------------------------------------------------------

class Stated(str):
    """A value's rule said by the rulebook statement of this id (one sentence, one place)."""


@dataclass(frozen=True)
class Switch:
    """How a page offers an option: its ``name``; for a choice of more than on and off, the short words of each value
    in a menu (``choices``; numbers show as themselves); and what each value makes the rule, as a sentence (``says``:
    a template taking ``{value}``, a ``Stated`` rule, or one of these by value). ``scope``: "hand" changes a deal (the
    classroom and Play offer it), "game" only a game of many hands (Play alone). ``short``: each value in a few words
    of its own, as a line of the rules in force names it ("Game to {value} points"; by value, "*" for any other;
    a switch that is on is its name)."""

    name: str
    says: Mapping[Any, str] | str
    choices: Mapping[Any, str] = field(default_factory=dict)
    scope: str = "hand"
    short: Mapping[Any, str] = field(default_factory=dict)

    def said(self, value: Any) -> Text:
        says = self.says.get(value, self.says.get("*")) if isinstance(self.says, Mapping) else self.says
        if says is None:
            raise KeyError(f"no words for the value {value!r} of {self.name!r}")
        if isinstance(says, Stated):
            from atout.rulebook import rule

            return rule(says).statement
        return Text(says, value=value)

    def choice(self, value: Any) -> Text | str:
        """A value's words in a menu (a number as itself)."""
        return Text(self.choices[value]) if value in self.choices else str(value)

    def named(self, value: Any) -> Text:
        """The value in a few words, as a line of the rules in force names it (the whole rule is ``said``): the
        switch's name when it is on, else words of the value's own ("Game to 250 points", "No misère"), never
        "name: value", since the line itself follows a colon."""
        short = self.short.get(value, self.short.get("*"))
        if short is None and value is True:
            return Text(self.name)
        if short is None:
            raise KeyError(f"no short words for the value {value!r} of {self.name!r}")
        return Text(short, value=value)


# Every family's first dealer, as a switch (each family's table names it).
FIRST_DEALER = Switch(N_("First dealer"), {"seat-0": N_("You deal the first hand."),
                                            "random": N_("The first dealer is drawn by lot.")},
                      {"seat-0": N_("you"), "random": N_("drawn by lot")}, scope="game",
                      short={"seat-0": N_("You deal first"), "random": N_("First dealer drawn by lot")})
# A game's target in a few words, for the families whose game is played to a number of points.
GAME_TO = {"*": N_("Game to {value} points")}


class _ByFamily(Mapping[str, dict[str, Any]]):
    """One table of each family's ``house_rules`` module (in its folder), by family id in the registry's order: the
    families' modules are imported when first asked, since their tables are written with the switches above."""

    def __init__(self, table: str) -> None:
        self.table = table

    def _tables(self) -> dict[str, dict[str, Any]]:
        from atout.games import FAMILY_LIST

        return {f.id: getattr(f.house_rules_module(), self.table) for f in FAMILY_LIST}

    def __getitem__(self, family: str) -> dict[str, Any]:
        return self._tables()[family]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables())

    def __len__(self) -> int:
        return len(self._tables())


# By family, then option name: the option's effect, the site's default first, then what other tables do (each
# family's ``house_rules`` module: ``HOUSE_RULES``).
HOUSE_RULES: Mapping[str, dict[str, str]] = _ByFamily("HOUSE_RULES")
# By family, then option name (each family's ``house_rules`` module: ``SWITCHES``).
SWITCHES: Mapping[str, dict[str, Switch]] = _ByFamily("SWITCHES")


def _family_of(game: str) -> str:
    from atout.games import family_id

    return family_id(game)


def switches(game: str, scopes: tuple[str, ...] = ("hand", "game")) -> list[tuple[str, Switch]]:
    """The house rules a page may offer for ``game``, as switches, in the order the game declares its options (how
    many play is chosen apart, so it is not one of them)."""
    from atout.games import package_of

    table = SWITCHES[_family_of(game)]
    return [(name, table[name]) for name, spec in package_of(game).config.OPTIONS.items()
            if spec.applies_to(game) and name in table and table[name].scope in scopes]


def said(game: str, option: str, value: Any) -> Text:
    """What the option's value makes the rule, in words."""
    return SWITCHES[_family_of(game)][option].said(value)


def _differing(game: str, options: Mapping[str, Any] | None) -> list[tuple[Switch, Any]]:
    """The switches of a table whose values differ from the game's usual rules, in the declared order."""
    from atout.games import make_config, package_of

    values = make_config(game, options).options()
    table = SWITCHES[_family_of(game)]
    return [(table[name], values[name]) for name, spec in package_of(game).config.OPTIONS.items()
            if name in values and name in table and values[name] != spec.default_for(game)]


def in_force(game: str, options: Mapping[str, Any] | None) -> list[Text]:
    """The house rules of a table that differ from the game's usual rules, each in words, in the declared order."""
    return [switch.said(value) for switch, value in _differing(game, options)]


def in_force_named(game: str, options: Mapping[str, Any] | None) -> list[tuple[Text, Text]]:
    """The same house rules, each in a few words (``Switch.named``) beside the whole rule: a page's line of the rules
    in force stays one line above the table, the rule itself a hover away.

    >>> [(n.render("en"), r.render("en")[:22]) for n, r in in_force_named("forty-fives", {"dealer_rob": "may"})]
    [('The dealer may rob a turned ace', 'When the turned card i')]
    """
    return [(switch.named(value), switch.said(value)) for switch, value in _differing(game, options)]


def rule_in_force(game: str, options: Mapping[str, Any] | None, rule_id: str) -> tuple[list[Text], bool]:
    """What the rule ``rule_id``, which core cites, says at a table playing ``game`` with ``options``: the rulebook's
    statement where it holds there (False: no house rule), else the house rules that replace it, each in its own
    words (True), one for each option the statement is written for that this table plays otherwise. A rule of
    another preset altogether keeps its statement: no house rule makes it this table's.

    >>> said, house = rule_in_force("auction-forty-fives", {"free_discard": True}, "a45.discard.others")
    >>> house, said[0].render("en")[:45]
    (True, 'Once trumps are named, each player in turn fr')
    >>> rule_in_force("auction-forty-fives", {}, "a45.discard.others")[1]
    False
    """
    from atout.games import make_config
    from atout.rulebook import rule

    stated = rule(rule_id)
    table = SWITCHES[_family_of(game)]
    differing = stated.differing(game, make_config(game, options).options())
    if not differing or any(name not in table for name in differing):
        return [stated.statement], False
    return [table[name].said(value) for name, value in differing.items()], True

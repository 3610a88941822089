"""The rulebook: every rule id of the rules files, with a short statement.

Explanations, lessons, quizzes and tests cite these ids, so a learner told "the jack of trumps
wins" can always be shown which rule says so. Statements are translated when shown.

>>> rule("45.rank.five-of-trumps").statement.render("en")
'The 5 of trumps is the highest card.'
>>> rule("45.rank.nonsense")
Traceback (most recent call last):
...
KeyError: "no rule '45.rank.nonsense' in the rulebook"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atout.i18n import Text


@dataclass(frozen=True)
class Rule:
    id: str
    statement: Text
    family: str
    # The preset and option values it is stated for (None: everywhere): a value, a tuple of them, or by preset (a
    # statement that says what each preset does, "in Forty-Fives the dealer must …; in partnerships … may").
    where: Mapping[str, Any] | None = None

    def differing(self, game: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The values (the preset's among them, as ``game``) a table playing ``game`` with these options (all of
        them given) has where the statement is written for others, by name: none where the rule holds."""
        values = {"game": game, **options}
        return {name: values.get(name) for name, wanted in (self.where or {}).items()
                if values.get(name) not in stated_values(wanted, game)}

    def holds(self, game: str, options: Mapping[str, Any]) -> bool:
        """Whether the rule is one of the rules of ``game`` played with these option values (all of them given)."""
        return not self.differing(game, options)

    @property
    def tag(self) -> str:
        """How the rule is marked in the source rules: [seed], [standard] or [choice]."""
        return self.id


def stated_values(wanted: Any, game: str) -> tuple[Any, ...]:
    """The values a ``where`` entry states its rule for at a table of ``game``: a value, a tuple of them, or by preset
    (none for a preset it does not name)."""
    if isinstance(wanted, Mapping):
        wanted = wanted.get(game, ())
    return wanted if isinstance(wanted, tuple) else (wanted,)


def _load() -> dict[str, Rule]:
    from importlib import import_module

    from atout.games import FAMILY_LIST

    rules: dict[str, Rule] = {}
    for module, family in ((import_module(f.rulebook), f.id) for f in FAMILY_LIST):
        for rule_id, statement in module.RULES.items():
            if rule_id in rules:
                raise RuntimeError(f"rule id {rule_id} defined twice")
            rules[rule_id] = Rule(rule_id, Text(statement), family, module.WHERE.get(rule_id))
        unknown = set(module.WHERE) - set(module.RULES)
        if unknown:
            raise RuntimeError(f"{module.__name__}.WHERE names rules it does not state: {sorted(unknown)}")
    return rules


RULES: dict[str, Rule] = _load()


def rule(rule_id: str) -> Rule:
    """The rule with this id; a ``KeyError`` naming it when the rulebook lacks it."""
    try:
        return RULES[rule_id]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r} in the rulebook") from None


def rules_of(family: str) -> list[Rule]:
    """Every rule of one family, in the rules file's order."""
    return [r for r in RULES.values() if r.family == family]


def rules_for(game: str, options: Mapping[str, Any] | None = None) -> list[Rule]:
    """The rules a table plays ``game`` by with these options (checked, defaults filled in), in the rulebook's
    order: a rule stated for another preset or for other option values is left out.

    >>> ids = [r.id for r in rules_for("five-hundred", {"misere": True})]
    >>> "500.bid.misere" in ids, "500.bid.misere" in [r.id for r in rules_for("five-hundred")]
    (True, False)
    >>> [r.id for r in rules_for("forty-fives")][-1], [r.id for r in rules_for("auction-forty-fives")][-1]
    ('45.deal.rotation', 'a45.deal.rotation')
    """
    from atout.games import family_id, make_config

    values = make_config(game, options).options()
    family = family_id(game)
    return [r for r in RULES.values() if r.family == family and r.holds(game, values)]

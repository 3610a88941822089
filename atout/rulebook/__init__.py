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

from dataclasses import dataclass

from atout.i18n import Text


@dataclass(frozen=True)
class Rule:
    id: str
    statement: Text
    family: str

    @property
    def tag(self) -> str:
        """How the rule is marked in the source rules: [seed], [standard] or [choice]."""
        return self.id


def _load() -> dict[str, Rule]:
    from atout.rulebook import five_hundred, forty_fives, sixty_six

    rules: dict[str, Rule] = {}
    for module, family in ((forty_fives, "forty-fives"), (five_hundred, "five-hundred"),
                           (sixty_six, "sixty-six")):
        for rule_id, statement in module.RULES.items():
            if rule_id in rules:
                raise RuntimeError(f"rule id {rule_id} defined twice")
            rules[rule_id] = Rule(rule_id, Text(statement), family)
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

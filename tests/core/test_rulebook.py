"""The rulebook holds every rule id the rules files name, and every explanation cites one of them."""

import re

from atout.rulebook import RULES, rule
from tests.conftest import DATA

RULE_ID = re.compile(r"`((?:45|a45|500|66)\.[a-z0-9.-]+)`")


def test_every_rule_id_of_the_rules_files_is_in_the_rulebook():
    text = "".join(p.read_text() for p in (DATA / "rules").glob("*.md"))
    ids = {m for m in RULE_ID.findall(text) if not m.endswith(".")}
    missing = sorted(i for i in ids if i not in RULES)
    assert not missing, missing


def test_statements_are_sentences():
    for r in RULES.values():
        text = r.statement.render("en")
        assert text[0].isupper() and text.endswith("."), r.id
    assert rule("45.rank.ace-of-hearts").family == "forty-fives"

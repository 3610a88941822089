"""The rulebook holds every rule id the rules files name, and every explanation cites one of them."""

import re

from atout.house_rules import SWITCHES
from atout.rulebook import RULES, rule, rules_for, stated_values
from tests.conftest import DATA

RULE_ID = re.compile(r"`((?:45|a45|500|66)\.[a-z0-9.-]+)`")


def test_every_rule_id_of_the_rules_files_is_in_the_rulebook():
    text = "".join(p.read_text() for p in (DATA / "rules").glob("*.md"))
    ids = {m for m in RULE_ID.findall(text) if not m.endswith(".")}
    missing = sorted(i for i in ids if i not in RULES)
    assert not missing, missing


def test_a_rule_the_rules_files_mark_as_atouts_own_reading_says_so_in_its_statement():
    """The site's own readings (a choice where tables differ, a reading where the rules are silent) were taught as
    the rules (issue 33: Sixty-Six's last trick worth 1 game point when nobody reaches 66). Each rule whose entry
    in the rules files is marked [choice], or called Atout's reading, says so to the learner."""
    own = set()
    for path in (DATA / "rules").glob("*.md"):
        # One entry: a bullet from its rule id to the next bullet or heading; a reading named beside its id.
        for entry in re.split(r"\n(?=- `|#)", path.read_text()):
            head = RULE_ID.match(entry[2:]) if entry.startswith("- `") else None
            if head and "[choice" in entry:
                own.add(head.group(1))
        own |= set(re.findall(r"`((?:45|a45|500|66)\.[a-z0-9.-]+)`: Atout's reading", path.read_text()))
    assert own, "the rules files mark no choice"
    for rule_id in sorted(own):
        said = {lang: RULES[rule_id].statement.render(lang) for lang in ("en", "fr")}
        assert "Atout's" in said["en"] and "Atout" in said["fr"], (rule_id, said)


def test_statements_are_sentences():
    for r in RULES.values():
        text = r.statement.render("en")
        assert text[0].isupper() and text.endswith("."), r.id
    assert rule("45.rank.ace-of-hearts").family == "forty-fives"


# --- the rules a table plays: by preset and house rules (rules_for) ----------------------------------------------

def _each_option_changed(game):
    """The preset's defaults, then each option set to each of its other values in turn."""
    from atout.games import package_of

    spec = package_of(game).config.OPTIONS
    yield {}
    for name, option in spec.items():
        if option.applies_to(game):
            for value in option.allowed_for(game):
                if value != option.default_for(game) and name != "players":
                    yield {name: value}


def test_every_rule_is_a_rule_of_some_table_and_names_only_real_presets_and_option_values():
    from atout.games import GAMES, family_id, package_of

    held = {r.id for game in GAMES for options in _each_option_changed(game) for r in rules_for(game, options)}
    assert held == set(RULES)
    for r in RULES.values():
        for name, wanted in (r.where or {}).items():
            games = [g for g in GAMES if family_id(g) == r.family]
            if name == "game":
                assert set(wanted) <= set(games), r.id
                continue
            spec = package_of(games[0]).config.OPTIONS[name]          # a KeyError names a misspelt option
            if isinstance(wanted, dict):       # by preset: each a preset of the family, with values it allows
                assert set(wanted) <= set(games), (r.id, name)
                assert all(w in spec.allowed_for(g) for g in wanted for w in stated_values(wanted, g)), (r.id, name)
                continue
            wanted = wanted if isinstance(wanted, tuple) else (wanted,)
            assert all(any(w in spec.allowed_for(g) for g in games) for w in wanted), (r.id, name)


def test_the_rules_of_a_table_follow_its_preset_and_its_house_rules():
    ids = {game: [r.id for r in rules_for(game)] for game in ("forty-fives", "auction-forty-fives", "five-hundred")}
    assert "45.rob.dealer-ace" in ids["forty-fives"] and "45.rob.dealer-ace" not in ids["auction-forty-fives"]
    assert not any(i.startswith("a45.") for i in ids["forty-fives"])
    assert "a45.bid.values" in ids["auction-forty-fives"] and "45.deal.turn-up" not in ids["auction-forty-fives"]
    strict = [r.id for r in rules_for("forty-fives", {"must_follow_suit": True})]
    # The house rule must_follow_suit is an option of 45.follow.plain-lead, whose statement says both readings.
    assert "45.follow.plain-lead" in strict and "45.follow.plain-lead" in ids["forty-fives"]
    strict_words = SWITCHES["forty-fives"]["must_follow_suit"].said(True).render("en")
    assert strict_words.startswith("House rule: to a plain-suit lead you must follow suit if you can")
    assert "500.bid.misere" not in ids["five-hundred"]
    assert {"500.bid.misere", "500.score.defenders"} <= {r.id for r in rules_for("five-hundred", {"misere": True})}
    # A statement a house rule makes false is left out (the house rule is said in its own words).
    assert "a45.bid.values" not in [r.id for r in rules_for("auction-forty-fives", {"min_bid": 15})]
    assert "66.game.target" not in [r.id for r in rules_for("sixty-six", {"target": 10})]

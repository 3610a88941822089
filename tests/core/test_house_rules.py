"""House rules in words: every option a page offers as a switch has a name and, for each value, the rule it makes
in a sentence, in both languages; the rulebook's statement where it has one, and one that holds with that value."""

from __future__ import annotations

import re

import pytest

from atout.games import GAMES as REGISTERED
from atout.games import family_id, package_of
from atout.house_rules import SWITCHES, Stated, in_force, in_force_named, said, switches
from atout.i18n import Text
from atout.rulebook import rules_for

GAMES = list(REGISTERED)


def _options(game):
    return {name: spec for name, spec in package_of(game).config.OPTIONS.items() if spec.applies_to(game)}


@pytest.mark.parametrize("game", GAMES)
def test_every_option_but_how_many_play_is_a_switch_with_words_for_each_value(game):
    offered = dict(switches(game))
    assert set(offered) == set(_options(game)) - {"players"}
    for name, switch in offered.items():
        spec = _options(game)[name]
        for lang in ("en", "fr"):
            assert switch.name and Text(switch.name).render(lang)
            for value in spec.allowed_for(game):
                text = switch.said(value).render(lang)
                assert text[0].isupper() and text.endswith("."), (name, value, text)
                assert "_" not in text and "{" not in text, text               # no option id, nothing left over
                if not isinstance(value, bool | int):
                    assert value in switch.choices, (name, value)                # a menu has words for each value
                    assert str(switch.choice(value).render(lang)).strip()
    assert {scope for _n, s in offered.items() for scope in [s.scope]} <= {"hand", "game"}
    assert [n for n, _s in switches(game, ("hand",))] == [n for n, s in offered.items() if s.scope == "hand"]


def test_the_switches_name_only_real_options():
    for fam, table in SWITCHES.items():
        games = [g for g in GAMES if family_id(g) == fam]
        for name in table:
            assert any(name in _options(g) for g in games), (fam, name)


@pytest.mark.parametrize("game", GAMES)
def test_a_value_said_by_the_rulebook_is_a_rule_the_table_then_plays(game):
    for name, switch in switches(game):
        for value, says in (switch.says.items() if isinstance(switch.says, dict) else []):
            if isinstance(says, Stated) and value in _options(game)[name].allowed_for(game):
                assert says in [r.id for r in rules_for(game, {name: value, **_partners(game, name)})] or \
                    not _holds_in_preset(says, game), (game, name, value, says)


def _partners(game, name):
    return {"players": 4} if name == "partners" else {}


def _holds_in_preset(rule_id, game):
    """Whether the rule is one of the preset's with some options (a45 rules are not Forty-Fives')."""
    from atout.rulebook import RULES

    where = RULES[rule_id].where or {}
    wanted = where.get("game", (game,))
    return game in (wanted if isinstance(wanted, tuple) else (wanted,))


def test_the_house_rules_in_force_are_those_that_differ_from_the_game_s_own():
    assert in_force("forty-fives", {}) == [] and in_force("forty-fives", {"ace_of_hearts_led": True}) == []
    partners = [t.render("en") for t in in_force("forty-fives-partners", {"ace_of_hearts_led": True,
                                                                           "scoring": "tricks"})]
    assert partners[0].startswith("When the A♥ is led and hearts are not trumps")     # the rulebook's statement
    assert partners[1] == "A side scores 5 for taking three or four tricks, and 10 for all five."
    assert said("auction-forty-fives", "min_bid", 15).render("fr") == "L'enchère la plus basse est 15."
    assert re.search(r"\b10\b", said("sixty-six", "target", 10).render("en"))


def test_the_house_rules_in_force_are_also_named_in_a_few_words_each_beside_its_whole_rule():
    options = {"ace_of_hearts_led": False, "dealer_rob": "may", "target": 25}
    named = in_force_named("forty-fives", options)
    assert [name.render("en") for name, _rule in named] == [
        "Game to 25 points", "The A♥ led calls for no heart", "The dealer may rob a turned ace"]
    assert [name.render("fr") for name, _rule in named] == [
        "Partie en 25 points", "L'A♥ entamé n'appelle pas de cœur", "Le donneur peut prendre un as retourné"]
    assert [rule for _name, rule in named] == in_force("forty-fives", options)
    assert [n.render("en") for n, _r in in_force_named("five-hundred", {"misere": True})] == ["Misère and open misère"]


def test_each_house_rule_in_force_is_named_in_words_without_a_colon():
    """The line of the rules in force follows a colon (« Règles de la maison à cette table : … »): a rule named
    "Game to: 45" put a second one after it, and "Follow suit when you can: no" said a rule by its switch."""
    from atout.games import available_games, package_of

    for game in available_games():
        for option, switch in switches(game):
            for value in package_of(game).config.OPTIONS[option].allowed_for(game):
                for lang in ("en", "fr"):
                    words = switch.named(value).render(lang)
                    assert ":" not in words and not words.endswith(("no", "non")), (game, option, value, words)

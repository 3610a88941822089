"""The registry of games: each game declared once, and what it declares is what the rest of Atout uses."""

import dataclasses

import pytest

from atout import games
from atout.errors import ConfigError
from atout.games import FAMILY_LIST, GAMES, family, family_of, game_info
from atout.lessons import load_lessons
from atout.rulebook import RULES


def test_deal_code_numbers_never_change():
    # A code printed on a slide last year must still deal the same game.
    assert {g.id: g.deal_code for g in GAMES.values()} == {
        "forty-fives": 0, "forty-fives-partners": 1, "auction-forty-fives": 2, "five-hundred": 3, "sixty-six": 4}
    assert len({g.position_code for g in GAMES.values()}) == len(GAMES)


def test_each_game_belongs_to_a_registered_family_whose_parts_exist():
    assert {g.family for g in GAMES.values()} == set(FAMILY_LIST)
    for game in GAMES.values():
        rules = family(game.id)
        assert rules.__name__ == game.family.package
        assert rules.make_config(game.id).game == game.id
        assert set(game.family.player_classes()) == {"beginner", "club", "expert"}
        assert game.family.module("ranking").trick_rule is not None


def test_the_family_ids_are_the_lessons_and_the_rules_families():
    ids = {f.id for f in FAMILY_LIST}
    assert {lesson.family for lesson in load_lessons()} == ids
    assert {rule.family for rule in RULES.values()} == ids


def test_an_unknown_game_is_refused_naming_the_games():
    with pytest.raises(ConfigError, match="unknown game 'bridge': the games are forty-fives, "):
        family_of("bridge")
    with pytest.raises(ConfigError, match="unknown game"):
        game_info(["forty-fives"])


def test_a_module_missing_inside_a_family_is_a_fault_not_a_game_to_come(monkeypatch):
    """Before, any ModuleNotFoundError while importing a family read as "the game … is not available yet", hiding a
    missing dependency or a typo in an import."""
    broken = dataclasses.replace(GAMES["sixty-six"].family, package="atout.sixty_six_missing")
    monkeypatch.setitem(games.GAMES, "sixty-six", dataclasses.replace(GAMES["sixty-six"], family=broken))
    with pytest.raises(ModuleNotFoundError, match="atout.sixty_six_missing"):
        family("sixty-six")

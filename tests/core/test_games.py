"""The registry of games: each game declared once, and what it declares is what the rest of Atout uses."""

import dataclasses
import json
from pathlib import Path

import pytest

from atout import games
from atout.errors import ConfigError
from atout.games import FAMILY_LIST, GAMES, family_of, game_info, package_of
from atout.lessons import load_lessons
from atout.rulebook import RULES


def test_deal_code_numbers_never_change():
    """A code printed on a slide last year must still deal the same game: every game the codes made before
    (tests/data/deal_codes) name keeps the number those codes carry, and no two registered games share one."""
    from atout.dealcode import ALPHABET, PAYLOAD, SEED_BITS

    made = json.loads((Path(__file__).parents[1] / "data/deal_codes/main_codes.json").read_text(encoding="utf-8"))
    printed: dict[str, set[int]] = {}
    for row in made["codes"]:
        number = 0
        for char in row["code"].replace("-", "")[:PAYLOAD]:
            number = number * 32 + ALPHABET.index(char)
        printed.setdefault(row["game"], set()).add(number >> SEED_BITS + 6)   # the players' and the dealer's 3 bits
    assert printed and set(printed) <= set(GAMES)
    assert {game: {GAMES[game].deal_code} for game in printed} == printed
    assert len({g.deal_code for g in GAMES.values()}) == len(GAMES)
    assert len({g.position_code for g in GAMES.values()}) == len(GAMES)


def test_each_game_belongs_to_a_registered_family_whose_parts_exist():
    assert {g.family for g in GAMES.values()} == set(FAMILY_LIST)
    for game in GAMES.values():
        rules = package_of(game.id)
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
        package_of("sixty-six")


def test_each_family_names_a_solver_adapter_that_takes_its_own_hands():
    from atout.engine import Phase
    from atout.solver import SolverError, position_of, solve_value
    from atout.solver.positions import adapter_of
    from atout.solver.table import has_table

    for fam in FAMILY_LIST:
        adapter = fam.solver_adapter()
        assert adapter.__name__ == fam.solver
        assert adapter.SEARCH in ("tricks", "own")       # its interface: tests/core/test_solver_adapter.py
        game = next(g.id for g in GAMES.values() if g.family is fam)
        hand = package_of(game).new_hand(game, seed=5)
        while not hand.is_over and not (hand.phase is Phase.PLAY and adapter_of(hand) is adapter
                                         and _solvable(hand, position_of, SolverError)):
            actions = hand.legal_actions()          # a bid over a pass, so the auction reaches its play
            hand.apply(actions[0] if hand.phase is Phase.PLAY else actions[-1])
        assert isinstance(position_of(hand), adapter.POSITION)
        assert solve_value(hand, hand.to_act).unit == fam.value_unit
        assert has_table(package_of(game).new_hand(game, seed=5)) == (adapter.SEARCH == "tricks")
    with pytest.raises(SolverError, match="does not know this game"):
        position_of(object())


def _solvable(hand, position_of, error):
    try:
        position_of(hand)
    except error:
        return False
    return True


def test_the_best_card_scores_where_the_family_says():
    scored = {g: package_of(g).make_config(g).scores_best_card for g in GAMES if family_of(g) is games.FORTY_FIVES}
    assert scored == {"forty-fives": True, "forty-fives-partners": False, "auction-forty-fives": True}

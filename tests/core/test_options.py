"""Options are data checked in one place: a value of the wrong kind is refused with the allowed values, whatever
the family, and never reaches the engine as a Python error."""

import pytest

from atout.errors import ConfigError
from atout.games import make_config
from atout.referee import judge

CASES = [("forty-fives", "players", "2, 3, 4, 5, 6"), ("five-hundred", "players", "4"),
         ("sixty-six", "target", "7, 10")]


@pytest.mark.parametrize("game, option, allowed", CASES)
@pytest.mark.parametrize("value", [[4], {"n": 4}, [7]])
def test_a_list_or_a_table_as_an_option_value_is_refused_with_the_allowed_values(game, option, allowed, value):
    with pytest.raises(ConfigError) as refused:
        make_config(game, {option: value})
    assert f"option {option} of {game} cannot be" in str(refused.value) and allowed in str(refused.value)
    answer = judge({"kind": "rank", "game": game, "trump": "H", "options": {option: value}})
    assert "allowed values are" in answer["error"] and "unhashable" not in answer["error"]


@pytest.mark.parametrize("game, option, allowed", CASES)
@pytest.mark.parametrize("value", [4.0, 7.0, True, pytest.param(10 ** 5000, id="5001-digits")])
def test_a_value_of_another_type_is_refused_even_when_equal(game, option, allowed, value):
    """``players=3.0`` passed (3.0 == 3) and reached the engine as a float: range(3.0) failed deep inside (issue 12);
    a 5,000-digit number could not even be written in the message."""
    with pytest.raises(ConfigError) as refused:
        make_config(game, {option: value})
    assert f"option {option} of {game} cannot be" in str(refused.value) and allowed in str(refused.value)
    assert len(str(refused.value)) < 200


def test_a_float_player_count_in_a_score_query_is_refused_by_name():
    answer = judge({"kind": "score", "game": "forty-fives", "trump": "C", "players": 3.0, "tricks": []})
    assert answer == {"error": "option players of forty-fives cannot be 3.0: allowed values are 2, 3, 4, 5, 6"}

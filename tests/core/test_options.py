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

"""The classroom: deal codes give every student the teacher's cards; presenter keys step the deal."""

from atout.dealcode import decode
from atout.widgets.classroom import Classroom, player_counts


def test_a_new_deal_shows_a_code_that_deals_the_same_cards():
    teacher = Classroom("forty-fives", players=4)
    code = teacher.new_deal(seed=1234)
    assert code in teacher.code_view.value
    spec = decode(code)
    assert (spec.game, spec.players, spec.seed) == ("forty-fives", 4, 1234)
    student = Classroom("sixty-six" if "sixty-six" in teacher.game_picker.options else "forty-fives")
    assert student.join(code.lower())
    assert student.game_picker.value == "forty-fives" and student.players_picker.value == 4
    assert student.hand.hands == teacher.hand.hands


def test_a_malformed_code_is_refused_and_changes_nothing():
    room = Classroom("forty-fives", players=3)
    room.new_deal(seed=7)
    before = [list(h) for h in room.hand.hands]
    assert not room.join("034-003R-J0U")
    assert "is not used in deal codes" in room.message.value and "role='alert'" in room.message.value
    assert room.hand.hands == before


def test_presenter_keys_step_the_walk_through_and_show_hands():
    room = Classroom("forty-fives", players=3)
    room.new_deal(seed=11)
    room.presenter._on_message(room.presenter, {"type": "key", "command": "next"}, [])
    assert room.mode.value == "walk" and room.stepper.step == 0       # the first key press shows step 1
    room.command("next")
    room.command("next")
    room.command("previous")
    assert room.stepper.step == 1
    room.command("last")
    assert room.stepper.step == len(room.stepper.steps) - 1
    assert room.every_hand.value
    room.command("hands")
    assert not room.every_hand.value


def test_the_table_shows_every_hand_only_when_asked():
    room = Classroom("forty-fives", players=3)
    room.new_deal(seed=3)
    seats = room.table.state["seats"]
    assert all(seat["cards"] for seat in seats)
    room.every_hand.value = False
    hidden = [seat for seat in room.table.state["seats"] if not seat["cards"]]
    assert len(hidden) == 2


def test_player_counts_come_from_the_game_configuration():
    assert player_counts("forty-fives") == [2, 3, 4, 5, 6]
    assert player_counts("forty-fives-partners") == [4, 6]


def test_a_new_deal_is_shown_in_the_same_table_and_the_old_walk_through_is_closed():
    room = Classroom("forty-fives", players=4)
    table = room.table
    first_deal = table.state["deal"]["id"]
    room.command("next")                     # the walk-through of the first deal
    stepper = room.stepper
    room.mode.value = "play"
    room.new_deal(seed=5)
    assert room.table is table and table.hand is room.hand
    assert table.state["deal"]["id"] != first_deal and table.state["deal"]["fresh"]
    assert [sorted(seat["cards"]) for seat in table.state["seats"]] == [sorted(c.code for c in held)
                                                                       for held in room.hand.hands]
    assert stepper.comm is None and all(child.comm is None for child in stepper.children)
    room.game_picker.value = "sixty-six"
    room.new_deal(seed=6)
    assert room.table is table and table.state["game"] == "sixty-six" and table.state["players"] == 2

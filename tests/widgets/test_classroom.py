"""The classroom: deal codes give every student the teacher's cards; presenter keys step the deal."""

import pytest

from atout.dealcode import GAMES, decode, encode
from atout.widgets.bidding import call_label
from atout.widgets.classroom import Classroom, player_counts
from atout.widgets.table import CardTable
from tests.registry import games_with_an_auction


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


def test_a_code_that_passes_the_check_but_cannot_be_dealt_is_refused_and_changes_nothing():
    """Five Hundred for 2 passes the check character: it showed nothing, left the last code's message on screen and
    the game picker on a game whose table was not shown (issue 12)."""
    from tests.core.test_dealcode import code_for

    room = Classroom("forty-fives", players=3)
    assert room.join(room.new_deal(seed=7))
    before = (room.spec, [list(h) for h in room.hand.hands], room.game_picker.value, room.players_picker.value)
    table = room.table
    assert not room.join(code_for(GAMES["five-hundred"].deal_code, 2, 0))
    assert "You have the deal" not in room.message.value and "role='alert'" in room.message.value
    assert "Five Hundred is played by 4 players, not 2. Check the code on the teacher&#x27;s screen" in (
        room.message.value)
    assert (room.spec, [list(h) for h in room.hand.hands], room.game_picker.value,
            room.players_picker.value) == before
    assert room.table is table and room.table.hand is room.hand


def test_a_huge_code_is_refused_in_a_short_message():
    room = Classroom("forty-fives", players=3)
    assert not room.join("7" * 9_000_000)
    assert len(room.message.value) < 400 and "this text has 9000000 characters" in room.message.value


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


# --- right on every step (issue 13): each of these failed before its fix ------------------------------------


def walk(game: str, seed: int, players: int | None = None) -> Classroom:
    room = Classroom(game, players=players)
    room.new_deal(seed=seed)
    room.command("next")           # the presenter's first key opens the walk-through
    return room


def test_five_hundred_walk_through_counts_tricks_per_side_with_the_scores_never_under_a_seat():
    room = walk("five-hundred", 21)
    stepper = room.stepper
    stepper.go(len(stepper.steps) - 1)
    state = stepper.table.state
    assert all(seat["tricks"] is None and seat["tricks_label"] is None for seat in state["seats"])
    side_tricks = stepper.hand.side_tricks()
    assert [row["tricks"] for row in state["scores"]] == side_tricks and sum(side_tricks) == 10
    assert [row["label"] for row in state["scores"]] == ["Player 1 and Player 3", "Player 2 and Player 4"]


def test_h_hides_the_hands_in_the_walk_through_too():
    room = walk("forty-fives", 12, players=4)
    room.stepper.go(next(k for k, s in enumerate(room.stepper.steps) if s.kind == "event"))    # the deal done
    assert all(seat["visible"] for seat in room.stepper.table.state["seats"])
    room.command("hands")
    seats = room.stepper.table.state["seats"]
    assert seats[0]["visible"] and not any(seat["visible"] for seat in seats[1:])
    hidden = {c.code for seat in range(1, 4) for c in room.stepper.state_at().hands[seat]}
    assert not any(seat["cards"] for seat in seats[1:])
    assert not hidden & set(seats[0]["cards"]) and [seat["count"] for seat in seats[1:]] == [
        len(held) for held in room.stepper.state_at().hands[1:]]
    room.command("hands")
    assert all(seat["visible"] for seat in room.stepper.table.state["seats"])


def test_the_first_presenter_key_shows_step_one():
    room = Classroom("forty-fives", players=3)
    room.new_deal(seed=4)
    room.presenter._on_message(room.presenter, {"type": "key", "command": "next"}, [])
    assert room.stepper.step == 0 and "Step 1 of" in room.stepper.position_html.value
    assert room.stepper.slider.value == 1


def test_choosing_another_game_deals_it_at_once_with_its_own_code():
    room = Classroom("forty-fives", players=3)
    room.new_deal(seed=8)
    old_code = room.code_view.value
    room.game_picker.value = "five-hundred"
    assert room.spec.game == "five-hundred" and room.hand.config.game == "five-hundred"
    assert room.table.state["game"] == "five-hundred" and room.table.state["players"] == 4
    assert room.code_view.value != old_code and decode(encode(room.spec)).game == "five-hundred"
    room.players_picker.value = room.players_picker.options[-1][1]
    assert len(room.hand.hands) == room.players_picker.value == room.table.state["players"]
    room.mode.value = "walk"
    room.game_picker.value = "sixty-six"
    assert room.stepper.hand.config.game == "sixty-six" and room.stepper.table.state["players"] == 2


def test_the_kitty_taken_is_shown_once_in_the_contractors_hand_in_the_walk_through():
    room = walk("five-hundred", 3)
    stepper = room.stepper
    kitty_steps = [k for k, s in enumerate(stepper.steps) if s.kind == "event" and s.event.kind == "discard"]
    assert kitty_steps, "the contractor discards from the kitty"
    stepper.go(kitty_steps[0] - 1)                       # the kitty taken, nothing discarded yet
    state = stepper.table.state
    shown = [code for seat in state["seats"] for code in seat["cards"] or []]
    assert len(shown) == len(set(shown)) and state["kitty"] == 0 and not state["kitty_cards"]
    taken = {c.code for c in stepper.state_at().kitty_taken}
    contractor = stepper.state_at().contractor
    assert set(state["seats"][contractor]["from_kitty"]) == taken and len(taken) == 3


def test_a_discard_laid_face_down_names_its_card_when_every_hand_is_face_up():
    room = walk("five-hundred", 3)
    stepper = room.stepper
    k = next(k for k, s in enumerate(stepper.steps) if s.kind == "event" and s.event.kind == "discard")
    stepper.go(k)
    card = stepper.steps[k].event.action.card
    assert f"discards {card.render('en')}" in stepper.explanation_html.value
    room.command("hands")                                # seat 0 alone face up: the others see a card face down
    if stepper.steps[k].event.seat != 0:
        assert "face-up-discard" not in stepper.explanation_html.value


def test_the_step_slider_reads_the_step_number_shown():
    room = walk("sixty-six", 5)
    stepper = room.stepper
    for k in (0, 1, 7, len(stepper.steps) - 1):
        stepper.go(k)
        assert f"Step {stepper.slider.value} of {len(stepper.steps)}" in stepper.position_html.value
    assert stepper.slider.min == 1 and stepper.slider.max == len(stepper.steps)


def test_the_speed_menu_names_each_speed_without_repeating_its_label():
    stepper = walk("forty-fives", 2).stepper
    assert [label for label, _ms in stepper.speed.options] == ["slow", "normal", "fast"]
    assert stepper.speed.description == "Speed" and stepper.speed.layout.width == "auto"


# --- the auction on the table, the contract and the trumps in the header (issue 13) -----------------------------


@pytest.mark.parametrize("game", games_with_an_auction())
def test_the_auction_is_on_the_table_as_it_happens_and_the_contract_stays_in_the_header(game):
    room = walk(game, 3, players=max(player_counts(game)))
    stepper = room.stepper
    calls: dict[int, list[str]] = {}
    standing = None
    contract_from = None
    for k, step in enumerate(stepper.steps):
        stepper.go(k)
        state = stepper.table.state
        if step.kind == "event" and step.event.kind == "bid":       # core's event: who called what
            call = step.event.action.value
            calls.setdefault(step.event.seat, []).append(call_label(call))
            if call != "pass":
                standing = (step.event.seat, call)
        auction = stepper.state_at().auction                         # core's: over once the last call is made
        if contract_from is None and auction is not None and auction.over:
            contract_from = k
        # Each player's calls beside them, in the order made; the others none.
        assert [seat["calls"] for seat in state["seats"]] == [calls.get(seat, []) for seat in range(4)], k
        if contract_from is not None:
            assert state["contract"].startswith("Contract: "), (k, state["contract"])
        elif standing:
            seat, call = standing
            assert state["contract"] == f"Standing bid: {call_label(call)} · bidder: Player {seat + 1}", k
        elif calls:
            assert state["contract"] == "No bid yet", k
    assert contract_from is not None and any(len(made) > 1 for made in calls.values())   # an auction of rounds
    seat, call = standing
    assert state["contract"] == f"Contract: {call_label(call)} · bidder: Player {seat + 1}"   # to the last step
    assert state["trump"]["suit"] in "CDHS" and state["trump"]["label"].startswith("Trumps: ")


def test_a_no_trump_contract_says_no_trumps_in_the_header():
    from atout.games import package_of

    hand = package_of("five-hundred").new_hand("five-hundred", seed=1)
    bidder = hand.to_act
    while hand.phase.name == "BID":
        wanted = "bid 6NT" if hand.to_act == bidder else "bid pass"
        hand.apply(next(a for a in hand.legal_actions() if str(a) == wanted))
    while hand.phase.name != "PLAY":
        hand.apply(hand.legal_actions()[0])                  # the kitty taken, three cards discarded
    state = CardTable(hand).state
    assert state["trump"] == {"suit": "NT", "label": "No trumps"}
    assert state["contract"] == f"Contract: 6 NT · bidder: Player {bidder + 1}"
    assert state["seats"][bidder]["calls_label"] == "Calls: 6 NT"


def test_the_sort_switch_sorts_the_hands_in_play_and_in_the_walk_through():
    room = Classroom("forty-fives", players=3)
    room.new_deal(seed=7)
    dealt = [[c.code for c in held] for held in room.hand.hands]
    assert room.sort_hands.value and [s["cards"] for s in room.table.state["seats"]] != dealt
    room.sort_hands.value = False
    assert [s["cards"] for s in room.table.state["seats"]] == dealt
    room.command("next")
    stepper = room.stepper
    stepper.go(len(stepper.steps) // 2)
    held = [[c.code for c in h] for h in stepper.state_at().hands]
    assert [s["cards"] for s in stepper.table.state["seats"]] == held
    room.sort_hands.value = True
    assert [s["cards"] for s in stepper.table.state["seats"]] != held

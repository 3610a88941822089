"""The Play page says only what is true now (issue 33, item 5): its score strip says what its figures count, the
trick the computer has just won stays in view, every hint gives its reason, and a line that stops being true goes."""

from __future__ import annotations

import random

import pytest

from atout.games import GAMES, family_id, package_of
from atout.hints import reason
from atout.players import make_player
from atout.widgets.play import PlayGame


def _click(table, action) -> None:
    message = ({"type": "play", "card": action.card.code} if action.kind == "play" and action.card is not None
               and action.value is None else {"type": "action", "action": str(action)})
    table._handle_custom_msg(message, [])


def _plays_until(page: PlayGame, done, rng: random.Random, limit: int = 400) -> None:
    for _ in range(limit):
        if done():
            return
        _click(page.table, rng.choice(page.table.hand.legal_actions()))
    raise AssertionError("never reached")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_score_strip_says_what_it_counts(game):
    """"You: 0 · Player 2: 0" was a hand's card points in a lesson and its game points in Play (0 all hand long
    with 55 card points taken): every strip now says which, in core's words, during the hand and at its end."""
    page = PlayGame(game, seed=5)
    rng = random.Random(1)
    for done in (lambda: bool(page.game.hand.tricks) or page.hand_view.waiting, lambda: page.hand_view.waiting):
        _plays_until(page, done, rng)
        state, view = page.table.state, page.hand_view.table_view(0)
        assert [row["score"] for row in state["scores"]] == view.scores
        if view.scores:
            assert state["score_unit"] == view.score_unit.render("en") != ""
            assert state["score_unit_colon"] == state["score_unit"] + ":"
        else:
            assert state["score_unit"] is None


def test_a_sixty_six_seat_sees_no_points_until_the_hand_gives_game_points():
    page = PlayGame("sixty-six", seed=5)
    rng = random.Random(1)
    hand = page.game.hand
    _plays_until(page, lambda: sum(hand.card_points) > 0, rng)
    assert page.table.state["scores"] == [] and page.table.state["score_unit"] is None
    _plays_until(page, lambda: page.hand_view.waiting, rng)
    assert page.table.state["score_unit"] == "Game points won this hand"
    assert [row["score"] for row in page.table.state["scores"]] == hand.result.game_points


@pytest.mark.parametrize("game", [g for g in sorted(GAMES) if family_id(g) != "sixty-six"])
def test_the_other_games_strip_is_the_games_score(game):
    page = PlayGame(game, seed=5)
    _plays_until(page, lambda: bool(page.game.hand.tricks), random.Random(1))
    assert page.table.state["score_unit"] == "The game's score"
    assert [row["score"] for row in page.table.state["scores"]] == page.game.scores


def test_a_sixty_six_lesson_table_names_its_running_points():
    from atout.sixty_six import SixtySixHand
    from atout.widgets.table import CardTable

    hand = SixtySixHand.new("sixty-six", seed=1, show_totals=True)
    table = CardTable(hand, viewer=0)
    for action in ("play 9D", "play AD"):
        hand.apply(action)
    table.refresh()
    assert table.state["score_unit"] == "Points counted toward 66 this hand"
    assert [row["score"] for row in table.state["scores"]] == [11, 0]


def test_the_trick_the_computer_has_just_won_stays_in_view_while_it_leads_the_next():
    """The computer's winning trick vanished at once (it drew and led in the same moment), with no way to see it."""
    page = PlayGame("sixty-six", seed=5)
    rng = random.Random(2)
    hand = page.game.hand
    _plays_until(page, lambda: (bool(hand.tricks) and hand.tricks[-1].winner == 1 and bool(hand.trick)
                                and hand.to_act == 0), rng)
    last = page.table.state["last_trick"]
    assert last is not None and last["winner"] == 1 and last["label"] == "Last trick (winner: Player 2)"
    assert [p["card"] for p in last["plays"]] == [c.code for c in hand.tricks[-1].cards]
    _click(page.table, next(a for a in hand.legal_actions() if a.kind == "play"))
    if hand.tricks[-1].winner == 0:           # the learner has acted since: the trick in view is the new one
        assert page.table.state["last_trick"]["winner"] == 0


def _sixty_six_choices(seeds: range):
    """Every choice that plays no card offered to a player, at every point of Sixty-Six hands played by the club
    player: (hand, seat, action)."""
    for seed in seeds:
        hand = package_of("sixty-six").new_hand("sixty-six", seed=seed)
        player = make_player("sixty-six", "club", seed=seed)
        while not hand.is_over:
            seat = hand.to_act
            for action in hand.legal_actions():
                if action.kind != "play":
                    yield hand.copy(), seat, action
            hand.apply(player.act(hand, seat))


def test_every_sixty_six_choice_that_plays_no_card_has_its_reason():
    """"Close the stock" and "Declare 66" were hinted with no reason (only cards had one)."""
    kinds = set()
    for hand, seat, action in _sixty_six_choices(range(12)):
        why = reason(hand, seat, action)
        assert why is not None, (action, hand.history)
        said = why.render("en", seat)
        points = hand.points(seat)
        kinds.add(action.kind)
        if action.kind in ("declare", "close", "draw"):
            assert f"you have {points} points" in said
            assert ("66 or more" in said) == (points >= 66), said
        if action.kind == "declare" and points < 66:
            assert "loses the hand" in said
        assert "{" not in said and "None" not in said, said
    assert {"close", "draw", "marriage", "declare"} <= kinds, kinds


def test_the_hint_to_draw_or_close_gives_its_reason():
    page = PlayGame("sixty-six", seed=5)
    rng = random.Random(3)
    _plays_until(page, lambda: any(a.kind == "draw" for a in page.game.hand.legal_actions()), rng)
    text = page.hint()
    assert ("would choose “Draw”: you have" in text or "would choose “Close the stock”: you have" in text), text


def test_finish_a_hand_first_goes_once_the_hand_is_finished():
    page = PlayGame("forty-fives", seed=5)
    page.review()
    assert "Finish a hand first" in page.review_view.value
    _plays_until(page, lambda: page.hand_view.waiting, random.Random(4))
    assert "Finish a hand first" not in page.review_view.value


def test_a_rob_the_computer_would_make_is_hinted_with_its_reason():
    """Forty-Fives: "Rob: give up 8♦ for the turned card" was hinted with no reason."""
    robs = 0
    for seed in range(40):
        hand = package_of("forty-fives").new_hand("forty-fives", seed=seed)
        player = make_player("forty-fives", "club", seed=seed)
        while not hand.is_over and not hand.tricks:
            seat = hand.to_act
            action = player.act(hand, seat)
            if action.kind == "rob":
                said = reason(hand, seat, action).render("en", seat)
                assert said.startswith(f"the turned card, {hand.turn_up.render('en')}, is a "), said
                robs += 1
            hand.apply(action)
    assert robs


def test_a_note_on_the_table_stays_true_while_it_is_shown():
    """Lines that stayed after they stopped being true: "Player 2 holds the ace of trumps" after the ace was played
    (Forty-Fives), "You exchange 9♦ for the turned-up trump" all hand long (Sixty-Six)."""
    from atout.cards import ACE, Card

    held = gone = 0
    rng = random.Random(5)        # any legal action: the club player seldom keeps its hand when dealt the ace
    for seed in range(60):
        hand = package_of("forty-fives").new_hand("forty-fives", seed=seed)
        while not hand.is_over:
            for seat in range(len(hand.hands)):
                notes = [note.render("en") for note in hand.table_view(seat).notes]
                holder = hand.announced_ace_holder
                ace_held = holder is not None and Card.of(ACE, hand.trump) in hand.hands[holder]
                said = [n for n in notes if n.endswith("holds the ace of trumps")]
                assert bool(said) == ace_held, (seed, notes)
                held += ace_held
                gone += holder is not None and not ace_held
            hand.apply(rng.choice(hand.legal_actions()))
    assert held and gone
    exchanged = 0
    for seed in range(30):
        hand = package_of("sixty-six").new_hand("sixty-six", seed=seed)
        player = make_player("sixty-six", "club", seed=seed)
        while not hand.is_over:
            if hand.exchanged_by is not None:
                notes = [note.render("en") for note in hand.table_view(0).notes]
                assert any(" exchanged 9" in n for n in notes) and not any(" exchange 9" in n for n in notes), notes
                exchanged += 1
            hand.apply(player.act(hand, hand.to_act))
    assert exchanged

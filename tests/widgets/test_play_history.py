"""The Play page's hand history (issue 33, item 5): what happened is said hand by hand under each hand's number,
and the log and the reviews come back whole when the page is reloaded (the page plays the address's moves again)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from atout.games import GAMES
from atout.widgets.address import parse_moves
from atout.widgets.play import PlayGame


def _click(table, action) -> None:
    message = ({"type": "play", "card": action.card.code} if action.kind == "play" and action.card is not None
               and action.value is None else {"type": "action", "action": str(action)})
    table._handle_custom_msg(message, [])


def _finish_a_hand(page: PlayGame) -> None:
    hands = len(page.game.completed_hands)
    for _ in range(400):
        if len(page.game.completed_hands) > hands or page.game.is_over:
            return
        _click(page.table, page.table.hand.legal_actions()[-1])
    raise AssertionError("the hand never finished")


def _hands_in_log(page: PlayGame) -> dict[int, list[str]]:
    """The log's lines, by the hand they are headed with."""
    found = {}
    for number, title, lines in re.findall(r"data-hand='(\d+)'[^>]*><summary>([^<]*)</summary>(.*?)</ol>",
                                           page.log_view.value):
        assert unescape(title) == f"Hand {number}"
        found[int(number)] = [unescape(re.sub(r"<[^>]+>", "", line)) for line in re.findall(r"<li>(.*?)</li>", lines)]
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_hand_is_headed_and_the_log_and_reviews_come_back_after_a_reload(game):
    """The log ran hand 1 into hand 2 and was lost on reload, with the earlier hands' reviews."""
    page = PlayGame(game, seed=5)
    _finish_a_hand(page)
    page.review()
    page.next_hand()
    _click(page.table, page.table.hand.legal_actions()[0])
    log = _hands_in_log(page)
    assert sorted(log) == [1, 2] and log[1] and log[2]
    assert log[1] != log[2]
    assert "data-hand='2' open" in page.log_view.value and "data-hand='1' open" not in page.log_view.value
    state = page.address_state()
    assert state["reviewed"] == "1"
    again = PlayGame(game, seed=5, game_seed=int(state["seed"]), moves=parse_moves(state["moves"]),
                     reviewed=[int(n) for n in state["reviewed"].split(".")])
    assert _hands_in_log(again) == log
    # Reviewed again: the same hand, the plays by the solver and (where there was an auction) the calls by the
    # sampler; both run on a time budget, so a loaded machine may find less, and only what is said is compared.
    assert again.earlier_reviews.value.count("Review of hand 1") == page.earlier_reviews.value.count("Review of hand 1")
    assert ("Your calls" in again.earlier_reviews.value) == ("Your calls" in page.earlier_reviews.value)
    assert re.search(r"<details class='atout-review-text' data-hand='1'><summary>Review of hand 1</summary><h3>"
                     r"Review of hand 1</h3>(<ul|<p)", again.earlier_reviews.value)


def test_a_hand_number_the_game_has_not_played_is_not_reviewed():
    page = PlayGame("sixty-six", seed=5)
    _finish_a_hand(page)
    state = page.address_state()
    again = PlayGame("sixty-six", seed=5, game_seed=int(state["seed"]), moves=parse_moves(state["moves"]),
                     reviewed=[7, 0])
    assert again.reviews == {} and "reviewed" not in again.address_state()

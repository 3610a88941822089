"""What the English and French read of issue 33 (item 7, docs/review-en-fr.md) found, asked again of every case
the code reaches that shows it: a count of 0 or 1 said in the plural, a reason that speaks of cards it does not
name, a phase said by its engine id."""

from __future__ import annotations

import pytest

from atout.games import available_games, package_of
from atout.hints import reason
from atout.i18n import Text
from atout.players import make_player
from tests.registry import games_with_an_auction


def _decisions(seeds=range(4)):
    """Every decision of hands of every registered game played by club players: (hand, seat, action)."""
    for game in available_games():
        for seed in seeds:
            hand = package_of(game).new_hand(game, seed=seed)
            player = make_player(game, "club", seed=seed)
            while not hand.is_over:
                seat = hand.to_act
                for action in hand.legal_actions():
                    yield hand, seat, action
                hand.apply(player.act(hand, seat))


def test_a_card_let_go_names_the_cards_kept_that_could_beat_the_trick():
    """The hint said "you keep the cards that could beat 5♣" whether one card or several could: it names them now,
    one as "the card", more as "the cards", and names exactly the cards of the hand that would win the trick."""
    seen = {1: 0, 2: 0}
    for hand, seat, action in _decisions():
        said = reason(hand, seat, action)
        if said is None or "lets the trick go" not in said.msgid:
            continue
        rules_winner = _winners(hand, seat, action)
        en = said.render("en", seat)
        kept = Text("and you keep {cards}, the card", cards=rules_winner if len(rules_winner) > 1
                    else rules_winner[0]).render("en")
        assert kept in en, (en, kept)
        one = len(rules_winner) == 1
        assert ("the card that could beat" in en) == one and ("the cards that could beat" in en) == (not one), en
        fr = said.render("fr", seat)
        assert ("la carte qui pouvait" in fr) == one and ("les cartes qui pouvaient" in fr) == (not one), fr
        seen[min(len(rules_winner), 2)] += 1
    assert seen[1] and seen[2], seen


def _winners(hand, seat, action):
    """The other cards of ``seat``'s legal plays that would win the trick as it stands, worked out here from the
    referee's trick rule (``atout.hints._trick_rules``, the one the hint reads)."""
    from atout.hints import _trick_rules
    rules = _trick_rules(hand)
    cards = [c for _s, c in (hand.table_view(seat).trick or [])]
    me = len(cards)
    return list(dict.fromkeys(a.card for a in hand.legal_actions()
                              if a.kind == "play" and a.card is not None and a.card != action.card
                              and rules.winner([*cards, a.card]) == me))


@pytest.mark.parametrize("game", games_with_an_auction())
def test_an_evaluation_refused_before_the_play_says_where_the_hand_is_in_words(game):
    """The refusal read "this one is in its bid phase" (« celle-ci est en phase bid »): the engine's id."""
    from atout.evaluate import EvaluationError, evaluate

    hand = package_of(game).new_hand(game, seed=1)
    with pytest.raises(EvaluationError) as refused:
        evaluate(hand, hand.to_act, samples=3)
    en, fr = refused.value.message.render("en"), refused.value.message.render("fr")
    assert en.endswith("this one is at the bidding"), en
    assert fr.endswith("(maintenant\u00a0: les enchères)"), fr


@pytest.mark.parametrize("dealer_rob", ["must", "may"])
def test_the_dealer_reads_you_the_dealer_where_another_player_asks_to_rob_a_turned_ace(dealer_rob):
    """Read by the dealer, "the dealer, you, must rob it" (« le donneur, vous, doit la prendre ») put "you" after
    "the dealer" and the French verb in the third person: the dealer is the sentence's subject now, "you, the
    dealer" to the dealer, "Player 1, the dealer" to the others."""
    from atout.i18n import language
    from atout.referee import judge

    query = {"kind": "rob", "game": "forty-fives", "turn_up": "AH", "players": 3, "seat": 2,
             "options": {"dealer_rob": dealer_rob}}
    to_dealer = {}
    for lang in ("en", "fr"):
        with language(lang):
            to_dealer[lang] = judge(query, viewer=0)["explanation"]
    to_others = judge(query, viewer=1)["explanation"]
    if dealer_rob == "must":
        assert to_dealer["en"].startswith("The turned card is an ace: you, the dealer, must rob it"), to_dealer
        assert "vous, le donneur, devez la prendre" in to_dealer["fr"], to_dealer
        assert "Player 1, the dealer, must rob it" in to_others, to_others
    else:
        assert to_dealer["en"].startswith("The turned card is an ace: only you, the dealer, may rob it"), to_dealer
        assert "vous seul, le donneur, pouvez la prendre" in to_dealer["fr"], to_dealer
        assert "only Player 1, the dealer, may rob it" in to_others, to_others

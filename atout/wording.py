"""Actions and phases said in words, for sentences: an action as a sentence's subject ("Playing 8♥"), another
game's move, what a player may do ("bid or pass"), a phase."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from atout.actions import (
    Action,
    Phase,
)
from atout.cards import Suit
from atout.errors import typed
from atout.games import GAMES, package_of
from atout.i18n import N_, OneOf, Text, Typed
from atout.vocabulary import call_label, call_said, phase_during, phase_name, words_of

if TYPE_CHECKING:
    from atout.engine import HandBase


def action_said(action: Action) -> Text:
    """What an action does, said as the subject of a sentence: "Playing 8♥", "Discarding the joker", "Bidding 8
    spades", "Playing the joker naming hearts" (in French « Jouer le 8♥ »), in the words its family declares
    (``atout.vocabulary``), never in the rules' notation ("play JK H") unless no game has it."""
    kind, card, value = action.kind, action.card, action.value
    if kind == "play" and card is not None and isinstance(value, Suit):
        return Text("Playing {card} naming {suit}", card=card, suit=value)
    if kind == "bid" and value == "pass":
        return Text("Passing")
    if kind == "bid" and value == "hold":       # quoted as its button writes it, not "Bidding Hold"
        return Text("Calling {call}", call=Typed(call_label("hold")))
    if kind == "bid" and value is not None:
        return Text("Bidding {call}", call=call_said(str(value)))
    words = words_of(kind)
    if words is not None and kind != "bid":
        if card is not None and words.subject_card is not None:
            return Text(words.subject_card, card=card, suit=card.suit)
        if isinstance(value, Suit) and words.subject_suit is not None:
            return Text(words.subject_suit, suit=value)
        if card is None and words.subject is not None and (value is None or kind == "deal"):
            return Text(words.subject)
    return Text("{action}", action=typed(str(action)))    # no action of any game: quoted as it was typed


def foreign_action_said(action: Action, here: str) -> Text:
    """``action_said`` for an action the game ``here`` does not have, naming the games that do ("Closing the
    stock, a move in Sixty-Six,"): a learner told only that it "is not part of Forty-Fives" may read it as a move
    that does not exist anywhere, or confuse it with one of this game's (exchanging for the turned card is robbing
    in Forty-Fives). An action of no game ("shuffle") is said as it was typed."""
    # Said as the move is where it is played, not with the card tried: Sixty-Six exchanges only its 9 of trumps,
    # and a bid names its trumps where there is no naming of its own.
    words = words_of(action.kind)
    if words is not None and words.foreign_suit is not None and isinstance(action.value, Suit):
        said = Text(words.foreign_suit, suit=action.value)
    elif words is not None and words.foreign is not None:
        said = Text(words.foreign)
    else:
        said = action_said(action)
    elsewhere = [Text(N_("in {game}"), game=Text(GAMES[g].title)) for g in _games_having(action) if g != here]
    if not elsewhere:
        return said
    return Text("{action}, a move {games},", action=said, games=elsewhere)


def _games_having(action: Action) -> list[str]:
    """The presets whose hands do ``action`` itself (one of their ``DOES`` that ``is_of_this_game``), in the
    registry's order: not a game that only has the like (Forty-Fives robs where Sixty-Six exchanges its 9)."""
    return [g for g in GAMES if action.kind in type(_sample_hand(g)).DOES and _sample_hand(g).is_of_this_game(action)]


@functools.cache
def _sample_hand(game: str) -> HandBase:
    hand: HandBase = package_of(game).new_hand(game, seed=0)
    return hand


def phase_words(phase: Phase) -> Text:
    """A phase in which a player acts, inside a sentence that refuses an action at the wrong moment ("'discard JK'
    is not allowed during the bidding: you must bid"), in the words core or its family declares, never its id."""
    return phase_during(phase) or phase_name(phase)


def action_words(kinds: Iterable[str]) -> OneOf:
    """What the player to act may do, in words, joined with "or" ("bid or pass", "rob … or keep the hand")."""
    return OneOf(_allowed(kind) for kind in dict.fromkeys(kinds))


def _allowed(kind: str) -> Text:
    words = words_of(kind)
    if words is None or words.allowed is None:      # a kind no family words: in the rules' notation
        return Text("{action}", action=typed(kind))
    return Text(words.allowed)


def allowed_words(actions: Iterable[Action]) -> OneOf:
    """``action_words`` of the legal actions, where a bidder who may not bid a number is told so: the Auction
    dealer may only hold or pass (a45.bid.hold), or must bid when nobody did (a45.bid.all-pass), and nobody
    bids over the top of the ladder."""
    actions = list(actions)
    calls = {str(a.value) for a in actions if a.kind == "bid"}
    if not calls or "pass" in calls and calls - {"pass", "hold"}:
        return action_words(a.kind for a in actions)
    if calls - {"pass", "hold"}:                 # the dealer made to take the hand when nobody bid
        return OneOf([Text(N_("bid"))])
    return OneOf([Text(N_("hold or pass") if "hold" in calls else N_("pass"))])


def over_standing(why: Text, standing: Any, allowed: OneOf) -> Text:
    """A call that is no call at all, said with what may be called now over the standing bid: the whole ladder
    is not what a player may bid once a bid stands (a45.bid.order, 500.bid.higher)."""
    if not allowed.items:
        return Text("{why}; over {bid} no bid is higher: you may only pass", why=why, bid=standing)
    return Text("{why}; over {bid} you may pass or bid {allowed}", why=why, bid=standing, allowed=allowed)

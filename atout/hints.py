"""The hint: what the expert computer would do in a player's place, and a reason that is true whatever the hidden
cards are.

The expert reads the player's view alone (``atout.players``). The reason is worked out by core from what the player
can see too: the cards still to come are every card of the deck that is neither in the player's hand nor played yet
(the kitty, the stock and the undealt cards among them), so "no card still to come can beat it" holds for every deal
the player cannot tell apart from this one. Each fact is asked of the family's own trick rule.

>>> from atout.games import package_of
>>> from atout.players import make_player
>>> hand = package_of("forty-fives").new_hand("forty-fives", seed=3)
>>> advice = hint(hand, hand.to_act, make_player("forty-fives", "club", seed=1))
>>> advice.action in hand.legal_actions()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.cards import ACE, Card, Suit
from atout.engine import Action
from atout.fives_ranking import trump_order
from atout.games import family_of
from atout.i18n import Person, Plural, Text
from atout.ranking import TrickRule


@dataclass(frozen=True)
class Hint:
    """The action the expert chooses, and a fact about it that holds whatever the hidden cards are (None: core
    knows none to say)."""

    action: Action
    reason: Text | None


def _trick_rules(hand: Any, named: Any = None) -> TrickRule:
    """The family's own trick rule for this hand (``named``: the suit a led joker names in Five Hundred)."""
    return family_of(hand.config.game).ranking_module().trick_rule(hand.trump, named)


def _played(hand: Any) -> set[Card]:
    cards = {card for trick in hand.tricks for card in trick.cards}
    current = hand.trick
    if current is not None:
        cards |= set(current.cards if hasattr(current, "cards") else current)
    return cards


def hint(hand: Any, seat: int, player: Any) -> Hint:
    """The expert's choice for ``seat`` (``player.act``) and why."""
    action = player.act(hand, seat)
    return Hint(action, reason(hand, seat, action))


def trumps_held(hand: Any, seat: int, suit: Any) -> list[Card]:
    """The cards of ``seat``'s hand that would be trumps were ``suit`` trumps, by the family's own trick rule (the
    A♥ in Forty-Fives, the joker and both bowers in Five Hundred)."""
    rules = family_of(hand.config.game).ranking_module().trick_rule(suit, None)
    return [c for c in hand.hands[seat] if rules.suit(c) == suit]


def with_trumps(hand: Any, seat: int, suit: Any) -> Text:
    """What naming ``suit`` as trumps would give ``seat``, said from its own cards."""
    held = trumps_held(hand, seat, suit)
    if not held:
        return Text("with {suit} as trumps, your hand holds no trump", suit=suit)
    return Text("with {suit} as trumps, your hand holds {count}: {cards}", suit=suit, cards=held,
                count=Plural("{n} trump", "{n} trumps", len(held)))


def most_trumps(hand: Any, seat: int) -> Text:
    """The suit that would give ``seat`` the most trumps, and which they are (a bid before trumps are named)."""
    suits = sorted(Suit, key=lambda suit: -len(trumps_held(hand, seat, suit)))
    held = trumps_held(hand, seat, suits[0])
    return Text("no suit would give your hand more trumps than {suit}: {count}, {cards}", suit=suits[0],
                cards=held, count=Plural("{n} trump", "{n} trumps", len(held)))


def _discard_reason(hand: Any, seat: int, card: Card) -> Text:
    """Why a card may go to the discards, from the hand alone: not a trump, or where it stands in its suit."""
    rules = _trick_rules(hand)
    if rules.trump is not None and rules.suit(card) != rules.trump:
        return Text("{card} is not a trump", card=card)
    return _in_its_suit(rules, list(hand.hands[seat]), card)


def _in_its_suit(rules: TrickRule, mine: list[Card], card: Card) -> Text:
    """Where ``card`` stands among the cards of its suit that ``mine`` holds (trumps: among the trumps)."""
    same = [c for c in mine if c != card and rules.suit(c) == rules.suit(card)]
    trump = rules.trump is not None and rules.suit(card) == rules.trump
    if not same:
        return (Text("{card} is your only trump", card=card) if trump
                else Text("{card} is the only card you hold in its suit", card=card))
    if all(rules.winner([card, c]) == 0 for c in same):
        return (Text("{card} is your highest trump", card=card) if trump
                else Text("{card} is the highest card you hold in its suit", card=card))
    if all(rules.winner([c, card]) == 0 for c in same):
        return (Text("{card} is your lowest trump", card=card) if trump
                else Text("{card} is the lowest card you hold in its suit", card=card))
    higher = [c for c in same if rules.winner([card, c]) == 1]
    lower = [c for c in same if rules.winner([card, c]) == 0]
    return (Text("{card} is one of your middle trumps: you keep {higher} above it and {lower} below it", card=card,
                 higher=higher, lower=lower) if trump
            else Text("{card} is a middle card of its suit: you keep {higher} above it and {lower} below it",
                      card=card, higher=higher, lower=lower))


def rob_reason(hand: Any, seat: int, action: Action) -> Text | None:
    """Why ``seat`` might keep its hand or rob giving up ``action.card``, where the turned card may be robbed
    (Forty-Fives, Spoil Five, both ranked by ``atout.fives_ranking``): from what it sees. None for another action."""
    kind, turned, trump = action.kind, hand.turn_up, hand.trump
    if turned is None or trump is None:
        return None
    if kind == "keep":
        if turned.rank == ACE and seat == hand.dealer:
            return Text("keeping your hand, you leave the turned ace, {card}, and play the first trick from all "
                        "five of your cards", card=turned)
        return Text("keeping your hand, you are announced as holding the ace of trumps, {ace}",
                    ace=Card.of(ACE, trump))
    given = action.card
    if kind != "rob" or given is None:
        return None
    trumps = trump_order(trump)
    if given not in trumps:
        return Text("the turned card, {turned}, is a trump, and {card}, given up for it, is not", turned=turned,
                    card=given)
    if turned in trumps and trumps.index(given) > trumps.index(turned):
        return Text("the turned card, {turned}, is a higher trump than {card}, given up for it", turned=turned,
                    card=given)
    return Text("the turned card, {turned}, is a trump, and {card}, given up for it, is a higher one",
                turned=turned, card=given)


def reason(hand: Any, seat: int, action: Action) -> Text | None:
    """A fact about playing this card that holds whatever the hidden cards are, or None (for any legal action of
    ``seat``, the player to act; an action that plays no card has the family's ``hint_reason``, where it has one)."""
    card = action.card
    if action.kind == "discard" and card is not None:
        return _discard_reason(hand, seat, card)
    if action.kind != "play" or card is None:
        # Another choice (to declare, to close...): the family's own facts about it, where it has them.
        explain = family_of(hand.config.game).module("explain")
        hint_reason = getattr(explain, "hint_reason", None)
        return hint_reason(hand, seat, action) if hint_reason is not None else None
    legal = hand.legal_actions()
    plays = [a for a in legal if a.kind == "play" and a.card is not None]
    if len({a.card for a in plays}) == 1:
        return Text("it is the only card you may play")
    view = hand.table_view(seat)
    trick = list(view.trick or [])
    named = None
    current = hand.trick
    if current is not None and getattr(current, "joker_suit", None) is not None:
        named = current.joker_suit
    elif not trick and action.value is not None:       # the joker led in no trumps, naming a suit
        named = action.value
    rules = _trick_rules(hand, named)
    mine = list(hand.hands[seat])
    to_come = [c for c in hand.deck_order if c not in set(mine) and c not in _played(hand)]
    cards = [c for _s, c in trick]
    me = len(cards)
    players = view.players - (getattr(hand, "sitting_out", None) is not None)    # misère: the partner sits out
    last = me == players - 1

    def wins_with(*more: Card) -> bool:
        return rules.winner([*cards, card, *more]) == me

    if wins_with() and (last or all(wins_with(other) for other in to_come)):   # (last: no card comes after)
        if last:
            return Text("you play last, and {card} wins the trick", card=card)
        return Text("no card still to come can beat {card}, so it wins the trick", card=card)
    if trick:
        leading = rules.winner(cards)
        holder, best = trick[leading]
        partners = getattr(hand.config, "sides", view.players) < view.players
        if partners and holder != seat and hand.side_of(holder) == hand.side_of(seat) and not wins_with():
            return Text("your partner, {player}, is winning the trick with {best}, and {card} leaves it to them",
                        player=Person(holder), best=best, card=card)
        if not any(rules.winner([*cards, a.card]) == me for a in plays):
            return Text("none of your cards can beat {best}, so you cannot win this trick", best=best)
        if wins_with() and not last:
            return Text("{card} wins the trick so far; a player after you may still beat it", card=card)
        if not wins_with():      # some card of yours could beat the trick (above): it stays in your hand
            beaters = list(dict.fromkeys(a.card for a in plays
                                         if a.card != card and rules.winner([*cards, a.card]) == me))
            if len(beaters) == 1:
                return Text("{card} lets the trick go, and you keep {beater}, the card that could beat {best}",
                            card=card, beater=beaters[0], best=best)
            return Text("{card} lets the trick go, and you keep {beaters}, the cards that could beat {best}",
                        card=card, beaters=beaters, best=best)
        return None
    return _in_its_suit(rules, mine, card)
